package filter

import (
	"github.com/cqlgo/cql/query"
)

// CQL 6.2's while, its regex iterator, and the standalone primary and
// secondary (query/parse_flow.go; `try` is expanded by the parser).

// whileNode is `while (test) body`: body runs while test matches at the
// current position (CQL's WhileNode). It always matches. A test that still
// matches after loopLimit rounds stops the run with an error, as loop does:
// nothing but body's variables can make it fail, so it would never end.
type whileNode struct {
	test, body node
	at         query.Pos
}

func (n *whileNode) match(e *Evaluator) bool {
	for i := 0; i < loopLimit; i++ {
		if !n.test.match(e) {
			return true
		}
		n.body.match(e)
		if e.err != nil {
			return false
		}
	}
	e.fail(n.at, "while: the test still matched after %d rounds", loopLimit)
	return false
}

// whileMatchNode is `while (x ~~ "re") body`: body runs once per match of
// re in x, left to right, with \N and \-N naming that match (CQL's
// StringIteratorNode). It matches when x has a value.
type whileMatchNode struct {
	m    *matchNode
	body node
}

func (n *whileMatchNode) match(e *Evaluator) bool {
	s, ok := "", false
	for _, x := range n.m.x {
		if s, ok = x.str(e); ok {
			break
		}
	}
	if !ok {
		return false
	}
	re, ok := n.m.regexp(e)
	if !ok {
		return false
	}
	e.capTarget, e.capLoc, e.capRe = s, nil, re
	for _, loc := range re.FindAllStringSubmatchIndex(s, -1) {
		e.capTarget, e.capLoc = s, loc
		n.body.match(e)
		if e.err != nil {
			return false
		}
	}
	return true
}

// pastMoveNode is the standalone primary or secondary: whether the move
// that led to the current position is its parent's first move (CQL's
// PastMoveNode: index 0 is primary). False at the initial position.
type pastMoveNode struct{ secondary bool }

func (n pastMoveNode) match(e *Evaluator) bool {
	p := e.g.Nodes[e.cur].Parent
	if p < 0 {
		return false
	}
	return (e.g.Nodes[p].FirstChild == e.cur) != n.secondary
}

func (c *compiler) while(n *query.While) (node, error) {
	body, err := c.compile(n.Body)
	if err != nil {
		return nil, err
	}
	test, err := c.compile(n.Test)
	if err != nil {
		return nil, err
	}
	if n.Iterate {
		if m, ok := test.(*matchNode); ok {
			return &whileMatchNode{m: m, body: body}, nil
		}
	}
	return &whileNode{test: test, body: body, at: n.Pos()}, nil
}
