package chess

import "errors"

// Editing a position in place, for CQLi's imagine filter (positions that were
// not played: pieces put on squares or taken off, the side to move changed).
// Begin with a copy of a real position, call Set and SetSide, then Finish,
// which makes the position consistent again or says why nobody could play
// from it.

// Set puts pc on s, replacing what stood there; NoPiece empties s. A castling
// right whose king or rook stood on s is dropped (the piece there is not the
// one that has not moved); so is the en passant square when s is one of its
// squares (Finish drops one no pawn can take on anyway).
func (p *Position) Set(s Square, pc Piece) {
	if s > 63 {
		return
	}
	if p.castle != 0 {
		for bit := 0; bit < 4; bit++ {
			c := Color(bit / 2)
			if p.castle&(1<<bit) != 0 && (p.castleRook[bit] == s || p.board[s] == MakePiece(c, King)) {
				p.castle &^= 1 << bit
			}
		}
	}
	if p.ep != NoSquare && (s == p.ep || s == p.ep+8 || s == p.ep-8) {
		p.ep = NoSquare
	}
	if p.board[s] != NoPiece {
		p.remove(s)
	}
	if pc != NoPiece {
		p.put(pc, s)
	}
	p.checkers = checkersUnknown
}

// SetSide makes c the side to move. Changing it drops the en passant square,
// which belongs to the side that was to move.
func (p *Position) SetSide(c Color) {
	if c != p.side {
		p.side = c
		p.ep = NoSquare
	}
	p.checkers = checkersUnknown
}

// ErrKings and ErrPawnOnEdge are why Finish refuses an edited position.
var (
	ErrKings      = errors.New("each side needs exactly one king")
	ErrPawnOnEdge = errors.New("a pawn on the first or last rank")
)

// Finish makes an edited position consistent (kings, castling rooks, en
// passant square, checkers) and returns an error, leaving the position
// unusable, when it is one nobody could play from: not one king a side, or a
// pawn on the first or last rank. The side not to move may be in check, as a
// FEN may have it (NotToMoveInCheck).
func (p *Position) Finish() error {
	for c := White; c <= Black; c++ {
		k := p.Pieces(c, King)
		if k.Count() != 1 {
			return ErrKings
		}
		p.kings[c] = k.First()
	}
	if p.byType[Pawn]&(rank1|rank8) != 0 {
		return ErrPawnOnEdge
	}
	p.castleRooks = p.castleRookBB()
	p.cleanEnPassant()
	p.checkers = p.attackersTo(p.King(p.side), p.byType[0]) & p.byColor[p.side.Other()]
	return nil
}
