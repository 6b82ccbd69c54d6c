package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDialects: each place CQL 6.2 and CQLi disagree that --dialect switches, run once per
// dialect with the expected outcome (docs/cqli.md, "Dialects").
func TestDialects(t *testing.T) {
	dir := t.TempDir()
	// One position: White rook a1, black king h8 on the long diagonal, nothing between;
	// Black's king far from White's. ray up (Ra1 kh8) is false: h8 is not above a1.
	board := filepath.Join(dir, "diag.pgn")
	if err := os.WriteFile(board, []byte("[FEN \"7k/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lichess := "../../testdata/pgn/lichess-5.pgn"
	for _, c := range []struct {
		name, dialect string
		args          []string
		status        int
		out, stderr   string // substrings of standard output and error
	}{
		// rotate45 of squares that are not all 64: CQL 9.493 refuses it; CQLi runs it,
		// turning the directions (up becomes northeast among others) with the squares kept.
		{"rotate45", "cql", []string{"--count", "rotate45 ray up (Ra1 kh8)", board}, exitError, "", "inside rotate45, square designators must cover all 64 squares"},
		{"rotate45", "cqli", []string{"--count", "rotate45 ray up (Ra1 kh8)", board}, exitMatch, "1\n", ""},
		{"rotate45 plain", "cqli", []string{"--count", "ray up (Ra1 kh8)", board}, exitNoMatch, "0\n", ""},
		// A string + where a filter is matched (~~ binds tighter: str(movenumber) + ("x" ~~
		// ".*x")): CQL stops when it gets there; CQLi matches it where it has a value,
		// every position of the 5 games.
		{"string +", "cql", []string{"--count", `str(movenumber) + "x" ~~ ".*x"`, lichess}, exitError, "", "a string concatenation stands where a filter is matched"},
		{"string +", "cqli", []string{"--count", `str(movenumber) + "x" ~~ ".*x"`, lichess}, exitMatch, "5\n", "604 positions"},
		// Comments in the script (CQL 9.493 run on each: /work/peers/cql-st). `//` to the end
		// of the line is a comment in both; `///` is CQL 6.2's comment filter (`mate /// "hello"`
		// writes {hello CQL} at the mate, as 9.493 does) and, to CQLi, which has no such
		// filter, a // comment; `;;` (and `;`) is CQL's comment and starts none in CQLi.
		{"//", "cql", []string{"--count", "mate // check", games}, exitMatch, "1\n", ""},
		{"//", "cqli", []string{"--count", "mate // check", games}, exitMatch, "1\n", ""},
		{"///", "cql", []string{"--noheader", `mate /// "hello"`, games}, exitMatch, "4. Qxf7# {hello CQL} 1-0", ""},
		{"///", "cqli", []string{"--noheader", `mate /// "hello"`, games}, exitMatch, "4. Qxf7# {CQL} 1-0", ""},
		{";;", "cql", []string{"--count", "mate ;; check", games}, exitMatch, "1\n", ""},
		{";;", "cqli", []string{"--count", "mate ;; check", games}, exitError, "", "query:1:6: ';' starts no comment in CQLi"},
		// The texts added at one position: CQL merges them into one comment, CQLi writes
		// each in its own braces (--coalescecomments merges them).
		{"comments", "cql", []string{"--noheader", `mate comment ("mated")`, games}, exitMatch, "4. Qxf7# {mated CQL} 1-0", ""},
		{"comments", "cqli", []string{`mate comment ("mated")`, games}, exitMatch, "4. Qxf7# {mated} {CQL} 1-0", ""},
		// A variable first set in an iteration body: CQL's variables are the query's (CQL
		// 9.493 matches all 3 games), CQLi's ends with the body; one set before the loop is
		// the same variable in both, and so is the body's assignment to it.
		{"scope", "cql", []string{"--count", "square x in K {total = 1} total == 1", games}, exitMatch, "3\n", ""},
		{"scope", "cqli", []string{"--count", "square x in K {total = 1} total == 1", games}, exitError, "", "query:1:27: 'total' is not defined here: it was first set in the body of the iteration at 1:1"},
		{"scope set before", "cql", []string{"--count", "total = 0 square x in K {total = 1} total == 1", games}, exitMatch, "3\n", ""},
		{"scope set before", "cqli", []string{"--count", "total = 0 square x in K {total = 1} total == 1", games}, exitMatch, "3\n", ""},
		{"scope in the body", "cqli", []string{"--count", "piece z in K {seen = 2 seen == 2}", games}, exitMatch, "3\n", ""},
		{"scope persistent", "cqli", []string{"--count", "square x in K {persistent seen += 1} seen > 0", games}, exitMatch, "3\n", ""},
		{"scope loop variable", "cqli", []string{"--count", "square x in K {true} x == e1", games}, exitError, "", "'x' is not defined here: it is the variable of the iteration at 1:1"},
	} {
		args := append([]string{"--dialect", c.dialect}, c.args...)
		st, out, errs := runCLI(t, args...)
		if st != c.status || !strings.Contains(out, c.out) || !strings.Contains(errs, c.stderr) {
			t.Errorf("%s (%s): status %d, stdout %q, stderr %q; want %d, %q, %q", c.name, c.dialect, st, out, errs, c.status, c.out, c.stderr)
		}
	}
	// -a: CQL 6.2 prints the script in ASCII; CQLi appends to the output file.
	script := filepath.Join(dir, "u.cql")
	if err := os.WriteFile(script, []byte("cql() ♔ attacks ♚\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if st, out, errs := runCLI(t, "-a", script); st != 0 || !strings.Contains(out, "K attacks k") {
		t.Errorf("-a (cql): status %d, stdout %q, stderr %q; want the script in ASCII", st, out, errs)
	}
	outFile := filepath.Join(dir, "out.pgn")
	if err := os.WriteFile(outFile, []byte("KEEP\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if st, _, errs := runCLI(t, "--dialect", "cqli", "-a", "-o", outFile, "initial", board); st != exitMatch {
		t.Fatalf("-a (cqli): status %d, stderr %q", st, errs)
	}
	got, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(got), "KEEP\n") || !strings.Contains(string(got), `[FEN "7k/8/8/8/8/8/8/R3K3 w - - 0 1"]`) {
		t.Errorf("-a (cqli): the output file is %q; want KEEP and the game after it", got)
	}
	if st, _, errs := runCLI(t, "--dialect", "cqlx", "initial", board); st != exitError || !strings.Contains(errs, "want cql or cqli") {
		t.Errorf("--dialect cqlx: status %d, stderr %q", st, errs)
	}
}

// TestShowDictionaries: --showdictionaries prints the persistent dictionaries after the
// last game, as str writes them; without it they stay quiet, as in CQL. The five games of
// lichess-5 all have [Event "Rated blitz game"] (grep), so D has one entry; E counts the
// games reaching ply 2 under key 2.
func TestShowDictionaries(t *testing.T) {
	const q = `dictionary D dictionary E ply == 2 D[event] = 1 E[ply] = "x"`
	out := filepath.Join(t.TempDir(), "o.pgn")
	st, stdout, errs := runCLI(t, "--showdictionaries", "-o", out, q, "../../testdata/pgn/lichess-5.pgn")
	want := "Dictionary D with 1 entries: \n<string>Rated blitz game: <NumValue>1\nDictionary E with 1 entries: \n<NumValue>2: <string>x\n"
	if st != exitMatch || stdout != want {
		t.Errorf("--showdictionaries: status %d, stdout %q (stderr %q); want %q", st, stdout, errs, want)
	}
	if st, stdout, _ := runCLI(t, "-o", out, q, "../../testdata/pgn/lichess-5.pgn"); st != exitMatch || stdout != "" {
		t.Errorf("without --showdictionaries: status %d, stdout %q; want nothing", st, stdout)
	}
}
