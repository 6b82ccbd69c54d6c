package pattern

import (
	"math/bits"
	"testing"
)

func TestShift64MatchesGeometry(t *testing.T) {
	g, _ := NewGeometry(8, 8)
	rng := newRand(21)
	for i := 0; i < 500; i++ {
		b := rng.Uint64() & rng.Uint64()
		for d := Up; d <= SouthWest; d++ {
			want := g.Step(WordSet(b), d.Step())[0]
			if got := Shift64(b, d); got != want {
				t.Fatalf("%v: %x, want %x", d, got, want)
			}
			if got := ShiftN64(b, d, 3); got != g.Step(g.Step(g.Step(WordSet(b), d.Step()), d.Step()), d.Step())[0] {
				t.Fatalf("%v x3 wrong", d)
			}
		}
	}
}

// naiveRange walks square by square.
func naiveRange(from uint64, d Dir, min, max int, occ uint64, blocked bool) uint64 {
	var out uint64
	st := d.Step()
	for sq := 0; sq < 64; sq++ {
		if from&(1<<uint(sq)) == 0 {
			continue
		}
		f, r := sq%8, sq/8
		if min == 0 {
			out |= 1 << uint(sq)
		}
		for k := 1; max < 0 || k <= max; k++ {
			f, r = f+st.DX, r+st.DY
			if f < 0 || f > 7 || r < 0 || r > 7 {
				break
			}
			t := uint(r*8 + f)
			if k >= min {
				out |= 1 << t
			}
			if blocked && occ&(1<<t) != 0 {
				break
			}
		}
	}
	return out
}

func TestDirectionFilters(t *testing.T) {
	rng := newRand(22)
	names := []string{"up", "down", "left", "right", "northeast", "northwest", "southeast", "southwest", "vertical", "horizontal", "orthogonal", "diagonal", "anydirection"}
	for _, name := range names {
		dirs, _ := CQLDirections(name)
		for _, rg := range [][2]int{{1, 1}, {0, 0}, {0, 7}, {1, 7}, {2, 5}, {3, -1}, {0, -1}, {7, 7}} {
			f, err := NewDirectionFilter(name, rg[0], rg[1])
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 40; i++ {
				from := rng.Uint64() & rng.Uint64() & rng.Uint64()
				occ := rng.Uint64() & rng.Uint64()
				var want, wantB uint64
				for _, d := range dirs {
					want |= naiveRange(from, d, rg[0], rg[1], 0, false)
					wantB |= naiveRange(from, d, rg[0], rg[1], occ, true)
				}
				if got := f.Squares(from); got != want {
					t.Fatalf("%s %d %d from %x: %x, want %x", name, rg[0], rg[1], from, got, want)
				}
				if got := f.Blocked(from, occ); got != wantB {
					t.Fatalf("%s %d %d blocked from %x occ %x: %x, want %x", name, rg[0], rg[1], from, occ, got, wantB)
				}
			}
		}
	}
	if _, err := NewDirectionFilter("sideways", 1, 1); err == nil {
		t.Error("unknown direction accepted")
	}
	if _, err := NewDirectionFilter("up", 3, 2); err == nil {
		t.Error("bad range accepted")
	}
	// the order of Dir is CQL's: up down left right northeast northwest southeast southwest
	for i, name := range names[:8] {
		if d, _ := CQLDirections(name); len(d) != 1 || d[0] != Dir(i) || Dir(i).String() != name {
			t.Errorf("Dir(%d) is %v, want %s", i, Dir(i), name)
		}
	}
	if Shift64(1, Left) != 0 || Shift64(1, Right) != 2 {
		t.Error("left and right")
	}
}

func TestRay64(t *testing.T) {
	rng := newRand(23)
	for i := 0; i < 1000; i++ {
		from := uint64(1) << uint(rng.IntN(64))
		occ := rng.Uint64() & rng.Uint64()
		for d := Up; d <= SouthWest; d++ {
			if got, want := Ray64(from, d, occ), naiveRange(from, d, 1, -1, occ, true); got != want {
				t.Fatalf("ray %v from %x: %x, want %x", d, from, got, want)
			}
		}
	}
}

// The chess scope compiles CQL-like patterns with piece letters.
func TestCompile8(t *testing.T) {
	// White rook a1, white king e1, black knight a5, black king e8.
	var e Env64
	e.Types = make([]uint64, 26)
	set := func(sq string, white bool, letter byte) {
		g := ChessScope().Geometry()
		s, _ := g.ParseSquare(sq)
		b := uint64(1) << uint(s)
		if white {
			e.Friend |= b
		} else {
			e.Foe |= b
		}
		e.Types[letter-'A'] |= b
	}
	set("a1", true, 'R')
	set("e1", true, 'K')
	set("a5", false, 'N')
	set("e8", false, 'K')
	e.Empty = ^(e.Friend | e.Foe)
	p, err := Compile8("/R friend (n empty)* n foe N/")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.AllWord(&e); got != 1 {
		t.Errorf("rook attacking a knight: %x", got)
	}
	// rook moves: a2-a5 up, b1-d1 right
	rook, _ := Compile8("/(((n empty)* n) | ((e empty)* e)) (empty | foe)/")
	if got := rook.EndsWord(&e, 1); bits.OnesCount64(got) != 7 {
		t.Errorf("rook moves %x", got)
	}
}

func TestNoAllocation(t *testing.T) {
	g, _ := NewGeometry(19, 19)
	sc := NewScope(g)
	p := sc.MustCompile("/(n empty)* n (empty|foe)/")
	rng := newRand(31)
	e := randomEnv(rng, g, 0)
	w := p.NewWalker()
	w.Walk(e, 0)
	if n := testing.AllocsPerRun(100, func() { p.All(e); p.Ends(e, e.Friend); w.Walk(e, 5) }); n != 0 {
		t.Errorf("19x19: %v allocations per evaluation", n)
	}
	p8, _ := Compile8("/(n empty)* n (empty|foe)/")
	e64 := &Env64{Empty: 0xffff00000000ffff ^ ^uint64(0), Foe: 0xffff000000000000}
	f, _ := NewDirectionFilter("orthogonal", 1, -1)
	if n := testing.AllocsPerRun(100, func() {
		p8.AllWord(e64)
		p8.EndsWord(e64, 1)
		f.Squares(1 << 20)
		f.Blocked(1<<20, 0xffff00000000ffff)
	}); n != 0 {
		t.Errorf("8x8: %v allocations per evaluation", n)
	}
}
