package chess

// NewMove returns the move of a piece from from to to, promoting to promo (NoPieceType for
// none). For castling and en passant use CastlingMove and EnPassantMove. An index decodes
// stored moves with these.
func NewMove(from, to Square, promo PieceType) Move { return newMove(from, to, promo, moveNormal) }

// CastlingMove returns castling of the king on from with its rook on rookFrom.
func CastlingMove(from, rookFrom Square) Move {
	return newMove(from, rookFrom, NoPieceType, moveCastle)
}

// EnPassantMove returns the en-passant capture of a pawn from from to to.
func EnPassantMove(from, to Square) Move { return newMove(from, to, NoPieceType, moveEnPassant) }

// IsPlain reports whether m is an ordinary move: not castling, en passant, a promotion or
// the null move (PlayPiece plays it).
func (m Move) IsPlain() bool { return m>>12 == 0 }
