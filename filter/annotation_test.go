package filter

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
)

// TestAnnotationFilters: eval, clock, emt and nag at each node of testdata/pgn/annotated.pgn
// (node order: the root, then the moves as the text has them, variations included), the
// values read off the file by hand.
func TestAnnotationFilters(t *testing.T) {
	games, err := pgn.ReadAll(mustOpen(t, filepath.Join("..", "testdata", "pgn", "annotated.pgn")), "annotated.pgn", pgn.Options{Variations: true})
	if err != nil || len(games) != 3 {
		t.Fatalf("reading: %v (%d games)", err, len(games))
	}
	// Game 1: root, e4 e5 Bc4 Nc6 Qh5 Nf6?? (g6 Qf3?!) Qxf7#!
	g := games[0]
	wantValues(t, "eval", g, "20", "17", "19", "5", "10", "-55", "99999", "-50", "-80", "-")
	wantValues(t, "clock", g, "-", "180", "178", "175", "177", "170", "160", "161", "-", "169")
	wantValues(t, "emt", g, "-", "-", "-", "-", "-", "-", "-", "-", "-", "1")
	wantValues(t, "nag", g, "-", "-", "-", "-", "-", "-", "4", "-", "6", "1")
	// The blunder query of docs/language.md: a comparison's value is its left side.
	wantValues(t, "sidetomove * (eval - parent:eval) >= 300", g,
		"-", "-", "-", "-", "-", "-", "100054", "-", "-", "-")
	// removecomment drops the comment from the output, not from what the values read.
	wantValues(t, "removecomment eval", g, "20", "17", "19", "5", "10", "-55", "99999", "-50", "-80", "-")
	// Game 2: f3 e5 g4?? Qh4#
	g = games[1]
	wantValues(t, "eval", g, "-", "-90", "-30", "-99999", "-")
	wantValues(t, "emt", g, "-", "4", "2", "3723", "-")
	wantValues(t, "clock", g, "-", "-", "-", "-", "-")
	wantValues(t, "nag", g, "-", "-", "-", "4", "-")
	// Game 3: no comments; 2. c4 !? is NAG 5.
	wantValues(t, "eval", games[2], "-", "-", "-", "-", "-")
	wantValues(t, "nag", games[2], "-", "-", "-", "5", "-")
	// The names stay variables once assigned (CQL knows none of them).
	wantValues(t, "eval = 7 eval + 1", games[2], "8", "8", "8", "8", "8")
}

func mustOpen(t *testing.T, name string) *os.File {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

var (
	braceComment = regexp.MustCompile(`\{([^}]*)\}`)
	evalCommand  = regexp.MustCompile(`\[%eval\s+(#?)([-+]?[0-9.]+)`)
	clockCommand = regexp.MustCompile(`\[%clk\s+([0-9]+):([0-9]+):([0-9]+)(\.[0-9]+)?\]`)
)

// TestAnnotationsOnRealGames: every [%eval] and [%clk] of real games (lichess's own export
// with both, a chess.com export with fractional clocks, and lichess-10k as this project
// carries it) read by eval and clock as an independent reading of the game text finds them:
// each brace comment in text order, its commands matched by a regular expression, the
// numbers converted with strconv and math.Round. Node order is text order, so the values
// of the nodes that have one, in node order, are the comments' values.
func TestAnnotationsOnRealGames(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not reading the shared corpora")
	}
	for _, c := range []struct {
		file         string
		evals, clock int // at least this many found by the independent reading
	}{
		{"edge/notnil-chess/0004.pgn", 26, 26},
		{"edge/realworld/carlsen-online-games.pgn", 0, 30000},
		{"lichess-10k.pgn", 0, 0},
	} {
		f := mustOpen(t, testdata.File(t, c.file))
		games, err := pgn.ReadAll(f, c.file, pgn.Options{Variations: true})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		evalQ, clockQ := compileText(t, "eval"), compileText(t, "clock")
		ev, ck := evalQ.NewEvaluator(), clockQ.NewEvaluator()
		var nEval, nClock, positions int
		for gi, g := range games {
			var wantEval, wantClock []int
			for _, m := range braceComment.FindAllSubmatch(g.Text, -1) {
				if e := evalCommand.FindSubmatch(m[1]); e != nil {
					v, err := strconv.ParseFloat(string(e[2]), 64)
					if err != nil {
						t.Fatalf("%s game %d: %q: %v", c.file, gi+1, e[0], err)
					}
					if len(e[1]) > 0 { // mate in |v|, the sign the mating side's
						wantEval = append(wantEval, int(math.Copysign(100000-math.Abs(v), v)))
					} else {
						wantEval = append(wantEval, int(math.Round(v*100)))
					}
				}
				if k := clockCommand.FindSubmatch(m[1]); k != nil {
					h, _ := strconv.Atoi(string(k[1]))
					mi, _ := strconv.Atoi(string(k[2]))
					s, _ := strconv.Atoi(string(k[3]))
					wantClock = append(wantClock, h*3600+mi*60+s)
				}
			}
			var gotEval, gotClock []int
			ev.startGame(g)
			ck.startGame(g)
			for i := range g.Nodes {
				ev.at(int32(i))
				ck.at(int32(i))
				if v, ok := evalQ.body.(numNode).num(ev); ok {
					gotEval = append(gotEval, v)
				}
				if v, ok := clockQ.body.(numNode).num(ck); ok {
					gotClock = append(gotClock, v)
				}
			}
			positions += len(g.Nodes)
			if !slices.Equal(gotEval, wantEval) {
				t.Errorf("%s game %d: eval %v, the text has %v", c.file, gi+1, gotEval, wantEval)
			}
			if !slices.Equal(gotClock, wantClock) {
				t.Errorf("%s game %d: clock %v, the text has %v", c.file, gi+1, gotClock, wantClock)
			}
			nEval += len(wantEval)
			nClock += len(wantClock)
		}
		if nEval < c.evals || nClock < c.clock {
			t.Errorf("%s: the reading found %d evaluations and %d clocks, want at least %d and %d", c.file, nEval, nClock, c.evals, c.clock)
		}
		t.Logf("%s: %d games, %d positions, %d [%%eval] and %d [%%clk] read alike", c.file, len(games), positions, nEval, nClock)
	}
}
