package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// Marked squares: what a matching position shows as "the squares the query marked",
// for exports that draw or list them (Options.Marks).
//
// They are the values of the set filters at the top of the body, in a position that
// matched: each filter of the body and of `{...}` blocks in it, both sides of `and`,
// the side of `or` that matched, and the first variant of a transform (`flipcolor`,
// `shift`, ...) that matched. So `Q attacks k` marks the attacking queens (the value of
// attacks is the attacking pieces' squares), `square x in h1-8 {R attacks x x attacks
// K}` marks every x for which its body held, `piece x in [RQ] ...` the pieces x,
// `Kg1 Rf1` both squares, and `x = Q attacks k` (a set or piece variable bound at the top)
// the squares bound to x. Filters under `not`, `if`, comparisons, counts (`#Q == 2`),
// `square all` and position filters (`line`, `echo`, ...) mark nothing: their value is
// not a set of squares that made the position match.
//
// Marking is compiled in only when asked for: without Options.Marks the compiled tree
// is exactly the one a plain compile gives, so queries that do not export squares pay
// nothing. With it, the top-level set filters are wrapped in nodes that add their value
// to the evaluator's marks, and the root records them per matching node.

// marked compiles a filter at the top of the body, wrapping the set filters whose value
// counts as marked squares.
func (c *compiler) marked(n query.Node) (node, error) {
	switch n := n.(type) {
	case *query.Block:
		if len(n.Filters) == 0 {
			return constBool(true), nil
		}
		items := make([]node, len(n.Filters))
		for i, f := range n.Filters {
			x, err := c.marked(f)
			if err != nil {
				return nil, err
			}
			items[i] = x
		}
		if len(items) == 1 {
			return items[0], nil
		}
		return &seqNode{items: items}, nil
	case *query.Binary:
		if n.Op == query.OpAnd || n.Op == query.OpOr {
			x, err := c.marked(n.X)
			if err != nil {
				return nil, err
			}
			y, err := c.marked(n.Y)
			if err != nil {
				return nil, err
			}
			if n.Op == query.OpAnd {
				return andNode{x, y}, nil
			}
			return markOr{x, y}, nil
		}
	case *query.Transform:
		if !n.Count {
			vs := n.Variants
			if len(vs) == 0 {
				vs = []query.Node{n.Body}
			}
			t := &markTransform{}
			for _, v := range vs {
				x, err := c.marked(v)
				if err != nil {
					return nil, err
				}
				t.variants = append(t.variants, x)
			}
			return t, nil
		}
	}
	x, err := c.compile(n)
	if err != nil {
		return nil, err
	}
	// A set or piece variable bound at the top: its squares, where the position matched.
	switch a := x.(type) {
	case *assignSet:
		return &markAssign{x, setVar(a.v)}, nil
	case *assignPiece:
		return &markAssign{x, pieceVar(a.v)}, nil
	}
	if n.Type() != query.TypeSet {
		return x, nil
	}
	if m, ok := x.(setMatcher); ok {
		return &markSetMatch{m}, nil
	}
	if s, ok := x.(setNode); ok && plainSet(x) {
		return &markSet{s}, nil
	}
	return x, nil
}

// plainSet reports whether a set filter matches exactly when its value is not empty,
// so that one evaluation of its set gives both. The others keep their own match and
// mark nothing.
func plainSet(x node) bool {
	switch x.(type) {
	case *dashNode, *currentMoveNode, *loopNode, *dictEntry, *transformNode, *transformCount:
		return false
	}
	return true
}

// setMatcher is a set filter whose match is not simply "its set is not empty" but which
// can give both in one evaluation (its side effects happen once).
type setMatcher interface {
	node
	setMatch(e *Evaluator) (chess.Bitboard, bool)
}

// markSet evaluates a set filter and adds its value to the marks.
type markSet struct{ s setNode }

func (m *markSet) match(e *Evaluator) bool {
	v := m.s.set(e)
	e.marks |= v
	return v != 0
}

type markSetMatch struct{ s setMatcher }

func (m *markSetMatch) match(e *Evaluator) bool {
	v, ok := m.s.setMatch(e)
	if ok {
		e.marks |= v
	}
	return ok
}

// markAssign is an assignment to a set or piece variable; the variable's squares are
// marked once it is bound.
type markAssign struct {
	assign node
	v      setNode
}

func (m *markAssign) match(e *Evaluator) bool {
	if !m.assign.match(e) {
		return false
	}
	e.marks |= m.v.set(e)
	return true
}

// markOr is `a or b` keeping the marks of the side that matched.
type markOr struct{ a, b node }

func (n markOr) match(e *Evaluator) bool {
	saved := e.marks
	if n.a.match(e) {
		return true
	}
	e.marks = saved
	if n.b.match(e) {
		return true
	}
	e.marks = saved
	return false
}

// markTransform is a transform keeping the marks of its first matching variant.
type markTransform struct{ variants []node }

func (n *markTransform) match(e *Evaluator) bool {
	saved := e.marks
	for _, v := range n.variants {
		if v.match(e) {
			return true
		}
		e.marks = saved
	}
	return false
}

// markRoot is the body of a query compiled with marks: it clears the marks before each
// position and records them at the nodes that match.
type markRoot struct{ body node }

func (m *markRoot) match(e *Evaluator) bool {
	e.marks = 0
	cur := e.cur // the node Game evaluates (filters that visit other positions restore it; be sure)
	if !m.body.match(e) {
		return false
	}
	if n := len(e.g.Nodes); len(e.nodeMarks) < n {
		grown := make([]chess.Bitboard, n, n+n/2)
		copy(grown, e.nodeMarks)
		e.nodeMarks = grown
	}
	e.nodeMarks[cur] = e.marks
	return true
}

// Marks reports whether the query was compiled to record marked squares
// (Options.Marks).
func (q *Query) Marks() bool { return q.marks }

// Marked returns the squares the query marked at node i of the last game given to Game,
// which must be one of the matching nodes Game returned (see Options.Marks for what
// is marked); it is empty when the query was compiled without marks.
func (e *Evaluator) Marked(i int32) chess.Bitboard {
	if !e.q.marks || int(i) >= len(e.nodeMarks) {
		return 0
	}
	return e.nodeMarks[i]
}

// setMatch gives the value and the match of a move filter from one collection of moves.
func (n *moveNode) setMatch(e *Evaluator) (chess.Bitboard, bool) {
	a := n.collect(e)
	return n.value(a), a.n > 0
}

// setMatch gives the value and the match of a square iteration; `square all` marks
// nothing.
func (n *squareIter) setMatch(e *Evaluator) (chess.Bitboard, bool) {
	if n.every {
		return 0, n.match(e)
	}
	v := n.set(e)
	return v, v != 0
}

func (n *squareFast) setMatch(e *Evaluator) (chess.Bitboard, bool) {
	if n.every {
		return 0, n.match(e)
	}
	v := n.set(e)
	return v, v != 0
}
