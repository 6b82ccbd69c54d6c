package chess

import "testing"

// TestPawnSetAttacksEqualsTable checks the shifted set against the per-square table for
// every single square and for random sets of pawns, both colours.
func TestPawnSetAttacksEqualsTable(t *testing.T) {
	sets := []Bitboard{0, ^Bitboard(0), fileA, fileH, rank1 | rank8}
	for s := Square(0); s < 64; s++ {
		sets = append(sets, SquareBB(s))
	}
	r := prng(0x9e3779b97f4a7c15)
	for range 200 {
		a, b := r.next(), r.next()
		sets = append(sets, Bitboard(a&b)) // about 16 pawns
	}
	for _, c := range []Color{White, Black} {
		for _, b := range sets {
			var want Bitboard
			for x := b; x != 0; {
				want |= PawnAttacks(c, x.PopFirst())
			}
			if got := PawnSetAttacks(c, b); got != want {
				t.Fatalf("colour %d pawns %#x: got %#x, want %#x", c, uint64(b), uint64(got), uint64(want))
			}
		}
	}
}
