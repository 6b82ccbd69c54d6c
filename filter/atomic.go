package filter

// Atomic variables (CQL 6.2, `atomic X = 0`) differ from other variables
// only inside a path filter: when the path's search gives up a branch, the
// atomic variables get back the values they had before it, so at any point
// of the search they hold what the branch being tried assigned. When the
// path matches they keep the values of the path chosen (the one whose
// length is the path's value; the first found among equals); when it does
// not, the values they had before it. Ordinary variables keep whatever the
// last branch tried assigned.
//
// The values are kept on e.atomicStack, with no allocation once it has
// grown; a query without atomic variables pays one length test per filter
// constituent.

// atomicFrame is the bookkeeping of the innermost path being matched: its
// atomic values before it at base, those of its best complete path so far
// at base+len(atomics) (bestDone: that path's length, -1: none yet).
type atomicFrame struct {
	base, bestDone int
}

// atomicBegin starts a path's search; the frame it returns goes to atomicEnd.
func (e *Evaluator) atomicBegin() atomicFrame {
	prev := e.atomicCur
	if len(e.q.atomics) == 0 {
		return prev
	}
	base := e.atomicPush()
	e.atomicPush()
	e.atomicCur = atomicFrame{base: base, bestDone: -1}
	return prev
}

// atomicEnd ends a path's search: the atomic variables take the values of
// the chosen path when it matched, else those from before it.
func (e *Evaluator) atomicEnd(prev atomicFrame, matched bool) {
	na := len(e.q.atomics)
	if na == 0 {
		return
	}
	f := e.atomicCur
	from := f.base
	if matched && f.bestDone >= 0 {
		from += na
	}
	e.atomicLoad(from)
	e.atomicStack = e.atomicStack[:f.base]
	e.atomicCur = prev
}

// atomicLeaf records a complete path of done counted moves, which the path
// search (pathNode.complete: the longest, or the largest max) has just made
// the best so far: it keeps its atomic values.
func (e *Evaluator) atomicLeaf(done int) {
	na := len(e.q.atomics)
	if na == 0 {
		return
	}
	best := e.atomicStack[e.atomicCur.base+na:]
	for i, v := range e.q.atomics {
		best[i] = e.vars[v]
	}
	e.atomicCur.bestDone = done
}

// atomicSave saves the atomic values before a branch (a filter
// constituent and what follows it); atomicRestore puts them back after it.
func (e *Evaluator) atomicSave() int {
	if len(e.q.atomics) == 0 {
		return -1
	}
	return e.atomicPush()
}

func (e *Evaluator) atomicRestore(mark int) {
	if mark < 0 {
		return
	}
	e.atomicLoad(mark)
	e.atomicStack = e.atomicStack[:mark]
}

func (e *Evaluator) atomicPush() int {
	at := len(e.atomicStack)
	for _, v := range e.q.atomics {
		e.atomicStack = append(e.atomicStack, e.vars[v])
	}
	return at
}

func (e *Evaluator) atomicLoad(at int) {
	for i, v := range e.q.atomics {
		e.vars[v] = e.atomicStack[at+i]
	}
}

// addAtomic records that variable slot v is atomic.
func (q *Query) addAtomic(v int) {
	for _, a := range q.atomics {
		if a == v {
			return
		}
	}
	q.atomics = append(q.atomics, v)
}
