package filter

import "testing"

// TestCastlingFromTo: a castling move is the king's move and the rook's
// (CQL's QMove::validMove, smartFrom, smartTo). Game: 5.O-O for White
// (Ke1-g1, Rh1-f1) and 7...O-O-O for Black (Ke8-c8, Ra8-d8). Each query
// matched the game in CQL 9.493 exactly when want is not empty; the
// positions are the heads of the castling moves (or their tails for
// standalone from/to), by hand.
func TestCastlingFromTo(t *testing.T) {
	g := readGame(t, "[Result \"*\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nf3 Nf6 4. Be2 Bf5 5. O-O Nc6 6. d3 Qd7 7. Nc3 O-O-O *\n")
	const (
		beforeOO  = "[e2e4 d7d5 e4d5 d8d5 g1f3 g8f6 f1e2 c8f5]"
		afterOO   = "[e2e4 d7d5 e4d5 d8d5 g1f3 g8f6 f1e2 c8f5 e1g1]"
		beforeOOO = "[e2e4 d7d5 e4d5 d8d5 g1f3 g8f6 f1e2 c8f5 e1g1 b8c6 d2d3 d5d7 b1c3]"
		afterOOO  = "[e2e4 d7d5 e4d5 d8d5 g1f3 g8f6 f1e2 c8f5 e1g1 b8c6 d2d3 d5d7 b1c3 e8c8]"
	)
	for _, c := range []struct{ src, want string }{
		{"from == [e1,h1]", afterOO}, // CQL: 1
		{"from == e1", ""},           // CQL: 0 (ours gave the king's square)
		{"to == [g1,f1]", afterOO},   // CQL: 1
		{"to == g1", ""},             // CQL: 0
		{"from == [a8,e8] and to == [c8,d8]", afterOOO},
		{"R--f1", beforeOO},                  // CQL: 1 (the rook's move)
		{"r--d8", beforeOOO},                 // CQL: 1
		{"R--f1(from == h1)", beforeOO},      // CQL: 1: only the rook's move fits
		{"K--g1(from == e1)", beforeOO},      // CQL: 1
		{"--(from == [e1,h1])", beforeOO},    // CQL: 1
		{"--(from == e1)", ""},               // CQL: 0
		{"--(from & h1)", beforeOO},          // CQL: 1
		{"--(to == g1)", ""},                 // CQL: 0
		{"--d8(from == a8)", beforeOOO},      // CQL: 1
		{"--d8(from == [a8,e8])", ""},        // CQL: 0
		{"move to f1 from h1", ""},           // CQL: 0: move keeps the king's move only
		{"path --d8(from == a8)", beforeOOO}, // CQL: 1
		{"path --d8(from == [a8,e8])", ""},   // CQL: 0
		{"path R--f1 to == f1", beforeOO},    // CQL: 1
		{"R×f1", ""},                         // castling captures nothing
	} {
		if got := runQuery(t, c.src, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}
