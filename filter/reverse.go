package filter

import "github.com/cqlgo/cql/chess"

// CQLi's `move reverse`: the moves that could have led to the current
// position from a position before it (retractions). docs/cqli.md says what
// we count as one; the manual's text on it was not seen.

// retraction is one move the side not to move could have made to reach the
// current position: from where its piece stood to where it stands now (the
// king's squares for castling).
type retraction struct {
	from, to  chess.Square
	promo     chess.PieceType // the piece a pawn promoted to (the piece on to), or none
	uncapture chess.Square    // where a piece of the side to move was taken, or NoSquare
	ep        bool
	castle    uint8 // castleShort or castleLong
}

// retractions appends to out the retractions of p: for each piece of the
// side not to move (the mover), each square it could have come from that is
// empty now, once without a capture and, when the side to move has fewer than
// 16 men, once taking a piece there (pawns move straight without taking and
// diagonally only taking; a piece on the last rank may have been a pawn;
// en passant and castling as in chess). A retraction is kept when the
// position before it is one a game can have: the side to move then (the
// mover) did not leave the other king in check; a king, or a rook, whose
// castling right the position still has has not moved; a double step is
// the last move exactly when the position has an en passant square.
func retractions(p *chess.Position, out []retraction) []retraction {
	m, s := p.SideToMove().Other(), p.SideToMove()
	occ := p.Occupied()
	empty := ^occ
	canTake := p.ByColor(s).Count() < 16
	fwd := 8 // the mover's forward step
	if m == chess.Black {
		fwd = -8
	}
	rel := func(sq chess.Square) int { // the rank of sq counted from the mover's side, 0-7
		if m == chess.White {
			return sq.Rank()
		}
		return 7 - sq.Rank()
	}
	add := func(r retraction) {
		if retractionLegal(p, m, r) {
			out = append(out, r)
		}
	}
	plainAndTaking := func(f, t chess.Square, promo chess.PieceType) {
		add(retraction{from: f, to: t, promo: promo, uncapture: chess.NoSquare})
		if canTake {
			add(retraction{from: f, to: t, promo: promo, uncapture: t})
		}
	}
	if ep := p.EnPassant(); ep != chess.NoSquare {
		// The pawn on the other side of ep made a double step, the last move.
		t, f := chess.Square(int(ep)+fwd), chess.Square(int(ep)-fwd)
		add(retraction{from: f, to: t, uncapture: chess.NoSquare})
		return out
	}
	rights := p.CastlingRooks() & p.ByColor(m)
	for b := p.ByColor(m); b != 0; {
		t := b.PopFirst()
		typ := p.PieceAt(t).Type()
		switch typ {
		case chess.Pawn:
			r := rel(t)
			if r < 2 {
				continue // on its starting rank (or, impossibly, behind it)
			}
			if f := chess.Square(int(t) - fwd); empty.Has(f) {
				add(retraction{from: f, to: t, uncapture: chess.NoSquare})
				// A double step, unless a pawn of the side to move stands beside
				// (the position would have an en passant square).
				if f2 := chess.Square(int(t) - 2*fwd); r == 3 && empty.Has(f2) {
					beside := chess.Bitboard(0)
					if t.File() > 0 {
						beside |= chess.SquareBB(t - 1)
					}
					if t.File() < 7 {
						beside |= chess.SquareBB(t + 1)
					}
					if beside&p.Pieces(s, chess.Pawn) == 0 {
						add(retraction{from: f2, to: t, uncapture: chess.NoSquare})
					}
				}
			}
			for _, df := range []int{-1, 1} {
				if t.File()+df < 0 || t.File()+df > 7 {
					continue
				}
				f := chess.Square(int(t) - fwd + df)
				if !empty.Has(f) {
					continue
				}
				if canTake {
					add(retraction{from: f, to: t, uncapture: t})
				}
				// En passant: the taken pawn stood beside f, on t's file, and came
				// from the square before t.
				v, origin := chess.Square(int(t)-fwd), chess.Square(int(t)+fwd)
				if r == 5 && canTake && p.Pieces(s, chess.Pawn).Count() < 8 && empty.Has(v) && empty.Has(origin) {
					add(retraction{from: f, to: t, uncapture: v, ep: true})
				}
			}
		case chess.King:
			if rights != 0 {
				continue // it has not moved
			}
			for f := chess.KingAttacks(t) & empty; f != 0; {
				plainAndTaking(f.PopFirst(), t, chess.NoPieceType)
			}
			if !p.Chess960() {
				out = appendUncastlings(p, m, t, empty, out)
			}
		default:
			if typ == chess.Rook && rights.Has(t) {
				continue // it has not moved
			}
			for f := chess.Attacks(m, typ, t, occ) & empty; f != 0; {
				plainAndTaking(f.PopFirst(), t, chess.NoPieceType)
			}
			if rel(t) == 7 && p.Pieces(m, chess.Pawn).Count() < 8 {
				// a promotion: straight without taking, diagonally taking
				if f := chess.Square(int(t) - fwd); empty.Has(f) {
					add(retraction{from: f, to: t, promo: typ, uncapture: chess.NoSquare})
				}
				for _, df := range []int{-1, 1} {
					if f := chess.Square(int(t) - fwd + df); t.File()+df >= 0 && t.File()+df <= 7 && empty.Has(f) && canTake {
						add(retraction{from: f, to: t, promo: typ, uncapture: t})
					}
				}
			}
		}
	}
	return out
}

// appendUncastlings adds the castlings that end with the mover's king on t:
// its rook beside it on the inner side, the king's and the rook's home
// squares empty (and for the long castling the b-file square).
func appendUncastlings(p *chess.Position, m chess.Color, t chess.Square, empty chess.Bitboard, out []retraction) []retraction {
	rank := 0
	if m == chess.Black {
		rank = 7
	}
	rook := p.Pieces(m, chess.Rook)
	home := chess.SquareAt(4, rank)
	switch {
	case t == chess.SquareAt(6, rank) && rook.Has(chess.SquareAt(5, rank)) && empty.Has(home) && empty.Has(chess.SquareAt(7, rank)):
		r := retraction{from: home, to: t, uncapture: chess.NoSquare, castle: castleShort}
		if retractionLegal(p, m, r) {
			out = append(out, r)
		}
	case t == chess.SquareAt(2, rank) && rook.Has(chess.SquareAt(3, rank)) && empty.Has(home) && empty.Has(chess.SquareAt(0, rank)) && empty.Has(chess.SquareAt(1, rank)):
		r := retraction{from: home, to: t, uncapture: chess.NoSquare, castle: castleLong}
		if retractionLegal(p, m, r) {
			out = append(out, r)
		}
	}
	return out
}

// retractionLegal reports whether the position before r leaves the king of
// the side to move now out of check (the mover was to move there).
func retractionLegal(p *chess.Position, m chess.Color, r retraction) bool {
	s := m.Other()
	from, to := chess.SquareBB(r.from), chess.SquareBB(r.to)
	occ := p.Occupied()&^to | from
	if r.uncapture != chess.NoSquare {
		occ |= chess.SquareBB(r.uncapture) // the taken piece is back
	}
	var bb [7]chess.Bitboard // the mover's pieces by type, before r
	for t := chess.Pawn; t <= chess.King; t++ {
		bb[t] = p.Pieces(m, t)
	}
	moved := p.PieceAt(r.to).Type()
	bb[moved] &^= to
	if r.promo != chess.NoPieceType {
		moved = chess.Pawn
	}
	bb[moved] |= from
	if r.castle != 0 {
		rank := r.to.Rank()
		rookNow, rookHome := chess.SquareAt(5, rank), chess.SquareAt(7, rank)
		if r.castle == castleLong {
			rookNow, rookHome = chess.SquareAt(3, rank), chess.SquareAt(0, rank)
		}
		bb[chess.Rook] = bb[chess.Rook]&^chess.SquareBB(rookNow) | chess.SquareBB(rookHome)
		occ = occ&^chess.SquareBB(rookNow) | chess.SquareBB(rookHome)
	}
	k := p.King(s)
	return chess.KnightAttacks(k)&bb[chess.Knight] == 0 &&
		chess.BishopAttacks(k, occ)&(bb[chess.Bishop]|bb[chess.Queen]) == 0 &&
		chess.RookAttacks(k, occ)&(bb[chess.Rook]|bb[chess.Queen]) == 0 &&
		chess.PawnAttacks(s, k)&bb[chess.Pawn] == 0 &&
		chess.KingAttacks(k)&bb[chess.King] == 0
}

// testRetraction adds r to acc when it matches every parameter of n.
func (n *moveNode) testRetraction(r retraction, fromSet, toSet, capSet chess.Bitboard, acc *moveAcc) {
	if n.castle != 0 && r.castle&n.castle == 0 || r.castle != 0 && (n.capture != nil || n.promote != 0 || n.enpassant) {
		return
	}
	if !fromSet.Has(r.from) || !toSet.Has(r.to) {
		return
	}
	if (n.enpassant || n.epSquare != nil) && !r.ep {
		return
	}
	if (n.capture != nil || n.epSquare != nil) && (r.uncapture == chess.NoSquare || !capSet.Has(r.uncapture)) {
		return
	}
	if n.promote != 0 && (r.promo == chess.NoPieceType || n.promote&(1<<r.promo) == 0) {
		return
	}
	acc.n++
	acc.from |= chess.SquareBB(r.from)
	acc.to |= chess.SquareBB(r.to)
	if r.uncapture != chess.NoSquare {
		acc.captured |= chess.SquareBB(r.uncapture)
	}
}
