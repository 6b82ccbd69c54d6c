package filter

import "github.com/cqlgo/cql/query"

// lineElem is one element of a line pattern: a filter, or a group of
// alternatives, repeated min..max times (max < 0: unbounded).
type lineElem struct {
	f        node
	alts     [][]lineElem
	min, max int
}

// lineCont is a pending continuation of the matcher: after the current
// group instance, go on matching elems, whose first element has matched k
// times so far.
type lineCont struct {
	elems []lineElem
	k     int
}

// lineNode is `line --> f --> g ...` (or `<--`): a regular expression over
// the successive positions from the current one, forward along the game
// (every child when variations are searched) or backward to the start. It
// matches when the pattern matches a run of positions starting here; its
// value is the length of the longest such run.
type lineNode struct {
	back  bool
	elems []lineElem
}

// lineBudget bounds the work of one line evaluation, so that patterns with
// nested repetitions cannot explode on long games.
const lineBudget = 1 << 16

func (n *lineNode) num(e *Evaluator) (int, bool) {
	save := e.cur
	e.lineStack = e.lineStack[:0]
	e.lineSteps = 0
	best := n.run(e, n.elems, 0, save, 0)
	e.at(save)
	return best, best >= 0
}

func (n *lineNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// run returns the number of positions consumed by the longest match of
// elems (the first having matched k times) followed by the continuations
// e.lineStack[:stk], starting at node i (-1: past the end of the game), or
// -1 when there is none.
func (n *lineNode) run(e *Evaluator, elems []lineElem, k int, i int32, stk int) int {
	e.lineSteps++
	if e.lineSteps > lineBudget {
		return -1
	}
	if len(elems) == 0 {
		if stk == 0 {
			return 0
		}
		// Pop the continuation; put it back afterwards, because deeper
		// calls reuse the slots at and above the new top.
		c := e.lineStack[stk-1]
		r := n.run(e, c.elems, c.k, i, stk-1)
		e.lineStack[stk-1] = c
		return r
	}
	el := &elems[0]
	best := -1
	if el.max < 0 || k < el.max {
		if el.f != nil {
			if i >= 0 {
				e.at(i)
				if el.f.match(e) {
					if r := n.next(e, elems, k+1, i, stk); r >= 0 && r+1 > best {
						best = r + 1
					}
				}
			}
		} else if stk < 4*len(e.g.Nodes)+64 { // a group instance: alternatives, then this element again
			if stk == len(e.lineStack) {
				e.lineStack = append(e.lineStack, lineCont{})
			}
			e.lineStack[stk] = lineCont{elems: elems, k: k + 1}
			for _, alt := range el.alts {
				if r := n.run(e, alt, 0, i, stk+1); r > best {
					best = r
				}
			}
		}
	}
	if k >= el.min {
		if r := n.run(e, elems[1:], 0, i, stk); r > best {
			best = r
		}
	}
	return best
}

// next continues after node i matched: at each following node (the parent,
// for <--; -1 when there is none).
func (n *lineNode) next(e *Evaluator, elems []lineElem, k int, i int32, stk int) int {
	nodes := e.g.Nodes
	if n.back {
		return n.run(e, elems, k, nodes[i].Parent, stk)
	}
	best, any := -1, false
	for c := nodes[i].FirstChild; c >= 0; c = nodes[c].NextSibling {
		if nodes[c].Variation && !e.q.variations {
			continue
		}
		any = true
		if r := n.run(e, elems, k, c, stk); r > best {
			best = r
		}
	}
	if !any {
		return n.run(e, elems, k, -1, stk)
	}
	return best
}

func (c *compiler) line(n *query.Line) (node, error) {
	elems, err := c.lineElems(n.Elems)
	if err != nil {
		return nil, err
	}
	return &lineNode{back: n.Backward, elems: elems}, nil
}

func (c *compiler) lineElems(in []query.LineElem) ([]lineElem, error) {
	out := make([]lineElem, len(in))
	for i, le := range in {
		out[i].min, out[i].max = le.Min, le.Max
		if le.X != nil {
			x, err := c.compile(le.X)
			if err != nil {
				return nil, err
			}
			out[i].f = x
			continue
		}
		for _, alt := range le.Alts {
			a, err := c.lineElems(alt)
			if err != nil {
				return nil, err
			}
			out[i].alts = append(out[i].alts, a)
		}
	}
	return out, nil
}
