package weiqi

import "github.com/cqlgo/cql/pattern"

// Half and false eyes, as GNU Go 3.9's find_half_and_false_eyes, topological_eye and
// evaluate_diagonal_intersection (optics.c; eyes.texi, "Eye topology") compute them.

// Diagonal values of evaluate_diagonal_intersection: the owner controls the point (0), can take it
// unconditionally while the opponent needs a ko (koA), both can (1), the owner needs a ko while
// the opponent can take it unconditionally (koB), the opponent controls it (2).
const (
	koA = 0.75
	koB = 2 - koA
)

// halfAndFalse marks the half and false eyes of colour c's spaces, numbers first to last-1 of
// at. It visits the non-marginal points with at most one neighbour in their space in GNU Go's
// board order (from the north-west corner, row by row), as the order matters: a false eye made
// marginal changes the diagonals of the points after it.
func (a *Analysis) halfAndFalse(c Color, first, last int, at func(int) *EyeSpace) {
	if first == last {
		return
	}
	g := a.b.grid
	n := g.Points()
	if len(a.spaceOf) < n {
		a.spaceOf = make([]int32, n)
		a.nbrs = make([]int8, n)
		a.margNbrs = make([]int8, n)
	}
	spaceOf, nbrs, margNbrs := a.spaceOf[:n], a.nbrs[:n], a.margNbrs[:n]
	for i := range spaceOf {
		spaceOf[i] = -1
	}
	for i := first; i < last; i++ {
		forEach(at(i).Points, func(p int) { spaceOf[p] = int32(i) })
	}
	for p := 0; p < n; p++ {
		if spaceOf[p] < 0 {
			continue
		}
		es := at(int(spaceOf[p]))
		nb, mn := int8(0), int8(0)
		for _, q := range g.nbr[p] {
			if q >= 0 && spaceOf[q] == spaceOf[p] {
				nb++
				if es.Marginal.Has(int(q)) {
					mn++
				}
			}
		}
		nbrs[p], margNbrs[p] = nb, mn
	}
	opp := c.Opponent()
	size := g.size
	for r := size - 1; r >= 0; r-- {
		for f := 0; f < size; f++ {
			p := r*size + f
			if spaceOf[p] < 0 || nbrs[p] > 1 {
				continue
			}
			es := at(int(spaceOf[p]))
			if es.Marginal.Has(p) || !a.region.IsEmpty() && es.Points.And(a.region).IsEmpty() {
				continue
			}
			var he HalfEye
			he.Eye = p
			sum := a.topologicalEye(p, c, &he, at)
			switch {
			case sum >= 4:
				es.False.Add(p)
				if es.Points.Count() == 1 || a.Reader().IsLegal(p, opp) || a.color(p) == opp {
					// add_false_eye: the point becomes marginal
					es.Marginal.Add(p)
					for _, q := range g.nbr[p] {
						if q >= 0 && spaceOf[q] == spaceOf[p] {
							margNbrs[q]++
						}
					}
				}
			case sum > 2:
				he.Value = sum
				es.HalfEyes.Add(p)
				if es.NumHalf < len(es.Half) {
					es.Half[es.NumHalf] = he
				}
				es.NumHalf++
			}
		}
	}
}

// topologicalEye is GNU Go's topological_eye: the sum of the values of p's four diagonals, with
// the moves that take control of them in he, best first.
func (a *Analysis) topologicalEye(p int, c Color, he *HalfEye, at func(int) *EyeSpace) float32 {
	g := a.b.grid
	opp := c.Opponent()
	f0, r0 := p%g.size, p/g.size
	var attackValues, defenseValues [4]int
	numAttacks, numDefenses := 0, 0
	var sum float32
	// GNU Go's diagonal order: south-west, north-west, north-east, south-east
	for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, 1}, {1, -1}} {
		f, r := f0+d[0], r0+d[1]
		val, ap, dp := a.diagonal(f, r, c, at)
		diag := -1
		if f >= 0 && f < g.size && r >= 0 && r < g.size {
			diag = r*g.size + f
		}
		// the cutting-point countermeasure of topological_eye (see its comment in optics.c)
		if val < 2 && diag >= 0 && a.color(p) == Empty && a.color(diag) == opp && g.edges[p] == 0 &&
			a.nextToString(p, diag) && a.rdStones(diag) >= 3 && a.cuttingPoint(p, c) {
			val = 2
		}
		sum += val
		if val > 0 && val < 2 && ap >= 0 && dp >= 0 {
			var av, dv int
			switch {
			case val == 1:
				av, dv = 3, 3
			case val < 1:
				av, dv = 2, 1
			default:
				av, dv = 1, 2
			}
			apt, dpt := int16(ap), int16(dp)
			for k := 0; k < 4; k++ {
				if attackValues[k] < av {
					tv, tp := attackValues[k], int16(0)
					if tv != 0 {
						tp = he.Attacks[k]
					}
					attackValues[k], he.Attacks[k] = av, apt
					av, apt = tv, tp
				}
				if defenseValues[k] < dv {
					tv, tp := defenseValues[k], int16(0)
					if tv != 0 {
						tp = he.Defenses[k]
					}
					defenseValues[k], he.Defenses[k] = dv, dpt
					dv, dpt = tv, tp
				}
			}
			numAttacks++
			numDefenses++
		}
	}
	for k := 0; k < numAttacks; k++ {
		if attackValues[k] < attackValues[0] {
			numAttacks = k
			break
		}
	}
	for k := 0; k < numDefenses; k++ {
		if defenseValues[k] < defenseValues[0] {
			numDefenses = k
			break
		}
	}
	he.NumAttacks, he.NumDefenses = int8(numAttacks), int8(numDefenses)
	return sum
}

// nextToString reports whether p is next to the string on s.
func (a *Analysis) nextToString(p, s int) bool {
	str, _ := a.StringOf(s)
	return !a.b.grid.Adjacent(str).And(pattern.SetOf(p)).IsEmpty()
}

func (a *Analysis) rdStones(s int) int {
	str, _ := a.StringOf(s)
	return str.Count()
}

// cuttingPoint is the rest of topological_eye's countermeasure: two or more strings of c next to
// p, one of them with at most 8 liberties. (GNU Go then counts that string's liberties in the
// eye space of the other colour, which its eye data never hold, so the count is always short.)
func (a *Analysis) cuttingPoint(p int, c Color) bool {
	g := a.b.grid
	var ids [4]int16
	n := 0
	for _, q := range g.nbr[p] {
		if q < 0 || a.color(int(q)) != c {
			continue
		}
		id := a.strOf(int(q), c)
		dup := false
		for i := 0; i < n; i++ {
			dup = dup || ids[i] == id
		}
		if !dup {
			ids[n] = id
			n++
		}
	}
	if n < 2 {
		return false
	}
	for i := 0; i < n; i++ {
		if a.nlibs[ids[i]] <= 8 {
			return true
		}
	}
	return false
}

// diagonal is GNU Go's evaluate_diagonal_intersection for the point at file f, rank r (maybe off
// the board) diagonal to an eye point of colour c: its value and the moves that attack and defend
// the eye there (-1 for none).
func (a *Analysis) diagonal(f, r int, c Color, at func(int) *EyeSpace) (float32, int, int) {
	g := a.b.grid
	off := 0
	if f < 0 || f >= g.size {
		off++
	}
	if r < 0 || r >= g.size {
		off++
	}
	if off > 0 {
		return float32(off % 2), -1, -1
	}
	d := r*g.size + f
	opp := c.Opponent()
	rd := a.Reader()
	// points of an own eye space count nothing, unless marginal, next to two marginal points, or
	// an empty point where the opponent captures
	if i := a.spaceOf[d]; i >= 0 && !at(int(i)).Marginal.Has(d) && a.margNbrs[d] < 2 &&
		!(a.color(d) == Empty && rd.CapturesSomething(d, opp)) {
		return 0, -1, -1
	}
	switch a.color(d) {
	case Empty:
		apos, dpos := d, d
		var value float32
		switch yours := rd.SafeMove(d, opp); {
		case yours == 0:
			value = 0
		case yours != Win:
			value = koA
		default:
			switch ours := rd.SafeMove(d, c); {
			case ours == 0:
				value = 2
				for _, o := range [4][2]int{{-1, -1}, {-1, 1}, {1, 1}, {1, -1}} {
					q := g.Square(f+o[0], r+o[1])
					if q < 0 || a.color(q) != opp {
						continue
					}
					_, libs := a.StringOf(q)
					if libs.Count() != 1 {
						continue
					}
					lib := first(libs)
					if lib != d && rd.DoesSecure(c, lib, d) {
						value, apos = 1, lib
						break
					}
				}
			case ours == Win:
				value = 1
			default:
				value = koB
			}
		}
		if value > 0 && value < 2 {
			return value, dpos, apos
		}
		return value, -1, -1
	case c:
		return 0, -1, -1
	}
	acode, apos := rd.Attack(d)
	dcode, dpos := rd.Defend(d)
	var value float32
	switch {
	case acode == 0:
		value = 2
	case dcode == 0:
		value = 0
	case acode == Win && dcode == Win:
		value = 1
	case acode == Win:
		value = koA
	case dcode == Win:
		value = koB
	default:
		value = 1
	}
	if value > 0 && value < 2 {
		// the point that attacks the eye defends the stones, and the other way round
		return value, dpos, apos
	}
	return value, -1, -1
}
