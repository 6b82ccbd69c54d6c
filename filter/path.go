package filter

import "github.com/cqlgo/cql/query"

// pathNode is the implemented subset of CQL 6.2's path filter: constituents
// in order, a move step consuming one visited move from the current tail, any
// other filter evaluated at the tail. Matching is a depth-first search over
// the game tree below the start position; it ends because every move step
// goes one position deeper and the tree is finite.
type pathNode struct {
	steps []node
	moves []*dashNode // moves[i] != nil: steps[i] is a move step
}

func (n *pathNode) match(e *Evaluator) bool {
	start := e.cur
	ok := n.from(e, 0)
	e.at(start)
	return ok
}

// from reports whether steps[i:] match a path starting at the current
// position; it may leave the evaluator at another position.
func (n *pathNode) from(e *Evaluator, i int) bool {
	if i == len(n.steps) {
		return true
	}
	d := n.moves[i]
	if d == nil {
		return n.steps[i].match(e) && n.from(e, i+1)
	}
	head := e.cur
	fromSet, toSet := d.sets(e)
	for c := e.g.Nodes[head].FirstChild; c >= 0; c = e.g.Nodes[c].NextSibling {
		if !e.visible(c) || !d.fits(e, c, fromSet, toSet) {
			continue
		}
		e.at(c)
		if n.from(e, i+1) {
			return true
		}
		e.at(head)
	}
	return false
}

func (c *compiler) path(p *query.Path) (node, error) {
	n := &pathNode{steps: make([]node, len(p.Steps)), moves: make([]*dashNode, len(p.Steps))}
	for i, s := range p.Steps {
		x, err := c.compile(s)
		if err != nil {
			return nil, err
		}
		n.steps[i] = x
		if _, ok := s.(*query.Dash); ok {
			n.moves[i] = x.(*dashNode)
		}
	}
	return n, nil
}
