package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// pathNode is CQL 6.2's path filter: a regular expression over the moves
// played from the current position. A move step (lineElem.move) consumes
// one visited move from the current tail; any other constituent is a filter
// evaluated at the tail; groups hold alternatives; every constituent may
// repeat. Its value is the number of moves of the longest matching path
// (the first found with firstmatch), or with lastposition the tail of that
// path's last move.
//
// With focus, the pieces on the focus squares at the start are followed
// along the path: a move by none of them (nor, with focus capture, taking
// one) is out of focus, is skipped before a move step without being
// matched, and is not counted; as in CQL, none is skipped at the start.
//
// The search is depth first, like line's, and shares its budget (lineBudget
// steps an evaluation); it ends because every move step goes one position
// deeper, a filter constituent repeats at most once at one position, and a
// group instance that consumed no move is not repeated.
type pathNode struct {
	elems                        []lineElem
	firstMatch, primary, lastPos bool
	focus                        setNode // nil: every move is in focus
	focusCapture                 bool
	singleColor                  bool // focus: the pieces of the side to move at the start

	max         numNode     // the best path has the largest max at its end; nil: the longest
	rng         rangeBounds // the value must be in it
	keepAllBest bool        // paths as good as the best are kept (and commented)
	nest        int         // nestban: the evaluator's nest slot; -1: none

	// CQL's automatic comments (path_comments.go): what this path writes
	// when it matches, and whether it writes anything, so that the search
	// must find the best path even when only a match is asked for.
	title              string
	quiet              bool // the path's own quiet: no Start/End comments
	verbose, piecePath bool
	comments           bool
	innerComments      bool // a constituent writes comments
	// effects: a constituent assigns, messages or the like (observable), so
	// the search must go on to the best path as CQL's does, as with nestban,
	// whose banned positions are those of the best path.
	effects bool
	at      query.Pos
}

// pathBest is the best path found so far by the running path search: its
// counted moves (-1: none), the tail of its last move, the max value at its
// end, and where its ties (keepallbest) begin in Evaluator.pathTies.
type pathBest struct {
	count int
	last  int32
	max   int
	ties  int
}

// eval runs the matcher from the current position: the path's value (the
// counted moves of the best matching path, or its max), the tail of the
// best path's last move, and whether it matched.
//
// With stop only whether a path matches is asked: unless the best path
// matters (max, a range, keepallbest, comments, nestban) or the search
// can be seen (assignments, messages: effects), it ends at the first
// matching path, as with firstmatch.
func (n *pathNode) eval(e *Evaluator, stop bool) (int, int32, bool) {
	start := e.cur
	if n.nest >= 0 && e.nestHas(n.nest, start) {
		return 0, -1, false
	}
	frame := e.enterMatcher()
	e.lineStop = stop && n.max == nil && n.rng.r == nil && !n.keepAllBest && !n.comments && !n.innerComments &&
		n.nest < 0 && !n.effects
	focus := all
	switch {
	case n.singleColor:
		focus = e.pos.ByColor(e.pos.SideToMove())
	case n.focus != nil:
		focus = n.focus.set(e) & e.pos.Occupied()
	}
	saved, savedBest := e.path, e.pbest
	e.path = pathStatus{inPath: true, start: start, last: start}
	atomics := e.atomicBegin()
	outer := e.smartBegin()
	e.pbest = pathBest{count: -1, last: -1, ties: len(e.pathTies)}
	n.run(e, n.elems, 0, start, 0, start, focus, 0, 0)
	if e.lineSteps > lineBudget {
		e.at(start)
		e.failBudget(n.at, "path")
	}
	b := e.pbest
	value := b.count
	if n.max != nil {
		value = b.max
	}
	ok := b.count >= 0 && n.rng.has(e, value)
	e.smartEnd(ok, outer)
	e.atomicEnd(atomics, ok)
	switch {
	case saved.inPath:
		e.path = saved
	case ok:
		e.path = pathStatus{start: start, last: b.last, count: b.count}
	default:
		e.path = saved
	}
	if ok {
		if n.nest >= 0 {
			// CQL bans the positions the best path went through, from the
			// start to the parent of its end.
			for i := e.g.Nodes[b.last].Parent; i >= 0; i = e.g.Nodes[i].Parent {
				e.nestAdd(n.nest, i)
				if i == start {
					break
				}
			}
		}
		if n.comments {
			n.notate(e, start, b.last, b.count, b.max)
			for _, t := range e.pathTies[b.ties:] {
				n.notate(e, start, t, b.count, b.max)
				if !e.q.header.Quiet {
					e.autoComment(t, "alternative")
				}
			}
		}
	}
	e.pathTies = e.pathTies[:b.ties]
	e.pbest = savedBest
	e.leaveMatcher(frame)
	e.at(start)
	return value, b.last, ok
}

// complete records a path that matched all constituents and ends at cur
// after done counted moves (all in all). CQL counts no path that ends
// where it started, nor, with max, one where max has no value.
func (n *pathNode) complete(e *Evaluator, cur int32, done, all int) bool {
	if cur == e.path.start {
		return false
	}
	b := &e.pbest
	if n.max == nil {
		switch {
		case done > b.count:
			b.count, b.last = done, cur
			e.pathTies = e.pathTies[:b.ties]
			e.atomicLeaf(done)
			e.smartBest(false)
		case done == b.count && n.keepAllBest:
			e.pathTies = append(e.pathTies, cur)
			e.smartBest(true)
		}
		return true
	}
	e.at(cur)
	e.path.last, e.path.count, e.path.all = cur, done, all
	v, ok := n.max.num(e)
	if !ok {
		return false
	}
	switch {
	case b.count < 0 || v > b.max:
		b.count, b.last, b.max = done, cur, v
		e.pathTies = e.pathTies[:b.ties]
		e.atomicLeaf(done)
		e.smartBest(false)
	case v == b.max && n.keepAllBest:
		e.pathTies = append(e.pathTies, cur)
		e.smartBest(true)
	}
	return true
}

// pathStatus is what the path status filters read: inside a path's
// constituents the path being matched (its start, the tail of the last move
// matched, the moves so far counted and all), else the last path of the game
// that matched (start, last and counted moves; -1: none).
type pathStatus struct {
	inPath      bool
	start, last int32
	count, all  int
}

// pathStatusPos is pathstart or (last) pathlastposition. Inside a path's
// constituents (and its max) pathlastposition is, as CQL's
// PathLastPositionNode, the end of the best path found so far, with no value
// before one is found; outside, the end of the last matching path.
type pathStatusPos struct{ last bool }

func (n pathStatusPos) position(e *Evaluator) (int32, bool) {
	p := e.path.start
	if n.last {
		p = e.path.last
		if e.path.inPath {
			p = e.pbest.last
		}
	}
	return p, p >= 0
}
func (n pathStatusPos) match(e *Evaluator) bool { _, ok := n.position(e); return ok }

// pathCountNode is pathcount or (unfocused) pathcountunfocused. Inside a
// path they read the path being matched; outside it the last path of the
// game that matched (CQL's PathStatus), and have no value before one did.
//
// pathcountunfocused is CQL's own definition, `ply - pathstart:ply -
// pathcount` (node-parse.cpp), at the current position: inside a path the
// out-of-focus moves so far; outside, the ply from the last path's start
// less its counted moves, which may be negative.
type pathCountNode struct{ unfocused bool }

func (n pathCountNode) num(e *Evaluator) (int, bool) {
	if !e.path.inPath && e.path.start < 0 {
		return 0, false
	}
	if n.unfocused {
		nodes := e.g.Nodes
		return int(nodes[e.cur].Ply) - int(nodes[e.path.start].Ply) - e.path.count, true
	}
	return e.path.count, true
}
func (n pathCountNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

func (n *pathNode) num(e *Evaluator) (int, bool) {
	v, _, ok := n.eval(e, false)
	return v, ok
}

func (n *pathNode) match(e *Evaluator) bool { _, _, ok := n.eval(e, true); return ok }

// pathPos is a path with lastposition: its value is a position.
type pathPos struct{ *pathNode }

func (n pathPos) position(e *Evaluator) (int32, bool) {
	_, last, ok := n.eval(e, false)
	return last, ok
}

// run returns the number of counted moves of the longest match of elems
// (the first having matched k times) followed by the continuations
// e.lineStack[:stk], from position cur with the focused pieces on focus
// (-1 when there is none), and the tail of the last move matched (last when
// no more is).
//
// done and all are the moves of the path so far, counted and all.
func (n *pathNode) run(e *Evaluator, elems []lineElem, k int, cur int32, stk int, last int32, focus chess.Bitboard, done, all int) (int, int32) {
	e.lineSteps++
	if e.lineSteps > lineBudget || e.lineDone || e.err != nil {
		return -1, -1
	}
	if len(elems) == 0 {
		if stk == 0 {
			if !n.complete(e, cur, done, all) {
				return -1, -1
			}
			e.lineDone = n.firstMatch || e.lineStop
			return 0, last
		}
		c := e.lineStack[stk-1]
		if cur == c.start && c.k-1 >= c.elems[0].min {
			return -1, -1 // an instance that consumed no move and was not needed
		}
		r, l := n.run(e, c.elems, c.k, cur, stk-1, last, focus, done, all)
		e.lineStack[stk-1] = c
		return r, l
	}
	el := &elems[0]
	best, bestLast := -1, int32(-1)
	if k >= el.min {
		// CQL's order (path-compute.cpp): the shortest way on first (lazy
		// repetition), which decides which of equally good paths is
		// kept, and where firstmatch stops; when only whether some path
		// matches is asked it finds a match soonest.
		if r, l := n.run(e, elems[1:], 0, cur, stk, last, focus, done, all); r >= 0 {
			if e.lineStop {
				return r, l
			}
			best, bestLast = r, l
		}
	}
	if el.max < 0 || k < el.max {
		switch {
		case el.move != nil:
			best, bestLast = n.step(e, elems, k, cur, stk, last, focus, done, all)
		case el.f != nil:
			// A filter consumes nothing: matching it again at the same
			// position changes nothing, so it is tried once.
			e.at(cur)
			e.path.last, e.path.count, e.path.all = last, done, all
			// Its comments stay until the move step before it is undone:
			// CQL restores comments only there (path-compute-dash*.cpp), so
			// a filter on the way to the best path keeps what it wrote.
			mark := e.atomicSave()
			if k == 0 && el.f.match(e) {
				best, bestLast = n.run(e, elems[1:], 0, cur, stk, last, focus, done, all)
			}
			e.atomicRestore(mark)
		case stk < 4*len(e.g.Nodes)+64: // a group instance: alternatives, then this element again
			if stk == len(e.lineStack) {
				e.lineStack = append(e.lineStack, lineCont{})
			}
			e.lineStack[stk] = lineCont{elems: elems, k: k + 1, start: cur}
			for _, alt := range el.alts {
				if r, l := n.run(e, alt, 0, cur, stk+1, last, focus, done, all); r > best {
					best, bestLast = r, l
				}
			}
		}
	}
	return best, bestLast
}

// step matches the move step elems[0] (matched k times so far) against the
// moves from cur, skipping moves out of focus.
func (n *pathNode) step(e *Evaluator, elems []lineElem, k int, cur int32, stk int, last int32, focus chess.Bitboard, done, all int) (int, int32) {
	d := elems[0].move
	e.at(cur)
	fromSet, toSet := d.sets(e)
	best, bestLast := -1, int32(-1)
	nodes := e.g.Nodes
	comments := len(e.pending) // dropped after each move, but the best path's (smartRestore)
	for c := nodes[cur].FirstChild; c >= 0; c = nodes[c].NextSibling {
		if !e.visible(c) {
			continue
		}
		e.at(cur)
		in, next := true, focus
		from, to := fromSet, toSet
		if n.hasFocus() {
			in, next = n.inFocus(e, nodes[c].Move, focus)
			if m := nodes[c].Move; in && m.IsCastle() {
				from, to = castleFocusSets(m, focus, from, to)
			}
		}
		var r int
		var l int32
		switch {
		case !in && cur == e.path.start:
			// CQL skips no move at the path's start
			// (Focus::getFocusedChildMoves): a focused path's first move
			// is played from the start.
			r = -1
		case !in:
			r, l = n.step(e, elems, k, c, stk, last, next, done, all+1)
		case d.fits(e, c, from, to):
			// The filters after the step are its targets (split off by
			// lineElems): from and to there see the step's sets (castle.go).
			restore := e.own(from, to)
			if r, l = n.run(e, elems, k+1, c, stk, c, next, done+1, all+1); r >= 0 {
				r++
			}
			restore.undo(e)
		default:
			r = -1
		}
		e.smartRestore(comments)
		if r > best {
			best, bestLast = r, l
		}
		if n.primary {
			break
		}
	}
	return best, bestLast
}

func (n *pathNode) hasFocus() bool { return n.focus != nil || n.singleColor }

// inFocus reports whether move m from the current position is in focus
// (made by a focused piece; a castling move when the king or the rook is;
// with focus capture also a capture of a focused piece), and where the
// focused pieces stand after it.
func (n *pathNode) inFocus(e *Evaluator, m chess.Move, focus chess.Bitboard) (bool, chess.Bitboard) {
	if m == chess.NoMove {
		return false, focus
	}
	if m.IsNull() { // a move of the king to its own square
		return focus&nullMoveSquare(e.pos) != 0, focus
	}
	from, to := m.From(), m.To()
	if m.IsCastle() {
		rookTo := chess.SquareAt(3, from.Rank())
		if to > from {
			rookTo = chess.SquareAt(5, from.Rank())
		}
		king, rook := focus.Has(from), focus.Has(to)
		next := focus &^ (chess.SquareBB(from) | chess.SquareBB(to))
		if king {
			next |= chess.SquareBB(m.KingTo())
		}
		if rook {
			next |= chess.SquareBB(rookTo)
		}
		return king || rook, next
	}
	captured, capSq := false, m.TakenSquare()
	if m.IsEnPassant() {
		captured = true
	} else {
		captured = e.pos.Occupied().Has(to)
	}
	moved := focus.Has(from)
	next := focus
	if captured {
		next &^= chess.SquareBB(capSq)
	}
	if moved {
		next = next&^chess.SquareBB(from) | chess.SquareBB(to)
	}
	return moved || n.focusCapture && captured && focus.Has(capSq), next
}

func (c *compiler) path(p *query.Path) (node, error) {
	commenters := c.commenters
	elems, err := c.lineElems(p.Elems, true)
	if err != nil {
		return nil, err
	}
	rng, err := c.rangeBounds(p.Range)
	if err != nil {
		return nil, err
	}
	n := &pathNode{elems: elems, firstMatch: p.FirstMatch, primary: p.Primary, lastPos: p.LastPosition, focusCapture: p.FocusCapture,
		singleColor: p.SingleColor, rng: rng, keepAllBest: p.KeepAllBest || c.q.keepAllBest, nest: -1,
		title: p.Title, quiet: p.Quiet, verbose: p.Verbose, piecePath: p.PiecePath}
	if p.Focus != nil {
		if n.focus, err = c.set(p.Focus); err != nil {
			return nil, err
		}
	}
	if p.Max != nil {
		if n.max, err = c.num(p.Max); err != nil {
			return nil, err
		}
	}
	if p.NestBan {
		n.nest = c.nestSlot()
	}
	if c.q.autoComments {
		// Under CQL's -quiet only the title, piecepath and verbose comments remain.
		n.comments = n.title != "" || n.verbose || n.piecePath || !c.q.header.Quiet && (!n.quiet || n.keepAllBest)
		if n.comments {
			c.commenters++
		}
	}
	// Comments made inside are kept only along the best path.
	n.innerComments = c.commenters > commenters
	n.effects = observable(p)
	n.at = p.Pos()
	if p.LastPosition {
		return pathPos{n}, nil
	}
	return n, nil
}
