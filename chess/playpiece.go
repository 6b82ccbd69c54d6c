package chess

// checkersUnknown in Position.checkers says that the checkers are to be computed when
// asked (Checkers): no set of checkers is every square.
const checkersUnknown = ^Bitboard(0)

// PlayPiece plays the move of the piece on from to to, which must be a legal move that is
// neither castling, nor en passant, nor a promotion (a double pawn push is fine). It leaves
// the position as Play(NewMove(from, to, NoPieceType)) does, with fewer branches, except
// that the checkers are left to be computed when asked (Checkers, InCheck, the move
// generator): a replay that asks most positions something else (the index's count of a
// position-local query, which plays into one position in place) saves the check test of
// every move; one that asks about check pays it once per position it asks at.
func (p *Position) PlayPiece(from, to Square) {
	us := p.side
	them := us ^ 1
	pc := p.board[from]
	t := pc.Type()
	capt := p.board[to]
	fb, tb := SquareBB(from), SquareBB(to)
	// The sets the move changes are read before any is written: no read waits for a write
	// to byType at an index read from the board.
	occ, own, mine := p.byType[0], p.byType[t], p.byColor[us]
	// A capture takes the piece off to's sets (an empty to clears byType[0] there, which
	// is written again below); the mover's type set is written after, so that a pawn
	// taking a pawn keeps to.
	p.byType[capt.Type()] &^= tb
	p.byColor[them] &^= tb
	p.byType[t] = own&^fb | tb
	p.byColor[us] = mine&^fb | tb
	occ = occ&^fb | tb
	p.byType[0] = occ
	p.board[from], p.board[to] = NoPiece, pc
	p.fullmove += uint16(us) // Black completes a move
	p.side = them
	p.halfmove++
	if t == Pawn || capt != NoPiece {
		p.halfmove = 0
	}
	p.ep = NoSquare
	if t == King {
		p.kings[us] = to
	}
	if p.castle != 0 && (t == King || p.castleRooks&(fb|tb) != 0) {
		if t == King {
			p.castle &^= (castleWK | castleWQ) << (2 * us)
		}
		for bit := 0; bit < 4; bit++ {
			if r := p.castleRook[bit]; p.castle&(1<<bit) != 0 && (r == from || r == to) {
				p.castle &^= 1 << bit
			}
		}
		p.castleRooks = p.castleRookBB()
	}
	p.checkers = checkersUnknown
	if t == Pawn && (to-from == 16 || from-to == 16) {
		ep := (from + to) / 2
		if pawnAttacks[us][ep]&p.byColor[them]&p.byType[Pawn] != 0 {
			p.ep = ep
		}
	}
}
