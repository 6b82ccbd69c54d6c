package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// dashNode is CQL 6.2's F--G and F×G outside a path: some move played from
// the current position (a visited child) goes from a square of F to a square
// of G (both evaluated here; a castling move goes to the king's square), is a
// capture for ×, promotes as asked, and the target filter matches in the
// position after it. A null move goes from the mover's king's square to
// itself, as in CQL.
type dashNode struct {
	from, to setNode // nil: any square
	capture  bool
	promote  uint8 // bit t: promotion to piece type t; 0: no constraint
	// promoteBy: a promotion whose piece a letter of this string names
	// (before the move; "" or ".": any), as CQL's PastMoveNode. Nil: none.
	promoteBy strNode
	target    node // nil: none
	smart     bool // no move fits: drop the comments made (dashnode.cpp)
}

func (n *dashNode) match(e *Evaluator) bool {
	mark := len(e.pending)
	fromSet, toSet := n.sets(e)
	for c := e.g.Nodes[e.cur].FirstChild; c >= 0; c = e.g.Nodes[c].NextSibling {
		if e.visible(c) && n.fits(e, c, fromSet, toSet) {
			return true
		}
	}
	if n.smart {
		e.dropComments(mark)
	}
	return false
}

// sets evaluates the from and to sets in the current position.
func (n *dashNode) sets(e *Evaluator) (fromSet, toSet chess.Bitboard) {
	fromSet, toSet = all, all
	if n.from != nil {
		fromSet = n.from.set(e)
	}
	if n.to != nil {
		toSet = n.to.set(e)
	}
	return fromSet, toSet
}

// fits reports whether the move to child c of the current position matches.
func (n *dashNode) fits(e *Evaluator, c int32, fromSet, toSet chess.Bitboard) bool {
	if !n.fitsPlayed(e, e.g.Nodes[c].Move, fromSet, toSet) {
		return false
	}
	if n.target != nil {
		save := e.cur
		restore := e.own(fromSet, toSet)
		e.at(c)
		ok := n.target.match(e)
		e.at(save)
		restore.undo(e)
		return ok
	}
	return true
}

// fitsPlayed is fitsMove for a move played in the game: a castling move
// fits when the king's or the rook's move does (CQL's QMove::validMove,
// smartFrom), so R--f1 matches O-O.
func (n *dashNode) fitsPlayed(e *Evaluator, m chess.Move, fromSet, toSet chess.Bitboard) bool {
	if !m.IsCastle() {
		return n.fitsMove(e, m, fromSet, toSet)
	}
	if n.capture || n.promoteBy != nil || n.promote != 0 {
		return false
	}
	return castleFrom(m, fromSet, toSet) != 0
}

// fitsMove reports whether move m of the current position goes from fromSet
// to toSet and is a capture and a promotion as asked (the target aside).
func (n *dashNode) fitsMove(e *Evaluator, m chess.Move, fromSet, toSet chess.Bitboard) bool {
	if m == chess.NoMove {
		return false
	}
	if m.IsNull() {
		k := nullMoveSquare(e.pos)
		return k&fromSet != 0 && k&toSet != 0 && !n.capture && n.promoteBy == nil && n.promote == 0
	}
	to := m.To()
	switch {
	case m.IsCastle():
		to = m.KingTo()
	case n.capture:
		// A capture's right side is the taken piece's square (CQL's
		// QMove::validMove, getCaptureSquare): pb4×Pa4 is bxa3 en passant.
		to = m.TakenSquare()
	}
	if !fromSet.Has(m.From()) || !toSet.Has(to) {
		return false
	}
	if n.capture && !m.IsEnPassant() && (m.IsCastle() || !e.pos.Occupied().Has(to)) {
		return false
	}
	if n.promoteBy != nil {
		return m.Promotion() != chess.NoPieceType && n.promotesTo(e, m.Promotion())
	}
	return n.promote == 0 || n.promote&(1<<m.Promotion()) != 0
}

// promotesTo reports whether the promotion string, evaluated in the current
// position, names piece type t: it is empty or ".", or one of its letters,
// in either case, is t's (CQL 9.493, PastMoveNode::match_position). A string
// without a value names nothing.
func (n *dashNode) promotesTo(e *Evaluator, t chess.PieceType) bool {
	s, ok := n.promoteBy.str(e)
	if !ok {
		return false
	}
	if s == "" || s == "." {
		return true
	}
	letter := t.Letter()
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c == letter {
			return true
		}
	}
	return false
}

// legalNode is `legal D` / `pseudolegal D`: the destination squares of the
// legal (pseudolegal) moves of the current position that fit D and are of
// the kind asked (a castling move's is the king's); it matches when there is
// one.
type legalNode struct {
	d      *dashNode
	pseudo bool
	kind   query.MoveKind
}

func (n *legalNode) match(e *Evaluator) bool {
	fromSet, toSet := n.d.sets(e)
	l := e.legalMoves()
	if n.pseudo {
		l = e.pseudoMoves()
	}
	for i := 0; i < l.Len(); i++ {
		m := l.At(i)
		if n.d.fitsMove(e, m, fromSet, toSet) && n.kindFits(m) {
			return true
		}
	}
	return false
}

// set is the union of the fitting moves' destinations: CQL 9.493's
// MoveLegalNode (returnTo) returns these to-squares.
func (n *legalNode) set(e *Evaluator) chess.Bitboard {
	fromSet, toSet := n.d.sets(e)
	l := e.legalMoves()
	if n.pseudo {
		l = e.pseudoMoves()
	}
	var to chess.Bitboard
	for i := 0; i < l.Len(); i++ {
		m := l.At(i)
		if n.d.fitsMove(e, m, fromSet, toSet) && n.kindFits(m) {
			if m.IsCastle() {
				to |= chess.SquareBB(m.KingTo())
			} else {
				to |= chess.SquareBB(m.To())
			}
		}
	}
	return to
}

func (n *legalNode) kindFits(m chess.Move) bool {
	switch n.kind {
	case query.KindOO:
		return m.IsCastle() && m.To() > m.From()
	case query.KindOOO:
		return m.IsCastle() && m.To() < m.From()
	case query.KindCastle:
		return m.IsCastle()
	case query.KindEnPassant:
		return m.IsEnPassant()
	}
	return true
}

func (c *compiler) legal(n *query.Legal) (node, error) {
	d, err := c.dash(n.Move)
	if err != nil {
		return nil, err
	}
	return &legalNode{d: d.(*dashNode), pseudo: n.Pseudo, kind: n.Kind}, nil
}

// currentMoveNode is `currentmove D`: D matches the move that led to the
// current position, its sets evaluated in the position before that move.
type currentMoveNode struct{ d *dashNode }

func (n *currentMoveNode) match(e *Evaluator) bool {
	cur := e.cur
	parent := e.g.Nodes[cur].Parent
	if parent < 0 {
		return false
	}
	e.at(parent)
	fromSet, toSet := n.d.sets(e)
	ok := n.d.fits(e, cur, fromSet, toSet)
	e.at(cur)
	return ok
}

// loopLimit bounds one loop evaluation: a body that never fails (loop true)
// would otherwise run forever; reaching it stops the run with an error.
const loopLimit = 1 << 20

// loopNode is `loop body`: body runs until it fails; matches when body
// matched at least once.
type loopNode struct {
	body node
	at   query.Pos
}

func (n *loopNode) match(e *Evaluator) bool {
	for i := 0; i < loopLimit; i++ {
		if !n.body.match(e) {
			return i > 0
		}
	}
	e.fail(n.at, "loop: the body still matched after %d evaluations", loopLimit)
	return false
}

func (c *compiler) dash(n *query.Dash) (node, error) {
	d := &dashNode{capture: n.Capture}
	before := c.commenters
	var err error
	if n.From != nil {
		if d.from, err = c.set(n.From); err != nil {
			return nil, err
		}
	}
	if n.To != nil {
		if d.to, err = c.set(n.To); err != nil {
			return nil, err
		}
	}
	if n.Target != nil {
		if d.target, err = c.compile(n.Target); err != nil {
			return nil, err
		}
	}
	for k := query.WhiteKing; k < query.Empty; k++ {
		if n.Promote.Has(k) {
			d.promote |= 1 << chessPiece(k).Type()
		}
	}
	if n.PromoteBy != nil {
		if d.promoteBy, err = c.str(n.PromoteBy); err != nil {
			return nil, err
		}
	}
	d.smart = c.smartCompound(before)
	return d, nil
}

func (c *compiler) currentMove(n *query.CurrentMove) (node, error) {
	d, err := c.dash(n.Move)
	if err != nil {
		return nil, err
	}
	return &currentMoveNode{d: d.(*dashNode)}, nil
}

func (c *compiler) loop(n *query.Loop) (node, error) {
	body, err := c.compile(n.Body)
	if err != nil {
		return nil, err
	}
	return &loopNode{body: body, at: n.Pos()}, nil
}

// dashValue compiles a move filter standing as a filter of its own: with a
// target that has a value, the filter has that value (dashSet, dashNum,
// dashStr, dashPos).
func (c *compiler) dashValue(n *query.Dash) (node, error) {
	x, err := c.dash(n)
	if err != nil || n.Target == nil {
		return x, err
	}
	d := x.(*dashNode)
	switch t := d.target.(type) {
	case setNode:
		if n.T == query.TypeSet {
			return dashSet{d, t}, nil
		}
	case numNode:
		if n.T == query.TypeNumber {
			return dashNum{d, t}, nil
		}
	case strNode:
		if n.T == query.TypeString {
			return dashStr{d, t}, nil
		}
	case posNode:
		if n.T == query.TypePosition {
			return dashPos{d, t}, nil
		}
	}
	return d, nil
}

// eachMove calls f at the tail of each move of the current position that
// fits the move filter (the target aside), in move order, until f returns
// true; the current position is restored.
func (n *dashNode) eachMove(e *Evaluator, f func() bool) {
	fromSet, toSet := n.sets(e)
	save := e.cur
	for c := e.g.Nodes[save].FirstChild; c >= 0; c = e.g.Nodes[c].NextSibling {
		if !e.visible(c) || !n.fitsPlayed(e, e.g.Nodes[c].Move, fromSet, toSet) {
			continue
		}
		restore := e.own(fromSet, toSet)
		e.at(c)
		done := f()
		e.at(save)
		restore.undo(e)
		if done {
			return
		}
	}
}

// dashSet is a move filter whose target is a set: its value is the
// target's set after the first fitting move where it is not empty.
type dashSet struct {
	*dashNode
	t setNode
}

func (n dashSet) set(e *Evaluator) chess.Bitboard {
	mark := len(e.pending)
	var v chess.Bitboard
	n.eachMove(e, func() bool { v = n.t.set(e); return v != 0 })
	n.valueFound(e, mark, v != 0)
	return v
}

// valueFound drops the comments made when a move filter used for its value
// found none, as CQL's DashNode::compute does whether or not it is asked
// for a value (dashnode.cpp).
func (n *dashNode) valueFound(e *Evaluator, mark int, ok bool) {
	if !ok && n.smart {
		e.dropComments(mark)
	}
}

// dashNum is a move filter whose target is a number.
type dashNum struct {
	*dashNode
	t numNode
}

func (n dashNum) num(e *Evaluator) (v int, ok bool) {
	mark := len(e.pending)
	n.eachMove(e, func() bool { v, ok = n.t.num(e); return ok })
	n.valueFound(e, mark, ok)
	return v, ok
}

// dashStr is a move filter whose target is a string.
type dashStr struct {
	*dashNode
	t strNode
}

func (n dashStr) str(e *Evaluator) (v string, ok bool) {
	mark := len(e.pending)
	n.eachMove(e, func() bool { v, ok = n.t.str(e); return ok })
	n.valueFound(e, mark, ok)
	return v, ok
}

// dashPos is a move filter whose target is a position.
type dashPos struct {
	*dashNode
	t posNode
}

func (n dashPos) position(e *Evaluator) (v int32, ok bool) {
	mark := len(e.pending)
	n.eachMove(e, func() bool { v, ok = n.t.position(e); return ok })
	n.valueFound(e, mark, ok)
	return v, ok
}

// countDashNode is `countmoves D`: how many moves played from the current
// position (visible children) fit D, target included. Always matches.
type countDashNode struct{ d *dashNode }

func (n countDashNode) match(*Evaluator) bool { return true }

func (n countDashNode) num(e *Evaluator) (int, bool) {
	fromSet, toSet := n.d.sets(e)
	count := 0
	for c := e.g.Nodes[e.cur].FirstChild; c >= 0; c = e.g.Nodes[c].NextSibling {
		if e.visible(c) && n.d.fits(e, c, fromSet, toSet) {
			count++
		}
	}
	return count, true
}

// countLegalNode is `countmoves legal D` / `countmoves pseudolegal D`: how
// many legal (pseudolegal) moves fit D, counting as CQL 9.493's
// MoveLegalNode does: one per origin and destination square, so a pawn's
// four promotions on one square count once. Always matches.
type countLegalNode struct{ l *legalNode }

func (n countLegalNode) match(*Evaluator) bool { return true }

func (n countLegalNode) num(e *Evaluator) (int, bool) {
	fromSet, toSet := n.l.d.sets(e)
	l := e.legalMoves()
	if n.l.pseudo {
		l = e.pseudoMoves()
	}
	count := 0
	for i := 0; i < l.Len(); i++ {
		m := l.At(i)
		if p := m.Promotion(); p != chess.NoPieceType && p != chess.Queen {
			continue
		}
		if n.l.d.fitsMove(e, m, fromSet, toSet) && n.l.kindFits(m) {
			count++
		}
	}
	return count, true
}

func (c *compiler) countMoves(n *query.CountMoves) (node, error) {
	if n.Move != nil {
		d, err := c.dash(n.Move)
		if err != nil {
			return nil, err
		}
		return countDashNode{d.(*dashNode)}, nil
	}
	l, err := c.legal(n.Legal)
	if err != nil {
		return nil, err
	}
	return countLegalNode{l.(*legalNode)}, nil
}
