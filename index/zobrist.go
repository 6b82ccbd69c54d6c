package index

import (
	"math/bits"

	"github.com/cqlgo/cql/chess"
)

// Zobrist keys of the exact-position table. They are fixed for the format version (an
// index stores hashes, so the keys may never change without a new FormatVersion): derived
// from a fixed seed with splitmix64.
var zobrist = newZobristKeys(0x9E3779B97F4A7C15)

type zobristKeys struct {
	piece    [16][64]uint64 // by chess.Piece (white 1-6, black 9-14) and square
	castle   [64]uint64     // by the square of a rook that keeps a castling right
	ep       [8]uint64      // by the file of a capturable en-passant square
	sideDark uint64         // black to move
}

func newZobristKeys(seed uint64) *zobristKeys {
	z := &zobristKeys{}
	next := func() uint64 { // splitmix64
		seed += 0x9E3779B97F4A7C15
		x := seed
		x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
		x = (x ^ x>>27) * 0x94D049BB133111EB
		return x ^ x>>31
	}
	for pc := range z.piece {
		for sq := range z.piece[pc] {
			z.piece[pc][sq] = next()
		}
	}
	// An empty square adds nothing (boardDiff reads it); the row was drawn, and is then
	// dropped, so that the other keys stay what they were.
	z.piece[chess.NoPiece] = [64]uint64{}
	for sq := range z.castle {
		z.castle[sq] = next()
	}
	for f := range z.ep {
		z.ep[f] = next()
	}
	z.sideDark = next()
	return z
}

// positionHash is the Zobrist hash of what makes two positions the same for FIDE's
// repetition rule (article 9.2.3): the placement, the side to move, the castling rights
// (each right is its rook's square, which covers Chess960) and the en-passant square only
// when an en-passant capture is legal there. The move counters do not count.
func positionHash(p *chess.Position) uint64 {
	h := boardHash(p)
	if ep := epSquare(p); ep != chess.NoSquare {
		h ^= zobrist.ep[ep.File()]
	}
	return h
}

// boardHash is positionHash without the en-passant key.
func boardHash(p *chess.Position) uint64 {
	z := zobrist
	var h uint64
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			keys := &z.piece[chess.MakePiece(c, t)]
			for b := uint64(p.Pieces(c, t)); b != 0; b &= b - 1 {
				h ^= keys[bits.TrailingZeros64(b)]
			}
		}
	}
	for b := uint64(p.CastlingRooks()); b != 0; b &= b - 1 {
		h ^= z.castle[bits.TrailingZeros64(b)]
	}
	if p.SideToMove() == chess.Black {
		h ^= z.sideDark
	}
	return h
}

// boardDiff is boardHash(a) ^ boardHash(b), from the squares whose occupant differs (two
// to four after a move): each adds the keys of its occupants in a and b.
func boardDiff(a, b *chess.Position) uint64 {
	z := zobrist
	changed := (a.ByColor(chess.White) ^ b.ByColor(chess.White)) | (a.ByColor(chess.Black) ^ b.ByColor(chess.Black))
	for t := chess.Pawn; t <= chess.King; t++ {
		changed |= a.ByType(t) ^ b.ByType(t)
	}
	var h uint64
	for d := uint64(changed); d != 0; d &= d - 1 {
		sq := bits.TrailingZeros64(d)
		h ^= z.piece[a.PieceAt(chess.Square(sq))][sq] ^ z.piece[b.PieceAt(chess.Square(sq))][sq]
	}
	for d := uint64(a.CastlingRooks() ^ b.CastlingRooks()); d != 0; d &= d - 1 {
		h ^= z.castle[bits.TrailingZeros64(d)]
	}
	if a.SideToMove() != b.SideToMove() {
		h ^= z.sideDark
	}
	return h
}

// epSquare returns the en-passant square when a legal en-passant capture exists, else
// chess.NoSquare. The position keeps the square when a pawn could capture there; a pin
// or a check can still forbid the capture, and then the square does not count.
func epSquare(p *chess.Position) chess.Square {
	ep := p.EnPassant()
	if ep == chess.NoSquare {
		return ep
	}
	var l chess.MoveList
	p.LegalMoves(&l)
	for _, m := range l.Moves() {
		if m.IsEnPassant() {
			return ep
		}
	}
	return chess.NoSquare
}

// samePosition reports whether a and b are the same position in the sense of
// positionHash, compared exactly.
func samePosition(a, b *chess.Position) bool {
	if a.Occupied() != b.Occupied() || a.SideToMove() != b.SideToMove() || a.CastlingRooks() != b.CastlingRooks() {
		return false
	}
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			if a.Pieces(c, t) != b.Pieces(c, t) {
				return false
			}
		}
	}
	return epSquare(a) == epSquare(b)
}
