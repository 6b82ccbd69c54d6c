package filter

import "testing"

// enpassantsquare is the square of the pawn taken en passant (CQL 9.493),
// not the capturing pawn's destination: after 3.exd6 e.p. (ply 5) it is d5,
// after 6...fxg3 e.p. (ply 12) g4. In a move filter it asks for an en
// passant capture of a pawn on its set. Every expected match is CQL 9.493's
// on this game; we took enpassantsquare d6 for 3.exd6 and had no
// standalone enpassantsquare.
func TestEnPassantSquare(t *testing.T) {
	g := readOne(t, "1. e4 a6 2. e5 d5 3. exd6 c6 4. d4 f5 5. h3 f4 6. g4 fxg3 *\n")
	for _, c := range []struct {
		cql  string
		want []int
	}{
		{"enpassantsquare", []int{5, 12}},
		{"enpassantsquare & d5", []int{5}},
		{"enpassantsquare & d6", nil},
		{"enpassantsquare & g4", []int{12}},
		{"move enpassantsquare d5", []int{4}},
		{"move enpassantsquare d6", nil},
		{"move previous enpassantsquare g4", []int{12}},
		{"move legal enpassantsquare d5", []int{4}},
		{"move legal enpassantsquare d6", nil},
		{"move pseudolegal enpassantsquare [d5,g4]", []int{4, 11}},
	} {
		if got, want := runQuery(t, c.cql, g), plies(g, c.want...); !sameMatches(got, want) {
			t.Errorf("%s: matches %s, CQL %s", c.cql, got, want)
		}
	}
}
