package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// With CQL_COMPARE_COMMENTS set, the games both write are also compared
// position by position: the comments each puts on each position of each game
// (whitespace collapsed, since CQL wraps its lines), which catches a
// right count with wrong matched positions or wrong comment text.
//
// TestExamplesAgainstCQL runs every example script of CQL's distribution with
// CQL itself and with cql over the same games, and compares the number of
// matching games. Neither CQL nor its scripts are ours to ship, so it is
// opt-in: CQL_BINARY is a CQL 6.2 executable (e.g. build 9.493 compiled from
// github.com/lamech/cql's src with g++), CQL_EXAMPLES a directory of its
// example scripts and CQL_EXAMPLES_PGN the games (CQL's sample.pgn).
// With CQL_SCRIPTS, a directory of other scripts (real users', e.g. the
// 296 of a public collection), it runs those instead, and a script CQL
// refuses must be refused by cql too. CQL_ARGS are options given to both
// (space-separated, e.g. "-nouniquecomments -nosortcomments").
// CQL_SKIP_COUNT (with CQL_COMPARE_COMMENTS) counts a script whose games and
// comments agree as agreeing without running cql a second time for --count:
// a third less time on large corpora (40,000 masters games).
func TestExamplesAgainstCQL(t *testing.T) {
	bin, dir, games := os.Getenv("CQL_BINARY"), os.Getenv("CQL_EXAMPLES"), os.Getenv("CQL_EXAMPLES_PGN")
	scripts := os.Getenv("CQL_SCRIPTS")
	extra := strings.Fields(os.Getenv("CQL_ARGS"))
	with := func(args ...string) []string { return append(append([]string{}, extra...), args...) }
	if scripts != "" {
		dir = scripts
	}
	if bin == "" || dir == "" || games == "" {
		t.Skip("set CQL_BINARY, CQL_EXAMPLES (or CQL_SCRIPTS) and CQL_EXAMPLES_PGN to compare scripts with CQL")
	}
	// Scripts where the counts still differ, with what is known of why.
	// (hangingPiece.cql, a piece variable used after its loop's brace-less
	// body, left the list when the run began to stop there as CQL does: issue 38.)
	known := map[string]string{}
	var files []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(path) == ".cql" {
			files = append(files, path)
		}
		return err
	})
	sort.Strings(files)
	matches := regexp.MustCompile(`(?m)^(\d+) matches of`)
	same := 0
	for _, f := range files {
		out := filepath.Join(t.TempDir(), "cql.pgn")
		b, err := exec.Command(bin, with("-i", games, "-o", out, f)...).CombinedOutput()
		m := matches.FindSubmatch(b)
		if err != nil || m == nil {
			if scripts == "" {
				t.Logf("%s: CQL gave no count (%v): %s", f, err, b)
				continue
			}
			// CQL refuses the script (or stops while running it): so must cql.
			if st, stdout, _ := runCLI(t, with("--count", f, games)...); st != 2 {
				if why, ok := known[filepath.Base(f)]; ok {
					t.Logf("known difference, %s: CQL refuses, cql %q (%s)", f, strings.TrimSpace(stdout), why)
					continue
				}
				t.Errorf("%s: CQL refuses it (%s), cql runs it: status %d, %q", f, strings.TrimSpace(string(b)), st, strings.TrimSpace(stdout))
				continue
			}
			same++
			continue
		}
		want := string(m[1])
		if os.Getenv("CQL_COMPARE_COMMENTS") != "" {
			ours := filepath.Join(t.TempDir(), "ours.pgn")
			if st, _, stderr := runCLI(t, with("-i", games, "-o", ours, f)...); st <= 1 {
				if d := commentDifference(t, out, ours); d != "" {
					t.Errorf("%s: comments differ from CQL's: %s", f, d)
				} else if os.Getenv("CQL_SKIP_COUNT") != "" {
					same++
					continue
				}
			} else {
				t.Errorf("%s: cql failed: %s", f, stderr)
			}
		}
		st, stdout, stderr := runCLI(t, with("--count", f, games)...)
		got := strings.TrimSpace(stdout)
		name := filepath.Base(f)
		if st > 1 || got != want {
			if why, ok := known[name]; ok {
				t.Logf("known difference, %s: CQL %s games, cql %q (%s)", name, want, got, why)
				continue
			}
			t.Errorf("%s: CQL matches %s games, cql %q (status %d: %s)", name, want, got, st, stderr)
			continue
		}
		if _, ok := known[name]; ok {
			t.Errorf("%s agrees with CQL now: remove it from the known differences", name)
		}
		same++
	}
	t.Logf("%d of %d scripts match as many games as CQL (or are refused by both)", same, len(files))
}

// commentDifference reads two PGN outputs and describes the first game whose
// tags differ or position whose comments differ ("" when all agree). The game's own leading comment
// is left out: CQL and cql each write their own header there.
func commentDifference(t *testing.T, cqlOut, oursOut string) string {
	t.Helper()
	a, b := readGames(t, cqlOut), readGames(t, oursOut)
	if len(a) != len(b) {
		return fmt.Sprintf("CQL wrote %d games, cql %d", len(a), len(b))
	}
	// CQL writes each non-ASCII byte of a comment as '?', cql keeps them
	// (docs/language.md): compared as CQL writes them.
	norm := func(s string) string {
		b := []byte(strings.Join(strings.Fields(s), " "))
		for i, c := range b {
			if c >= 0x80 {
				b[i] = '?'
			}
		}
		return string(b)
	}
	for i := range a {
		ga, gb := a[i], b[i]
		if ta, tb := fmt.Sprint(ga.Tags), fmt.Sprint(gb.Tags); ta != tb {
			return fmt.Sprintf("game %d: tags %s in CQL's, %s in ours", i+1, ta, tb)
		}
		if len(ga.Nodes) != len(gb.Nodes) {
			return fmt.Sprintf("game %d: %d positions in CQL's, %d in ours", i+1, len(ga.Nodes), len(gb.Nodes))
		}
		for j := 1; j < len(ga.Nodes); j++ {
			ca := norm(ga.CommentBefore(int32(j)) + " " + ga.Comment(int32(j)))
			cb := norm(gb.CommentBefore(int32(j)) + " " + gb.Comment(int32(j)))
			if ca != cb {
				return fmt.Sprintf("game %d (%s - %s), ply %d (%v-%v): CQL {%s}, cql {%s}",
					i+1, ga.Tag("White"), ga.Tag("Black"), ga.Nodes[j].Ply, ga.Nodes[j].Move.From(), ga.Nodes[j].Move.To(), ca, cb)
			}
		}
	}
	return ""
}
