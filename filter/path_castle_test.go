package filter

import (
	"slices"
	"testing"
)

// Castling in a focused path (⊢◎): CQL (PathNode::computeDashConFocused)
// takes O-O-O as the move of the focused piece alone, so when the rook a1
// is followed the step is a1-d1: ――c1 does not fit it and `to` after it is
// d1, not also the king's c1. We had both squares, so CQL's example
// followpaths-simple.cql matched a lichess game (ulkrtpxD) where a second
// rook later went to c1, and followpath.cql missed five games whose rook
// path starts with O-O. Expected matches and comments are CQL 9.493's on
// these games (comments one per entry, by ply). In the first game plies 9
// and 10 are 5.O-O-O and 5...O-O-O; in the second, 6 is after 3...Ke7.
func TestPathFocusCastle(t *testing.T) {
	g := readOne(t, "1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O 6. Rde1 Rde8 *\n")
	// The rook a1 castles to d1 (x is d1), the rook h1 goes to c1 and then
	// to d1: ⊢◎Rh1 ――x fits only the second move.
	g2 := readOne(t, `[FEN "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1"]

1. O-O-O Ke7 2. Kb1 Ke8 3. Rd2 Ke7 4. Rhc1 Ke8 5. Rcd1 Ke7 *
`)
	cases := []struct {
		src   string
		game  int
		match bool
		notes []string
	}{
		{`◭T1=♖――(from) ⊢◎T1 ―― x=to comment(x)`, 1, true, []string{
			"9: d1", "9: End path of length 1 that starts at move 5(wtm)",
			"8: Start path that ends at move 5(btm)",
			"11: e1", "11: End path of length 1 that starts at move 6(wtm)",
			"10: Start path that ends at move 6(btm)",
		}},
		{`⊢◎Ra1 ―― comment(from to)`, 1, true, []string{
			"9: a1d1", "9: End path of length 1 that starts at move 5(wtm)",
			"8: Start path that ends at move 5(btm)",
		}},
		{`⊢◎K ―― comment(from to)`, 1, true, []string{
			"9: e1c1", "9: End path of length 1 that starts at move 5(wtm)",
			"8: Start path that ends at move 5(btm)",
		}},
		// Both pieces followed: both moves.
		{`⊢◎(Ra1|Ke1) ―― comment(from to)`, 1, true, []string{
			"9: [a1,e1][c1,d1]", "9: End path of length 1 that starts at move 5(wtm)",
			"8: Start path that ends at move 5(btm)",
		}},
		{`⊢◎Ra1 ――c1`, 1, false, nil},
		{`⊢◎Ke1 ――d1`, 1, false, nil},
		// Outside a path: the rook a1 does not go to c1, but a move does
		// (the king's); from and to are then the last move's, 4...Qd7.
		{`Ra1――c1`, 1, false, nil},
		{`Ra1 ――c1 comment(from to)`, 1, true, []string{"8: d8d7"}},
		{`initial ⊢◎Ra1 ―― x=to find ⊢◎Rh1 ――x`, 2, false, nil},
		{`initial ⊢◎Ra1 ―― x=to find ⊢◎Rh1 ―― ――x comment(x)`, 2, true, []string{
			"9: d1", "9: End path of length 2 that starts at move 4(wtm)",
			"6: Start path that ends at move 5(btm)", "6: Found",
			"1: End path of length 1 that starts at move 1(wtm)",
			"0: Start path that ends at move 1(btm)",
		}},
	}
	for _, c := range cases {
		game := g
		if c.game == 2 {
			game = g2
		}
		if got := runQuery(t, c.src, game) != ""; got != c.match {
			t.Errorf("%s: matched %v, want %v", c.src, got, c.match)
		}
		if got := notesOf(t, c.src, game); !slices.Equal(got, c.notes) {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.notes)
		}
	}
}
