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
	// The clock, the king's square and the en-passant target without branches: which
	// piece moves, and whether it takes, is what the branch predictor cannot guess
	// (cachegrind's branch simulation put most of a replay's mispredictions on these).
	reset := b2u(t == Pawn) | b2u(capt != NoPiece)
	p.halfmove = (p.halfmove + 1) & (uint16(reset) - 1)
	isKing := -Square(b2u(t == King))
	p.kings[us] = p.kings[us]&^isKing | to&isKing
	// A double push (to-from is 16 or -16: +16 gives 32 or 0) by a pawn sets the target
	// when a pawn of the side now to move could take there.
	ep := (from + to) / 2 & 63
	double := b2u((uint(to)-uint(from)+16)&^32 == 0 && t == Pawn)
	p.ep = NoSquare
	if pawnAttacks[us][ep]&p.byColor[them]&p.byType[Pawn]&-Bitboard(double) != 0 {
		p.ep = ep
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
}

// b2u is 1 for true, 0 for false (compiled without a branch).
func b2u(b bool) uint {
	if b {
		return 1
	}
	return 0
}

// ResolveCheckers computes the checkers a PlayPiece left to be computed, so that a position
// kept and asked again (a node of a game tree) computes them once.
func (p *Position) ResolveCheckers() { p.checkers = p.Checkers() }
