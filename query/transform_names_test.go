package query

import "testing"

// TestCurrentTransformString: CQL reads a composition outermost first, each
// transform followed by a space and the rest, trims the ends and drops
// compositions of identities.
func TestCurrentTransformString(t *testing.T) {
	cases := []struct {
		names []string
		want  string
	}{
		{nil, "<>"},
		{[]string{""}, "<>"},
		{[]string{"", ""}, "<>"},
		{[]string{"reflect_v"}, "<reflect_v>"},
		{[]string{"reflect_v", ""}, "<reflect_v>"},
		{[]string{"", "right^1"}, "<right^1>"},
		{[]string{"", "", "right^1"}, "<right^1>"},
		{[]string{"reflect_v", "left^2 up^1"}, "<left^2 up^1 reflect_v>"},
		{[]string{"invertcolor reflect_h", "", "right^1"}, "<right^1  invertcolor reflect_h>"},
		{[]string{"a", "", ""}, "<a>"},
	}
	for _, c := range cases {
		if got := CurrentTransformString(c.names); got != c.want {
			t.Errorf("%q: %q, want %q", c.names, got, c.want)
		}
	}
}

// TestTransformNames: the name of each transformation, from where it takes
// a1 (and b1 for the reflections that keep a1).
func TestTransformNames(t *testing.T) {
	a1, b1 := SquareAt(0, 0), SquareAt(1, 0)
	names := map[string]bool{}
	for _, x := range dihedral {
		n := x.name()
		names[n] = true
		ta, _ := x.square(a1)
		tb, _ := x.square(b1)
		var want string
		switch {
		case ta == a1 && tb == b1:
			want = ""
		case ta == a1: // b1 -> a2
			want = "reflect_a1h8"
		case ta == SquareAt(7, 7) && tb == SquareAt(7, 6): // b1 -> h7
			want = "reflect_a8h1"
		case ta == SquareAt(7, 7):
			want = "rotate180"
		case ta == SquareAt(7, 0) && tb == SquareAt(6, 0):
			want = "reflect_v"
		case ta == SquareAt(7, 0):
			want = "counterclockwise90"
		case tb == SquareAt(1, 7):
			want = "reflect_h"
		default:
			want = "clockwise90"
		}
		if n != want {
			t.Errorf("a1 -> %d, b1 -> %d: %q, want %q", ta, tb, n, want)
		}
	}
	if len(names) != 8 {
		t.Errorf("%d distinct names for the 8 symmetries", len(names))
	}
	if n := transformsFor(TransformFlipColor)[1].name(); n != "invertcolor reflect_h" {
		t.Errorf("flipcolor: %q", n)
	}
	shift := identity
	shift.df, shift.dr = -3, 2
	if n := shift.name(); n != "left^3 up^2" {
		t.Errorf("shift: %q", n)
	}
}
