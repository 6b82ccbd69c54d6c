package query

// The parser's operator levels: one function per precedence level, from or down to
// the unary prefix filters. Primaries and keyword filters are in parser.go.

// Expressions, lowest precedence first, as in the manual's table of
// precedence (CQL 6.1/6.2; RogerMarsh/chessql's tables agree):
//
//	or < and < not < in < comparisons < abs < # < + - < unary - < * / % <
//	power < → ← (CQL 6.2's arrows) < | < & < ~ < attacks attackedby <
//	direction filters < primary
//
// A prefix filter's argument extends over every operator of higher
// precedence: `#_ attackedby K` is #(_ attackedby K), `~A attacks k` is
// ~(A attacks k), `-x * y` is -(x*y), `abs x - y` is abs(x-y). The table puts
// # below + and -, which would make `#P + 1` mean #(P + 1), a type error
// (# needs a set); we read it as (#P) + 1, which agrees with CQL on every
// program CQL accepts.

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		// depth counts the parser's levels (several per bracket), not the user's.
		if p.open > 0 {
			p.errorf(p.tok.pos, "filter nested too deeply (%d brackets open here)", p.open)
		}
		p.errorf(p.tok.pos, "filter nested too deeply")
	}
}

func (p *parser) leave() { p.depth-- }

// unwind restores the nesting depth after a loop that built a left-nested
// chain (a & b & c ...), each link of which counted as one level.
func (p *parser) unwind(depth int) { p.depth = depth }

func (p *parser) parseFilter() Node {
	p.enter()
	defer p.leave()
	if p.pathStep { // a block or parentheses inside a path step: ordinary filters
		p.pathStep = false
		defer func() { p.pathStep = true }()
	}
	return p.parseOr()
}

// parseAssignValue parses the right side of an assignment (= += ... =?): it binds
// tighter than not, and and or, and looser than in, so `v = k or q` is
// `(v = k) or q` (chessql's precedence for '=', which matches cql -parse).
func (p *parser) parseAssignValue() Node {
	p.enter()
	defer p.leave()
	return p.parseIn()
}

// leftChain parses operand (op operand)... into a left-nested chain of Binary nodes, for one
// precedence level; opOf says whether the current token is one of the level's operators.
// Each link counts as one nesting level until the chain is done.
func (p *parser) leftChain(operand func() Node, opOf func() (Op, bool)) Node {
	x := operand()
	defer p.unwind(p.depth)
	for {
		op, ok := opOf()
		if !ok {
			return x
		}
		if (op == OpMul || op == OpDiv || op == OpMod || op == OpSub) && stringAtParse(x) {
			// CQL multiplies or subtracts no string (match_relop_x reads
			// only + after one): int "x" % 2 is (int "x") % 2, int str(3)
			// - 1 is (int str(3)) - 1.
			return x
		}
		if _, isLine := x.(*Line); isLine && (op == OpAdd || op == OpMul) {
			// CQL's match_relop_x and match_addop_x: a + or * after a line
			// is its last wildcard read as an operator.
			p.errorf(p.tok.pos, "%s after a line filter: CQL refuses to add to or multiply a line (a last wildcard %s of the line not followed by the end, ')', '}' or an arrow is read as %s); enclose the line in braces", p.tok.describe(), p.tok.raw, map[Op]string{OpAdd: "addition", OpMul: "multiplication"}[op])
		}
		p.enter()
		pos := p.tok.pos
		before := p.state()
		p.next()
		y := operand()
		if op == OpAdd && stringAtParse(x) && numberAtParse(y) {
			// CQL's match_relop_x: a string + a number is no concatenation;
			// the + is left to what the string is part of, so
			// int "007" + 1 is (int "007") + 1.
			p.restore(before)
			return x
		}
		if op == OpAdd && numberAtParse(x) && stringAtParse(y) {
			// The same the other way round: ascii 94 + "x" is
			// (ascii 94) + "x", "^x" (CQL 9.493 runs it).
			p.restore(before)
			return x
		}
		x = &Binary{At: At{pos}, Op: op, X: x, Y: y}
	}
}

// numberAtParse reports whether a node just parsed is sure to be a number
// before the checker: a number, a count, abs, power, a negation, min or
// max, int, indexof, or arithmetic on one of these.
func numberAtParse(n Node) bool {
	if n.Type() == TypeNumber {
		return true
	}
	switch n := n.(type) {
	case *Unary:
		switch n.Op {
		case OpCount, OpAbs, OpPower, OpNeg:
			return true
		}
	case *MinMax:
		return true
	case *Builtin:
		return n.Name == "int" || n.Name == "indexof"
	case *Colon:
		return numberAtParse(n.X) // position : #Q
	case *Geo:
		switch n.Kind {
		case GeoFile, GeoRank, GeoType, GeoColorType, GeoSqrt, GeoPieceID:
			return true
		}
	case *Tree:
		switch n.Kind {
		case TreePositionID, TreeDepth, TreeDistance, TreeCountMoves:
			return n.Op == ""
		}
	case *Elo:
		return true
	case *Binary:
		switch n.Op {
		case OpSub, OpMul, OpDiv, OpMod:
			return true
		case OpAdd:
			return numberAtParse(n.X)
		}
	}
	return false
}

// stringAtParse reports whether a node just parsed is sure to be a string
// before the checker: a string literal or keyword, str, lowercase,
// uppercase, or a concatenation starting with one of these.
func stringAtParse(n Node) bool {
	if n.Type() == TypeString {
		return true
	}
	switch n := n.(type) {
	case *Builtin:
		switch n.Name {
		case "str", "lowercase", "uppercase", "eventdate", "originalcomment", "readfile", "currentmutation", "variant":
			return len(n.Args) == 0 || n.Name != "eventdate" && n.Name != "originalcomment"
		}
	case *Player:
		return n.Match == nil
	case *Geo:
		return n.Kind == GeoTypeName || n.Kind == GeoPieceName
	case *Binary:
		return n.Op == OpAdd && stringAtParse(n.X)
	case *Colon:
		return stringAtParse(n.X)
	}
	return false
}

func (p *parser) parseOr() Node {
	return p.leftChain(p.parseAnd, func() (Op, bool) { return OpOr, p.isKw("or") })
}

func (p *parser) parseAnd() Node {
	return p.leftChain(p.parseNot, func() (Op, bool) { return OpAnd, p.isKw("and") })
}

func (p *parser) parseNot() Node {
	if p.isKw("not") {
		pos := p.tok.pos
		p.next()
		p.enter()
		defer p.leave()
		return &Unary{At: At{pos}, Op: OpNot, X: p.parseNot()}
	}
	return p.parseIn()
}

var compareOps = map[tokenKind]Op{tEq: OpEq, tNe: OpNe, tLt: OpLt, tLe: OpLe, tGt: OpGt, tGe: OpGe}

func (p *parser) parseCompare() Node {
	x := p.treeCompare(p.parseAdd())
	op, ok := compareOps[p.tok.kind]
	if !ok {
		return x
	}
	if isLogicalMove(x) {
		p.logicalMoveEnd = p.tok.pos.Offset + 1 // 0: none
		return x
	}
	c := &Compare{At: At{x.Pos()}, Operands: []Node{x}}
	defer p.unwind(p.depth)
	for ok {
		p.enter()
		p.next()
		c.Links = append(c.Links, CompareLink{Op: op})
		c.Operands = append(c.Operands, p.parseAdd())
		op, ok = compareOps[p.tok.kind]
	}
	return c
}

// isLogicalMove reports whether x is a move filter without a value (legal,
// previous, castle... first). CQL's match_in_x takes a comparison operator
// only after a filter with a value, so the operator then applies to an
// enclosing filter: `piece T in [qrbn] move legal from T == 0` is
// (piece T in [qrbn] move legal from T) == 0.
func isLogicalMove(x Node) bool {
	m, ok := x.(*Move)
	return ok && m.Value == MoveValueNone
}

func (p *parser) parseIn() Node {
	x := p.parseCompare()
	if p.isKw("in") || p.tok.kind == tElement {
		pos := p.tok.pos
		p.next()
		x = &Binary{At: At{pos}, Op: OpIn, X: x, Y: p.parseCompare()}
	}
	return x
}

func (p *parser) parseUnion() Node {
	return p.leftChain(p.parseInter, func() (Op, bool) { return OpUnion, p.tok.kind == tBar && !p.inGroup })
}

func (p *parser) parseInter() Node {
	return p.leftChain(p.parseAttacks, func() (Op, bool) { return OpInter, p.tok.kind == tAmp })
}

func (p *parser) parseAttacks() Node {
	return p.leftChain(p.parseUnary, func() (Op, bool) {
		switch {
		case p.isKw("attacks") && !isArrow(p.tok.raw):
			return OpAttacks, true
		case p.isKw("attackedby") && !isArrow(p.tok.raw):
			return OpAttackedBy, true
		case p.isKw("attack"):
			// CQL 9.493's other spellings (toplevel.cpp match_attack):
			// `attack` and `attacked by`
			return OpAttacks, true
		case p.isKw("attacked"):
			if nx := p.peek(); nx.kind == tIdent && nx.text == "by" {
				p.next() // "attacked"; leftChain takes "by"
				return OpAttackedBy, true
			}
		}
		return 0, false
	})
}

// isArrow reports whether raw spells an attack arrow of CQL 6.2 (→ ← -> <-), which
// the lexer reads as the keyword attacks or attackedby.
func isArrow(raw string) bool { return raw != "attacks" && raw != "attackedby" }

// parseArrows parses CQL 6.2's attack arrows. They bind more loosely than | (CQL's
// parser reads the arrow's operands as unions: `A → k|q` is A → (k|q), `Q|R → k` is
// (Q|R) → k), unlike the words attacks and attackedby, which bind more tightly than &.
// X → Y is X attacks Y and X ← Y is X attackedby Y. A chain of three or more sets is
// CQL's pin and interference filter: X1 → X2 → ... → Xn is the squares of X1 from which
// a line piece's ray runs through X2 ... to Xn (xray with the first argument's squares
// as value), and X1 ← X2 ← ... ← Xn is xray (Xn ... X1), the squares of X1. → and ←
// cannot be mixed in one chain.
func (p *parser) parseArrows() Node {
	x := p.parseUnion()
	if !(p.isKw("attacks") || p.isKw("attackedby")) || !isArrow(p.tok.raw) {
		return x
	}
	defer p.unwind(p.depth)
	right := p.isKw("attacks")
	first := p.tok.raw
	pos := p.tok.pos
	args := []Node{x}
	for (p.isKw("attacks") || p.isKw("attackedby")) && isArrow(p.tok.raw) {
		if p.isKw("attacks") != right {
			p.errorf(p.tok.pos, "'%s' after '%s': CQL does not mix → and ← in one chain; use parentheses", p.tok.raw, first)
		}
		p.enter()
		p.next()
		args = append(args, p.parseUnion())
	}
	if len(args) == 2 {
		op := OpAttacks
		if !right {
			op = OpAttackedBy
		}
		return &Binary{At: At{pos}, Op: op, X: args[0], Y: args[1]}
	}
	if !right {
		for i, j := 0, len(args)-1; i < j; i, j = i+1, j-1 {
			args[i], args[j] = args[j], args[i]
		}
	}
	return &Geo{At: At{x.Pos()}, Kind: GeoXray, Args: args, First: right}
}

// isRepetition reports whether the current token is a line repetition
// suffix rather than a binary operator.
func (p *parser) isRepetition() bool {
	if p.inPath && p.braces == p.pathBraces && (p.tok.kind == tStar || p.tok.kind == tPlus) {
		return true
	}
	if !p.inLine {
		return false
	}
	switch p.tok.kind {
	case tStar, tPlus:
		return p.atWildcardTerminator()
	case tLBrace:
		k := p.peek().kind
		return k == tNumber || k == tComma || k == tStar || k == tPlus
	}
	return false
}

func (p *parser) parseAdd() Node {
	var first Node // the chain's first operand, nil once an operator has joined it
	operand := func() Node {
		x := p.parseMul()
		if first == nil {
			first = x
		}
		return x
	}
	return p.leftChain(operand, func() (Op, bool) {
		switch p.tok.kind {
		case tPlus:
			first = nil
			return OpAdd, !p.isRepetition()
		case tMinus:
			if first != nil && notNumber(first) {
				return 0, false // CQL reads `K-3` as the filters K and -3
			}
			first = nil
			return OpSub, !p.isRepetition()
		}
		return 0, false
	})
}

// notNumber reports whether the parser can see, without the checker, that n has no
// numeric value: a piece designator, a set operator, a string, a logical or position
// keyword. CQL does not subtract from such a filter, so a '-' after it starts the
// next filter (chessql's tests: `"v"-3`, `true-2` and `initialposition-3` are each two
// filters, `(q-2)` is an error and `{q-2}` two filters).
func notNumber(n Node) bool {
	switch n := n.(type) {
	case *PieceDesignator, *StringLit, *BoolLit, *FromTo, *Dir, *Dash:
		return true
	case *Keyword:
		return n.T != TypeNumber
	case *Binary:
		switch n.Op {
		case OpUnion, OpInter, OpAttacks, OpAttackedBy:
			return true
		}
	case *Unary:
		return n.Op == OpComplement || n.Op == OpNot
	case *Tree:
		switch n.Kind {
		case TreeParent, TreeChild, TreeInitialPosition, TreePositionByID, TreeLCA, TreePathStart,
			TreePathLastPosition, TreeVirtualMainline, TreeAncestor, TreeDescendant, TreeAncestorEq, TreeDescendantEq:
			return true
		}
	}
	return false
}

func (p *parser) parseMul() Node {
	return p.leftChain(p.parseDashLevel, func() (Op, bool) {
		switch p.tok.kind {
		case tStar:
			return OpMul, !p.isRepetition()
		case tSlash:
			return OpDiv, !p.isRepetition()
		case tPercent:
			return OpMod, !p.isRepetition()
		}
		return 0, false
	})
}

// parseUnary parses prefix operators; each argument extends over the
// operators of higher precedence (see the table above): `abs x+y` is
// abs(x+y), `-x*y` is -(x*y) but `-x+y` is (-x)+y, `~B&Q` is (~B)&Q but
// `~B attacks k` is ~(B attacks k), `power A|a` is power(A|a).
func (p *parser) parseUnary() Node {
	p.enter()
	defer p.leave()
	pos := p.tok.pos
	switch {
	case p.tok.kind == tMinus:
		p.next()
		if p.tok.kind == tNumber { // a negative literal
			n := &NumberLit{At: At{pos}, Value: -p.tok.num}
			p.next()
			return n
		}
		return &Unary{At: At{pos}, Op: OpNeg, X: p.parseMul()}
	case p.tok.kind == tTilde:
		p.next()
		// In a path step `~T-- +` is the move of a piece not in T (CQL's
		// dingstheme example), not the complement of a move: prefixBeforeStep.
		u := &Unary{At: At{pos}, Op: OpComplement, X: p.parseAttacks()}
		return p.prefixBeforeStep(u, &u.X)
	case p.tok.kind == tHash:
		p.next()
		return &Unary{At: At{pos}, Op: OpCount, X: p.parseArrows()}
	case p.isKw("abs"):
		p.next()
		return &Unary{At: At{pos}, Op: OpAbs, X: p.parseAdd()}
	case p.isKw("power"):
		p.next()
		return &Unary{At: At{pos}, Op: OpPower, X: p.parseSet()}
	case p.isKw("not"):
		return p.parseNot()
	}
	return p.parseColon(p.parsePostfix(p.parsePrimary()))
}

// parseArg parses the set argument of a prefix filter (move from X,
// up X, square x in X): it binds tightly, so `up R|P` is (up R)|P.
func (p *parser) parseArg() Node { return p.parseUnary() }

// parseSetAssign parses `x |= S` and `x &= S` after the name x. CQL builds
// them as x = x | S and x = x & S (its assignment-parse.cpp, make_op_node):
// x must already exist and both sides must be sets, which the checker tells.
func (p *parser) parseSetAssign(name string, pos Pos) Node {
	opPos := p.tok.pos
	op := OpUnion
	if p.tok.kind == tAndAssign {
		op = OpInter
	}
	p.next()
	v := p.parseAssignValue()
	return &Assign{At: At{pos}, Op: OpAssign, Name: name,
		Value: &Binary{At: At{opPos}, Op: op, X: &Var{At: At{pos}, Name: name}, Y: v}}
}

// parseSet parses a set operand where CQL's parser reads a whole set
// expression down to the attack arrows (its match_set: the domains of
// square, piece, x∊S and ◭x∊S, power's argument, a path's focus), so
// `◭E∊♖♗♕→V` iterates over the pieces of ♖♗♕→V.
func (p *parser) parseSet() Node { return p.parseArrows() }

// atWildcardTerminator reports whether the token after the current + or *
// ends a line constituent, so that the + or * is a repetition (CQL's
// at_wildcard_terminator): the end, '}', ')', an arrow, or another
// repetition. Anything else makes it an operator (`7>=9+]` is an addition
// missing its right side).
func (p *parser) atWildcardTerminator() bool {
	l := p.lex
	t := l.next()
	switch t.kind {
	case tEOF, tRBrace, tRParen, tArrow, tBackArrow, tQuestion, tPlus, tStar:
		return true
	case tLBrace:
		u := l.next()
		if u.kind == tStar || u.kind == tPlus {
			return l.next().kind == tRBrace
		}
		for n := 0; n < 4; n++ {
			switch u.kind {
			case tRBrace:
				return n > 0
			case tNumber, tComma:
			default:
				return false
			}
			u = l.next()
		}
	}
	return false
}
