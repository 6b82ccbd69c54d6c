package filter

import (
	"strings"
	"testing"
)

// Differences found by running real users' CQL scripts through CQL 9.493
// and cql; each expectation is what CQL 9.493 answers on the position.

// TestLegalMoveCountIsFromToPairs: CQL counts the legal (pseudolegal) moves
// as from-to pairs, so a promotion is one move, not four, and it finds en
// passant only from the move that led to the position, never from a FEN's
// en passant field (MoveLegalNode, Attack::enpassantAttack).
func TestLegalMoveCountIsFromToPairs(t *testing.T) {
	// After 15.Nc4 in game 2 of CQL's sample.pgn: Kd4, Ke6 and f1 (any piece).
	const promo = "8/8/1K6/3k4/2N5/3P4/5p2/8 b - - 0 1"
	// b8, bxa8, bxc8 and five king moves.
	const capturePromo = "r1r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
	// King 5 + castling 2, rooks 10 + 9, e6; exd6 is not counted.
	const epFEN = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"
	for _, c := range []struct {
		fen, src string
		want     bool
	}{
		{promo, "move count legal == 3", true},
		{promo, "move count legal == 6", false},
		{capturePromo, "move count legal == 8", true},
		{capturePromo, "move count legal from b7 == 3", true},
		{capturePromo, "move legal from b7 count == 3", true},
		{epFEN, "move count legal == 27", true},
		{epFEN, "move count pseudolegal == 27", true},
		{epFEN, "move count legal from e5 == 1", true},
		{epFEN, "move legal from e5 to d6", false},
		{epFEN, "move count legal from e1 == 7", true},
	} {
		if got := matchesQuery(t, c.fen, c.src); got != c.want {
			t.Errorf("%s on %s: matched %v, want %v", c.src, c.fen, got, c.want)
		}
	}
	// After 1.e4 a6 2.e5 d5 the en passant capture exd6 is a legal move.
	g := readGames(t, "1. e4 a6 2. e5 d5 3. Nf3 *\n")[0]
	if got, want := runQuery(t, "move legal from e5 to d6", g), plies(g, 4); !sameMatches(got, want) {
		t.Errorf("move legal from e5 to d6: got %s, want %s", got, want)
	}
}

// TestLightDarkUnderTransforms: light and dark exchange under every
// transform that changes the colour of squares (a reflection in one axis, a
// quarter turn, a shift by an odd number of files plus ranks, flipcolor's
// mirror), as CQL's SquareParityNode::transform_members does; a lone white
// bishop on e1 stands on a dark square.
func TestLightDarkUnderTransforms(t *testing.T) {
	const fen = "8/8/8/8/8/8/8/K1k1B3 w - - 0 1"
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"light B", false},
		{"flipvertical light B", true},
		{"fliphorizontal light B", true},
		{"rotate90 light B", true},
		{"flip light B", true},
		{"shift light B", true},
		{"shiftvertical light B", true},
		{"flipvertical {light B == 1}", true},
		{"flipcolor light B", false},
		{"flipcolor dark b", false},
		{"reversecolor light b", true},
		{"reversecolor dark b", false},
		{"flipcolor flipvertical light b", true},
	} {
		if got := matchesQuery(t, fen, c.src); got != c.want {
			t.Errorf("%s: matched %v, want %v", c.src, got, c.want)
		}
	}
	// CQL 9.493 stops on it: "An attempt was made to determine the effect of
	// a 45 degree transform on square color, which is undefined".
	g := fenGame(t, fen)
	if got := runQueryOrErr(t, "rotate45 light B", g); !strings.Contains(got, "1:10: light and dark cannot be used inside rotate45") {
		t.Errorf("rotate45 light B: got %q", got)
	}
}

// TestMoveValueByFirstParameter: in CQL the first parameter after move
// decides its value (move-parse.cpp): from, to or capture first make the
// set of those squares (capture: where the captured piece stood, the
// pawn's square for en passant), anything else first (legal, previous,
// castle) makes a logical filter, and a comparison after one applies to
// the enclosing filter (match_in_x). Each case is CQL 9.493's answer on
// the game below.
func TestMoveValueByFirstParameter(t *testing.T) {
	g := readGames(t, "1. e4 d5 2. exd5 c5 3. dxc6 Qxd2+ *\n")[0]
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"ply == 2 x = move capture [Aa] x == d5", true},
		{"ply == 4 x = move capture . x == c5", true},
		{"ply == 4 x = move capture . x == d5", false},
		{"ply == 4 x = move from P capture . x == d5", true},
		{"ply == 5 move capture . previous == c5", true},
		{"ply == 5 move to . previous == c6", true},
		{"ply == 1 piece T in [P] move legal from T == 0", true},
		{"ply == 0 piece T in [P] move legal from T == 0", false},
		{"ply == 0 move from [Pp] legal == [a2,b2,c2,d2,e2,f2,g2,h2]", true},
	} {
		if got := runQuery(t, c.src, g) != ""; got != c.want {
			t.Errorf("%s: matched %v, want %v", c.src, got, c.want)
		}
	}
	for _, c := range []struct{ src, msg string }{
		// CQL: "Extra text following the filters after the CQL specification".
		{"move legal from a1 == 0", "1:20: '==' after a move filter that has no value"},
		{"move previous to e4 == 1", "1:21: '==' after a move filter that has no value"},
		// CQL: "Assignment to variable: x failed as right hand side is neither a set filter nor ...".
		{"x = move castle", "error:"},
		{"x = move legal from a1", "error:"},
		{"x = castle", "error:"},
	} {
		if got := runQueryOrErr(t, c.src, g); !strings.Contains(got, c.msg) {
			t.Errorf("%s: got %q, want %q", c.src, got, c.msg)
		}
	}
}
