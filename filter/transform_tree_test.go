package filter

import (
	"testing"

	"github.com/cqlgo/cql/query"
)

// TestTransformsReachIntoPositionFilters: a transform maps the filter on the
// right of `:` and inside game-tree filters like any other (the manual
// defines a transform of F as F with every square, piece colour and
// direction mapped; `x : F` and parent/child only change where F is
// evaluated). Game: Kh1/ka8, then Kg1, Kb8, Kh1. No white king ever stands on
// a1 or b1, so each match below comes from the colour-flipped image (a black
// king on a8 or b8) at the position named on the left of `:`.
func TestTransformsReachIntoPositionFilters(t *testing.T) {
	g := lineGame(t, "k7/8/8/8/8/8/8/7K w - - 0 1", "h1g1", "a8b8", "g1h1")
	// plies:     0: Kh1 ka8   1: Kg1 ka8   2: Kg1 kb8   3: Kh1 kb8
	cases := []struct {
		src  string
		want [4]bool
	}{
		{"flipcolor Kb1", [4]bool{false, false, true, true}},
		{"flipcolor (parent : Kb1)", [4]bool{false, false, false, true}},
		{"flipcolor (child : Kb1)", [4]bool{false, true, true, false}},
		{"flipcolor (initialposition : Ka1)", [4]bool{true, true, true, true}},
		{"flipcolor (initialposition : Kb1)", [4]bool{false, false, false, false}},
		{"flipcolor (position 2 : Kb1)", [4]bool{true, true, true, true}},
		{"flipcolor {here = parent here : Kb1}", [4]bool{false, false, false, true}},
		{"x = currentposition flipcolor (x : Kb1)", [4]bool{false, false, true, true}},
		{"flipcolor (parent : currentposition : Kb1)", [4]bool{false, false, false, true}},
		{"flipcolor find Kb1", [4]bool{true, true, true, true}},
		{"flipcolor (parent : Ka1) and Kh1", [4]bool{false, false, false, false}},
		{"flipcolor {(parent : Ka1) Kg1}", [4]bool{false, false, false, false}}, // one image: ka8 before and kg8 now
		{"flip (parent : Kh8)", [4]bool{false, true, false, false}},             // h1 is an image of h8; g1 is not
	}
	for _, c := range cases {
		p, err := query.Parse("", []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		q := mustCompile(t, p)
		for i := range c.want {
			e := q.NewEvaluator()
			e.startGame(g)
			e.at(int32(i))
			if got := q.body.match(e); got != c.want[i] {
				t.Errorf("%s at ply %d: %v, want %v", c.src, i, got, c.want[i])
			}
		}
	}
}
