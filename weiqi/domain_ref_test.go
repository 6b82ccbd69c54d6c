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
func worklistDomain(g *Grid, own, opp pattern.Set) pattern.Set {
	var infl [pattern.MaxSquares + 1]int8 // indexed by point+1: [0] is off the board
	var thr [pattern.MaxSquares]int8
	var pending [pattern.MaxSquares]bool
	free := g.valid.AndNot(own).AndNot(opp)
	nearOwn := g.grow(own).And(free)
	nearOpp := g.grow(opp).And(free)
	dom := own.Or(nearOwn)
	forEach(own.Or(nearOwn), func(p int) { infl[p+1]++ })
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
			for _, sides := range [2][2]pattern.Set{{own, opp}, {opp, own}} {
				got, want := a.domain(sides[0], sides[1]), worklistDomain(g, sides[0], sides[1])
				if got != want {
					t.Fatalf("size %d: domain [%s], want [%s]\nown [%s]\nopp [%s]", size,
						g.FormatPoints(got), g.FormatPoints(want), g.FormatPoints(sides[0]), g.FormatPoints(sides[1]))
				}
			}
		}
	}
}

// grow and grow8 agree with single points' neighbour tables on random sets of every board size.
func TestGrowMatchesNeighbours(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	for size := 1; size <= MaxSize; size++ {
		g, err := NewGrid(size)
		if err != nil {
			t.Fatal(err)
		}
		for trial := 0; trial < 50; trial++ {
			var s, want4, want8 pattern.Set
			for sq := 0; sq < g.Points(); sq++ {
				if rng.IntN(8) == 0 {
					s.Add(sq)
				}
			}
			forEach(s, func(p int) {
				want4.Add(p)
				want8.Add(p)
				for k := 0; k < 4; k++ {
					if q := g.nbr[p][k]; q >= 0 {
						want4.Add(int(q))
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
			if got := g.grow8(s); got != want8 {
				t.Fatalf("size %d: grow8 [%s], want [%s]", size, g.FormatPoints(got), g.FormatPoints(want8))
			}
		}
	}
}
