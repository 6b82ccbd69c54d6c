package filter

import (
	"strings"
	"testing"
)

// Castling in the legal and pseudolegal move filters and counts, on a game
// where both sides can castle both ways until 2.O-O (ply 3) and 3...O-O-O
// (ply 6). A castling is one move of the king (counted once, to g1 or c1;
// the rook's squares are not its destinations): `move legal count` counts
// moves, `#legal --` destination squares. Every value is CQL 9.493's
// output (comment(x) at plies 0 to 6) for this game.
func TestLegalCastlingCounts(t *testing.T) {
	const game = `[FEN "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"]

1. a3 a6 2. O-O a5 3. Rfe1 O-O-O *
`
	for _, c := range []struct {
		count string
		want  string // the values at plies 0..6
	}{
		{"#legal --", "21 21 21 21 21 22 21"},
		{"#pseudolegal --", "21 21 21 21 21 22 21"},
		{"move legal count", "25 25 25 25 25 26 25"},
		{"#legal K--", "4 0 4 0 1 0 2"},
		{"#legal k--", "0 4 0 4 0 4 0"},
		{"#legal --(o-o)", "1 1 1 1 0 1 0"},
		{"#legal --(castle)", "2 2 2 2 0 2 0"},
		{"move legal castle count", "2 2 2 2 0 2 0"},
		{"move legal from K count", "4 0 4 0 1 0 2"},
		{"#legal R--", "5 0 6 0 5 0 5"},
		{"move legal to [g1,c1,g8,c8] count", "4 4 4 4 2 4 2"},
		{"#legal --g1", "1 0 1 0 0 0 0"},
	} {
		var got []string
		for _, n := range notesByPly(t, "x = "+c.count+" comment(x)", game) {
			_, v, _ := strings.Cut(n, ": ")
			got = append(got, v)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s: %s, CQL %s", c.count, g, c.want)
		}
	}
}
