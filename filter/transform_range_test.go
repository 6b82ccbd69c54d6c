package filter

import (
	"slices"
	"testing"
)

// `flip 2 4 F`: CQL's match_range after a transform keyword (node-parse.cpp
// Tokens::match_range, transform-parse.cpp) gives the orbit a range; the
// filter then counts the variants that match, matches when the count is in
// the range, and has the count as its value (orbitnode.cpp match_range).
// `count` is the same with any count. By hand: [Rr]a1 under flip has the
// images a1, h1, a8, h8, and in 1.e4 e5 2.Nf3 every corner holds a rook
// (the manual's `4==flip count [Rr]a1`); Ra1 alone matches on a1 and h1.
func TestTransformRange(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Nf3 *\n")
	all := plies(g, span(0, 3)...)
	cases := []struct{ src, want string }{
		{`4 == flip count [Rr]a1`, all},
		{`flip 4 [Rr]a1`, all},
		{`flip 1 3 [Rr]a1`, ""},
		{`flip 2 Ra1`, all},
		{`(flip 1 4 Ra1) == 2`, all},
		{`flip 3 4 Ra1`, ""},
		// A numeric body counts its matching variants too; ply is the same
		// in every variant, so the orbit has one element.
		{`flip 1 ply > 1`, plies(g, 2, 3)},
	}
	for _, c := range cases {
		if got := runQuery(t, c.src, g); !sameMatches(got, c.want) {
			t.Errorf("%s: got %s want %s", c.src, got, c.want)
		}
	}
}

// CQL evaluates every variant of a transform (orbitnode.cpp
// compute_match_count), so what the body does is done by each: comments of
// every matching variant stay, and a variable keeps the value the last
// variant gave it. At ply 3 (after 2.Nf3) #N&f3 is 1 and its flipped
// #n&f6 is 0; the identity variant comes first in CQL's orbit order (the
// first piece designator decides: WN sorts before BN).
func TestTransformEveryVariant(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Nf3 *\n")
	if got, want := runQuery(t, `ply == 3 flipcolor {x = #N&f3 true} x == 0`, g), plies(g, 3); !sameMatches(got, want) {
		t.Errorf("assignment: got %s want %s", got, want)
	}
	src := `ply == 3 flipcolor {comment("n" #N&f3) true}`
	for _, always := range []bool{false, true} {
		if got, want := compoundNotes(t, src, g, always), []string{"3: n1", "3: n0"}; !slices.Equal(got, want) {
			t.Errorf("-alwayscomment=%v %s: got %q want %q", always, src, got, want)
		}
	}
}

// The order of the variants is CQL's orbit order (query/orbit.go): here the
// first piece designator is n in the body and N in its flipped copy, and
// Scid's code of N (5) is below n's (13), so the flipped copy runs first
// and the body last. Generation order (the body first) gave x = 1 and the
// comments the other way round.
func TestTransformOrbitOrder(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Nf3 *\n")
	if got, want := runQuery(t, `ply == 3 flipcolor {x = #n&f6 true} x == 0`, g), plies(g, 3); !sameMatches(got, want) {
		t.Errorf("assignment: got %s want %s", got, want)
	}
	src := `ply == 3 flipcolor {comment("n" #n&f6) true}`
	for _, always := range []bool{false, true} {
		if got, want := compoundNotes(t, src, g, always), []string{"3: n1", "3: n0"}; !slices.Equal(got, want) {
			t.Errorf("-alwayscomment=%v %s: got %q want %q", always, src, got, want)
		}
	}
}
