package query

import (
	"strings"
	"testing"
)

// CQL dedups transformed copies by its orbit comparison
// (transformcompare.cpp), which looks only at the members transforms
// change. Where no currenttransform is involved that must find exactly the
// copies that print differently (variantKey): a member the comparison
// missed would merge two different filters and lose an image.
func TestOrbitEqualityMatchesPrintedCopies(t *testing.T) {
	bodies := []string{
		"Kb1", "{Ka1 kh8}", "{wtm Ra1 up R}", "{btm qd1 northeast B}", "[Aq]e4",
		"{result 1-0 player white \"X\" elo white > 2000}", "{light Bc1 dark b}",
		"ray diagonal (B n k)", "ray (R up k)", "move from P promote Q", "P--q",
		"{Qa1 vertical R}", "{K[a1,h1] _b2}", "{K attacks [a-c1-3] black}", "flip Ra1",
		"flipcolor {Kb1 wtm}", "shifthorizontal Kg1",
	}
	for _, kind := range []string{"flip", "flipcolor", "rotate90", "fliphorizontal", "flipvertical", "shift", "rotate45"} {
		for _, b := range bodies {
			if kind == "rotate45" && strings.ContainsAny(b, "12345678") {
				continue // rotate45 takes all-square designators only
			}
			src := kind + " " + b
			p, err := Parse("", []byte(src))
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			tr := p.Body.Filters[0].(*Transform)
			vs := tr.Variants
			for i := range vs {
				for j := i + 1; j < len(vs); j++ {
					if orbitCompare(vs[i], vs[j]) == 0 {
						t.Errorf("%s: %s and %s are one orbit element but print differently", src, Sprint(vs[i]), Sprint(vs[j]))
					}
					if orbitCompare(vs[i], vs[j]) > 0 {
						t.Errorf("%s: %s comes before %s against CQL's order", src, Sprint(vs[i]), Sprint(vs[j]))
					}
				}
			}
		}
	}
}

// currenttransform has no member CQL compares
// (CurrentTransformNode::transformmemberless is always false), so copies
// differing only there are one element: the first made, the identity.
func TestOrbitCurrentTransform(t *testing.T) {
	tr := mustParse(t, `flip comment(currenttransform)`).Body.Filters[0].(*Transform)
	var names []string
	Inspect(tr.Variants[0], func(n Node) bool {
		if k, ok := n.(*Keyword); ok && k.Kind == KwCurrentTransform {
			names = k.Transforms
		}
		return true
	})
	if len(tr.Variants) != 1 || CurrentTransformString(names) != CurrentTransformString(nil) {
		var got []string
		for _, v := range tr.Variants {
			got = append(got, Sprint(v))
		}
		t.Errorf("flip comment(currenttransform): variants %q, want the identity's alone", got)
	}
	tr = mustParse(t, `flip {Kb1 comment(currenttransform)}`).Body.Filters[0].(*Transform)
	if len(tr.Variants) != 8 {
		t.Errorf("flip {Kb1 comment(currenttransform)}: %d variants, want 8", len(tr.Variants))
	}
}

// CQL compares a loop's body before the set it runs over, and the attacking
// side of attackedby (its right operand) first. The first copy of each
// query below is the one CQL 9.493 evaluates first: with `comment
// (currenttransform)` and `or true` in the body it writes, on every position
// of sample.pgn, "c<invertcolor reflect_h> c<>" for the loops and attacks
// and "c<> c<invertcolor reflect_h>" for attackedby.
func TestOrbitChildOrder(t *testing.T) {
	for _, c := range []struct {
		src        string
		flipped1st bool
	}{
		{`flipcolor {square s in (Q & a-h1-4) (s & a-h5-8)}`, true},
		{`flipcolor {square all s in (Q & a-h1-4) (s & a-h5-8)}`, true},
		{`flipcolor {(k & a-h1-4) attacks (Q & a-h5-8)}`, true},
		{`flipcolor {(k & a-h1-4) attackedby (Q & a-h5-8)}`, false},
	} {
		tr := mustParse(t, c.src).Body.Filters[0].(*Transform)
		if len(tr.Variants) != 2 {
			t.Fatalf("%s: %d variants", c.src, len(tr.Variants))
		}
		if got := Sprint(tr.Variants[0]) != Sprint(tr.Body); got != c.flipped1st {
			t.Errorf("%s: first copy %s, want the flipped one first: %v", c.src, Sprint(tr.Variants[0]), c.flipped1st)
		}
	}
}
