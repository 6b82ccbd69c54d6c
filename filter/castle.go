package filter

import "github.com/cqlgo/cql/chess"

// Castling in move filters, as CQL's QMove (qmove.cpp): a castling move is
// both the king's move and the rook's. It fits F--G when either piece goes
// from F to G, and `from`/`to` in the target (or after the move, outside
// any move filter) are the squares of the pieces whose move fits.

// castleSquares returns where the king and the rook of castling move m
// start and land (m.To() is the rook's square in our encoding).
func castleSquares(m chess.Move) (kingFrom, kingTo, rookFrom, rookTo chess.Square) {
	kingFrom, rookFrom, kingTo = m.From(), m.To(), m.KingTo()
	rookTo = chess.SquareAt(3, kingFrom.Rank())
	if rookFrom > kingFrom {
		rookTo = chess.SquareAt(5, kingFrom.Rank())
	}
	return
}

// castleFrom is CQL's smartFrom for castling move m: the start squares in
// fromSet of the king and the rook whose destinations are in toSet.
func castleFrom(m chess.Move, fromSet, toSet chess.Bitboard) chess.Bitboard {
	kingFrom, kingTo, rookFrom, rookTo := castleSquares(m)
	var b chess.Bitboard
	if toSet.Has(kingTo) {
		b |= fromSet & chess.SquareBB(kingFrom)
	}
	if toSet.Has(rookTo) {
		b |= fromSet & chess.SquareBB(rookFrom)
	}
	return b
}

// castleTo is CQL's smartTo: the destinations in toSet of the king and the
// rook whose start squares are in fromSet.
func castleTo(m chess.Move, fromSet, toSet chess.Bitboard) chess.Bitboard {
	kingFrom, kingTo, rookFrom, rookTo := castleSquares(m)
	var b chess.Bitboard
	if fromSet.Has(kingFrom) {
		b |= toSet & chess.SquareBB(kingTo)
	}
	if fromSet.Has(rookFrom) {
		b |= toSet & chess.SquareBB(rookTo)
	}
	return b
}

// castleFocusSets drops from a focused path step's sets the squares of the
// castling piece that is out of focus (CQL's PathNode::computeDashConFocused):
// when only the rook is followed, O-O-O is its move a1-d1 alone, so the step
// fits only if that move does, and `to` after it is d1, not also the king's c1.
func castleFocusSets(m chess.Move, focus, fromSet, toSet chess.Bitboard) (chess.Bitboard, chess.Bitboard) {
	kingFrom, kingTo, rookFrom, rookTo := castleSquares(m)
	if !focus.Has(kingFrom) {
		fromSet &^= chess.SquareBB(kingFrom)
		toSet &^= chess.SquareBB(kingTo)
	}
	if !focus.Has(rookFrom) {
		fromSet &^= chess.SquareBB(rookFrom)
		toSet &^= chess.SquareBB(rookTo)
	}
	return fromSet, toSet
}

// ownerState is the evaluator's owning move filter sets before own.
type ownerState struct {
	from, to chess.Bitboard
	owned    bool
}

// own makes fromSet and toSet the sets `from` and `to` see after a castling
// move, while a move filter's target is evaluated; undo restores them.
func (e *Evaluator) own(fromSet, toSet chess.Bitboard) ownerState {
	s := ownerState{e.ownerFrom, e.ownerTo, e.owned}
	e.ownerFrom, e.ownerTo, e.owned = fromSet, toSet, true
	return s
}

func (s ownerState) undo(e *Evaluator) { e.ownerFrom, e.ownerTo, e.owned = s.from, s.to, s.owned }
