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
// matched, and is not counted.
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
}

// eval runs the matcher from the current position: the number of counted
// moves of the best matching path (-1: none) and the tail of its last move.
//
// With stop only whether a path matches is asked: the search ends at the
// first matching path, as with firstmatch.
func (n *pathNode) eval(e *Evaluator, stop bool) (int, int32) {
	start := e.cur
	frame := e.enterMatcher()
	e.lineStop = stop
	focus := all
	if n.focus != nil {
		focus = n.focus.set(e) & e.pos.Occupied()
	}
	saved := e.path
	e.path = pathStatus{inPath: true, start: start, last: start}
	atomics := e.atomicBegin()
	best, last := n.run(e, n.elems, 0, start, 0, start, focus, 0, 0)
	e.atomicEnd(atomics, best >= 0)
	switch {
	case saved.inPath:
		e.path = saved
	case best >= 0:
		e.path = pathStatus{start: start, last: last}
	default:
		e.path = saved
	}
	e.leaveMatcher(frame)
	e.at(start)
	return best, last
}

// pathStatus is what the path status filters read: inside a path's
// constituents the path being matched (its start, the tail of the last move
// matched, the moves so far counted and all), else the last path of the game
// that matched (start and last; -1: none).
type pathStatus struct {
	inPath      bool
	start, last int32
	count, all  int
}

// pathStatusPos is pathstart or (last) pathlastposition.
type pathStatusPos struct{ last bool }

func (n pathStatusPos) position(e *Evaluator) (int32, bool) {
	p := e.path.start
	if n.last {
		p = e.path.last
	}
	return p, p >= 0
}
func (n pathStatusPos) match(e *Evaluator) bool { _, ok := n.position(e); return ok }

// pathCountNode is pathcount or (unfocused) pathcountunfocused: no value
// outside a path.
type pathCountNode struct{ unfocused bool }

func (n pathCountNode) num(e *Evaluator) (int, bool) {
	if !e.path.inPath {
		return 0, false
	}
	if n.unfocused {
		return e.path.all, true
	}
	return e.path.count, true
}
func (n pathCountNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

func (n *pathNode) num(e *Evaluator) (int, bool) {
	best, _ := n.eval(e, false)
	return best, best >= 0
}

func (n *pathNode) match(e *Evaluator) bool { best, _ := n.eval(e, true); return best >= 0 }

// pathPos is a path with lastposition: its value is a position.
type pathPos struct{ *pathNode }

func (n pathPos) position(e *Evaluator) (int32, bool) {
	best, last := n.eval(e, false)
	return last, best >= 0
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
	if e.lineSteps > lineBudget || e.lineDone {
		return -1, -1
	}
	if len(elems) == 0 {
		if stk == 0 {
			e.lineDone = n.firstMatch || e.lineStop
			e.atomicLeaf(done)
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
	if e.lineStop && k >= el.min {
		// Only whether some path matches is asked: the shortest way on
		// first (lazy repetition) finds a match soonest.
		if r, l := n.run(e, elems[1:], 0, cur, stk, last, focus, done, all); r >= 0 {
			return r, l
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
	if k >= el.min && !e.lineStop {
		if r, l := n.run(e, elems[1:], 0, cur, stk, last, focus, done, all); r > best {
			best, bestLast = r, l
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
	for c := nodes[cur].FirstChild; c >= 0; c = nodes[c].NextSibling {
		if !e.visible(c) {
			continue
		}
		e.at(cur)
		in, next := true, focus
		if n.focus != nil {
			in, next = n.inFocus(e, nodes[c].Move, focus)
		}
		var r int
		var l int32
		switch {
		case !in:
			r, l = n.step(e, elems, k, c, stk, last, next, done, all+1)
		case d.fits(e, c, fromSet, toSet):
			if r, l = n.run(e, elems, k+1, c, stk, c, next, done+1, all+1); r >= 0 {
				r++
			}
		default:
			r = -1
		}
		if r > best {
			best, bestLast = r, l
		}
		if n.primary {
			break
		}
	}
	return best, bestLast
}

// inFocus reports whether move m from the current position is in focus
// (made by a focused piece; a castling move when the king or the rook is;
// with focus capture also a capture of a focused piece), and where the
// focused pieces stand after it.
func (n *pathNode) inFocus(e *Evaluator, m chess.Move, focus chess.Bitboard) (bool, chess.Bitboard) {
	if m == chess.NoMove || m.IsNull() {
		return false, focus
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
	captured, capSq := false, to
	if m.IsEnPassant() {
		capSq = chess.SquareAt(to.File(), from.Rank())
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
	elems, err := c.lineElems(p.Elems, true)
	if err != nil {
		return nil, err
	}
	n := &pathNode{elems: elems, firstMatch: p.FirstMatch, primary: p.Primary, lastPos: p.LastPosition, focusCapture: p.FocusCapture}
	if p.Focus != nil {
		if n.focus, err = c.set(p.Focus); err != nil {
			return nil, err
		}
	}
	if p.LastPosition {
		return pathPos{n}, nil
	}
	return n, nil
}
