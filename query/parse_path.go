package query

// CQL 6.2's path filter (`path` or ⊢), the subset implemented: a sequence of
// constituents, each a move step (F--G or F×G, optionally with =P and a
// target filter in parentheses) that consumes one move of the game tree, or
// any other filter, evaluated at the tail of the last move (the start
// position before the first). Parameters, repetition, alternation and
// parenthesised groups are refused with an error naming them.

// Path is `path c1 c2 ...`. It matches when some path of moves played from
// the current position satisfies the constituents in order. Logical (its
// numeric value, the number of moves, is not implemented).
type Path struct {
	At
	Steps []Node // *Dash: a move; anything else: a filter at the current tail
}

// Type is logical.
func (*Path) Type() Type { return TypeNone }
func (*Path) node()      {}

// pathParams are CQL 6.2's path parameters, none implemented yet.
var pathParams = wordSet("focus", "nestban", "titlecase", "max", "min", "quiet", "firstmatch",
	"lastposition", "primary", "secondary", "piecepath", "keepallbest", "verbose")

// parsePath parses a path filter; the current token is `path`. Its
// constituents run to the end of the enclosing block, parentheses or input.
func (p *parser) parsePath() Node {
	pos := p.tok.pos
	p.next()
	n := &Path{At: At{pos}}
	if p.tok.kind == tIdent && pathParams[p.tok.text] {
		p.errorf(p.tok.pos, "the path parameter '%s' is not supported yet (supported: a plain sequence of move steps and filters)", p.tok.text)
	}
	for p.tok.kind != tRBrace && p.tok.kind != tRParen && p.tok.kind != tEOF {
		switch p.tok.kind {
		case tLParen:
			p.errorf(p.tok.pos, "parenthesised constituent groups of a path are not supported yet")
		case tBar, tStar, tPlus, tQuestion:
			p.errorf(p.tok.pos, "repetition and alternation of path constituents ({n,m} * + ? |) are not supported yet")
		}
		n.Steps = append(n.Steps, p.parsePathConstituent())
		switch p.tok.kind {
		case tBar, tStar, tPlus, tQuestion:
			p.errorf(p.tok.pos, "repetition and alternation of path constituents ({n,m} * + ? |) are not supported yet")
			return n
		case tLBrace:
			if p.touching() {
				p.errorf(p.tok.pos, "repetition and alternation of path constituents ({n,m} * + ? |) are not supported yet")
				return n
			}
		}
	}
	if len(n.Steps) == 0 {
		p.errorf(pos, "'path' needs at least one constituent")
	}
	return n
}

// parsePathConstituent parses one constituent: a unary filter, or a
// comparison of unary filters (`ply == 15`); arithmetic is left out because
// `*` and `+` after a constituent are repetition in a path.
func (p *parser) parsePathConstituent() Node {
	x := p.parseArg()
	op, ok := compareOps[p.tok.kind]
	if !ok {
		return x
	}
	c := &Compare{At: At{x.Pos()}, Operands: []Node{x}}
	for ok {
		p.next()
		c.Links = append(c.Links, CompareLink{Op: op})
		c.Operands = append(c.Operands, p.parseArg())
		op, ok = compareOps[p.tok.kind]
	}
	return c
}
