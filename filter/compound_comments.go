package filter

// CQL's compound filters drop the comments made inside them when they fail,
// even where the position still matches (andnode.cpp, ornode.cpp,
// notnode.cpp, compoundnode.cpp, 9.493): `and` and `{...}` when they fail,
// `or` when both sides fail, `not` always (its argument's comments never
// count), transforms none of whose variants matches (orbitnode.cpp: the
// smart flag of transformNode) and move filters no move fits (dashnode.cpp:
// dashNode's). `if` restores nothing itself, so the comments of a test that
// matched stay when its then-branch fails, unless an enclosing filter
// drops them. With -alwayscomment CQL writes comments straight to their
// positions and nothing is dropped; so do we.
//
// The compiler uses these variants only when a constituent can comment and
// -alwayscomment is off, so queries without comments (and --count runs)
// keep the plain filters.

type smartNot struct{ a node }

func (n smartNot) match(e *Evaluator) bool {
	mark := len(e.pending)
	ok := n.a.match(e)
	e.dropComments(mark)
	return !ok
}

type smartAnd struct{ a, b node }

func (n smartAnd) match(e *Evaluator) bool {
	mark := len(e.pending)
	if n.a.match(e) && n.b.match(e) {
		return true
	}
	e.dropComments(mark)
	return false
}

type smartOr struct{ a, b node }

func (n smartOr) match(e *Evaluator) bool {
	mark := len(e.pending)
	if n.a.match(e) || n.b.match(e) {
		return true
	}
	e.dropComments(mark)
	return false
}

// smartCompound reports whether the filters compiled since before write
// comments that a failing compound around them must drop.
func (c *compiler) smartCompound(before int) bool {
	return c.commenters > before && !c.q.alwaysComment
}
