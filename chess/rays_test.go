package chess

import "testing"

// TestSlideMatchesSliderAttacks: a rook's attacks are its slides north,
// south, east and west; a bishop's the four diagonal ones. Checked on every
// square against the magic tables with pseudo-random occupancies.
func TestSlideMatchesSliderAttacks(t *testing.T) {
	x := uint64(0x2545F4914F6CDD1D)
	for i := 0; i < 2000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		occ := Bitboard(x & (x >> 3))
		for s := Square(0); s < 64; s++ {
			from := SquareBB(s)
			var rook, bishop Bitboard
			for d := North; d <= SouthEast; d++ {
				if d.Orthogonal() {
					rook |= Slide(from, ^occ, d)
				} else {
					bishop |= Slide(from, ^occ, d)
				}
			}
			if want := RookAttacks(s, occ); rook != want {
				t.Fatalf("%v occ %v: rook slides %v, want %v", s, occ, rook, want)
			}
			if want := BishopAttacks(s, occ); bishop != want {
				t.Fatalf("%v occ %v: bishop slides %v, want %v", s, occ, bishop, want)
			}
		}
	}
}

func TestLightSquaresAndSpans(t *testing.T) {
	for s := Square(0); s < 64; s++ {
		light := (s.File()+s.Rank())%2 == 1 // a1 (0+0) is dark, h1 (7+0) light
		if LightSquares.Has(s) != light {
			t.Errorf("%v: light %v", s, !light)
		}
	}
	d4 := SquareBB(SquareAt(3, 3))
	if got, want := FrontSpan(White, d4), Bitboard(0x0808080800000000); got != want {
		t.Errorf("white front span of d4: %v, want d5-d8", got)
	}
	if got, want := FrontSpan(Black, d4), Bitboard(0x080808); got != want {
		t.Errorf("black front span of d4: %v, want d1-d3", got)
	}
	if got, want := FileFill(d4), FileBB(3); got != want {
		t.Errorf("file fill of d4: %v", got)
	}
	a1h1 := SquareBB(0) | SquareBB(7)
	if got, want := Neighbours(a1h1), SquareBB(1)|SquareBB(6); got != want {
		t.Errorf("neighbours of a1,h1: %v, want b1,g1 (no wrap)", got)
	}
	for d := North; d <= SouthEast; d++ {
		if d.Opposite().Opposite() != d || d.Opposite() == d {
			t.Errorf("opposite of %d", d)
		}
		for s := Square(0); s < 64; s++ {
			if b := Shift(SquareBB(s), d); b != 0 && Shift(b, d.Opposite()) != SquareBB(s) {
				t.Errorf("shift %d then back from %v", d, s)
			}
		}
	}
}

func TestRayTable(t *testing.T) {
	occ := Bitboard(0x0000442200186600)
	for d := North; d <= SouthEast; d++ {
		for s := Square(0); s < 64; s++ {
			a := RookAttacks(s, occ)
			if !d.Orthogonal() {
				a = BishopAttacks(s, occ)
			}
			if got, want := a&Ray(s, d), Slide(SquareBB(s), ^occ, d); got != want {
				t.Fatalf("%v dir %d: %v, want %v", s, d, got, want)
			}
		}
	}
}
