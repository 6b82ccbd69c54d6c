package filter

import (
	"fmt"
	"testing"
)

// TestPathSetTiedToDash: in a path step any set touching -- is the move's
// from-set (CQL's match_dash_tie_x), not only a piece designator:
// path isolatedpawns-- is a move of an isolated pawn. CQL 9.493 matches
// these at the start only (on sample.pgn 'path isolatedpawns--' 188 games,
// as 'isolatedpawns--'; cql matched 244, reading isolatedpawns then a move).
func TestPathSetTiedToDash(t *testing.T) {
	g := lineGame(t, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a2a4", "e8e7", "e1d2", "e7d6")
	for _, c := range []struct {
		src  string
		want []int32
	}{
		{"path passedpawns--", []int32{0}},
		{"path isolatedpawns-- --", []int32{0}},
	} {
		got := append([]int32(nil), compileSrc(t, c.src).NewEvaluator().Game(g)...)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: matches at %v, CQL at %v", c.src, got, c.want)
		}
	}
}
