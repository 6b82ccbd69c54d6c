package gnugo

import (
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

// neighbourSteps are the 8 points around the anchor whose states are packed into one word, a
// nibble each: N E S W NE SE SW NW (board files east, ranks north).
var neighbourSteps = [8][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}}

type boardElem struct {
	df, dr int8
	allow  uint8
}

// candidate is a pattern in one orientation.
type candidate struct {
	p       *MovePattern
	t       Transform
	near    uint32 // allowed states of the 8 neighbours of the anchor, a nibble each
	anchor  uint8  // allowed states of the anchor itself
	elems   []boardElem
	minF    int8 // bounding box of the elements that must be on the board, relative to the anchor
	maxF    int8
	minR    int8
	maxR    int8
	offOnly bool // some element must be off the board
}

// Matcher matches move patterns at points of positions, in every orientation their symmetry asks
// for. Candidates are indexed by the states of the anchor's four orthogonal neighbours, then
// filtered by all eight neighbours at once, then checked element by element.
type Matcher struct {
	cands  []candidate
	byOrth [256][]int32
}

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
	for ci := range m.cands {
		c := &m.cands[ci]
		for code := 0; code < 256; code++ {
			ok := true
			for k := 0; k < 4; k++ {
				st := uint32(1) << ((code >> (2 * k)) & 3)
				if (c.near>>(4*k))&st == 0 {
					ok = false
					break
				}
			}
			if ok {
				m.byOrth[code] = append(m.byOrth[code], int32(ci))
			}
		}
	}
	return m
}

// Candidates is the number of (pattern, orientation) pairs.
func (m *Matcher) Candidates() int { return len(m.cands) }

func compileCandidate(p *MovePattern, t Transform) candidate {
	c := candidate{p: p, t: t, near: 0xFFFFFFFF, anchor: stEmpty | stFriend | stEnemy}
	first := true
	add := func(e MoveElement, allow uint32) {
		x, y := t.Apply(int(e.X), int(e.Y))
		df, dr := int8(x), int8(-y)
		if df == 0 && dr == 0 {
			c.anchor = uint8(allow)
			return
		}
		for k, st := range neighbourSteps {
			if int(df) == st[0] && int(dr) == st[1] {
				c.near = c.near&^(0xF<<(4*k)) | allow<<(4*k)
			}
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
	near  [pattern.MaxSquares]uint32
	orth  [pattern.MaxSquares]uint8
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
	for sq := 0; sq < n; sq++ {
		f, r := g.Coords(sq)
		var near uint32
		var orth uint8
		for k, st := range neighbourSteps {
			t := g.Square(f+st[0], r+st[1])
			v := uint8(stOff)
			if t >= 0 {
				v = s.state[t]
			}
			near |= uint32(v) << (4 * k)
			if k < 4 {
				orth |= stateCode(v) << (2 * k)
			}
		}
		s.near[sq], s.orth[sq] = near, orth
	}
}

func stateCode(v uint8) uint8 {
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

// allNibbles reports whether every nibble of x is non-zero.
func allNibbles(x uint32) bool {
	x |= x >> 1
	x |= x >> 2
	return x&0x11111111 == 0x11111111
}

// At appends the matches whose anchor is sq.
func (m *Matcher) At(s *Scan, sq int, dst []Match) []Match {
	g := s.grid
	size := int8(g.Size())
	f0, r0 := g.Coords(sq)
	f, r := int8(f0), int8(r0)
	st := s.state[sq]
	near := s.near[sq]
	for _, ci := range m.byOrth[s.orth[sq]] {
		c := &m.cands[ci]
		if c.anchor&st == 0 || !allNibbles(c.near&near) {
			continue
		}
		if f+c.minF < 0 || f+c.maxF >= size || r+c.minR < 0 || r+c.maxR >= size {
			continue
		}
		ok := true
		for _, e := range c.elems {
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
	return dst
}

// All appends the matches at every point of the board (patterns with a '*' only match at empty
// points, as their anchor is the move).
func (m *Matcher) All(s *Scan, dst []Match) []Match {
	for sq := 0; sq < s.grid.Points(); sq++ {
		dst = m.At(s, sq, dst)
	}
	return dst
}
