package query

// CQL 6.2's flow filters: `while (test) body`, `try`, and the standalone
// `primary` and `secondary`. Their meanings follow CQL 9.493's source:
// whilenode.cpp, stringiteratornode.cpp, node-parse.cpp (match_whilenode,
// match_try) and pastmovenode.cpp.

// While is `while (Test) Body`: at the current position, Body is evaluated
// as long as Test matches (only variables Body sets can make Test fail).
// When Test is a `~~` match written without extra parentheses, it is CQL's
// string iterator instead: Body is evaluated once per match of the regular
// expression in the target string, with \N and \-N naming that match; it
// matches when the target has a value. Otherwise it always matches.
// Logical.
type While struct {
	At
	Test    Node
	Body    Node
	Iterate bool // Test is a *Match: iterate over its matches
}

// Type is logical.
func (*While) Type() Type { return TypeNone }
func (*While) node()      {}

// PastMove is the standalone `primary` or `secondary`: the move that led to
// the current position is (primary) or is not (secondary) the first move
// from its parent position, CQL's PastMoveNode. False at the initial
// position. Logical.
type PastMove struct {
	At
	Secondary bool
}

// Type is logical.
func (*PastMove) Type() Type { return TypeNone }
func (*PastMove) node()      {}

// tryText is CQL's definition of `try` (node-parse.cpp, match_try): exactly
// one position from the start to here was reached by a secondary white move.
const tryText = "notransform 1 == find <-- quiet all {btm secondary}"

// parseFlowWord parses while, try, primary or secondary, or returns nil
// when the word is none of them.
func (p *parser) parseFlowWord(w string) Node {
	pos := p.tok.pos
	switch w {
	case "primary", "secondary":
		p.next()
		return &PastMove{At: At{pos}, Secondary: w == "secondary"}
	case "try":
		p.next()
		return p.parseTry(pos)
	case "while":
		p.next()
		if p.tok.kind != tLParen {
			p.fail("'(' after 'while' (CQL: while (test) body)")
		}
		p.next()
		// CQL iterates over a regex's matches only when the test is a bare
		// `x ~~ "re"`; parenthesising it again makes it an ordinary test.
		wrapped := p.tok.kind == tLParen || p.tok.kind == tLBrace
		saveLine, saveGroup := p.inLine, p.inGroup
		p.inLine, p.inGroup = false, false
		test := p.parseFilter()
		p.inLine, p.inGroup = saveLine, saveGroup
		p.expect(tRParen, " to close 'while ('")
		n := &While{At: At{pos}, Test: test}
		if _, ok := test.(*Match); ok && !wrapped {
			n.Iterate = true
		}
		n.Body = p.parseArg()
		return n
	}
	return nil
}

// parseTry expands `try` to CQL's definition. Every node of the expansion
// is placed at the position of the word try.
func (p *parser) parseTry(pos Pos) Node {
	sub := newParser(p.filename, []byte(tryText))
	x := sub.parseFilter()
	Inspect(x, func(n Node) bool {
		if a, ok := n.(interface{ setPos(Pos) }); ok {
			a.setPos(pos)
		}
		return true
	})
	return x
}

func (a *At) setPos(p Pos) { a.P = p }
