package gnugo

import (
	"math/bits"

	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/weiqi"
)

// Matching an eye space against eyes.db.
//
// A match is an isomorphism between the space's graph and a database graph that keeps each
// vertex's degree and marginal mark (its signature) and puts stones only where the pattern allows
// them and edge and corner vertices only at the board's edges and corners. So the signatures of a
// vertex and of its neighbours (its label) are equal under every match, and so is the multiset of
// the labels of a graph: that multiset, hashed, is the key of the index. A key's graphs (in file
// order: GNU Go tries the edge-specific graphs first) are few, usually one to a handful, and each
// is searched with a plan made when the database is read: its vertices in an order where each
// after the first is next to an earlier one and as constrained as possible, so that a board vertex
// for it is picked among the neighbours of an earlier vertex's image with the same label, with the
// adjacency to all earlier vertices checked as one bitmask comparison.

// A vertex signature packs what must be equal between a board vertex and a pattern vertex (the
// degree and the marginal mark) in its low 4 bits; the pattern's sigEmpty and sigStone say which
// contents it allows.
const (
	sigEmpty = 0x10
	sigStone = 0x20
)

func vertexSig(degree uint8, marginal bool) uint8 {
	if marginal {
		return degree | 8
	}
	return degree
}

// vertexLabel is a vertex's signature (4 bits) and, for each signature, how many of its
// neighbours have it (3 bits each: at most 4 neighbours).
func vertexLabel(sig uint8, adj uint32, sigs *[MaxEyeVertices]uint8) uint64 {
	lab := uint64(sig)
	for ; adj != 0; adj &= adj - 1 {
		lab += 1 << (4 + 3*uint(sigs[bits.TrailingZeros32(adj)]))
	}
	return lab
}

// mixLabel spreads a label over 64 bits, so that the sum of a graph's mixed labels (a key that
// does not depend on the order of the vertices) rarely collides.
func mixLabel(lab uint64) uint64 {
	lab ^= lab >> 31
	lab *= 0x9e3779b97f4a7c15
	lab ^= lab >> 29
	lab *= 0xbf58476d1ce4e5b9
	return lab ^ lab>>32
}

// eyeStep is one vertex of a graph's matching plan.
type eyeStep struct {
	lab    uint64 // the label a board vertex needs
	back   uint32 // the earlier steps next to this one, one bit per step
	vert   int8   // the pattern vertex
	parent int8   // an earlier step next to this one (-1 for the first)
	allow  uint8  // sigEmpty, sigStone or both: what the vertex may hold
	edge   uint8  // the board vertex must have at least this many edges (1 edge, 2 corner)
}

// A graph's census counts, one byte each, its vertices on an edge or in a corner (edge >= 1), in
// a corner, holding a stone and empty. A board graph can match a database graph only if it has at
// least as many edge and corner vertices as the pattern requires and at least as many stones and
// empty points as the pattern's vertices that require them: censusFits checks the four at once.
const censusHigh = 0x80808080

func censusFits(board, need uint32) bool {
	return ((board|censusHigh)-need)&censusHigh == censusHigh
}

func census(edge1, corner, stones, empty int) uint32 {
	return uint32(edge1) | uint32(corner)<<8 | uint32(stones)<<16 | uint32(empty)<<24
}

// graphShape is a graph as the matcher sees it: adjacency as bitmasks, signatures, labels.
type graphShape struct {
	n    int
	adj  [MaxEyeVertices]uint32
	sig  [MaxEyeVertices]uint8
	lab  [MaxEyeVertices]uint64
	need [MaxEyeVertices]uint8 // board graphs: sigEmpty or sigStone, what the point holds
	edge [MaxEyeVertices]uint8
	key  uint64
	// census of the board graph: edge vertices, corner vertices, stones, empty points
	census uint32
}

// takeCensus counts a board graph's edge and corner vertices, stones and empty points.
func (s *graphShape) takeCensus() {
	e1, e2, st := 0, 0, 0
	for i := 0; i < s.n; i++ {
		if s.edge[i] >= 1 {
			e1++
		}
		if s.edge[i] >= 2 {
			e2++
		}
		if s.need[i] == sigStone {
			st++
		}
	}
	s.census = census(e1, e2, st, s.n-st)
}

// label fills the signatures, labels and key once n, adj and the marginal marks (bit 3 of sig)
// are set. It fails when a vertex has more than 4 neighbours (no eye graph has).
func (s *graphShape) label() bool {
	for i := 0; i < s.n; i++ {
		d := bits.OnesCount32(s.adj[i])
		if d > 4 {
			return false
		}
		s.sig[i] = s.sig[i]&8 | uint8(d)
	}
	key := uint64(s.n)
	for i := 0; i < s.n; i++ {
		s.lab[i] = vertexLabel(s.sig[i], s.adj[i], &s.sig)
		key += mixLabel(s.lab[i])
	}
	s.key = key | 1 // 0 marks an empty slot of the index
	return true
}

// compilePlan orders a database graph's vertices for matching: first the vertex whose label is
// rarest in the graph (then the one of highest degree, then an edge vertex), then repeatedly the
// vertex next to the most already ordered ones, with the same ties.
func (g *EyeGraph) compilePlan() bool {
	var s graphShape
	s.n = len(g.Vertices)
	for i, v := range g.Vertices {
		for k := uint8(0); k < v.Degree; k++ {
			s.adj[i] |= 1 << uint(v.N[k])
		}
		if v.Marginal {
			s.sig[i] = 8
		}
	}
	if !s.label() {
		return false
	}
	g.key = s.key
	e1, e2, st, em := 0, 0, 0, 0
	for _, v := range g.Vertices {
		if v.Edge >= 1 {
			e1++
		}
		if v.Edge >= 2 {
			e2++
		}
		switch v.Flags & (CanBeEmpty | CanHoldStone) {
		case CanHoldStone:
			st++
		case CanBeEmpty:
			em++
		}
	}
	g.census = census(e1, e2, st, em)
	var rarity [MaxEyeVertices]int
	for i := 0; i < s.n; i++ {
		for j := 0; j < s.n; j++ {
			if s.lab[j] == s.lab[i] {
				rarity[i]++
			}
		}
	}
	g.plan = make([]eyeStep, 0, s.n)
	var stepOf [MaxEyeVertices]int8
	var done uint32
	for len(g.plan) < s.n {
		best, bestScore := -1, -1
		for i := 0; i < s.n; i++ {
			if done&(1<<i) != 0 || (done != 0 && s.adj[i]&done == 0) {
				continue
			}
			score := bits.OnesCount32(s.adj[i]&done)<<16 | (MaxEyeVertices-rarity[i])<<8 | int(s.sig[i]&7)<<2 | int(g.Vertices[i].Edge)
			if score > bestScore {
				best, bestScore = i, score
			}
		}
		if best < 0 {
			return false // not connected
		}
		v := &g.Vertices[best]
		st := eyeStep{lab: s.lab[best], vert: int8(best), parent: -1, edge: v.Edge}
		if v.Flags&CanBeEmpty != 0 {
			st.allow |= sigEmpty
		}
		if v.Flags&CanHoldStone != 0 {
			st.allow |= sigStone
		}
		for adj := s.adj[best] & done; adj != 0; adj &= adj - 1 {
			k := stepOf[bits.TrailingZeros32(adj)]
			st.back |= 1 << uint(k)
			if st.parent < 0 || k < st.parent {
				st.parent = k
			}
		}
		stepOf[best] = int8(len(g.plan))
		g.plan = append(g.plan, st)
		done |= 1 << best
	}
	return true
}

// find maps the graph's plan onto the board graph s: img[k] is the board vertex of step k.
func (s *graphShape) find(plan []eyeStep, img *[MaxEyeVertices]int8) bool {
	n := len(plan)
	if n != s.n || n == 0 {
		return false
	}
	var rem [MaxEyeVertices]uint32
	used := uint32(0)
	k := 0
	rem[0] = uint32(1)<<n - 1
	for {
		if rem[k] == 0 {
			k--
			if k < 0 {
				return false
			}
			used &^= 1 << uint(img[k])
			continue
		}
		c := bits.TrailingZeros32(rem[k])
		rem[k] &= rem[k] - 1
		st := &plan[k]
		if s.lab[c] != st.lab || s.need[c]&st.allow == 0 || s.edge[c] < st.edge {
			continue
		}
		// the board neighbours of c among the vertices placed so far must be exactly the images
		// of the pattern neighbours placed so far
		want := uint32(0)
		for b := st.back; b != 0; b &= b - 1 {
			want |= 1 << uint(img[bits.TrailingZeros32(b)])
		}
		if s.adj[c]&used != want {
			continue
		}
		img[k] = int8(c)
		used |= 1 << uint(c)
		k++
		if k == n {
			return true
		}
		rem[k] = s.adj[img[plan[k].parent]] &^ used
	}
}

// eyeIndex finds a key's graphs: open addressing on the key, each slot naming a run of graph
// indices (in file order) in list.
type eyeIndex struct {
	mask  uint64
	slots []eyeSlot
	list  []int32
}

type eyeSlot struct {
	key        uint64
	start, end int32
}

func newEyeIndex(graphs []*EyeGraph) eyeIndex {
	order := map[uint64][]int32{}
	var keys []uint64
	for i, g := range graphs {
		if _, ok := order[g.key]; !ok {
			keys = append(keys, g.key)
		}
		order[g.key] = append(order[g.key], int32(i))
	}
	size := 16
	for size < 4*len(keys) {
		size *= 2
	}
	ix := eyeIndex{mask: uint64(size - 1), slots: make([]eyeSlot, size)}
	for _, k := range keys {
		i := k & ix.mask
		for ix.slots[i].key != 0 {
			i = (i + 1) & ix.mask
		}
		start := int32(len(ix.list))
		ix.list = append(ix.list, order[k]...)
		ix.slots[i] = eyeSlot{k, start, int32(len(ix.list))}
	}
	return ix
}

// lookup is the graphs with the key, in file order.
func (ix *eyeIndex) lookup(key uint64) []int32 {
	if len(ix.slots) == 0 {
		return nil
	}
	for i := key & ix.mask; ; i = (i + 1) & ix.mask {
		s := &ix.slots[i]
		if s.key == key {
			return ix.list[s.start:s.end]
		}
		if s.key == 0 {
			return nil
		}
	}
}

// match finds the first graph of the database matching the shape, with the board vertex of each
// step of its plan.
func (db *EyeDB) match(s *graphShape, img *[MaxEyeVertices]int8) *EyeGraph {
	for _, gi := range db.index.lookup(s.key) {
		g := db.Graphs[gi]
		if censusFits(s.census, g.census) && s.find(g.plan, img) {
			return g
		}
	}
	return nil
}

// boardShape builds the graph of an eye space (of at most maxN vertices): its points, and a
// virtual marginal vertex for each half eye. Vertex i is the i-th point of the set in
// increasing order, so a point's vertex is its rank in the set. sq receives the points. It fails
// when the space has more than MaxEyeVertices points or a vertex more than 4 neighbours.
func boardShape(s *graphShape, sq *[MaxEyeVertices]int16, b *weiqi.Board, es *weiqi.EyeSpace, maxN int, skip uint) bool {
	g := b.Grid()
	all := es.Points
	var base [pattern.MaxWords]int
	n := 0
	for wi, w := range all {
		base[wi] = n
		n += bits.OnesCount64(w)
	}
	if es.NumHalf > len(es.Half) {
		return false
	}
	if total := n + es.NumHalf; total > maxN || total > MaxEyeVertices || n == 0 {
		return false
	}
	rank := func(p int) int {
		return base[p>>6] + bits.OnesCount64(all[p>>6]&(1<<(uint(p)&63)-1))
	}
	has := func(p int) bool { return all[p>>6]&(1<<(uint(p)&63)) != 0 }
	s.n = n
	// Points are numbered in increasing order, so the east neighbour of vertex i, when in the
	// space, is vertex i+1; only the north neighbour needs its rank. Each link is made from its
	// south or west end.
	i := 0
	for wi, w := range all {
		marg, dead := es.Marginal[wi], es.Dead[wi]
		for ; w != 0; w &= w - 1 {
			low := w & -w
			p := wi*64 + bits.TrailingZeros64(w)
			sq[i] = int16(p)
			s.edge[i] = uint8(g.EdgeCount(p))
			s.need[i] = sigEmpty
			if dead&low != 0 {
				s.need[i] = sigStone
			}
			s.sig[i] = 0
			if marg&low != 0 {
				s.sig[i] = 8
			}
			s.adj[i] = 0
			i++
		}
	}
	for i := 0; i < n; i++ {
		p := int(sq[i])
		nb := g.Neighbors(p)
		if e := nb[1]; e >= 0 && has(int(e)) {
			s.adj[i] |= 1 << uint(i+1)
			s.adj[i+1] |= 1 << uint(i)
		}
		if no := nb[0]; no >= 0 && has(int(no)) {
			j := rank(int(no))
			s.adj[i] |= 1 << uint(j)
			s.adj[j] |= 1 << uint(i)
		}
	}
	// each half eye gets a virtual marginal vertex next to it alone, empty and off the edges, as
	// in GNU Go's recognize_eye; its "point" is -1-k for half eye k, whose diagonal moves are
	// the vital points when the graph marks the vertex
	v := n
	for k := 0; k < es.NumHalf; k++ {
		if skip&(1<<uint(k)) != 0 {
			continue
		}
		e := rank(es.Half[k].Eye)
		sq[v] = int16(-1 - k)
		s.edge[v], s.need[v], s.sig[v] = 0, sigEmpty, 8
		s.adj[v] = 1 << uint(e)
		s.adj[e] |= 1 << uint(v)
		v++
	}
	s.n = v
	s.takeCensus()
	return s.label()
}
