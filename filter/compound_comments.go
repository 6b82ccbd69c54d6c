package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// CQL's compound filters drop the comments made inside them when they fail,
// even where the position still matches (andnode.cpp, ornode.cpp,
// notnode.cpp, compoundnode.cpp, 9.493): `and` and `{...}` when they fail,
// `or` when both sides fail, `not` always (its argument's comments never
// count), transforms none of whose variants matches (orbitnode.cpp: the
// smart flag of transformNode) and move filters no move fits (dashnode.cpp:
// dashNode's). `if` restores nothing itself, so the comments of a test that
// matched stay when its then-branch fails, unless an enclosing filter
// drops them. With -alwayscomment CQL writes comments straight to their
// positions and nothing is dropped; so do we.
//
// The compiler uses these variants only when a constituent can comment and
// -alwayscomment is off, so queries without comments (and --count runs)
// keep the plain filters.

type smartNot struct{ a node }

func (n smartNot) match(e *Evaluator) bool {
	mark := len(e.pending)
	ok := n.a.match(e)
	e.dropComments(mark)
	return !ok
}

type smartAnd struct{ a, b node }

func (n smartAnd) match(e *Evaluator) bool {
	mark := len(e.pending)
	if n.a.match(e) && n.b.match(e) {
		return true
	}
	e.dropComments(mark)
	return false
}

type smartOr struct{ a, b node }

func (n smartOr) match(e *Evaluator) bool {
	mark := len(e.pending)
	if n.a.match(e) || n.b.match(e) {
		return true
	}
	e.dropComments(mark)
	return false
}

// smartCompound reports whether the filters compiled since before write
// comments that a failing compound around them must drop.
func (c *compiler) smartCompound(before int) bool {
	return c.commenters > before && !c.q.alwaysComment
}

// eagerSetOp is &, attacks or attackedby whose operands write comments. CQL
// evaluates both operands whatever the first gives (OnNode::getSquares,
// AttackNode::compute, the attacking side first, so attackedby's right
// operand first), so their comments are made where the plain nodes would
// stop at an empty first operand.
type eagerSetOp struct {
	op   query.Op
	a, b setNode
}

func (n eagerSetOp) set(e *Evaluator) chess.Bitboard {
	switch n.op {
	case query.OpInter:
		a := n.a.set(e)
		return a & n.b.set(e)
	case query.OpAttacks:
		x := n.a.set(e) & e.pos.Occupied()
		y := n.b.set(e)
		if x == 0 || y == 0 {
			return 0
		}
		return attacking(e, x, y)
	default: // attackedby
		y := n.b.set(e)
		x := n.a.set(e)
		if x == 0 || y == 0 {
			return 0
		}
		return attackedBy(e, x, y)
	}
}

func (n eagerSetOp) match(e *Evaluator) bool { return n.set(e) != 0 }
