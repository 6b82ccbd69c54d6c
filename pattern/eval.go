package pattern

import "math/bits"

// Env is what a pattern's checks see on a board of any size: the empty squares, the squares with a
// piece of the player to move (friend) or of another player (foe), the square of the piece `this`
// refers to, and for each type name of the scope (Scope.Types) the squares of that type or holding
// a piece of that type. Sets should lie within the board's valid squares. Build it once per
// position and reuse it: evaluation does not allocate.
type Env struct {
	Empty, Friend, Foe, This Set
	Types                    []Set
}

// Env64 is Env for boards of at most 64 cells (Geometry.Small), one word per set: on 8x8, bit 0
// is a1 and bit 63 is h8.
type Env64 struct {
	Empty, Friend, Foe, This uint64
	Types                    []uint64
}

// All is the set of squares on which the pattern is true: those from which some walk of the
// pattern reaches its end alive.
func (p *Pattern) All(e *Env) Set {
	return back(p.g, p.root, e, p.g.valid)
}

// Ends is the set of squares where the walks of the pattern that start on a square of from end
// alive; for a move pattern, where a piece on from could go. From a single square, the pattern is
// true there iff Ends is not empty.
func (p *Pattern) Ends(e *Env, from Set) Set {
	return fwd(p.g, p.root, e, from.And(p.g.valid))
}

// Matches reports whether the pattern is true on square sq.
func (p *Pattern) Matches(e *Env, sq int) bool {
	var s Set
	s.Add(sq)
	return !p.Ends(e, s).IsEmpty()
}

// AllWord is All on a board of at most 64 cells. It panics on a larger board.
func (p *Pattern) AllWord(e *Env64) uint64 {
	if p.g.n > 64 {
		panic("pattern: AllWord on a board of more than 64 cells")
	}
	return back64(p.g.valid[0], p.root, e, p.g.valid[0])
}

// EndsWord is Ends on a board of at most 64 cells. It panics on a larger board.
func (p *Pattern) EndsWord(e *Env64, from uint64) uint64 {
	if p.g.n > 64 {
		panic("pattern: EndsWord on a board of more than 64 cells")
	}
	return fwd64(p.g.valid[0], p.root, e, from&p.g.valid[0])
}

func (j *jump) apply(s Set) Set {
	if j.left {
		return s.And(j.fwd).shl(j.ws, j.bs)
	}
	return s.And(j.fwd).shr(j.ws, j.bs)
}

func (j *jump) unapply(t Set) Set {
	if j.left {
		return t.And(j.back).shr(j.ws, j.bs)
	}
	return t.And(j.back).shl(j.ws, j.bs)
}

// On one word a masked shift is a rotation: the mask has removed every bit that would wrap.
func (j *jump) apply64(s uint64) uint64   { return bits.RotateLeft64(s&j.fw64, j.rot) }
func (j *jump) unapply64(t uint64) uint64 { return bits.RotateLeft64(t&j.bk64, -j.rot) }

func litSet(g *Geometry, l lit, e *Env) Set {
	var s Set
	switch l.kind {
	case ckEmpty:
		s = e.Empty
	case ckFriend:
		s = e.Friend
	case ckFoe:
		s = e.Foe
	case ckThis:
		s = e.This
	case ckType:
		if l.typ < len(e.Types) {
			s = e.Types[l.typ]
		}
	}
	if l.neg {
		return g.valid.AndNot(s)
	}
	return s.And(g.valid)
}

func cnfSet(g *Geometry, cnf [][]lit, e *Env) Set {
	if len(cnf) == 1 && len(cnf[0]) == 1 {
		return litSet(g, cnf[0][0], e)
	}
	r := g.valid
	for _, clause := range cnf {
		var c Set
		for _, l := range clause {
			c = c.Or(litSet(g, l, e))
		}
		r = r.And(c)
	}
	return r
}

func litSet64(valid uint64, l lit, e *Env64) uint64 {
	var s uint64
	switch l.kind {
	case ckEmpty:
		s = e.Empty
	case ckFriend:
		s = e.Friend
	case ckFoe:
		s = e.Foe
	case ckThis:
		s = e.This
	case ckType:
		if l.typ < len(e.Types) {
			s = e.Types[l.typ]
		}
	}
	if l.neg {
		return valid &^ s
	}
	return s & valid
}

func cnfSet64(valid uint64, cnf [][]lit, e *Env64) uint64 {
	if len(cnf) == 1 {
		var c uint64
		for _, l := range cnf[0] {
			c |= litSet64(valid, l, e)
		}
		return c
	}
	r := valid
	for _, clause := range cnf {
		var c uint64
		for _, l := range clause {
			c |= litSet64(valid, l, e)
		}
		r &= c
	}
	return r
}

// fwd maps a set of squares where walks are alive before n to where they are alive after it.
func fwd(g *Geometry, n *enode, e *Env, s Set) Set {
	switch n.op {
	case opEmpty:
		return s
	case opJump:
		return n.j.apply(s)
	case opJumps:
		var r Set
		for _, j := range n.jumps {
			r = r.Or(j.apply(s))
		}
		return r
	case opCheck:
		return s.And(cnfSet(g, n.cnf, e))
	case opSeq:
		for _, k := range n.kids {
			if s = fwd(g, k, e, s); s.IsEmpty() {
				break
			}
		}
		return s
	case opAlt, opRays, opSlides:
		var r Set
		for _, k := range n.kids {
			r = r.Or(fwd(g, k, e, s))
		}
		return r
	case opRep:
		return repeat(g, n, e, true, s)
	case opRepRay:
		c := g.valid
		if n.cnf != nil {
			c = cnfSet(g, n.cnf, e)
		}
		j := n.j
		if !n.jumpFirst {
			// check then jump: a walk leaves a square only if the check holds there
			for i := 0; i < n.min; i++ {
				if s = j.apply(s.And(c)); s.IsEmpty() {
					return s
				}
			}
			if n.max == n.min {
				return s
			}
			acc, f := s, s
			for i := n.min; n.max < 0 || i < n.max; i++ {
				if f = j.apply(f.And(c)).AndNot(acc); f.IsEmpty() {
					break
				}
				acc = acc.Or(f)
			}
			return acc
		}
		for i := 0; i < n.min; i++ {
			if s = j.apply(s).And(c); s.IsEmpty() {
				return s
			}
		}
		if n.max == n.min {
			return s
		}
		acc, f := s, s
		for i := n.min; n.max < 0 || i < n.max; i++ {
			if f = j.apply(f).And(c).AndNot(acc); f.IsEmpty() {
				break
			}
			acc = acc.Or(f)
		}
		return acc
	}
	panic("pattern: bad program")
}

// back maps the set of squares from which the rest of the pattern succeeds after n to the set
// from which n followed by the rest succeeds.
func back(g *Geometry, n *enode, e *Env, t Set) Set {
	switch n.op {
	case opEmpty:
		return t
	case opJump:
		return n.j.unapply(t)
	case opJumps:
		var r Set
		for _, j := range n.jumps {
			r = r.Or(j.unapply(t))
		}
		return r
	case opCheck:
		return t.And(cnfSet(g, n.cnf, e))
	case opSeq:
		for i := len(n.kids) - 1; i >= 0; i-- {
			if t = back(g, n.kids[i], e, t); t.IsEmpty() {
				break
			}
		}
		return t
	case opAlt, opRays, opSlides:
		var r Set
		for _, k := range n.kids {
			r = r.Or(back(g, k, e, t))
		}
		return r
	case opRep:
		return repeat(g, n, e, false, t)
	case opRepRay:
		c := g.valid
		if n.cnf != nil {
			c = cnfSet(g, n.cnf, e)
		}
		j := n.j
		if n.jumpFirst {
			for i := 0; i < n.min; i++ {
				if t = j.unapply(t.And(c)); t.IsEmpty() {
					return t
				}
			}
			if n.max == n.min {
				return t
			}
			acc, f := t, t
			for i := n.min; n.max < 0 || i < n.max; i++ {
				if f = j.unapply(f.And(c)).AndNot(acc); f.IsEmpty() {
					break
				}
				acc = acc.Or(f)
			}
			return acc
		}
		for i := 0; i < n.min; i++ {
			if t = j.unapply(t).And(c); t.IsEmpty() {
				return t
			}
		}
		if n.max == n.min {
			return t
		}
		acc, f := t, t
		for i := n.min; n.max < 0 || i < n.max; i++ {
			if f = j.unapply(f).And(c).AndNot(acc); f.IsEmpty() {
				break
			}
			acc = acc.Or(f)
		}
		return acc
	}
	panic("pattern: bad program")
}

// repeat evaluates a repetition of n's body (opRep) forward from s or backward from it: the
// minimum number of steps, then a semi-naive fixpoint in which only squares reached for the
// first time go on. A square first reached after fewer repetitions has at least as many left,
// so nothing is lost. (opRepRay, the sliding pieces' loop, has the same shape written out with
// its jump and check inline: a call per step there cost 10-30%.)
func repeat(g *Geometry, n *enode, e *Env, forward bool, s Set) Set {
	next := func(s Set) Set {
		if forward {
			return fwd(g, n.kids[0], e, s)
		}
		return back(g, n.kids[0], e, s)
	}
	for i := 0; i < n.min; i++ {
		if s = next(s); s.IsEmpty() {
			return s
		}
	}
	if n.max == n.min {
		return s
	}
	acc, f := s, s
	for i := n.min; n.max < 0 || i < n.max; i++ {
		if f = next(f).AndNot(acc); f.IsEmpty() {
			break
		}
		acc = acc.Or(f)
	}
	return acc
}

// repeat64 is repeat on one word.
func repeat64(valid uint64, n *enode, e *Env64, forward bool, s uint64) uint64 {
	next := func(s uint64) uint64 {
		if forward {
			return fwd64(valid, n.kids[0], e, s)
		}
		return back64(valid, n.kids[0], e, s)
	}
	for i := 0; i < n.min; i++ {
		if s = next(s); s == 0 {
			return s
		}
	}
	if n.max == n.min {
		return s
	}
	acc, f := s, s
	for i := n.min; n.max < 0 || i < n.max; i++ {
		if f = next(f) &^ acc; f == 0 {
			break
		}
		acc |= f
	}
	return acc
}

func fwd64(valid uint64, n *enode, e *Env64, s uint64) uint64 {
	switch n.op {
	case opEmpty:
		return s
	case opJump:
		return n.j.apply64(s)
	case opJumps:
		var r uint64
		for _, j := range n.jumps {
			r |= bits.RotateLeft64(s&j.fw64, j.rot)
		}
		return r
	case opCheck:
		return s & cnfSet64(valid, n.cnf, e)
	case opSeq:
		for _, k := range n.kids {
			if s = fwd64(valid, k, e, s); s == 0 {
				break
			}
		}
		return s
	case opAlt:
		var r uint64
		for _, k := range n.kids {
			r |= fwd64(valid, k, e, s)
		}
		return r
	case opRays:
		return rays64(n.rays, true, s)
	case opSlides:
		return slides64(n.rays, e.Empty, s)
	case opRep:
		return repeat64(valid, n, e, true, s)
	case opRepRay:
		c := valid
		if n.cnf != nil {
			c = cnfSet64(valid, n.cnf, e)
		}
		return ray64(n.j.fw64, n.j.rot, c, n.jumpFirst, n.min, n.max, s)
	}
	panic("pattern: bad program")
}

func back64(valid uint64, n *enode, e *Env64, t uint64) uint64 {
	switch n.op {
	case opEmpty:
		return t
	case opJump:
		return n.j.unapply64(t)
	case opJumps:
		var r uint64
		for _, j := range n.jumps {
			r |= bits.RotateLeft64(t&j.bk64, -j.rot)
		}
		return r
	case opCheck:
		return t & cnfSet64(valid, n.cnf, e)
	case opSeq:
		for i := len(n.kids) - 1; i >= 0; i-- {
			if t = back64(valid, n.kids[i], e, t); t == 0 {
				break
			}
		}
		return t
	case opAlt, opSlides:
		var r uint64
		for _, k := range n.kids {
			r |= back64(valid, k, e, t)
		}
		return r
	case opRays:
		return rays64(n.rays, false, t)
	case opRep:
		return repeat64(valid, n, e, false, t)
	case opRepRay:
		c := valid
		if n.cnf != nil {
			c = cnfSet64(valid, n.cnf, e)
		}
		// Backward, the jump runs the other way and the order of jump and check flips.
		return ray64(n.j.bk64, -n.j.rot, c, !n.jumpFirst, n.min, n.max, t)
	}
	panic("pattern: bad program")
}

// ray64 repeats "jump (mask m, index delta k) then check c" (or check then jump) min..max times
// from s, and returns where the walks end: a sliding piece's ray as shifts and masks.
func ray64(m uint64, k int, c uint64, jumpFirst bool, min, max int, s uint64) uint64 {
	if !jumpFirst { // check then jump: the check narrows the squares a walk may leave
		m &= c
		c = ^uint64(0)
	}
	for i := 0; i < min; i++ {
		if s = bits.RotateLeft64(s&m, k) & c; s == 0 {
			return 0
		}
	}
	if max == min {
		return s
	}
	acc, f := s, s
	if max < 0 {
		for {
			if f = bits.RotateLeft64(f&m, k) & c &^ acc; f == 0 {
				return acc
			}
			acc |= f
		}
	}
	for i := min; i < max; i++ {
		if f = bits.RotateLeft64(f&m, k) & c &^ acc; f == 0 {
			break
		}
		acc |= f
	}
	return acc
}

// The chess fast paths: CQL's direction filters are unions of free rays (d){a,b}, and sliding
// pieces' walks are unions of slides (d empty){a,b} d. Each ray is one loop of rotate-and-mask.

type ray struct {
	fm, bm uint64 // forward and backward masks
	fk, bk int    // forward and backward rotations
	lo, hi int    // the walk ends lo..hi steps away (hi < 0: no limit)
}

// rays64 is a union of free rays. A ray's step is not zero, so it never comes back to a square
// and needs no visited set.
func rays64(rs []ray, forward bool, s uint64) uint64 {
	var acc uint64
	for i := range rs {
		r := &rs[i]
		m, k := r.fm, r.fk
		if !forward {
			m, k = r.bm, r.bk
		}
		f := s
		if r.lo == 0 {
			acc |= f
		}
		for i := 1; r.hi < 0 || i <= r.hi; i++ {
			if f = bits.RotateLeft64(f&m, k); f == 0 {
				break
			}
			if i >= r.lo {
				acc |= f
			}
		}
	}
	return acc
}

// slides64 is a union of slides, forward: every square reached through empty squares, the first
// occupied one included.
func slides64(rs []ray, empty uint64, s uint64) uint64 {
	var acc uint64
	for i := range rs {
		r := &rs[i]
		m, k := r.fm, r.fk
		if r.lo <= 1 && r.hi < 0 {
			for f := bits.RotateLeft64(s&m, k); f != 0; f = bits.RotateLeft64(f&empty&m, k) {
				acc |= f
			}
			continue
		}
		f := s
		for i := 1; r.hi < 0 || i <= r.hi; i++ {
			if f = bits.RotateLeft64(f&m, k); f == 0 {
				break
			}
			if i >= r.lo {
				acc |= f
			}
			if f &= empty; f == 0 {
				break
			}
		}
	}
	return acc
}
