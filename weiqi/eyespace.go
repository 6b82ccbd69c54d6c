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

// Analysis is the string table of a position: which string each stone belongs to and the
// liberties of every string. It is scratch space for EyeSpaces and SimpleDead, reused between
// positions without allocating.
type Analysis struct {
	b     *Board
	col   [pattern.MaxSquares]Color // the colour on each point
	strOf [pattern.MaxSquares]int16 // string index of each stone, -1 for empty points
	strs  [pattern.MaxSquares]pattern.Set
	libs  [pattern.MaxSquares]pattern.Set
	nlibs [pattern.MaxSquares]int16 // liberty count of each string
	nstr  int
	stack [pattern.MaxSquares]int16
	// parent is the union-find forest of the stones: a root is the lowest point of its string
	parent [pattern.MaxSquares]int16

	// EyeSpaces' scratch: the lively stones of each colour; the domains' influence (indexed by point+1, [0] off the board), threshold and
	// pending points; each point's eye space (-1 outside) and whether it is marginal
	lively  [3]pattern.Set
	infl    [pattern.MaxSquares + 1]int8
	base    [pattern.MaxSquares + 1]int8 // first domain's influence of stones and their neighbours
	thr     [pattern.MaxSquares]int8
	pending [pattern.MaxSquares]bool
	queued  [pattern.MaxSquares]bool
	space   [pattern.MaxSquares]int16
	marg    [pattern.MaxSquares]bool
}

// Analyze builds the string table of a position: strings by union-find over the west and south
// neighbours in one scan, then the liberties from the empty points.
func (a *Analysis) Analyze(b *Board) {
	a.b = b
	g := b.grid
	n := g.Points()
	a.col = [pattern.MaxSquares]Color{}
	for _, c := range [2]Color{Black, White} {
		for wi, w := range b.stones[c] {
			for ; w != 0; w &= w - 1 {
				a.col[wi*64+bits.TrailingZeros64(w)] = c
			}
		}
	}
	parent := &a.parent
	stones := b.stones[Black].Or(b.stones[White])
	// stones in increasing order: the west and south neighbours are seen before
	for wi, w := range stones {
		for ; w != 0; w &= w - 1 {
			p := wi*64 + bits.TrailingZeros64(w)
			c := a.col[p]
			parent[p] = int16(p)
			nb := &g.nbr[p]
			if west := nb[3]; west >= 0 && a.col[west] == c {
				parent[p] = a.root(int(west))
			}
			if south := nb[2]; south >= 0 && a.col[south] == c {
				// the lower root stays: a root is always its string's lowest point
				if r, s := a.root(int(south)), a.root(p); r < s {
					parent[s] = r
				} else if s < r {
					parent[r] = s
				}
			}
		}
	}
	for p := 0; p < n; p++ {
		a.strOf[p] = -1
	}
	a.nstr = 0
	for wi, w := range stones {
		for ; w != 0; w &= w - 1 {
			p := wi*64 + bits.TrailingZeros64(w)
			// a parent is never above its child, so in increasing order the parent has its
			// string id already (a root is its own parent and starts a new string)
			par := parent[p]
			id := a.strOf[par]
			if par == int16(p) {
				id = int16(a.nstr)
				a.nstr++
				a.strs[id] = pattern.Set{}
			}
			a.strOf[p] = id
			a.strs[id].Add(p)
		}
	}
	for id := 0; id < a.nstr; id++ {
		a.libs[id], a.nlibs[id] = pattern.Set{}, 0
	}
	for wi, w := range g.valid.AndNot(stones) {
		for ; w != 0; w &= w - 1 {
			p := wi*64 + bits.TrailingZeros64(w)
			nb := &g.nbr[p]
			for k := 0; k < 4; k++ {
				if q := nb[k]; q >= 0 && a.col[q] != Empty {
					// counted as added: cheaper than counting every string's set after
					id, bit := a.strOf[q], uint64(1)<<(uint(p)&63)
					if w := &a.libs[id][p>>6]; *w&bit == 0 {
						*w |= bit
						a.nlibs[id]++
					}
				}
			}
		}
	}
}

// stones is the string id's stones.
func (a *Analysis) stones(id int16) pattern.Set { return a.strs[id] }

// root is the representative of the union-find tree holding p (path halving), its lowest point.
func (a *Analysis) root(p int) int16 {
	q := int16(p)
	for a.parent[q] != q {
		a.parent[q] = a.parent[a.parent[q]]
		q = a.parent[q]
	}
	return q
}

// StringOf is the string holding the stone on sq and its liberties.
func (a *Analysis) StringOf(sq int) (str, libs pattern.Set) {
	id := a.strOf[sq]
	if id < 0 {
		return pattern.Set{}, pattern.Set{}
	}
	return a.stones(id), a.libs[id]
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
	var dead pattern.Set
	for id := 0; id < a.nstr; id++ {
		if a.nlibs[id] == 1 && !a.canEscape(id) {
			dead = dead.Or(a.stones(int16(id)))
		}
	}
	return dead
}

// canEscape reports whether a string in atari escapes in one move: extending at its liberty to
// two or more liberties, or capturing an adjacent opponent string in atari.
func (a *Analysis) canEscape(id int) bool {
	g := a.b.grid
	str := a.stones(int16(id))
	escaped := false
	forEach(g.Adjacent(str), func(sq int) {
		if o := a.strOf[sq]; o >= 0 && a.nlibs[o] == 1 {
			escaped = true
		}
	})
	if escaped {
		return true
	}
	lib := first(a.libs[id])
	return a.libsIfPlayed(lib, a.b.At(first(str))) >= 2
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
		switch a.col[q] {
		case Empty:
			empty++
		case c:
			if a.nlibs[a.strOf[q]] >= 3 {
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
	var libs pattern.Set
	for _, q := range g.nbr[sq] {
		if q < 0 {
			continue
		}
		switch a.col[q] {
		case Empty:
			libs.Add(int(q))
		case c:
			libs = libs.Or(a.libs[a.strOf[q]])
		}
	}
	libs.Remove(sq)
	return libs.Count()
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
	n := g.Points()
	lively := &a.lively
	lively[Black] = b.stones[Black].AndNot(dead)
	lively[White] = b.stones[White].AndNot(dead)
	for p := 0; p < n; p++ {
		a.space[p] = -1 // ids count the spaces from 0: none may stay from another position
	}
	free := g.valid.AndNot(lively[Black]).AndNot(lively[White])
	var dom [3]pattern.Set
	a.domain(lively[Black], lively[White], &dom[Black], false)
	a.domain(lively[White], lively[Black], &dom[White], true)
	stones := b.stones[Black].Or(b.stones[White])
	nspaces := 0
	for _, c := range [2]Color{Black, White} {
		opp := c.Opponent()
		only, oppOnly, both := dom[c].AndNot(dom[opp]), dom[opp].AndNot(dom[c]), dom[c].And(dom[opp])
		space := free.And(only.Or(both.And(g.grow(only))))
		margin := space.And(both.Or(g.grow(oppOnly)))
		for wi, w := range space {
			for ; w != 0; w &= w - 1 {
				p := wi*64 + bits.TrailingZeros64(w)
				a.marg[p], a.space[p] = margin[wi]&(w&-w) != 0, unassigned
			}
		}
		for wi, w := range space {
			for ; w != 0; w &= w - 1 {
				p := wi*64 + bits.TrailingZeros64(w)
				if a.space[p] != unassigned {
					continue
				}
				es, id := next(), int16(nspaces)
				nspaces++
				es.Color = c
				// p is the space's lowest point: its words run from p's to its highest point's
				lo, hi := p>>6, a.component(p, id, es)>>6
				for wi := lo; wi <= hi; wi++ {
					es.Dead[wi] = es.Points[wi] & stones[wi]
				}
				a.topology(es, id, lo, hi)
			}
		}
	}
}

// domain computes colour c's domain (make_domains' compute_primary_domains without its false
// margins, which need GNU Go's tactical reading) from the lively stones of both colours. The
// influence of stones and their neighbours is the other colour's negated: the first call
// (second false) keeps it in a.base, the second (second true, colours swapped) negates it.
func (a *Analysis) domain(own, opp pattern.Set, dom *pattern.Set, second bool) {
	g := a.b.grid
	free := g.valid.AndNot(own).AndNot(opp)
	nearOwn := g.grow(own).And(free)
	nearOpp := g.grow(opp).And(free)
	*dom = own.Or(nearOwn)
	pending := free.AndNot(nearOwn)
	a.thr = [pattern.MaxSquares]int8{}
	a.pending = [pattern.MaxSquares]bool{}
	a.queued = [pattern.MaxSquares]bool{}
	infl := &a.infl // indexed by point+1: infl[0] is off the board and stays 0
	addTo := func(s pattern.Set, d int8) {
		for wi, w := range s {
			for ; w != 0; w &= w - 1 {
				infl[wi*64+bits.TrailingZeros64(w)+1] += d
			}
		}
	}
	if !second {
		a.infl = [pattern.MaxSquares + 1]int8{}
		addTo(own.Or(nearOwn), 1)
		addTo(opp.Or(nearOpp), -1)
		a.base = a.infl
	} else {
		for i, v := range &a.base {
			infl[i] = -v
		}
	}
	addTo(free.And(g.edge).AndNot(nearOpp), -1)
	for wi, w := range nearOpp {
		for ; w != 0; w &= w - 1 {
			a.thr[wi*64+bits.TrailingZeros64(w)] = 1
		}
	}
	for wi, w := range pending {
		for ; w != 0; w &= w - 1 {
			a.pending[wi*64+bits.TrailingZeros64(w)] = true
		}
	}
	// a pending point needs a neighbour or diagonal point of positive influence: start with those
	positive := own.Or(nearOwn.AndNot(nearOpp).AndNot(g.edge))
	top := 0
	for wi, w := range pending.And(g.grow8(positive)) {
		for ; w != 0; w &= w - 1 {
			p := wi*64 + bits.TrailingZeros64(w)
			a.queued[p] = true
			a.stack[top] = int16(p)
			top++
		}
	}
	// Whether a point joins depends on the influence of its 8 neighbours alone, and joining only
	// raises influence: a pending point is looked at again only when a neighbour joins.
	for top > 0 {
		top--
		p := int(a.stack[top])
		a.queued[p] = false
		if !a.pending[p] || !a.sufficient(p) {
			continue
		}
		a.pending[p] = false
		dom.Add(p)
		infl[p+1]++
		for _, q := range g.nbr[p] {
			if q >= 0 && a.pending[q] && !a.queued[q] {
				a.queued[q] = true
				a.stack[top] = q
				top++
			}
		}
		for _, q := range g.diag[p] {
			if q >= 0 && a.pending[q] && !a.queued[q] {
				a.queued[q] = true
				a.stack[top] = q
				top++
			}
		}
	}
}

// sufficient reports whether an orthogonal neighbour a of p and a diagonal neighbour of p next to
// a (on the board) have influences adding up to more than p's threshold.
func (a *Analysis) sufficient(p int) bool {
	g := a.b.grid
	nb, dg := &g.nbr[p], &g.diag[p]
	t := a.thr[p]
	// nbr: north, east, south, west; diag: NE, SE, SW, NW
	for k := 0; k < 4; k++ {
		ia := a.infl[nb[k]+1]
		d1, d2 := dg[(k+3)&3], dg[k] // the diagonals on either side of direction k
		if k == 1 || k == 2 {
			d1, d2 = dg[k-1], dg[k]
		}
		if d1 >= 0 && ia+a.infl[d1+1] > t || d2 >= 0 && ia+a.infl[d2+1] > t {
			return true
		}
	}
	return false
}

// unassigned marks a point of the current colour's eye spaces not yet given to one (a.space);
// -1 is a point outside them, other values are indices of spaces.
const unassigned = -2

// component fills es with the eye space holding sq: the points connected to it, where two
// marginal points next to each other do not connect (GNU Go's originate_eye). Its points get
// the space's index id. It returns the highest point of the space.
func (a *Analysis) component(sq int, id int16, es *EyeSpace) int {
	g := a.b.grid
	high := sq
	top := 0
	a.stack[top] = int16(sq)
	top++
	a.space[sq] = id
	for top > 0 {
		top--
		p := a.stack[top]
		high = max(high, int(p))
		es.Points.Add(int(p))
		pm := a.marg[p]
		if pm {
			es.Marginal.Add(int(p))
		}
		nb := &g.nbr[p]
		for k := 0; k < 4; k++ {
			if q := nb[k]; q >= 0 && a.space[q] == unassigned && !(pm && a.marg[q]) {
				a.space[q] = id
				a.stack[top] = q
				top++
			}
		}
	}
	return high
}

// topology applies the diagonal rule to the non-marginal points of an eye space with at most one
// neighbour in it (GNU Go's find_half_and_false_eyes). The space's points are in words lo to hi.
func (a *Analysis) topology(es *EyeSpace, id int16, lo, hi int) {
	b := a.b
	g := b.grid
	opp := es.Color.Opponent()
	for wi := lo; wi <= hi; wi++ {
		for w := es.Points[wi] &^ es.Marginal[wi]; w != 0; w &= w - 1 {
			sq := wi*64 + bits.TrailingZeros64(w)
			nbrs := 0
			for _, q := range g.nbr[sq] {
				if q >= 0 && a.space[q] == id {
					nbrs++
				}
			}
			if nbrs > 1 {
				continue
			}
			sum, key, keys := int(g.offDiag[sq]), -1, 0
			for _, d := range g.diag[sq] {
				if d < 0 || a.space[d] == id {
					continue
				}
				dq := int(d)
				switch {
				case a.lively[opp][dq>>6]&(1<<(uint(dq)&63)) != 0:
					if a.nlibs[a.strOf[dq]] >= 2 {
						sum += 2
					} else {
						sum++
					}
				case a.col[dq] == Empty:
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
				if es.Points.Count() == 1 || a.col[sq] == opp || b.Legal(opp, sq) {
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
	}
}
