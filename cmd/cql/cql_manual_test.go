package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestManualSnippetsAgainstCQL runs the query snippets of CQL's manual
// (testdata/manual_snippets.txt: the page, a tab, the snippet) as scripts
// "cql() SNIPPET" with CQL itself and with cql, over the games of
// CQL_MANUAL_PGN (files separated by spaces; default CQL_EXAMPLES_PGN), and
// compares the number of matching games; a snippet CQL refuses or stops on
// must be refused or stopped by cql too. Opt-in like TestExamplesAgainstCQL:
// CQL_BINARY is CQL 9.493. With CQL_COMPARE_COMMENTS the comments are
// compared too.
func TestManualSnippetsAgainstCQL(t *testing.T) {
	bin := os.Getenv("CQL_BINARY")
	pgns := strings.Fields(os.Getenv("CQL_MANUAL_PGN"))
	if len(pgns) == 0 && os.Getenv("CQL_EXAMPLES_PGN") != "" {
		pgns = []string{os.Getenv("CQL_EXAMPLES_PGN")}
	}
	if bin == "" || len(pgns) == 0 {
		t.Skip("set CQL_BINARY and CQL_MANUAL_PGN (or CQL_EXAMPLES_PGN) to compare the manual's snippets with CQL")
	}
	snippets := readManualSnippets(t)
	dir := t.TempDir()
	matches := regexp.MustCompile(`(?m)^(\d+) matches of`)
	for _, games := range pgns {
		same := 0
		for i, s := range snippets {
			script := filepath.Join(dir, fmt.Sprintf("s%03d.cql", i+1))
			if err := os.WriteFile(script, []byte("cql()\n"+s.query+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "cql.pgn")
			b, _ := exec.Command(bin, "-i", games, "-o", out, script).CombinedOutput()
			st, stdout, stderr := runCLI(t, "--count", script, games)
			m := matches.FindSubmatch(b)
			if m == nil {
				if st != 2 {
					t.Errorf("%s (%s) on %s: CQL refuses or stops (%s), cql runs it: status %d, %q",
						s.query, s.page, games, lastLine(string(b)), st, strings.TrimSpace(stdout))
					continue
				}
				same++
				continue
			}
			if got := strings.TrimSpace(stdout); st > 1 || got != string(m[1]) {
				t.Errorf("%s (%s) on %s: CQL matches %s games, cql %q (status %d: %s)", s.query, s.page, games, m[1], got, st, stderr)
				continue
			}
			if os.Getenv("CQL_COMPARE_COMMENTS") != "" {
				ours := filepath.Join(dir, "ours.pgn")
				if st, _, stderr := runCLI(t, "-i", games, "-o", ours, script); st > 1 {
					t.Errorf("%s on %s: cql failed: %s", s.query, games, stderr)
					continue
				}
				// CQL cuts a game's text at 100,000 characters (docs/language.md: known differences)
				if text, _ := os.ReadFile(out); strings.Contains(string(text), "game truncated by CQL") {
					t.Logf("%s on %s: CQL truncated a game's text, comments not compared", s.query, games)
				} else if d := commentDifference(t, out, ours); d != "" {
					t.Errorf("%s (%s) on %s: comments differ from CQL's: %s", s.query, s.page, games, d)
					continue
				}
			}
			same++
		}
		t.Logf("%s: %d of %d snippets agree with CQL (same count, or refused by both)", games, same, len(snippets))
	}
}

type manualSnippet struct{ page, query string }

func readManualSnippets(t *testing.T) []manualSnippet {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "manual_snippets.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []manualSnippet
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		page, q, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("manual_snippets.txt: no tab in %q", line)
		}
		out = append(out, manualSnippet{page, q})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
