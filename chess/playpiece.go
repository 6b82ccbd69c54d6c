package chess

// directAttacks[pc][s] is what piece pc on s attacks on an empty board, 0 for a king (a
// king never gives check) and for NoPiece: a direct check is then one lookup and the
// between test, whatever the piece (a pawn's or knight's target has nothing between).
var directAttacks [16][64]Bitboard

// initDirectAttacks fills directAttacks; attacks.go's init calls it after the tables it reads.
func initDirectAttacks() {
	for c := White; c <= Black; c++ {
		for pt := Pawn; pt < King; pt++ {
			for s := Square(0); s < 64; s++ {
				directAttacks[MakePiece(c, pt)][s] = EmptyBoardAttacks(c, pt, s)
			}
		}
	}
}

// PlayPiece plays the move of the piece on from to to, which must be a legal move that is
// neither castling, nor en passant, nor a promotion (a double pawn push is fine). It leaves
// the position exactly as Play(NewMove(from, to, NoPieceType)) does, with fewer branches:
// a replay that knows its move's kind (the index's move decoder) plays most moves this way.
func (p *Position) PlayPiece(from, to Square) {
	us := p.side
	them := us ^ 1
	pc := p.board[from]
	t := pc.Type()
	capt := p.board[to]
	fb, tb := SquareBB(from), SquareBB(to)
	// A capture takes the piece off to's sets; an empty to clears byType[0] there, which the
	// next line sets again.
	p.byType[capt.Type()] &^= tb
	p.byColor[them] &^= tb
	p.byType[0] = p.byType[0]&^fb | tb
	p.byType[t] ^= fb | tb
	p.byColor[us] ^= fb | tb
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
	ksq := p.kings[them]
	occ := p.byType[0]
	p.checkers = 0
	if directAttacks[pc&15][to].Has(ksq) && betweenBB[ksq][to]&occ == 0 {
		p.checkers = tb
	}
	if pseudoQueen[ksq].Has(from) && p.byColor[us]&p.sliders()&pseudoQueen[ksq] != 0 &&
		betweenBB[ksq][from]&occ == 0 {
		for sliders := p.lineSliders(ksq, from, us); sliders != 0; {
			if s := sliders.PopFirst(); betweenBB[ksq][s]&occ == 0 {
				p.checkers |= SquareBB(s)
			}
		}
	}
	if t == Pawn && (to-from == 16 || from-to == 16) {
		ep := (from + to) / 2
		if pawnAttacks[us][ep]&p.byColor[them]&p.byType[Pawn] != 0 {
			p.ep = ep
		}
	}
}
