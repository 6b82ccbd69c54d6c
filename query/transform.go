package query

import (
	"slices"
	"strings"
)

// Board transformations for flip, flipcolor, fliphorizontal, flipvertical,
// rotate90 and shift. The checker computes every transformed copy of a
// transform filter's body once, so the evaluator just tries each variant.

// xform is one board transformation: a linear map M on centred coordinates
// (x = 2*file-7, y = 2*rank-7, so the board's centre is the origin),
// followed by a translation (df, dr) in squares, optionally swapping colours.
type xform struct {
	m      [2][2]int
	df, dr int
	swap   bool
	rot45  int // rotate45: eighths of a turn counterclockwise, applied to directions only
}

var identity = xform{m: [2][2]int{{1, 0}, {0, 1}}}

// dihedral lists the 8 symmetries of the square, identity first.
var dihedral = []xform{
	identity,
	{m: [2][2]int{{-1, 0}, {0, 1}}},  // mirror left-right
	{m: [2][2]int{{1, 0}, {0, -1}}},  // mirror top-bottom
	{m: [2][2]int{{-1, 0}, {0, -1}}}, // rotate 180
	{m: [2][2]int{{0, 1}, {1, 0}}},   // a1-h8 diagonal
	{m: [2][2]int{{0, -1}, {-1, 0}}}, // a8-h1 diagonal
	{m: [2][2]int{{0, 1}, {-1, 0}}},  // rotate 90 clockwise: a1 -> a8
	{m: [2][2]int{{0, -1}, {1, 0}}},  // rotate 90 counterclockwise: a1 -> h1
}

// transformsFor returns the transformations of a transform filter kind,
// identity first.
func transformsFor(k TransformKind) []xform {
	switch k {
	case TransformFlip:
		// CQL's order (DihedralTransform::allDihedral: file reflection,
		// rank reflection, swap of file and rank, as three bits): where two
		// maps make the same copy, the first is the one currenttransform names.
		return []xform{identity, dihedral[4], dihedral[2], dihedral[7], dihedral[1], dihedral[6], dihedral[3], dihedral[5]}
	case TransformFlipHorizontal:
		// The manual: reflection about the horizontal bisector, a1 <-> a8.
		return []xform{identity, dihedral[2]}
	case TransformFlipVertical:
		// Reflection about the vertical bisector, a1 <-> h1.
		return []xform{identity, dihedral[1]}
	case TransformFlipColor:
		return []xform{identity, {m: dihedral[2].m, swap: true}}
	case TransformRotate45:
		out := []xform{identity}
		for k := 1; k < 8; k++ {
			t := identity
			t.rot45 = k
			out = append(out, t)
		}
		return out
	case TransformRotate90:
		// The manual's rotate[90], rotate[180], rotate[270]: counterclockwise
		// (a1 -> h1) by 90, 180 and 270 degrees.
		return []xform{identity, dihedral[7], dihedral[3], dihedral[6]}
	case TransformShift, TransformShiftHorizontal, TransformShiftVertical:
		var out []xform
		// Files outer, ranks inner, as CQL's ShiftTransform::allShift.
		for df := -7; df <= 7; df++ {
			for dr := -7; dr <= 7; dr++ {
				if k == TransformShiftHorizontal && dr != 0 || k == TransformShiftVertical && df != 0 {
					continue
				}
				t := identity
				t.df, t.dr = df, dr
				if df == 0 && dr == 0 {
					out = append([]xform{t}, out...)
				} else {
					out = append(out, t)
				}
			}
		}
		return out
	}
	return nil
}

// square maps a square index; ok is false when it leaves the board.
func (t xform) square(sq int) (int, bool) {
	x, y := 2*(sq%8)-7, 2*(sq/8)-7
	x, y = t.m[0][0]*x+t.m[0][1]*y, t.m[1][0]*x+t.m[1][1]*y
	f, r := (x+7)/2+t.df, (y+7)/2+t.dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return 0, false
	}
	return SquareAt(f, r), true
}

// flipsParity reports whether t takes light squares to dark ones: a
// reflection in one axis, a quarter turn, or a shift by an odd number of
// files plus ranks (flipcolor's mirror included). Every such map changes the
// colour of all squares or of none, so the image of a1 decides.
func (t xform) flipsParity() bool {
	x, y := t.m[0][0]*-7+t.m[0][1]*-7, t.m[1][0]*-7+t.m[1][1]*-7
	f, r := (x+7)/2+t.df, (y+7)/2+t.dr
	return (f+r)%2 != 0
}

// squares maps a set as CQL's transforms map a square mask. A shift keeps
// the squares that stay on the board (shifttransform.cpp), except that a
// full file stays in place under the vertical part of a shift and a full
// rank under the horizontal part (CQL shifts one step at a time and a full
// line "pops in" at the other end); the vertical part goes first. ok is
// false when nothing is left: CQL drops such a transformed copy
// (hasEmptySquareMask in computeorbit.cpp).
func (t xform) squares(s SquareSet) (SquareSet, bool) {
	if s == AllSquares {
		return s, true // the whole board maps to itself (shifts included)
	}
	lin := t
	lin.df, lin.dr = 0, 0
	var out SquareSet
	for sq := 0; sq < 64; sq++ {
		if s&(1<<sq) != 0 {
			d, _ := lin.square(sq) // a dihedral map never leaves the board
			out |= 1 << d
		}
	}
	out = shiftFiles(out, t.dr)
	out = shiftRanks(out, t.df)
	return out, out != 0
}

// shiftRanks moves every rank of s that is not full df files right (left
// when negative), dropping what leaves the board.
func shiftRanks(s SquareSet, df int) SquareSet {
	if df == 0 {
		return s
	}
	var out SquareSet
	for r := 0; r < 8; r++ {
		row := s >> (8 * r) & 0xff
		switch {
		case row == 0xff:
		case df > 0:
			row = row << df & 0xff
		default:
			row >>= -df
		}
		out |= row << (8 * r)
	}
	return out
}

// shiftFiles moves every file of s that is not full dr ranks up (down when
// negative), dropping what leaves the board.
func shiftFiles(s SquareSet, dr int) SquareSet {
	if dr == 0 {
		return s
	}
	const fileA = SquareSet(0x0101010101010101)
	var out SquareSet
	for f := 0; f < 8; f++ {
		col := s >> f & fileA
		switch {
		case col == fileA:
		case dr > 0:
			col <<= 8 * dr
		default:
			col >>= 8 * -dr
		}
		out |= col << f
	}
	return out
}

func (t xform) pieces(p PieceSet) PieceSet {
	if !t.swap {
		return p
	}
	return (p&WhitePieces)<<BlackKing | (p&BlackPieces)>>BlackKing | p&EmptySquare
}

func (t xform) color(c Color) Color {
	if t.swap {
		switch c {
		case ColorWhite:
			return ColorBlack
		case ColorBlack:
			return ColorWhite
		}
	}
	return c
}

var dirVectors = map[Direction][][2]int{
	DirUp: {{0, 1}}, DirDown: {{0, -1}}, DirLeft: {{-1, 0}}, DirRight: {{1, 0}},
	DirNortheast: {{1, 1}}, DirNorthwest: {{-1, 1}}, DirSoutheast: {{1, -1}}, DirSouthwest: {{-1, -1}},
	DirVertical: {{0, 1}, {0, -1}}, DirHorizontal: {{1, 0}, {-1, 0}},
	DirMainDiagonal: {{1, 1}, {-1, -1}}, DirOffDiagonal: {{-1, 1}, {1, -1}},
}

// direction maps a direction filter's direction. The symmetric groups
// (orthogonal, diagonal, anydirection) map to themselves.
func (t xform) direction(d Direction) Direction {
	if t.rot45 != 0 {
		return rotateDir(d, t.rot45)
	}
	vs, ok := dirVectors[d]
	if !ok {
		return d
	}
	v := vs[0]
	w := [2]int{t.m[0][0]*v[0] + t.m[0][1]*v[1], t.m[1][0]*v[0] + t.m[1][1]*v[1]}
	for cand, cvs := range dirVectors {
		if len(cvs) == len(vs) && cvs[0] == w {
			return cand
		}
	}
	// vertical/horizontal list the other orientation second.
	for cand, cvs := range dirVectors {
		if len(cvs) == 2 && len(vs) == 2 && cvs[1] == w {
			return cand
		}
	}
	return d
}

// variants computes the distinct transformed copies of n.Body in CQL's
// orbit order (orbit.go). A copy whose square designator lost all its
// squares off the board is dropped.
func (c *checker) variants(n *Transform) []Node {
	n.src, n.seqs = n.Body, nil
	if in := directTransform(n.Body); n.Merged && in != nil {
		// One orbit with the inner transform: each of this transform's
		// maps after each of the inner's compositions, in CQL's order
		// (ComposeTransform::composeVectors: this one's first).
		n.src = in.src
		if ts := transformsFor(n.Kind); len(ts)*len(in.seqs) > maxCopies {
			if c.unmoved(n.src, ts, in.seqs) {
				// Every map leaves the body as it is (shift {shift {shift
				// {mate}}}: CQL 9.493 runs it): its orbit is the body alone,
				// and an outer transform composes with one sequence.
				n.seqs = [][]xform{{}}
				return []Node{n.src}
			}
			c.errorf(n.Pos(), "transform filters nested too deeply: more than %d transformed filters", maxCopies)
			return []Node{n.Body}
		}
		seen := map[xform]bool{}
		for _, t := range transformsFor(n.Kind) {
			for _, s := range in.seqs {
				s = append(slices.Clip(s), t)
				// Compositions of symmetries that are one map make the same
				// copy (the first is kept, as in CQL's orbit): keep one, so
				// that flip flip flip ... stays 8 copies.
				if m, ok := composite(s); ok {
					if seen[m] {
						continue
					}
					seen[m] = true
				}
				n.seqs = append(n.seqs, s)
			}
		}
	} else {
		for _, t := range transformsFor(n.Kind) {
			n.seqs = append(n.seqs, []xform{t})
		}
	}
	if n.Kind == TransformRotate45 || n.Merged && slices.ContainsFunc(n.seqs, func(s []xform) bool {
		return slices.ContainsFunc(s, func(t xform) bool { return t.rot45 != 0 })
	}) {
		// The manual: every square designator inside must be all 64 squares,
		// and only directions change (vertical and horizontal turn into the
		// diagonal pairs maindiagonal and offdiagonal).
		// CQLi runs it: the squares stay as they are and only directions turn.
		bad := walkFind(n.src, func(x Node) bool {
			x1, ok := x.(*PieceDesignator)
			return ok && x1.Squares != AllSquares && x1.Text != "[]"
		})
		if bad != nil && c.dialect != DialectCQLi {
			c.errorf(bad.Pos(), "inside rotate45, square designators must cover all 64 squares")
			return []Node{n.Body}
		}
		// CQL 9.493 stops: a 45-degree turn has no effect on square colour it could define.
		if bad := walkFind(n.src, func(x Node) bool {
			g, ok := x.(*Geo)
			return ok && (g.Kind == GeoLight || g.Kind == GeoDark)
		}); bad != nil {
			c.errorf(bad.Pos(), "light and dark cannot be used inside rotate45: a 45-degree rotation does not map square colours")
			return []Node{n.Body}
		}
	}
	seen := map[string]bool{}
	var out []Node
	// kept are the sequences whose copies are kept: an outer transform merged
	// with this one composes its maps with these alone, since a sequence whose
	// copy repeats an earlier one's goes on to repeat its images too, and one
	// that left the board stays off it. All of them made shift {shift {shift
	// {Ka1}}} 225 x 50,625 sequences; the kept ones are 225 x 64.
	var kept [][]xform
	for _, seq := range n.seqs {
		v, ok, stuck := n.src, true, Node(nil)
		for _, t := range seq {
			// Step by step, as CQL's ComposeTransform: a square a step
			// takes off the board is gone.
			if v, ok, stuck = t.apply(v, &c.copied); !ok || stuck != nil {
				break
			}
		}
		if stuck != nil {
			// Evaluating the body untransformed would silently lose images.
			c.errorf(stuck.Pos(), "%s cannot be used inside %s: this implementation does not know how to transform it", describe(stuck), n.Kind)
			return []Node{n.Body}
		}
		if c.copied > maxTransformWork {
			// Transforms nested inside a body's other filters multiply:
			// shift {Ka1 shift {Kb2 shift {Kc3 shift {Kd4}}}} has 64^4 copies.
			c.errorf(n.Pos(), "transform filters nested too deeply: more than %d filters copied to transform them", maxTransformWork)
			return []Node{n.Body}
		}
		if !ok {
			continue
		}
		key := variantKey(v)
		if seen[key] {
			continue
		}
		seen[key] = true
		if c.kept += countNodes(v); c.kept > maxCopies {
			c.errorf(n.Pos(), "transform filters nested too deeply: more than %d transformed filters", maxCopies)
			return []Node{n.Body}
		}
		out = append(out, v)
		kept = append(kept, seq)
	}
	n.seqs = kept
	return orbit(out) // CQL's order and its notion of equal copies (orbit.go)
}

// unmoved reports whether each of the maps ts and those in seqs leaves body as
// it is (no square off the board, the same copy), so that every composition of
// them does too. A body that names currenttransform is never unmoved.
func (c *checker) unmoved(body Node, ts []xform, seqs [][]xform) bool {
	if hasCurrentTransform(body) {
		return false
	}
	key := variantKey(body)
	tried := map[xform]bool{}
	try := func(t xform) bool {
		if tried[t] {
			return true
		}
		tried[t] = true
		v, ok, stuck := t.apply(body, &c.copied)
		return ok && stuck == nil && c.copied <= maxTransformWork && variantKey(v) == key
	}
	for _, t := range ts {
		if !try(t) {
			return false
		}
	}
	for _, s := range seqs {
		for _, t := range s {
			if !try(t) {
				return false
			}
		}
	}
	return true
}

// composite is the one map that applying the symmetries of s in turn makes;
// ok is false when s has a shift or a rotate45 turn, whose steps do not
// compose so simply (a shift drops squares at each step).
func composite(s []xform) (xform, bool) {
	out := identity
	for _, t := range s {
		if t.df != 0 || t.dr != 0 || t.rot45 != 0 {
			return xform{}, false
		}
		var m [2][2]int
		for i := range 2 {
			for j := range 2 {
				m[i][j] = t.m[i][0]*out.m[0][j] + t.m[i][1]*out.m[1][j]
			}
		}
		out.m, out.swap = m, out.swap != t.swap
	}
	return out, true
}

// directTransform returns the transform n is, alone or as the only filter
// of braces (CQL's compound of one filter is that filter; parentheses leave
// no node), or nil.
func directTransform(n Node) *Transform {
	for {
		switch x := n.(type) {
		case *Transform:
			return x
		case *Block:
			if len(x.Filters) != 1 {
				return nil
			}
			n = x.Filters[0]
		default:
			return nil
		}
	}
}

// variantKey identifies a transformed filter for removing duplicates: its
// S-expression, plus the variants of every transform inside it, since two
// copies of an inner transform can print the same body and still differ in
// their variants (one kept an image the other lost off the board).
func variantKey(n Node) string {
	var b strings.Builder
	b.WriteString(Sprint(n))
	walk(n, func(n Node) bool {
		if t, ok := n.(*Transform); ok {
			for _, v := range t.Variants {
				b.WriteString(" | ")
				b.WriteString(variantKey(v))
			}
			return false
		}
		return true
	})
	return b.String()
}

// maxCopies bounds the nodes of the distinct transformed copies a query keeps,
// and maxTransformWork the nodes copied to find them: most copies of a merged
// orbit such as flipcolor shift flip {...} (3,600 maps) fall off the board or
// repeat another and are dropped, so the work may be larger than what is kept.
const (
	maxCopies        = 1 << 17
	maxTransformWork = 1 << 22
)

// countNodes is the number of nodes in n.
func countNodes(n Node) int {
	k := 0
	walkFind(n, func(Node) bool { k++; return false })
	return k
}

// apply returns a transformed deep copy of n (n itself for the identity).
// ok is false if a square designator would leave the board. copied counts
// the nodes copied. stuck is the first node the walker has no rule for: the
// caller must refuse the query rather than evaluate it untransformed.
func (t xform) apply(n Node, copied *int) (out Node, ok bool, stuck Node) {
	if t == identity && !hasCurrentTransform(n) {
		return n, true, nil
	}
	ok = true
	var tr func(Node) Node
	trAll := func(ns []Node) []Node {
		out := make([]Node, len(ns))
		for i, n := range ns {
			out[i] = tr(n)
		}
		return out
	}
	tr = func(n Node) Node {
		if n == nil || *copied > maxTransformWork {
			return n
		}
		*copied++
		switch n := n.(type) {
		case *PieceDesignator:
			c := *n
			c.Pieces = t.pieces(n.Pieces)
			sq, good := t.squares(n.Squares)
			ok = ok && good
			c.Squares = sq
			return &c
		case *NumberLit, *StringLit, *BoolLit, *FromTo, *Tag, *Var, *Capture, *Dictionary:
			return n
		case *Match:
			c := *n
			c.X = tr(n.X)
			if n.PatternX != nil {
				c.PatternX = tr(n.PatternX)
			}
			return &c
		case *Index:
			c := *n
			c.X, c.I, c.J = tr(n.X), tr(n.I), tr(n.J)
			return &c
		case *Builtin:
			c := *n
			c.Args = trAll(n.Args)
			return &c
		case *DictAssign:
			c := *n
			c.Key, c.Value = tr(n.Key), tr(n.Value)
			return &c
		case *IndexAssign:
			c := *n
			c.Target, c.Value = tr(n.Target).(*Index), tr(n.Value)
			return &c
		case *DictIter:
			c := *n
			c.Body = tr(n.Body)
			return &c
		case *Persistent:
			c := *n
			a := *n.Assign
			a.Value = tr(n.Assign.Value)
			c.Assign = &a
			return &c
		case *Keyword:
			c := *n
			if n.Kind == KwCurrentTransform {
				c.Transforms = append(append([]string(nil), n.Transforms...), t.name())
			}
			if t.swap {
				switch n.Kind {
				case KwWtm:
					c.Kind = KwBtm
				case KwBtm:
					c.Kind = KwWtm
				case KwWhite:
					c.Kind = KwBlack
				case KwBlack:
					c.Kind = KwWhite
				}
			}
			return &c
		case *Result:
			c := *n
			if t.swap {
				switch n.Value {
				case "1-0":
					c.Value = "0-1"
				case "0-1":
					c.Value = "1-0"
				}
			}
			return &c
		case *Player:
			c := *n
			c.Color = t.color(n.Color)
			return &c
		case *Elo:
			c := *n
			c.Color = t.color(n.Color)
			return &c
		case *Block:
			c := *n
			c.Filters = trAll(n.Filters)
			return &c
		case *Unary:
			c := *n
			c.X = tr(n.X)
			return &c
		case *Binary:
			c := *n
			c.X, c.Y = tr(n.X), tr(n.Y)
			return &c
		case *Compare:
			c := *n
			c.Operands = trAll(n.Operands)
			c.Links = append([]CompareLink(nil), n.Links...)
			return &c
		case *MinMax:
			c := *n
			c.Args = trAll(n.Args)
			return &c
		case *If:
			c := *n
			c.Cond, c.Then, c.Else = tr(n.Cond), tr(n.Then), tr(n.Else)
			return &c
		case *Assign:
			c := *n
			c.Value = tr(n.Value)
			return &c
		case *Square:
			c := *n
			c.In, c.Body = tr(n.In), tr(n.Body)
			return &c
		case *Move:
			c := *n
			c.From, c.To, c.Capture, c.EnPassantSquare = tr(n.From), tr(n.To), tr(n.Capture), tr(n.EnPassantSquare)
			if n.Target != nil {
				c.Target = tr(n.Target)
			}
			if n.Comment != nil {
				c.Comment = tr(n.Comment).(*Comment)
			}
			c.Promote = t.pieces(n.Promote)
			return &c
		case *Dir:
			c := *n
			c.Dir = t.direction(n.Dir)
			c.X = tr(n.X)
			return &c
		case *Geo:
			switch n.Kind {
			case GeoNoTransform, GeoPassedPawns, GeoDoubledPawns, GeoIsolatedPawns, GeoConnectedPawns,
				GeoPureStalemate, GeoModelStalemate, GeoIdealStalemate, GeoPureMate, GeoModelMate, GeoIdealMate:
				return n // defined under notransform in the manual
			}
			c := *n
			c.Args = trAll(n.Args)
			if t.flipsParity() && n.Kind == GeoLight {
				c.Kind = GeoDark // the map takes light squares to dark ones (CQL's flipsSquareParity)
			} else if t.flipsParity() && n.Kind == GeoDark {
				c.Kind = GeoLight
			}
			if n.Dirs != nil {
				c.Dirs = nil
				for _, d := range n.Dirs {
					if t.rot45 != 0 {
						// a ray's vertical or horizontal may turn into a diagonal pair
						for _, b := range basicDirs(d) {
							c.Dirs = append(c.Dirs, t.direction(b))
						}
						continue
					}
					c.Dirs = append(c.Dirs, t.direction(d))
				}
			}
			return &c
		case *Transform:
			// A transform of a transform (shift flip F) is the union of the
			// composed images: each inner variant is mapped on its own and
			// dropped alone when it leaves the board, so one off-board image
			// does not discard the others.
			c := *n
			outer := ok
			c.Variants = nil
			seen := map[string]bool{}
			for _, v := range n.Variants {
				ok = true
				tv := tr(v)
				if key := variantKey(tv); ok && !seen[key] {
					seen[key] = true
					c.Variants = append(c.Variants, tv)
				}
			}
			c.Variants = orbit(c.Variants) // the images sort anew, as CQL computes the orbit of the transformed copy
			ok = true
			c.Body = tr(n.Body)
			if !ok && len(c.Variants) > 0 {
				c.Body = c.Variants[0] // the body left the board; print a valid image
			}
			ok = outer && len(c.Variants) > 0
			return &c
		case *Comment:
			c := *n
			c.Args = trAll(n.Args)
			return &c
		case *Sort:
			c := *n
			c.X = tr(n.X)
			return &c
		case *Find:
			c := *n
			c.X = tr(n.X)
			return &c
		case *Echo:
			c := *n
			c.X = tr(n.X)
			return &c
		case *Tree:
			c := *n
			c.Args = trAll(n.Args)
			return &c
		case *Colon:
			c := *n
			c.Position, c.X = tr(n.Position), tr(n.X)
			return &c
		case *ConsecutiveMoves:
			c := *n
			c.X, c.Y = tr(n.X), tr(n.Y)
			return &c
		case *CurrentMove:
			c := *n
			c.Move = tr(n.Move).(*Dash)
			return &c
		case *Legal:
			c := *n
			c.Move = tr(n.Move).(*Dash)
			return &c
		case *CountMoves:
			c := *n
			if n.Move != nil {
				c.Move = tr(n.Move).(*Dash)
			} else {
				c.Legal = tr(n.Legal).(*Legal)
			}
			return &c
		case *Loop:
			c := *n
			c.Body = tr(n.Body)
			return &c
		case *While:
			c := *n
			c.Test, c.Body = tr(n.Test), tr(n.Body)
			return &c
		case *PastMove:
			return n
		case *Path:
			c := *n
			c.Focus = tr(n.Focus)
			c.Max = tr(n.Max)
			c.Elems = transformElems(n.Elems, tr)
			return &c
		case *Dash:
			c := *n
			c.From, c.To, c.Target = tr(n.From), tr(n.To), tr(n.Target)
			c.PromoteBy = tr(n.PromoteBy) // letters name piece types of either colour: nothing to flip
			c.Promote = t.pieces(n.Promote)
			return &c
		case *Line:
			c := *n
			c.Elems = transformElems(n.Elems, tr)
			return &c
		}
		if stuck == nil {
			stuck = n
		}
		return n
	}
	out = tr(n)
	return out, ok, stuck
}

// compass lists the eight directions counterclockwise from up, the order in
// which rotate45 turns them.
var compass = [8]Direction{DirUp, DirNorthwest, DirLeft, DirSouthwest, DirDown, DirSoutheast, DirRight, DirNortheast}

// rotateDir turns d by k eighths of a turn counterclockwise. orthogonal and
// diagonal swap on odd k; anydirection stays; a line (vertical, horizontal,
// maindiagonal, offdiagonal) turns with its first direction.
func rotateDir(d Direction, k int) Direction {
	switch d {
	case DirVertical, DirHorizontal, DirMainDiagonal, DirOffDiagonal:
		switch rotateDir(basicDirs(d)[0], k) {
		case DirUp, DirDown:
			return DirVertical
		case DirLeft, DirRight:
			return DirHorizontal
		case DirNortheast, DirSouthwest:
			return DirMainDiagonal
		}
		return DirOffDiagonal
	case DirAnyDirection:
		return d
	case DirOrthogonal, DirDiagonal:
		if k%2 == 0 {
			return d
		}
		if d == DirOrthogonal {
			return DirDiagonal
		}
		return DirOrthogonal
	}
	for i, c := range compass {
		if c == d {
			return compass[(i+k)%8]
		}
	}
	return d
}

// walkFind returns the first node of n (depth first) for which f holds.
func walkFind(n Node, f func(Node) bool) Node {
	var found Node
	walk(n, func(x Node) bool {
		if found != nil {
			return false
		}
		if f(x) {
			found = x
			return false
		}
		return true
	})
	return found
}

// basicDirs expands vertical, horizontal, orthogonal and diagonal into the
// compass directions they stand for.
func basicDirs(d Direction) []Direction {
	switch d {
	case DirVertical:
		return []Direction{DirUp, DirDown}
	case DirHorizontal:
		return []Direction{DirLeft, DirRight}
	case DirMainDiagonal:
		return []Direction{DirNortheast, DirSouthwest}
	case DirOffDiagonal:
		return []Direction{DirNorthwest, DirSoutheast}
	case DirOrthogonal:
		return []Direction{DirUp, DirDown, DirLeft, DirRight}
	case DirDiagonal:
		return []Direction{DirNortheast, DirNorthwest, DirSoutheast, DirSouthwest}
	case DirAnyDirection:
		return compass[:]
	}
	return []Direction{d}
}

// transformElems copies line or path constituents with tr applied to each
// filter.
func transformElems(es []LineElem, tr func(Node) Node) []LineElem {
	out := make([]LineElem, len(es))
	for i, e := range es {
		out[i] = LineElem{X: tr(e.X), Min: e.Min, Max: e.Max}
		for _, alt := range e.Alts {
			out[i].Alts = append(out[i].Alts, transformElems(alt, tr))
		}
	}
	return out
}
