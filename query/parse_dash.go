package query

// CQL 6.2's move filters outside paths: F--G (―― in Unicode) and F×G.

// Dash is `F--G`, `F×G` (captures only), with an optional promotion `=P`
// and an optional target filter in parentheses evaluated in the position
// after the move: it matches when a move played from the current position
// goes from a square of From to a square of To (nil: any square). Logical.
type Dash struct {
	At
	From, To Node // set filters or nil
	Capture  bool
	Promote  PieceSet
	Target   Node // nil: none
}

// Type is logical.
func (*Dash) Type() Type { return TypeNone }
func (*Dash) node()      {}

// touching reports whether the current token starts right where the
// previous one ended: `R--` is a rook move, `R --` a rook and any move.
func (p *parser) touching() bool { return p.tok.pos.Offset == p.prevEnd }

// parseDash parses the rest of a move filter whose left side (nil: none)
// has been read; the current token is -- or ×.
func (p *parser) parseDash(left Node, pos Pos) Node {
	d := &Dash{At: At{pos}, From: left, Capture: p.tok.kind == tCross}
	p.next()
	if p.tok.kind == tPiece && p.touching() {
		d.To = &PieceDesignator{At: At{p.tok.pos}, Pieces: p.tok.pieces, Squares: p.tok.squares, Text: p.tok.raw}
		p.next()
	}
	if p.tok.kind == tAssign && p.touching() {
		p.next()
		if p.tok.kind != tPiece || p.tok.squares != AllSquares || p.tok.pieces == 0 {
			p.fail("piece type (like Q or [RBN]) after '='")
		}
		d.Promote = p.tok.pieces
		p.next()
	}
	if p.tok.kind == tLParen && p.touching() {
		p.next()
		d.Target = p.parseFilter()
		p.expect(tRParen, " to close the target filter of the move")
	}
	return d
}
