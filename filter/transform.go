package filter

import (
	"slices"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// Transforms as CQL 9.493's OrbitNode evaluates them (orbitnode.cpp). The
// checker gives the transformed copies of the body in CQL's orbit order
// (query/orbit.go); CQL evaluates every one of them:
//   - as a filter it matches when one matches, and keeps the comments of
//     the variants that matched (a variant that fails drops its own, as any
//     compound does); when none matches it drops them all (smart comments);
//   - with a range (`flip 2 4 F`) or count its value is the number of
//     variants that match, and a range that does not hold drops them;
//   - as a set its value is the union of the variants' sets;
//   - as a number its value is the largest of the variants' values, and
//     only the comments of the variants with that value stay.
//
// Evaluating every variant is only needed when something inside can be
// seen from outside: comments, messages, assignments, sort values, settag
// and the like (transformNode.all). Otherwise the plain filter stops at the
// first variant that matches, which gives the same answer sooner.

// transformNode is `flipcolor F` and the like as a filter.
type transformNode struct {
	smart    bool // drop the comments of a failing transform (not under -alwayscomment)
	all      bool // evaluate every variant: their side effects are observable
	variants []node
	sets     []setNode // the variants as set filters, when F is one
	// pieces: every variant is pieces on squares and nothing else (pieceVariants)
	pieces *pieceVariants
}

func (n *transformNode) match(e *Evaluator) bool {
	if n.pieces != nil {
		return n.pieces.match(e)
	}
	mark := len(e.pending)
	found := false
	for _, v := range n.variants {
		if v.match(e) {
			if !n.all {
				return true
			}
			found = true
		}
	}
	if !found && n.smart {
		e.dropComments(mark)
	}
	return found
}

// transformSet is a transform of a set filter: the union of the variants' sets.
type transformSet struct{ *transformNode }

func (n *transformSet) set(e *Evaluator) chess.Bitboard {
	var r chess.Bitboard
	for _, s := range n.sets {
		r |= s.set(e)
	}
	return r
}

// As a filter each variant is matched on its own, as CQL's OrbitNode does
// (match_position of each element): a variant whose set is empty fails and
// drops its own comments even when another variant matches. Only the value
// (set) is the union, where CQL keeps every variant's comments.
func (n *transformSet) match(e *Evaluator) bool { return n.transformNode.match(e) }

// transformCount is `flipcolor count F` (any count matches) or `flipcolor
// 1 2 F` (the count must be in the range): the number of matching variants.
type transformCount struct {
	*transformNode
	ranged bool
	lo, hi int
}

func (n *transformCount) num(e *Evaluator) (int, bool) {
	mark := len(e.pending)
	c := 0
	for _, v := range n.variants {
		if v.match(e) {
			c++
		}
	}
	if n.ranged && (c < n.lo || c > n.hi) {
		if n.smart {
			e.dropComments(mark)
		}
		return 0, false
	}
	return c, true
}
func (n *transformCount) match(e *Evaluator) bool {
	if !n.ranged && !n.all {
		return true // `count` matches whatever the count
	}
	_, ok := n.num(e)
	return ok
}

// transformNum is a transform of a numeric filter: its value is the largest
// value of the variants that have one (the manual's flip page); as a
// filter it is transformNode.
type transformNum struct {
	*transformNode
	nums []numNode
}

func newTransformNum(t *transformNode) node {
	n := &transformNum{transformNode: t}
	for _, v := range t.variants {
		x, ok := v.(numNode)
		if !ok {
			return t
		}
		n.nums = append(n.nums, x)
	}
	return n
}

func (n *transformNum) num(e *Evaluator) (int, bool) {
	return extremal(e, n.nums, true, n.smart)
}

// extremal is the value of CQL's max (min) over filters with a value
// (extremalnode.cpp, OrbitNode::match_count_max): the largest (smallest)
// value; with smart comments only the comments made by the arguments with
// that value stay: a better value deletes those made before it, a worse one
// drops its own, a tie keeps both. The comments an argument without a value
// leaves behind stay, as in CQL.
func extremal(e *Evaluator, args []numNode, max, smart bool) (int, bool) {
	orig := len(e.pending)
	best, found := 0, false
	for _, a := range args {
		cur := len(e.pending)
		v, ok := a.num(e)
		switch {
		case !ok:
		case !found:
			best, found = v, true
		case max && v > best || !max && v < best:
			best = v
			if smart {
				e.deleteComments(orig, cur)
			}
		case v != best:
			if smart {
				e.dropComments(cur)
			}
		}
	}
	return best, found
}

func (c *compiler) transform(n *query.Transform) (node, error) {
	vs := n.Variants
	if len(vs) == 0 {
		vs = []query.Node{n.Body}
	}
	before := c.commenters
	t := &transformNode{}
	for _, v := range vs {
		x, err := c.compile(v)
		if err != nil {
			return nil, err
		}
		t.variants = append(t.variants, x)
		if s, ok := x.(setNode); ok && v.Type() == query.TypeSet {
			t.sets = append(t.sets, s)
		}
	}
	t.smart = c.smartCompound(before)
	t.all = c.commenters > before || observable(n.Body)
	if !c.q.marks {
		t.pieces = newPieceVariants(t.variants)
	}
	if n.Count {
		tc := &transformCount{transformNode: t}
		if n.Range != nil {
			tc.ranged, tc.lo, tc.hi = true, n.Range.Min, n.Range.Max
		}
		return tc, nil
	}
	if n.T == query.TypeSet && len(t.sets) == len(t.variants) {
		return &transformSet{t}, nil
	}
	if n.T == query.TypeNumber {
		return newTransformNum(t), nil
	}
	return t, nil
}

// observable reports whether evaluating n can change something seen
// outside the filter's own match: a variable, a dictionary, a sort value, a
// message, a tag or a comment of the game (automatic comments of lines,
// paths and echoes are counted by the compiler's commenters).
func observable(n query.Node) bool {
	found := false
	query.Inspect(n, func(x query.Node) bool {
		switch x := x.(type) {
		case *query.Assign, *query.DictAssign, *query.IndexAssign, *query.Persistent, *query.Sort:
			found = true
		case *query.Comment:
			found = x.Message
		case *query.Builtin:
			switch x.Name {
			case "settag", "removetag", "removecomment", "unbind", "writefile", "assert":
				found = true
			}
		}
		return !found
	})
	return found
}

// pieceVariants are a transform's variants when each is one piece designator of one
// piece type on some squares, or a block of them (shift {Ka1 Bb2}: 49 variants): a
// variant matches when each of its pieces stands on one of its squares. The pieces of
// each type are read once a position, and each variant is a few ANDs, where calling
// every variant's filters made shift five times a scan.
type pieceVariants struct {
	kinds []onePiece  // the colours and types named, squares unused
	terms []pieceTerm // the variants' pieces, variant after variant
	ends  []int       // terms[ends[k-1]:ends[k]] is variant k's
	// Each variant has a key term, its term of fewest squares. keyed[k] holds the
	// squares of the key terms of kind k; the variants whose key term of kind k holds
	// square sq are byKey[at[k][sq]:at[k][sq+1]], so a position tries only the variants
	// whose key piece stands on a key square (shift {Ka1 Bb2}: the one of its 49 with
	// the king's square), where trying every variant cost 1,700 instructions a position.
	keyed [12]chess.Bitboard
	at    [12][65]int32
	byKey []int32
}

type pieceTerm struct {
	kind    int // index in kinds
	squares chess.Bitboard
}

// newPieceVariants returns the variants as pieceVariants, or nil when one is not made of
// single-type piece designators alone.
func newPieceVariants(variants []node) *pieceVariants {
	pv := &pieceVariants{}
	add := func(x node) bool {
		p, ok := x.(*onePiece)
		if !ok {
			return false
		}
		k := slices.IndexFunc(pv.kinds, func(q onePiece) bool { return q.color == p.color && q.typ == p.typ })
		if k < 0 {
			k = len(pv.kinds)
			pv.kinds = append(pv.kinds, onePiece{color: p.color, typ: p.typ})
		}
		pv.terms = append(pv.terms, pieceTerm{kind: k, squares: p.squares})
		return true
	}
	for _, v := range variants {
		var items []node
		switch v := v.(type) {
		case *seqNode:
			items = v.items
		case *seqSet:
			items = v.items
		default:
			items = []node{v}
		}
		if len(items) == 0 {
			return nil
		}
		for _, x := range items {
			if !add(x) {
				return nil
			}
		}
		pv.ends = append(pv.ends, len(pv.terms))
	}
	if len(pv.kinds) > 12 {
		return nil
	}
	pv.index()
	return pv
}

// index fills keyed, at and byKey.
func (pv *pieceVariants) index() {
	keys := make([]pieceTerm, len(pv.ends))
	from := 0
	for v, end := range pv.ends {
		key := pv.terms[from]
		for _, t := range pv.terms[from+1 : end] {
			if t.squares.Count() < key.squares.Count() {
				key = t
			}
		}
		keys[v] = key
		pv.keyed[key.kind] |= key.squares
		from = end
	}
	n := int32(0)
	for k := range pv.kinds {
		for sq := range 64 {
			pv.at[k][sq] = n
			for v, key := range keys {
				if key.kind == k && key.squares.Has(chess.Square(sq)) {
					pv.byKey = append(pv.byKey, int32(v))
					n++
				}
			}
		}
		pv.at[k][64] = n
	}
}

func (pv *pieceVariants) match(e *Evaluator) bool {
	var bbs [12]chess.Bitboard
	for k, p := range pv.kinds {
		bbs[k] = e.pos.Pieces(p.color, p.typ)
	}
	for k := range pv.kinds {
		for b := bbs[k] & pv.keyed[k]; b != 0; {
			sq := b.PopFirst()
			for _, v := range pv.byKey[pv.at[k][sq]:pv.at[k][sq+1]] {
				if pv.holds(&bbs, v) {
					return true
				}
			}
		}
	}
	return false
}

// holds reports that every piece of variant v stands on one of its squares.
func (pv *pieceVariants) holds(bbs *[12]chess.Bitboard, v int32) bool {
	from := 0
	if v > 0 {
		from = pv.ends[v-1]
	}
	for _, t := range pv.terms[from:pv.ends[v]] {
		if bbs[t.kind]&t.squares == 0 {
			return false
		}
	}
	return true
}
