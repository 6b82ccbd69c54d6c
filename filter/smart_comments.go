package filter

// CQL's smart comments (its sequencebase-comments.cpp and path-comment.cpp):
// a line or path keeps only the comments made along its best match. While
// the matcher searches depth first, the comments of the branch being tried
// are at the end of Evaluator.pending; when the search backs out of a
// filter constituent they are dropped, except those of the best match so
// far, which are put aside and given back when the line or path matches.
// Comments made where a path ties the best (keepallbest) are kept too.
// With -alwayscomment (Options.AlwaysComment) CQL turns this off, and so
// do we: every comment stays.

// smartComments is the comment state of the running line or path matcher:
// pending[bottom:top] and the put-aside entries keep[base:] (in reverse
// order) are the comments of the best match so far; best is the length of
// that match (a line's, from start), -1 when there is none.
type smartComments struct {
	bottom, top, base int
	best              int
	start             int32
}

// smartBegin starts the comment state of a matcher; the caller keeps the
// returned enclosing state for smartEnd.
func (e *Evaluator) smartBegin() smartComments {
	outer := e.smart
	n := len(e.pending)
	e.smart = smartComments{bottom: n, top: n, base: len(e.smartKeep), best: -1, start: e.cur}
	return outer
}

// smartBest records that the branch being tried is the best match so far
// (tie: as good as the best, whose comments are kept as well).
func (e *Evaluator) smartBest(tie bool) {
	if !tie {
		e.smartKeep = e.smartKeep[:e.smart.base]
	}
	e.smart.top = len(e.pending)
}

// smartRestore drops the comments made since mark, putting aside those of
// the best match.
func (e *Evaluator) smartRestore(mark int) {
	if e.q.alwaysComment || mark >= len(e.pending) {
		return
	}
	for i := e.smart.top - 1; i >= mark; i-- {
		e.smartKeep = append(e.smartKeep, e.pending[i])
	}
	if mark < e.smart.top {
		e.smart.top = mark
	}
	e.pending = e.pending[:mark]
}

// smartEnd leaves the matcher's comments: those of its best match when it
// matched, none otherwise; and gives the enclosing matcher its state back.
func (e *Evaluator) smartEnd(matched bool, outer smartComments) {
	s := e.smart
	if !e.q.alwaysComment {
		if matched {
			e.pending = e.pending[:s.top]
			for i := len(e.smartKeep) - 1; i >= s.base; i-- {
				e.pending = append(e.pending, e.smartKeep[i])
			}
		} else {
			e.pending = e.pending[:s.bottom]
		}
	}
	e.smartKeep = e.smartKeep[:s.base]
	e.smart = outer
}

// dropComments drops the comments made since mark by a filter that failed
// (CQL's compound filters restore their comment mark when they fail), unless
// smart comments are off.
func (e *Evaluator) dropComments(mark int) {
	if !e.q.alwaysComment && mark < len(e.pending) {
		e.pending = e.pending[:mark]
	}
}

// deleteComments deletes the comments made between marks from and to
// (CQL's deleteComments: max and min drop what a worse argument made before
// a better one), unless smart comments are off.
func (e *Evaluator) deleteComments(from, to int) {
	if e.q.alwaysComment || from >= to {
		return
	}
	e.pending = append(e.pending[:from], e.pending[to:]...)
}
