package query

// The line filter: parameters, arrows, constituents and their repetitions
// (also the repetition suffixes paths share).

import "bytes"

func (p *parser) parseLine() Node {
	ln := &Line{At: At{p.tok.pos}}
	p.next()
	p.parseLineParams(ln)
	var arrow tokenKind
	switch p.tok.kind {
	case tArrow, tBackArrow:
		arrow = p.tok.kind
		ln.Backward = arrow == tBackArrow
		if ln.Backward && ln.Secondary {
			p.errorf(p.tok.pos, "'secondary' cannot be used with 'line <--' (it follows moves forward)")
		}
		if ln.Backward && ln.Primary {
			// sequence-parse.cpp: "'primary' and 'secondary' cannot be used with 'line<--'"
			p.errorf(p.tok.pos, "'primary' cannot be used with 'line <--' (it follows moves forward)")
		}
		p.next()
	default:
		p.fail("'-->' or '<--' after 'line'")
	}
	saveLine, saveGroup := p.inLine, p.inGroup
	p.inLine, p.inGroup = true, false
	ln.Elems = p.parseLineSeq(arrow)
	p.inLine, p.inGroup = saveLine, saveGroup
	return ln
}

// parseLineSeq parses elements separated by the arrow.
func (p *parser) parseLineSeq(arrow tokenKind) []LineElem {
	var elems []LineElem
	for {
		elems = append(elems, p.parseLineElem(arrow))
		if p.tok.kind != arrow {
			if p.tok.kind == tArrow || p.tok.kind == tBackArrow {
				p.errorf(p.tok.pos, "cannot mix '-->' and '<--' in one line filter")
			}
			return elems
		}
		p.next()
	}
}

func (p *parser) parseLineElem(arrow tokenKind) LineElem {
	p.enter()
	defer p.leave()
	var e LineElem
	if p.tok.kind == tLParen {
		p.next()
		saveGroup := p.inGroup
		p.inGroup = true
		for {
			e.Alts = append(e.Alts, p.parseLineSeq(arrow))
			if p.tok.kind != tBar {
				break
			}
			p.next()
		}
		p.inGroup = saveGroup
		p.expect(tRParen, " to close the line group")
	} else {
		e.X = p.parseFilter()
		p.lineConstituent(e.X) // `move ... comment ("...")` is one step: the comment is the move's
	}
	e.Min, e.Max = 1, 1
	p.parseRepetition(&e, false)
	// A repetition of a repeated constituent (k{3}+, k{3}*, as CQL
	// accepts): the repeated constituent becomes a one-element group.
	for p.tok.kind == tStar || p.tok.kind == tPlus || p.tok.kind == tQuestion || p.tok.kind == tLBrace {
		at := p.tok.pos
		p.repeatedRepetition(e)
		outer := LineElem{Alts: [][]LineElem{{e}}, Min: 1, Max: 1}
		p.parseRepetition(&outer, false)
		if p.tok.pos == at {
			break
		}
		e = outer
	}
	return e
}

// parseRepetition parses the repetition after a line or path constituent,
// if any: * + ? {n} {n,} {,m} {n,m} {*} {+} ({n m} with a space is an
// error). In a path (needTouch) a brace apart from the constituent is a
// repetition only when its contents read as one ({2}, {1,}, {*}), since a
// constituent may itself be a {block}.
func (p *parser) parseRepetition(e *LineElem, needTouch bool) {
	switch p.tok.kind {
	case tStar:
		e.Min, e.Max = 0, -1
		p.next()
	case tPlus:
		e.Min, e.Max = 1, -1
		p.next()
	case tQuestion:
		e.Min, e.Max = 0, 1
		p.next()
	case tLBrace:
		if needTouch && !p.touching() && !p.braceIsRepetition() {
			return
		}
		if k := p.peek().kind; k == tNumber || k == tComma || k == tStar || k == tPlus {
			brace := p.tok.pos
			p.spacedRepetition()
			p.next()
			e.Min, e.Max = 0, -1
			switch p.tok.kind {
			case tStar, tPlus: // {*} and {+}
				if p.tok.kind == tPlus {
					e.Min = 1
				}
				p.next()
				p.expect(tRBrace, " to close the repetition")
				return
			}
			if p.tok.kind == tNumber {
				e.Min = p.tok.num
				e.Max = e.Min
				p.next()
				if p.tok.kind == tNumber {
					// CQL's lexer reads a repetition only without spaces
					// (lexer.cpp, match_bracereptoken: not the old {2 4});
					// {2 4} is a block of numbers, whose run stops with an error.
					p.errorf(brace, "{%d %d} is not a repetition in CQL (a block of two numbers, an error when run): write {%d,%d}, without spaces", e.Min, p.tok.num, e.Min, p.tok.num)
				}
			}
			if p.tok.kind == tComma {
				p.next()
				e.Max = -1
				if p.tok.kind == tNumber {
					e.Max = p.tok.num
					p.next()
				}
			}
			if e.Max >= 0 && e.Max < e.Min {
				p.errorf(p.tok.pos, "repetition {%d,%d} is empty", e.Min, e.Max)
			}
			p.expect(tRBrace, " to close the repetition")
		}
	}
}

// spacedRepetition refuses a repetition with a comma and spaces ({ 2,},
// {2 , 4}): CQL's lexer reads {n,m} as one token only when it has no spaces
// (sequence-parse.cpp, match_repeat_range), and chessql records cql -parse
// rejecting these forms.
func (p *parser) spacedRepetition() {
	start := p.tok.pos.Offset
	end := bytes.IndexByte(p.src[start:], '}')
	if end < 0 {
		return
	}
	body := p.src[start : start+end+1]
	if bytes.IndexByte(body, ',') >= 0 && bytes.ContainsAny(body, " \t\r\n") {
		p.errorf(p.tok.pos, "a repetition with a comma is written without spaces: {2,}, {,4}, {2,4} (CQL reads %s as a block, not a repetition)", body)
	}
}

// braceIsRepetition reports whether the tokens after the current '{' are
// those of a repetition: {*} {+} or numbers and a comma, then '}'.
func (p *parser) braceIsRepetition() bool {
	l := p.lex
	t := l.next()
	if t.kind == tStar || t.kind == tPlus {
		return l.next().kind == tRBrace
	}
	for n := 0; n < 4; n++ {
		switch t.kind {
		case tRBrace:
			return n > 0
		case tNumber, tComma:
		default:
			return false
		}
		t = l.next()
	}
	return false
}
