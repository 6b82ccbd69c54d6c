package chess

// attackersTo returns the pieces of both colours attacking s, given occupancy occ.
func (p *Position) attackersTo(s Square, occ Bitboard) Bitboard {
	return pawnAttacks[White][s]&p.Pieces(Black, Pawn) |
		pawnAttacks[Black][s]&p.Pieces(White, Pawn) |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])
}

// AttackersTo returns the pieces of both colours that attack s, given the occupancy occ.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard { return p.attackersTo(s, occ) }

// AttackersAmong returns the pieces of among (both colours) that attack s given occupancy
// occ: AttackersTo(s, occ) & among, but a slider's magic lookup is made only when a bishop,
// rook or queen of among stands on one of s's lines, which a small among seldom has.
func (p *Position) AttackersAmong(s Square, occ, among Bitboard) Bitboard {
	if among &= pseudoQueen[s] | knightAttacks[s]; among == 0 {
		return 0
	}
	a := (pawnAttacks[White][s]&p.Pieces(Black, Pawn) |
		pawnAttacks[Black][s]&p.Pieces(White, Pawn) |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King]) & among
	if d := among & pseudoBishop[s] & (p.byType[Bishop] | p.byType[Queen]); d != 0 {
		a |= BishopAttacks(s, occ) & d
	}
	if o := among & pseudoRook[s] & (p.byType[Rook] | p.byType[Queen]); o != 0 {
		a |= RookAttacks(s, occ) & o
	}
	return a
}

// attackedBy reports whether a piece of colour c attacks s given occupancy occ.
func (p *Position) attackedBy(s Square, occ Bitboard, c Color) bool {
	them := p.byColor[c]
	if pawnAttacks[c.Other()][s]&p.byType[Pawn]&them != 0 ||
		knightAttacks[s]&p.byType[Knight]&them != 0 ||
		kingAttacks[s]&p.byType[King]&them != 0 {
		return true
	}
	if diag := (p.byType[Bishop] | p.byType[Queen]) & them; pseudoBishop[s]&diag != 0 && BishopAttacks(s, occ)&diag != 0 {
		return true
	}
	orth := (p.byType[Rook] | p.byType[Queen]) & them
	return pseudoRook[s]&orth != 0 && RookAttacks(s, occ)&orth != 0
}

// AttacksFrom returns the squares attacked by the piece on s (pins ignored), 0 if s is empty.
func (p *Position) AttacksFrom(s Square) Bitboard {
	pc := p.board[s]
	if pc == NoPiece {
		return 0
	}
	return Attacks(pc.Color(), pc.Type(), s, p.byType[0])
}

// Checkers returns the enemy pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	if p.checkers != checkersUnknown {
		return p.checkers
	}
	return p.attackersTo(p.kings[p.side], p.byType[0]) & p.byColor[p.side^1]
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.Checkers() != 0 }

// Pinned returns the pieces of colour c pinned to their king by an enemy slider.
func (p *Position) Pinned(c Color) Bitboard {
	ksq := p.King(c)
	them := p.byColor[c.Other()]
	snipers := (RookAttacks(ksq, 0)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ksq, 0)&(p.byType[Bishop]|p.byType[Queen])) & them
	var pinned Bitboard
	for snipers != 0 {
		b := Between(ksq, snipers.PopFirst()) & p.byType[0]
		if b != 0 && !b.More() {
			pinned |= b
		}
	}
	return pinned & p.byColor[c]
}

// LegalMoves fills l with the legal moves of the position.
func (p *Position) LegalMoves(l *MoveList) {
	l.n = 0
	p.genLegal(l)
}

// HasLegalMove reports whether the side to move has any legal move. It stops at the first
// piece found with one, which makes mate and stalemate tests cheap in ordinary positions.
func (p *Position) HasLegalMove() bool {
	us, them := p.side, p.side.Other()
	occ, own := p.byType[0], p.byColor[us]
	ksq := p.King(us)
	checkers := p.Checkers()
	if checkers == 0 {
		// Pieces off every line through the king cannot be pinned: a knight with a square
		// to go to, or a pawn with an empty square ahead, settles it with no attack test.
		free := own &^ pseudoQueen[ksq]
		for b := free & p.byType[Knight]; b != 0; {
			if knightAttacks[b.PopFirst()]&^own != 0 {
				return true
			}
		}
		pawns := free & p.byType[Pawn]
		if us == White && pawns<<8&^occ != 0 || us == Black && pawns>>8&^occ != 0 {
			return true
		}
	}
	// The enemy king is never a target: a set-up position may leave it in check.
	notTarget := own | SquareBB(p.King(them))
	for t := kingAttacks[ksq] &^ notTarget; t != 0; {
		if !p.attackedBy(t.PopFirst(), occ&^SquareBB(ksq), them) {
			return true
		}
	}
	if checkers.More() {
		return false
	}
	target := ^notTarget
	if checkers != 0 {
		// &^ notTarget: with the kings side by side (a set-up position) the checker is the king.
		target = (Between(ksq, checkers.First()) | checkers) &^ notTarget
	}
	pinned := p.Pinned(us)
	for b := p.Pieces(us, Knight) &^ pinned; b != 0; {
		if knightAttacks[b.PopFirst()]&target != 0 {
			return true
		}
	}
	for b := own & (p.byType[Bishop] | p.byType[Queen] | p.byType[Rook]); b != 0; {
		from := b.PopFirst()
		t := p.AttacksFrom(from) & target
		if pinned.Has(from) {
			t &= lineBB[ksq][from]
		}
		if t != 0 {
			return true
		}
	}
	var l MoveList
	pawns := p.Pieces(us, Pawn)
	p.genPawnMoves(&l, pawns&^pinned, target, occ, true)
	for b := pawns & pinned; b != 0 && l.n == 0; {
		from := b.PopFirst()
		p.genPawnMoves(&l, SquareBB(from), target&lineBB[ksq][from], occ, true)
	}
	if l.n > 0 {
		return true
	}
	if p.ep != NoSquare || checkers == 0 && p.castle != 0 {
		p.genLegal(&l) // the rare rest: en passant and castling
		return l.n > 0
	}
	return false
}

// IsCheckmate reports whether the side to move is checkmated.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsStalemate reports whether the side to move has no legal move and is not in check.
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMove() }

// IsLegal reports whether m is a legal move in the position.
func (p *Position) IsLegal(m Move) bool {
	var l MoveList
	p.genLegal(&l)
	return l.Contains(m)
}

// PseudoLegalMoves fills l with the moves that obey piece movement but may leave the own king
// in check. Castling is included only when it is fully legal.
func (p *Position) PseudoLegalMoves(l *MoveList) {
	l.n = 0
	us := p.side
	own, occ := p.byColor[us], p.byType[0]
	notTarget := own | SquareBB(p.King(us.Other())) // no king captures (see ParseFEN)
	for b := own &^ p.byType[Pawn]; b != 0; {
		from := b.PopFirst()
		for t := p.AttacksFrom(from) &^ notTarget; t != 0; {
			l.add(newMove(from, t.PopFirst(), NoPieceType, moveNormal))
		}
	}
	p.genPawnMoves(l, p.Pieces(us, Pawn), ^notTarget, occ, false)
	if p.ep != NoSquare {
		for b := pawnAttacks[us.Other()][p.ep] & p.Pieces(us, Pawn); b != 0; {
			l.add(newMove(b.PopFirst(), p.ep, NoPieceType, moveEnPassant))
		}
	}
	if !p.InCheck() {
		p.genCastling(l)
	}
}

// genLegal adds the legal moves to l. With countOnly, moves that need no further test are
// counted in l.n without being written (perft's bulk counting).
func (p *Position) genLegal(l *MoveList) { p.gen(l, false) }

func (p *Position) gen(l *MoveList, countOnly bool) {
	us, them := p.side, p.side.Other()
	occ, own := p.byType[0], p.byColor[us]
	ksq := p.King(us)
	checkers := p.Checkers()

	occNoKing := occ &^ SquareBB(ksq)
	// The enemy king is never a target: a set-up position may leave it in check.
	notTarget := own | SquareBB(p.King(them))
	for t := kingAttacks[ksq] &^ notTarget; t != 0; {
		to := t.PopFirst()
		if !p.attackedBy(to, occNoKing, them) {
			l.add(newMove(ksq, to, NoPieceType, moveNormal))
		}
	}
	if checkers.More() {
		return
	}
	target := ^notTarget
	if checkers != 0 {
		// &^ notTarget: with the kings side by side (a set-up position) the checker is the king.
		target = (Between(ksq, checkers.First()) | checkers) &^ notTarget
	}
	pinned := p.Pinned(us)

	for b := p.Pieces(us, Knight) &^ pinned; b != 0; {
		from := b.PopFirst()
		l.addAll(from, knightAttacks[from]&target, countOnly)
	}
	diag := p.byColor[us] & (p.byType[Bishop] | p.byType[Queen])
	for b := diag; b != 0; {
		from := b.PopFirst()
		t := BishopAttacks(from, occ) & target
		if pinned.Has(from) {
			t &= lineBB[ksq][from]
		}
		l.addAll(from, t, countOnly)
	}
	orth := p.byColor[us] & (p.byType[Rook] | p.byType[Queen])
	for b := orth; b != 0; {
		from := b.PopFirst()
		t := RookAttacks(from, occ) & target
		if pinned.Has(from) {
			t &= lineBB[ksq][from]
		}
		l.addAll(from, t, countOnly)
	}

	pawns := p.Pieces(us, Pawn)
	p.genPawnMoves(l, pawns&^pinned, target, occ, countOnly)
	for b := pawns & pinned; b != 0; {
		from := b.PopFirst()
		p.genPawnMoves(l, SquareBB(from), target&lineBB[ksq][from], occ, countOnly)
	}
	if p.ep != NoSquare {
		capsq := p.ep - 8
		if us == Black {
			capsq = p.ep + 8
		}
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; {
			from := b.PopFirst()
			// Simulate: en passant removes two pawns from one rank, which no pin test covers.
			after := occ&^SquareBB(from)&^SquareBB(capsq) | SquareBB(p.ep)
			att := p.attackersTo(ksq, after) & p.byColor[them] &^ SquareBB(capsq)
			if att == 0 {
				l.add(newMove(from, p.ep, NoPieceType, moveEnPassant))
			}
		}
	}
	if checkers == 0 {
		p.genCastling(l)
	}
}

// genPawnMoves adds pushes and captures (not en passant) of pawns onto squares of target.
func (p *Position) genPawnMoves(l *MoveList, pawns, target, occ Bitboard, countOnly bool) {
	us := p.side
	enemy := p.byColor[us.Other()]
	var push1, push2, capL, capR Bitboard
	var up int
	if us == White {
		up = 8
		push1 = pawns << 8 &^ occ
		push2 = (push1 & RankBB(2)) << 8 &^ occ
		capL = (pawns &^ fileA) << 7 & enemy
		capR = (pawns &^ fileH) << 9 & enemy
	} else {
		up = -8
		push1 = pawns >> 8 &^ occ
		push2 = (push1 & RankBB(5)) >> 8 &^ occ
		capL = (pawns &^ fileA) >> 9 & enemy
		capR = (pawns &^ fileH) >> 7 & enemy
	}
	if countOnly {
		const promoRanks = rank1 | rank8
		for _, b := range [4]Bitboard{push1 & target, push2 & target, capL & target, capR & target} {
			l.n += b.Count() + 3*(b&promoRanks).Count()
		}
		return
	}
	p.addPawnMoves(l, push1&target, up)
	p.addPawnMoves(l, push2&target, 2*up)
	p.addPawnMoves(l, capL&target, up-1)
	p.addPawnMoves(l, capR&target, up+1)
}

// addPawnMoves adds one move per destination in tos, the pawn coming from to-delta.
func (p *Position) addPawnMoves(l *MoveList, tos Bitboard, delta int) {
	for tos != 0 {
		to := tos.PopFirst()
		from := Square(int(to) - delta)
		if to.Rank() == 0 || to.Rank() == 7 {
			l.add(newMove(from, to, Queen, moveNormal))
			l.add(newMove(from, to, Rook, moveNormal))
			l.add(newMove(from, to, Bishop, moveNormal))
			l.add(newMove(from, to, Knight, moveNormal))
		} else {
			l.add(newMove(from, to, NoPieceType, moveNormal))
		}
	}
}

// genCastling adds the legal castling moves; the side to move must not be in check.
func (p *Position) genCastling(l *MoveList) {
	us := p.side
	rights := p.castle >> (2 * us) & 3
	for i := 0; i < 2; i++ {
		if rights&(1<<i) == 0 {
			continue
		}
		if m := newMove(p.King(us), p.castleRook[2*int(us)+i], NoPieceType, moveCastle); p.castleOK(m) {
			l.add(m)
		}
	}
}

// castleOK checks castling m (the side to move not in check, the right present).
func (p *Position) castleOK(m Move) bool {
	ksq, rook := m.From(), m.To()
	kto, rto := m.KingTo(), m.rookTo()
	them := p.side.Other()
	movers := SquareBB(ksq) | SquareBB(rook)
	path := (Between(ksq, kto) | SquareBB(kto) | Between(rook, rto) | SquareBB(rto)) &^ movers
	if path&p.byType[0] != 0 {
		return false
	}
	// Without the castling rook on the board: in Chess960 it may be what shields the king's
	// destination from a rook or queen on the same rank.
	occ := p.byType[0] &^ movers
	for b := Between(ksq, kto) | SquareBB(kto); b != 0; {
		if p.attackedBy(b.PopFirst(), occ, them) {
			return false
		}
	}
	return true
}
