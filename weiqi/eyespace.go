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
	HalfEyes pattern.Set // half eyes (diagonal sum above 2 and below 4)
	False    pattern.Set // false eyes (diagonal sum 4 or more), also in Marginal when the opponent may play there
	// Half are the half eyes in GNU Go's board order (north-west first), with the points where a
	// move decides them. Each half eye gets a virtual marginal vertex in the eye graph (eyes.texi,
	// "Eye shape analysis"; optics.c, recognize_eye). NumHalf may exceed len(Half): the space
	// then has too many half eyes for any eyes.db graph.
	Half    [MaxHalfEyes]HalfEye
	NumHalf int
}

// MaxHalfEyes is the most half eyes an EyeSpace records.
const MaxHalfEyes = 8

// HalfEye is a half eye of a space: its point, its diagonal sum (3 a half eye, between 2 and 3 one
// the opponent makes false only by winning a ko, between 3 and 4 one the owner makes real only by
// winning a ko) and the moves on its diagonals that make it false (Attacks) or real (Defenses),
// the best first, as GNU Go's topological_eye keeps them.
type HalfEye struct {
	Eye                     int
	Value                   float32
	Attacks, Defenses       [4]int16
	NumAttacks, NumDefenses int8
}

// Ko reports whether the half eye is decided by a ko (GNU Go's "ko half eye", value below 3).
func (h *HalfEye) Ko() bool { return h.Value < 3 }

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
// to dst. It reads the position tactically (false margins, half and false eyes); see
// Analysis.EyeSpaces to reuse the scratch space.
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
// False margins (an empty point next to stones of both colours where the colour whose lively
// stone there cannot be captured may not play safely, GNU Go's false_margin) are in neither
// domain from their neighbours.
//
// A free point in one colour's domain only is in that colour's eye space, marginal when a point
// next to it is in the other colour's domain only; a point in both domains belongs to a colour's
// space, as a marginal point, when a point next to it is in that colour's domain only. An eye space
// is a connected part of them, where two marginal points do not connect by themselves.
//
// Half and false eyes are GNU Go's find_half_and_false_eyes and topological_eye: see halfAndFalse.
func (a *Analysis) EyeSpaces(dead pattern.Set, dst []EyeSpace) []EyeSpace {
	a.EyeSpacesInto(dead, func() *EyeSpace {
		if len(dst) < cap(dst) {
			dst = dst[:len(dst)+1]
			dst[len(dst)-1] = EyeSpace{} // cleared in place, not copied
		} else {
			dst = append(dst, EyeSpace{})
		}
		return &dst[len(dst)-1]
	}, func(i int) *EyeSpace { return &dst[i] })
	return dst
}

// Reader is the tactical reader of the analysed position, made on first use.
func (a *Analysis) Reader() *Reader {
	if a.rd == nil {
		a.rd = NewReader(a.b)
	}
	return a.rd
}

// EyeSpacesInto is EyeSpaces filling the spaces where the caller keeps them: next returns a
// zeroed EyeSpace for each space in turn, and at(i) the i-th space next returned (counting from
// 0 for this call), valid until next is called again.
func (a *Analysis) EyeSpacesInto(dead pattern.Set, next func() *EyeSpace, at func(i int) *EyeSpace) {
	b := a.b
	g := b.grid
	lively := &a.lively
	lively[Black] = b.stones[Black].AndNot(dead)
	lively[White] = b.stones[White].AndNot(dead)
	free := g.valid.AndNot(lively[Black]).AndNot(lively[White])
	var dom [3]pattern.Set
	near := [3]pattern.Set{Black: g.grow(lively[Black]).And(free), White: g.grow(lively[White]).And(free)}
	fm := a.falseMargins(near[Black])
	dom[Black] = a.domain(lively[Black], lively[White], near[Black], near[White], fm)
	dom[White] = a.domain(lively[White], lively[Black], near[White], near[Black], fm)
	var grownOnly [3]pattern.Set // each colour's domain only, grown
	for _, c := range [2]Color{Black, White} {
		grownOnly[c] = g.grow(dom[c].AndNot(dom[c.Opponent()]))
	}
	stones := b.stones[Black].Or(b.stones[White])
	count := 0
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
		start := count
		for wi, w := range space {
			for ; w != 0; w &= w - 1 {
				bit := w & -w
				if left[wi]&bit == 0 {
					continue
				}
				es := next()
				count++
				es.Color = c
				if alone[wi]&bit != 0 {
					left[wi] &^= bit
					es.Points[wi], es.Marginal[wi], es.Dead[wi] = bit, bit&margin[wi], bit&stones[wi]
					continue
				}
				// p is the space's lowest point: its words run from p's to its highest point's
				p := wi*64 + bits.TrailingZeros64(bit)
				lo, hi := wi, a.component(p, &left, &margin, es)>>6
				for wi := lo; wi <= hi; wi++ {
					es.Dead[wi] = es.Points[wi] & stones[wi]
				}
			}
		}
		a.halfAndFalse(c, start, count, at)
	}
}

// falseMargins are GNU Go's false margins (optics.c, false_margin), looked for where
// compute_primary_domains does: the empty points next to a lively black stone. A point is a false
// margin for colour c when it has stones of both colours next to it, one of the opponent's there is
// not lively, another is lively and cannot be captured, and the opponent may not play there safely:
//
//	OOOOXX
//	OXaX..     a is not in O's eye space: the space is (X), not (X!)
//	------
func (a *Analysis) falseMargins(nearBlack pattern.Set) pattern.Set {
	var fm pattern.Set
	for wi, w := range nearBlack.And(a.b.Empty()) {
		for ; w != 0; w &= w - 1 {
			p := wi*64 + bits.TrailingZeros64(w)
			if a.falseMargin(p, Black) || a.falseMargin(p, White) {
				fm.Add(p)
			}
		}
	}
	return fm
}

func (a *Analysis) falseMargin(p int, c Color) bool {
	g := a.b.grid
	opp := c.Opponent()
	var seen [3]bool
	for _, q := range g.nbr[p] {
		if q >= 0 {
			seen[a.color(int(q))] = true
		}
	}
	if !seen[Black] || !seen[White] {
		return false
	}
	allLively := true
	for _, q := range g.nbr[p] {
		if q >= 0 && a.color(int(q)) == opp && !a.lively[opp].Has(int(q)) {
			allLively = false
		}
	}
	if allLively {
		return false
	}
	rd := a.Reader()
	potential := false
	for _, q := range g.nbr[p] {
		if q >= 0 && a.lively[opp].Has(int(q)) {
			if code, _ := rd.Attack(int(q)); code == 0 {
				potential = true
			}
		}
	}
	return potential && rd.SafeMove(p, opp) == 0
}

// domain is colour own's domain (make_domains' compute_primary_domains) given the lively stones
// of both colours and the false margins (which are not in the domain from their own neighbours,
// nor pending when next to an own stone).
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
func (a *Analysis) domain(own, opp, nearOwn, nearOpp, falseMargins pattern.Set) pattern.Set {
	g := a.b.grid
	// the shift counts, masked so that no test for 64 or more is compiled (those over 63 on a
	// 1x1 board are masked out with notE and notW)
	w, v := uint(g.size)&63, uint(64-g.size)&63
	w1, v1 := (w+1)&63, (v-1)&63 // w+1, 64-(w+1)
	w0, v0 := (w-1)&63, (v+1)&63 // w-1, 64-(w-1)
	free := g.valid.AndNot(own).AndNot(opp)
	dom := own.Or(nearOwn.AndNot(falseMargins))
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
