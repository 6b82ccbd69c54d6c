package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// TestRayAndXrayManualExamples runs the examples of the ray and xray pages on
// positions built by hand to hold exactly the pattern each describes.
// Sources: gadycosteff.com/cql/ray.html and xray.html (xray (R a k): a black
// piece pinned by a white rook to the black king, e.g. xray (b5 d5 g5);
// xray (Q A K): one white piece between the white queen and king, e.g.
// xray (b3 d5 f7)); cql64.com/manual/ray-filters (ray orthogonal (R R q k): a
// rook battery pinning the black queen to its king; ray diagonal (B n k);
// ray up (R [Pp] r); ray (A a A a), four pieces in a line of alternating
// colour); CQL 5's ray page and CQL's parser for `ray attack`, which is xray.
func TestRayAndXrayManualExamples(t *testing.T) {
	const (
		rookPin      = "8/8/8/1R1b2k1/8/8/8/K7 w - - 0 1"    // Rb5 bd5 kg5
		queenThrough = "8/5K2/8/3N4/8/1Q6/8/7k w - - 0 1"    // Qb3 Nd5 Kf7
		queenBlack   = "8/5K2/8/3n4/8/1Q6/8/7k w - - 0 1"    // the piece between is black
		battery      = "k7/8/8/q7/8/8/R7/R6K b - - 0 1"      // Ra1 Ra2 qa5 ka8
		fileRooks    = "4k3/4r3/8/4p3/8/8/4R3/4K3 w - - 0 1" // Re2 pe5 re7
		bishopPin    = "8/8/5k2/4n3/8/8/1B6/K7 w - - 0 1"    // Bb2 ne5 kf6
		alternating  = "7k/8/8/8/RnBq4/8/8/7K w - - 0 1"     // Ra4 nb4 Bc4 qd4
	)
	cases := []struct {
		fen, src string
		want     []string
	}{
		{rookPin, "xray (R a k)", []string{"g5"}},
		{rookPin, "xray (b5 d5 g5)", []string{"g5"}},
		{rookPin, "ray attack (R a k)", []string{"g5"}},
		{rookPin, "pin", []string{"d5"}},
		{rookPin, "xray (R k)", nil}, // the bishop is in the way
		{queenThrough, "xray (Q A K)", []string{"f7"}},
		{queenThrough, "xray (b3 d5 f7)", []string{"f7"}},
		{queenBlack, "xray (Q A K)", nil},
		{queenBlack, "pin", nil}, // Qb3 attacks nd5, but the king behind it is white, the queen's own colour
		{battery, "ray orthogonal (R R q k)", []string{"a8"}},
		{battery, "ray diagonal (R R q k)", nil},
		{battery, "pin through q", []string{"a5"}},
		{fileRooks, "ray up (R [Pp] r)", []string{"e7"}},
		{fileRooks, "ray down (R [Pp] r)", nil},
		{bishopPin, "ray diagonal (B n k)", []string{"f6"}},
		{bishopPin, "ray orthogonal (B n k)", nil},
		{alternating, "ray (A a A a)", []string{"d4"}},
		{alternating, "ray (A a A a A)", nil},
	}
	for _, c := range cases {
		if got := parsedValue(t, c.fen, c.src); got != bb(t, c.want...) {
			t.Errorf("%s on %s: got %v, want %v", c.src, c.fen, got, c.want)
		}
	}
}

// TestXrayIsRayOfLinePieces checks the xray page's definition on master-game
// positions: xray (x y ...) is ray orthogonal ({x & [RrQq]} y ...) or ray
// diagonal ({x & [BbQq]} y ...), and its value the union of the two.
func TestXrayIsRayOfLinePieces(t *testing.T) {
	games := loadGames(t, "masters-10k.pgn", 30, false)
	for _, args := range []string{"A a k", "Q A K", "[Aa] [Aa] [Aa]", "R a a k", "a A", ". . ."} {
		x := compileSrc(t, "xray ("+args+")")
		first, rest, _ := strings.Cut(args, " ")
		r := compileSrc(t, "ray orthogonal ({"+first+" & [RrQq]} "+rest+") | ray diagonal ({"+first+" & [BbQq]} "+rest+")")
		xs, rs := x.body.(setNode), r.body.(setNode)
		ex, er := x.NewEvaluator(), r.NewEvaluator()
		checked := 0
		for _, g := range games {
			ex.startGame(g)
			er.startGame(g)
			for i := range g.Nodes {
				ex.at(int32(i))
				er.at(int32(i))
				if a, b := xs.set(ex), rs.set(er); a != b {
					t.Fatalf("xray (%s) at %s: %v, the ray definition %v", args, g.Nodes[i].Pos.FEN(), a, b)
				}
				checked++
			}
		}
		if checked == 0 {
			t.Skip("no corpus positions")
		}
	}
}

// TestSetCompoundAssignment evaluates x |= S and x &= S (CQL's x = x | S and
// x = x & S) on the start position.
func TestSetCompoundAssignment(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"x = Ka1 x |= [Qq] x", []string{"d1", "d8"}}, // Ka1 is empty: the queens alone
		{"x = A x &= a-h1 x ∪= k x", []string{"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "e8"}},
		{"x = [Rr] x &= a-d1-8 x", []string{"a1", "a8"}},
	} {
		if got := parsedValue(t, start, c.src); got != bb(t, c.want...) {
			t.Errorf("%s: got %v, want %v", c.src, got, c.want)
		}
	}
}

// TestPinManualExamples: the pin page's examples (gadycosteff.com/cql/pin.html:
// pin, pin through R, pin from Q, pin to q, pin from Q through r to k, pin
// through a; defaults from ◭, through ◭, to ♔♚; the value follows the first
// parameter) on a position built by hand: Qb5 pins nd7 to ke8, bb4 pins Nc3
// to Ke1, Rg1 pins pg5 to qg8 (not a king).
func TestPinManualExamples(t *testing.T) {
	const fen = "4k1q1/3n4/8/1Q4p1/1b6/2N5/8/4K1R1 w - - 0 1"
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"pin", []string{"c3", "d7"}}, // some piece pinned against its own king
		{"pin through a", []string{"d7"}},
		{"pin through A", []string{"c3"}},
		{"pin from Q", []string{"b5"}}, // a white queen pins a black piece against the black king
		{"pin to q", []string{"g8"}},
		{"pin from R through p to q", []string{"g1"}},
		{"pin through R", nil},
		{"pin from Q through r to k", nil},
		{"pin from Q through n to k", []string{"b5"}},
		{"pin to k", []string{"e8"}},
		{"pin to [Kk]", []string{"e1", "e8"}},
		{"pin through ◭ from ◭ to ♔♚", []string{"c3", "d7"}}, // the page's spelled-out defaults
	} {
		if got := parsedValue(t, fen, c.src); got != bb(t, c.want...) {
			t.Errorf("%s: got %v, want %v", c.src, got, c.want)
		}
	}
}

// TestBetweenManualExamples: between.html: no square lies between a1 and h7,
// b2 is the only one between a1 and c3; its example forms between(R q),
// between(A attacks _ a attacks q) and between(from to) run (on a position
// built by hand: Rb1 and qb7 on the b-file, Ra1's file is blocked by Pa2).
func TestBetweenManualExamples(t *testing.T) {
	const fen = "4k3/1q6/8/8/8/8/P7/RR2K3 w - - 0 1"
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"between(a1 h7)", nil},
		{"between(a1 c3)", []string{"b2"}},
		{"between(R q)", []string{"b2", "b3", "b4", "b5", "b6"}},
		// Pa2 Rb1 Ke1 attack empty squares, but no black piece attacks qb7: the
		// second set is empty, and so is the value.
		{"between(A attacks _ a attacks q)", nil},
		{"between(a attacks q A)", nil},
		{"between(A q)", []string{"b2", "b3", "b4", "b5", "b6"}}, // no other white piece shares a line with b7
	} {
		if got := parsedValue(t, fen, c.src); got != bb(t, c.want...) {
			t.Errorf("%s: got %v, want %v", c.src, got, c.want)
		}
	}
	compileSrc(t, "between(from to)") // fails the test if it does not compile
}

// TestPawnFiltersMatchCQLDefinitions: CQL defines its four pawn structure
// filters as CQL text (build 9.493, node-parse.cpp, match_connectedpawns and
// the next three; the manual's connectedpawns and notransform pages give the
// same text), each under notransform. Our bitboard filters must give the same
// squares on every position of master and online games, also inside a
// transform (notransform: rotate90 passedpawns is passedpawns).
func TestPawnFiltersMatchCQLDefinitions(t *testing.T) {
	const connected = "{P & horizontal 1 vertical 0 7 P} | {p & horizontal 1 vertical 0 7 p}"
	defs := [][2]string{
		{"connectedpawns", "notransform {" + connected + "}"},
		{"isolatedpawns", "notransform {[Pp] & ~{" + connected + "}}"},
		{"doubledpawns", "notransform {{P & vertical P} | {p & vertical p}}"},
		{"passedpawns", "notransform {{P & {~down horizontal 0 1 p}} | {p & {~up horizontal 0 1 P}}}"},
		{"rotate90 passedpawns", "notransform {{P & {~down horizontal 0 1 p}} | {p & {~up horizontal 0 1 P}}}"},
		{"flipcolor isolatedpawns", "notransform {[Pp] & ~{" + connected + "}}"},
		{"shift doubledpawns", "notransform {{P & vertical P} | {p & vertical p}}"},
	}
	var games []*pgn.Game
	games = append(games, loadGames(t, "masters-10k.pgn", 40, false)...)
	games = append(games, loadGames(t, "lichess-10k.pgn", 40, false)...)
	for _, d := range defs {
		ours, def := compileSrc(t, d[0]), compileSrc(t, d[1])
		os, ds := ours.body.(setNode), def.body.(setNode)
		eo, ed := ours.NewEvaluator(), def.NewEvaluator()
		checked := 0
		for _, g := range games {
			eo.startGame(g)
			ed.startGame(g)
			for i := range g.Nodes {
				eo.at(int32(i))
				ed.at(int32(i))
				if a, b := os.set(eo), ds.set(ed); a != b {
					t.Fatalf("%s at %s: %v, CQL's definition %v", d[0], g.Nodes[i].Pos.FEN(), a, b)
				}
				checked++
			}
		}
		if checked == 0 {
			t.Skip("no corpus positions")
		}
	}
}

// TestAttacksManualExamples: the attacks page (gadycosteff.com/cql/attacks.html):
// A attacks k is the set of white pieces attacking the black king, so
// A attacks k > 1 is double check; . attackedby k is the squares next to the
// black king; a piece attacks a square when a king of the other colour there
// would be in check from it, so a white pawn on d4 attacks c5 and e5 whatever
// stands there, and a black pawn on g7 attacks f6 and h6 even when Black is in
// check or White is to move; left attacks right matches exactly when right
// attackedby left does.
func TestAttacksManualExamples(t *testing.T) {
	const (
		double  = "4k3/8/8/1B6/8/8/8/K3R3 b - - 0 1"      // Re1 and Bb5 check ke8
		pawns   = "4k3/6p1/8/1BN1n3/3P4/8/8/K7 w - - 0 1" // Nc5 ne5 around Pd4; Bb5 checks ke8, White to move
		wantAdj = "d8 f8 d7 e7 f7"
	)
	for _, c := range []struct {
		fen, src string
		want     []string
	}{
		{double, "A attacks k", []string{"b5", "e1"}},
		{double, "k attackedby A", []string{"e8"}},
		{pawns, "A attacks k", []string{"b5"}},
		{pawns, ". attackedby k", strings.Fields(wantAdj)},
		{pawns, ". attackedby Pd4", []string{"c5", "e5"}},
		{pawns, "Pd4 attacks [c5,e5]", []string{"d4"}},
		{pawns, ". attackedby pg7", []string{"f6", "h6"}},
		{pawns, "_ attackedby k", []string{"d8", "f8", "d7", "e7", "f7"}},
	} {
		if got := parsedValue(t, c.fen, c.src); got != bb(t, c.want...) {
			t.Errorf("%s on %s: got %v, want %v", c.src, c.fen, got, c.want)
		}
	}
	for _, c := range []struct {
		fen, src string
		want     bool
	}{
		{double, "A attacks k > 1", true},
		{pawns, "A attacks k > 1", false},
		{double, "#(A attacks k) == 2", true},
	} {
		if got := matchesQuery(t, c.fen, c.src); got != c.want {
			t.Errorf("%s on %s: %v, want %v", c.src, c.fen, got, c.want)
		}
	}
	// left attacks right matches exactly when right attackedby left does.
	games := loadGames(t, "masters-10k.pgn", 20, false)
	for _, pair := range [][2]string{{"A", "k"}, {"[Aa]", "q"}, {"N", "_"}, {"p", "[RQ]"}, {"a", "A"}} {
		x := compileSrc(t, pair[0]+" attacks "+pair[1])
		y := compileSrc(t, pair[1]+" attackedby "+pair[0])
		ex, ey := x.NewEvaluator(), y.NewEvaluator()
		for _, g := range games {
			if a, b := ex.Game(g), ey.Game(g); !slicesEqual(a, b) {
				t.Fatalf("%s attacks %s matches %v, %s attackedby %s %v", pair[0], pair[1], a, pair[1], pair[0], b)
			}
		}
	}
}

func slicesEqual(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestDollarNamesEvaluate: names with a leading $ (legal in CQL, common in
// real scripts) work as set, piece and square variables, not only numbers.
func TestDollarNamesEvaluate(t *testing.T) {
	const double = "4k3/8/8/1B6/8/8/8/K3R3 b - - 0 1" // Re1 and Bb5 check ke8
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"$attacks = A attacks k $attacks", []string{"b5", "e1"}},
		{"piece $p in [RB] $p attacks k", []string{"b5", "e1"}},
		{"square $s in A between($s k) == d7|c6", []string{"b5"}},
	} {
		if got := parsedValue(t, double, c.src); got != bb(t, c.want...) {
			t.Errorf("%s: got %v, want %v", c.src, got, c.want)
		}
	}
}
