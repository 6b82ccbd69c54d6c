package pattern

import "fmt"

// Pattern is a compiled pattern. It holds two evaluators built from the same syntax tree:
//
//   - a set program (All, Ends, AllWord, EndsWord) that treats all squares at once: a step is a
//     shift of a square set with edge and exclusion masks, a check an intersection, a repetition
//     a fixpoint;
//   - an automaton (NFA) walked from one start square at a time (Walker), with a visited set of
//     (state, square) pairs.
//
// Both terminate on every pattern, including loops that do not move, and agree on every pattern,
// board and position (the tests check it on random ones). A Pattern is safe for concurrent use;
// a Walker is not.
type Pattern struct {
	src      string
	sc       *Scope
	g        *Geometry
	tree     *ast
	root     *enode
	nfa      *nfa
	usesThis bool
}

// Compile parses and compiles a pattern, written between slashes (/n* n e empty/) or without them.
// Errors are *SyntaxError with the position of the mistake.
func (sc *Scope) Compile(src string) (*Pattern, error) {
	tree, err := sc.parse("pattern", src, 0)
	if err != nil {
		return nil, err
	}
	return sc.compileTree(src, tree)
}

// MustCompile is Compile that panics on error, for patterns known to be right.
func (sc *Scope) MustCompile(src string) *Pattern {
	p, err := sc.Compile(src)
	if err != nil {
		panic(err)
	}
	return p
}

func (sc *Scope) compileTree(src string, tree *ast) (*Pattern, error) {
	var z sizer
	if t := z.size(tree); t.states > maxStates {
		return nil, fmt.Errorf("pattern %s is too large: its automaton would have more than %d states", src, maxStates)
	} else if t.nodes > maxNodes {
		return nil, fmt.Errorf("pattern %s is too large: with its names and repetitions expanded it would have more than %d parts", src, maxNodes)
	}
	p := &Pattern{src: src, sc: sc, g: sc.g, tree: tree}
	p.usesThis = usesThis(tree)
	p.root = build(sc.g, tree)
	specialize(p.root)
	p.nfa = buildNFA(sc.g, tree)
	return p, nil
}

// String is the pattern's source text.
func (p *Pattern) String() string { return p.src }

// Geometry is the board the pattern was compiled for.
func (p *Pattern) Geometry() *Geometry { return p.g }

// UsesThis reports whether the pattern has a `this` check, so that it must be evaluated in
// relation to one piece (Env.This).
func (p *Pattern) UsesThis() bool { return p.usesThis }

// States is the number of states of the pattern's automaton.
func (p *Pattern) States() int { return len(p.nfa.states) }

// Transform returns the pattern with every step mapped by a symmetry (checks are unchanged): the
// pattern turned or mirrored, as Go patterns are matched in all orientations.
func (p *Pattern) Transform(y Symmetry) *Pattern {
	q, err := p.sc.compileTree(p.src, mapSteps(p.tree, y))
	if err != nil {
		panic(err) // same size as p
	}
	return q
}

func mapSteps(a *ast, y Symmetry) *ast {
	b := *a
	if a.kind == aStep {
		b.step = y.Apply(a.step)
	}
	if len(a.kids) > 0 {
		b.kids = make([]*ast, len(a.kids))
		for i, k := range a.kids {
			b.kids[i] = mapSteps(k, y)
		}
	}
	return &b
}

func usesThis(a *ast) bool {
	if a.kind == aCheck && a.lit.kind == ckThis {
		return true
	}
	for _, k := range a.kids {
		if usesThis(k) {
			return true
		}
	}
	return false
}

// treeSize is what a tree costs once expanded: the states of its automaton, and its nodes with
// each use of a named pattern and each copy a repetition makes counted (the compilers walk
// that many), both saturating above their limits. A named pattern's tree is shared by its uses,
// so the tree is a graph that may stand for exponentially many nodes (twenty names each using
// the one before twice: a million): sizes are computed once per shared node, so that such a
// pattern is refused at once rather than after walking the expansion (44 s for twenty).
type treeSize struct {
	states, nodes int
}

// maxNodes bounds the expanded tree (treeSize.nodes): the states' limit leaves room for nodes
// that make no state (empty, (p)0, sequences and alternations of them).
const maxNodes = 4 * maxStates

type sizer struct {
	memo   map[*ast]treeSize
	visits int // nodes computed, for the tests
}

func (z *sizer) size(a *ast) treeSize {
	if t, ok := z.memo[a]; ok {
		return t
	}
	z.visits++
	t := treeSize{nodes: 1}
	switch a.kind {
	case aStep, aCheck:
		t.states = 1
	case aSeq, aAlt:
		if a.kind == aAlt {
			t.states = len(a.kids) - 1
		}
		for _, k := range a.kids {
			kt := z.size(k)
			t.states = satAdd(t.states, kt.states, maxStates)
			t.nodes = satAdd(t.nodes, kt.nodes, maxNodes)
		}
	case aRep:
		b := z.size(a.kids[0])
		copies := a.min + 1 // unbounded: min copies and a loop
		if a.max >= 0 {
			copies = max(a.max, 1)
			t.states = satAdd(satMul(a.min, b.states, maxStates), satMul(a.max-a.min, b.states+1, maxStates), maxStates)
		} else {
			t.states = satAdd(satMul(a.min, b.states, maxStates), b.states+1, maxStates)
		}
		t.nodes = satAdd(1, satMul(copies, b.nodes, maxNodes), maxNodes)
	}
	if z.memo == nil {
		z.memo = map[*ast]treeSize{}
	}
	z.memo[a] = t
	return t
}

// satAdd and satMul saturate at limit+1.
func satAdd(x, y, limit int) int { return min(x+y, limit+1) }
func satMul(x, y, limit int) int {
	if x != 0 && y > (limit+1)/x {
		return limit + 1
	}
	return min(x*y, limit+1)
}

// The set program: a tree of operations on square sets.
type eop uint8

const (
	opEmpty  eop = iota // identity
	opJump              // a run of steps
	opCheck             // intersection with a check formula
	opSeq               // composition
	opAlt               // union
	opRep               // min..max repetitions, semi-naive fixpoint
	opRepRay            // repetition of one jump with an optional check: the ray of a sliding piece
	opJumps             // union of jumps (a knight's leaps)
	opRays              // union of free rays (d){a,b}; kids hold the same as an alternation
	opSlides            // union of slides (d empty){a,b} d; kids hold the same as an alternation
)

type enode struct {
	op        eop
	kids      []*enode
	j         *jump
	jumps     []*jump // opJumps
	rays      []ray   // opRays, opSlides
	cnf       [][]lit // opCheck: AND of ORs; opRepRay: the check of the body (nil: none)
	min, max  int
	jumpFirst bool // opRepRay: the body is jump then check (else check then jump)
}

func build(g *Geometry, a *ast) *enode {
	switch a.kind {
	case aEmpty:
		return &enode{op: opEmpty}
	case aStep:
		return &enode{op: opJump, j: g.jumpOf([]Step{a.step})}
	case aCheck:
		return &enode{op: opCheck, cnf: [][]lit{{a.lit}}}
	case aSeq:
		var flat []*ast
		flattenSeq(a, &flat)
		var items []*enode
		var path []Step
		flush := func() {
			if len(path) > 0 {
				items = append(items, &enode{op: opJump, j: g.jumpOf(path)})
				path = nil
			}
		}
		for _, k := range flat {
			if k.kind == aStep {
				path = append(path, k.step)
				continue
			}
			flush()
			n := build(g, k)
			switch {
			case n.op == opEmpty:
			case n.op == opCheck && len(items) > 0 && items[len(items)-1].op == opCheck:
				last := items[len(items)-1]
				last.cnf = append(append([][]lit(nil), last.cnf...), n.cnf...)
			default:
				items = append(items, n)
			}
		}
		flush()
		switch len(items) {
		case 0:
			return &enode{op: opEmpty}
		case 1:
			return items[0]
		}
		return &enode{op: opSeq, kids: items}
	case aAlt:
		var flat []*ast
		flattenAlt(a, &flat)
		var items []*enode
		var ors []lit
		hasEmpty := false
		for _, k := range flat {
			n := build(g, k)
			switch {
			case n.op == opCheck && len(n.cnf) == 1:
				ors = append(ors, n.cnf[0]...)
			case n.op == opEmpty:
				hasEmpty = true
			default:
				items = append(items, n)
			}
		}
		if hasEmpty {
			// an empty alternative passes everything through; checks beside it add nothing
			items = append(items, &enode{op: opEmpty})
		} else if len(ors) > 0 {
			items = append(items, &enode{op: opCheck, cnf: [][]lit{ors}})
		}
		if len(items) == 1 {
			return items[0]
		}
		allJumps := true
		for _, it := range items {
			allJumps = allJumps && it.op == opJump
		}
		if allJumps {
			n := &enode{op: opJumps}
			for _, it := range items {
				n.jumps = append(n.jumps, it.j)
			}
			return n
		}
		return &enode{op: opAlt, kids: items}
	case aRep:
		body := build(g, a.kids[0])
		if a.min == 1 && a.max == 1 {
			return body
		}
		switch body.op {
		case opEmpty:
			return body
		case opCheck: // a check repeated: zero times passes all, once or more is the check
			if a.min == 0 {
				return &enode{op: opEmpty}
			}
			return body
		}
		n := &enode{op: opRep, kids: []*enode{body}, min: a.min, max: a.max}
		switch {
		case body.op == opJump:
			n.op, n.j = opRepRay, body.j
		case body.op == opSeq && len(body.kids) == 2 && body.kids[0].op == opJump && body.kids[1].op == opCheck:
			n.op, n.j, n.cnf, n.jumpFirst = opRepRay, body.kids[0].j, body.kids[1].cnf, true
		case body.op == opSeq && len(body.kids) == 2 && body.kids[0].op == opCheck && body.kids[1].op == opJump:
			n.op, n.j, n.cnf = opRepRay, body.kids[1].j, body.kids[0].cnf
		}
		return n
	}
	panic("pattern: bad tree")
}

func flattenSeq(a *ast, out *[]*ast) {
	if a.kind == aSeq {
		for _, k := range a.kids {
			flattenSeq(k, out)
		}
		return
	}
	*out = append(*out, a)
}

func flattenAlt(a *ast, out *[]*ast) {
	if a.kind == aAlt {
		for _, k := range a.kids {
			flattenAlt(k, out)
		}
		return
	}
	*out = append(*out, a)
}

// specialize marks the shapes of the chess fast paths (the single-word evaluator runs them as
// loops of rotate-and-mask; the multi-word one evaluates kids as an alternation).
func specialize(n *enode) {
	for _, k := range n.kids {
		specialize(k)
	}
	if r, ok := slideOf(n); ok {
		clone := *n
		*n = enode{op: opSlides, kids: []*enode{&clone}, rays: []ray{r}}
		return
	}
	if n.op != opAlt {
		return
	}
	var rs []ray
	allRays, allSlides := true, true
	for _, k := range n.kids {
		switch {
		case k.op == opSlides:
			rs = append(rs, k.rays...)
			allRays = false
		case k.op == opRepRay && k.cnf == nil && k.j.k != 0:
			rs = append(rs, ray{fm: k.j.fw64, bm: k.j.bk64, fk: k.j.rot, bk: -k.j.rot, lo: k.min, hi: k.max})
			allSlides = false
		default:
			return
		}
	}
	switch {
	case allRays:
		n.op, n.rays = opRays, rs
	case allSlides:
		n.op, n.rays = opSlides, rs
	}
}

// slideOf recognizes (d empty){a,b} d: the walk of a sliding piece, ending a+1..b+1 steps away.
func slideOf(n *enode) (ray, bool) {
	if n.op != opSeq || len(n.kids) != 2 {
		return ray{}, false
	}
	r, j := n.kids[0], n.kids[1]
	if r.op != opRepRay || !r.jumpFirst || j.op != opJump || r.j.k != j.j.k || r.j.fw64 != j.j.fw64 || r.j.k == 0 {
		return ray{}, false
	}
	if len(r.cnf) != 1 || len(r.cnf[0]) != 1 || r.cnf[0][0].kind != ckEmpty || r.cnf[0][0].neg {
		return ray{}, false
	}
	out := ray{fm: j.j.fw64, bm: j.j.bk64, fk: j.j.rot, bk: -j.j.rot, lo: r.min + 1, hi: r.max + 1}
	if r.max < 0 {
		out.hi = -1
	}
	return out, true
}
