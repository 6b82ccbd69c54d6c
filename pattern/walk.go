package pattern

// The automaton: a Thompson NFA built from the syntax tree, walked one start square at a time.

type nsop uint8

const (
	nsMatch nsop = iota
	nsEps        // go on to out
	nsSplit      // go on to out and out2
	nsStep       // move by steps[step], then out
	nsCheck      // go on to out if the check holds
)

type nstate struct {
	op        nsop
	out, out2 int32
	step      int32
	lit       lit
}

type nfa struct {
	states []nstate
	start  int32
	steps  [][]int16 // per step kind: the target of each square, -1 off the board
}

func buildNFA(g *Geometry, tree *ast) *nfa {
	a := &nfa{}
	stepIndex := map[Step]int32{}
	add := func(s nstate) int32 {
		a.states = append(a.states, s)
		return int32(len(a.states) - 1)
	}
	match := add(nstate{op: nsMatch})
	var comp func(t *ast, next int32) int32
	comp = func(t *ast, next int32) int32 {
		switch t.kind {
		case aEmpty:
			return next
		case aStep:
			si, ok := stepIndex[t.step]
			if !ok {
				tab := make([]int16, g.n)
				for sq := range tab {
					tab[sq] = -1
					if !g.valid.Has(sq) {
						continue
					}
					f, r := g.Coords(sq)
					if to := g.Square(f+t.step.DX, r+t.step.DY); to >= 0 && g.valid.Has(to) {
						tab[sq] = int16(to)
					}
				}
				si = int32(len(a.steps))
				a.steps = append(a.steps, tab)
				stepIndex[t.step] = si
			}
			return add(nstate{op: nsStep, step: si, out: next})
		case aCheck:
			return add(nstate{op: nsCheck, lit: t.lit, out: next})
		case aSeq:
			for i := len(t.kids) - 1; i >= 0; i-- {
				next = comp(t.kids[i], next)
			}
			return next
		case aAlt:
			cur := comp(t.kids[len(t.kids)-1], next)
			for i := len(t.kids) - 2; i >= 0; i-- {
				cur = add(nstate{op: nsSplit, out: comp(t.kids[i], next), out2: cur})
			}
			return cur
		case aRep:
			body := t.kids[0]
			cur := next
			if t.max < 0 {
				loop := add(nstate{op: nsSplit, out2: next})
				a.states[loop].out = comp(body, loop)
				cur = loop
			} else {
				for i := 0; i < t.max-t.min; i++ {
					cur = add(nstate{op: nsSplit, out: comp(body, cur), out2: next})
				}
			}
			for i := 0; i < t.min; i++ {
				cur = comp(body, cur)
			}
			return cur
		}
		panic("pattern: bad tree")
	}
	a.start = comp(tree, match)
	return a
}

// Walker walks a pattern's automaton from one start square at a time, keeping the (state,
// square) pairs it has visited so that every walk ends. It reuses its memory: after the first
// walks it does not allocate. A Walker is not safe for concurrent use.
type Walker struct {
	p       *Pattern
	visited []uint64
	stack   []int32
}

// NewWalker returns a Walker for the pattern.
func (p *Pattern) NewWalker() *Walker {
	return &Walker{p: p, visited: make([]uint64, (len(p.nfa.states)*p.g.n+63)/64)}
}

// Walk returns the squares where the walks of the pattern starting on sq end alive (empty when
// the pattern is false on sq). An excluded or off-board start square has no walk.
func (w *Walker) Walk(e *Env, sq int) Set {
	var ends Set
	g, a := w.p.g, w.p.nfa
	if sq < 0 || sq >= g.n || !g.valid.Has(sq) {
		return ends
	}
	clear(w.visited)
	n := int32(g.n)
	stack := append(w.stack[:0], a.start*n+int32(sq))
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if w.visited[x>>6]&(1<<(uint(x)&63)) != 0 {
			continue
		}
		w.visited[x>>6] |= 1 << (uint(x) & 63)
		st, at := x/n, int(x%n)
		s := &a.states[st]
		switch s.op {
		case nsMatch:
			ends.Add(at)
		case nsEps:
			stack = append(stack, s.out*n+int32(at))
		case nsSplit:
			stack = append(stack, s.out2*n+int32(at), s.out*n+int32(at))
		case nsStep:
			if to := a.steps[s.step][at]; to >= 0 {
				stack = append(stack, s.out*n+int32(to))
			}
		case nsCheck:
			if litHas(g, s.lit, e, at) {
				stack = append(stack, s.out*n+int32(at))
			}
		}
	}
	w.stack = stack
	return ends
}

func litHas(g *Geometry, l lit, e *Env, sq int) bool {
	var s *Set
	switch l.kind {
	case ckEmpty:
		s = &e.Empty
	case ckFriend:
		s = &e.Friend
	case ckFoe:
		s = &e.Foe
	case ckThis:
		s = &e.This
	case ckType:
		if l.typ < len(e.Types) {
			s = &e.Types[l.typ]
		}
	}
	in := s != nil && s.Has(sq)
	return in != l.neg
}
