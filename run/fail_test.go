package run

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// workOrder is a Source that hands the games of threeGames to work in the
// order given (as workers holding chunks of many games may), then emits the
// results in game order. evaluated records, per call, whether the game was
// evaluated (matched, as every game does unless it fails or is skipped).
type workOrder struct {
	order     []int
	evaluated []bool
}

func (w *workOrder) Games(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) Result, emit func(Result) error) error {
	games, err := pgn.ReadAll(strings.NewReader(threeGames), "g.pgn", opt)
	if err != nil {
		return err
	}
	res := make([]Result, len(games))
	for _, n := range w.order {
		r := work(0, games[n-1])
		w.evaluated = append(w.evaluated, r.matched)
		res[n-1] = r
	}
	for _, r := range res {
		if err := emit(r); err != nil {
			return err
		}
	}
	return nil
}

// A runtime failure stops the evaluation of the later games of the file
// (x += x in a loop took 30 ms a game to fail, and a worker evaluated its
// whole chunk of games, the whole file for cql-sample.pgn's 250 games);
// earlier games are still evaluated, so that the failure reported is the
// first in game order whichever worker found its failure first.
func TestFailureStopsLaterGames(t *testing.T) {
	q := compile(t, `initial {gamenumber != 2 or assert false}`)
	src := &workOrder{order: []int{3, 2, 1, 3}}
	_, err := Run(context.Background(), q, src, &bytes.Buffer{}, Options{Format: "pgn"})
	if err == nil || !strings.Contains(err.Error(), "game 2") {
		t.Fatalf("error %v, want game 2's assertion", err)
	}
	// game 3 before the failure was found, game 2, game 1, game 3 again
	if want := []bool{true, false, true, false}; !equalBools(src.evaluated, want) {
		t.Errorf("evaluated %v, want %v", src.evaluated, want)
	}
}

func equalBools(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
