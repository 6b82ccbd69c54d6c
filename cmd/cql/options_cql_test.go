package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// Command-line options where cql answered differently from CQL 9.493 (found by
// TestOptionsAgainstCQL). Each want is the number of games of cql-sample.pgn
// CQL 9.493 writes for `cql OPTIONS -i cql-sample.pgn -o out.pgn q.cql` with
// the script SCRIPT in q.cql ("refused" when it stops with an error).
func TestOptionsAsCQL(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	for _, c := range []struct {
		args   []string
		script string
		want   string
	}{
		// -result adds the filter result "1-0" before the body; the header's result stays.
		{[]string{"-result", "1-0"}, "cql(result 0-1) check", "0"},
		// -white, -black and -player search for a regular expression (CQL's ~~).
		{[]string{"-white", "^R"}, "cql() mate", "2"},
		{[]string{"-white", "R"}, "cql() mate", "9"},
		{[]string{"-player", "^R"}, "cql() mate", "2"},
		{[]string{"-black", `\d`}, "cql() mate", "56"},
		{[]string{"-player", "a", "-player", "b"}, "cql() check", "refused"},
		{[]string{"-flipcolor", "-white", "^R"}, "cql() mate", "2"},
		// -fen is the filter fen "FEN": the whole board, empty squares too.
		{[]string{"-fen", "8/8/8/8/8/8/8/8"}, "cql() check", "0"},
		{[]string{"-wtm"}, "cql() check", "145"},
		// -virtualmainline searches variations as well; the last of -variations,
		// -mainline and -virtualmainline decides whether variations are searched.
		{[]string{"-virtualmainline"}, "cql() mate", "79"},
		{[]string{"-variations", "-mainline"}, "cql() mate", "56"},
		{[]string{"-mainline", "-variations"}, "cql() mate", "95"},
		{[]string{"-virtualmainline", "-mainline"}, "cql() mate", "56"},
		// Game numbers and years start at 1; one comment level.
		{[]string{"-gamenumber", "0"}, "cql() check", "refused"},
		{[]string{"-year", "0", "2000"}, "cql() check", "refused"},
		{[]string{"-silent", "-quiet"}, "cql() check", "refused"},
		{[]string{"-cql", ""}, "cql() check", "refused"},
		// CQL's strings have no escapes: "a\nb" is four characters, and plain player
		// is White, a backslash, an n and Black (so -white \d is a digit's regex).
		{nil, `cql() initial x = "a\nb" #x == 4`, "250"},
		{nil, `cql() initial x = "a\\b" #x == 4`, "250"},
		{nil, `cql() initial #player == #(player white) + #(player black) + 2`, "250"},
		{nil, `cql() initial "\n" in player`, "250"},
		{[]string{"-white", `a"b`}, "cql() check", "refused"},
		// A game of another result than the header's is a match when the matchcount
		// range admits 0 (CQL's match_game), with no position evaluated.
		{nil, "cql(result 1-0 matchcount 0) mate", "194"},
		{nil, "cql(result 0-1 matchcount 0 3) check", "250"},
		// The header takes one gamenumber, one matchcount and one output.
		{nil, "cql(gamenumber 1 10 gamenumber 5 20) check", "refused"},
		{nil, "cql(matchcount 1 10 matchcount 5 20) check", "refused"},
		{nil, "cql(sort matchcount 1 5 matchcount 2 3) check", "refused"},
		{nil, "cql(output a.pgn output b.pgn) check", "refused"},
	} {
		dir := t.TempDir()
		script := writeFile(t, dir, "q.cql", c.script)
		st, out, errs := runCLI(t, append(append([]string{"--count"}, c.args...), script, games)...)
		got := strings.TrimSpace(out)
		if st == exitError {
			got = "refused"
		}
		if got != c.want {
			t.Errorf("%q %s: %s (status %d, %s); CQL 9.493: %s", c.args, c.script, got, st, lastLine(errs), c.want)
		}
	}
}

// CQL's `cql -i games.pgn script` may leave out the script's .cql (CQL 9.493
// runs q.cql for q: 56 games of cql-sample.pgn with cql() mate).
func TestScriptWithoutExtension(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	dir := t.TempDir()
	writeFile(t, dir, "q.cql", "cql() mate")
	st, out, errs := runCLI(t, "--count", "-i", games, filepath.Join(dir, "q"))
	if got := strings.TrimSpace(out); st != exitMatch || got != "56" {
		t.Errorf("status %d, %q games (%s); CQL 9.493: 56", st, got, lastLine(errs))
	}
}

// Where the comments go: CQL puts -cql's filters before the body (so their
// comments come first), and the command line's comment level wins over the
// header's. Both texts are in CQL 9.493's output on cql-sample.pgn.
func TestOptionsCommentsAsCQL(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	for _, c := range []struct {
		args   []string
		script string
		want   string
	}{
		// CQL: 12.Rf7# {A B CQL} (game 9)
		{[]string{"-g", "9", "-cql", `comment("A")`}, `cql() mate comment("B")`, "{A B CQL}"},
		// CQL: 1.Kc5+ $1 {x}: quiet keeps the comment filter's text, not the CQL marker.
		{[]string{"-g", "1", "-quiet"}, `cql(silent) check comment("x")`, "1. Kc5+ $1 {x}"},
		// -noheader keeps the sort values: CQL 9.493 writes {(EG#20453). x CQL  Pieces: 16}
		// for game 3 (its first comment, the sort value at the end); ours puts them first.
		{[]string{"-g", "3", "-noheader"}, `cql() initial comment("x") sort "Pieces" #[Aa]`, "{Pieces 16 (EG#20453). x CQL}"},
		// In the header the first comment level wins.
		{[]string{"-g", "1"}, `cql(quiet silent) check comment("x")`, "1. Kc5+ $1 {x}"},
	} {
		dir := t.TempDir()
		script := writeFile(t, dir, "q.cql", c.script)
		st, out, errs := runCLI(t, append(append([]string{}, c.args...), script, games)...)
		// Line breaks depend on the length of the games' path in the first
		// comment, so the text is compared with its white space collapsed.
		if st != exitMatch || !strings.Contains(strings.Join(strings.Fields(out), " "), c.want) {
			t.Errorf("%q %s: status %d (%s), output lacks %q:\n%s", c.args, c.script, st, lastLine(errs), c.want, out)
		}
	}
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A gamenumber range ends each file's reading after its last game (CQL stops
// there too: "3 matches of 21 games" for -gamenumber 5 20 with cql() mate on
// cql-sample.pgn); the next file starts again at game 1.
func TestGameNumberStopsReading(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	for _, args := range [][]string{
		{"--count", "-g", "5", "20", "mate", games, games},
		{"--count", "cql(gamenumber 5 20) mate", games, games},
	} {
		st, out, errs := runCLI(t, args...)
		if got := strings.TrimSpace(out); st != exitMatch || got != "6" || !strings.Contains(errs, "40 games read") {
			t.Errorf("%q: status %d, %q games (%s); want 6 (CQL: 3 in each file), 20 games read in each", args, st, got, lastLine(errs))
		}
	}
}

// With -alwayscomment a sorting echo keeps the comments of every target, the
// worse ones too (CQL's restore and delete of comments find nothing to undo
// when smart comments are off): CQL 9.493 writes "x t -->move 1(wtm)" 89 times
// in game 1 of cql-sample.pgn, once without -alwayscomment.
func TestAlwaysCommentSortedEcho(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	q := `cql() initial sort "p" echo (s t) {comment("x") #A}`
	for _, c := range []struct {
		args []string
		want int
	}{{[]string{"-alwayscomment"}, 89}, {nil, 1}} {
		st, out, errs := runCLI(t, append(append([]string{"-g", "1"}, c.args...), q, games)...)
		flat := strings.Join(strings.Fields(out), " ")
		if got := strings.Count(flat, "x t -->move 1(wtm)"); st != exitMatch || got != c.want {
			t.Errorf("%q: status %d (%s), %d target comments; CQL 9.493: %d", c.args, st, lastLine(errs), got, c.want)
		}
	}
}

// -utf8 x.cql is CQL's -u writing to standard output: CQL 9.493 prints
// cql() ♕ attacks ♚ mate for cql() Q attacks k mate.
func TestUTF8Option(t *testing.T) {
	script := writeFile(t, t.TempDir(), "u.cql", "cql() Q attacks k mate\n")
	st, out, errs := runCLI(t, "-utf8", script)
	if want := "cql() ♕ attacks ♚ mate\n"; st != 0 || out != want {
		t.Errorf("status %d (%s): %q, CQL 9.493 prints %q", st, errs, out, want)
	}
}
