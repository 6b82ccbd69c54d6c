package filter

import "github.com/cqlgo/cql/pgn"

// A guard is a condition on the position that every match of a query needs, found when the
// query is compiled: the program's body starts with check or mate (as the mate patterns of
// the theme library do), so no position whose side to move is not in check can match, and
// nothing of the query runs there (the body fails at its first filter, before any side
// effect). Evaluator.Game skips such positions without evaluating the body; whether a
// position is in check is found once per position in a Checks, which the evaluators of
// several queries evaluated on one game may share (a tag pass).

// needsCheck reports whether n can only match a position in check, failing at once there
// without side effects: check, mate, or a sequence whose first filter is one of them.
func needsCheck(n node) bool {
	switch n := n.(type) {
	case checkNode, mateNode:
		return true
	case *seqNode:
		return len(n.items) > 0 && needsCheck(n.items[0])
	case *seqSet:
		return len(n.items) > 0 && needsCheck(n.items[0])
	case *seqNum:
		return len(n.items) > 0 && needsCheck(n.items[0])
	case *seqPos:
		return len(n.items) > 0 && needsCheck(n.items[0])
	}
	return false
}

// NeedsCheck reports whether the query matches only positions whose side to move is in
// check (its body starts with check or mate): Evaluator.Game evaluates it only there.
func (q *Query) NeedsCheck() bool { return q.needCheck }

// Checks records which positions of one game are in check, all found when first asked.
// The evaluators of several queries on the same game may share one (Evaluator.ShareChecks),
// which their runner resets before each game; used by one goroutine at a time.
type Checks struct {
	g    *pgn.Game
	in   []uint64 // a bit per node of g
	main []int32  // the main-line nodes in check, in order
}

// Reset forgets the game: the next one is another.
func (c *Checks) Reset() { c.g = nil }

// of finds the positions of g in check, once per game.
func (c *Checks) of(g *pgn.Game) {
	if c.g == g {
		return
	}
	c.g = g
	n := (len(g.Nodes) + 63) / 64
	if cap(c.in) < n {
		c.in = make([]uint64, n)
	}
	c.in = c.in[:n]
	clear(c.in)
	c.main = c.main[:0]
	for i := range g.Nodes {
		if g.Nodes[i].Pos.InCheck() {
			c.in[i>>6] |= 1 << (i & 63)
			if !g.Nodes[i].Variation {
				c.main = append(c.main, int32(i))
			}
		}
	}
}

// inCheck reports whether node i of g has its side to move in check.
func (c *Checks) inCheck(g *pgn.Game, i int32) bool {
	c.of(g)
	return c.in[i>>6]&(1<<(i&63)) != 0
}

// mainLine returns the main-line nodes of g in check, in order.
func (c *Checks) mainLine(g *pgn.Game) []int32 {
	c.of(g)
	return c.main
}

// ShareChecks makes e use c, shared with other evaluators of the same games, for the
// positions in check; the caller resets c before each game it evaluates.
func (e *Evaluator) ShareChecks(c *Checks) {
	e.checks, e.sharedChecks = c, true
}
