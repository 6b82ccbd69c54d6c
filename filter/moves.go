package filter

import "github.com/cqlgo/cql/chess"

// moveMode says which moves a move filter looks at.
type moveMode uint8

const (
	modePlayed      moveMode = iota // the moves played from this position in the game
	modePrevious                    // the move that led to this position
	modeLegal                       // all legal moves
	modePseudoLegal                 // all pseudo-legal moves
	modeReverse                     // CQLi's reverse: the moves that could have led here (reverse.go)
)

// moveValue says what a move filter's value is.
type moveValue uint8

const (
	valueFrom    moveValue = iota // the from squares of the matching moves
	valueTo                       // their destination squares (the king's, for castling)
	valueCount                    // the number of matching moves
	valueCapture                  // the squares of the pieces they capture (en passant: the pawn's)
)

// Castling kinds a move filter can ask for.
const (
	castleShort = 1 << iota
	castleLong
)

// moveNode is the move filter. It collects the moves of its mode that match
// every parameter; it matches when there is at least one.
type moveNode struct {
	mode moveMode
	val  moveValue

	from, to, capture setNode // nil: any square
	promote           uint8   // bit t set: promotion to piece type t allowed; 0: no constraint
	castle            uint8   // castleShort|castleLong bits; 0: no constraint
	enpassant         bool
	epSquare          setNode     // enpassantsquare S: en passant captures of a pawn on S (CQL: the captured pawn's square)
	null              bool        // only null moves
	primary           bool        // only the primary move (the main continuation)
	secondary         bool        // only secondary moves (those that start a variation)
	comment           node        // move ... comment (...): evaluated after each matching move (CQL's movebase.cpp)
	target            node        // CQLi's speculative move: evaluated after each matching legal move (speculative.go)
	all               bool        // speculative all: whether the target matched after every move
	lin               *lineLinear // in a line constituent: the one move to look at, when set

	// constParams: every square parameter is a constant (`move to . previous`,
	// `move capture [a-h8]`), so params need no position: cFrom, cTo, cCap.
	constParams      bool
	cFrom, cTo, cCap chess.Bitboard

	// quick: a played or previous move filter without comment or target whose
	// square parameters have no effects (contextFree), so that match needs only
	// whether one move matches (any).
	quick bool
	// pieceFrom: with quick, from is a piece designator without empty (the pieces
	// of fromMask, bit p for piece p, on fromSq) and every other square parameter is
	// a constant or absent (cTo, cCap): one and any test a move's from square by the
	// piece on it (pieceSets), without evaluating the parameters.
	pieceFrom bool
	fromMask  uint16
	fromSq    chess.Bitboard
	// plain: no null, castle, enpassant, enpassantsquare or promote parameter, so
	// kindOK asks only for a move, and a capture when capture is given
	plain bool
}

// fixParams records the parameters' values when none depends on the position.
func (n *moveNode) fixParams() {
	for _, p := range []setNode{n.from, n.to, n.capture, n.epSquare} {
		if _, ok := p.(constSet); p != nil && !ok {
			return
		}
	}
	n.cFrom, n.cTo, n.cCap = n.params(nil)
	n.constParams = true
}

// fixPieceFrom sets pieceFrom when it applies.
func (n *moveNode) fixPieceFrom() {
	ps, ok := n.from.(*pieceSet)
	if !ok || ps.empty || !n.quick {
		return
	}
	for _, p := range []setNode{n.to, n.capture, n.epSquare} {
		if _, ok := p.(constSet); p != nil && !ok {
			return
		}
	}
	n.cTo, n.cCap = all, all
	if n.to != nil {
		n.cTo = n.to.set(nil)
	}
	if n.capture != nil {
		n.cCap = n.capture.set(nil)
	}
	if n.epSquare != nil {
		n.cCap &= n.epSquare.set(nil)
	}
	for _, p := range ps.pieces {
		n.fromMask |= 1 << p
	}
	n.fromSq = ps.squares
	n.pieceFrom = true
}

// branchOK reports whether the move to child node c passes primary and
// secondary: c is its parent's first child or not.
func (n *moveNode) branchOK(e *Evaluator, c int32) bool {
	if !n.primary && !n.secondary {
		return true
	}
	p := e.g.Nodes[c].Parent
	isPrimary := p >= 0 && e.g.Nodes[p].FirstChild == c
	return isPrimary && n.primary || !isPrimary && n.secondary
}

// moveAcc accumulates the matching moves.
type moveAcc struct {
	from, to, captured chess.Bitboard
	n                  int
	// speculative all: considered moves, and whether the target failed after one
	considered int
	allFailed  bool
}

func (n *moveNode) set(e *Evaluator) chess.Bitboard { return n.value(n.collect(e)) }

// value is the filter's set value from the moves gathered in a.
func (n *moveNode) value(a moveAcc) chess.Bitboard {
	switch n.val {
	case valueTo:
		return a.to
	case valueCapture:
		return a.captured
	}
	return a.from
}

func (n *moveNode) match(e *Evaluator) bool {
	if n.quick {
		return n.any(e)
	}
	if n.all {
		return !n.collect(e).allFailed
	}
	return n.collect(e).n > 0
}

// collect evaluates the filter's parameters in the position the moves are
// played from (the parent, for previous) and gathers the matching moves.
func (n *moveNode) collect(e *Evaluator) moveAcc {
	var acc moveAcc
	if n.mode == modePrevious {
		nd := &e.g.Nodes[e.cur]
		if nd.Parent < 0 || nd.Move == chess.NoMove || !n.branchOK(e, e.cur) {
			return acc
		}
		if n.constParams { // no parameter to evaluate in the position before
			n.test(e, &e.g.Nodes[nd.Parent].Pos, nd.Move, n.cFrom, n.cTo, n.cCap, &acc)
		} else {
			save := e.cur
			e.at(nd.Parent)
			fromSet, toSet, capSet := n.params(e)
			n.test(e, e.pos, nd.Move, fromSet, toSet, capSet, &acc)
			e.at(save)
		}
		if n.comment != nil && acc.n > 0 {
			n.comment.match(e)
		}
		return acc
	}
	fromSet, toSet, capSet := n.params(e)
	switch n.mode {
	case modePlayed:
		nodes := e.g.Nodes
		for c := nodes[e.cur].FirstChild; c >= 0; c = nodes[c].NextSibling {
			if nodes[c].Variation && !e.q.variations || !n.branchOK(e, c) || n.lin != nil && e.linChild[n.lin.slot] >= 0 && c != e.linChild[n.lin.slot] {
				continue
			}
			k := acc.n
			n.test(e, e.pos, nodes[c].Move, fromSet, toSet, capSet, &acc)
			if n.comment != nil && acc.n > k {
				save := e.cur
				e.at(c)
				n.comment.match(e)
				e.at(save)
			}
		}
	case modeReverse:
		e.retro = retractions(e.pos, e.retro[:0])
		for _, r := range e.retro {
			n.testRetraction(r, fromSet, toSet, capSet, &acc)
		}
	case modeLegal, modePseudoLegal:
		var l *chess.MoveList
		if n.mode == modeLegal {
			l = e.legalMoves()
		} else {
			l = e.pseudoMoves()
		}
		// CQL finds en passant from the move that led here, never from a
		// FEN's en passant square (Attack::enpassantAttack), so the first
		// position of a game has none.
		initial := e.g.Nodes[e.cur].Parent < 0
		if n.target != nil {
			return n.speculate(e, l, initial, fromSet, toSet, capSet)
		}
		for i := 0; i < l.Len(); i++ {
			m := l.At(i)
			if n.underpromotionAlias(m) || initial && m.IsEnPassant() {
				continue
			}
			n.test(e, e.pos, m, fromSet, toSet, capSet, &acc)
		}
	}
	return acc
}

// underpromotionAlias reports whether m is a promotion to another piece than
// a queen while the filter says nothing about the promoted piece. CQL counts
// the legal and pseudolegal moves as from-to pairs (MoveLegalNode counts the
// destination squares of each piece), so b7-b8 is one move, not four.
func (n *moveNode) underpromotionAlias(m chess.Move) bool {
	p := m.Promotion()
	return p != chess.NoPieceType && p != chess.Queen && n.promote == 0
}

func (n *moveNode) params(e *Evaluator) (from, to, capture chess.Bitboard) {
	if n.constParams {
		return n.cFrom, n.cTo, n.cCap
	}
	from, to, capture = all, all, all
	if n.from != nil {
		from = n.from.set(e)
	}
	if n.to != nil {
		to = n.to.set(e)
	}
	if n.capture != nil {
		capture = n.capture.set(e)
	}
	if n.epSquare != nil {
		// CQL's enpassantsquare is the square of the pawn taken (e5 in
		// exd6 e.p.), as its standalone filter's value is: a capture square.
		capture &= n.epSquare.set(e)
	}
	return
}

// test adds m (a move of pos) to acc when it matches every parameter.
func (n *moveNode) test(_ *Evaluator, pos *chess.Position, m chess.Move, fromSet, toSet, capSet chess.Bitboard, acc *moveAcc) {
	if !n.kindOK(pos, m) {
		return
	}
	from, to, captured, ok := n.hit(pos, m, fromSet, toSet, capSet)
	if !ok {
		return
	}
	acc.n++
	acc.from |= from
	acc.to |= to
	acc.captured |= captured
}

// kindOK reports whether m (a move of pos) passes the tests that need no square
// parameter: null, castling, en passant, promotion, and that it captures when the
// filter asks for a captured piece.
func (n *moveNode) kindOK(pos *chess.Position, m chess.Move) bool {
	if n.plain {
		switch {
		case m == chess.NoMove:
			return false
		case n.capture == nil:
			return true
		case m.IsPlain():
			return pos.Occupied().Has(m.To())
		}
		return m.IsEnPassant() || m.Promotion() != chess.NoPieceType && pos.Occupied().Has(m.To())
	}
	switch {
	case m == chess.NoMove:
		return false
	case m.IsNull():
		// A null move goes from the mover's king's square to itself; it is no
		// capture, promotion, castling or en passant.
		return n.capture == nil && n.promote == 0 && n.castle == 0 && !n.enpassant && n.epSquare == nil
	case n.null:
		return false
	case m.IsCastle():
		if n.capture != nil || n.promote != 0 || n.enpassant {
			return false
		}
		kind := uint8(castleLong)
		if m.KingTo().File() == 6 {
			kind = castleShort
		}
		if n.castle != 0 && n.castle&kind == 0 {
			return false
		}
	case n.castle != 0:
		return false
	}
	if (n.enpassant || n.epSquare != nil) && !m.IsEnPassant() {
		return false
	}
	if (n.capture != nil || n.epSquare != nil) && !m.IsEnPassant() && (m.IsCastle() || !pos.Occupied().Has(m.To())) {
		return false
	}
	return n.promote == 0 || n.promote&(1<<m.Promotion()) != 0
}

// hit tests the squares of m (a move of pos that passed kindOK) against the
// parameters' sets: ok, with its from, destination (the king's, for castling) and
// captured-piece squares (en passant: the pawn's; empty for no capture).
func (n *moveNode) hit(pos *chess.Position, m chess.Move, fromSet, toSet, capSet chess.Bitboard) (from, to, captured chess.Bitboard, ok bool) {
	if m.IsNull() {
		k := nullMoveSquare(pos)
		if k == 0 && (n.from == nil && n.to == nil) || k&fromSet != 0 && k&toSet != 0 {
			return k, k, 0, true
		}
		return 0, 0, 0, false
	}
	f, t := m.From(), m.To()
	if m.IsCastle() {
		t = m.KingTo()
	}
	if !fromSet.Has(f) || !toSet.Has(t) {
		return 0, 0, 0, false
	}
	capSq := chess.NoSquare
	if m.IsEnPassant() {
		capSq = m.TakenSquare()
	} else if !m.IsCastle() && pos.Occupied().Has(t) {
		capSq = t
	}
	if capSq != chess.NoSquare {
		if (n.capture != nil || n.epSquare != nil) && !capSet.Has(capSq) {
			return 0, 0, 0, false
		}
		captured = chess.SquareBB(capSq)
	}
	return chess.SquareBB(f), chess.SquareBB(t), captured, true
}

// any is match for a quick filter (moveNode.quick): whether one move played
// from the current position, or the one that led to it, matches. The square
// parameters are evaluated only for a move that passed kindOK, once, and the
// search stops at the first match.
func (n *moveNode) any(e *Evaluator) bool {
	nodes := e.g.Nodes
	if n.mode == modePrevious {
		nd := &nodes[e.cur]
		if nd.Parent < 0 || !n.branchOK(e, e.cur) {
			return false
		}
		pos := &nodes[nd.Parent].Pos
		if !n.kindOK(pos, nd.Move) {
			return false
		}
		fromSet, toSet, capSet := n.cFrom, n.cTo, n.cCap
		if n.pieceFrom && !nd.Move.IsNull() {
			fromSet, toSet, capSet = n.pieceSets(pos, nd.Move)
		} else if !n.constParams {
			save := e.cur
			e.at(nd.Parent)
			fromSet, toSet, capSet = n.params(e)
			e.at(save)
		}
		_, _, _, ok := n.hit(pos, nd.Move, fromSet, toSet, capSet)
		return ok
	}
	only := int32(-1)
	if n.lin != nil {
		only = e.linChild[n.lin.slot]
	}
	var fromSet, toSet, capSet chess.Bitboard
	have := false
	for c := nodes[e.cur].FirstChild; c >= 0; c = nodes[c].NextSibling {
		if only >= 0 && c != only || nodes[c].Variation && !e.q.variations || !n.branchOK(e, c) {
			continue
		}
		m := nodes[c].Move
		if !n.kindOK(e.pos, m) {
			continue
		}
		f, t, cp := fromSet, toSet, capSet
		if n.pieceFrom && !m.IsNull() {
			f, t, cp = n.pieceSets(e.pos, m)
		} else {
			if !have {
				fromSet, toSet, capSet = n.params(e)
				have = true
			}
			f, t, cp = fromSet, toSet, capSet
		}
		if _, _, _, ok := n.hit(e.pos, m, f, t, cp); ok {
			return true
		}
	}
	return false
}

// one is any for the visible move to child c of the current position alone: a
// line's first step (lineNode.step).
func (n *moveNode) one(e *Evaluator, c int32) bool {
	m := e.g.Nodes[c].Move
	if !n.branchOK(e, c) || !n.kindOK(e.pos, m) {
		return false
	}
	var fromSet, toSet, capSet chess.Bitboard
	if n.pieceFrom && !m.IsNull() {
		fromSet, toSet, capSet = n.pieceSets(e.pos, m)
	} else {
		fromSet, toSet, capSet = n.params(e)
	}
	_, _, _, ok := n.hit(e.pos, m, fromSet, toSet, capSet)
	return ok
}

// pieceSets stands for params with pieceFrom, for m (a move of pos, not the null
// move), whose from square is all of the from set hit looks at: it holds m's from
// square when the piece there is one of the designator's.
func (n *moveNode) pieceSets(pos *chess.Position, m chess.Move) (from, to, capture chess.Bitboard) {
	f := m.From()
	if n.fromMask>>pos.PieceAt(f)&1 != 0 {
		from = chess.SquareBB(f) & n.fromSq
	}
	return from, n.cTo, n.cCap
}

// lastMoveSquare is `from` or `to` outside a move filter: the from or
// destination square of the move that led to the current position.
type lastMoveSquare struct{ to bool }

func (n lastMoveSquare) set(e *Evaluator) chess.Bitboard {
	m := e.g.Nodes[e.cur].Move
	if m == chess.NoMove {
		return 0
	}
	if m.IsNull() {
		// The mover's king: the side not to move now.
		return e.pos.Pieces(e.pos.SideToMove().Other(), chess.King)
	}
	if m.IsCastle() {
		// CQL's FromNode/ToNode: the king's and the rook's squares that fit
		// the owning move filter's sets (all of them outside one).
		fromSet, toSet := all, all
		if e.owned {
			fromSet, toSet = e.ownerFrom, e.ownerTo
		}
		if n.to {
			return castleTo(m, fromSet, toSet)
		}
		return castleFrom(m, fromSet, toSet)
	}
	if n.to {
		return chess.SquareBB(m.To())
	}
	return chess.SquareBB(m.From())
}
func (n lastMoveSquare) match(e *Evaluator) bool { return n.set(e) != 0 }

// nullMoveSquare is the from and to square of a null move played in pos: the
// king of the side to move (CQL 9.493's QMove stores a null move as a move of
// the king to its own square, and its move filters, dashes, from, to and path
// focus read it so). Empty when that side has no king.
func nullMoveSquare(pos *chess.Position) chess.Bitboard {
	return pos.Pieces(pos.SideToMove(), chess.King)
}
