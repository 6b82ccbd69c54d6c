package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// TestOptionsAgainstCQL runs CQL and cql with the same command-line options and
// `cql(...)` header parameters and compares what a user sees: whether the run
// is refused, the number of matching games, which games are written in which
// order, their tags and the comments at each position. The expected values are
// CQL's own output, so the test is opt-in like TestExamplesAgainstCQL:
// CQL_BINARY is CQL 6.2 (build 9.493), CQL_EXAMPLES_PGN its sample.pgn;
// CQL_LICHESS_PGN, a file of lichess games, enables the cases run on it and
// CQL_EXAMPLES, the directory of CQL's example scripts, those that use them.
//
// Each case runs in two fresh directories (one per program) that hold the games
// as in.pgn and the script as q.cql, so relative paths in options and headers
// mean the same for both. CQL wants the script last; cql takes it anywhere, so
// both get the options first.
func TestOptionsAgainstCQL(t *testing.T) {
	bin, sample := os.Getenv("CQL_BINARY"), os.Getenv("CQL_EXAMPLES_PGN")
	if bin == "" || sample == "" {
		t.Skip("set CQL_BINARY and CQL_EXAMPLES_PGN (and CQL_LICHESS_PGN, CQL_EXAMPLES) to compare options with CQL")
	}
	inputs := map[string]string{"sample": sample, "lichess": os.Getenv("CQL_LICHESS_PGN")}
	examples := os.Getenv("CQL_EXAMPLES")
	for _, c := range optionCases {
		t.Run(c.name, func(t *testing.T) {
			games := inputs[c.games]
			if c.games == "" {
				games = sample
			}
			if games == "" {
				t.Skipf("no %s games (CQL_LICHESS_PGN)", c.games)
			}
			script := c.script
			if name, ok := strings.CutPrefix(script, "@"); ok {
				if examples == "" {
					t.Skip("no CQL_EXAMPLES")
				}
				b, err := os.ReadFile(filepath.Join(examples, name))
				if err != nil {
					t.Fatal(err)
				}
				script = string(b)
			}
			cdir, odir := optionDir(t, games, script), optionDir(t, games, script)
			args := c.args
			if !c.raw {
				args = append([]string{"-i", "in.pgn", "-o", "out.pgn"}, args...)
			}
			if !c.noScript {
				args = append(append([]string{}, args...), "q.cql")
			}
			cmd := exec.Command(bin, args...)
			cmd.Dir = cdir
			cqlOut, err := cmd.CombinedOutput()
			m := regexp.MustCompile(`(?m)^(\d+) matches of (\d+) games`).FindSubmatch(cqlOut)

			t.Chdir(odir)
			st, stdout, stderr := runCLI(t, args...)
			if err != nil || m == nil {
				if st != 2 && c.extension != "" {
					t.Logf("CQL refuses (%s), cql runs it: %s", lastLine(string(cqlOut)), c.extension)
				} else if st != 2 {
					t.Errorf("CQL refuses (%v): %s\ncql runs: status %d, %s", err, strings.TrimSpace(string(cqlOut)), st, strings.TrimSpace(stderr))
				}
				return
			}
			if st > 1 {
				t.Fatalf("CQL runs (%s), cql fails (status %d): %s", m[0], st, stderr)
			}
			// Where the games went: the -o file, the header's output, else CQL's
			// SCRIPT-out.pgn and cql's standard output.
			out := c.out
			if out == "" {
				out = "out.pgn"
			}
			theirs := filepath.Join(cdir, out)
			if _, err := os.Stat(theirs); err != nil {
				theirs = filepath.Join(cdir, "q-out.pgn")
			}
			ours := filepath.Join(odir, out)
			if _, err := os.Stat(ours); err != nil {
				ours = filepath.Join(odir, "stdout.pgn")
				if err := os.WriteFile(ours, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			a, b := readGames(t, theirs), readGames(t, ours)
			if want := string(m[1]); len(a) != atoi(want) {
				t.Logf("CQL says %s matches but wrote %d games", want, len(a))
			}
			if len(a) != len(b) {
				t.Fatalf("CQL wrote %d games (%s), cql %d (%s)", len(a), m[0], len(b), lastLine(stderr))
			}
			if x, y := gameNumbersIn(t, theirs, `\{[^}]*?Game\s+number\s+(\d+)`), gameNumbersIn(t, ours, `\{cql:\s+game\s+(\d+)\s+of`); x != y {
				t.Errorf("games written: CQL %s, cql %s", x, y)
			}
			if d := commentDifference(t, theirs, ours); d != "" {
				t.Errorf("%s", d)
			}
			if !strings.Contains(script, "sort") {
				for i := range a {
					if x, y := rootComment(a[i], cqlHeader), rootComment(b[i], ourHeader); x != y {
						t.Errorf("game %d: first comment: CQL {%s}, cql {%s}", i+1, x, y)
						break
					}
				}
			}
			if c.stdout != "" && !strings.Contains(string(cqlOut), c.stdout) {
				t.Errorf("CQL's output lacks %q: %s", c.stdout, cqlOut)
			}
		})
	}
}

// optionCase is one command line given to both programs. The expected answer
// is whatever CQL does with it.
type optionCase struct {
	name string
	args []string // options, before q.cql; -i in.pgn -o out.pgn come first unless raw
	raw  bool
	// noScript leaves the script out: CQL's body is then `.` (every position).
	noScript bool
	script   string // q.cql's text, or @NAME for CQL's example script NAME
	games    string // "sample" (default) or "lichess"
	out      string // the output file's name when not out.pgn (a header's output)
	stdout   string // text CQL's standard output must contain (to pin a message)
	// extension says why cql runs a command line that CQL refuses (found.md has them).
	extension string
}

var optionCases = []optionCase{
	{name: "plain", script: "cql() check"},
	// Which games: matchcount and gamenumber, in the header and as options.
	{name: "header-matchcount", script: "cql(matchcount 2 5) check"},
	{name: "header-matchcount-0", script: "cql(matchcount 0) mate"},
	{name: "matchcount", args: []string{"-matchcount", "3", "5"}, script: "cql() check"},
	{name: "matchcount-one", args: []string{"-matchcount", "4"}, script: "cql() check"},
	{name: "matchcount-0", args: []string{"-matchcount", "0"}, script: "cql() mate"},
	{name: "matchcount-over-header", args: []string{"-matchcount", "3"}, script: "cql(matchcount 1 2) check"},
	{name: "header-gamenumber", script: "cql(gamenumber 10 20) check"},
	{name: "gamenumber", args: []string{"-gamenumber", "5", "15"}, script: "cql() check"},
	{name: "g-one", args: []string{"-g", "7"}, script: "cql() check"},
	{name: "gamenumber-over-header", args: []string{"-gamenumber", "5", "15"}, script: "cql(gamenumber 10 20) check"},
	{name: "gamenumber-0", args: []string{"-gamenumber", "0"}, script: "cql() check"},
	{name: "gamenumber-lichess", games: "lichess", args: []string{"-gamenumber", "1000", "1200"}, script: "cql() mate"},
	// Game filters given as options.
	{name: "result", args: []string{"-result", "1-0"}, script: "cql() check"},
	{name: "result-draw", args: []string{"-result", "1/2-1/2"}, script: "cql() check"},
	{name: "header-result", script: "cql(result 0-1) check"},
	{name: "result-and-header-result", args: []string{"-result", "1-0"}, script: "cql(result 0-1) check"},
	{name: "result-same-as-header", args: []string{"-result", "1-0"}, script: "cql(result 1-0) check"},
	{name: "result-lichess", games: "lichess", args: []string{"-result", "0-1"}, script: "cql() mate"},
	{name: "player", games: "lichess", args: []string{"-player", "a"}, script: "cql() mate"},
	{name: "player-regex", games: "lichess", args: []string{"-player", "^[A-C]"}, script: "cql() mate"},
	{name: "white", games: "lichess", args: []string{"-white", "^[a-m]"}, script: "cql() mate"},
	{name: "black", games: "lichess", args: []string{"-black", "[0-9]$"}, script: "cql() mate"},
	{name: "white-substring", args: []string{"-white", "Rusz"}, script: "cql() check"},
	{name: "player-twice", args: []string{"-player", "a", "-player", "b"}, script: "cql() check"},
	{name: "player-and-white", games: "lichess", args: []string{"-player", "a", "-white", "^[a-m]"}, script: "cql() mate"},
	{name: "white-backslash", games: "lichess", args: []string{"-white", `\\d`}, script: "cql() mate"},
	{name: "white-digit", games: "lichess", args: []string{"-white", `\d`}, script: "cql() mate"},
	{name: "white-empty", args: []string{"-white", ""}, script: "cql() mate"},
	{name: "year", args: []string{"-year", "2000", "2010"}, script: "cql() check"},
	{name: "year-one", args: []string{"-year", "2015"}, script: "cql() check"},
	{name: "year-lichess", games: "lichess", args: []string{"-year", "2014"}, script: "cql() mate"},
	{name: "year-matchcount-0", args: []string{"-year", "2015"}, script: "cql(matchcount 0) check"},
	{name: "event", args: []string{"-event", "ty"}, script: "cql() check"},
	{name: "site", games: "lichess", args: []string{"-site", "lichess"}, script: "cql() mate"},
	{name: "fen", args: []string{"-fen", "8/8/8/8/8/8/8/8"}, script: "cql() check"},
	{name: "fen-board", args: []string{"-fen", "2n3n1/6kp/6Pp/7P/3K2P1/2B5/8/8"}, script: "cql() true"},
	{name: "fen-full", args: []string{"-fen", "2n3n1/6kp/6Pp/7P/3K2P1/2B5/8/8 w - - 0 1"}, script: "cql() true"},
	{name: "assign", args: []string{"-assign", "N", "3"}, script: "cql() check N == 3"},
	{name: "wtm", args: []string{"-wtm"}, script: "cql() check"},
	{name: "btm", args: []string{"-btm"}, script: "cql() check"},
	// -cql: filters added to the body, before it.
	{name: "cql", args: []string{"-cql", "mate"}, script: "cql() check"},
	{name: "cql-comments-order", args: []string{"-cql", `comment("A")`}, script: `cql() mate comment("B")`},
	{name: "cql-twice", args: []string{"-cql", "check", "-cql", "btm"}, script: "cql() true"},
	{name: "cql-line-comment", args: []string{"-cql", "/// mate"}, script: "cql() mate"},
	{name: "cql-sort-first", games: "lichess", args: []string{"-g", "1", "500", "-cql", `sort "A" #A`}, script: `cql() sort min "B" #a mate`},
	{name: "cql-variable", args: []string{"-cql", "x = 3"}, script: "cql() check x == 3"},
	{name: "assign-then-cql", args: []string{"-assign", "N", "2", "-cql", "#Q == N"}, script: "cql() check"},
	// Transforms.
	{name: "flipcolor", args: []string{"-flipcolor"}, script: "cql() Q attacks k"},
	{name: "flip", args: []string{"-flip"}, script: "cql() Ka1"},
	{name: "shift", args: []string{"-shift"}, script: "cql() Ka1 Kc3"},
	{name: "rotate90", args: []string{"-rotate90"}, script: "cql() Ra1 Kh1"},
	{name: "reversecolor", args: []string{"-reversecolor"}, script: "cql() Q attacks k"},
	{name: "flipcolor-white", games: "lichess", args: []string{"-flipcolor", "-white", "^[a-m]"}, script: "cql() mate wtm"},
	{name: "flipcolor-result", games: "lichess", args: []string{"-flipcolor", "-result", "1-0"}, script: "cql() mate wtm"},
	{name: "flipcolor-player", games: "lichess", args: []string{"-flipcolor", "-player", "^[a-d]"}, script: "cql() mate wtm"},
	{name: "flipcolor-black-header-result", games: "lichess", args: []string{"-flipcolor", "-black", "^[a-m]"}, script: "cql(result 1-0) mate"},
	{name: "flipcolor-cql", args: []string{"-flipcolor", "-cql", "wtm"}, script: "cql() check"},
	{name: "flipcolor-fen", args: []string{"-flipcolor", "-fen", "2n3n1/6kp/6Pp/7P/3K2P1/2B5/8/8"}, script: "cql() true"},
	// Comments.
	{name: "silent", args: []string{"-silent"}, script: `cql() check comment("x")`},
	{name: "quiet", args: []string{"-quiet"}, script: `cql() check comment("x")`},
	{name: "header-silent", script: `cql(silent) check comment("x")`},
	{name: "header-quiet", script: `cql(quiet) check comment("x")`},
	{name: "silent-and-header-quiet", args: []string{"-silent"}, script: `cql(quiet) check comment("x")`},
	{name: "quiet-and-header-silent", args: []string{"-quiet"}, script: `cql(silent) check comment("x")`},
	{name: "silent-and-quiet", args: []string{"-silent", "-quiet"}, script: "cql() check"},
	{name: "matchstring", args: []string{"-matchstring", "M!"}, script: "cql() check"},
	{name: "header-matchstring", script: `cql(matchstring "H") check`},
	{name: "matchstring-over-header", args: []string{"-matchstring", "M"}, script: `cql(matchstring "H") check`},
	{name: "matchstring-empty", args: []string{"-matchstring", ""}, script: "cql() check"},
	{name: "noheader", args: []string{"-noheader"}, script: "cql() check"},
	{name: "alwayscomment", args: []string{"-alwayscomment"}, script: `cql() check comment("c") mate`},
	{name: "nouniquecomments", args: []string{"-nouniquecomments"}, script: `cql() check comment("c") comment("c")`},
	{name: "nosortcomments", args: []string{"-nosortcomments"}, script: `cql() sort "M" {comment("m") #Q}`},
	{name: "nosettag", args: []string{"-nosettag"}, script: `cql() mate settag("Mate" "yes")`},
	{name: "settag", script: `cql() mate settag("Mate" "yes")`},
	{name: "noremovecomment", args: []string{"-noremovecomment"}, script: `cql() mate removecomment`},
	{name: "removecomment", script: `cql() mate removecomment`},
	// Variations.
	{name: "variations", args: []string{"-variations"}, script: "cql() mate"},
	{name: "header-variations", script: "cql(variations) mate"},
	{name: "mainline-over-header", args: []string{"-mainline"}, script: "cql(variations) mate"},
	{name: "virtualmainline", args: []string{"-virtualmainline"}, script: "cql() mate"},
	// Sorting: the order of the games written.
	{name: "sort", script: `cql() sort "Checks" #[Q] check`},
	{name: "sort-min", script: `cql() sort min "Pieces" #[a-h1-8] mate`},
	{name: "sort-matchcount", script: `cql(sort matchcount 2 100) check`},
	{name: "sort-matchcount-no-range", script: `cql(sort matchcount) check`, extension: "the range after sort matchcount may be left out"},
	{name: "sort-lichess", games: "lichess", script: `cql() sort "Material" #A mate`},
	{name: "sort-ties", games: "lichess", args: []string{"-g", "1", "400"}, script: `cql() mate sort "Pawns" #P`},
	{name: "sort-two", games: "lichess", args: []string{"-g", "1", "600"}, script: `cql() mate sort "White" #A sort min "Black" #a`},
	{name: "sort-string", games: "lichess", args: []string{"-g", "1", "300"}, script: `cql() initial sort "White" player white`},
	{name: "sort-matchcount-option", args: []string{"-matchcount", "3", "100"}, script: `cql(sort matchcount 2 100) check`},
	{name: "sort-silent", args: []string{"-silent"}, script: `cql() sort "Checks" #[Q] check`},
	{name: "sort-quiet", args: []string{"-quiet"}, script: `cql() sort "Checks" #[Q] check`},
	{name: "sort-noheader", args: []string{"-noheader"}, script: `cql() sort "Checks" #[Q] check`},
	// Input and output in the header, with relative paths.
	{name: "header-input", raw: true, args: []string{"-o", "out.pgn"}, script: "cql(input in.pgn) check"},
	{name: "header-output", raw: true, out: "h.pgn", args: []string{"-i", "in.pgn"}, script: "cql(output h.pgn) check"},
	{name: "header-input-output", raw: true, out: "h.pgn", script: "cql(input in.pgn output h.pgn) check"},
	{name: "o-over-header-output", raw: true, args: []string{"-i", "in.pgn", "-o", "out.pgn"}, script: "cql(output h.pgn) check"},
	{name: "i-over-header-input", raw: true, args: []string{"-i", "in.pgn", "-o", "out.pgn"}, script: "cql(input nosuch.pgn) check"},
	{name: "default-output", raw: true, args: []string{"-i", "in.pgn"}, script: "cql() check"},
	{name: "input-long", raw: true, args: []string{"-input", "in.pgn", "-output", "out.pgn"}, script: "cql() check"},
	{name: "two-dashes", raw: true, args: []string{"--input", "in.pgn", "--output", "out.pgn", "--gamenumber", "3", "9"}, script: "cql() check"},
	// No script: the options are the query.
	{name: "cql-only", noScript: true, args: []string{"-cql", "check"}},
	{name: "player-only", noScript: true, games: "lichess", args: []string{"-player", "^[a-c]", "-g", "1", "300"}},
	{name: "fen-only", noScript: true, args: []string{"-fen", "2n3n1/6kp/6Pp/7P/3K2P1/2B5/8/8"}},
	{name: "year-and-result-only", noScript: true, games: "lichess", args: []string{"-year", "2014", "-result", "1-0", "-g", "1", "200"}},
	{name: "cql-empty-body", args: []string{"-cql", "check"}, script: "cql()"},
	{name: "empty-body", script: "cql()"},
	{name: "script-without-extension", raw: true, noScript: true, args: []string{"-i", "in.pgn", "-o", "out.pgn", "q"}, script: "cql() mate"},
	// Header parameters.
	{name: "header-gamenumber-one", script: "cql(gamenumber 5) check"},
	{name: "header-result-matchcount-0", script: "cql(result 1-0 matchcount 0) mate"},
	{name: "header-result-matchcount-0-3", games: "lichess", script: `cql(result 0-1 matchcount 0 3) check comment("c")`},
	{name: "header-result-matchcount-0-sort", games: "lichess", args: []string{"-g", "1", "300"}, script: `cql(result 1-0 matchcount 0 2) sort "Q" #Q check`},
	{name: "header-result-draw", script: "cql(result 1/2-1/2) check"},
	{name: "header-silent-quiet", script: `cql(silent quiet) check comment("x")`},
	{name: "header-quiet-silent", script: `cql(quiet silent) check comment("x")`},
	{name: "header-matchstring-quiet", script: `cql(matchstring "H" quiet) check`},
	{name: "header-two-gamenumbers", script: "cql(gamenumber 1 10 gamenumber 5 20) check"},
	{name: "header-two-matchcounts", script: "cql(matchcount 1 10 matchcount 5 20) check"},
	{name: "header-player", script: `cql(player "a") check`},
	{name: "header-year", script: `cql(year 2015) check`},
	{name: "header-fen", script: `cql(fen "8/8/8/8/8/8/8/8") check`},
	// Combinations of options.
	{name: "matchstring-quiet", args: []string{"-matchstring", "M", "-quiet"}, script: "cql() check"},
	{name: "matchstring-silent", args: []string{"-matchstring", "M", "-silent"}, script: "cql() check"},
	{name: "silent-settag", args: []string{"-silent"}, script: `cql() mate settag("Mate" "yes")`},
	{name: "gamenumber-reversed", args: []string{"-gamenumber", "9", "3"}, script: "cql() check"},
	{name: "matchcount-reversed", args: []string{"-matchcount", "9", "3"}, script: "cql() check"},
	{name: "gamenumber-variations-sort", args: []string{"-g", "1", "60", "-variations"}, script: `cql() sort "Moves" #[check] mate`},
	{name: "flip-fen", args: []string{"-flip", "-fen", "2n3n1/6kp/6Pp/7P/3K2P1/2B5/8/8"}, script: "cql() true"},
	{name: "shift-cql", args: []string{"-shift", "-cql", "Kh8"}, script: "cql() check"},
	{name: "rotate45", args: []string{"-rotate45"}, script: "cql() Qa1 Kb2"},
	{name: "flip-flipcolor", args: []string{"-flip", "-flipcolor"}, script: "cql() Ka1 k"},
	{name: "assign-string", args: []string{"-assign", "S", "EG"}, script: `cql() S in originalcomment check`},
	{name: "alwayscomment-or", args: []string{"-alwayscomment"}, script: `cql() {check comment("c")} or mate`},
	{name: "alwayscomment-line", args: []string{"-alwayscomment"}, script: `cql() line --> {check comment("c")} --> mate`},
	{name: "nouniquecomments-matchstring", args: []string{"-nouniquecomments", "-matchstring", "M"}, script: `cql() check comment("M")`},
	// Threads: the same games in the same order.
	{name: "threads-sort", games: "lichess", args: []string{"-threads", "2"}, script: `cql() mate sort "Pieces" #[Aa]`},
	{name: "singlethreaded", args: []string{"-s"}, script: "cql() check"},
	{name: "threads-persistent", args: []string{"-threads", "2"}, script: "@persistent.cql"},
	// CQL's options that change nothing in the games written.
	{name: "m", args: []string{"-m"}, script: "cql() check"},
	{name: "nooutputstatus", args: []string{"-nooutputstatus"}, script: "cql() check"},
	{name: "outputbuffer", args: []string{"-outputbuffer", "200000"}, script: "cql() check"},
	{name: "outputbuffer-small", args: []string{"-outputbuffer", "5"}, script: "cql() check"},
	{name: "showoutput", args: []string{"-showoutput"}, script: "cql() check"},
	// What CQL refuses and cql runs on purpose.
	{name: "two-inputs", raw: true, args: []string{"-i", "in.pgn", "-i", "in.pgn", "-o", "out.pgn"}, script: "cql() check", extension: "several -i files"},
	{name: "output-not-pgn", raw: true, args: []string{"-i", "in.pgn", "-o", "out.txt"}, script: "cql() check", extension: "any output name"},
	{name: "result-star", args: []string{"-result", "*"}, script: "cql() check", extension: "-result *"},
	{name: "g-dash-range", args: []string{"-g", "3-9"}, script: "cql() check", extension: "N-M in one argument"},
	{name: "header-two-inputs", raw: true, args: []string{"-o", "out.pgn"}, script: "cql(input in.pgn input in.pgn) check", extension: "several inputs in the header"},
	// Examples with options.
	{name: "ex-staircase-sort", script: "@staircase-sort.cql"},
	{name: "ex-pins-flipcolor", args: []string{"-flipcolor"}, script: "@pins.cql"},
	{name: "ex-smothered-variations", args: []string{"-variations"}, script: "@smotheredmate.cql"},
	{name: "ex-persistent-g", args: []string{"-g", "1", "100"}, script: "@persistent.cql"},
	{name: "ex-most-king-moves-silent", args: []string{"-silent"}, script: "@most-king-moves.cql"},
	{name: "ex-turton-quiet", args: []string{"-quiet"}, script: "@turton.cql"},
	{name: "ex-excelsior-matchcount", args: []string{"-matchcount", "1", "2"}, script: "@excelsior-simple.cql"},
}

func optionDir(t *testing.T, games, script string) string {
	t.Helper()
	dir := t.TempDir()
	abs, err := filepath.Abs(games)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(abs, filepath.Join(dir, "in.pgn")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "q.cql"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// readGames reads a PGN output with its variations (the differential tests' outputs).
func readGames(t *testing.T, name string) []*pgn.Game {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gs, err := pgn.ReadAll(f, name, pgn.Options{Variations: true})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return gs
}

// gameNumbersIn lists the game numbers of a file's header comments (CQL's
// "Game number N", cql's "cql: game N of FILE"), or "" when it has none.
func gameNumbersIn(t *testing.T, name, pattern string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var ns []string
	for _, m := range regexp.MustCompile(pattern).FindAllSubmatch(b, -1) {
		ns = append(ns, string(m[1]))
	}
	return strings.Join(ns, " ")
}

// The header comments each program writes, left out of rootComment.
var (
	cqlHeader = regexp.MustCompile(`Game\s+number\s+\d+`)
	ourHeader = regexp.MustCompile(`cql:\s+game\s+\d+\s+of\s+\S+`)
)

// rootComment is a game's first comment (before the first move, where the
// start position's comments go) without the program's header, whitespace
// collapsed; a byte that is not UTF-8 is a ?, as CQL writes it (a Latin-1 è of
// the input).
func rootComment(g *pgn.Game, header *regexp.Regexp) string {
	s := strings.ToValidUTF8(header.ReplaceAllString(g.Comment(0), ""), "?")
	return strings.Join(strings.Fields(s), " ")
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndex(s, "\n")+1:]
}
