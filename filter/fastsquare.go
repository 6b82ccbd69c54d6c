package filter

import (
	"sort"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// A square iteration whose body is a conjunction of simple relations between
// the loop square and loop-invariant sets, like the seed's
//
//	square x in h1-8 {R attacks x  x attacks K}
//
// is the intersection of S with one set per relation, each computed once
// per position instead of once per square:
//
//	A attacks x, x attackedby A:  the squares attacked by a piece of A
//	x attacks B, B attackedby x:  the pieces attacking a square of B
//	x & B, B & x, x in B:         B
//	F (not mentioning x):         every square if F matches, else none

// termKind says how a relation turns into a set of squares.
type termKind uint8

const (
	termAttackedBy termKind = iota // squares attacked by a piece of the set
	termAttackers                  // pieces attacking a square of the set
	termSet                        // the set itself
	termFilter                     // all squares when the filter matches
)

type squareTerm struct {
	kind termKind
	set  setNode // termAttackedBy, termAttackers, termSet
	f    node    // termFilter
	// A single piece type's designator (K, R, Qa-h1) is read here without a call.
	piece   bool
	color   chess.Color
	typ     chess.PieceType
	squares chess.Bitboard
}

// of returns the term's set in the current position.
func (t *squareTerm) of(e *Evaluator, pos *chess.Position) chess.Bitboard {
	if t.piece {
		return pos.Pieces(t.color, t.typ) & t.squares
	}
	return t.set.set(e)
}

// squareFast is the rewritten square iteration.
type squareFast struct {
	in      setNode
	inConst bool           // in is a constSet: read without a call
	inSet   chess.Bitboard // in's squares when inConst
	terms   []squareTerm
	every   bool
}

func (n *squareFast) set(e *Evaluator) chess.Bitboard {
	r := n.inSet
	if !n.inConst {
		r = n.in.set(e)
	}
	pos := e.pos
	for i := range n.terms {
		t := &n.terms[i]
		switch t.kind {
		case termAttackedBy:
			// A piece whose empty-board attacks miss r cannot matter: skip its lookup.
			var a chess.Bitboard
			for b := t.of(e, pos) & pos.Occupied(); b != 0; {
				s := b.PopFirst()
				if pc := pos.PieceAt(s); chess.EmptyBoardAttacks(pc.Color(), pc.Type(), s)&r != 0 {
					a |= e.attacksFrom(s)
				}
			}
			r &= a
		case termAttackers:
			// Only a piece attacks: empty squares of r are out. AttackersAmong looks a
			// slider's attacks up only when r has one on a line to the target.
			occ := pos.Occupied()
			if r &= occ; r == 0 {
				return 0
			}
			// of, written out: it is over the inlining budget.
			var b chess.Bitboard
			if t.piece {
				b = pos.Pieces(t.color, t.typ) & t.squares
			} else {
				b = t.set.set(e)
			}
			var a chess.Bitboard
			for b != 0 {
				a |= pos.AttackersAmong(b.PopFirst(), occ, r)
			}
			r = a
		case termSet:
			r &= t.of(e, pos)
		default:
			if !t.f.match(e) {
				return 0
			}
		}
		if r == 0 {
			return 0
		}
	}
	return r
}

func (n *squareFast) match(e *Evaluator) bool {
	if n.every {
		in := n.in.set(e)
		return n.set(e) == in
	}
	return n.set(e) != 0
}

// fastSquare returns the rewritten form of sq, or nil when its body is not
// made of such relations.
func (c *compiler) fastSquare(sq *query.Square, in setNode) (node, error) {
	if sq.Piece || sq.Var == nil {
		return nil, nil
	}
	var items []query.Node
	if b, ok := sq.Body.(*query.Block); ok {
		items = b.Filters
	} else {
		items = []query.Node{sq.Body}
	}
	if len(items) == 0 {
		return nil, nil
	}
	isX := func(n query.Node) bool {
		v, ok := n.(*query.Var)
		return ok && v.Sym == sq.Var
	}
	f := &squareFast{in: in, every: sq.All}
	if cs, ok := in.(constSet); ok {
		f.inConst, f.inSet = true, chess.Bitboard(cs)
	}
	for _, it := range items {
		if !mentions(it, sq.Var) {
			if !pure(it) {
				return nil, nil
			}
			x, err := c.compile(it)
			if err != nil {
				return nil, err
			}
			f.terms = append(f.terms, squareTerm{kind: termFilter, f: x})
			continue
		}
		// A relation between x and another set: which relation, and the other side.
		b, ok := it.(*query.Binary)
		if !ok {
			return nil, nil
		}
		var kind termKind
		var other query.Node
		switch {
		case b.Op == query.OpAttacks && isX(b.Y):
			kind, other = termAttackedBy, b.X
		case b.Op == query.OpAttackedBy && isX(b.X):
			kind, other = termAttackedBy, b.Y
		case b.Op == query.OpAttacks && isX(b.X):
			kind, other = termAttackers, b.Y
		case b.Op == query.OpAttackedBy && isX(b.Y):
			kind, other = termAttackers, b.X
		case b.Op == query.OpInter && isX(b.X), b.Op == query.OpIn && isX(b.X) && b.X.Type() == query.TypeSet:
			kind, other = termSet, b.Y
		case b.Op == query.OpInter && isX(b.Y):
			kind, other = termSet, b.X
		default:
			return nil, nil
		}
		if mentions(other, sq.Var) || !pure(other) {
			return nil, nil
		}
		s, err := c.set(other)
		if err != nil {
			return nil, err
		}
		t := squareTerm{kind: kind, set: s}
		if p, ok := s.(*onePiece); ok {
			t.piece, t.color, t.typ, t.squares = true, p.color, p.typ, p.squares
		}
		f.terms = append(f.terms, t)
	}
	// The terms are intersected, in any order: the cheap and the selective first, so that
	// an empty intersection stops early. Filters come before attack terms; "x attacks B"
	// (B is usually a king or a few pieces) is more often empty than "A attacks x".
	sort.SliceStable(f.terms, func(i, j int) bool { return termCost[f.terms[i].kind] < termCost[f.terms[j].kind] })
	return f, nil
}

var termCost = [...]int{termSet: 0, termFilter: 1, termAttackers: 2, termAttackedBy: 3}

// mentions reports whether the variable appears in n.
func mentions(n query.Node, sym *query.Symbol) bool {
	found := false
	walk(n, func(m query.Node) {
		if v, ok := m.(*query.Var); ok && v.Sym == sym {
			found = true
		}
	})
	return found
}

// pure reports whether n is built only of side-effect-free filters that
// depend on the current position alone, so it may be evaluated once for all
// squares.
func pure(n query.Node) bool {
	ok := true
	walk(n, func(m query.Node) {
		switch m := m.(type) {
		case *query.PieceDesignator, *query.NumberLit, *query.BoolLit, *query.Block,
			*query.Unary, *query.Binary, *query.Compare:
		case *query.Keyword:
			if m.Kind == query.KwFen || m.Kind == query.KwCurrentPosition || m.Kind == query.KwCurrentFen || m.Kind == query.KwStandardFen {
				ok = false
			}
		default:
			ok = false
		}
	})
	return ok
}

// walk calls fn on n and the nodes below it, for the node kinds pure allows
// (other kinds are visited but not entered: pure rejects them anyway).
func walk(n query.Node, fn func(query.Node)) {
	if n == nil {
		return
	}
	fn(n)
	switch n := n.(type) {
	case *query.Block:
		for _, f := range n.Filters {
			walk(f, fn)
		}
	case *query.Unary:
		walk(n.X, fn)
	case *query.Binary:
		walk(n.X, fn)
		walk(n.Y, fn)
	case *query.Compare:
		for _, o := range n.Operands {
			walk(o, fn)
		}
	case *query.If:
		walk(n.Cond, fn)
		walk(n.Then, fn)
		walk(n.Else, fn)
	case *query.MinMax:
		for _, a := range n.Args {
			walk(a, fn)
		}
	}
}
