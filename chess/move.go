package chess

// Move is a move in a position: from and to squares, a promotion piece type and a kind.
// Castling is encoded as the king moving onto its own rook's square, which names Chess960
// castling unambiguously; KingTo gives the king's real destination.
type Move uint32

const (
	moveNormal    = 0
	moveCastle    = 1
	moveEnPassant = 2
	moveNull      = 3
)

// NoMove is the zero Move: no move at all (the move "leading" to a start position).
const NoMove Move = 0

// NullMove passes the turn (PGN "--", "Z0").
const NullMove Move = moveNull << 15

func newMove(from, to Square, promo PieceType, kind uint32) Move {
	return Move(uint32(from) | uint32(to)<<6 | uint32(promo)<<12 | kind<<15)
}

// From returns the square the moving piece (the king, for castling) leaves.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square; for castling, the square of the castling rook.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the piece type a pawn promotes to, NoPieceType otherwise.
func (m Move) Promotion() PieceType { return PieceType(m >> 12 & 7) }

// IsCastle reports whether m is castling.
func (m Move) IsCastle() bool { return m>>15 == moveCastle }

// IsEnPassant reports whether m is an en-passant capture.
func (m Move) IsEnPassant() bool { return m>>15 == moveEnPassant }

// IsNull reports whether m is a null move.
func (m Move) IsNull() bool { return m>>15 == moveNull }

// TakenSquare is the square of the piece m takes, if it takes one: its destination, or
// for en passant the square of the pawn beside it (the destination is empty).
func (m Move) TakenSquare() Square {
	if m.IsEnPassant() {
		return SquareAt(m.To().File(), m.From().Rank())
	}
	return m.To()
}

// KingTo returns where the king lands for castling, To() for any other move.
func (m Move) KingTo() Square {
	if !m.IsCastle() {
		return m.To()
	}
	if m.To() > m.From() {
		return SquareAt(6, m.From().Rank())
	}
	return SquareAt(2, m.From().Rank())
}

// rookTo returns where the rook lands for castling.
func (m Move) rookTo() Square {
	if m.To() > m.From() {
		return SquareAt(5, m.From().Rank())
	}
	return SquareAt(3, m.From().Rank())
}

// MoveList holds the moves of one position without allocating.
type MoveList struct {
	moves [256]Move
	n     int
}

// Len returns the number of moves.
func (l *MoveList) Len() int { return l.n }

// At returns the i-th move.
func (l *MoveList) At(i int) Move { return l.moves[i] }

// Moves returns the moves as a slice that aliases the list.
func (l *MoveList) Moves() []Move { return l.moves[:l.n] }

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.moves[:l.n] {
		if x == m {
			return true
		}
	}
	return false
}

// addAll adds a move from from to each square of tos, or just counts them.
func (l *MoveList) addAll(from Square, tos Bitboard, countOnly bool) {
	if countOnly {
		l.n += tos.Count()
		return
	}
	for tos != 0 {
		l.moves[l.n] = newMove(from, tos.PopFirst(), NoPieceType, moveNormal)
		l.n++
	}
}

func (l *MoveList) add(m Move) {
	l.moves[l.n] = m
	l.n++
}

// Play applies a legal move (or NullMove) to the position in place. Playing a move that is not
// legal in the position leaves it in an unspecified state; keep a copy to undo.
func (p *Position) Play(m Move) {
	us := p.side
	p.ep = NoSquare
	if us == Black {
		p.fullmove++
	}
	p.side = us.Other()
	if m.IsNull() {
		p.halfmove++
		p.checkers = p.attackersTo(p.King(p.side), p.byType[0]) & p.byColor[us]
		return
	}
	from, to := m.From(), m.To()
	if m.IsCastle() {
		king, rook := p.board[from], p.board[to]
		p.remove(from)
		p.remove(to)
		p.put(king, m.KingTo())
		p.put(rook, m.rookTo())
		p.castle &^= (castleWK | castleWQ) << (2 * us)
		p.castleRooks = p.castleRookBB()
		p.halfmove++
		p.checkers = p.attackersTo(p.King(p.side), p.byType[0]) & p.byColor[us]
		return
	}
	pc := p.board[from]
	p.halfmove++
	if pc.Type() == Pawn {
		p.halfmove = 0
	}
	if p.board[to] != NoPiece {
		p.remove(to)
		p.halfmove = 0
	}
	promo := m.Promotion()
	if promo == NoPieceType {
		// Move the piece with one XOR per set.
		ft := SquareBB(from) | SquareBB(to)
		p.board[from], p.board[to] = NoPiece, pc
		p.byType[0] ^= ft
		p.byType[pc.Type()] ^= ft
		p.byColor[us] ^= ft
		if pc.Type() == King {
			p.kings[us] = to
		}
	} else {
		p.remove(from)
		pc = MakePiece(us, promo)
		p.put(pc, to)
	}
	if m.IsEnPassant() {
		if us == White {
			p.remove(to - 8)
		} else {
			p.remove(to + 8)
		}
	}
	if p.castle != 0 && (pc.Type() == King || p.castleRooks&(SquareBB(from)|SquareBB(to)) != 0) {
		if pc.Type() == King {
			p.castle &^= (castleWK | castleWQ) << (2 * us)
		}
		for bit := 0; bit < 4; bit++ {
			if r := p.castleRook[bit]; p.castle&(1<<bit) != 0 && (r == from || r == to) {
				p.castle &^= 1 << bit
			}
		}
		p.castleRooks = p.castleRookBB()
	}
	// Checks after the move: by the moved piece, or discovered along a line through from.
	// Line and between tables answer most moves without a slider lookup.
	ksq := p.King(us.Other())
	occ := p.byType[0]
	p.checkers = 0
	if p.givesDirectCheck(pc.Type(), us, to, ksq, occ) {
		p.checkers = SquareBB(to)
	}
	if m.IsEnPassant() {
		p.checkers |= (BishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen]) |
			RookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])) & p.byColor[us]
	} else if pseudoQueen[ksq].Has(from) && p.byColor[us]&p.sliders()&pseudoQueen[ksq] != 0 &&
		betweenBB[ksq][from]&occ == 0 {
		// A discovered check comes from one of our sliders of the line's kind on that line.
		for sliders := p.lineSliders(ksq, from, us); sliders != 0; {
			if s := sliders.PopFirst(); betweenBB[ksq][s]&occ == 0 {
				p.checkers |= SquareBB(s)
			}
		}
	}
	if pc.Type() == Pawn && (to-from == 16 || from-to == 16) {
		ep := (from + to) / 2
		// Record the target only when a pawn of the side now to move could capture there.
		if pawnAttacks[us][ep]&p.Pieces(us.Other(), Pawn) != 0 {
			p.ep = ep
		}
	}
}

// givesDirectCheck reports whether a piece of type t and colour c on s attacks ksq.
func (p *Position) givesDirectCheck(t PieceType, c Color, s, ksq Square, occ Bitboard) bool {
	switch t {
	case Pawn:
		return pawnAttacks[c][s].Has(ksq)
	case Knight:
		return knightAttacks[s].Has(ksq)
	case King:
		return false
	}
	// A slider of this kind on one of its empty-board lines from the king, nothing between.
	return pseudoSlider[t&7][ksq].Has(s) && betweenBB[ksq][s]&occ == 0
}

// castleRookBB returns the squares of the rooks that still have castling rights.
func (p *Position) castleRookBB() Bitboard {
	var b Bitboard
	for bit := 0; bit < 4; bit++ {
		if p.castle&(1<<bit) != 0 {
			b |= SquareBB(p.castleRook[bit])
		}
	}
	return b
}

// sliders returns the bishops, rooks and queens of both sides.
func (p *Position) sliders() Bitboard { return p.byType[Bishop] | p.byType[Rook] | p.byType[Queen] }

// lineSliders returns the sliders of colour c that move along the line through ksq and from:
// rooks and queens on a rank or file, bishops and queens on a diagonal.
func (p *Position) lineSliders(ksq, from Square, c Color) Bitboard {
	line := lineBB[ksq][from] & p.byColor[c]
	if from.File() == ksq.File() || from.Rank() == ksq.Rank() {
		return line & (p.byType[Rook] | p.byType[Queen])
	}
	return line & (p.byType[Bishop] | p.byType[Queen])
}
