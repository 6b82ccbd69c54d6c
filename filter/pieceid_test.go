package filter

import (
	"fmt"
	"testing"
)

// TestPieceID: the manual's pieceid page: a piece keeps its id as it moves
// and promotes; pieceid does not match an empty square or a set of other
// than one square; different pieces have different ids.
func TestPieceID(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	game := lineGame(t, start, "e2e4", "e7e5", "g1f3", "b8c6", "f3e5")
	promo := lineGame(t, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "e8e7", "a8c7")
	cases := []struct {
		g    string
		src  string
		want []int32
	}{
		// The e-pawn after 1.e4 is the pawn that stood on e2.
		{"game", "pieceid e4 == parent:pieceid e2", []int32{1}},
		// The knight on e5 (after 3.Nxe5) is the one from g1; the pawn it took is gone.
		{"game", "pieceid e5 == initialposition:pieceid g1", []int32{5}},
		{"game", "pieceid e5 == initialposition:pieceid e7", []int32{2, 3, 4}},
		// Empty square, two squares, no square: no match.
		{"game", "pieceid e4", []int32{1, 2, 3, 4, 5}},
		{"game", "pieceid [e2,d2]", nil},
		{"game", "pieceid ~.", nil},
		// Every piece of the start position has its own id.
		{"game", "initial 32 == # piece X in [Aa] (pieceid X >= 0) and pieceid e1 != pieceid d1 and pieceid a1 != pieceid h8", []int32{0}},
		// Promotion keeps the id: the knight on a8, then c7, is the a7 pawn.
		{"promo", "pieceid N == initialposition:pieceid a7", []int32{1, 2, 3}},
		{"promo", "pieceid N == initialposition:pieceid e1", nil},
		// The numbers themselves, as CQL 9.493 writes them (comment(pieceid
		// ...) on these two games): from 0, in square order a1, b1, ..., h8.
		{"game", "initial pieceid a1 == 0 and pieceid e1 == 4 and pieceid k == 28 and pieceid h8 == 31", []int32{0}},
		{"game", "pieceid e4 == 12", []int32{1, 2, 3, 4, 5}},
		{"game", "pieceid e5 == 20", []int32{2, 3, 4}},
		{"game", "pieceid e5 == 6", []int32{5}},
		{"promo", "pieceid K == 0 and pieceid N == 1 and pieceid k == 2", []int32{1, 2, 3}},
		// A piece variable keeps its id once its piece is captured (CQL 9.493:
		// matches the start position only).
		{"game", "piece x in p {child:child:child:child:child:(not x and pieceid x == 20)}", []int32{0}},
	}
	for _, c := range cases {
		g := game
		if c.g == "promo" {
			g = promo
		}
		got := append([]int32(nil), compileSrc(t, c.src).NewEvaluator().Game(g)...)
		if fmt.Sprint(got) != fmt.Sprint(c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("%s: matched positions %v, want %v", c.src, got, c.want)
		}
	}
}
