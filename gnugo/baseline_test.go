package gnugo

import (
	"math/bits"

	"github.com/cqlgo/cql/weiqi"
)

// The previous eye matcher, kept as the baseline of BenchmarkEyeMatch and as a second opinion in
// TestEyeMatchersAgree: graphs indexed by size, marginal count and degree histogram, each
// candidate searched from the board side in breadth-first order with per-vertex signature checks.

const v1SigMask = 0x0f

type v1Pattern struct {
	g   *EyeGraph
	sig []uint8
}

type v1DB struct {
	graphs []v1Pattern
	index  map[uint32][]int32
	maxN   int
}

func v1Key(n, marginal int, deg [5]int) uint32 {
	return uint32(n) | uint32(marginal)<<5 | uint32(deg[1])<<10 | uint32(deg[2])<<15 | uint32(deg[3])<<20 | uint32(deg[4])<<25
}

func newV1DB(db *EyeDB) *v1DB {
	v := &v1DB{index: map[uint32][]int32{}}
	for i, g := range db.Graphs {
		var deg [5]int
		p := v1Pattern{g: g, sig: make([]uint8, len(g.Vertices))}
		for j, vx := range g.Vertices {
			deg[vx.Degree]++
			p.sig[j] = vertexSig(vx.Degree, vx.Marginal)
			if vx.Flags&CanBeEmpty != 0 {
				p.sig[j] |= sigEmpty
			}
			if vx.Flags&CanHoldStone != 0 {
				p.sig[j] |= sigStone
			}
		}
		k := v1Key(len(g.Vertices), g.Marginal, deg)
		v.index[k] = append(v.index[k], int32(i))
		v.graphs = append(v.graphs, p)
		v.maxN = max(v.maxN, len(g.Vertices))
	}
	return v
}

// match is the old EyeDB.Match.
func (v *v1DB) match(b *weiqi.Board, es *weiqi.EyeSpace) (*EyeGraph, [MaxEyeVertices]int) {
	var where [MaxEyeVertices]int
	if es.Points.Count() > v.maxN {
		return nil, where
	}
	var m v1Matcher
	bg := &m.bg
	if !bg.build(b, es) {
		return nil, where
	}
	for _, gi := range v.index[bg.key] {
		m.pg = &v.graphs[gi]
		for i := 0; i < bg.n; i++ {
			m.img[i], m.used[i] = -1, false
		}
		if m.search(0) {
			for i := 0; i < bg.n; i++ {
				where[m.img[i]] = bg.sq[i]
			}
			return m.pg.g, where
		}
	}
	return nil, where
}

// matchLinear tries every graph of the database in turn, without an index.
func (v *v1DB) matchLinear(b *weiqi.Board, es *weiqi.EyeSpace) *EyeGraph {
	var m v1Matcher
	bg := &m.bg
	if !bg.build(b, es) {
		return nil
	}
	for gi := range v.graphs {
		if len(v.graphs[gi].g.Vertices) != bg.n {
			continue
		}
		m.pg = &v.graphs[gi]
		for i := 0; i < bg.n; i++ {
			m.img[i], m.used[i] = -1, false
		}
		if m.search(0) {
			return m.pg.g
		}
	}
	return nil
}

// v1Graph is the graph of an eye space on the board, in fixed arrays (no allocation).
type v1Graph struct {
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
func (bg *v1Graph) build(b *weiqi.Board, es *weiqi.EyeSpace) bool {
	g := b.Grid()
	bg.n = 0
	all := es.Points
	if es.NumHalf > len(es.Half) || all.Count()+es.NumHalf > MaxEyeVertices {
		return false
	}
	for wi, w := range all {
		for w != 0 {
			sq := wi*64 + bits.TrailingZeros64(w)
			w &= w - 1
			i := bg.n
			bg.sq[i] = sq
			bg.marg[i] = es.Marginal.Has(sq)
			bg.stone[i] = es.Dead.Has(sq)
			bg.edge[i] = uint8(g.EdgeCount(sq))
			bg.deg[i] = 0
			bg.n++
		}
	}
	points := bg.n
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
	for i := 0; i < points; i++ {
		for _, n := range g.Neighbors(bg.sq[i]) {
			if n >= 0 && all.Has(int(n)) {
				if !link(int8(i), idx(int(n))) {
					return false
				}
			}
		}
	}
	// a virtual marginal vertex per half eye (-1-k names half eye k's)
	for k := 0; k < es.NumHalf; k++ {
		v := int8(bg.n)
		bg.sq[v], bg.marg[v], bg.stone[v], bg.edge[v], bg.deg[v] = -1-k, true, false, 0, 0
		bg.n++
		if e := idx(es.Half[k].Eye); !link(e, v) || !link(v, e) {
			return false
		}
	}
	return bg.finish()
}

// finish computes the key and the matching order of a graph whose vertices and edges are set.
func (bg *v1Graph) finish() bool {
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
	bg.key = v1Key(bg.n, marg, deg)
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
type v1Matcher struct {
	bg   v1Graph
	pg   *v1Pattern
	img  [MaxEyeVertices]int8 // board vertex -> pattern vertex
	used [MaxEyeVertices]bool
}

func (m *v1Matcher) fits(v, p int) bool {
	bg := &m.bg
	ps := m.pg.sig[p]
	if ps&v1SigMask != bg.sig[v] || ps&bg.need[v] == 0 || m.used[p] {
		return false
	}
	pv := &m.pg.g.Vertices[p]
	if pv.Edge > bg.edge[v] {
		return false
	}
	// every already mapped neighbour must map to a pattern neighbour
	for k := uint8(0); k < bg.deg[v]; k++ {
		w := bg.nb[v][k]
		if wi := m.img[w]; wi >= 0 {
			if !v1Adjacent(pv, wi) {
				return false
			}
		}
	}
	return true
}

func v1Adjacent(v *EyeVertex, p int8) bool {
	for k := uint8(0); k < v.Degree; k++ {
		if v.N[k] == p {
			return true
		}
	}
	return false
}

func (m *v1Matcher) try(step, v, p int) bool {
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

func (m *v1Matcher) search(step int) bool {
	if step == m.bg.n {
		return true
	}
	v := int(m.bg.order[step])
	if par := m.bg.parent[step]; par >= 0 {
		pp := &m.pg.g.Vertices[m.img[par]]
		for k := uint8(0); k < pp.Degree; k++ {
			if m.try(step, v, int(pp.N[k])) {
				return true
			}
		}
		return false
	}
	for p := range m.pg.g.Vertices {
		if m.try(step, v, p) {
			return true
		}
	}
	return false
}

// matchShapeLinear is the reference for a graph given directly: the previous board-side search
// tried on every graph of the database in file order.
func (v *v1DB) matchShapeLinear(s *graphShape) *EyeGraph {
	var m v1Matcher
	bg := &m.bg
	bg.n = s.n
	for i := 0; i < s.n; i++ {
		bg.sq[i] = i
		bg.marg[i] = s.sig[i]&8 != 0
		bg.stone[i] = s.need[i] == sigStone
		bg.edge[i] = s.edge[i]
		bg.deg[i] = 0
		for a := s.adj[i]; a != 0; a &= a - 1 {
			bg.nb[i][bg.deg[i]] = int8(bits.TrailingZeros32(a))
			bg.deg[i]++
		}
	}
	if !bg.finish() {
		return nil
	}
	for gi := range v.graphs {
		if len(v.graphs[gi].g.Vertices) != bg.n {
			continue
		}
		m.pg = &v.graphs[gi]
		for i := 0; i < bg.n; i++ {
			m.img[i], m.used[i] = -1, false
		}
		if m.search(0) {
			return m.pg.g
		}
	}
	return nil
}
