package query

// Parsing of the game-tree filters (parent, child, position, ancestor, ...),
// the `:` operator, echo and find.

// treeWords are the argument-less game-tree filters.
var treeWords = map[string]TreeKind{
	"parent": TreeParent, "initialposition": TreeInitialPosition, "positionid": TreePositionID,
	"depth": TreeDepth, "virtualmainline": TreeVirtualMainline,
	"pathstart": TreePathStart, "pathlastposition": TreePathLastPosition, "pathcount": TreePathCount,
	"pathcountunfocused": TreePathCountUnfocused,
}

// treePairs are the game-tree filters with two position arguments in parentheses.
var treePairs = map[string]TreeKind{
	"ancestor": TreeAncestor, "descendant": TreeDescendant, "lca": TreeLCA, "distance": TreeDistance,
}

// parseTreeWord parses a game-tree filter starting with the current word, or
// returns nil when the word is not one.
func (p *parser) parseTreeWord(w string) Node {
	pos := p.tok.pos
	if k, ok := treeWords[w]; ok {
		p.next()
		return &Tree{At: At{pos}, Kind: k}
	}
	if k, ok := treePairs[w]; ok {
		p.next()
		p.expect(tLParen, " after '"+w+"' (it takes two positions: "+w+"(x y))")
		t := &Tree{At: At{pos}, Kind: k}
		for p.tok.kind != tRParen {
			if len(t.Args) == 2 {
				p.fail("')' after the two positions of '" + w + "'")
			}
			t.Args = append(t.Args, p.parseFilter())
		}
		if len(t.Args) != 2 {
			p.errorf(p.tok.pos, "'%s' takes two positions, found %d", w, len(t.Args))
		}
		p.next()
		return t
	}
	switch w {
	case "child":
		p.next()
		t := &Tree{At: At{pos}, Kind: TreeChild}
		if p.tok.kind == tLParen {
			p.next()
			t.Args = []Node{p.parseFilter()}
			p.expect(tRParen, " after the child index")
		}
		return t
	case "position":
		p.next()
		// The id is a numeric expression (`position ply+1`); a `:` after it
		// belongs to the position filter (`position 0 : child`).
		return &Tree{At: At{pos}, Kind: TreePositionByID, Args: []Node{p.parseAdd()}}
	case "echo":
		return p.parseEcho()
	case "consecutivemoves":
		return p.parseConsecutiveMoves()
	}
	return nil
}

// parseEcho parses `echo [quiet] (s t) [in all] body`.
func (p *parser) parseEcho() Node {
	e := &Echo{At: At{p.tok.pos}}
	p.next()
	if p.isKw("quiet") {
		e.Quiet = true
		p.next()
	}
	p.expect(tLParen, " after 'echo'")
	e.SourceName = p.parseVarName("echo")
	e.TargetName = p.parseVarName("echo")
	if e.SourceName == e.TargetName {
		p.errorf(e.Pos(), "echo needs two different variable names, found '%s' twice", e.SourceName)
	}
	p.expect(tRParen, " after the echo variables")
	p.declared[e.SourceName] = true
	p.declared[e.TargetName] = true
	if p.isKw("in") && p.peek().kind == tIdent && p.peek().text == "all" {
		p.next()
		p.next()
		e.InAll = true
	}
	e.X = p.parseFilter()
	return e
}

// parseColon parses the `:` operator after the filter x. The right side of
// `:` is a unary filter (so `x:ply - y:ply` is a difference and
// `child:not check` works) and may itself contain `:`. Inside a string
// index (`s[i:j]`) the colon is the index's.
func (p *parser) parseColon(x Node) Node {
	if (p.tok.kind == tDash || p.tok.kind == tCross) && p.touching() && p.pathStep {
		// In a path step the move filter binds here (outside paths: parseDashLevel).
		switch x.(type) {
		case *PieceDesignator, *Var:
			x = p.parseDash(x, x.Pos()) // R--e4: the rook's move; S--e4 with S a set variable
		default:
			// any other set touching the dash is its from-set too, as in
			// CQL's match_dash_tie_x: isolatedpawns-- is a move of one
			if setAtParse(x) {
				x = p.parseDash(x, x.Pos())
			}
		}
	}
	// CQLi's speculative move: `move legal ... : F` (CQL has no position
	// in a move filter to take : after).
	if m, ok := x.(*Move); ok && p.tok.kind == tColon && (m.Select == MoveLegal || m.Select == MovePseudoLegal) && !(p.noColon && p.open == p.noColonOpen) {
		p.next()
		p.enter()
		defer p.leave()
		m.Target = p.parseUnary()
		return m
	}
	// In an index a ':' ends the number, but after a position it is the
	// colon filter, as in CQL's bracket range: "abcdef"[position 0 : 3]
	// is "d".
	if p.tok.kind != tColon || !mayBePosition(x) || p.noColon && p.open == p.noColonOpen && !positionAtParse(x) {
		return x
	}
	if _, step := x.(*Dash); step && p.pathStep {
		return x // CQL reads a path's move step without operators (match_dashcon)
	}
	pos := p.tok.pos
	p.next()
	p.enter()
	defer p.leave()
	return &Colon{At: At{pos}, Position: x, X: p.parseUnary()}
}

// setAtParse reports whether a node just parsed is sure to be a set
// before the checker: a set-valued geometry filter (isolatedpawns, light
// X, xray(...)), a direction, a complement or a set operation.
func setAtParse(x Node) bool {
	switch x := x.(type) {
	case *Geo:
		switch x.Kind {
		case GeoLight, GeoDark, GeoBetween, GeoRay, GeoXray, GeoPin, GeoPassedPawns, GeoDoubledPawns,
			GeoIsolatedPawns, GeoConnectedPawns, GeoPureMate, GeoModelMate, GeoIdealMate,
			GeoPureStalemate, GeoModelStalemate, GeoIdealStalemate:
			return true
		}
	case *Dir:
		return true
	case *Unary:
		return x.Op == OpComplement
	case *Binary:
		switch x.Op {
		case OpUnion, OpInter, OpAttacks, OpAttackedBy:
			return true
		}
	}
	return false
}

// positionAtParse reports whether a node just parsed is sure to be a
// position filter before the checker.
func positionAtParse(n Node) bool {
	switch n := n.(type) {
	case *Keyword:
		return n.Kind == KwCurrentPosition
	case *Tree:
		switch n.Kind {
		case TreeParent, TreeChild, TreeInitialPosition, TreePositionByID, TreeLCA, TreePathStart, TreePathLastPosition:
			return n.Op == ""
		}
	}
	return false
}

// mayBePosition reports whether a parsed primary could be a position filter,
// so that a `:` after a number literal or a plainly logical filter is left
// to the filter that owns it, as CQL reads : only after a position: `find
// check : mate` is (find check) : mate, `path lastposition --(check) : mate`
// ends the path at the :.
func mayBePosition(n Node) bool {
	switch n.(type) {
	case *NumberLit, *StringLit, *BoolLit, *PieceDesignator:
		return false
	case *Dash:
		return true // a position when its target is: (N--(currentposition)) : ply
	}
	return !plainlyLogical(n)
}

// treeCompareOps are CQL 6.2's position order operators; the ASCII
// spellings are [<] [<=] [>] [>=].
var treeCompareOps = map[string]TreeKind{
	"[<]": TreeAncestor, "[<=]": TreeAncestorEq, "[>]": TreeDescendant, "[>=]": TreeDescendantEq,
}

// parseTreeCompare parses `x ≺ y` and the other order operators on
// positions, at the level of the comparisons.
func (p *parser) treeCompare(x Node) Node {
	for p.tok.kind == tTreeOp {
		k := treeCompareOps[p.tok.text]
		pos, op := p.tok.pos, p.tok.raw
		p.next()
		x = &Tree{At: At{pos}, Kind: k, Args: []Node{x, p.parseAdd()}, Op: op}
	}
	return x
}

// parseLineParams parses the parameters and the optional length range
// between `line` and its first arrow.
func (p *parser) parseLineParams(ln *Line) {
	// CQL's sequence-parse.cpp takes the parameters and one range in any
	// order (line quiet 1 3 firstmatch --> check).
	for {
		if ln.Range == nil && p.startsBound() {
			r := p.parseVarRange("line")
			ln.Range = &r
			continue
		}
		if p.tok.kind != tIdent {
			return
		}
		switch p.tok.text {
		case "quiet":
			ln.Quiet = true
		case "firstmatch":
			ln.FirstMatch = true
		case "lastposition":
			ln.LastPosition = true
		case "primary", "secondary":
			if ln.Primary || ln.Secondary {
				p.errorf(p.tok.pos, "line takes one of primary and secondary, once")
			}
			ln.Primary, ln.Secondary = ln.Primary || p.tok.text == "primary", ln.Secondary || p.tok.text == "secondary"
		case "singlecolor":
			ln.SingleColor = true
		case "nestban":
			ln.NestBan = true
		default:
			return // the caller reports what it expected
		}
		p.next()
	}
}

// parseConsecutiveMoves parses `consecutivemoves [quiet] [range] (x y)`.
func (p *parser) parseConsecutiveMoves() Node {
	c := &ConsecutiveMoves{At: At{p.tok.pos}}
	p.next()
	for { // quiet and the range in either order (consecutivemoves 1 quiet (x y))
		switch {
		case p.isKw("quiet") && !c.Quiet:
			c.Quiet = true
			p.next()
			continue
		case c.Range == nil && p.startsBound():
			r := p.parseVarRange("consecutivemoves")
			c.Range = &r
			continue
		}
		break
	}
	p.expect(tLParen, " after 'consecutivemoves' (it takes two positions: consecutivemoves(x y))")
	// CQL's match_consecutivemovesnode takes two position variables, not
	// filters: consecutivemoves(position 1 position 2) is its error.
	c.X = p.positionVariable()
	c.Y = p.positionVariable()
	p.expect(tRParen, " after the two positions of 'consecutivemoves'")
	return c
}

// positionVariable parses an argument of consecutivemoves: a variable name
// (the checker requires a position variable).
func (p *parser) positionVariable() Node {
	if p.tok.kind != tIdent || keywords[p.tok.text] || p.isCall(p.tok.text) {
		p.errorf(p.tok.pos, "consecutivemoves takes two position variables, like x = position 8 y = currentposition consecutivemoves(x y); found %s (CQL refuses other filters here)", p.tok.describe())
	}
	return p.parseFilter()
}
