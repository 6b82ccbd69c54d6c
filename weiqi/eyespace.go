package weiqi

import (
	"math/bits"

	"github.com/cqlgo/cql/pattern"
)

// EyeSpace is a connected region where one colour may make eyes: empty points and dead opponent
// stones inside that colour's domain (GNU Go's eyes.texi, "Eye spaces" and make_domains).
type EyeSpace struct {
	Color    Color       // the owner
	Points   pattern.Set // every point of the space, dead opponent stones included
	Marginal pattern.Set // points the opponent can play with effect: contested, next to the outside, false eyes
	Dead     pattern.Set // dead opponent stones in the space
	HalfEyes pattern.Set // half eyes (diagonal sum 3)
	False    pattern.Set // false eyes (diagonal sum 4 or more), also in Marginal
	// Keys are the key points of the half eyes: the diagonal point where a move decides the half
	// eye. Each is added to the eye graph as a marginal vertex next to its half eye (eyes.texi,
	// "Eye shape analysis").
	Keys    [4]HalfEyeKey
	NumKeys int
}

// HalfEyeKey links a half eye to its key point.
type HalfEyeKey struct{ Eye, Key int }

// Size is the number of points of the space.
func (e *EyeSpace) Size() int { return e.Points.Count() }

// forEach calls f on every square of s in increasing order.
func forEach(s pattern.Set, f func(sq int)) {
	for i, w := range s {
		for w != 0 {
			f(i*64 + bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
}

// first is the lowest square of a non-empty set.
func first(s pattern.Set) int {
	for i, w := range s {
		if w != 0 {
			return i*64 + bits.TrailingZeros64(w)
		}
	}
	return -1
}

// stones is the string id's stones.
func (a *Analysis) stones(id int16) pattern.Set { return a.strs[id].set() }

// StringOf is the string holding the stone on sq and its liberties.
func (a *Analysis) StringOf(sq int) (str, libs pattern.Set) {
	c := a.color(sq)
	if c == Empty {
		return pattern.Set{}, pattern.Set{}
	}
	id := a.strOf(sq, c)
	return a.stones(id), a.libs[id].set()
}

// SimpleDead is the dead-stone rule used when the user gives none: a string is dead when it is in
// atari and cannot escape in one move, neither by extending to two or more liberties nor by
// capturing an adjacent string (GNU Go's "not lively": it can be captured and not defended,
// reading only one move deep).
func SimpleDead(b *Board) pattern.Set {
	var a Analysis
	a.Analyze(b)
	return a.SimpleDead()
}

// SimpleDead is the package function on an analysed position.
func (a *Analysis) SimpleDead() pattern.Set {
	var dead, atari pattern.Set // atari: the stones of the strings in atari
	for id := 0; id < a.nstr; id++ {
		if a.nlibs[id] == 1 {
			atari = atari.Or(a.stones(int16(id)))
		}
	}
	if atari.IsEmpty() {
		return dead
	}
	for id := 0; id < a.nstr; id++ {
		if a.nlibs[id] == 1 && !a.canEscape(id, &atari) {
			dead = dead.Or(a.stones(int16(id)))
		}
	}
	return dead
}

// canEscape reports whether a string in atari escapes in one move: capturing an adjacent
// (opponent) string in atari, or extending at its liberty to two or more liberties.
func (a *Analysis) canEscape(id int, atari *pattern.Set) bool {
	str := a.stones(int16(id))
	if !a.b.grid.touching(str).AndNot(str).And(*atari).IsEmpty() {
		return true
	}
	lib := first(a.libs[id].set())
	return a.libsIfPlayed(lib, a.color(first(str))) >= 2
}

// twoLibsIfPlayed reports whether a stone of colour c on the empty point sq would make a string
// of two or more liberties (captures not counted), without building the union when the empty
// neighbours or one string's liberties already decide it.
func (a *Analysis) twoLibsIfPlayed(sq int, c Color) bool {
	g := a.b.grid
	empty := 0
	for _, q := range g.nbr[sq] {
		if q < 0 {
			continue
		}
		switch a.color(int(q)) {
		case Empty:
			empty++
		case c:
			if a.nlibs[a.strOf(int(q), c)] >= 3 {
				return true // at least two besides sq
			}
		}
	}
	if empty >= 2 {
		return true
	}
	return a.libsIfPlayed(sq, c) >= 2
}

// libsIfPlayed is the number of liberties of the string a stone of colour c on the empty point sq
// would make (captures not counted).
func (a *Analysis) libsIfPlayed(sq int, c Color) int {
	g := a.b.grid
	var libs wideSet
	for _, q := range g.nbr[sq] {
		if q < 0 {
			continue
		}
		switch a.color(int(q)) {
		case Empty:
			libs[q>>6] |= 1 << (uint(q) & 63)
		case c:
			l := &a.libs[a.strOf(int(q), c)]
			for i := range pattern.MaxWords {
				libs[i] |= l[i]
			}
		}
	}
	libs[sq>>6] &^= 1 << (uint(sq) & 63)
	return bits.OnesCount64(libs[0]) + bits.OnesCount64(libs[1]) + bits.OnesCount64(libs[2]) +
		bits.OnesCount64(libs[3]) + bits.OnesCount64(libs[4]) + bits.OnesCount64(libs[5])
}

// EyeSpaces finds the eye spaces of both colours, given the set of dead stones, and appends them
// to dst. It allocates only to grow dst; see Analysis.EyeSpaces to reuse the scratch space.
func EyeSpaces(b *Board, dead pattern.Set, dst []EyeSpace) []EyeSpace {
	var a Analysis
	a.Analyze(b)
	return a.EyeSpaces(dead, dst)
}

// EyeSpaces finds the eye spaces of both colours of the analysed position, as GNU Go's
// make_domains does (optics.c; eyes.texi, "Eye spaces").
//
// Stones not given as dead are lively; the others are invisible. A colour's domain holds its
// lively stones, the free points next to them, and then, repeatedly until nothing changes, a free
// point e with an orthogonal neighbour a and a diagonal neighbour b next to a whose influences add
// up to more than e's threshold. A point's influence is 1 in the domain, 0 outside, less 1 when a
// lively opponent stone is next to it (its threshold is then 1, else 0) or, without one, when it is
// on the first line; a lively opponent stone has -1, a point off the board 0. So influence leaks
// neither under a stone on the third line, past a knight's move nor past a two-space jump.
//
// A free point in one colour's domain only is in that colour's eye space, marginal when a point
// next to it is in the other colour's domain only; a point in both domains belongs to a colour's
// space, as a marginal point, when a point next to it is in that colour's domain only. An eye space
// is a connected part of them, where two marginal points do not connect by themselves.
//
// False eyes and half eyes come from eyes.texi's diagonal rule on the non-marginal points with at
// most one neighbour in the space: diagonals off the board count 1 (0 beyond a corner), a lively
// opponent stone 2 when its string has two or more liberties and 1 in atari, an empty point 1
// when an opponent stone there would have two or more liberties, anything else 0; a sum of 4 or
// more is a false eye (made marginal when the space is one point or the opponent may play there),
// 3 a half eye (its key point is recorded; the eye graph gets a virtual marginal vertex for it).
func (a *Analysis) EyeSpaces(dead pattern.Set, dst []EyeSpace) []EyeSpace {
	a.EyeSpacesInto(dead, func() *EyeSpace {
		if len(dst) < cap(dst) {
			dst = dst[:len(dst)+1]
			dst[len(dst)-1] = EyeSpace{} // cleared in place, not copied
		} else {
			dst = append(dst, EyeSpace{})
		}
		return &dst[len(dst)-1]
	})
	return dst
}

// EyeSpacesInto is EyeSpaces filling the spaces where the caller keeps them: next returns a
// zeroed EyeSpace, valid until the following call, for each space in turn.
func (a *Analysis) EyeSpacesInto(dead pattern.Set, next func() *EyeSpace) {
	b := a.b
	g := b.grid
	lively := &a.lively
	lively[Black] = b.stones[Black].AndNot(dead)
	lively[White] = b.stones[White].AndNot(dead)
	free := g.valid.AndNot(lively[Black]).AndNot(lively[White])
	var dom [3]pattern.Set
	near := [3]pattern.Set{Black: g.grow(lively[Black]).And(free), White: g.grow(lively[White]).And(free)}
	dom[Black] = a.domain(lively[Black], lively[White], near[Black], near[White])
	dom[White] = a.domain(lively[White], lively[Black], near[White], near[Black])
	var grownOnly [3]pattern.Set // each colour's domain only, grown
	for _, c := range [2]Color{Black, White} {
		grownOnly[c] = g.grow(dom[c].AndNot(dom[c.Opponent()]))
	}
	stones := b.stones[Black].Or(b.stones[White])
	for _, c := range [2]Color{Black, White} {
		opp := c.Opponent()
		only, both := dom[c].AndNot(dom[opp]), dom[c].And(dom[opp])
		space := free.And(only.Or(both.And(grownOnly[c])))
		margin := space.And(both.Or(grownOnly[opp]))
		// most spaces are one point: a point is alone when no neighbour connects to it (a
		// non-marginal point connects to any point of the spaces, a marginal one to the others)
		inner := space.AndNot(margin)
		alone := space.AndNot(inner.And(g.touching(space))).AndNot(margin.And(g.touching(inner)))
		left := space // points not yet in a space
		for wi, w := range space {
			for ; w != 0; w &= w - 1 {
				bit := w & -w
				if left[wi]&bit == 0 {
					continue
				}
				es := next()
				es.Color = c
				if alone[wi]&bit != 0 {
					left[wi] &^= bit
					es.Points[wi], es.Marginal[wi], es.Dead[wi] = bit, bit&margin[wi], bit&stones[wi]
					if bit&margin[wi] == 0 {
						a.diagonalRule(es, wi*64+bits.TrailingZeros64(bit), true)
					}
					continue
				}
				// p is the space's lowest point: its words run from p's to its highest point's
				p := wi*64 + bits.TrailingZeros64(bit)
				lo, hi := wi, a.component(p, &left, &margin, es)>>6
				for wi := lo; wi <= hi; wi++ {
					es.Dead[wi] = es.Points[wi] & stones[wi]
				}
				a.topology(es, lo, hi)
			}
		}
	}
}

// domain is colour own's domain (make_domains' compute_primary_domains without its false
// margins, which need GNU Go's tactical reading) given the lively stones of both colours.
//
// A point's influence is 1 in the domain (plus), -1 when minus and not in the domain, else 0:
// minus are the opponent's stones and the free points next to one or on the first line. A pending
// point joins when an orthogonal neighbour a and a diagonal b next to a add up to more than its
// threshold (1 next to an opponent stone, else 0): with influences in -1..1 that is a plus point
// with a non-minus partner, or two plus points at threshold 1. Joining only raises influence, so
// the domain is the least fixed point, reached here for all points at once with set shifts: each
// round adds every pending point that qualifies.
//
// nearOwn and nearOpp are the free points next to own and opp stones.
func (a *Analysis) domain(own, opp, nearOwn, nearOpp pattern.Set) pattern.Set {
	g := a.b.grid
	// the shift counts, masked so that no test for 64 or more is compiled (those over 63 on a
	// 1x1 board are masked out with notE and notW)
	w, v := uint(g.size)&63, uint(64-g.size)&63
	w1, v1 := (w+1)&63, (v-1)&63 // w+1, 64-(w+1)
	w0, v0 := (w-1)&63, (v+1)&63 // w-1, 64-(w-1)
	free := g.valid.AndNot(own).AndNot(opp)
	dom := own.Or(nearOwn)
	minus := opp.Or(free.And(nearOpp.Or(g.edge)))
	pending := free.AndNot(nearOwn)
	// plus and non-negative points, with a zero word on either side for the shifts
	var pl, nn [pattern.MaxWords + 2]uint64
	for i := range dom {
		pl[i+1], nn[i+1] = dom[i]&^minus[i], g.valid[i]&^(minus[i]&^dom[i])
	}
	cand := pending.And(g.grow8(pattern.Set(pl[1 : pattern.MaxWords+1])))
	for {
		lo, hi := 0, pattern.MaxWords-1
		for lo <= hi && cand[lo] == 0 {
			lo++
		}
		for hi >= lo && cand[hi] == 0 {
			hi--
		}
		if lo > hi {
			return dom
		}
		var add pattern.Set
		for i := lo; i <= hi; i++ {
			j := i + 1
			// each neighbour's value seen from p (word i): p+k is the word shifted right by k.
			// Neighbours off the board count for nothing (an orthogonal one has influence 0,
			// but then both diagonals next to it are off the board too).
			notE, notW := g.notE[i], g.notW[i]
			pN, pS := pl[j]>>w|pl[j+1]<<v, pl[j]<<w|pl[j-1]>>v
			pE, pW := (pl[j]>>1|pl[j+1]<<63)&notE, (pl[j]<<1|pl[j-1]>>63)&notW
			pNE, pSE := (pl[j]>>w1|pl[j+1]<<v1)&notE, (pl[j]<<w0|pl[j-1]>>v0)&notE
			pSW, pNW := (pl[j]<<w1|pl[j-1]>>v1)&notW, (pl[j]>>w0|pl[j+1]<<v0)&notW
			nN, nS := nn[j]>>w|nn[j+1]<<v, nn[j]<<w|nn[j-1]>>v
			nE, nW := (nn[j]>>1|nn[j+1]<<63)&notE, (nn[j]<<1|nn[j-1]>>63)&notW
			nNE, nSE := (nn[j]>>w1|nn[j+1]<<v1)&notE, (nn[j]<<w0|nn[j-1]>>v0)&notE
			nSW, nNW := (nn[j]<<w1|nn[j-1]>>v1)&notW, (nn[j]>>w0|nn[j+1]<<v0)&notW
			oNE, oSE, oSW, oNW := pN|pE, pE|pS, pS|pW, pW|pN
			two := pNE&oNE | pSE&oSE | pSW&oSW | pNW&oNW
			one := nNE&oNE | pNE&(nN|nE) | nSE&oSE | pSE&(nE|nS) |
				nSW&oSW | pSW&(nS|nW) | nNW&oNW | pNW&(nW|nN)
			add[i] = cand[i] & (one&^nearOpp[i] | two&nearOpp[i])
		}
		if add.IsEmpty() {
			return dom
		}
		dom = dom.Or(add)
		pending = pending.AndNot(add)
		for i := lo; i <= hi; i++ {
			pl[i+1], nn[i+1] = dom[i]&^minus[i], g.valid[i]&^(minus[i]&^dom[i])
		}
		// only the points around those added may change
		cand = pending.And(g.grow8(add))
	}
}

// component fills es with the eye space holding sq: the points of left connected to it, where two
// marginal points next to each other do not connect (GNU Go's originate_eye), and takes them out
// of left. It returns the highest point of the space.
func (a *Analysis) component(sq int, left, margin *pattern.Set, es *EyeSpace) int {
	g := a.b.grid
	high := sq
	top := 0
	a.stack[top] = int16(sq)
	top++
	left.Remove(sq)
	for top > 0 {
		top--
		p := int(a.stack[top])
		high = max(high, p)
		es.Points.Add(p)
		pm := margin.Has(p)
		if pm {
			es.Marginal.Add(p)
		}
		nb := &g.nbrOrPad[p]
		for k := 0; k < 4; k++ {
			q := nb[k]
			wq, bq := q>>6, uint64(1)<<(q&63)
			if left[wq]&bq != 0 && !(pm && margin[wq]&bq != 0) {
				left[wq] &^= bq
				a.stack[top] = int16(q)
				top++
			}
		}
	}
	return high
}

// topology applies the diagonal rule to the non-marginal points of an eye space of two or more
// points with at most one neighbour in it (GNU Go's find_half_and_false_eyes). The space's points
// are in words lo to hi.
func (a *Analysis) topology(es *EyeSpace, lo, hi int) {
	crowded := a.b.grid.crowded(&es.Points, lo, hi)
	for wi := lo; wi <= hi; wi++ {
		for w := es.Points[wi] &^ es.Marginal[wi] &^ crowded[wi]; w != 0; w &= w - 1 {
			a.diagonalRule(es, wi*64+bits.TrailingZeros64(w), false) // a space of one point is EyeSpacesInto's
		}
	}
}

// diagonalRule counts the diagonals of sq, a non-marginal point of es, as eyes.texi says and marks
// sq a false eye or a half eye. alone is whether sq is the whole space.
func (a *Analysis) diagonalRule(es *EyeSpace, sq int, alone bool) {
	b := a.b
	g := b.grid
	opp := es.Color.Opponent()
	sum, key, keys := int(g.offDiag[sq]), -1, 0
	for _, d := range g.diag[sq] {
		if d < 0 || !alone && es.Points[d>>6]&(1<<(uint(d)&63)) != 0 {
			continue
		}
		dq := int(d)
		switch {
		case a.lively[opp][dq>>6]&(1<<(uint(dq)&63)) != 0:
			if a.nlibs[a.strOf(dq, opp)] >= 2 {
				sum += 2
			} else {
				sum++
			}
		case a.color(dq) == Empty:
			if a.twoLibsIfPlayed(dq, opp) {
				sum++
				key = dq
				keys++
			}
		}
	}
	switch {
	case sum >= 4:
		es.False.Add(sq)
		if alone || a.color(sq) == opp || b.Legal(opp, sq) {
			es.Marginal.Add(sq)
		}
	case sum == 3:
		es.HalfEyes.Add(sq)
		if keys == 1 && es.NumKeys < len(es.Keys) {
			es.Keys[es.NumKeys] = HalfEyeKey{Eye: sq, Key: key}
			es.NumKeys++
		}
	}
}
