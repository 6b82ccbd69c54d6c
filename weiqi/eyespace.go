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
	strOf [pattern.MaxSquares]int16 // string index of each stone, -1 for empty points
	strs  [pattern.MaxSquares]pattern.Set
	libs  [pattern.MaxSquares]pattern.Set
	nstr  int
	stack [pattern.MaxSquares]int16
}

// Analyze builds the string table of a position.
func (a *Analysis) Analyze(b *Board) {
	a.b = b
	g := b.grid
	n := g.Points()
	for i := 0; i < n; i++ {
		a.strOf[i] = -1
	}
	a.nstr = 0
	empty := b.Empty()
	for _, c := range [2]Color{Black, White} {
		own := b.stones[c]
		for wi, word := range own {
			for word != 0 {
				sq := wi*64 + bits.TrailingZeros64(word)
				word &= word - 1
				if a.strOf[sq] >= 0 {
					continue
				}
				a.flood(sq, c, own, empty)
			}
		}
	}
}

// flood records the string of colour c holding the stone on sq and its liberties.
func (a *Analysis) flood(sq int, c Color, own, empty pattern.Set) {
	g := a.b.grid
	id := int16(a.nstr)
	a.nstr++
	var str, libs pattern.Set
	top := 0
	a.stack[top] = int16(sq)
	top++
	a.strOf[sq] = id
	str.Add(sq)
	for top > 0 {
		top--
		p := int(a.stack[top])
		for _, q := range g.nbr[p] {
			if q < 0 {
				continue
			}
			switch {
			case empty.Has(int(q)):
				libs.Add(int(q))
			case a.strOf[q] < 0 && own.Has(int(q)):
				a.strOf[q] = id
				str.Add(int(q))
				a.stack[top] = q
				top++
			}
		}
	}
	a.strs[id], a.libs[id] = str, libs
}

// StringOf is the string holding the stone on sq and its liberties.
func (a *Analysis) StringOf(sq int) (str, libs pattern.Set) {
	id := a.strOf[sq]
	if id < 0 {
		return pattern.Set{}, pattern.Set{}
	}
	return a.strs[id], a.libs[id]
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
		if a.libs[id].Count() == 1 && !a.canEscape(id) {
			dead = dead.Or(a.strs[id])
		}
	}
	return dead
}

// canEscape reports whether a string in atari escapes in one move: extending at its liberty to
// two or more liberties, or capturing an adjacent opponent string in atari.
func (a *Analysis) canEscape(id int) bool {
	g := a.b.grid
	str := a.strs[id]
	escaped := false
	forEach(g.Adjacent(str), func(sq int) {
		if o := a.strOf[sq]; o >= 0 && a.libs[o].Count() == 1 {
			escaped = true
		}
	})
	if escaped {
		return true
	}
	lib := first(a.libs[id])
	return a.libsIfPlayed(lib, a.b.At(first(str))) >= 2
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
		switch a.b.At(int(q)) {
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

// EyeSpaces finds the eye spaces of both colours of the analysed position.
//
// The domains follow eyes.texi's make_primary_domains: dead stones are invisible; a colour has
// influence on its lively stones, on free points next to them, and on a free point e where a
// diagonal point a and an orthogonal point b, next to each other and neither on the first line,
// both have influence from the first two rules (not when a lively opponent stone is on the other
// point next to both a and e, nor when lively opponent stones stand on both points that continue
// the line a-b beyond a and beyond b); a corner point gets influence from a neighbour when no
// lively opponent stone is next to it or diagonal to it. A colour's eye spaces are the connected
// free points where it has influence; a point of an eye space where the opponent has influence
// too, or next to a free point outside the space, is marginal (the opponent can play there with
// some effect). So a contested point may be a marginal point of both colours' spaces, as in GNU Go.
//
// False eyes and half eyes come from eyes.texi's diagonal rule on points with at most one
// neighbour in the space: diagonals off the board count 1 (0 beyond a corner), a lively
// opponent stone 2 when its string has two or more liberties and 1 in atari, an empty point 1
// when an opponent stone there would have two or more liberties, anything else 0; a sum of 4 or
// more is a false eye (made marginal), 3 a half eye (its key point joins the graph).
func (a *Analysis) EyeSpaces(dead pattern.Set, dst []EyeSpace) []EyeSpace {
	b := a.b
	g := b.grid
	var lively [3]pattern.Set
	lively[Black] = b.stones[Black].AndNot(dead)
	lively[White] = b.stones[White].AndNot(dead)
	free := g.valid.AndNot(lively[Black]).AndNot(lively[White])
	var inf [3]pattern.Set
	for _, c := range [2]Color{Black, White} {
		inf[c] = lively[c].Or(g.grow(lively[c]).And(free))
	}
	interior := g.valid.AndNot(g.edge)
	var ext [3]pattern.Set
	for _, c := range [2]Color{Black, White} {
		opp := lively[c.Opponent()]
		src := inf[c].And(interior)
		var got pattern.Set
		for _, dg := range [4][2]int{{-1, 1}, {1, 1}, {1, -1}, {-1, -1}} {
			atA := g.shiftBy(src, -dg[0], -dg[1]) // e such that a = e+dg is a source
			for _, o := range [2][2]int{{dg[0], 0}, {0, dg[1]}} {
				atB := g.shiftBy(src, -o[0], -o[1])
				dOpp := g.shiftBy(opp, -(dg[0] - o[0]), -(dg[1] - o[1]))
				// u = e + dg + (dg - o), c = e + o + (o - dg)
				uOpp := g.shiftBy(opp, -(2*dg[0] - o[0]), -(2*dg[1] - o[1]))
				cOpp := g.shiftBy(opp, -(2*o[0] - dg[0]), -(2*o[1] - dg[1]))
				got = got.Or(atA.And(atB).AndNot(dOpp).AndNot(uOpp.And(cOpp)))
			}
		}
		ext[c] = got.And(free).AndNot(g.corners)
		forEach(g.corners.And(free).AndNot(inf[c]), func(e int) {
			if g.cornerInfluence(e, inf[c], opp) {
				ext[c].Add(e)
			}
		})
	}
	for _, c := range [2]Color{Black, White} {
		inf[c] = inf[c].Or(ext[c])
	}
	for _, c := range [2]Color{Black, White} {
		opp := c.Opponent()
		// free points of the owner's own dead stones stay out of its eye spaces
		domain := free.And(inf[c]).AndNot(b.stones[c])
		margin := domain.And(inf[opp].Or(g.grow(free.AndNot(domain))))
		n, e := g.shiftBy(domain, 0, -1), g.shiftBy(domain, -1, 0)
		so, w := g.shiftBy(domain, 0, 1), g.shiftBy(domain, 1, 0)
		ends := domain.AndNot(n.And(e.Or(so).Or(w)).Or(e.And(so.Or(w))).Or(so.And(w)))
		rest := domain
		for !rest.IsEmpty() {
			pts := a.component(first(rest), domain)
			rest = rest.AndNot(pts)
			es := EyeSpace{Color: c, Points: pts, Dead: pts.And(b.stones[opp]), Marginal: pts.And(margin)}
			a.topology(&es, lively, ends)
			dst = append(dst, es)
		}
	}
	return dst
}

// component is the connected part of within holding sq, by a stack walk on the neighbour table.
func (a *Analysis) component(sq int, within pattern.Set) pattern.Set {
	g := a.b.grid
	var out pattern.Set
	out.Add(sq)
	top := 0
	a.stack[top] = int16(sq)
	top++
	for top > 0 {
		top--
		p := a.stack[top]
		for _, q := range g.nbr[p] {
			if q >= 0 && within.Has(int(q)) && !out.Has(int(q)) {
				out.Add(int(q))
				a.stack[top] = q
				top++
			}
		}
	}
	return out
}

// shiftBy moves every point of s by df files and dr ranks; points leaving the board vanish.
func (g *Grid) shiftBy(s pattern.Set, df, dr int) pattern.Set {
	switch {
	case df > 0:
		s = s.And(g.fileBelow[df])
	case df < 0:
		s = s.And(g.fileFrom[-df])
	}
	return s.Shift(dr*g.size + df).And(g.valid)
}

func (g *Grid) cornerInfluence(e int, inf, opp pattern.Set) bool {
	f, r := g.Coords(e)
	df, dr := 1, 1
	if f > 0 {
		df = -1
	}
	if r > 0 {
		dr = -1
	}
	b, c, d := g.Square(f+df, r), g.Square(f, r+dr), g.Square(f+df, r+dr)
	if b < 0 || c < 0 || d < 0 {
		return false
	}
	if opp.Has(b) || opp.Has(c) || opp.Has(d) {
		return false
	}
	return inf.Has(b) || inf.Has(c)
}

// topology applies the diagonal rule to the points of an eye space with at most one neighbour
// in it.
// ends are the points of the domain with at most one neighbour in it: a neighbour in the domain is
// in the same space.
func (a *Analysis) topology(es *EyeSpace, lively [3]pattern.Set, ends pattern.Set) {
	b := a.b
	g := b.grid
	opp := es.Color.Opponent()
	forEach(es.Points.And(ends), func(sq int) {
		sum, key, keys := int(g.offDiag[sq]), -1, 0
		for _, d := range g.diag[sq] {
			if d < 0 {
				continue
			}
			dq := int(d)
			switch {
			case es.Points.Has(dq):
			case lively[opp].Has(dq):
				if a.libs[a.strOf[dq]].Count() >= 2 {
					sum += 2
				} else {
					sum++
				}
			case b.At(dq) == Empty:
				if a.libsIfPlayed(dq, opp) >= 2 {
					sum++
					key = dq
					keys++
				}
			}
		}
		switch {
		case sum >= 4:
			es.False.Add(sq)
			es.Marginal.Add(sq)
		case sum == 3:
			es.HalfEyes.Add(sq)
			if keys == 1 && es.NumKeys < len(es.Keys) {
				es.Keys[es.NumKeys] = HalfEyeKey{Eye: sq, Key: key}
				es.NumKeys++
			}
		}
	})
}
