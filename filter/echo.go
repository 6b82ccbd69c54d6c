package filter

// echoNode is `echo (s t) body`: body is evaluated at every visited
// position t of the game other than the current one s (and at s too with
// `in all`), in position-id order, with the variables s and t bound to the
// two positions. It matches when body matched at some t. Every target is
// evaluated, so side effects of the body (assignments, comments) are those
// of CQL's definition. The variables get their old values back afterwards.
//
// Unless quiet, each matching pair gets CQL's automatic comments
// (path_comments.go). A numeric echo that is the argument of sort keeps, as
// CQL's echonode.cpp, only the comments of the first target with the
// largest value (its own and its body's).
type echoNode struct {
	src, dst         int
	body             node
	val              numNode // numeric body: its largest value is the echo's value
	inAll            bool
	comments         bool
	sorted           bool
	srcName, dstName string
}

// run evaluates the body at every target; it returns whether some target
// matched and, for a numeric body, the largest value.
func (n *echoNode) run(e *Evaluator) (best int, found bool) {
	save := e.cur
	oldS, oldT := e.vars[n.src], e.vars[n.dst]
	e.vars[n.src] = slot{bound: true, n: int(save)}
	t := e.tree()
	mark := len(e.pending)
	for _, i := range t.node { // the visited positions only
		if i == save && !n.inAll {
			continue
		}
		e.vars[n.dst] = slot{bound: true, n: int(i)}
		e.at(i)
		tmark := len(e.pending)
		better := true
		if n.val != nil {
			v, ok := n.val.num(e)
			if !ok {
				e.dropComments(tmark)
				continue
			}
			better = !found || v > best
			if better {
				best = v
			}
		} else if !n.body.match(e) {
			e.dropComments(tmark) // a target that does not match keeps no comments
			continue
		}
		found = true
		if n.comments {
			n.notate(e, save, i)
		}
		if n.sorted {
			// This target's comments replace the earlier ones, or go (not with
			// -alwayscomment, where CQL's restore and delete find nothing to undo).
			if better {
				e.deleteComments(mark, tmark)
			} else {
				e.dropComments(tmark)
			}
		}
	}
	if !found {
		e.dropComments(mark)
	}
	e.at(save)
	e.vars[n.src], e.vars[n.dst] = oldS, oldT
	return best, found
}

func (n *echoNode) match(e *Evaluator) bool { _, ok := n.run(e); return ok }

// echoNum is an echo with a numeric body.
type echoNum struct{ *echoNode }

func (n echoNum) num(e *Evaluator) (int, bool) { return n.run(e) }
