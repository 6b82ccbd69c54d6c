package filter

import (
	"slices"
	"strconv"

	"github.com/cqlgo/cql/chess"
)

// Positions as values. A position value is the index of a node in the game's
// move tree (pgn.Game.Nodes). CQL's position id numbers the nodes depth first,
// a node's primary continuation and everything after it before its
// variations; the evaluator keeps that numbering per game (gameTree).

// posNode is a filter whose value is a position.
type posNode interface {
	node
	position(e *Evaluator) (int32, bool)
}

// gameTree is the position-id numbering of the current game: id[i] is node
// i's position id, node[k] the node with id k, and end[i] one past the largest
// id in node i's subtree (a subtree's ids are consecutive). Only visited
// nodes are numbered: without variations, the main line (whether or not the
// reader kept the variations, so that ids never depend on the output format).
type gameTree struct {
	ready   bool
	id, end []int32
	node    []int32
	stack   []int32
}

// tree returns the current game's numbering, built on first use.
func (e *Evaluator) tree() *gameTree {
	t := &e.gt
	if t.ready {
		return t
	}
	nodes := e.g.Nodes
	n := len(nodes)
	t.id = grow(t.id, n)
	t.end = grow(t.end, n)
	t.node = grow(t.node, n)
	// Depth-first, primary child first: push children in reverse order.
	next := int32(0)
	t.stack = append(t.stack[:0], 0)
	for len(t.stack) > 0 {
		i := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.id[i] = next
		t.node[next] = i
		next++
		mark := len(t.stack)
		for c := nodes[i].FirstChild; c >= 0; c = nodes[c].NextSibling {
			if e.visible(c) {
				t.stack = append(t.stack, c)
			}
		}
		for a, b := mark, len(t.stack)-1; a < b; a, b = a+1, b-1 {
			t.stack[a], t.stack[b] = t.stack[b], t.stack[a]
		}
	}
	// Subtree ends, children before parents: in reverse id order.
	for k := int(next) - 1; k >= 0; k-- {
		i := t.node[k]
		if t.end[i] < int32(k+1) {
			t.end[i] = int32(k + 1)
		}
		if p := nodes[i].Parent; p >= 0 && t.end[p] < t.end[i] {
			t.end[p] = t.end[i]
		}
	}
	t.node = t.node[:next]
	t.ready = true
	return t
}

func grow(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n, n+n/2)
	}
	s = s[:n]
	clear(s)
	return s
}

// visible reports whether node i is one the evaluator visits: every node when
// variations are searched, else the main line.
func (e *Evaluator) visible(i int32) bool {
	return e.q.variations || !e.g.Nodes[i].Variation
}

// childAt returns the k-th visible child of node i (0: the primary move).
func (e *Evaluator) childAt(i int32, k int) (int32, bool) {
	nodes := e.g.Nodes
	for c := nodes[i].FirstChild; c >= 0; c = nodes[c].NextSibling {
		if !e.visible(c) {
			continue
		}
		if k == 0 {
			return c, true
		}
		k--
	}
	return -1, false
}

// isAncestor reports whether a is b or an ancestor of b.
func (e *Evaluator) isAncestor(a, b int32) bool {
	nodes := e.g.Nodes
	pa := nodes[a].Ply
	for b >= 0 && nodes[b].Ply > pa {
		b = nodes[b].Parent
	}
	return a == b
}

// lca returns the latest common ancestor of a and b.
func (e *Evaluator) lca(a, b int32) int32 {
	nodes := e.g.Nodes
	for nodes[a].Ply > nodes[b].Ply {
		a = nodes[a].Parent
	}
	for nodes[b].Ply > nodes[a].Ply {
		b = nodes[b].Parent
	}
	for a != b {
		a, b = nodes[a].Parent, nodes[b].Parent
	}
	return a
}

// ---- position filters ----

type curPos struct{}

func (curPos) position(e *Evaluator) (int32, bool) { return e.cur, true }
func (curPos) match(*Evaluator) bool               { return true }

type initialPos struct{}

func (initialPos) position(*Evaluator) (int32, bool) { return 0, true }
func (initialPos) match(*Evaluator) bool             { return true }

type parentPos struct{}

func (parentPos) position(e *Evaluator) (int32, bool) {
	p := e.g.Nodes[e.cur].Parent
	return p, p >= 0
}
func (n parentPos) match(e *Evaluator) bool { _, ok := n.position(e); return ok }

// childPos is `child` or `child(k)`: the k-th child (0: the primary move).
type childPos struct{ k numNode } // nil: 0

func (n childPos) position(e *Evaluator) (int32, bool) {
	k := 0
	if n.k != nil {
		v, ok := n.k.num(e)
		if !ok || v < 0 {
			return -1, false
		}
		k = v
	}
	return e.childAt(e.cur, k)
}
func (n childPos) match(e *Evaluator) bool { _, ok := n.position(e); return ok }

// posByID is `position N`: the position whose id is N.
type posByID struct{ id numNode }

func (n posByID) position(e *Evaluator) (int32, bool) {
	v, ok := n.id.num(e)
	t := e.tree()
	if !ok || v < 0 || v >= len(t.node) {
		return -1, false
	}
	return t.node[v], true
}
func (n posByID) match(e *Evaluator) bool { _, ok := n.position(e); return ok }

// positionIDNode is `positionid`: the current position's id.
type positionIDNode struct{}

func (positionIDNode) num(e *Evaluator) (int, bool) { return int(e.tree().id[e.cur]), true }
func (positionIDNode) match(*Evaluator) bool        { return true }

// depthNode is `depth`: the number of secondary moves on the way from the
// initial position to the current one.
type depthNode struct{}

func (depthNode) num(e *Evaluator) (int, bool) { return e.depthAt(e.cur), true }

// depthAt is depthOf(e.g.Nodes, i), from a table of every node's depth made once a game:
// walking to the root at every position made depth cost the square of a game's length.
func (e *Evaluator) depthAt(i int32) int {
	nodes := e.g.Nodes
	if len(e.depths) != len(nodes) || !e.depthsReady {
		e.depths = grow(e.depths, len(nodes))
		for j := range nodes {
			p := nodes[j].Parent
			switch {
			case p < 0:
				e.depths[j] = 0
			case p < int32(j): // a parent is made before its children
				d := e.depths[p]
				if nodes[p].FirstChild != int32(j) {
					d++
				}
				e.depths[j] = d
			default:
				e.depths[j] = int32(depthOf(nodes, int32(j)))
			}
		}
		e.depthsReady = true
	}
	return int(e.depths[i])
}
func (depthNode) match(*Evaluator) bool { return true }

// virtualMainline matches a position every branch on whose path was
// initiated by Black: a secondary move may only be a Black move (the
// manual's three rules), and no move on the way is a null move (CQL 9.493's
// QPos::virtualmainline).
type virtualMainline struct{}

func (virtualMainline) match(e *Evaluator) bool {
	nodes := e.g.Nodes
	for i := e.cur; nodes[i].Parent >= 0; i = nodes[i].Parent {
		if nodes[i].Move.IsNull() {
			return false
		}
		p := nodes[i].Parent
		if nodes[p].FirstChild != i && nodes[p].Pos.SideToMove() == chess.White {
			return false
		}
	}
	return true
}

// treeRel is ancestor(x y), descendant(x y) and the order operators ≺ ≼ ≻ ≽.
type treeRel struct {
	a, b       posNode
	descendant bool // a below b (else a above b)
	orEqual    bool
}

func (n *treeRel) match(e *Evaluator) bool {
	x, ok := n.a.position(e)
	if !ok {
		return false
	}
	y, ok := n.b.position(e)
	if !ok {
		return false
	}
	if n.descendant {
		x, y = y, x
	}
	if x == y {
		return n.orEqual
	}
	return e.isAncestor(x, y)
}

// lcaNode is lca(x y).
type lcaNode struct{ a, b posNode }

func (n *lcaNode) position(e *Evaluator) (int32, bool) {
	x, ok := n.a.position(e)
	if !ok {
		return -1, false
	}
	y, ok := n.b.position(e)
	if !ok {
		return -1, false
	}
	return e.lca(x, y), true
}
func (n *lcaNode) match(e *Evaluator) bool { _, ok := n.position(e); return ok }

// distanceNode is distance(x y): the moves from x up to their LCA and down to y.
type distanceNode struct{ a, b posNode }

func (n *distanceNode) num(e *Evaluator) (int, bool) {
	x, ok := n.a.position(e)
	if !ok {
		return 0, false
	}
	y, ok := n.b.position(e)
	if !ok {
		return 0, false
	}
	nodes := e.g.Nodes
	l := nodes[e.lca(x, y)].Ply
	return int(nodes[x].Ply-l) + int(nodes[y].Ply-l), true
}
func (n *distanceNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// posCmp compares two positions by position id (== and != by identity).
type posCmp struct {
	op   cmpOp
	a, b posNode
}

func (n *posCmp) match(e *Evaluator) bool {
	x, ok := n.a.position(e)
	if !ok {
		return false
	}
	y, ok := n.b.position(e)
	if !ok {
		return false
	}
	if n.op == cmpEQ || n.op == cmpNE {
		return (x == y) == (n.op == cmpEQ)
	}
	t := e.tree()
	return n.op.holds(int(t.id[x]), int(t.id[y]))
}

// ---- position variables ----

type posVar int

func (v posVar) position(e *Evaluator) (int32, bool) {
	s := &e.vars[v]
	return int32(s.n), s.bound
}
func (v posVar) match(e *Evaluator) bool { return e.vars[v].bound }

// assignPos is `p = F` for a position filter F; it fails (leaving p alone)
// when F has no value.
type assignPos struct {
	v int
	a posNode
}

func (n *assignPos) match(e *Evaluator) bool {
	i, ok := n.a.position(e)
	if !ok {
		return false
	}
	e.vars[n.v] = slot{bound: true, n: int(i)}
	return true
}

// ---- x : F ----

// colonNode is `x : F`: F evaluated at position x. Matched as a filter it
// matches F there as a filter, whatever F's type (CQL's
// WithPositionNode::match_position): `x : flipcolor {comment(...) S}` drops
// the comments of the copies that fail, as without the colon, where the
// set would keep them.
type colonNode struct {
	p posNode
	x node
}

// enter moves to the position of p, returning the position to come back to.
func (n *colonNode) enter(e *Evaluator) (int32, bool) {
	i, ok := n.p.position(e)
	if !ok {
		return -1, false
	}
	save := e.cur
	e.at(i)
	return save, true
}

func (n *colonNode) match(e *Evaluator) bool {
	save, ok := n.enter(e)
	if !ok {
		return false
	}
	r := n.x.match(e)
	e.at(save)
	return r
}

type colonSet struct {
	colonNode
	s setNode
}

func (n *colonSet) set(e *Evaluator) chess.Bitboard {
	save, ok := n.enter(e)
	if !ok {
		return 0
	}
	r := n.s.set(e)
	e.at(save)
	return r
}

type colonNum struct {
	colonNode
	v numNode
}

func (n *colonNum) num(e *Evaluator) (int, bool) {
	save, ok := n.enter(e)
	if !ok {
		return 0, false
	}
	v, ok := n.v.num(e)
	e.at(save)
	return v, ok
}

type colonStr struct {
	colonNode
	v strNode
}

func (n *colonStr) str(e *Evaluator) (string, bool) {
	save, ok := n.enter(e)
	if !ok {
		return "", false
	}
	v, ok := n.v.str(e)
	e.at(save)
	return v, ok
}

type colonPos struct {
	colonNode
	v posNode
}

func (n *colonPos) position(e *Evaluator) (int32, bool) {
	save, ok := n.enter(e)
	if !ok {
		return -1, false
	}
	v, ok := n.v.position(e)
	e.at(save)
	return v, ok
}

// consecutiveMovesNode is consecutivemoves(x y): with L the LCA of x and y,
// the length of the longest run of consecutive moves on the way from L to x
// that also occurs, as consecutive moves, on the way from L to y.
//
// Unless quiet it comments, as CQL 9.493 does (consecutivemovesnode.cpp),
// the longest run it found in the game, at any position, matching or not:
// when the game matches, "x-move[i]" after the i-th move of the run on
// the way to x and "y-move[i]" on the way to y, x and y the names of its
// position variables, after the match markers and before what sorts keep.
type consecutiveMovesNode struct {
	a, b posNode
	rng  rangeBounds
	slot int // into Evaluator.cmKept and Query.cmNames; -1: no comments
}

// cmKept is the longest run a consecutivemoves filter found in the game:
// the nodes its moves lead to, on the way to x and on the way to y.
type cmKept struct{ x, y []int32 }

func (n *consecutiveMovesNode) num(e *Evaluator) (int, bool) {
	x, ok := n.a.position(e)
	if !ok {
		return 0, false
	}
	y, ok := n.b.position(e)
	if !ok {
		return 0, false
	}
	l := e.lca(x, y)
	s := e.movesFrom(l, x, e.cmS[:0])
	t := e.movesFrom(l, y, e.cmT[:0])
	e.cmS, e.cmT = s, t
	// Longest common substring, one row of the usual table at a time.
	if cap(e.cmRow) < len(t)+1 {
		e.cmRow = make([]int32, len(t)+1)
	}
	row := e.cmRow[:len(t)+1]
	clear(row)
	best, endS, endT := 0, 0, 0
	for i := range s {
		diag := int32(0) // row[j] of the previous i, for j-1
		for j := range t {
			up := row[j+1]
			if s[i] == t[j] {
				row[j+1] = diag + 1
				if int(row[j+1]) > best { // the first longest, as CQL takes it
					best, endS, endT = int(row[j+1]), i, j
				}
			} else {
				row[j+1] = 0
			}
			diag = up
		}
	}
	if best == 0 || !n.rng.has(e, best) {
		return best, false // no move in common: CQL's ConsecutiveMovesNode fails
	}
	if n.slot >= 0 && best > len(e.cmKept[n.slot].x) {
		k := &e.cmKept[n.slot]
		k.x = runNodes(e, l, x, endS+1-best, best, k.x[:0])
		k.y = runNodes(e, l, y, endT+1-best, best, k.y[:0])
	}
	return best, true
}

// runNodes appends the nodes that the moves first..first+n-1 on the way
// from ancestor a to d lead to.
func runNodes(e *Evaluator, a, d int32, first, n int, out []int32) []int32 {
	depth := 0
	for i := d; i != a && i >= 0; i = e.g.Nodes[i].Parent {
		depth++
	}
	// The k-th move (from 0) leads to the node depth-1-k steps above d.
	i, k := d, depth-1
	for ; k >= first+n; k-- {
		i = e.g.Nodes[i].Parent
	}
	start := len(out)
	for ; k >= first; k-- {
		out = append(out, i)
		i = e.g.Nodes[i].Parent
	}
	slices.Reverse(out[start:])
	return out
}

// consecutiveComments writes the comments of the consecutivemoves filters
// at the end of a game that matched.
func (e *Evaluator) consecutiveComments() {
	for slot, names := range e.q.cmNames {
		k := &e.cmKept[slot]
		for i := range k.x {
			suffix := "-move[" + strconv.Itoa(i+1) + "]"
			e.pending = append(e.pending,
				Annotation{Node: k.x[i], Text: names[0] + suffix, Late: true},
				Annotation{Node: k.y[i], Text: names[1] + suffix, Late: true})
		}
	}
}
func (n *consecutiveMovesNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// movesFrom appends the moves played from ancestor a down to d, in order,
// as CQL's consecutivemoves compares them (qmove_to_int): from, to and the
// moving piece, so c8=Q and c8=N are one move, Nf3-d4 and Bf3-d4 two.
func (e *Evaluator) movesFrom(a, d int32, out []uint32) []uint32 {
	start := len(out)
	for i := d; i != a && i >= 0; i = e.g.Nodes[i].Parent {
		m := e.g.Nodes[i].Move
		pc := e.g.Nodes[e.g.Nodes[i].Parent].Pos.PieceAt(m.From())
		out = append(out, uint32(m.From())|uint32(m.To())<<6|uint32(pc)<<12)
	}
	for p, q := start, len(out)-1; p < q; p, q = p+1, q-1 {
		out[p], out[q] = out[q], out[p]
	}
	return out
}
