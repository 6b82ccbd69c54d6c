package gnugo

import (
	"math/bits"

	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/weiqi"
)

// Point states as seen by the matcher, one bit each so that an element's allowed states are a mask.
const (
	stEmpty = 1 << iota
	stFriend
	stEnemy
	stOff
)

func allowedStates(kind byte) uint32 {
	switch kind {
	case ElemEmpty, ElemMove, ElemComma, ElemInhibit:
		return stEmpty
	case ElemFriend:
		return stFriend
	case ElemEnemy:
		return stEnemy
	case ElemNotEnemy:
		return stEmpty | stFriend
	case ElemNotFrnd:
		return stEmpty | stEnemy
	case ElemAny:
		return stEmpty | stFriend | stEnemy
	case elemOff:
		return stOff
	}
	return 0
}

type boardElem struct {
	df, dr int8
	allow  uint8
}

// candidate is a pattern in one orientation.
type candidate struct {
	p       *MovePattern
	t       Transform
	anchor  uint8 // allowed states of the anchor itself
	elems   []boardElem
	rest    []boardElem // the elements outside the filter points: the filter has checked the others
	minF    int8        // bounding box of the elements that must be on the board, relative to the anchor
	maxF    int8
	minR    int8
	maxR    int8
	offOnly bool // some element must be off the board
}

// Matcher matches move patterns at points of positions, in every orientation their symmetry asks
// for. A point's candidates are found at once as the intersection of bitsets, one per point near
// the anchor (the anchor, its 8 neighbours and the 4 points two steps away) and per state of that
// point (empty, O, X, off the board); the survivors are then checked element by element.
type Matcher struct {
	cands []candidate
	words int
	filt  [len(filterSteps)][4][]uint64
	// group[g] holds, for every combination of the states of the points of filterGroups[g], the
	// intersection of their filt rows (combination index: sum of state * 4^position), so a point's
	// candidates are three table lookups and two intersections.
	group [len(filterGroups)][]uint64
}

// filterGroups partition filterSteps: the anchor and its orthogonal neighbours, the diagonal
// neighbours, the points two steps away.
var filterGroups = [3][]int{{0, 1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}}

// filterSteps are the points whose states select the candidates.
var filterSteps = [13][2]int{{0, 0}, {0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}, {0, 2}, {2, 0}, {0, -2}, {-2, 0}}

// NewMatcher compiles databases for matching.
func NewMatcher(dbs ...*PatternDB) *Matcher {
	m := &Matcher{}
	for _, db := range dbs {
		for _, p := range db.Patterns {
			for _, t := range p.Transforms() {
				m.cands = append(m.cands, compileCandidate(p, t))
			}
		}
	}
	m.words = (len(m.cands) + 63) / 64
	for k := range m.filt {
		for st := range m.filt[k] {
			m.filt[k][st] = make([]uint64, m.words)
		}
	}
	for ci := range m.cands {
		c := &m.cands[ci]
		for k, step := range filterSteps {
			allow := uint8(stEmpty | stFriend | stEnemy | stOff)
			if k == 0 {
				allow = c.anchor
			}
			for _, e := range c.elems {
				if int(e.df) == step[0] && int(e.dr) == step[1] {
					allow = e.allow
				}
			}
			for st := 0; st < 4; st++ {
				if allow&(1<<st) != 0 {
					m.filt[k][st][ci>>6] |= 1 << (uint(ci) & 63)
				}
			}
		}
	}
	for g, steps := range filterGroups {
		combos := 1 << (2 * len(steps))
		tab := make([]uint64, combos*m.words)
		for code := 0; code < combos; code++ {
			row := tab[code*m.words : (code+1)*m.words]
			for i := range row {
				row[i] = ^uint64(0)
			}
			for j, k := range steps {
				st := (code >> (2 * j)) & 3
				for i, w := range m.filt[k][st] {
					row[i] &= w
				}
			}
		}
		m.group[g] = tab
	}
	for ci := range m.cands {
		c := &m.cands[ci]
		c.rest = nil
		for _, e := range c.elems {
			if !isFilterStep(e.df, e.dr) {
				c.rest = append(c.rest, e)
			}
		}
	}
	return m
}

func isFilterStep(df, dr int8) bool {
	for _, step := range filterSteps {
		if int(df) == step[0] && int(dr) == step[1] {
			return true
		}
	}
	return false
}

// Candidates is the number of (pattern, orientation) pairs.
func (m *Matcher) Candidates() int { return len(m.cands) }

func compileCandidate(p *MovePattern, t Transform) candidate {
	c := candidate{p: p, t: t, anchor: stEmpty | stFriend | stEnemy}
	first := true
	add := func(e MoveElement, allow uint32) {
		x, y := t.Apply(int(e.X), int(e.Y))
		df, dr := int8(x), int8(-y)
		if df == 0 && dr == 0 {
			c.anchor = uint8(allow)
			return
		}
		c.elems = append(c.elems, boardElem{df, dr, uint8(allow)})
		if allow == stOff {
			c.offOnly = true
			return
		}
		if first {
			c.minF, c.maxF, c.minR, c.maxR = df, df, dr, dr
			first = false
		}
		c.minF, c.maxF = min(c.minF, df), max(c.maxF, df)
		c.minR, c.maxR = min(c.minR, dr), max(c.maxR, dr)
	}
	for _, e := range p.Elements {
		add(e, allowedStates(e.Kind))
	}
	for _, e := range p.OnBoard {
		add(e, allowedStates(ElemAny))
	}
	// elements that only require the board come last: the others reject sooner
	out := c.elems[:0:0]
	for _, e := range c.elems {
		if e.allow != stEmpty|stFriend|stEnemy {
			out = append(out, e)
		}
	}
	for _, e := range c.elems {
		if e.allow == stEmpty|stFriend|stEnemy {
			out = append(out, e)
		}
	}
	c.elems = out
	return c
}

// Match is a pattern matched on a position.
type Match struct {
	Pattern   *MovePattern
	Transform Transform
	Anchor    int // the board point of the pattern's anchor
	Move      int // the point of '*', or -1
}

// Scan is the per-position state of the matcher: the board seen from one colour. Build it with
// Matcher.Position; it is reused between positions without allocating.
type Scan struct {
	grid  *weiqi.Grid
	state [pattern.MaxSquares]uint8
	cand  []uint64
	live  []int32 // the words of cand that are not zero
}

// Position prepares a scan of b for colour (the O of the patterns).
func (s *Scan) Position(b *weiqi.Board, color weiqi.Color) {
	g := b.Grid()
	s.grid = g
	n := g.Points()
	friend, enemy := b.Stones(color), b.Stones(color.Opponent())
	for sq := 0; sq < n; sq++ {
		switch {
		case friend.Has(sq):
			s.state[sq] = stFriend
		case enemy.Has(sq):
			s.state[sq] = stEnemy
		default:
			s.state[sq] = stEmpty
		}
	}
}

// At appends the matches whose anchor is sq.
func (m *Matcher) At(s *Scan, sq int, dst []Match) []Match {
	g := s.grid
	size := int8(g.Size())
	f0, r0 := g.Coords(sq)
	f, r := int8(f0), int8(r0)
	if cap(s.cand) < m.words {
		s.cand = make([]uint64, m.words)
		s.live = make([]int32, 0, m.words)
	}
	cand := s.cand[:m.words]
	live := s.live[:0]
	var codes [len(filterGroups)]int
	for g, steps := range filterGroups {
		code := 0
		for j, k := range steps {
			step := filterSteps[k]
			tf, tr := f0+step[0], r0+step[1]
			st := 3 // off the board
			if tf >= 0 && tf < int(size) && tr >= 0 && tr < int(size) {
				st = stateIndex(s.state[tr*int(size)+tf])
			}
			code |= st << (2 * j)
		}
		codes[g] = code * m.words
	}
	row0 := m.group[0][codes[0] : codes[0]+m.words]
	row1 := m.group[1][codes[1] : codes[1]+m.words]
	row2 := m.group[2][codes[2] : codes[2]+m.words]
	for i, w := range row0 {
		if w != 0 {
			if w &= row1[i] & row2[i]; w != 0 {
				cand[i] = w
				live = append(live, int32(i))
			}
		}
	}
	s.live = live
	for _, wi := range live {
		w := cand[wi]
		for w != 0 {
			ci := int(wi)*64 + bits.TrailingZeros64(w)
			w &= w - 1
			c := &m.cands[ci]
			if f+c.minF < 0 || f+c.maxF >= size || r+c.minR < 0 || r+c.maxR >= size {
				continue
			}
			ok := true
			for _, e := range c.rest {
				tf, tr := f+e.df, r+e.dr
				v := uint8(stOff)
				if tf >= 0 && tf < size && tr >= 0 && tr < size {
					v = s.state[int(tr)*int(size)+int(tf)]
				}
				if e.allow&v == 0 {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			mv := -1
			if c.p.HasMove {
				mv = sq
			}
			dst = append(dst, Match{Pattern: c.p, Transform: c.t, Anchor: sq, Move: mv})
		}
	}
	return dst
}

func stateIndex(v uint8) int {
	switch v {
	case stEmpty:
		return 0
	case stFriend:
		return 1
	case stEnemy:
		return 2
	}
	return 3
}

// All appends the matches at every point of the board (patterns with a '*' only match at empty
// points, as their anchor is the move).
func (m *Matcher) All(s *Scan, dst []Match) []Match {
	for sq := 0; sq < s.grid.Points(); sq++ {
		dst = m.At(s, sq, dst)
	}
	return dst
}
