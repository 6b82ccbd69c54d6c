package weiqi

import "github.com/cqlgo/cql/pattern"

// EyeSpace is a connected region where one colour may make eyes: empty points and dead opponent
// stones inside that colour's domain (GNU Go's eyes.texi, "Eye spaces" and make_domains).
type EyeSpace struct {
	Color    Color       // the owner
	Points   pattern.Set // every point of the space, dead opponent stones included
	Marginal pattern.Set // points the opponent can play with effect: next to the outside, false eyes
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

// SimpleDead is the dead-stone rule used when the user gives none: a string is dead when it is in
// atari and cannot escape in one move, neither by extending to two or more liberties nor by
// capturing an adjacent string (GNU Go's "not lively": it can be captured and not defended,
// reading only one move deep).
func SimpleDead(b *Board) pattern.Set {
	var dead, seen pattern.Set
	var buf [pattern.MaxSquares]int
	stones := b.stones[Black].Or(b.stones[White])
	for _, sq := range stones.Squares(buf[:0]) {
		if seen.Has(sq) {
			continue
		}
		c := b.At(sq)
		str := b.grid.Flood(sq, b.stones[c])
		seen = seen.Or(str)
		libs := b.Liberties(str)
		if libs.Count() != 1 {
			continue
		}
		if !b.canEscape(c, str, libs) {
			dead = dead.Or(str)
		}
	}
	return dead
}

// canEscape reports whether a string in atari escapes in one move: extending at its liberty to
// two or more liberties, or capturing an adjacent opponent string in atari.
func (b *Board) canEscape(c Color, str, libs pattern.Set) bool {
	opp := c.Opponent()
	adjOpp := b.grid.Adjacent(str).And(b.stones[opp])
	for !adjOpp.IsEmpty() {
		var one [1]int
		sq := adjOpp.Squares(one[:0])
		if len(sq) == 0 {
			break
		}
		o := b.grid.Flood(sq[0], b.stones[opp])
		adjOpp = adjOpp.AndNot(o)
		if b.Liberties(o).Count() == 1 {
			return true
		}
	}
	var one [pattern.MaxSquares]int
	lib := libs.Squares(one[:0])[0]
	grown := b.grid.Flood(lib, b.stones[c].Or(pattern.SetOf(lib)))
	empty := b.Empty()
	empty.Remove(lib)
	return b.grid.Adjacent(grown).And(empty).Count() >= 2
}

// EyeSpaces finds the eye spaces of both colours, given the set of dead stones (nil set: none).
// It appends them to dst and returns it.
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
func EyeSpaces(b *Board, dead pattern.Set, dst []EyeSpace) []EyeSpace {
	g := b.grid
	lively := [3]pattern.Set{}
	lively[Black] = b.stones[Black].AndNot(dead)
	lively[White] = b.stones[White].AndNot(dead)
	free := g.valid.AndNot(lively[Black]).AndNot(lively[White])
	var inf [3]pattern.Set
	for _, c := range [2]Color{Black, White} {
		inf[c] = lively[c].Or(g.Adjacent(lively[c]).And(free))
	}
	var ext [3]pattern.Set
	edge := pattern.Set{}
	for sq := 0; sq < g.Points(); sq++ {
		if g.edges[sq] > 0 {
			edge.Add(sq)
		}
	}
	var buf [pattern.MaxSquares]int
	for _, c := range [2]Color{Black, White} {
		opp := c.Opponent()
		cand := free.AndNot(inf[c])
		// only points with some influenced neighbour (orthogonal or diagonal) can gain influence
		near := g.grow(inf[c]).Or(g.growDiag(inf[c]))
		cand = cand.And(near)
		for _, e := range cand.Squares(buf[:0]) {
			if g.edges[e] == 2 {
				if g.cornerInfluence(e, inf[c], lively[opp]) {
					ext[c].Add(e)
				}
				continue
			}
			if g.pairInfluence(e, inf[c], lively[opp], edge) {
				ext[c].Add(e)
			}
		}
	}
	for _, c := range [2]Color{Black, White} {
		inf[c] = inf[c].Or(ext[c])
	}
	for _, c := range [2]Color{Black, White} {
		opp := c.Opponent()
		// free points of the owner's own dead stones stay out of its eye spaces
		domain := free.And(inf[c]).AndNot(b.stones[c])
		rest := domain
		for !rest.IsEmpty() {
			first := rest.Squares(buf[:0])[0]
			pts := g.Flood(first, domain)
			rest = rest.AndNot(pts)
			es := EyeSpace{Color: c, Points: pts, Dead: pts.And(b.stones[opp])}
			outside := free.AndNot(pts)
			es.Marginal = pts.And(inf[opp].Or(g.Adjacent(outside)))
			b.topology(&es, lively, dead)
			dst = append(dst, es)
		}
	}
	return dst
}

func (g *Grid) growDiag(s pattern.Set) pattern.Set {
	w := g.size
	we := s.And(g.notW).Shift(-1).Or(s.And(g.notE).Shift(1))
	return we.Shift(w).Or(we.Shift(-w)).And(g.valid)
}

// off-board-aware point lookup by file and rank offsets.
func (g *Grid) at(sq, df, dr int) int {
	f, r := g.Coords(sq)
	return g.Square(f+df, r+dr)
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
	b, c, d := g.at(e, df, 0), g.at(e, 0, dr), g.at(e, df, dr)
	if b < 0 || c < 0 || d < 0 {
		return false
	}
	if opp.Has(b) || opp.Has(c) || opp.Has(d) {
		return false
	}
	return inf.Has(b) || inf.Has(c)
}

func (g *Grid) pairInfluence(e int, inf, opp, edge pattern.Set) bool {
	for _, dg := range [4][2]int{{-1, 1}, {1, 1}, {1, -1}, {-1, -1}} {
		a := g.at(e, dg[0], dg[1])
		if a < 0 || !inf.Has(a) || edge.Has(a) {
			continue
		}
		// the two orthogonal points next to both a and e
		for _, o := range [2][2]int{{dg[0], 0}, {0, dg[1]}} {
			bb := g.at(e, o[0], o[1])
			if bb < 0 || !inf.Has(bb) || edge.Has(bb) {
				continue
			}
			// d: the other orthogonal point next to a and e
			d := g.at(e, dg[0]-o[0], dg[1]-o[1])
			if d >= 0 && opp.Has(d) {
				continue
			}
			// u beyond a, c beyond b on the line a-b
			u := g.at(a, dg[0]-o[0], dg[1]-o[1])
			cc := g.at(bb, o[0]-dg[0], o[1]-dg[1])
			if u >= 0 && cc >= 0 && opp.Has(u) && opp.Has(cc) {
				continue
			}
			return true
		}
	}
	return false
}

// topology applies the diagonal rule to the points of an eye space with at most one neighbour
// in it.
func (b *Board) topology(es *EyeSpace, lively [3]pattern.Set, dead pattern.Set) {
	g := b.grid
	opp := es.Color.Opponent()
	var buf [pattern.MaxSquares]int
	for _, sq := range es.Points.Squares(buf[:0]) {
		inSpace := 0
		for _, n := range g.nbr[sq] {
			if n >= 0 && es.Points.Has(int(n)) {
				inSpace++
			}
		}
		if inSpace > 1 {
			continue
		}
		sum, key, keys := 0, -1, 0
		f, r := g.Coords(sq)
		for i, d := range g.diag[sq] {
			if d < 0 {
				off := [4][2]int{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}[i]
				fo := f+off[0] < 0 || f+off[0] >= g.size
				ro := r+off[1] < 0 || r+off[1] >= g.size
				if !(fo && ro) {
					sum++
				}
				continue
			}
			dq := int(d)
			switch {
			case es.Points.Has(dq):
			case lively[opp].Has(dq):
				if b.Liberties(g.Flood(dq, b.stones[opp])).Count() >= 2 {
					sum += 2
				} else {
					sum++
				}
			case b.At(dq) == Empty:
				grown := g.Flood(dq, b.stones[opp].Or(pattern.SetOf(dq)))
				empty := b.Empty()
				empty.Remove(dq)
				if g.Adjacent(grown).And(empty).Count() >= 2 {
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
	}
}
