package chess

import (
	"fmt"
	"math/bits"
	"strconv"
)

// Castling rights, one bit each; castleRook holds the rook square of each right.
const (
	castleWK uint8 = 1 << iota // white, king side (towards the h-file)
	castleWQ                   // white, queen side (towards the a-file)
	castleBK
	castleBQ
)

// Position is a chess position. It is a plain value: copy it to keep it.
type Position struct {
	board       [64]Piece
	byType      [7]Bitboard // index 0: all occupied squares
	byColor     [2]Bitboard
	checkers    Bitboard  // enemy pieces giving check to the side to move, or checkersUnknown
	castleRooks Bitboard  // squares of the rooks that keep a castling right
	castleRook  [4]Square // indexed by the bit number of the right
	kings       [2]Square // kept by put and Play: replay asks for them at every move
	side        Color
	ep          Square // en-passant target, only when an enemy pawn could capture there
	castle      uint8
	chess960    bool
	halfmove    uint16
	fullmove    uint16
}

// StartFEN is the FEN of the standard initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// startPosition is set by init in attacks.go, after the tables it needs.
var startPosition Position

func mustFEN(s string) Position {
	p, err := ParseFEN(s)
	if err != nil {
		panic(err)
	}
	return p
}

// StartPosition returns the standard initial position.
func StartPosition() Position { return startPosition }

// PieceAt returns the piece on s.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Pieces returns the squares of pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byColor[c] & p.byType[t] }

// ByColor returns the squares of all pieces of colour c.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c] }

// ByType returns the squares of pieces of type t of both colours.
func (p *Position) ByType(t PieceType) Bitboard { return p.byType[t] }

// Occupied returns all occupied squares.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// EnPassant returns the en-passant target square, NoSquare if there is none. It is set only
// when a pawn of the side to move stands ready to capture there.
func (p *Position) EnPassant() Square { return p.ep }

// CastlingRooks returns the squares of the rooks that keep a castling right (a right is
// its rook, in Chess960 as in standard chess).
func (p *Position) CastlingRooks() Bitboard { return p.castleRooks }

// HalfmoveClock returns the number of half-moves since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the move number, starting at 1 and incremented after Black moves.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// Chess960 reports whether castling follows Chess960 rules in FEN and UCI notation.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 selects Chess960 notation for castling (X-FEN, king-takes-rook UCI).
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// King returns the square of the king of colour c.
func (p *Position) King(c Color) Square { return p.kings[c] }

func (p *Position) put(pc Piece, s Square) {
	b := SquareBB(s)
	p.board[s] = pc
	p.byType[0] |= b
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
	if pc.Type() == King {
		p.kings[pc.Color()] = s
	}
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := SquareBB(s)
	p.board[s] = NoPiece
	p.byType[0] &^= b
	p.byType[pc.Type()] &^= b
	p.byColor[pc.Color()] &^= b
}

// FENError describes what is wrong with a FEN string.
type FENError struct {
	FEN    string
	Field  string // "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number", "position"
	At     int    // 1-based character (byte) position where the FEN stops being one; 0 for the whole position
	Reason string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("bad FEN %q: %s", e.FEN, e.Detail())
}

// Detail is the error without the FEN: the field, the character and the reason.
func (e *FENError) Detail() string {
	if e.At > 0 {
		return fmt.Sprintf("%s, character %d: %s", e.Field, e.At, e.Reason)
	}
	return e.Field + ": " + e.Reason
}

// ParseFEN parses a FEN string (ReadFEN's syntax, at least 4 fields). The castling field may be
// standard (KQkq), X-FEN or Shredder-FEN (file letters); the move counters may be missing.
// Castling rights that do not match a king and rook on their first rank are dropped, as is an
// en-passant square no pawn can capture on. Positions nobody could play from are rejected: a
// missing or extra king, pawns on the first or last rank. The side not to move may be in check
// (composed studies and CQL's own test positions have such positions; CQL evaluates them): see
// NotToMoveInCheck. No move generated or read from such a position captures the king.
func ParseFEN(fen string) (Position, error) {
	var p Position
	bad := func(field, format string, args ...any) (Position, error) {
		return Position{}, &FENError{FEN: fen, Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	f, err := ReadFEN(fen, FENOptions{MinFields: 4})
	if err != nil {
		return Position{}, err
	}
	for sq, c := range f.Squares {
		if c != 0 {
			pc, _ := PieceFromLetter(c)
			p.put(pc, Square(sq))
		}
	}
	p.side = White
	if f.Side == "b" {
		p.side = Black
	}
	if err := p.parseCastling(f.Castling); err != "" {
		return bad("castling", "%s", err)
	}
	p.castleRooks = p.castleRookBB()
	p.ep = NoSquare
	if f.EnPassant != "-" {
		s, _ := ParseSquare(f.EnPassant)
		want := 5
		if p.side == Black {
			want = 2
		}
		if s.Rank() != want {
			return bad("en passant", "got %q, want - or a square on rank %d (%v to move)", f.EnPassant, want+1, p.side)
		}
		p.ep = s
	}
	p.fullmove = 1
	if f.Halfmove != "" {
		n, _ := strconv.Atoi(f.Halfmove)
		p.halfmove = uint16(n)
	}
	if f.Fullmove != "" {
		n, _ := strconv.Atoi(f.Fullmove)
		if n == 0 {
			n = 1 // some writers use 0; the PGN standard counts from 1
		}
		p.fullmove = uint16(n)
	}
	if reason := p.validate(); reason != "" {
		return bad("position", "%s", reason)
	}
	p.cleanEnPassant()
	p.checkers = p.attackersTo(p.King(p.side), p.byType[0]) & p.byColor[p.side.Other()]
	return p, nil
}

func (p *Position) parseCastling(s string) string {
	if s == "-" {
		return ""
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		color := White
		if c >= 'a' && c <= 'z' {
			color = Black
			c -= 'a' - 'A'
		}
		back := 0
		if color == Black {
			back = 7
		}
		king := p.King(color)
		if p.Pieces(color, King).Count() != 1 || king.Rank() != back {
			continue // the right cannot exist; drop it
		}
		rooks := p.Pieces(color, Rook) & RankBB(back)
		var rook Square = NoSquare
		switch {
		case c == 'K': // outermost rook on the h-side
			for f := 7; f > king.File(); f-- {
				if rooks.Has(SquareAt(f, back)) {
					rook = SquareAt(f, back)
					break
				}
			}
		case c == 'Q':
			for f := 0; f < king.File(); f++ {
				if rooks.Has(SquareAt(f, back)) {
					rook = SquareAt(f, back)
					break
				}
			}
		case c >= 'A' && c <= 'H':
			if sq := SquareAt(int(c-'A'), back); rooks.Has(sq) {
				rook = sq
			}
		default:
			return fmt.Sprintf("unexpected character %q, want - or letters from KQkq or A-H/a-h", s[i])
		}
		if rook == NoSquare || rook == king {
			continue
		}
		bit := 0 // king side
		if rook.File() < king.File() {
			bit = 1
		}
		bit += 2 * int(color)
		p.castle |= 1 << bit
		p.castleRook[bit] = rook
		if king.File() != 4 || (rook.File() != 0 && rook.File() != 7) {
			p.chess960 = true
		}
	}
	return ""
}

// validate returns why nobody could play from the position, or "".
func (p *Position) validate() string {
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return fmt.Sprintf("%v has %d kings, want 1", c, n)
		}
	}
	if p.byType[Pawn]&(rank1|rank8) != 0 {
		return "pawn on the first or last rank"
	}
	return ""
}

// NotToMoveInCheck reports whether the side not to move is in check, which no game can reach
// but a set-up position (a FEN) can show.
func (p *Position) NotToMoveInCheck() bool {
	them := p.side.Other()
	return p.attackersTo(p.King(them), p.byType[0])&p.byColor[p.side] != 0
}

// cleanEnPassant drops an en-passant square that no pawn could capture on, so that equal
// positions compare and print equal whatever the FEN writer did.
func (p *Position) cleanEnPassant() {
	if p.ep == NoSquare {
		return
	}
	us, them := p.side, p.side.Other()
	pushed, from := p.ep-8, p.ep+8 // the enemy pawn went from..pushed over ep
	if us == Black {
		pushed, from = p.ep+8, p.ep-8
	}
	if p.board[pushed] != MakePiece(them, Pawn) || p.board[p.ep] != NoPiece || p.board[from] != NoPiece ||
		pawnAttacks[them][p.ep]&p.Pieces(us, Pawn) == 0 {
		p.ep = NoSquare
	}
}

// FEN formats the position. Castling uses KQkq, or X-FEN file letters in Chess960 where a
// right's rook is not the outermost one.
func (p *Position) FEN() string {
	return string(p.AppendFEN(make([]byte, 0, 90)))
}

// AppendFEN appends the FEN of the position to dst.
func (p *Position) AppendFEN(dst []byte) []byte {
	// Built in an array and appended at once: with --format fen this runs at every position
	// written, and an append per square was most of a run's time.
	// Rank by rank over the occupied squares' bits: a step per piece, not per square (and
	// indexes masked to the array's size, so no bounds checks).
	var b [128]byte // board 71, side 3, castling 4, en passant 2, spaces 2
	i := 0
	occ := uint64(p.byType[0])
	for r := 7; r >= 0; r-- {
		f := 0
		for row := uint8(occ >> (8 * r)); row != 0; row &= row - 1 {
			at := bits.TrailingZeros8(row)
			if at > f {
				b[i&127] = byte('0' + at - f)
				i++
			}
			b[i&127] = fenLetters[p.board[(8*r+at)&63]&15]
			i++
			f = at + 1
		}
		if f < 8 {
			b[i&127] = byte('0' + 8 - f)
			i++
		}
		if r > 0 {
			b[i&127] = '/'
			i++
		}
	}
	return append(dst, b[:p.fenRest(&b, i)]...)
}

// fenRest writes the rest of the FEN after its board, b[:i], and returns the FEN's length.
func (p *Position) fenRest(b *[128]byte, i int) int {
	b[i], b[i+1], b[i+2] = ' ', 'w', ' '
	if p.side != White {
		b[i+1] = 'b'
	}
	i += 3
	if !p.chess960 {
		// The standard rights' text from a table: four bytes copied, the length added.
		*(*[4]byte)(b[i : i+4]) = castleTexts[p.castle&15]
		i += int(castleLens[p.castle&15])
	} else {
		if p.castle == 0 {
			b[i] = '-'
			i++
		}
		for bit := 0; bit < 4; bit++ {
			if p.castle&(1<<bit) == 0 {
				continue
			}
			color := Color(bit / 2)
			letter := byte("KQkq"[bit])
			if !p.outermostRook(bit) {
				letter = 'A' + byte(p.castleRook[bit].File())
				if color == Black {
					letter += 'a' - 'A'
				}
			}
			b[i] = letter
			i++
		}
	}
	b[i] = ' '
	i++
	if p.ep == NoSquare {
		b[i] = '-'
		i++
	} else {
		b[i], b[i+1] = 'a'+byte(p.ep.File()), '1'+byte(p.ep.Rank())
		i += 2
	}
	b[i] = ' '
	i = putCounter(b, i+1, p.halfmove)
	b[i] = ' '
	return putCounter(b, i+1, p.fullmove)
}

// putCounter writes n in decimal at b[i:] and returns the index after it.
func putCounter(b *[128]byte, i int, n uint16) int {
	// Most counters have one or two digits: written in place, without the copy below.
	switch {
	case n < 10:
		b[i&127] = byte('0' + n)
		return i + 1
	case n < 100:
		b[i&127], b[(i+1)&127] = byte('0'+n/10), byte('0'+n%10)
		return i + 2
	}
	// A move counter has at most five digits; i is at most 71+3+4+1+2+1+6.
	var d [5]byte
	k := len(d)
	for {
		k--
		d[k] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return i + copy(b[i:], d[k:])
}

// castleTexts and castleLens are the FEN texts of the standard castling rights, by the
// rights' bits (K, Q, k, q from the lowest).
var castleTexts, castleLens = func() (t [16][4]byte, n [16]uint8) {
	for c := range t {
		if c == 0 {
			t[c][0], n[c] = '-', 1
			continue
		}
		for bit := 0; bit < 4; bit++ {
			if c&(1<<bit) != 0 {
				t[c][n[c]] = "KQkq"[bit]
				n[c]++
			}
		}
	}
	return t, n
}()

// fenLetters are the FEN letters of the pieces, by Piece.
var fenLetters = func() (t [16]byte) {
	for c := White; c <= Black; c++ {
		for pt := Pawn; pt <= King; pt++ {
			t[MakePiece(c, pt)] = MakePiece(c, pt).Letter()
		}
	}
	return t
}()

// outermostRook reports whether the rook of castling right bit is the outermost rook on its side
// of the king, so that K/Q in X-FEN names it unambiguously.
func (p *Position) outermostRook(bit int) bool {
	color := Color(bit / 2)
	rook := p.castleRook[bit]
	rooks := p.Pieces(color, Rook) & RankBB(rook.Rank())
	var beyond Bitboard
	if bit%2 == 0 { // towards the h-file
		beyond = RankBB(rook.Rank()) &^ (SquareBB(rook)<<1 - 1)
	} else {
		beyond = RankBB(rook.Rank()) & (SquareBB(rook) - 1)
	}
	return rooks&beyond == 0
}

// String returns the FEN.
func (p *Position) String() string { return p.FEN() }
