package index

import (
	"math/bits"

	"github.com/cqlgo/cql/chess"
)

// Moves are stored one byte each (a queen's move sometimes two), relative to the position
// they are played in: the high nibble is the moving piece's number among the pieces of the
// side to move (in square order, a1 first), the low nibble the destination's number among
// the squares that piece could reach on an empty board. Opening lines that repeat make
// repeating bytes, which zstd compresses well; 16-bit from-to moves measured 57 MB after
// zstd for masters-463k's 38.5M moves, these far less. Decoding needs no move generation:
// two bit selections and a table lookup.
//
//	pawn:   0 push, 1 double push, 2 capture towards the a-file, 3 towards the h-file;
//	        promotions 4 + 4*direction (push, a-side, h-side) + piece (N, B, R, Q)
//	king:   0-7 a square of its empty-board reach; 15 - file of the rook it castles with
//	queen:  0-14 directly; 15 and a second byte for 15 and up (it reaches up to 27 squares)
//	others: 0-13, a square of its empty-board reach
//
// A low nibble of 15 is always followed by a second byte, so that the length of a code
// does not depend on the position (a variation is skipped without playing it): for a queen
// the destination's number minus 15, for any other piece 0. After 0xFF, a second byte of
// 0xF0 and up is a token (codeNull, codeOpen, codeClose, codeNote).
const (
	codeEscape = 0xFF
	codeToken  = 0xF0
	codeNull   = codeToken + iota // the null move
	codeOpen                      // a variation: the following moves replace the last move
	codeClose                     // the end of the variation: back to the move it replaced
	codeNote                      // the next note belongs to the last move (the root before any)
)

// selectBit returns the square of the j-th set bit of b (NoSquare when there is none, or
// j < 0). It clears the lowest bit j times: the side to move has at most 16 pieces, and on
// this machine class the short loop measured about a third faster than a branch-free
// broadword select (Vigna's), which needs two population counts and a table.
func selectBit(b chess.Bitboard, j int) chess.Square {
	x := uint64(b)
	if j < 0 {
		return chess.NoSquare
	}
	for ; j > 0; j-- { // x stays 0 once the bits run out
		x &= x - 1
	}
	if x == 0 {
		return chess.NoSquare
	}
	return chess.Square(bits.TrailingZeros64(x))
}

// reach[t][from][j] is the j-th square (a1 first) that a piece of type t (not a pawn) on
// from reaches on an empty board, NoSquare past the last: a move's destination in one
// lookup instead of a bit selection.
var reach = func() (r [chess.King + 1][64][28]chess.Square) {
	for t := chess.Knight; t <= chess.King; t++ {
		for from := chess.Square(0); from < 64; from++ {
			b := chess.EmptyBoardAttacks(chess.White, t, from)
			if t == chess.King {
				b = chess.KingAttacks(from)
			}
			for j := range r[t][from] {
				r[t][from][j] = selectBit(b, j)
			}
		}
	}
	return r
}()

// rank returns the number of set bits of b below s.
func rank(b chess.Bitboard, s chess.Square) int {
	return bits.OnesCount64(uint64(b) & (uint64(1)<<s - 1))
}

// appendMove appends the code of m, legal in p, to dst; ok is false when the side to move
// has more than 16 pieces (a set-up position can), which the code cannot number.
func appendMove(dst []byte, p *chess.Position, m chess.Move) (_ []byte, ok bool) {
	if m.IsNull() {
		return append(dst, codeEscape, codeNull), true
	}
	us := p.SideToMove()
	from, to := m.From(), m.To()
	k := rank(p.ByColor(us), from)
	if k > 15 {
		return dst, false
	}
	t := p.PieceAt(from).Type()
	var j int
	switch t {
	case chess.Pawn:
		d := int(to) - int(from)
		if us == chess.Black {
			d = -d
		}
		dir := 0 // push
		switch {
		case d == 16:
			j = 1
		case to.File() < from.File():
			j, dir = 2, 1
		case to.File() > from.File():
			j, dir = 3, 2
		}
		if pr := m.Promotion(); pr != chess.NoPieceType {
			j = 4 + 4*dir + int(pr-chess.Knight)
		}
	case chess.King:
		if m.IsCastle() {
			j = 15 - to.File()
		} else {
			j = rank(chess.KingAttacks(from), to)
		}
	default:
		j = rank(chess.EmptyBoardAttacks(us, t, from), to)
	}
	if j < 15 {
		return append(dst, byte(k<<4|j)), true
	}
	ext := 0
	if t == chess.Queen {
		ext = j - 15
	}
	return append(dst, byte(k<<4|15), byte(ext)), true
}

// codeLen returns the length of the code at the start of b (1 or 2), whatever the position.
func codeLen(c byte) int {
	if c&15 == 15 {
		return 2
	}
	return 1
}

// readMove decodes the move at the start of b in p: the move, the bytes read, and ok
// false when the bytes name no move a piece of the side to move could make. The caller
// has taken tokens (0xFF, 0xF0 and up) out already.
func readMove(b []byte, p *chess.Position) (chess.Move, int, bool) {
	c := b[0]
	n := 1
	us := p.SideToMove()
	from := selectBit(p.ByColor(us), int(c>>4))
	if from == chess.NoSquare {
		return chess.NoMove, n, false
	}
	t := p.PieceAt(from).Type()
	j := int(c & 15)
	if j == 15 {
		if len(b) < 2 {
			return chess.NoMove, n, false
		}
		n = 2
		if t == chess.Queen {
			j += int(b[1])
		} else if b[1] != 0 {
			return chess.NoMove, n, false
		}
	}
	var to chess.Square
	promo := chess.NoPieceType
	switch t {
	case chess.Pawn:
		dir := j
		if j >= 4 {
			dir = (j - 4) / 4
			if dir > 0 {
				dir++ // 1 west, 2 east -> 2, 3 as for plain captures
			}
			promo = chess.Knight + chess.PieceType((j-4)%4)
		}
		fwd := 8
		if us == chess.Black {
			fwd = -8
		}
		sq := int(from) + fwd
		switch dir {
		case 1:
			sq += fwd
		case 2:
			sq--
		case 3:
			sq++
		}
		if j > 15 || sq < 0 || sq > 63 || (dir == 2 && from.File() == 0) || (dir == 3 && from.File() == 7) {
			return chess.NoMove, n, false
		}
		to = chess.Square(sq)
		if (promo != chess.NoPieceType) != (to.Rank() == 0 || to.Rank() == 7) {
			return chess.NoMove, n, false
		}
		if dir >= 2 && p.PieceAt(to) == chess.NoPiece {
			if to != p.EnPassant() {
				return chess.NoMove, n, false
			}
			return chess.EnPassantMove(from, to), n, true
		}
	case chess.King:
		if j >= 8 {
			to = chess.SquareAt(15-j, from.Rank())
			if p.PieceAt(to) != chess.MakePiece(us, chess.Rook) {
				return chess.NoMove, n, false
			}
			return chess.CastlingMove(from, to), n, true
		}
		to = reach[chess.King][from][j]
	case chess.NoPieceType:
		return chess.NoMove, n, false
	default:
		if j >= len(reach[t][from]) {
			return chess.NoMove, n, false
		}
		to = reach[t][from][j]
	}
	if to == chess.NoSquare {
		return chess.NoMove, n, false
	}
	if pc := p.PieceAt(to); pc != chess.NoPiece && (pc.Color() == us || pc.Type() == chess.King) {
		return chess.NoMove, n, false
	}
	return chess.NewMove(from, to, promo), n, true
}
