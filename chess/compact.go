package chess

// Compact returns m in 16 bits: from (bits 0-5), to (6-11) and a 4-bit code (12-15):
// 0 a plain move, 1 castling, 2 en passant, 3 the null move, 4-7 a promotion to a knight,
// bishop, rook or queen. Codes 8-15 are never produced: a move stream may use them for
// its own tokens. NoMove compacts to 0, like a plain move from a1 to a1.
func (m Move) Compact() uint16 {
	code := uint16(0)
	switch {
	case m.IsCastle():
		code = 1
	case m.IsEnPassant():
		code = 2
	case m.IsNull():
		code = 3
	case m.Promotion() != NoPieceType:
		code = 4 + uint16(m.Promotion()-Knight)
	}
	return uint16(m&0xfff) | code<<12
}

// FromCompact returns the move of a Compact value; ok is false for codes 8-15.
func FromCompact(v uint16) (m Move, ok bool) {
	from, to := Square(v&63), Square(v>>6&63)
	switch code := v >> 12; {
	case code == 0:
		return newMove(from, to, NoPieceType, moveNormal), true
	case code == 1:
		return newMove(from, to, NoPieceType, moveCastle), true
	case code == 2:
		return newMove(from, to, NoPieceType, moveEnPassant), true
	case code == 3:
		return NullMove, true
	case code < 8:
		return newMove(from, to, Knight+PieceType(code-4), moveNormal), true
	}
	return NoMove, false
}
