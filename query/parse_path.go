package query

// CQL 6.2's path filter (`path` or ⊢): parameters, then constituents. A
// constituent is a move step (F--G or F×G, optionally with =P and a target
// filter in parentheses) that consumes one move of the game tree, a
// parenthesised group of constituent sequences separated by |, or any other
// filter, evaluated at the tail of the last move (the start position before
// the first). Any constituent may be followed by a repetition: * + ? {n}
// {n m} {n,} {n,m} {*} {+}. The parameters title, max, keepallbest,
// verbose, piecepath and nestban are refused with an error naming them.

// Path is `path [params] c1 c2 ...`. It matches when some path of moves
// played from the current position (a matching path) satisfies the
// constituents in order; its value is the number of moves of the longest
// matching path (the first one found with FirstMatch), counting only moves
// in focus when Focus is given, or with LastPosition the tail of the last
// move of that path (the start position when it has no moves).
type Path struct {
	At
	Quiet, FirstMatch, LastPosition, Primary bool
	// Focus: the pieces on these squares at the start are focused; moves by
	// other pieces (and, with FocusCapture, not capturing a focused piece)
	// are skipped between move steps and not counted. Nil: no focus.
	Focus        Node
	FocusCapture bool
	Elems        []LineElem // as a line's: X a constituent, or Alts a group
}

// Type is a number, or a position with lastposition.
func (p *Path) Type() Type {
	if p.LastPosition {
		return TypePosition
	}
	return TypeNumber
}
func (*Path) node() {}

// unsupportedPathParams are CQL 6.2 path parameters not implemented; each is
// refused by name. (max and title are parameters only where no '(' follows:
// max(...) is the max filter.)
var unsupportedPathParams = wordSet("title", "titlecase", "max", "keepallbest", "verbose", "piecepath", "nestban")

// parsePath parses a path filter; the current token is `path` or ⊢. Its
// constituents run to the end of the enclosing block, parentheses or input.
func (p *parser) parsePath() Node {
	pos := p.tok.pos
	p.next()
	n := &Path{At: At{pos}}
	p.parsePathParams(n)
	p.enter()
	defer p.leave()
	alts := p.parsePathAlts(pos, true)
	if len(alts) == 1 {
		n.Elems = alts[0]
	} else {
		n.Elems = []LineElem{{Alts: alts, Min: 1, Max: 1}}
	}
	return n
}

func (p *parser) parsePathParams(n *Path) {
	for p.tok.kind == tIdent {
		word := p.tok.text
		switch word {
		case "quiet":
			n.Quiet = true
		case "firstmatch":
			n.FirstMatch = true
		case "lastposition":
			n.LastPosition = true
		case "primary":
			n.Primary = true
		case "secondary", "singlecolor":
			p.errorf(p.tok.pos, "'%s' is not a path parameter (path takes quiet, firstmatch, lastposition, primary, focus ...)", word)
		case "focus":
			if n.Focus != nil {
				p.errorf(p.tok.pos, "'focus' given twice")
			}
			p.next()
			if p.isKw("capture") {
				n.FocusCapture = true
				p.next()
			}
			n.Focus = p.parseArg()
			continue
		default:
			if unsupportedPathParams[word] && !(word == "max" && p.peek().kind == tLParen) {
				p.errorf(p.tok.pos, "the path parameter '%s' is not supported yet (supported: quiet, firstmatch, lastposition, primary, focus, focus capture)", word)
			}
			return
		}
		p.next()
	}
}

// parsePathAlts parses constituent sequences separated by | up to a closing
// brace or parenthesis or the end of input (top: the path's own
// constituents, not a group's).
func (p *parser) parsePathAlts(pos Pos, top bool) [][]LineElem {
	var alts [][]LineElem
	for {
		seq := p.parsePathSeq()
		if len(seq) == 0 {
			if top && len(alts) == 0 {
				p.errorf(pos, "'path' needs at least one constituent")
			} else {
				p.errorf(p.tok.pos, "empty alternative in a path (a constituent must come before and after '|')")
			}
		}
		alts = append(alts, seq)
		if p.tok.kind != tBar {
			break
		}
		p.next()
	}
	return alts
}

// parsePathSeq parses constituents, each with its repetition, up to | or a
// closing bracket.
func (p *parser) parsePathSeq() []LineElem {
	var seq []LineElem
	for p.tok.kind != tRBrace && p.tok.kind != tRParen && p.tok.kind != tBar && p.tok.kind != tEOF {
		var e LineElem
		switch p.tok.kind {
		case tStar, tPlus, tQuestion:
			p.errorf(p.tok.pos, "a repetition ('%s') must follow a path constituent", p.tok.describe())
		case tLParen:
			open := p.tok.pos
			p.next()
			e.Alts = p.parsePathAlts(open, false)
			p.expect(tRParen, " to close the group of path constituents")
		default:
			e.X = p.parsePathConstituent()
		}
		e.Min, e.Max = 1, 1
		p.parseRepetition(&e, true)
		seq = append(seq, e)
	}
	return seq
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
