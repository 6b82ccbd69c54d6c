package filter

import (
	"fmt"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

func compileCQLi(tb testing.TB, src string) *Query {
	tb.Helper()
	p, err := query.ParseDialect("", []byte(src), query.DialectCQLi)
	if err != nil {
		tb.Fatalf("%s: %v", src, err)
	}
	q, err := Compile(p)
	if err != nil {
		tb.Fatalf("%s: %v", src, err)
	}
	return q
}

// TestPieceIDCQLi: under --dialect cqli, pieceid numbers the start
// position's pieces from 0 in FEN order (a8, b8, ..., h8, a7, ..., h1); the
// identity still follows the piece through moves and promotion. The numbers
// are counted by hand from the FEN: in the start position the black rook on
// a8 is 0, the black king 4, the black pawns 8..15 (e7 is 12), the white
// pawns 16..23 (e2 is 20), the white rook on a1 24, the white king 28, the
// knight on g1 30, the rook on h1 31.
func TestPieceIDCQLi(t *testing.T) {
	game := lineGame(t, startFEN, "e2e4", "e7e5", "g1f3", "b8c6", "f3e5")
	// 4k3/P7/8/8/8/8/8/4K3: FEN order ke8 = 0, Pa7 = 1, Ke1 = 2.
	promo := lineGame(t, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "e8e7", "a8c7")
	cases := []struct {
		g    string
		src  string
		want []int32
	}{
		{"game", "initial pieceid a8 == 0 and pieceid k == 4 and pieceid e7 == 12 and pieceid e2 == 20 and pieceid a1 == 24 and pieceid K == 28 and pieceid h1 == 31", []int32{0}},
		{"game", "pieceid e4 == 20", []int32{1, 2, 3, 4, 5}},
		{"game", "pieceid e5 == 12", []int32{2, 3, 4}},
		{"game", "pieceid e5 == 30", []int32{5}},
		{"game", "pieceid c6 == 1", []int32{4, 5}},
		// Identities are the same as CQL's: only the numbers differ.
		{"game", "pieceid e5 == initialposition:pieceid g1", []int32{5}},
		{"game", "initial 32 == # piece X in [Aa] (pieceid X >= 0 and pieceid X < 32)", []int32{0}},
		// Promotion keeps the number: the knight is the a7 pawn, 1.
		{"promo", "pieceid k == 0 and pieceid N == 1 and pieceid K == 2", []int32{1, 2, 3}},
		{"promo", "pieceid a7 == 1", []int32{0}},
		// A piece variable keeps its number once its piece is taken.
		{"game", "piece x in p {child:child:child:child:child:(not x and pieceid x == 12)}", []int32{0}},
		// No match on an empty square or on two squares, as in CQL.
		{"game", "pieceid e4", []int32{1, 2, 3, 4, 5}},
		{"game", "pieceid [e2,d2]", nil},
	}
	for _, c := range cases {
		g := game
		if c.g == "promo" {
			g = promo
		}
		got := append([]int32(nil), compileCQLi(t, c.src).NewEvaluator().Game(g)...)
		if fmt.Sprint(got) != fmt.Sprint(c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("%s: matched positions %v, want %v", c.src, got, c.want)
		}
	}
	// The default dialect keeps CQL's numbers (TestPieceID has them all).
	if got := compileSrc(t, "initial pieceid a8 == 24").NewEvaluator().Game(game); len(got) != 1 {
		t.Errorf("default dialect: pieceid a8 should be CQL's 24, matched %v", got)
	}
}

// TestCQLiPieceNumberIsFENOrder: for random sets of occupied squares, the
// number is the piece's place in the FEN's order of squares (a8..h8, a7 ...
// h1), counted by walking that order.
func TestCQLiPieceNumberIsFENOrder(t *testing.T) {
	for seed := uint64(1); seed < 200; seed++ {
		occ := chess.Bitboard(seed * 0x9E3779B97F4A7C15)
		var fenOrder []chess.Square
		for r := 7; r >= 0; r-- {
			for f := 0; f < 8; f++ {
				if s := chess.SquareAt(f, r); occ.Has(s) {
					fenOrder = append(fenOrder, s)
				}
			}
		}
		id := uint8(0)
		for s := chess.Square(0); s < 64; s++ {
			if !occ.Has(s) {
				continue
			}
			id++
			want := -1
			for i, x := range fenOrder {
				if x == s {
					want = i
				}
			}
			if got := cqliPieceNumber(occ, id); got != want {
				t.Fatalf("occupied %v, piece on %v (id %d): got %d, want %d", occ, s, id, got, want)
			}
		}
	}
}
