package query

// CQL 6.2's move filters outside paths: F--G (―― in Unicode) and F×G.

// Dash is `F--G`, `F×G` (captures only), with an optional promotion `=P`
// and an optional target filter in parentheses evaluated in the position
// after the move: it matches when a move played from the current position
// goes from a square of From to a square of To (nil: any square). With a
// target that has a value (a set, number, string or position), the value
// is the target's after the first such move where it has one (CQL's
// dashnode.cpp); otherwise it is logical.
type Dash struct {
	At
	From, To Node // set filters or nil
	Capture  bool
	Promote  PieceSet
	Target   Node // nil: none
	T        Type
}

// Type is the target's when it has a value, else logical.
func (d *Dash) Type() Type { return d.T }
func (*Dash) node()        {}

// touching reports whether the current token starts right where the
// previous one ended: `R--` is a rook move, `R --` a rook and any move.
func (p *parser) touching() bool { return p.tok.pos.Offset == p.prevEnd }

// parseDash parses the rest of a move filter whose left side (nil: none)
// has been read; the current token is -- or ×.
func (p *parser) parseDash(left Node, pos Pos) Node {
	d := &Dash{At: At{pos}, From: left, Capture: p.tok.kind == tCross}
	p.next()
	switch {
	case p.tok.kind == tPiece && p.touching():
		d.To = &PieceDesignator{At: At{p.tok.pos}, Pieces: p.tok.pieces, Squares: p.tok.squares, Text: p.tok.raw}
		p.next()
	case p.touching() && (p.tok.kind == tLBrace && !braceRepeats(p.peek().kind) || p.tok.kind == tIdent && !keywords[p.tok.text]):
		// A set variable, a function call or a braced set as the destination, as CQL's
		// own mate functions write `X--{C|between(C k)}` and `S--F()`.
		d.To = p.parsePrimary()
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
		open := p.tok.pos
		p.next()
		if (p.tok.kind == tPlus || p.tok.kind == tHash) && p.peek().kind == tRParen {
			// PGN's check and mate suffixes are no CQL filters.
			p.errorf(p.tok.pos, "%s is not a filter: a checking move is --(check), a mating one --(mate)", p.tok.describe())
		}
		// A sequence of filters, as CQL's `-- (mate from)`: all must match.
		b := &Block{At: At{open}}
		for p.tok.kind != tRParen && p.tok.kind != tEOF {
			b.Filters = append(b.Filters, p.parseFilter())
		}
		if len(b.Filters) == 0 {
			p.fail("a filter in the target of the move")
		}
		d.Target = b.Filters[0]
		if len(b.Filters) > 1 {
			d.Target = b
		}
		p.expect(tRParen, " to close the target filter of the move")
	}
	if p.isKw("count") {
		// CQL builds DashNode's counting mode only through countmoves (match_countmoves,
		// build 9.493): `D count` is no CQL syntax.
		p.errorf(p.tok.pos, "'count' after a %s move filter: CQL counts moves with 'countmoves %s' (the moves played) or 'countmoves legal %s' (the legal moves)", dashWord(d), dashWord(d), dashWord(d))
	}
	return d
}

// braceRepeats reports whether a '{' followed by a token of kind k is a repetition
// ({2}, {1 3}, {,4}, {*}, {+}) rather than a braced set.
func braceRepeats(k tokenKind) bool {
	return k == tNumber || k == tComma || k == tStar || k == tPlus
}

// dashWord is how an error names the move filter d.
func dashWord(d *Dash) string {
	if d.Capture {
		return "×"
	}
	return "--"
}
