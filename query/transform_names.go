package query

import (
	"strconv"
	"strings"
)

// The names CQL gives transforms in the value of currenttransform: the
// manual shows <> outside any transform and <reflect_v> under flipvertical;
// the others follow CQL's own source (its transform classes' names): a
// reflection is reflect_h (a1 <-> a8), reflect_v (a1 <-> h1), reflect_a1h8
// or reflect_a8h1; a rotation clockwise90 (a1 -> a8), counterclockwise90
// (a1 -> h1) or rotate180; rotate45 turns are rotate45^k; a shift is
// right^n or left^n, then up^n or down^n; flipcolor and reversecolor swap
// the colours and reflect about the horizontal bisector, named
// "invertcolor reflect_h".

// name is t's name, "" for the identity.
func (t xform) name() string {
	if t.rot45 != 0 {
		return "rotate45^" + strconv.Itoa(t.rot45)
	}
	var parts []string
	if t.swap {
		parts = append(parts, "invertcolor")
	}
	if d := dihedralName(t.m); d != "" {
		parts = append(parts, d)
	}
	switch {
	case t.df > 0:
		parts = append(parts, "right^"+strconv.Itoa(t.df))
	case t.df < 0:
		parts = append(parts, "left^"+strconv.Itoa(-t.df))
	}
	switch {
	case t.dr > 0:
		parts = append(parts, "up^"+strconv.Itoa(t.dr))
	case t.dr < 0:
		parts = append(parts, "down^"+strconv.Itoa(-t.dr))
	}
	return strings.Join(parts, " ")
}

// dihedralName names a symmetry of the square by its matrix on centred
// coordinates ("" for the identity).
func dihedralName(m [2][2]int) string {
	switch m {
	case dihedral[1].m:
		return "reflect_v"
	case dihedral[2].m:
		return "reflect_h"
	case dihedral[3].m:
		return "rotate180"
	case dihedral[4].m:
		return "reflect_a1h8"
	case dihedral[5].m:
		return "reflect_a8h1"
	case dihedral[6].m:
		return "clockwise90"
	case dihedral[7].m:
		return "counterclockwise90"
	}
	return ""
}

// CurrentTransformString is the value of currenttransform for the
// transforms names (innermost first, "" for an identity), as CQL forms it:
// a composition reads outermost first, each transform followed by a space
// and the rest, so an identity between two others leaves two spaces; then
// the ends are trimmed and the whole put in angle brackets. With no
// transform, or only identities, it is <>.
func CurrentTransformString(names []string) string {
	var s string
	allIdentity := true
	for i, n := range names {
		allIdentity = allIdentity && n == ""
		switch {
		case allIdentity:
			s = ""
		case i == 0:
			s = n
		default:
			s = n + " " + s
		}
	}
	return "<" + strings.Trim(s, " ") + ">"
}

// hasCurrentTransform reports whether n uses currenttransform, whose value
// records even the identity transforms applied to it.
func hasCurrentTransform(n Node) bool {
	return walkFind(n, func(x Node) bool {
		k, ok := x.(*Keyword)
		return ok && k.Kind == KwCurrentTransform
	}) != nil
}
