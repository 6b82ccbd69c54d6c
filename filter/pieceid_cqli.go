package filter

import "github.com/cqlgo/cql/chess"

// pieceid under --dialect cqli (docs/cqli.md, row 12). CQL numbers the pieces
// of the game's start position from 0 in square order from a1 (a1, b1, ...,
// h8); CQLi numbers them from 0 in the order a FEN writes them (a8, b8, ...,
// h8, a7, ..., h1). The identity itself is the same in both: it follows the
// piece through moves, castling and promotion until the piece is captured, so
// only the number differs, and it is computed from our identity (square
// order, counted from 1) and the game's start position.

// cqliPieceNumber returns CQLi's number for the piece with our identity id
// (1..n: the id-th occupied square of start from a1): the number of the
// start position's pieces that a FEN writes before it.
func cqliPieceNumber(start chess.Bitboard, id uint8) int {
	k := uint8(0)
	for b := start; b != 0; {
		s := b.First()
		b &^= chess.SquareBB(s)
		k++
		if k != id {
			continue
		}
		// Pieces a FEN writes first: those on higher ranks, and those on
		// the same rank on a lower file.
		r, f := s.Rank(), s.File()
		above := start &^ (chess.Bitboard(1)<<(8*(r+1)) - 1)
		if r == 7 {
			above = 0
		}
		left := start & (chess.Bitboard(1)<<(8*r+f) - 1) &^ (chess.Bitboard(1)<<(8*r) - 1)
		return above.Count() + left.Count()
	}
	return -1
}

// cqliPieceIDNode is pieceid X in CQLi's numbering: as pieceIDNode.
type cqliPieceIDNode struct{ a setNode }

func (n cqliPieceIDNode) num(e *Evaluator) (int, bool) {
	b := n.a.set(e)
	if b == 0 || b.More() {
		return 0, false
	}
	id := e.pieceAt(b.First())
	if id == noID {
		return 0, false
	}
	return cqliPieceNumber(e.g.Nodes[0].Pos.Occupied(), id), true
}
func (n cqliPieceIDNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// cqliPieceVarIDNode is pieceid x for a piece variable x in CQLi's
// numbering: as pieceVarIDNode.
type cqliPieceVarIDNode int

func (v cqliPieceVarIDNode) num(e *Evaluator) (int, bool) {
	s := &e.vars[v]
	if !s.bound {
		return 0, false
	}
	return cqliPieceNumber(e.g.Nodes[0].Pos.Occupied(), s.id), true
}
func (v cqliPieceVarIDNode) match(e *Evaluator) bool { _, ok := v.num(e); return ok }
