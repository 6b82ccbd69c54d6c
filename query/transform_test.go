package query

import (
	"strings"
	"testing"
)

// TestTransformsAreBijections: every dihedral transform and the colour flip
// map the 64 squares one to one onto themselves, and each has an inverse in
// its own transform filter's set (applying both gives every square back).
// Shifts are one to one where defined and undone by the opposite shift.
func TestTransformsAreBijections(t *testing.T) {
	for _, k := range []TransformKind{TransformFlip, TransformFlipColor, TransformFlipHorizontal, TransformFlipVertical, TransformRotate90} {
		ts := transformsFor(k)
		for i, x := range ts {
			seen := map[int]bool{}
			for sq := 0; sq < 64; sq++ {
				d, ok := x.square(sq)
				if !ok || seen[d] {
					t.Fatalf("%v #%d: square %d maps to %d (ok %v), not a bijection", k, i, sq, d, ok)
				}
				seen[d] = true
			}
			inverse := false
			for _, y := range ts {
				id := true
				for sq := 0; sq < 64 && id; sq++ {
					d, _ := x.square(sq)
					e, _ := y.square(d)
					id = e == sq
				}
				if id && x.swap == y.swap {
					inverse = true
				}
			}
			if !inverse {
				t.Errorf("%v #%d has no inverse among its transforms", k, i)
			}
		}
	}
	for _, x := range transformsFor(TransformShift) {
		back := identity
		back.df, back.dr = -x.df, -x.dr
		for sq := 0; sq < 64; sq++ {
			if d, ok := x.square(sq); ok {
				if e, ok := back.square(d); !ok || e != sq {
					t.Fatalf("shift (%d,%d) then back: %d -> %d -> %d", x.df, x.dr, sq, d, e)
				}
			}
		}
	}
	if len(transformsFor(TransformShift)) != 225 || len(transformsFor(TransformShiftHorizontal)) != 15 {
		t.Errorf("shift counts %d, %d", len(transformsFor(TransformShift)), len(transformsFor(TransformShiftHorizontal)))
	}
}

// unknownNode stands for a filter added to the AST without a rule in the
// transform walker.
type unknownNode struct{ At }

func (*unknownNode) Type() Type { return TypeNone }
func (*unknownNode) node()      {}

// TestTransformRefusesUnknownFilters: a filter the walker cannot transform
// must stop the query with an error at that filter, never be evaluated
// untransformed (which would silently lose the other images).
func TestTransformRefusesUnknownFilters(t *testing.T) {
	for _, k := range []TransformKind{TransformFlip, TransformFlipColor, TransformShift, TransformRotate90, TransformRotate45} {
		stuck := &unknownNode{At{P: Pos{Line: 1, Col: 12, Offset: 11}}}
		body := &Block{Filters: []Node{&PieceDesignator{Pieces: 1 << WhiteKing, Squares: AllSquares, Text: "K"}, stuck}}
		c := &checker{src: []byte("flipcolor {K ?}")}
		c.variants(&Transform{Kind: k, Body: body})
		if len(c.errs) != 1 || c.errs[0].Pos != stuck.P {
			t.Errorf("%v: errors %v, want one at the unknown filter", k, c.errs)
		}
	}
}

// TestLineDirectionsTransform: a transform maps a line direction (vertical,
// horizontal, maindiagonal, offdiagonal) to the line whose two compass
// directions are the images of its own, for the eight dihedral transforms
// and the eight rotations by 45 degrees; rotate45 turns vertical into
// offdiagonal, horizontal, maindiagonal and back.
func TestLineDirectionsTransform(t *testing.T) {
	lines := []Direction{DirVertical, DirHorizontal, DirMainDiagonal, DirOffDiagonal}
	set := func(ds []Direction) map[Direction]bool {
		m := map[Direction]bool{}
		for _, d := range ds {
			m[d] = true
		}
		return m
	}
	same := func(a, b map[Direction]bool) bool {
		if len(a) != len(b) {
			return false
		}
		for k := range a {
			if !b[k] {
				return false
			}
		}
		return true
	}
	xs := append([]xform(nil), dihedral...)
	for k := 1; k < 8; k++ {
		xs = append(xs, xform{m: identity.m, rot45: k})
	}
	for i, x := range xs {
		for _, d := range lines {
			var images []Direction
			for _, b := range basicDirs(d) {
				images = append(images, x.direction(b))
			}
			got := x.direction(d)
			if !same(set(images), set(basicDirs(got))) {
				t.Errorf("transform #%d: %v -> %v, but its directions go to %v", i, d, got, images)
			}
		}
	}
	want := []Direction{DirVertical, DirOffDiagonal, DirHorizontal, DirMainDiagonal, DirVertical}
	for k, w := range want {
		if got := rotateDir(DirVertical, k); got != w {
			t.Errorf("vertical turned %d eighths: %v, want %v", k, got, w)
		}
	}
}

// TestParityFlips: a transformed copy turns light into dark exactly when
// its map sends a light square to a dark one (CQL's flipsSquareParity:
// mirrors in one axis, quarter turns, odd shifts and flipcolor's mirror).
func TestParityFlips(t *testing.T) {
	light := func(sq int) bool { return (sq%8+sq/8)%2 != 0 }
	for _, k := range []TransformKind{TransformFlip, TransformFlipColor, TransformFlipHorizontal, TransformFlipVertical, TransformRotate90, TransformShift} {
		for _, x := range transformsFor(k) {
			for sq := 0; sq < 64; sq++ {
				if d, ok := x.square(sq); ok && light(sq) != light(d) != x.flipsParity() {
					t.Fatalf("%v %+v: %d -> %d, flipsParity %v", k, x, sq, d, x.flipsParity())
				}
			}
		}
	}
}

// TestRotate45RefusesSquareColour: CQL 9.493 stops `rotate45 light K` ("the
// effect of a 45 degree transform on square color ... is undefined").
func TestRotate45RefusesSquareColour(t *testing.T) {
	for _, src := range []string{"rotate45 light K", "rotate45 {K dark k}", "rotate45 flip light K"} {
		if _, err := Parse("", []byte(src)); err == nil || !strings.Contains(err.Error(), "rotate45") {
			t.Errorf("%s: error %v, want one naming rotate45", src, err)
		}
	}
}

// dihedral and flipdihedral are CQL's other names for flip
// (transform-parse.cpp; CQL 9.493 writes the same comments for
// `dihedral {comment(currenttransform) Na1}` as for flip on sample.pgn).
func TestDihedralIsFlip(t *testing.T) {
	want := Sprint(mustParse(t, "flip {Na1 Kb3}").Body)
	for _, w := range []string{"dihedral", "flipdihedral"} {
		p := mustParse(t, w+" {Na1 Kb3}")
		if got := Sprint(p.Body); got != want {
			t.Errorf("%s: %s, want %s", w, got, want)
		}
		if n := len(p.Body.Filters[0].(*Transform).Variants); n != 8 {
			t.Errorf("%s: %d copies, want 8", w, n)
		}
	}
}
