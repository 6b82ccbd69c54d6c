package pattern

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed*7+1)) }

// randomEnv fills a position at random: pieces of two players, types on pieces, one `this`.
func randomEnv(rng *rand.Rand, g *Geometry, ntypes int) *Env {
	e := &Env{Types: make([]Set, ntypes)}
	density := rng.Float64()
	for sq := 0; sq < g.Cells(); sq++ {
		if !g.Valid().Has(sq) {
			continue
		}
		if rng.Float64() >= density {
			e.Empty.Add(sq)
			continue
		}
		if rng.IntN(2) == 0 {
			e.Friend.Add(sq)
		} else {
			e.Foe.Add(sq)
		}
		if rng.IntN(5) == 0 { // several pieces: both players
			e.Friend.Add(sq)
			e.Foe.Add(sq)
		}
		if ntypes > 0 {
			e.Types[rng.IntN(ntypes)].Add(sq)
		}
	}
	if ntypes > 1 { // a square type too
		for sq := 0; sq < g.Cells(); sq++ {
			if g.Valid().Has(sq) && rng.IntN(6) == 0 {
				e.Types[ntypes-1].Add(sq)
			}
		}
	}
	if sq := rng.IntN(g.Cells()); g.Valid().Has(sq) {
		e.This.Add(sq)
	}
	return e
}

// randomGeometry is a board of random size with random excluded cells and diagonal directions.
func randomGeometry(rng *rand.Rand, maxSide int) *Geometry {
	w, h := 1+rng.IntN(maxSide), 1+rng.IntN(maxSide)
	g, _ := NewGeometry(w, h)
	if rng.IntN(2) == 0 {
		for sq := 0; sq < g.Cells(); sq++ {
			if rng.IntN(8) == 0 {
				g.Exclude(sq)
			}
		}
	}
	g.AddDirection("ne", Step{1, 1})
	g.AddDirection("sw", Step{-1, -1})
	g.AddDirection("kn", Step{1, 2})
	return g
}

var randChecks = []string{"empty", "friend", "foe", "this", "A", "B", "C"}
var randDirs = []string{"n", "e", "s", "w", "ne", "sw", "kn"}

// randomPattern writes a random pattern of the grammar.
func randomPattern(rng *rand.Rand, depth int) string {
	var b strings.Builder
	var seq func(d int)
	value := func(d int) {
		switch k := rng.IntN(10); {
		case k < 4 || d <= 0:
			b.WriteString(randDirs[rng.IntN(len(randDirs))])
		case k < 6:
			b.WriteString(randChecks[rng.IntN(len(randChecks))])
		case k < 7:
			b.WriteString("!" + randChecks[rng.IntN(len(randChecks))])
		default:
			b.WriteString("(")
			seq(d - 1)
			b.WriteString(")")
			if rng.IntN(4) == 0 {
				b.WriteString(strconv.Itoa(rng.IntN(4)))
			}
		}
		if rng.IntN(4) == 0 {
			b.WriteByte("*+?"[rng.IntN(3)])
		}
	}
	seq = func(d int) {
		n := 1 + rng.IntN(3)
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			value(d)
			for rng.IntN(4) == 0 {
				b.WriteString(" | ")
				value(d)
			}
		}
	}
	b.WriteByte('/')
	seq(depth)
	b.WriteByte('/')
	return b.String()
}

// Random patterns on random boards: the evaluators agree.
func TestRandomPatternsAgree(t *testing.T) {
	rng := newRand(1)
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		maxSide := 8
		if i%10 == 0 {
			maxSide = 19
		}
		g := randomGeometry(rng, maxSide)
		sc := NewScope(g)
		for _, ty := range []string{"A", "B", "C"} {
			sc.AddType(ty)
		}
		src := randomPattern(rng, 3)
		p, err := sc.Compile(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		for k := 0; k < 3; k++ {
			evalAll(t, p, randomEnv(rng, g, 3))
		}
	}
}

// Symmetries: a transformed pattern on a transformed position gives the transformed set.
func TestSymmetries(t *testing.T) {
	rng := newRand(3)
	for i := 0; i < 300; i++ {
		g, _ := NewGeometry(1+rng.IntN(9), 1+rng.IntN(9))
		g.AddDirection("ne", Step{1, 1})
		g.AddDirection("kn", Step{1, 2})
		sc := NewScope(g)
		for _, ty := range []string{"A", "B", "C"} {
			sc.AddType(ty)
		}
		src := randomPattern(rng, 2)
		src = strings.ReplaceAll(src, "sw", "w")
		p, err := sc.Compile(src)
		if err != nil {
			t.Fatal(err)
		}
		e := randomEnv(rng, g, 3)
		all := p.All(e)
		for _, y := range g.Symmetries() {
			m := func(s Set) Set { return g.MapSet(s, y) }
			te := &Env{Empty: m(e.Empty), Friend: m(e.Friend), Foe: m(e.Foe), This: m(e.This)}
			for _, s := range e.Types {
				te.Types = append(te.Types, m(s))
			}
			if got, want := p.Transform(y).All(te), m(all); got != want {
				t.Fatalf("%s under %v on %dx%d: {%s}, want {%s}", src, y, g.Width(), g.Height(), g.Format(got), g.Format(want))
			}
		}
	}
}

func TestSymmetryGroup(t *testing.T) {
	g, _ := NewGeometry(5, 5)
	for _, y := range g.Symmetries() {
		for sq := 0; sq < 25; sq++ {
			f, r := g.Coords(sq)
			for _, st := range []Step{North, East, {1, 1}, {2, -1}} {
				to := g.Square(f+st.DX, r+st.DY)
				if to < 0 {
					continue
				}
				// mapping squares and mapping the step commute
				a, b := g.MapSquare(sq, y), g.MapSquare(to, y)
				af, ar := g.Coords(a)
				bf, br := g.Coords(b)
				if (Step{bf - af, br - ar}) != y.Apply(st) {
					t.Fatalf("%v: step %v from %s maps to (%d,%d), Apply says %v", y, st, g.SquareName(sq), bf-af, br-ar, y.Apply(st))
				}
			}
		}
	}
	r, _ := NewGeometry(5, 3)
	if len(r.Symmetries()) != 4 || r.MapSquare(0, Rotate90) != -1 {
		t.Error("a rectangle has 4 symmetries")
	}
}

func TestSetShift(t *testing.T) {
	rng := newRand(5)
	for i := 0; i < 2000; i++ {
		var s Set
		var sqs []int
		for j := rng.IntN(20); j > 0; j-- {
			sq := rng.IntN(MaxSquares)
			s.Add(sq)
			sqs = append(sqs, sq)
		}
		k := rng.IntN(2*MaxSquares) - MaxSquares
		var want Set
		for _, sq := range sqs {
			if t := sq + k; t >= 0 && t < MaxSquares {
				want.Add(t)
			}
		}
		if got := s.Shift(k); got != want {
			t.Fatalf("shift by %d: wrong", k)
		}
	}
}

// Geometry.Step and the 8x8 shifts agree with coordinates.
func TestStepMasks(t *testing.T) {
	rng := newRand(9)
	for i := 0; i < 200; i++ {
		g := randomGeometry(rng, 19)
		st := Step{rng.IntN(5) - 2, rng.IntN(5) - 2}
		var s Set
		for sq := 0; sq < g.Cells(); sq++ {
			if rng.IntN(3) == 0 {
				s.Add(sq)
			}
		}
		var want Set
		for _, sq := range s.Squares(nil) {
			if !g.Valid().Has(sq) {
				continue
			}
			f, r := g.Coords(sq)
			if to := g.Square(f+st.DX, r+st.DY); to >= 0 && g.Valid().Has(to) {
				want.Add(to)
			}
		}
		if got := g.Step(s.And(g.Valid()), st); got != want {
			t.Fatalf("%dx%d step %v: {%s}, want {%s}", g.Width(), g.Height(), st, g.Format(got), g.Format(want))
		}
	}
}

// The shapes the single-word path runs as loops (unions of rays and slides, jumps, rays with
// checks) agree with the other evaluators, on boards with excluded cells too.
func TestFastPathsAgree(t *testing.T) {
	pats := []string{
		"/(n empty)* n/", "/(n empty)* n (empty|foe)/", "/((n empty)* n) | ((e empty)* e) | ((ne empty)* ne)/",
		"/((n empty)2 n) | ((sw empty)1 sw)/", "/(((n empty)* n) | ((s empty)* s)) foe/",
		"/(n)* | (e)* | (ne)2/", "/((n)+ | (w)?) friend/", "/(n n e|n n w|e e n|e e s|s s e|s s w|w w n|w w s) (empty|foe)/",
		"/(n s)* e/", "/(empty n)* this/", "/(!friend kn)+ A/", "/(e | w)+ friend/", "/((n|e|s|w) empty)*/",
		"/(n empty)3/", "/((e)2)* foe/", "/(ne)3 | (sw)1/",
	}
	rng := newRand(17)
	for i := 0; i < 200; i++ {
		g := randomGeometry(rng, 8)
		if g.Cells() > 64 {
			continue
		}
		sc := NewScope(g)
		sc.AddType("A")
		for _, src := range pats {
			p, err := sc.Compile(src)
			if err != nil {
				t.Fatal(err)
			}
			evalAll(t, p, randomEnv(rng, g, 1))
		}
	}
}
