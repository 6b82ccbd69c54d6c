package query

import (
	"cmp"
	"slices"
)

// CQL's orbit order (build 9.493, transformcompare.cpp, computeorbit.cpp).
// CQL keeps the transformed copies of a transform filter's body in a
// std::set ordered by Node::transformless: two copies of one filter are
// compared node by node in preorder, each node first by the members a
// transform changes (transformmemberless), then child by child; the first
// difference decides, and copies that never differ are one element of the
// orbit (the first one made is kept). A nested transform compares its own
// orbits element by element, a shorter one first when it is a prefix of
// the other. The evaluator runs the variants in this order, so comments,
// messages and assignments made by several variants come out as in CQL.
//
// The members compared, as CQL's nodes have them:
//   - piece designators: the square mask as a 64-bit number (a1 is bit 0),
//     then whether all white / all black pieces are meant, then the list of
//     the other pieces in Scid's codes (K Q R B N P = 1..6, black +8, empty 0);
//   - wtm/btm and white/black: white first; player white/black: the tag
//     name, so Black first; elo: white first; result: 1-0, 0-1, draw;
//   - light and dark: dark first;
//   - directions of direction filters and rays: their (file, rank) offset
//     lists, lexicographically (a ray's sorted, as CQL's RayNode sorts them);
//   - promotion pieces of move filters, as a piece list.
//
// currenttransform has no member CQL compares, so copies that differ only
// there are one element (CurrentTransformNode::transformmemberless).

// orbit sorts transformed copies into CQL's orbit order and drops those
// equal to an earlier one; vs is in the order CQL makes the copies (the
// identity first).
func orbit(vs []Node) []Node {
	if len(vs) < 2 {
		return vs
	}
	out := slices.Clone(vs)
	slices.SortStableFunc(out, orbitCompare)
	return slices.CompactFunc(out, func(a, b Node) bool { return orbitCompare(a, b) == 0 })
}

// orbitCompare compares two transformed copies of one filter in CQL's
// orbit order: negative when a comes first, 0 when CQL sees no difference.
func orbitCompare(a, b Node) int {
	if a == b {
		return 0
	}
	if c := compareMembers(a, b); c != 0 {
		return c
	}
	if ta, ok := a.(*Transform); ok {
		if tb, ok := b.(*Transform); ok {
			return slices.CompareFunc(ta.Variants, tb.Variants, orbitCompare)
		}
	}
	ca, cb := orbitChildren(a), orbitChildren(b)
	for i := 0; i < len(ca) && i < len(cb); i++ {
		if c := orbitCompare(ca[i], cb[i]); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(ca), len(cb))
}

// orbitChildren lists n's children in the order CQL's node compares them
// (its children()) where that differs from ours: a square or piece loop
// has its body first, then the set it runs over (SquareLoopNode,
// PieceLoopNode); X attackedby Y is CQL's attack node of Y on X, so Y
// comes first (toplevel.cpp makes AttackNode(right, left)).
func orbitChildren(n Node) []Node {
	switch n := n.(type) {
	case *Square:
		var out []Node
		for _, c := range []Node{n.Body, n.In} {
			if c != nil {
				out = append(out, c)
			}
		}
		return out
	case *Binary:
		if n.Op == OpAttackedBy {
			return []Node{n.Y, n.X}
		}
	}
	return children(n)
}

// compareMembers compares the members of two copies of one node that a
// transform changes.
func compareMembers(a, b Node) int {
	switch a := a.(type) {
	case *PieceDesignator:
		if b, ok := b.(*PieceDesignator); ok {
			if c := cmp.Compare(a.Squares, b.Squares); c != 0 {
				return c
			}
			return comparePieces(a.Pieces, b.Pieces)
		}
	case *Keyword:
		if b, ok := b.(*Keyword); ok {
			return cmp.Compare(keywordColor(a.Kind), keywordColor(b.Kind))
		}
	case *Player:
		if b, ok := b.(*Player); ok {
			return cmp.Compare(playerTag(a.Color), playerTag(b.Color))
		}
	case *Elo:
		if b, ok := b.(*Elo); ok {
			return cmp.Compare(a.Color, b.Color)
		}
	case *Result:
		if b, ok := b.(*Result); ok {
			return cmp.Compare(resultCode(a.Value), resultCode(b.Value))
		}
	case *Dir:
		if b, ok := b.(*Dir); ok {
			return compareOffsets(offsets([]Direction{a.Dir}, false), offsets([]Direction{b.Dir}, false))
		}
	case *Geo:
		if b, ok := b.(*Geo); ok {
			if c := cmp.Compare(geoParity(a.Kind), geoParity(b.Kind)); c != 0 {
				return c
			}
			return compareOffsets(offsets(a.Dirs, true), offsets(b.Dirs, true))
		}
	case *Move:
		if b, ok := b.(*Move); ok {
			return comparePieces(a.Promote, b.Promote)
		}
	case *Dash:
		if b, ok := b.(*Dash); ok {
			return comparePieces(a.Promote, b.Promote)
		}
	}
	return 0
}

// comparePieces compares piece sets as CQL's PieceLoc does: the flags for
// all white and all black pieces (false first), then the sorted list of
// the other pieces' Scid codes.
func comparePieces(a, b PieceSet) int {
	fa, la := scidPieces(a)
	fb, lb := scidPieces(b)
	if c := cmp.Compare(fa[0], fb[0]); c != 0 {
		return c
	}
	if c := cmp.Compare(fa[1], fb[1]); c != 0 {
		return c
	}
	return slices.Compare(la, lb)
}

// scidPieces splits a piece set into CQL's colour flags (0 or 1, white
// then black) and the sorted Scid codes of the remaining pieces.
func scidPieces(p PieceSet) (flags [2]int, codes []int) {
	if p&WhitePieces == WhitePieces {
		flags[0] = 1
		p &^= WhitePieces
	}
	if p&BlackPieces == BlackPieces {
		flags[1] = 1
		p &^= BlackPieces
	}
	if p&EmptySquare != 0 {
		codes = append(codes, 0)
	}
	for k := WhiteKing; k <= BlackPawn; k++ {
		if p&(1<<k) == 0 {
			continue
		}
		if k < BlackKing {
			codes = append(codes, int(k-WhiteKing)+1)
		} else {
			codes = append(codes, int(k-BlackKing)+9)
		}
	}
	return flags, codes
}

// keywordColor is the colour member of CQL's ToMoveNode (wtm, btm) and
// ColorValueNode (white, black): white 0, black 1; other keywords have none.
func keywordColor(k KeywordKind) int {
	switch k {
	case KwBtm, KwBlack:
		return 1
	}
	return 0
}

// playerTag orders player filters by the tag name CQL's TagBuiltInNode
// holds: "Black" < "White".
func playerTag(c Color) int {
	switch c {
	case ColorBlack:
		return 0
	case ColorWhite:
		return 1
	}
	return 2
}

// resultCode is Scid's result code: 1-0 is 1, 0-1 is 2, a draw 3.
func resultCode(v string) int {
	switch v {
	case "1-0":
		return 1
	case "0-1":
		return 2
	case "1/2-1/2":
		return 3
	}
	return 0
}

// geoParity is CQL's SquareParityNode member: dark (false) before light.
func geoParity(k GeoKind) int {
	switch k {
	case GeoDark:
		return 1
	case GeoLight:
		return 2
	}
	return 0
}

// offsets lists the (file, rank) offsets of directions, CQL's Direction
// (xoffset, yoffset), sorted when CQL sorts them (rays) or when a group
// such as diagonal stands for several.
func offsets(ds []Direction, sorted bool) [][2]int {
	var out [][2]int
	for _, d := range ds {
		bs := basicDirs(d)
		for _, b := range bs {
			out = append(out, dirVectors[b][0])
		}
		if len(bs) > 1 {
			sorted = true
		}
	}
	if sorted {
		slices.SortFunc(out, func(x, y [2]int) int { return slices.Compare(x[:], y[:]) })
	}
	return out
}

func compareOffsets(a, b [][2]int) int {
	return slices.CompareFunc(a, b, func(x, y [2]int) int { return slices.Compare(x[:], y[:]) })
}
