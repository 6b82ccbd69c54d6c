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
	if m == chess.NoMove {
		return
	}
	if m.IsNull() {
		// A null move goes from the mover's king's square to itself; it is no
		// capture, promotion, castling or en passant.
		if n.capture != nil || n.promote != 0 || n.castle != 0 || n.enpassant || n.epSquare != nil {
			return
		}
		k := nullMoveSquare(pos)
		if k == 0 && (n.from == nil && n.to == nil) || k&fromSet != 0 && k&toSet != 0 {
			acc.n++
			acc.from |= k
			acc.to |= k
		}
		return
	}
	if n.null {
		return
	}
	from := m.From()
	to := m.To()
	if m.IsCastle() {
		to = m.KingTo()
		if n.capture != nil || n.promote != 0 || n.enpassant {
			return
		}
		kind := uint8(castleLong)
		if to.File() == 6 {
			kind = castleShort
		}
		if n.castle != 0 && n.castle&kind == 0 {
			return
		}
	} else if n.castle != 0 {
		return
	}
	if !fromSet.Has(from) || !toSet.Has(to) {
		return
	}
	capSq := chess.NoSquare
	if m.IsEnPassant() {
		capSq = m.TakenSquare()
	} else if !m.IsCastle() && pos.Occupied().Has(to) {
		capSq = to
	}
	if (n.enpassant || n.epSquare != nil) && !m.IsEnPassant() {
		return
	}
	if (n.capture != nil || n.epSquare != nil) && (capSq == chess.NoSquare || !capSet.Has(capSq)) {
		return
	}
	if n.promote != 0 && n.promote&(1<<m.Promotion()) == 0 {
		return
	}
	acc.n++
	acc.from |= chess.SquareBB(from)
	acc.to |= chess.SquareBB(to)
	if capSq != chess.NoSquare {
		acc.captured |= chess.SquareBB(capSq)
	}
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
