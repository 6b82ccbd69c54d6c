package filter

import (
	"strconv"

	"github.com/cqlgo/cql/query"
)

// lineElem is one element of a line or path pattern: a filter, or a group of
// alternatives, repeated min..max times (max < 0: unbounded).
type lineElem struct {
	f        node
	lin      *lineLinear // f has move filters: match it once per move out (forward lines)
	move     *dashNode   // in a path: f is this move step
	alts     [][]lineElem
	min, max int
}

// lineLinear is shared by the move filters of a line constituent. CQL
// linearizes a forward line's constituent that has move filters (not
// inside a nested line, path, find, echo or ':'; linearize.cpp
// computeLinearize): for each move out of the position it matches the
// constituent with those filters seeing that move only, and when it
// matches goes on at that move's child alone.
//
// The child the move filters look at is the evaluator's (Evaluator.linChild,
// by slot): a compiled query is shared by the workers of a run.
type lineLinear struct {
	slot int  // index into Evaluator.linChild
	used bool // some move filter was compiled with it
}

// lineCont is a pending continuation of the matcher: after the current
// group instance, go on matching elems, whose first element has matched k
// times so far. start is the node where the group instance began.
type lineCont struct {
	elems []lineElem
	k     int
	start int32
}

// lineNode is `line --> f --> g ...` (or `<--`): a regular expression over
// the successive positions from the current one, forward along the game
// (every visited child; only primary moves with primary) or backward to the
// start. It matches when the pattern matches a run of positions starting
// here (of a length in rng, if given); its value is the length of the
// longest such run (the first found with firstmatch), or with lastposition
// the last position of that run.
type lineNode struct {
	back, primary, firstMatch bool
	secondary                 bool // only moves that start a variation
	singleColor               bool // every other position: those with the first's side to move
	nest                      int  // nestban: the evaluator's nest slot; -1: none
	comments                  bool // write CQL's automatic line comments (path_comments.go)
	// memo: no constituent has an effect a later one could see (an
	// assignment, a nestban, ...), so results may be memoized.
	memo bool
	// quick: the first constituent is a plain filter needed at least once and without
	// effects or comments (contextFree), so the line fails where it fails at the first
	// position, which is tested before the matcher is set up (firstFails)
	quick bool
	// step: with quick, the first constituent is a move filter alone that sees the
	// line's one move (moveNode.quick and lin), tested by moveNode.one
	step  *moveNode
	at    query.Pos
	rng   rangeBounds
	elems []lineElem
}

// lineBudget bounds the work of one line or path evaluation, so that
// patterns with nested repetitions cannot explode on long games. A
// repetition of a group never repeats an instance that matched no position,
// so a pattern that can match the empty sequence ({*} of an optional step)
// still ends; the budget is the backstop for patterns whose number of ways
// to match explodes. CQL has none, so a search stopped there is a runtime
// error, not an answer.
const lineBudget = 1 << 22

// lineMemoFrom is the number of steps after which a line evaluation starts
// to memoize (lineMemoKey): most evaluations end long before, and pay no
// map look-ups.
const lineMemoFrom = 1 << 10

// lineMemoKey is a state of the line matcher with no group continuation
// pending: the rest of the pattern (elems, its first element matched k
// times), the node i and the last position matched. Matching from a state
// gives the same result however the state was reached when the
// constituents cannot see what the match did before (lineNode.memo), so a
// search that reaches it again takes the result: `true* --> Q*` over n
// positions is then n² steps shorter than backtracking (CQL's), which took
// more than 65,536 steps on a game of 256 positions.
type lineMemoKey struct {
	el      *lineElem
	n, k    int32
	i, last int32
}

type lineMemoVal struct{ r, l int32 }

// eval runs the matcher from the current position: the length of the best
// match and its last position (-1 when the match is empty).
//
// With nestban (CQL's sequencebase.cpp) a line fails at the positions of an
// earlier match in the game, and a match bans its positions (with
// singlecolor those with the first position's side to move).
func (n *lineNode) eval(e *Evaluator) (int, int32) {
	save := e.cur
	if n.nest >= 0 && e.nestHas(n.nest, save) {
		return -1, -1
	}
	if n.quick && n.firstFails(e) {
		return -1, -1
	}
	frame := e.enterMatcher()
	outer := e.smartBegin()
	best, last := n.run(e, n.elems, 0, save, 0, -1)
	if e.lineSteps > lineBudget {
		e.at(save)
		e.failBudget(n.at, "line")
	}
	if last < 0 {
		// A match that consumed no position is no match: CQL records a
		// line's success only when a constituent filter matches
		// (sequencebase.cpp), so `line --> check?` is `check` here.
		best = -1
	}
	e.smartEnd(n.ok(e, best), outer)
	e.leaveMatcher(frame)
	e.at(save)
	if n.comments && n.ok(e, best) && last >= 0 {
		e.autoComment(last, "End line of length "+strconv.Itoa(best)+" that starts at "+e.idString(save))
		e.autoComment(save, "Start line that ends at "+e.idString(last))
	}
	if n.nest >= 0 && n.ok(e, best) && last >= 0 {
		deep, shallow := last, save
		if n.back {
			deep, shallow = save, last
		}
		nodes := e.g.Nodes
		side := nodes[save].Pos.SideToMove()
		for i := deep; i >= 0; i = nodes[i].Parent {
			if !n.singleColor || nodes[i].Pos.SideToMove() == side {
				e.nestAdd(n.nest, i)
			}
			if i == shallow {
				break
			}
		}
	}
	return best, last
}

// firstFails reports that the first constituent matches nowhere at the current
// position, as the matcher would try it first (search, runLinear): once per visible
// move out when it has move filters (forward), else once. Then the matcher finds no
// match and, the constituent having no effects, leaves nothing behind.
func (n *lineNode) firstFails(e *Evaluator) bool {
	el := &n.elems[0]
	if el.lin == nil || n.back {
		return !el.f.match(e)
	}
	i := e.cur
	nodes := e.g.Nodes
	any := false
	for c := nodes[i].FirstChild; c >= 0; c = nodes[c].NextSibling {
		if !e.visible(c) {
			continue
		}
		any = true
		if n.primary && c != nodes[i].FirstChild || n.secondary && c == nodes[i].FirstChild {
			continue
		}
		if n.step != nil {
			if n.step.one(e, c) {
				return false
			}
			continue
		}
		e.linChild[el.lin.slot] = c
		ok := el.f.match(e)
		e.linChild[el.lin.slot] = -1
		if ok {
			return false
		}
	}
	return any || !el.f.match(e)
}

// contextFree reports a filter whose evaluation has no effect and sees nothing of an
// enclosing matcher: logical and set operators over piece designators, position
// keywords and move filters without comments or targets.
func contextFree(x query.Node) bool {
	ok := true
	query.Inspect(x, func(n query.Node) bool {
		switch n := n.(type) {
		case *query.PieceDesignator, *query.BoolLit, *query.Block:
		case *query.Keyword:
			switch n.Kind {
			case query.KwCheck, query.KwMate, query.KwStalemate, query.KwWtm, query.KwBtm,
				query.KwInitial, query.KwTerminal, query.KwMainline, query.KwVariation:
			default:
				ok = false
			}
		case *query.Unary:
			ok = ok && n.Op == query.OpNot
		case *query.Binary:
			switch n.Op {
			case query.OpAnd, query.OpOr, query.OpInter, query.OpUnion, query.OpAttacks, query.OpAttackedBy:
			default:
				ok = false
			}
		case *query.Move:
			ok = ok && n.Target == nil && n.Comment == nil
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// matcherFrame is the state of an enclosing line or path matcher, put
// aside while a nested one runs.
type matcherFrame struct {
	stack      []lineCont
	steps      int
	done, stop bool
}

// enterMatcher gives a line or path matcher a fresh stack and budget; the
// stacks are kept per nesting depth, so this allocates only while they grow.
func (e *Evaluator) enterMatcher() matcherFrame {
	f := matcherFrame{e.lineStack, e.lineSteps, e.lineDone, e.lineStop}
	if e.lineDepth == len(e.lineStacks) {
		e.lineStacks = append(e.lineStacks, nil)
	}
	e.lineStack = e.lineStacks[e.lineDepth][:0]
	if e.lineDepth < len(e.lineMemos) && len(e.lineMemos[e.lineDepth]) > 0 {
		clear(e.lineMemos[e.lineDepth])
	}
	e.lineDepth++
	e.lineSteps, e.lineDone, e.lineStop = 0, false, false
	return f
}

func (e *Evaluator) leaveMatcher(f matcherFrame) {
	e.lineDepth--
	e.lineStacks[e.lineDepth] = e.lineStack[:0]
	e.lineStack, e.lineSteps, e.lineDone, e.lineStop = f.stack, f.steps, f.done, f.stop
}

func (n *lineNode) num(e *Evaluator) (int, bool) {
	best, _ := n.eval(e)
	return best, n.ok(e, best)
}

func (n *lineNode) ok(e *Evaluator, length int) bool {
	if length < 0 {
		return false
	}
	return n.rng.has(e, length)
}

func (n *lineNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// linePos is a line with lastposition: its value is a position.
type linePos struct{ *lineNode }

func (n linePos) position(e *Evaluator) (int32, bool) {
	best, last := n.eval(e)
	return last, n.ok(e, best) && last >= 0
}
func (n linePos) match(e *Evaluator) bool { _, ok := n.position(e); return ok }

// run returns the number of positions consumed by the longest match of
// elems (the first having matched k times) followed by the continuations
// e.lineStack[:stk], starting at node i (-1: past the end of the game), or
// -1 when there is none; and the last position matched (last so far when
// nothing more is consumed).
func (n *lineNode) run(e *Evaluator, elems []lineElem, k int, i int32, stk int, last int32) (int, int32) {
	e.lineSteps++
	if e.lineSteps > lineBudget || e.lineDone || e.err != nil {
		return -1, -1
	}
	if len(elems) == 0 || stk > 0 || !n.memo || e.lineSteps < lineMemoFrom {
		return n.search(e, elems, k, i, stk, last)
	}
	el := &elems[0]
	if el.max < 0 && k > el.min {
		k = el.min // more repetitions of an unbounded element than its minimum are alike
	}
	key := lineMemoKey{el: el, n: int32(len(elems)), k: int32(k), i: i, last: last}
	m := e.lineMemo()
	if v, ok := m[key]; ok {
		return int(v.r), v.l
	}
	r, l := n.search(e, elems, k, i, stk, last)
	if !e.lineDone && e.err == nil && e.lineSteps <= lineBudget {
		m[key] = lineMemoVal{int32(r), l}
	}
	return r, l
}

// lineMemo is the memo of the running line evaluation (one per nesting
// depth, cleared when a matcher starts there).
func (e *Evaluator) lineMemo() map[lineMemoKey]lineMemoVal {
	d := e.lineDepth - 1
	for len(e.lineMemos) <= d {
		e.lineMemos = append(e.lineMemos, nil)
	}
	if e.lineMemos[d] == nil {
		e.lineMemos[d] = make(map[lineMemoKey]lineMemoVal)
	}
	return e.lineMemos[d]
}

// failBudget stops the run when a line or path search that started at the
// current position gave up.
func (e *Evaluator) failBudget(at query.Pos, what string) {
	e.fail(at, "%s: the search was given up after %d steps (its pattern has too many ways to match here; CQL would search on)", what, lineBudget)
}

// search is run without the memo.
func (n *lineNode) search(e *Evaluator, elems []lineElem, k int, i int32, stk int, last int32) (int, int32) {
	if len(elems) == 0 {
		if stk == 0 {
			if last >= 0 {
				// firstmatch stops at the first success, and CQL's
				// success needs a constituent that matched
				// (bestSoFar, sequencebase.cpp): not an empty match.
				e.lineDone = n.firstMatch
				// CQL's best match is the one reaching farthest, the
				// first found of those.
				d := int(e.g.Nodes[last].Ply - e.g.Nodes[e.smart.start].Ply)
				if d < 0 {
					d = -d
				}
				if d > e.smart.best {
					e.smart.best = d
					e.smartBest(false)
				}
			}
			return 0, last
		}
		// Pop the continuation; put it back afterwards, because deeper
		// calls reuse the slots at and above the new top.
		c := e.lineStack[stk-1]
		if i == c.start && c.k-1 >= c.elems[0].min {
			return -1, -1 // an instance that matched nothing and was not needed
		}
		r, l := n.run(e, c.elems, c.k, i, stk-1, last)
		e.lineStack[stk-1] = c
		return r, l
	}
	el := &elems[0]
	best, bestLast := -1, int32(-1)
	if k >= el.min {
		// CQL's order (sequencebase.cpp): the fewest repetitions first,
		// which decides where firstmatch stops and which of equally long
		// matches is kept.
		best, bestLast = n.run(e, elems[1:], 0, i, stk, last)
	}
	if el.max < 0 || k < el.max {
		if el.f != nil {
			if i >= 0 && el.lin != nil && !n.back {
				if r, l := n.runLinear(e, elems, k, i, stk); r > best {
					best, bestLast = r, l
				}
			} else if i >= 0 {
				e.at(i)
				mark := len(e.pending)
				if el.f.match(e) {
					if r, l := n.next(e, elems, k+1, i, stk); r >= 0 && r+1 > best {
						best, bestLast = r+1, l
					}
				}
				e.smartRestore(mark)
			}
		} else if stk < 4*len(e.g.Nodes)+64 { // a group instance: alternatives, then this element again
			if stk == len(e.lineStack) {
				e.lineStack = append(e.lineStack, lineCont{})
			}
			e.lineStack[stk] = lineCont{elems: elems, k: k + 1, start: i}
			for _, alt := range el.alts {
				if r, l := n.run(e, alt, 0, i, stk+1, last); r > best {
					best, bestLast = r, l
				}
			}
		}
	}
	return best, bestLast
}

// runLinear matches elems[0] at node i once per visible child, its move
// filters restricted to the move to that child, and goes on at that child
// when it matches; at a node without children, as an unrestricted match.
func (n *lineNode) runLinear(e *Evaluator, elems []lineElem, k int, i int32, stk int) (int, int32) {
	el := &elems[0]
	nodes := e.g.Nodes
	best, bestLast, any := -1, int32(-1), false
	for c := nodes[i].FirstChild; c >= 0; c = nodes[c].NextSibling {
		if !e.visible(c) {
			continue
		}
		// A position whose moves secondary passes over is not the end
		// of the game: the constituent matches no move there.
		any = true
		if n.primary && c != nodes[i].FirstChild || n.secondary && c == nodes[i].FirstChild {
			continue
		}
		e.at(i)
		mark := len(e.pending)
		e.linChild[el.lin.slot] = c
		ok := el.f.match(e)
		e.linChild[el.lin.slot] = -1
		if ok {
			if r, l := n.runAfter(e, elems, k+1, c, stk, i); r >= 0 && r+1 > best {
				best, bestLast = r+1, l
			}
		}
		e.smartRestore(mark)
	}
	if !any {
		e.at(i)
		mark := len(e.pending)
		if el.f.match(e) {
			if r, l := n.run(e, elems, k+1, -1, stk, i); r >= 0 && r+1 > best {
				best, bestLast = r+1, l
			}
		}
		e.smartRestore(mark)
	}
	return best, bestLast
}

// runAfter goes on at child c of node i, whose move matched: at c, or
// with singlecolor at c's children, since CQL passes over the positions
// of the other side to move (sequencebase.cpp computeSkip) and the move
// it linearized stays the one followed.
func (n *lineNode) runAfter(e *Evaluator, elems []lineElem, k int, c int32, stk int, i int32) (int, int32) {
	if !n.singleColor {
		return n.run(e, elems, k, c, stk, i)
	}
	if best, bestLast, any := n.runGrandchildren(e, elems, k, c, stk, i); any {
		return best, bestLast
	}
	return n.run(e, elems, k, -1, stk, i)
}

// runGrandchildren goes on at each visible child of c (singlecolor's next
// positions after i) and returns the best result; any says there was one.
func (n *lineNode) runGrandchildren(e *Evaluator, elems []lineElem, k int, c int32, stk int, i int32) (best int, bestLast int32, any bool) {
	nodes := e.g.Nodes
	best, bestLast = -1, -1
	for gc := nodes[c].FirstChild; gc >= 0; gc = nodes[gc].NextSibling {
		if !e.visible(gc) || n.secondary && gc == nodes[c].FirstChild {
			continue
		}
		any = true
		if r, l := n.run(e, elems, k, gc, stk, i); r > best {
			best, bestLast = r, l
		}
		if n.primary {
			break
		}
	}
	return best, bestLast, any
}

// next continues after node i matched: at each following node (the parent,
// for <--; -1 when there is none). The last position matched is i unless
// more follow.
//
// With singlecolor the following nodes are two plies on (the grandparent;
// the grandchildren), so that every position matched has the side to move
// of the first.
func (n *lineNode) next(e *Evaluator, elems []lineElem, k int, i int32, stk int) (int, int32) {
	nodes := e.g.Nodes
	if n.back {
		p := nodes[i].Parent
		if n.singleColor && p >= 0 {
			p = nodes[p].Parent
		}
		return n.run(e, elems, k, p, stk, i)
	}
	best, bestLast, any := -1, int32(-1), false
	for c := nodes[i].FirstChild; c >= 0; c = nodes[c].NextSibling {
		if !e.visible(c) || n.secondary && c == nodes[i].FirstChild {
			continue
		}
		if !n.singleColor {
			any = true
			if r, l := n.run(e, elems, k, c, stk, i); r > best {
				best, bestLast = r, l
			}
		} else if r, l, found := n.runGrandchildren(e, elems, k, c, stk, i); found {
			any = true
			if r > best {
				best, bestLast = r, l
			}
		}
		if n.primary {
			break
		}
	}
	if !any {
		return n.run(e, elems, k, -1, stk, i)
	}
	return best, bestLast
}

func (c *compiler) line(n *query.Line) (node, error) {
	elems, err := c.lineElems(n.Elems, false)
	if err != nil {
		return nil, err
	}
	rng, err := c.rangeBounds(n.Range)
	if err != nil {
		return nil, err
	}
	ln := &lineNode{at: n.Pos(), back: n.Backward, primary: n.Primary, secondary: n.Secondary, firstMatch: n.FirstMatch, singleColor: n.SingleColor, rng: rng, elems: elems, nest: -1}
	// With -alwayscomment every pass over a constituent comments, so none may be skipped.
	ln.memo = !c.q.alwaysComment && !observable(n) && !nestsBan(n)
	if n.NestBan {
		ln.nest = c.nestSlot()
	}
	if len(elems) > 0 && elems[0].f != nil && elems[0].move == nil && elems[0].min >= 1 && elems[0].max != 0 {
		ln.quick = contextFree(n.Elems[0].X)
		if m, ok := elems[0].f.(*moveNode); ok && ln.quick && m.quick && m.lin != nil && m.lin == elems[0].lin && m.mode == modePlayed {
			ln.step = m
		}
	}
	ln.comments = c.q.autoComments && !n.Quiet && !c.q.header.Quiet
	if ln.comments {
		c.commenters++
	}
	if n.LastPosition {
		return linePos{ln}, nil
	}
	return ln, nil
}

// lineElems compiles line or path constituents; in a path (moves) a move
// filter F--G is a move step.
func (c *compiler) lineElems(in []query.LineElem, moves bool) ([]lineElem, error) {
	out := make([]lineElem, 0, len(in))
	for _, le := range in {
		e := lineElem{min: le.Min, max: le.Max}
		if d, isDash := le.X.(*query.Dash); isDash && moves && d.Target != nil {
			// A path's move step with a target is the step, then the target as a
			// filter at the move's tail (CQL's DashCon evaluates it there and
			// keeps its comments as a constituent's); repeated, the two repeat
			// together: `-- check +` is one or more checking moves.
			step := *d
			step.Target = nil
			pair, err := c.lineElems([]query.LineElem{{X: &step, Min: 1, Max: 1}, {X: d.Target, Min: 1, Max: 1}}, moves)
			if err != nil {
				return nil, err
			}
			if le.Min == 1 && le.Max == 1 {
				out = append(out, pair...)
				continue
			}
			e.alts = [][]lineElem{pair}
			out = append(out, e)
			continue
		}
		switch d, isDash := le.X.(*query.Dash); {
		case isDash && moves:
			x, err := c.dash(d) // a move step: its value is not asked
			if err != nil {
				return nil, err
			}
			e.f, e.move = x, x.(*dashNode)
		case le.X != nil:
			saved := c.lin
			if !moves {
				c.lin = &lineLinear{slot: c.q.linSlots}
				c.q.linSlots++
			}
			x, err := c.compile(le.X)
			if c.lin != nil && c.lin.used {
				e.lin = c.lin
			}
			c.lin = saved
			if err != nil {
				return nil, err
			}
			e.f = x
		default:
			for _, alt := range le.Alts {
				a, err := c.lineElems(alt, moves)
				if err != nil {
					return nil, err
				}
				e.alts = append(e.alts, a)
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// nestsBan reports a line or path with nestban inside n: its bans, made as
// a constituent matches, change what later ones match.
func nestsBan(n query.Node) bool {
	found := false
	query.Inspect(n, func(x query.Node) bool {
		switch x := x.(type) {
		case *query.Line:
			found = found || x.NestBan && x != n
		case *query.Path:
			found = found || x.NestBan
		}
		return !found
	})
	return found
}
