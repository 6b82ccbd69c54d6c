package filter

// A find whose filter reads the position alone (positionLocal) remembers, for the game
// being evaluated, the filter's value at each node and, along the main line, the first
// match and the number of matches from each node on. A find at every position of a game
// then evaluates its filter once a node instead of once for each earlier position.

// findMemo is one find's memory of the current game (Evaluator.finds).
type findMemo struct {
	ready bool
	// val[i]: the filter at node i not evaluated yet (0), false (1), true (2)
	val []uint8
	// next[i]: the first main-line node from i on where the filter matches (-1: none;
	// unknown: not worked out yet)
	next []int32
	// count[i]: the matches on the main line from i on (-1: not worked out yet);
	// first[i] is then the first of them (-1: none)
	count, first []int32
	stack        []int32
}

const unknownNode = -2

// memoOf returns the find's memory, sized for the current game.
func (n *findNode) memoOf(e *Evaluator) *findMemo {
	m := &e.finds[n.memo]
	if size := len(e.g.Nodes); !m.ready || len(m.val) != size {
		if cap(m.val) < size {
			m.val = make([]uint8, size, size+size/2)
		}
		m.val = m.val[:size]
		clear(m.val)
		m.next = fillInt32(m.next, size, unknownNode)
		m.count = fillInt32(m.count, size, -1)
		m.first = fillInt32(m.first, size, -1)
		m.ready = true
	}
	return m
}

func fillInt32(s []int32, n int, v int32) []int32 {
	if cap(s) < n {
		s = make([]int32, n, n+n/2)
	}
	s = s[:n]
	for i := range s {
		s[i] = v
	}
	return s
}

// value is the find's filter at node i; e.cur is left at i when it was evaluated.
func (n *findNode) value(e *Evaluator, i int32) bool {
	if n.memo < 0 {
		e.at(i)
		return n.a.match(e)
	}
	m := n.memoOf(e)
	if v := m.val[i]; v != 0 {
		return v == 2
	}
	e.at(i)
	ok := n.a.match(e)
	m.val[i] = 1
	if ok {
		m.val[i] = 2
	}
	return ok
}

// searchMainLine is search along the main line with the memory: the first match from
// the current position (stopEarly), or every match counted.
func (n *findNode) searchMainLine(e *Evaluator, stopEarly bool, lo, hi int, ok bool) (count int, first int32) {
	save := e.cur
	nodes := e.g.Nodes
	m := n.memoOf(e)
	if stopEarly {
		i, r := save, int32(-1)
		for ; i >= 0; i = nodes[i].FirstChild {
			if v := m.next[i]; v != unknownNode {
				r = v
				break
			}
			if n.value(e, i) {
				r = i
				break
			}
		}
		for j := save; j != i; j = nodes[j].FirstChild {
			m.next[j] = r
		}
		if i >= 0 {
			m.next[i] = r
		}
		first = r
		if r >= 0 {
			count = 1
		}
	} else {
		stack := m.stack[:0]
		i := save
		for ; i >= 0 && m.count[i] < 0; i = nodes[i].FirstChild {
			stack = append(stack, i)
		}
		c, f := int32(0), int32(-1)
		if i >= 0 {
			c, f = m.count[i], m.first[i]
		}
		for k := len(stack) - 1; k >= 0; k-- {
			j := stack[k]
			if n.value(e, j) {
				c++
				f = j
			}
			m.count[j], m.first[j] = c, f
		}
		m.stack = stack
		count, first = int(c), f
	}
	e.at(save)
	if n.comments {
		mark := len(e.found)
		if stopEarly {
			if first >= 0 {
				e.found = append(e.found, first)
			}
		} else {
			for i := first; i >= 0; i = nodes[i].FirstChild {
				if m.val[i] == 2 {
					e.found = append(e.found, i)
				}
			}
		}
		n.comment(e, e.found[mark:], lo, hi, ok)
		e.found = e.found[:mark]
	}
	return count, first
}
