// Package chess is the position core of cql: bitboards, attack tables, positions with FEN,
// legal move generation, SAN and UCI. Everything on the replay path is allocation-free.
package chess

import "math/bits"

// Color is White or Black.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without colour.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// pieceLetters maps a PieceType to its upper-case SAN letter ('P' for pawns).
const pieceLetters = " PNBRQK"

// Letter returns the upper-case letter of the piece type ('P' for a pawn, ' ' for none).
func (t PieceType) Letter() byte { return pieceLetters[t&7] }

// Piece is a coloured piece; the zero value is NoPiece.
type Piece uint8

const (
	NoPiece     Piece = 0
	WhitePawn   Piece = Piece(Pawn)
	WhiteKnight Piece = Piece(Knight)
	WhiteBishop Piece = Piece(Bishop)
	WhiteRook   Piece = Piece(Rook)
	WhiteQueen  Piece = Piece(Queen)
	WhiteKing   Piece = Piece(King)
	BlackPawn   Piece = 8 | Piece(Pawn)
	BlackKnight Piece = 8 | Piece(Knight)
	BlackBishop Piece = 8 | Piece(Bishop)
	BlackRook   Piece = 8 | Piece(Rook)
	BlackQueen  Piece = 8 | Piece(Queen)
	BlackKing   Piece = 8 | Piece(King)
)

// MakePiece returns the piece of colour c and type t.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Color returns the colour of the piece (White for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Type returns the type of the piece.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Letter returns the FEN letter of the piece: upper case for White, lower case for Black.
func (p Piece) Letter() byte {
	if p == NoPiece {
		return '.'
	}
	l := p.Type().Letter()
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// PieceFromLetter parses a FEN piece letter.
func PieceFromLetter(b byte) (Piece, bool) {
	switch b {
	case 'P':
		return WhitePawn, true
	case 'N':
		return WhiteKnight, true
	case 'B':
		return WhiteBishop, true
	case 'R':
		return WhiteRook, true
	case 'Q':
		return WhiteQueen, true
	case 'K':
		return WhiteKing, true
	case 'p':
		return BlackPawn, true
	case 'n':
		return BlackKnight, true
	case 'b':
		return BlackBishop, true
	case 'r':
		return BlackRook, true
	case 'q':
		return BlackQueen, true
	case 'k':
		return BlackKing, true
	}
	return NoPiece, false
}

// Square is a board square, A1 = 0, B1 = 1, ..., H8 = 63.
type Square uint8

// NoSquare marks the absence of a square (no en-passant target, say).
const NoSquare Square = 64

const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 0, 1, 2, 3, 4, 5, 6, 7
	A8, B8, C8, D8, E8, F8, G8, H8 Square = 56, 57, 58, 59, 60, 61, 62, 63
)

// SquareAt returns the square on file f and rank r (both 0-7).
func SquareAt(f, r int) Square { return Square(r*8 + f) }

// File returns the file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the rank, 0 (1) to 7 (8).
func (s Square) Rank() int { return int(s >> 3) }

func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare parses a square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return SquareAt(int(s[0]-'a'), int(s[1]-'1')), true
}

// Bitboard is a set of squares: bit i is square i.
type Bitboard uint64

// SquareBB returns the set holding only s.
func SquareBB(s Square) Bitboard { return 1 << (s & 63) }

// FileBB returns the squares of file f (0-7).
func FileBB(f int) Bitboard { return 0x0101010101010101 << uint(f) }

// RankBB returns the squares of rank r (0-7).
func RankBB(r int) Bitboard { return 0xFF << (8 * uint(r)) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&SquareBB(s) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of the set, NoSquare if it is empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// More reports whether the set has more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

// String lists the squares of the set, for tests and debugging.
func (b Bitboard) String() string {
	out := []byte{'{'}
	for x := b; x != 0; {
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(out, x.PopFirst().String()...)
	}
	return string(append(out, '}'))
}

const (
	fileA Bitboard = 0x0101010101010101
	fileH Bitboard = fileA << 7
	rank1 Bitboard = 0xFF
	rank8 Bitboard = 0xFF << 56
)
