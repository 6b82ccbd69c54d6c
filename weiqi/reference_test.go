package weiqi

import (
	"math/rand/v2"
	"testing"

	"github.com/cqlgo/cql/pattern"
)

// worklistDomain is the domain as it was computed before the set-shift propagation: point by
// point influence arrays and a worklist of pending points, each joining when an orthogonal
// neighbour and a diagonal next to it have influences adding up to more than its threshold. It is
// the oracle of TestDomainsAgreeWithWorklist.
func worklistDomain(g *Grid, own, opp, falseMargins pattern.Set) pattern.Set {
	var infl [pattern.MaxSquares + 1]int8 // indexed by point+1: [0] is off the board
	var thr [pattern.MaxSquares]int8
	var pending [pattern.MaxSquares]bool
	free := g.valid.AndNot(own).AndNot(opp)
	nearOwn := g.grow(own).And(free)
	nearOpp := g.grow(opp).And(free)
	dom := own.Or(nearOwn.AndNot(falseMargins))
	forEach(dom, func(p int) { infl[p+1]++ })
	forEach(opp.Or(nearOpp), func(p int) { infl[p+1]-- })
	forEach(free.And(g.edge).AndNot(nearOpp), func(p int) { infl[p+1]-- })
	forEach(nearOpp, func(p int) { thr[p] = 1 })
	var stack []int
	forEach(free.AndNot(nearOwn), func(p int) { pending[p] = true; stack = append(stack, p) })
	sufficient := func(p int) bool {
		for k := 0; k < 4; k++ {
			ia := infl[g.nbr[p][k]+1]
			// diag: NE, SE, SW, NW; direction k lies between diagonals k-1 and k (mod 4)
			for _, d := range [2]int16{g.diag[p][(k+3)&3], g.diag[p][k]} {
				if d >= 0 && ia+infl[d+1] > thr[p] {
					return true
				}
			}
		}
		return false
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !pending[p] || !sufficient(p) {
			continue
		}
		pending[p] = false
		dom.Add(p)
		infl[p+1]++
		for _, q := range g.nbr[p] {
			if q >= 0 && pending[q] {
				stack = append(stack, int(q))
			}
		}
		for _, q := range g.diag[p] {
			if q >= 0 && pending[q] {
				stack = append(stack, int(q))
			}
		}
	}
	return dom
}

// The set-shift domain equals the worklist domain on random stone sets of every board size, from
// sparse to crowded, with the colours' roles both ways.
func TestDomainsAgreeWithWorklist(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 21))
	var a Analysis
	for size := 1; size <= MaxSize; size++ {
		g, err := NewGrid(size)
		if err != nil {
			t.Fatal(err)
		}
		a.b = NewBoard(g)
		for trial := 0; trial < 200; trial++ {
			density := rng.Float64() * 0.6
			var own, opp pattern.Set
			for sq := 0; sq < g.Points(); sq++ {
				if rng.Float64() < density {
					if rng.IntN(2) == 0 {
						own.Add(sq)
					} else {
						opp.Add(sq)
					}
				}
			}
			var fm pattern.Set // random false margins, some of them next to neither colour
			for sq := 0; sq < g.Points(); sq++ {
				if rng.IntN(8) == 0 && !own.Has(sq) && !opp.Has(sq) {
					fm.Add(sq)
				}
			}
			for _, sides := range [2][2]pattern.Set{{own, opp}, {opp, own}} {
				free := g.valid.AndNot(sides[0]).AndNot(sides[1])
				got := a.domain(sides[0], sides[1], g.grow(sides[0]).And(free), g.grow(sides[1]).And(free), fm)
				want := worklistDomain(g, sides[0], sides[1], fm)
				if got != want {
					t.Fatalf("size %d: domain [%s], want [%s]\nown [%s]\nopp [%s]", size,
						g.FormatPoints(got), g.FormatPoints(want), g.FormatPoints(sides[0]), g.FormatPoints(sides[1]))
				}
			}
		}
	}
}

// grow, touching, crowded and grow8 agree with single points' neighbour tables on random sets of every board size.
func TestGrowMatchesNeighbours(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	for size := 1; size <= MaxSize; size++ {
		g, err := NewGrid(size)
		if err != nil {
			t.Fatal(err)
		}
		for trial := 0; trial < 50; trial++ {
			var s, want4, want8, wantT, wantC pattern.Set
			for sq := 0; sq < g.Points(); sq++ {
				if rng.IntN(1+trial%6) == 0 {
					s.Add(sq)
				}
			}
			forEach(s, func(p int) {
				in := 0
				for _, q := range g.nbr[p] {
					if q >= 0 && s.Has(int(q)) {
						in++
					}
				}
				if in >= 2 {
					wantC.Add(p)
				}
				want4.Add(p)
				want8.Add(p)
				for k := 0; k < 4; k++ {
					if q := g.nbr[p][k]; q >= 0 {
						want4.Add(int(q))
						wantT.Add(int(q))
						want8.Add(int(q))
					}
					if q := g.diag[p][k]; q >= 0 {
						want8.Add(int(q))
					}
				}
			})
			if got := g.grow(s); got != want4 {
				t.Fatalf("size %d: grow [%s], want [%s]", size, g.FormatPoints(got), g.FormatPoints(want4))
			}
			if got := g.touching(s); got != wantT {
				t.Fatalf("size %d: touching [%s], want [%s]", size, g.FormatPoints(got), g.FormatPoints(wantT))
			}
			if got := g.crowded(&s, 0, pattern.MaxWords-1); got != wantC {
				t.Fatalf("size %d: crowded [%s], want [%s]", size, g.FormatPoints(got), g.FormatPoints(wantC))
			}
			if got := g.grow8(s); got != want8 {
				t.Fatalf("size %d: grow8 [%s], want [%s]", size, g.FormatPoints(got), g.FormatPoints(want8))
			}
		}
	}
}

// referenceEyeSpaces is EyeSpaces written plainly: the worklist domains, components by a
// breadth-first search over point arrays; the half and false eyes are EyeSpaces' own.
func referenceEyeSpaces(a *Analysis, dead pattern.Set) []EyeSpace {
	b := a.b
	g := b.grid
	a.lively[Black] = b.stones[Black].AndNot(dead)
	a.lively[White] = b.stones[White].AndNot(dead)
	free := g.valid.AndNot(a.lively[Black]).AndNot(a.lively[White])
	var dom [3]pattern.Set
	fm := a.falseMargins(g.grow(a.lively[Black]).And(free))
	dom[Black] = worklistDomain(g, a.lively[Black], a.lively[White], fm)
	dom[White] = worklistDomain(g, a.lively[White], a.lively[Black], fm)
	stones := b.stones[Black].Or(b.stones[White])
	var out []EyeSpace
	for _, c := range [2]Color{Black, White} {
		opp := c.Opponent()
		only, oppOnly, both := dom[c].AndNot(dom[opp]), dom[opp].AndNot(dom[c]), dom[c].And(dom[opp])
		space := free.And(only.Or(both.And(g.grow(only))))
		margin := space.And(both.Or(g.grow(oppOnly)))
		var taken pattern.Set
		start := len(out)
		for p := 0; p < g.Points(); p++ {
			if !space.Has(p) || taken.Has(p) {
				continue
			}
			var es EyeSpace
			es.Color = c
			queue := []int{p}
			taken.Add(p)
			for len(queue) > 0 {
				q := queue[0]
				queue = queue[1:]
				es.Points.Add(q)
				for _, r := range g.nbr[q] {
					if r >= 0 && space.Has(int(r)) && !taken.Has(int(r)) && !(margin.Has(q) && margin.Has(int(r))) {
						taken.Add(int(r))
						queue = append(queue, int(r))
					}
				}
			}
			es.Marginal = es.Points.And(margin)
			es.Dead = es.Points.And(stones)
			out = append(out, es)
		}
		a.halfAndFalse(c, start, len(out), func(i int) *EyeSpace { return &out[i] })
	}
	return out
}

// EyeSpaces equals the plain reference on positions of random games of every size, with the
// simple dead-stone rule and with random stones taken as dead.
func TestEyeSpacesMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 15))
	var a Analysis
	spaces := 0
	for _, size := range []int{2, 3, 5, 7, 9, 13, 19} {
		g, err := NewGrid(size)
		if err != nil {
			t.Fatal(err)
		}
		for game := 0; game < 6; game++ {
			b := NewBoard(g)
			c := Black
			for move := 0; move < size*size*3/2; move++ {
				sq := rng.IntN(g.Points())
				if b.Legal(c, sq) {
					if _, err := b.Play(c, sq); err != nil {
						t.Fatal(err)
					}
					c = c.Opponent()
				}
				if move%11 != 0 {
					continue
				}
				a.Analyze(b)
				deadSets := [2]pattern.Set{a.SimpleDead()}
				forEach(b.stones[Black].Or(b.stones[White]), func(p int) {
					if rng.IntN(6) == 0 {
						deadSets[1].Add(p)
					}
				})
				for _, dead := range deadSets {
					got := a.EyeSpaces(dead, nil)
					want := referenceEyeSpaces(&a, dead)
					if len(got) != len(want) {
						t.Fatalf("size %d: %d spaces, want %d\n%s", size, len(got), len(want), b.Draw(nil))
					}
					for i := range got {
						if got[i] != want[i] {
							t.Fatalf("size %d: space %d is %+v, want %+v\n%s", size, i, got[i], want[i], b.Draw(nil))
						}
					}
					spaces += len(got)
				}
			}
		}
	}
	t.Logf("%d eye spaces compared", spaces)
}

// referenceSimpleDead is SimpleDead from the board's floods: a string with one liberty is dead
// unless an adjacent string has one liberty or a stone on its liberty, joined to it and the
// other strings of its colour there, would have two or more liberties.
func referenceSimpleDead(b *Board) pattern.Set {
	g := b.grid
	var dead, seen pattern.Set
	forEach(b.stones[Black].Or(b.stones[White]), func(p int) {
		if seen.Has(p) {
			return
		}
		str := b.String(p)
		seen = seen.Or(str)
		libs := b.Liberties(str)
		if libs.Count() != 1 {
			return
		}
		escapes := false
		forEach(g.Adjacent(str), func(q int) {
			if b.At(q) != Empty && b.Liberties(b.String(q)).Count() == 1 {
				escapes = true
			}
		})
		lib := first(libs)
		joined := str.Or(pattern.SetOf(lib))
		for _, q := range g.nbr[lib] {
			if q >= 0 && b.At(int(q)) == b.At(p) {
				joined = joined.Or(b.String(int(q)))
			}
		}
		if !escapes && b.Liberties(joined).AndNot(pattern.SetOf(lib)).Count() < 2 {
			dead = dead.Or(str)
		}
	})
	return dead
}

// SimpleDead equals the reference from floods on positions of random games.
func TestSimpleDeadMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 15))
	var a Analysis
	nonEmpty := 0
	for _, size := range []int{3, 5, 9, 13, 19} {
		g, err := NewGrid(size)
		if err != nil {
			t.Fatal(err)
		}
		for game := 0; game < 8; game++ {
			b := NewBoard(g)
			c := Black
			for move := 0; move < size*size*2; move++ {
				sq := rng.IntN(g.Points())
				if b.Legal(c, sq) {
					if _, err := b.Play(c, sq); err != nil {
						t.Fatal(err)
					}
					c = c.Opponent()
				}
				if move%7 != 0 {
					continue
				}
				a.Analyze(b)
				got, want := a.SimpleDead(), referenceSimpleDead(b)
				if got != want {
					t.Fatalf("size %d: dead [%s], want [%s]\n%s", size, g.FormatPoints(got), g.FormatPoints(want), b.Draw(nil))
				}
				if !got.IsEmpty() {
					nonEmpty++
				}
			}
		}
	}
	t.Logf("%d positions with dead stones", nonEmpty)
}
