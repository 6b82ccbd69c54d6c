package filter

import "testing"

// TestPinHandPositions: pin values on small positions worked out by hand from
// the manual's definition (a line piece, the first piece of the other colour
// on one of its lines, and a square in to beyond it, empty or of the pinned
// piece's colour, with only empty squares in between).
func TestPinHandPositions(t *testing.T) {
	const (
		// Ra1 na4 qa8: Ra1 pins na4 to the empty a5-a7 and to qa8 (a non-king);
		// qa8's lines end at its own na4 and kh8, and its long diagonal is empty.
		toQueen = "q6k/8/8/8/n7/8/8/R5K1 w - - 0 1"
		// Bb2 nc3 pd4 ke5: two pieces between the bishop and the king, so no
		// pin to the king; nc3 is pinned to pd4 (the first piece beyond, black).
		twoBetween = "8/8/8/4k3/3p4/2n5/1B6/6K1 w - - 0 1"
		// Rd1 nd4 Pd6 kd8: beyond nd4 are d5 (empty) and the rook's own Pd6,
		// which is no target and ends the run.
		ownBehind = "3k4/8/3P4/8/3n4/8/8/3R2K1 w - - 0 1"
		// Rd1 nd4 pd6 kd8: the black pawn behind is a target and ends the run.
		enemyBehind = "3k4/8/3p4/8/3n4/8/8/3R2K1 w - - 0 1"
		// Black qe8 pins Re4 to Ke1 (through e3, e2) and Bb5 to the empty a4;
		// Re4 and Bb5 attack qe8 with the board's edge behind it.
		blackQueen = "4q2k/8/8/1B6/4R3/8/8/4K3 w - - 0 1"
		// Ra1 na8: the pinned piece on the edge has no square beyond.
		edge = "n6k/8/8/8/8/8/8/R5K1 w - - 0 1"
	)
	cases := []struct {
		fen, src string
		want     []string
	}{
		{toQueen, "pin", nil},
		{toQueen, "pin to .", []string{"a5", "a6", "a7", "a8"}},
		{toQueen, "pin to q", []string{"a8"}},
		{toQueen, "pin to [a5,a6]", []string{"a5", "a6"}},
		{toQueen, "pin through n to q", []string{"a4"}},
		{toQueen, "pin from R to q", []string{"a1"}},
		{toQueen, "pin through q to .", nil},
		{twoBetween, "pin", nil},
		{twoBetween, "pin to k", nil},
		{twoBetween, "pin to .", []string{"d4"}},
		{twoBetween, "pin through n to p", []string{"c3"}},
		{twoBetween, "pin through p to .", nil},
		{twoBetween, "pin from B to .", []string{"b2"}},
		{ownBehind, "pin", nil},
		{ownBehind, "pin to .", []string{"d5"}},
		{ownBehind, "pin to P", nil},
		{ownBehind, "pin through n to .", []string{"d4"}},
		{ownBehind, "pin from R to .", []string{"d1"}},
		{enemyBehind, "pin", nil},
		{enemyBehind, "pin to .", []string{"d5", "d6"}},
		{enemyBehind, "pin to p", []string{"d6"}},
		{enemyBehind, "pin through n to p", []string{"d4"}},
		{blackQueen, "pin", []string{"e4"}},
		{blackQueen, "pin from q", []string{"e8"}},
		{blackQueen, "pin to K", []string{"e1"}},
		{blackQueen, "pin to .", []string{"a4", "e1", "e2", "e3"}},
		{blackQueen, "pin through [Aa] to .", []string{"b5", "e4"}},
		{blackQueen, "pin from q to .", []string{"e8"}},
		{blackQueen, "pin from [RB] to .", nil},
		{edge, "pin to .", nil},
	}
	for _, c := range cases {
		got := parsedValue(t, c.fen, c.src)
		if want := bb(t, c.want...); got != want {
			t.Errorf("%s on %s: got %v, want %v", c.src, c.fen, got, want)
		}
		// As a filter, pin matches exactly when its value is not empty.
		wantMatch := "0"
		if c.want != nil {
			wantMatch = "1"
		}
		if got := parsedValue(t, c.fen, "if "+c.src+" then a1 else h8"); got != bb(t, map[string]string{"1": "a1", "0": "h8"}[wantMatch]) {
			t.Errorf("%s on %s as a filter: got %v", c.src, c.fen, got)
		}
	}
}
