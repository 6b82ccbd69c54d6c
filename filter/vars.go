package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// ---- reading variables ----

// setVar is a set (square) variable; unbound it is the empty set.
type setVar int

func (v setVar) set(e *Evaluator) chess.Bitboard { return e.vars[v].bb }
func (v setVar) match(e *Evaluator) bool         { return e.vars[v].bb != 0 }

// pieceVar is a piece variable used as a set: the square where its piece
// stands now, or the empty set once it has been captured.
type pieceVar int

func (v pieceVar) set(e *Evaluator) chess.Bitboard {
	s := &e.vars[v]
	if !s.bound {
		return 0
	}
	sq, ok := e.pieceSquare(s.id)
	if !ok {
		return 0
	}
	return chess.SquareBB(sq)
}
func (v pieceVar) match(e *Evaluator) bool { return v.set(e) != 0 }

type numVar int

func (v numVar) num(e *Evaluator) (int, bool) { s := &e.vars[v]; return s.n, s.bound }
func (v numVar) match(e *Evaluator) bool      { return e.vars[v].bound }

// Reading a variable the query names: unbound, CQL 9.493 stops the run
// (squarevariable.cpp, pieceidvariable.cpp, numericvariable.cpp), and so do
// we, naming it. A loop variable after its loop is unbound (issue 38);
// comment, str, isbound and unbind look at a variable without reading it.

// varAt is a variable's name and where the query reads it.
type varAt struct {
	name string
	at   query.Pos
}

// boundSet is a set variable read as a set.
type boundSet struct {
	v setVar
	varAt
}

func (n boundSet) set(e *Evaluator) chess.Bitboard {
	if !e.vars[n.v].bound {
		e.fail(n.at, "the square variable '%s' has no value here (CQL: \"attempt to access unbound square variable: %s\"); a loop's variable is unbound after its loop: put the filters that use it in braces after the loop's set", n.name, n.name)
		return 0
	}
	return e.vars[n.v].bb
}
func (n boundSet) match(e *Evaluator) bool { return n.set(e) != 0 }

// boundPiece is a piece variable read as a set.
type boundPiece struct {
	v pieceVar
	varAt
}

func (n boundPiece) set(e *Evaluator) chess.Bitboard {
	if !e.vars[n.v].bound {
		e.fail(n.at, "the piece variable '%s' has no value here (CQL: \"Unexpected unbound piece variable: %s\"); a loop's variable is unbound after its loop: put the filters that use it in braces after the loop's set", n.name, n.name)
		return 0
	}
	return n.v.set(e)
}
func (n boundPiece) match(e *Evaluator) bool { return n.set(e) != 0 }

// boundNum is a number variable read as a number.
type boundNum struct {
	v numVar
	varAt
}

func (n boundNum) num(e *Evaluator) (int, bool) {
	s := &e.vars[n.v]
	if !s.bound {
		e.fail(n.at, "the number variable '%s' is read before it has a value (CQL: \"Numeric variable is not bound but attempt to access its value was made: %s\"); test isbound %s first, or assign it on every way here", n.name, n.name, n.name)
		return 0, false
	}
	return s.n, true
}
func (n boundNum) match(e *Evaluator) bool { return e.vars[n.v].bound }

type strVar int

func (v strVar) str(e *Evaluator) (string, bool) { s := &e.vars[v]; return s.s, s.bound }
func (v strVar) match(e *Evaluator) bool         { return e.vars[v].bound }

// ---- assignments ----

// assignSet is `x = S`; a set always has a value, so it always matches.
type assignSet struct {
	v int
	a setNode
}

func (n *assignSet) match(e *Evaluator) bool {
	s := &e.vars[n.v]
	s.bb, s.bound = n.a.set(e), true
	return true
}

// assignPiece is `x = S` for a piece variable: S must hold exactly one piece.
type assignPiece struct {
	v int
	a setNode
}

func (n *assignPiece) match(e *Evaluator) bool {
	b := n.a.set(e) & e.pos.Occupied()
	if b == 0 || b.More() {
		return false
	}
	s := &e.vars[n.v]
	s.id, s.bound = e.pieceAt(b.First()), true
	return true
}

// assignNum is `x = n` and the updates `+= -= *= /= %=`; it matches when the
// right side has a value (and, for updates, x is bound and no division by
// zero happens; an overflow stops the run).
type assignNum struct {
	v   int
	op  arithOp
	upd bool // an update (x op= n) rather than a plain assignment
	a   numNode
	at  query.Pos
}

func (n *assignNum) match(e *Evaluator) bool {
	y, ok := n.a.num(e)
	if !ok {
		return false
	}
	s := &e.vars[n.v]
	if !n.upd {
		s.n, s.bound = y, true
		return true
	}
	if !s.bound {
		return false
	}
	r, ok := arith(e, n.op, s.n, y, n.at)
	if !ok {
		return false
	}
	s.n = r
	return true
}

type assignStr struct {
	v      int
	a      strNode
	append bool // x += S: append to the bound string; no match while x is unbound
	at     query.Pos
	name   string
}

func (n *assignStr) match(e *Evaluator) bool {
	y, ok := n.a.str(e)
	if !ok {
		return false
	}
	s := &e.vars[n.v]
	if n.append {
		if !s.bound || e.tooLong(n.at, n.name+" +=", len(s.s)+len(y)) {
			return false
		}
		s.s += y
		return true
	}
	s.s, s.bound = y, true
	return true
}

// ---- iteration ----

// squareIter is `square [all] x in S body`, or with pieces `piece [all] x in S body` over the
// pieces on the squares of S, with x bound to each piece's identity. Without all it is the
// set of the squares for which the body matches; with all, S itself when every square
// matches, else empty.
type squareIter struct {
	v      int
	in     setNode
	body   node
	every  bool
	pieces bool
}

// squares returns S, only its occupied squares for piece.
func (n *squareIter) squares(e *Evaluator) chess.Bitboard {
	if n.pieces {
		return n.in.set(e) & e.pos.Occupied()
	}
	return n.in.set(e)
}

// bind sets x to the square sq, or to the piece on it.
func (n *squareIter) bind(e *Evaluator, s *slot, sq chess.Square) {
	if n.pieces {
		s.id = e.pieceAt(sq)
	} else {
		s.bb = chess.SquareBB(sq)
	}
	s.bound = true
}

func (n *squareIter) set(e *Evaluator) chess.Bitboard {
	in := n.squares(e)
	var r chess.Bitboard
	s := &e.vars[n.v]
	saved := *s
	mark := len(e.pending)
	for b := in; b != 0; {
		sq := b.PopFirst()
		n.bind(e, s, sq)
		if n.matchBody(e) {
			r |= chess.SquareBB(sq)
		} else if n.every {
			*s = saved
			e.dropComments(mark)
			return 0
		}
	}
	*s = saved
	return r
}

// matchBody matches the body for the bound square or piece, dropping the
// comments it made when it fails, as CQL's SquareLoopNode::match_body and
// PieceLoopNode::match_body do.
func (n *squareIter) matchBody(e *Evaluator) bool {
	mark := len(e.pending)
	if n.body.match(e) {
		return true
	}
	e.dropComments(mark)
	return false
}

func (n *squareIter) match(e *Evaluator) bool {
	if !n.every {
		return n.set(e) != 0
	}
	// Square all matches when no square fails, even with S empty.
	in := n.squares(e)
	s := &e.vars[n.v]
	saved := *s
	mark := len(e.pending)
	ok := true
	for b := in; b != 0 && ok; {
		n.bind(e, s, b.PopFirst())
		ok = n.matchBody(e)
	}
	*s = saved
	if !ok {
		// A failing `all` keeps none of the comments of the squares that
		// matched before (CQL's SquareLoopNode::match_position).
		e.dropComments(mark)
	}
	return ok
}
