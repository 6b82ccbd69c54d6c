package gnugo

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/weiqi"
)

// Status is the life-and-death status of an eye space or a group (seed 001).
type Status uint8

// The statuses: two eyes whoever plays first, two eyes only if the owner plays first, fewer.
const (
	Dead Status = iota
	Urgent
	Alive
)

func (s Status) String() string {
	switch s {
	case Alive:
		return "ALIVE"
	case Urgent:
		return "URGENT"
	}
	return "DEAD"
}

// StatusOf is seed 001's rule: first = eyes if the owner plays first, second = eyes if the
// opponent does; 2/2 ALIVE, 2/<2 URGENT, <2 DEAD.
func StatusOf(first, second int) Status {
	switch {
	case first >= 2 && second >= 2:
		return Alive
	case first >= 2:
		return Urgent
	}
	return Dead
}

// EyeResult is an eye space valued by eyes.db.
type EyeResult struct {
	Space   weiqi.EyeSpace
	Graph   *EyeGraph // the matching pattern; nil when none matches (valued 2222, as GNU Go does)
	Value   EyeValue
	Attack  pattern.Set // the attacker's vital points (to reduce the eyes)
	Defense pattern.Set // the defender's vital points (to make the eyes)
	Extra   pattern.Set // key points of half eyes added to the graph, outside Space.Points
}

// First is the number of eyes if the owner plays first.
func (r *EyeResult) First() int { return r.Value.First() }

// Second is the number of eyes if the opponent plays first.
func (r *EyeResult) Second() int { return r.Value.Second() }

// Status is StatusOf(First, Second).
func (r *EyeResult) Status() Status { return StatusOf(r.First(), r.Second()) }

// Vital is the union of the attack and defence points, reported when the value depends on who
// plays first (GNU Go marks vital points only where they change the value).
func (r *EyeResult) Vital() pattern.Set {
	if r.First() == r.Second() {
		return pattern.Set{}
	}
	return r.Attack.Or(r.Defense)
}

// EyesToMove is the urgent-point rule of seed 001: with a vital point in the shape, count the
// eyes of First when the owner is to move (or already holds the vital point), else of Second.
func (r *EyeResult) EyesToMove(ownerToMove bool) int {
	if ownerToMove {
		return r.First()
	}
	return r.Second()
}

// boardGraph is the graph of an eye space on the board, in fixed arrays (no allocation).
type boardGraph struct {
	n      int
	sq     [MaxEyeVertices]int
	marg   [MaxEyeVertices]bool
	stone  [MaxEyeVertices]bool
	edge   [MaxEyeVertices]uint8
	deg    [MaxEyeVertices]uint8
	nb     [MaxEyeVertices][4]int8
	order  [MaxEyeVertices]int8  // matching order: each vertex after the first has an earlier neighbour
	parent [MaxEyeVertices]int8  // that earlier neighbour (-1 for the first)
	sig    [MaxEyeVertices]uint8 // vertexSig of each vertex
	need   [MaxEyeVertices]uint8 // sigEmpty or sigStone: what the pattern vertex must allow
	key    uint32
}

// build makes the graph; false when the space is too large or a vertex has more than 4
// neighbours (no pattern of eyes.db can match it then).
func (bg *boardGraph) build(b *weiqi.Board, es *weiqi.EyeSpace) bool {
	g := b.Grid()
	bg.n = 0
	pts := es.Points
	var extra pattern.Set
	for i := 0; i < es.NumKeys; i++ {
		extra.Add(es.Keys[i].Key)
	}
	extra = extra.AndNot(pts)
	all := pts.Or(extra)
	if all.Count() > MaxEyeVertices {
		return false
	}
	for wi, w := range all {
		for w != 0 {
			sq := wi*64 + bits.TrailingZeros64(w)
			w &= w - 1
			i := bg.n
			bg.sq[i] = sq
			bg.marg[i] = es.Marginal.Has(sq) || extra.Has(sq)
			bg.stone[i] = es.Dead.Has(sq)
			bg.edge[i] = uint8(g.EdgeCount(sq))
			bg.deg[i] = 0
			bg.n++
		}
	}
	idx := func(sq int) int8 {
		for i := 0; i < bg.n; i++ {
			if bg.sq[i] == sq {
				return int8(i)
			}
		}
		return -1
	}
	link := func(i, j int8) bool {
		for k := uint8(0); k < bg.deg[i]; k++ {
			if bg.nb[i][k] == j {
				return true
			}
		}
		if bg.deg[i] == 4 {
			return false
		}
		bg.nb[i][bg.deg[i]] = j
		bg.deg[i]++
		return true
	}
	for i := 0; i < bg.n; i++ {
		for _, n := range g.Neighbors(bg.sq[i]) {
			if n >= 0 && all.Has(int(n)) {
				if !link(int8(i), idx(int(n))) {
					return false
				}
			}
		}
	}
	for k := 0; k < es.NumKeys; k++ {
		e, kk := idx(es.Keys[k].Eye), idx(es.Keys[k].Key)
		if !link(e, kk) || !link(kk, e) {
			return false
		}
	}
	return bg.finish()
}

// finish computes the key and the matching order of a graph whose vertices and edges are set.
func (bg *boardGraph) finish() bool {
	var deg [5]int
	marg := 0
	for i := 0; i < bg.n; i++ {
		bg.sig[i] = vertexSig(bg.deg[i], bg.marg[i])
		bg.need[i] = sigEmpty
		if bg.stone[i] {
			bg.need[i] = sigStone
		}
		deg[bg.deg[i]]++
		if bg.marg[i] {
			marg++
		}
	}
	bg.key = graphKey(bg.n, marg, deg)
	// Breadth-first order from the vertex of highest degree: every later vertex is adjacent to an
	// earlier one, so candidates come from the neighbours of its image.
	start := 0
	for i := 1; i < bg.n; i++ {
		if bg.deg[i] > bg.deg[start] {
			start = i
		}
	}
	var seen [MaxEyeVertices]bool
	bg.order[0], bg.parent[0], seen[start] = int8(start), -1, true
	head, tail := 0, 1
	for head < tail {
		v := bg.order[head]
		head++
		for k := uint8(0); k < bg.deg[v]; k++ {
			w := bg.nb[v][k]
			if !seen[w] {
				seen[w] = true
				bg.order[tail], bg.parent[tail] = w, v
				tail++
			}
		}
	}
	return tail == bg.n // a connected graph (always, for an eye space)
}

// matcher maps board vertices to pattern vertices.
type matcher struct {
	bg   boardGraph
	pg   *EyeGraph
	img  [MaxEyeVertices]int8 // board vertex -> pattern vertex
	used [MaxEyeVertices]bool
}

func (m *matcher) fits(v, p int) bool {
	bg := &m.bg
	ps := m.pg.sig[p]
	if ps&sigMask != bg.sig[v] || ps&bg.need[v] == 0 || m.used[p] {
		return false
	}
	pv := &m.pg.Vertices[p]
	if pv.Edge > bg.edge[v] {
		return false
	}
	// every already mapped neighbour must map to a pattern neighbour
	for k := uint8(0); k < bg.deg[v]; k++ {
		w := bg.nb[v][k]
		if wi := m.img[w]; wi >= 0 {
			if !pv.adjacent(wi) {
				return false
			}
		}
	}
	return true
}

func (v *EyeVertex) adjacent(p int8) bool {
	for k := uint8(0); k < v.Degree; k++ {
		if v.N[k] == p {
			return true
		}
	}
	return false
}

func (m *matcher) try(step, v, p int) bool {
	if !m.fits(v, p) {
		return false
	}
	m.img[v], m.used[p] = int8(p), true
	if m.search(step + 1) {
		return true
	}
	m.img[v], m.used[p] = -1, false
	return false
}

func (m *matcher) search(step int) bool {
	if step == m.bg.n {
		return true
	}
	v := int(m.bg.order[step])
	if par := m.bg.parent[step]; par >= 0 {
		pp := &m.pg.Vertices[m.img[par]]
		for k := uint8(0); k < pp.Degree; k++ {
			if m.try(step, v, int(pp.N[k])) {
				return true
			}
		}
		return false
	}
	for p := range m.pg.Vertices {
		if m.try(step, v, p) {
			return true
		}
	}
	return false
}

// Match finds the first graph of the database (file order: edge and corner patterns come first)
// isomorphic to the eye space's graph with compatible marks, and the board point of each pattern
// vertex. It returns nil when none matches.
func (db *EyeDB) Match(b *weiqi.Board, es *weiqi.EyeSpace) (*EyeGraph, [MaxEyeVertices]int) {
	var where [MaxEyeVertices]int
	if es.Points.Count() > db.maxVertices {
		return nil, where // larger than every graph of the database
	}
	var m matcher
	bg := &m.bg
	if !bg.build(b, es) {
		return nil, where
	}
	for _, gi := range db.index[bg.key] {
		m.pg = db.Graphs[gi]
		for i := 0; i < bg.n; i++ {
			m.img[i], m.used[i] = -1, false
		}
		if m.search(0) {
			for i := 0; i < bg.n; i++ {
				where[m.img[i]] = bg.sq[i]
			}
			return m.pg, where
		}
	}
	return nil, where
}

// Evaluate values an eye space with the database.
func (db *EyeDB) Evaluate(b *weiqi.Board, es *weiqi.EyeSpace) EyeResult {
	var r EyeResult
	db.evaluateInto(b, es, &r)
	return r
}

// evaluateInto is Evaluate writing into r (which must be zero), so that All fills its results in
// place instead of copying them.
func (db *EyeDB) evaluateInto(b *weiqi.Board, es *weiqi.EyeSpace, r *EyeResult) {
	r.Space, r.Value = *es, EyeValue{2, 2, 2, 2}
	for i := 0; i < es.NumKeys; i++ {
		if k := es.Keys[i].Key; !es.Points.Has(k) {
			r.Extra.Add(k)
		}
	}
	g, where := db.Match(b, es)
	if g == nil {
		return
	}
	r.Graph, r.Value = g, g.Value
	for i, v := range g.Vertices {
		if v.Flags&AttackPoint != 0 {
			r.Attack.Add(where[i])
		}
		if v.Flags&DefensePoint != 0 {
			r.Defense.Add(where[i])
		}
	}
}

// EyeEvaluator finds and values the eye spaces of positions, reusing its scratch space: no
// allocation per position once its buffers have grown. It is not safe for concurrent use.
type EyeEvaluator struct {
	db     *EyeDB
	an     weiqi.Analysis
	spaces []weiqi.EyeSpace
}

// NewEvaluator returns an evaluator on the database.
func (db *EyeDB) NewEvaluator() *EyeEvaluator {
	return &EyeEvaluator{db: db, spaces: make([]weiqi.EyeSpace, 0, 64)}
}

// Analysis is the string table of the last position evaluated.
func (e *EyeEvaluator) Analysis() *weiqi.Analysis { return &e.an }

// All finds and values every eye space of a position and appends the results to dst. With
// simpleDead the dead stones are found by weiqi's simple rule and dead is ignored.
func (e *EyeEvaluator) All(b *weiqi.Board, dead pattern.Set, simpleDead bool, dst []EyeResult) []EyeResult {
	e.an.Analyze(b)
	if simpleDead {
		dead = e.an.SimpleDead()
	}
	e.spaces = e.an.EyeSpaces(dead, e.spaces[:0])
	for i := range e.spaces {
		dst = append(dst, EyeResult{})
		e.db.evaluateInto(b, &e.spaces[i], &dst[len(dst)-1])
	}
	return dst
}

// EvaluateAll finds and values every eye space of a position (dead stones as given).
func (db *EyeDB) EvaluateAll(b *weiqi.Board, dead pattern.Set, dst []EyeResult) []EyeResult {
	return db.NewEvaluator().All(b, dead, false, dst)
}

// Shape is an eye space drawn as in eyes.db and matched against the database.
type Shape struct {
	Drawn  *EyeGraph // the drawing compiled as a graph
	Graph  *EyeGraph // the matching database pattern, nil when none matches (valued 2222)
	Value  EyeValue
	Attack []int // vertices of Drawn that are the attacker's vital points
	Defend []int // the defender's
}

// MatchShape values an eye space drawn as in eyes.db, rows separated by newlines: . a point,
// ! a marginal point, X a dead opponent stone, $ a marginal point holding one, | - + the board's
// edges. Other marks are errors with line and column ("shape" as the file name).
func (db *EyeDB) MatchShape(text string) (*Shape, error) {
	rows := strings.Split(strings.Trim(text, "\n"), "\n")
	for r, row := range rows {
		for c := 0; c < len(row); c++ {
			switch row[c] {
			case '.', '!', 'X', '$', '|', '-', '+', ' ':
			default:
				return nil, &DiagramError{"shape", r + 1, c + 1, fmt.Sprintf("unknown mark %q in an eye shape (want . ! X $ | - +)", row[c])}
			}
		}
	}
	drawn, err := ParseEyeDiagram(rows, "shape", 1)
	if err != nil {
		return nil, err
	}
	var m matcher
	bg := &m.bg
	bg.n = len(drawn.Vertices)
	for i, v := range drawn.Vertices {
		bg.sq[i] = i
		bg.marg[i] = v.Marginal
		bg.stone[i] = v.Flags&CanHoldStone != 0
		bg.edge[i] = v.Edge
		bg.deg[i] = v.Degree
		bg.nb[i] = v.N
	}
	sh := &Shape{Drawn: drawn, Value: EyeValue{2, 2, 2, 2}}
	if !bg.finish() {
		return nil, &DiagramError{"shape", 1, 1, "the shape is not connected"}
	}
	for _, gi := range db.index[bg.key] {
		m.pg = db.Graphs[gi]
		for i := 0; i < bg.n; i++ {
			m.img[i], m.used[i] = -1, false
		}
		if m.search(0) {
			sh.Graph, sh.Value = m.pg, m.pg.Value
			for i := 0; i < bg.n; i++ {
				f := m.pg.Vertices[m.img[i]].Flags
				if f&AttackPoint != 0 {
					sh.Attack = append(sh.Attack, i)
				}
				if f&DefensePoint != 0 {
					sh.Defend = append(sh.Defend, i)
				}
			}
			break
		}
	}
	return sh, nil
}
