package query

// Ranges whose bounds may be number variables. CQL's match_range
// (node-parse.cpp) reads each bound with match_rangeconstituent: an integer
// or an existing numeric variable, not followed by an operator (only a
// parenthesis, a brace or an arrow may follow one). find, line, path and
// consecutivemoves read their range this way (`v = 2 find quiet v <-- check`);
// the variable's value is read when the filter is evaluated.

// noteNumeric records that an assignment gives its variable a number, so
// that later the name can be a range bound. Only values whose type the parser
// already knows count (a number, ply, a compound assignment, a difference,
// a negation ...); a variable whose type only the checker knows cannot be a
// bound, and the filter then reads it as its argument, which keeps the parse
// unambiguous.
func (p *parser) noteNumeric(a *Assign) {
	switch a.Op {
	case OpAssign, OpCondAssign:
		if a.Value.Type() == TypeNumber || isArithmetic(a.Value) {
			p.numVars[a.Name] = true
		} else {
			delete(p.numVars, a.Name)
		}
	case OpSubAssign, OpMulAssign, OpDivAssign, OpModAssign:
		p.numVars[a.Name] = true
	}
}

// isArithmetic reports whether n is a - b, a * b, a / b, a % b or -a, whose
// value is a number whatever a and b are (the checker refuses other
// operands); + may join strings, so it does not count.
func isArithmetic(n Node) bool {
	switch n := n.(type) {
	case *Binary:
		return n.Op == OpSub || n.Op == OpMul || n.Op == OpDiv || n.Op == OpMod
	case *Unary:
		return n.Op == OpNeg
	}
	return false
}

// startsBound reports whether the current token is a range bound: a number,
// or a number variable, followed by something other than an operator
// (atRange).
func (p *parser) startsBound() bool {
	if p.isKw("count") {
		return true // CQL's match_range: count is -100000 to 100000
	}
	switch p.tok.kind {
	case tNumber:
		return p.atRange()
	case tMinus:
		// A negative bound (CQL's lexer reads -2 as one number: `find -2 0 check`).
		if p.peek().kind != tNumber {
			return false
		}
		start := p.state()
		p.next()
		ok := p.atRange()
		p.restore(start)
		return ok
	case tIdent:
		if keywords[p.tok.text] || !p.numVars[p.tok.text] || p.dicts[p.tok.text] {
			return false
		}
		return !operatorAfterNumber(p.peek().kind)
	}
	return false
}

// parseBound reads one bound: its value, or the variable that holds it.
func (p *parser) parseBound() (int, *Var) {
	t := p.tok
	p.next()
	if t.kind == tMinus {
		n := -p.tok.num
		p.next()
		return n, nil
	}
	if t.kind == tNumber {
		return t.num, nil
	}
	return 0, &Var{At: At{t.pos}, Name: t.text}
}

// parseVarRange parses one or two bounds (the second defaults to the
// first), each a number or a number variable.
func (p *parser) parseVarRange(what string) Range {
	if p.isKw("count") {
		return p.parseRange(what)
	}
	if !p.startsBound() {
		p.fail("number after '" + what + "'")
	}
	var r Range
	r.Min, r.MinVar = p.parseBound()
	r.Max, r.MaxVar = r.Min, r.MinVar
	if p.startsBound() {
		// An empty range (3 2) holds no value: CQL 9.493 runs it, and nothing matches.
		r.Max, r.MaxVar = p.parseBound()
	}
	return r
}

// checkRange resolves the variable bounds of r: each must be a number
// variable.
func (c *checker) checkRange(r *Range, what string) {
	if r == nil {
		return
	}
	for _, v := range []*Var{r.MinVar, r.MaxVar} {
		if v != nil {
			c.number(v, "a bound of the range of "+what)
		}
	}
}

// lineConstituent refuses what CQL's match_holderconstituent refuses as a
// line constituent (sequence-parse.cpp): a single number, a single number
// variable, or an arithmetic operation (`line --> 3`, `line --> 3+4`: a
// repetition misread as arithmetic, or a range in the wrong place).
func (p *parser) lineConstituent(x Node) {
	p.sequenceConstituent(x, "line", "a range goes before the arrow: line 3 --> ...")
}

// pathConstituent refuses the same as a path constituent or a move step's
// target, as CQL's path-parse.cpp does (`path -- 3`, `path --(3)`, `path
// check v` with v a number: CQL 9.493 "Attempt to create a path constituent
// from a single number"); a comparison (`path -- 3 == ply`) is a filter.
func (p *parser) pathConstituent(x Node) {
	p.sequenceConstituent(x, "path", "a range goes right after path: path 3 -- ...")
}

func (p *parser) sequenceConstituent(x Node, kind, rangeHint string) {
	switch x := x.(type) {
	case *NumberLit:
		p.errorf(x.Pos(), "a %s constituent cannot be a single number (%s); enclose a filter in braces", kind, rangeHint)
	case *Var:
		if p.numVars[x.Name] {
			p.errorf(x.Pos(), "a %s constituent cannot be a single number variable ('%s'); enclose the filter in braces", kind, x.Name)
		}
	case *Binary:
		switch x.Op {
		case OpAdd, OpSub, OpMul, OpDiv, OpMod:
			p.errorf(x.Pos(), "a %s constituent cannot be an arithmetic operation (%s): CQL refuses it, also in braces; write a repetition as {+} or {*}", kind, x.Op)
		}
	case *Block:
		// CQL's braces around one filter give that filter: {3+4} and {-4}
		// are refused like 3+4 and -4, but {v} of a number variable is not.
		if len(x.Filters) == 1 {
			switch y := x.Filters[0].(type) {
			case *NumberLit, *Binary, *Block:
				p.sequenceConstituent(y, kind, rangeHint)
			}
		}
	}
}

// repeatedRepetition refuses the repetitions of a repeated constituent that
// CQL's match_seqsuffix refuses: + after + (k{3}++), and * + ? {n} after a
// constituent that can match no positions (k{3}*+, k{3}**).
func (p *parser) repeatedRepetition(e LineElem) {
	plus := e.Min == 1 && e.Max == -1
	switch {
	case e.Min == 0:
		p.errorf(p.tok.pos, "this repetition applies to a constituent that can match no positions, which CQL refuses")
	case plus && (p.tok.kind == tPlus || p.tok.kind == tLBrace && p.braceIsRepetition()):
		p.errorf(p.tok.pos, "this repetition applies to a '+' repetition, which CQL refuses (one '+' has the same effect)")
	}
}

// atRange reports whether the current token starts a range as CQL's
// match_rangeconstituent reads one (node-parse.cpp): a number that no
// operator follows (a bracket, a line arrow or an attack arrow may), so
// `flip 5 <= sort ...` is flip of the comparison, not a range 5.
func (p *parser) atRange() bool {
	return p.tok.kind == tNumber && !operatorAfterNumber(p.peek().kind) || p.isKw("count")
}

func operatorAfterNumber(k tokenKind) bool {
	switch k {
	case tAmp, tBar, tTilde, tHash, tPlus, tMinus, tStar, tSlash, tPercent, tQuestion,
		tEq, tNe, tLt, tLe, tGt, tGe, tAssign, tAddAssign, tSubAssign, tMulAssign, tDivAssign,
		tModAssign, tCondAssign, tOrAssign, tAndAssign, tMatch, tColon, tLBracket, tRBracket,
		tComma, tTreeOp, tElement, tForall:
		return true
	}
	return false
}

// parseRange parses one or two integers (the second defaults to the first).
func (p *parser) parseRange(what string) Range {
	if p.isKw("count") {
		// CQL's match_range reads count as the range -100000 to 100000: any
		// value will do (`find count F` counts the positions where F matches).
		p.next()
		return Range{Min: -100000, Max: 100000}
	}
	if p.tok.kind != tNumber {
		p.fail("number after '" + what + "'")
	}
	r := Range{Min: p.tok.num, Max: p.tok.num}
	p.next()
	if p.atRange() {
		// An empty range (3 2) holds no value: CQL 9.493 runs it (find 3 2 check,
		// matchcount 3 2, flip 3 2 check: no game matches), as ours does.
		r.Max = p.tok.num
		p.next()
	}
	return r
}

// startsSignedNumber reports whether the current token starts an integer,
// possibly negative (`-` directly followed by a number).
func (p *parser) startsSignedNumber() bool {
	return p.tok.kind == tNumber || p.tok.kind == tMinus && p.peek().kind == tNumber
}

// signedNumber reads an integer with an optional leading minus sign.
func (p *parser) signedNumber(what string) int {
	neg := p.tok.kind == tMinus
	if neg {
		p.next()
	}
	if p.tok.kind != tNumber {
		p.fail("number after '" + what + "'")
	}
	n := p.tok.num
	p.next()
	if neg {
		n = -n
	}
	return n
}

// startsDirBound reports whether a direction filter's range starts here: a
// number with an optional minus sign, or a number variable (CQL's
// match_directionparameter reads its range with match_range, whose bounds
// may be existing numeric variables: the chameleon example's `up DeltaRank`).
func (p *parser) startsDirBound() bool {
	return p.startsSignedNumber() || p.tok.kind == tIdent && p.startsBound()
}

// parseDirRange is parseRange for a direction filter, whose bounds may be
// negative (the manual's `up -2 d4` is d2 and `right -1 1 d4` is c4-e4) or
// number variables, read when the filter is evaluated.
func (p *parser) parseDirRange(what string) Range {
	bound := func() (int, *Var) {
		if p.tok.kind == tIdent {
			return p.parseBound()
		}
		pos := p.tok.pos
		n := p.signedNumber(what)
		negative := p.tok.kind == tMinus && p.peek().kind == tNumber // a second bound, up -7 -1 d4 (CQL refuses it)
		if !negative && (operatorAfterNumber(p.tok.kind) || p.tok.raw == "." || p.tok.raw == "▦") {
			// CQL's match_rangeconstituent takes no number that a special
			// token (an operator, '.', '[') follows, and the direction's set
			// cannot start with a number: CQL refuses `up 2 ~q` and `up 2 .`.
			p.errorf(pos, "%d followed by %q is not a range of %s, and its set cannot start with a number (CQL refuses it); enclose the set in parentheses", n, p.tok.raw, what)
		}
		return n, nil
	}
	var r Range
	r.Min, r.MinVar = bound()
	r.Max, r.MaxVar = r.Min, r.MinVar
	if p.startsDirBound() {
		pos := p.tok.pos
		r.Max, r.MaxVar = bound()
		if r.MinVar == nil && r.MaxVar == nil && r.Max < r.Min {
			p.errorf(pos, "range %d %d is empty: the second number must be at least the first", r.Min, r.Max)
		}
	}
	return r
}
