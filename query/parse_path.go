package query

import "slices"

// CQL 6.2's path filter (`path` or ⊢): parameters, then constituents. A
// constituent is a move step (F--G or F×G, optionally with =P and a target
// filter in parentheses) that consumes one move of the game tree, a
// parenthesised group of constituents (CQL's path has no alternatives: a |
// between constituents is its error), or any other filter, evaluated at the tail of the last move (the start position before
// the first). Any constituent may be followed by a repetition: * + ? {n}
// {n m} {n,} {n,m} {*} {+}. The parameters are those CQL's own parser
// (build 9.493, path-parse.cpp) accepts: quiet firstmatch lastposition
// primary focus [capture] S, singlecolor, max N, title "T", keepallbest,
// verbose, piecepath (only with focus), nestban, and a range; primary with
// focus is CQL's error too ("legal but not implemented").

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
	// SingleColor focuses the pieces of the side to move at the start (CQL
	// makes it the focus `if wtm A else a`); it excludes Focus.
	SingleColor bool
	// Max: the best path is the one where Max, evaluated at its end, is
	// largest (a path where it has no value does not count), and the
	// path's value is that maximum.
	Max Node
	// Range: the value (the best path's move count, or its Max) must be in it.
	Range *Range
	// Title is written as a comment at the start; Verbose comments each
	// counted move of the best path "move i of n"; PiecePath writes the
	// moves of each focused piece at the start; KeepAllBest keeps (and
	// comments) every path as good as the best; NestBan makes the path fail
	// at positions inside an earlier matching path of the game.
	Title                                    string
	Verbose, PiecePath, KeepAllBest, NestBan bool
	Elems                                    []LineElem // as a line's: X a constituent, or Alts a group
}

// Type is a number, or a position with lastposition.
func (p *Path) Type() Type {
	if p.LastPosition {
		return TypePosition
	}
	return TypeNumber
}
func (*Path) node() {}

// parsePath parses a path filter; the current token is `path` or ⊢. Its
// constituents run to the end of the enclosing block, parentheses or input,
// or to a blank line outside brackets opened in the path.
func (p *parser) parsePath() Node {
	pos := p.tok.pos
	p.next()
	n := &Path{At: At{pos}}
	p.parsePathParams(n)
	p.enter()
	defer p.leave()
	// A blank line ends the path when no bracket opened inside it is still
	// open (CQL's lexer-cleanup.cpp turns it into an end-of-path token).
	outer, outerBraces, outerIn := p.pathOpen, p.pathBraces, p.inPath
	p.pathOpen, p.pathBraces, p.inPath = p.open, p.braces, true
	defer func() { p.pathOpen, p.pathBraces, p.inPath = outer, outerBraces, outerIn }()
	alts := p.parsePathAlts(pos, true)
	if len(alts) == 1 {
		n.Elems = alts[0]
	} else {
		n.Elems = []LineElem{{Alts: alts, Min: 1, Max: 1}}
	}
	return n
}

func (p *parser) parsePathParams(n *Path) {
	seen := map[string]bool{}
	for p.tok.kind == tIdent || p.startsBound() && n.Range == nil {
		if n.Range == nil && p.startsBound() {
			r := p.parseVarRange("path")
			n.Range = &r
			continue
		}
		word, at := p.tok.text, p.tok.pos
		switch word {
		case "quiet", "firstmatch", "lastposition", "primary", "singlecolor", "keepallbest", "verbose", "piecepath", "nestban", "focus", "max", "title":
			if seen[word] {
				p.errorf(at, "'%s' given twice in path", word)
			}
			seen[word] = true
		case "secondary":
			p.errorf(at, "'secondary' is not a path parameter (CQL: the 'secondary' keyword is not supported with 'path')")
		case "titlecase":
			p.errorf(at, "'titlecase' is not a path parameter (CQL 6.2's path takes title \"text\")")
		default:
			p.checkPathParams(n)
			return
		}
		p.next()
		switch word {
		case "quiet":
			n.Quiet = true
		case "firstmatch":
			n.FirstMatch = true
		case "lastposition":
			n.LastPosition = true
		case "primary":
			n.Primary = true
		case "singlecolor":
			n.SingleColor = true
		case "keepallbest":
			n.KeepAllBest = true
		case "verbose":
			n.Verbose = true
		case "piecepath":
			n.PiecePath = true
		case "nestban":
			n.NestBan = true
		case "focus":
			if p.isKw("capture") {
				n.FocusCapture = true
				p.next()
			}
			n.Focus = p.parseSet()
		case "max":
			// CQL reads a whole filter (match_node): `max pathcountunfocused≥5`.
			start := p.state()
			n.Max = p.parseArg()
			if p.binaryOperatorFollows() || p.tok.kind == tBar {
				p.restore(start)
				n.Max = p.parseFilter()
			}
		case "title":
			if p.tok.kind != tString || p.tok.text == "" {
				p.errorf(p.tok.pos, "'title' in a path needs a non-empty quoted string")
			}
			n.Title = p.tok.text
			p.next()
		}
		if n.SingleColor && n.Focus != nil {
			p.errorf(at, "'singlecolor' and 'focus' cannot both be path parameters (singlecolor is a focus on the side to move's pieces)")
		}
	}
	p.checkPathParams(n)
}

// checkPathParams refuses the combinations CQL refuses.
func (p *parser) checkPathParams(n *Path) {
	if n.PiecePath && n.Focus == nil && !n.SingleColor {
		p.errorf(n.Pos(), "'piecepath' in a path needs 'focus' (it comments the moves of the focused pieces)")
	}
	if n.Primary && (n.Focus != nil || n.SingleColor) {
		p.errorf(n.Pos(), "'primary' with 'focus' in one path is not implemented (as in CQL); use the constituent pathstart:depth == depth instead")
	}
}

// parsePathAlts parses the constituents up to a closing brace or
// parenthesis or the end of input (top: the path's own constituents, not a
// group's), as the one alternative of a group. CQL's path has no
// alternatives: path-parse.cpp ends the constituents at a '|' that no
// filter read as a union, and then refuses it ("Extra text following the
// filters", or in a group "expected ')'").
func (p *parser) parsePathAlts(pos Pos, top bool) [][]LineElem {
	seq := p.parsePathSeq()
	if p.tok.kind == tBar {
		p.errorf(p.tok.pos, "'|' cannot separate path constituents: CQL's path has no alternatives (CQL refuses this '|'); join separate paths with or, or write a set union inside one filter, like --(R | Q)")
	}
	if len(seq) == 0 {
		if top {
			p.errorf(pos, "'path' needs at least one constituent")
		}
		p.errorf(p.tok.pos, "empty parentheses in a path (a group needs a constituent)")
	}
	return [][]LineElem{seq}
}

// parsePathSeq parses constituents, each with its repetition, up to | or a
// closing bracket. As in CQL's parser (path-parse.cpp), the filters after a
// move step are its targets, evaluated after the move: `-- check +` is
// (--(check))+, one or more checking moves; and a repetition applies only to
// a move step or a parenthesised group, so CQL refuses `path k +`.
func (p *parser) parsePathSeq() []LineElem {
	var seq []LineElem
	var pending Node // a move step read while looking for the previous step's targets
	for pending != nil || p.tok.kind != tRBrace && p.tok.kind != tRParen && p.tok.kind != tBar && p.tok.kind != tEOF {
		if pending == nil && (p.pathEndsHere() || p.operatorEndsPath() || p.freshNameEndsPath()) {
			break
		}
		var e LineElem
		switch {
		case pending != nil:
			e.X, pending = pending, nil
		case p.tok.kind == tStar || p.tok.kind == tPlus || p.tok.kind == tQuestion:
			p.errorf(p.tok.pos, "a repetition ('%s') must follow a path constituent", p.tok.describe())
		case p.tok.kind == tLParen && afterStep(seq):
			e.Alts = p.parseParenAfterStep()
		case p.tok.kind == tLParen:
			open := p.tok.pos
			p.next()
			e.Alts = p.parsePathAlts(open, false)
			p.expect(tRParen, " to close the group of path constituents")
		default:
			e.X = p.parsePathConstituent()
		}
		if d, ok := e.X.(*Dash); ok {
			pending = p.parseStepTargets(d)
		}
		e.Min, e.Max = 1, 1
		if pending == nil {
			p.parseRepetition(&e, true)
			if e.X != nil && (e.Min != 1 || e.Max != 1) {
				if _, ok := e.X.(*Dash); !ok {
					p.errorf(e.X.Pos(), "a repetition in a path applies to a move step (like -- or R×) or a parenthesised group of constituents, not to a filter (CQL's path-parse.cpp); write the filter as the target of a move step, e.g. --(check)+")
				}
			}
		}
		seq = append(seq, e)
	}
	return seq
}

// parseStepTargets reads the filters after the move step d, up to the next
// move step, group, repetition, | or closing bracket, and adds them to d's
// target. It returns the next move step when reading one ended the targets.
func (p *parser) parseStepTargets(d *Dash) (next Node) {
	var targets []Node
	if d.Target != nil {
		if n, ok := d.Target.(*NumberLit); ok {
			p.pathConstituent(n) // --(3), as CQL refuses it (--(v) of a number variable it runs)
		}
		targets = append(targets, p.continueTarget(d.Target))
	}
	for !p.stepTargetsEnd() {
		if p.tok.kind == tLParen {
			// A target in parentheses, like every target: `-- (R)+` repeats
			// the step with it, as CQL reads it. A move step in them is no
			// target but a group (CQL's match_holdercon gives way to
			// match_chaincon): `-- (--)` is two steps.
			start := p.state()
			x := p.parseParenAfterStep()[0][0].X
			if _, step := x.(*Dash); step {
				p.restore(start)
				break
			}
			p.pathConstituent(x)
			targets = append(targets, x)
			continue
		}
		x := p.parsePathConstituent()
		if _, ok := x.(*Dash); ok {
			p.spacedParenAfterStep()
			if !p.isKw("and") && !p.isKw("or") {
				next = x
				break
			}
			// CQL reads a target as a whole filter (match_node): a move
			// filter with and or or after it is one, `-- -- and ply > 4` is
			// one move step whose target is (-- and ply > 4).
			x = p.continueTarget(x)
		}
		targets = append(targets, x)
	}
	switch len(targets) {
	case 0:
	case 1:
		d.Target = targets[0]
	default:
		d.Target = &Block{At: At{targets[0].Pos()}, Filters: targets}
	}
	return next
}

// spacedParenAfterStep refuses a '(' after a space right after a move step
// read among the targets of the step before it: CQL tries the step first
// as a target filter (match_holdercon reads a move filter, whose '(' must
// touch it), and stops there.
func (p *parser) spacedParenAfterStep() {
	if p.tok.kind == tLParen && !p.touching() {
		p.errorf(p.tok.pos, "'(' after a space right after a move step that follows another: CQL tries the step as a target of the one before and refuses the space (\"There must be no whitespace between the '--' filter and the '('\"); write --(target), or braces")
	}
}

// stepTargetsEnd reports whether the current token ends a move step's
// targets: a closing bracket, |, a repetition, or the blank line that ends
// the path. (Another step ends them too, unless and or or follows
// it: parseStepTargets reads it.)
func (p *parser) stepTargetsEnd() bool {
	switch p.tok.kind {
	case tRBrace, tRParen, tBar, tEOF, tStar, tPlus, tQuestion:
		return true
	case tLBrace:
		if p.braceIsRepetition() {
			return true
		}
	}
	return p.pathEndsHere() || p.operatorEndsPath() || p.freshNameEndsPath()
}

// freshNameEndsPath reports whether the current token is the name of a
// variable whose first assignment the path is the value of: CQL parses an
// assignment's value before the variable exists (assignment-parse.cpp), so
// the unknown name is no constituent and the path ends there; `x = path
// --(check)+ x >= 3` is the assignment and then x >= 3.
func (p *parser) freshNameEndsPath() bool {
	if p.tok.kind != tIdent || !slices.Contains(p.fresh, p.tok.text) {
		return false
	}
	_, assign := assignOps[p.peek().kind]
	return !assign
}

// operatorEndsPath reports whether the current token is a binary operator
// that no constituent read: as in CQL (path-parse.cpp, whose constituents
// are whole filters or move steps), it cannot start one, so the path ends
// there and is its left operand: `path -- -- == 2` compares the path's
// value, `path -- or mate` is (path --) or mate.
func (p *parser) operatorEndsPath() bool {
	// a minus there starts a negative number (a range bound or a filter)
	return p.tok.kind != tMinus && p.binaryOperatorFollows()
}

// pathEndsHere reports whether a blank line before the current token ends
// the innermost path: no bracket opened inside it is open.
func (p *parser) pathEndsHere() bool { return p.tok.blank && p.open == p.pathOpen }

// parsePathConstituent parses one constituent: a move step, or a whole
// filter (CQL's match_holdercon), in which `*` and `+` are not arithmetic
// but the path's repetitions.
func (p *parser) parsePathConstituent() Node {
	start := p.state()
	save := p.pathStep
	p.pathStep = true
	x := p.parseArg()
	p.pathStep = save
	defer func() { p.pathConstituent(x) }()
	if _, step := x.(*Dash); step || plainlyLogical(x) && (p.typedOperatorFollows() || p.tok.kind == tBar) {
		// CQL reads a move step without operators after it (match_dashcon),
		// and takes a comparison or set operator only after a filter with a
		// value (toplevel.cpp): `path -- check == 1` compares the path.
		return x
	}
	if p.binaryOperatorFollows() || p.tok.kind == tBar {
		// A filter constituent is a whole filter in CQL (match_holdercon reads
		// match_node): `T1→♚`, `source∩∙==▦`, `check or mate`, `R | Q`. Read it
		// again as one; if it turns out to be a move filter (`x&R--e4`), it is
		// a move step, as in CQL.
		x = p.reparseFilter(start)
	}
	return x
}

// prefixBeforeStep returns the prefix set filter x (~, light, dark, a
// direction) whose argument *arg was just read. In a path step the move
// binds at the primary, so the argument of `light P--` came out as the move
// P--; CQL reads the prefix filter's set before a tied -- whole
// (match_dash_tie_x), as for ~: the step is (light P)--, the move of a pawn
// on a light square (CQL 9.493 on its 253-game sample.pgn: path light P-- -- 142 games,
// path up P-- -- 164, path dark N-- -- 76, which cql refused).
func (p *parser) prefixBeforeStep(x Node, arg *Node) Node {
	d, ok := (*arg).(*Dash)
	if !ok || !p.pathStep || d.From == nil {
		return x
	}
	*arg = d.From
	d.From = x
	d.At = At{x.Pos()}
	return d
}

// reparseFilter goes back to start and reads one whole filter from there,
// as CQL's match_node does for a path constituent or target that an
// operator continues; a | in it is a set union, not a group's alternative.
func (p *parser) reparseFilter(start parserState) Node {
	p.restore(start)
	saveGroup := p.inGroup
	p.inGroup = false
	x := p.parseFilter()
	p.inGroup = saveGroup
	return x
}

// binaryOperatorFollows reports whether the current token continues a filter
// as a binary operator (other than | and the path repetitions * and +).
func (p *parser) binaryOperatorFollows() bool {
	switch p.tok.kind {
	case tAmp, tMinus, tSlash, tPercent, tMatch, tColon, tElement, tEq, tNe, tLt, tLe, tGt, tGe, tTreeOp:
		return true
	case tIdent:
		switch p.tok.text {
		case "and", "or", "in", "attacks", "attackedby":
			return true
		}
	}
	return false
}

// continueTarget reads the operators that continue x, a parenthesised
// target of a move step, into one filter, as CQL's match_node does after
// the parentheses: & and | and a comparison when x has a value, then and,
// or.
// `-- (check) and mate` is -- (check and mate); `-- (#R == 2) == 1` compares
// the value of #R == 2 (#R) with 1.
func (p *parser) continueTarget(x Node) Node {
	save, saveGroup := p.pathStep, p.inGroup
	p.pathStep, p.inGroup = false, false
	defer func() { p.pathStep, p.inGroup = save, saveGroup }()
	if !plainlyLogical(x) {
		// Set operators first: `--(R)|(Q) == 3` counts the union.
		for p.tok.kind == tAmp {
			pos := p.tok.pos
			p.next()
			x = &Binary{At: At{pos}, Op: OpInter, X: x, Y: p.parseAttacks()}
		}
		for p.tok.kind == tBar {
			pos := p.tok.pos
			p.next()
			x = &Binary{At: At{pos}, Op: OpUnion, X: x, Y: p.parseInter()}
		}
	}
	if op, ok := compareOps[p.tok.kind]; ok && !plainlyLogical(x) {
		c := &Compare{At: At{x.Pos()}, Operands: []Node{x}}
		for ok {
			p.next()
			c.Links = append(c.Links, CompareLink{Op: op})
			c.Operands = append(c.Operands, p.parseAdd())
			op, ok = compareOps[p.tok.kind]
		}
		x = c
	}
	for {
		pos := p.tok.pos
		switch {
		case p.isKw("and"):
			p.next()
			x = &Binary{At: At{pos}, Op: OpAnd, X: x, Y: p.parseNot()}
		case p.isKw("or"):
			p.next()
			x = &Binary{At: At{pos}, Op: OpOr, X: x, Y: p.parseAnd()}
		default:
			return x
		}
	}
}

// typedOperatorFollows reports whether the current token is a binary
// operator that CQL applies only to a filter with a value (all but and, or).
func (p *parser) typedOperatorFollows() bool {
	return p.binaryOperatorFollows() && !p.isKw("and") && !p.isKw("or")
}

// plainlyLogical reports whether x is plainly a filter without a value: a
// move filter, a logical keyword like check, or not.
func plainlyLogical(x Node) bool {
	switch x := x.(type) {
	case *Dash, *PastMove:
		return true
	case *Keyword:
		return x.T == TypeNone
	case *Unary:
		return x.Op == OpNot
	case *Move:
		return x.Value == MoveValueNone
	}
	return false
}

// afterStep reports whether the last constituent of seq is a move step
// without a repetition, whose targets a '(' continues in CQL.
func afterStep(seq []LineElem) bool {
	if len(seq) == 0 {
		return false
	}
	last := seq[len(seq)-1]
	_, step := last.X.(*Dash)
	return step && last.Min == 1 && last.Max == 1
}

// parseParenAfterStep parses a '(' that follows a move step's targets. CQL
// reads it as one more target in parentheses (match_parens: exactly one
// filter; a move filter there is read without targets), so `path -- (-- --)`
// and `path -- (check mate)` are its errors. We keep it a one-constituent
// group, which has the same matches; `(a | b)` is the union of sets, as in
// CQL, and the operators after the parentheses continue the filter.
func (p *parser) parseParenAfterStep() [][]LineElem {
	start := p.state()
	p.next()
	if p.tok.kind == tRParen {
		p.errorf(p.tok.pos, "empty parentheses in a path")
	}
	x := p.parsePathConstituent()
	switch p.tok.kind {
	case tRParen:
		p.next()
		if !plainlyLogical(x) && (p.typedOperatorFollows() || p.tok.kind == tBar) {
			// CQL's match_node goes on after the parentheses: `-- (P→k)|k`
			// is the union, `-- (#R == 2) == 1` a comparison.
			x = p.reparseFilter(start)
			return [][]LineElem{{{X: x, Min: 1, Max: 1}}}
		}
		return [][]LineElem{{{X: p.continueTarget(x), Min: 1, Max: 1}}}
	case tBar:
		if notSetConstituent(x) {
			break // CQL: | after a move filter or a logical keyword ends the one filter
		}
		// CQL reads (a | b) as the union of sets, and the operators after
		// it with it: `-- (Q | R) == 1` compares the union's size.
		x = p.reparseFilter(start)
		return [][]LineElem{{{X: x, Min: 1, Max: 1}}}
	}
	p.errorf(p.tok.pos, "in a path, parentheses after a move step hold exactly one filter (CQL reads them as a target of the step); write the constituents without the parentheses, or the filters in braces: ({check mate})")
	return nil
}

// notSetConstituent reports whether x is plainly no set (a move step or a
// logical keyword like check), so that a | after it cannot make a union.
func notSetConstituent(x Node) bool {
	switch x := x.(type) {
	case *Dash:
		return true
	case *Keyword:
		return x.T == TypeNone
	}
	return false
}
