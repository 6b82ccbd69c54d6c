package index

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// evalVariationGames have [%eval] only where a main-line query does not look (a
// variation) or only before the first move: the column's flag must keep them.
var evalVariationGames = `[Event "eval in a variation"]
[White "V"]
[Black "W"]
[Result "*"]

1. e4 e5 (1... c5 { [%eval 0.3] }) 2. Nf3 *

[Event "eval before the first move"]
[White "X"]
[Black "Y"]
[Result "*"]

{ [%eval -1.5] } 1. d4 d5 *
`

// TestPruneEval: a query using the annotation value eval is pruned to the games
// whose comments have an [%eval] command (the tag column's flag), and the pruned
// run's matches are the unpruned scan's: no game with a match is dropped, and the
// games without evaluations (the masters games) are.
func TestPruneEval(t *testing.T) {
	extra := filepath.Join(t.TempDir(), "evalvar.pgn")
	if err := os.WriteFile(extra, []byte(evalVariationGames), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []string{filepath.Join("..", "testdata", "pgn", "annotated.pgn"), extra,
		firstGames(t, testdata.File(t, "masters-10k.pgn"), 100)}
	ix := buildIndex(t, files...)
	const evalGames = 4 // annotated.pgn's first two, and the two above
	for _, c := range []struct {
		src    string
		pruned bool // whether every game without evaluations is dropped
	}{
		{"eval", true},
		{"eval > 100", true},
		{"eval < -50", true},
		{"eval == 17", true},
		{"eval - 10 > 0", true},
		{"btm eval", true},
		{"cql(variations) eval", true},
		{"cql(variations) eval > 20", true},
		{"eval >= 0 or check", false},
		{"not eval", false},
		{"eval != 5", false},
	} {
		prog, err := query.Parse("", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		q, err := filter.Compile(prog)
		if err != nil {
			t.Fatal(err)
		}
		cand, err := ix.Candidates(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		if c.pruned && (cand == nil || cand.GetCardinality() > evalGames+uint64(errorGames(t, ix))) {
			n := -1
			if cand != nil {
				n = int(cand.GetCardinality())
			}
			t.Errorf("%q: %d candidates of %d games, want at most the %d with evaluations", c.src, n, ix.Meta.Games, evalGames)
		}
		id := uint32(0)
		ev := q.NewEvaluator()
		all, kept := 0, 0
		for _, f := range files {
			rc, err := pgn.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			err = pgn.Scan(context.Background(), rc, f, pgn.Options{Variations: q.Variations()}, func(g *pgn.Game) error {
				if q.Selected(g) && q.MatchCountOK(len(ev.Game(g))) {
					all++
					if cand == nil || cand.Contains(id) {
						kept++
					} else {
						t.Errorf("%q: game %d of %s matches but was pruned", c.src, g.Number, f)
					}
				}
				id++
				return nil
			})
			rc.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
		if all != kept {
			t.Errorf("%q: %d games match unpruned, %d pruned", c.src, all, kept)
		}
		if c.src == "eval" && all != 3 {
			// annotated.pgn's two games with evaluations on the main line, and the one
			// with an evaluation before the first move (the variation's is not seen)
			t.Errorf("%q: %d games match, want 3", c.src, all)
		}
	}
}

func errorGames(t *testing.T, ix *Index) int {
	bm, err := ix.bitmap(modeAll, flagErrors)
	if err != nil {
		t.Fatal(err)
	}
	return int(bm.GetCardinality())
}
