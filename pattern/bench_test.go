package pattern

import "testing"

var sink64 uint64
var sinkSet Set

const (
	rookSlide = "/(n empty)* n (empty|foe)/"
	knight    = "/(n n e|n n w|e e n|e e s|s s e|s s w|w w n|w w s) (empty|foe)/"
)

// A middlegame: r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w, White to move.
func chessEnv() *Env64 {
	d, _ := PlainBoard(8, 8)
	pos, err := d.ParsePosition("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R 1")
	if err != nil {
		panic(err)
	}
	var e Env64
	pos.FillEnv64(&e, 0, -1)
	return &e
}

func bigEnv() *Env {
	g, _ := NewGeometry(19, 19)
	return randomEnv(newRand(77), g, 0)
}

func BenchmarkRookSlideAll8x8(b *testing.B) {
	p, _ := Compile8(rookSlide)
	e := chessEnv()
	for i := 0; i < b.N; i++ {
		sink64 = p.AllWord(e)
	}
}

// The same computation written by hand with shifts.
func BenchmarkRookSlideAll8x8Hand(b *testing.B) {
	e := chessEnv()
	for i := 0; i < b.N; i++ {
		empty := e.Empty
		acc := (empty | e.Foe) >> 8
		for f := acc; f != 0; {
			f = ((f & empty) >> 8) &^ acc
			acc |= f
		}
		sink64 = acc
	}
}

func BenchmarkRookSlideAll8x8Sets(b *testing.B) {
	p, _ := Compile8(rookSlide)
	e64 := chessEnv()
	e := &Env{Empty: WordSet(e64.Empty), Friend: WordSet(e64.Friend), Foe: WordSet(e64.Foe)}
	for i := 0; i < b.N; i++ {
		sinkSet = p.All(e)
	}
}

func BenchmarkKnightAll8x8(b *testing.B) {
	p, _ := Compile8(knight)
	e := chessEnv()
	for i := 0; i < b.N; i++ {
		sink64 = p.AllWord(e)
	}
}

func BenchmarkRookSlideAll19x19(b *testing.B) {
	g, _ := NewGeometry(19, 19)
	p := NewScope(g).MustCompile(rookSlide)
	e := bigEnv()
	for i := 0; i < b.N; i++ {
		sinkSet = p.All(e)
	}
}

func BenchmarkKnightAll19x19(b *testing.B) {
	g, _ := NewGeometry(19, 19)
	p := NewScope(g).MustCompile(knight)
	e := bigEnv()
	for i := 0; i < b.N; i++ {
		sinkSet = p.All(e)
	}
}

func BenchmarkQueenAll19x19(b *testing.B) {
	g, _ := NewGeometry(19, 19)
	g.AddDirection("ne", Step{1, 1})
	g.AddDirection("nw", Step{-1, 1})
	g.AddDirection("se", Step{1, -1})
	g.AddDirection("sw", Step{-1, -1})
	p := NewScope(g).MustCompile("/(((n empty)* n) | ((s empty)* s) | ((e empty)* e) | ((w empty)* w) | ((ne empty)* ne) | ((nw empty)* nw) | ((se empty)* se) | ((sw empty)* sw)) (empty|foe)/")
	e := bigEnv()
	for i := 0; i < b.N; i++ {
		sinkSet = p.All(e)
	}
}

func BenchmarkWalkerOneSquare8x8(b *testing.B) {
	d, _ := PlainBoard(8, 8)
	p := d.Scope().MustCompile(rookSlide)
	e64 := chessEnv()
	e := &Env{Empty: WordSet(e64.Empty), Friend: WordSet(e64.Friend), Foe: WordSet(e64.Foe)}
	w := p.NewWalker()
	for i := 0; i < b.N; i++ {
		sinkSet = w.Walk(e, 27)
	}
}

func BenchmarkShift64(b *testing.B) {
	x := uint64(0x0000182442810000)
	for i := 0; i < b.N; i++ {
		var r uint64
		for d := Up; d <= SouthWest; d++ {
			r |= Shift64(x, d)
		}
		sink64 = r
		x ^= r & 0xff
	}
}

func BenchmarkShift64Hand(b *testing.B) {
	x := uint64(0x0000182442810000)
	for i := 0; i < b.N; i++ {
		r := x<<8 | x>>8 | (x&^fileH)<<1 | (x&^fileA)>>1 | (x&^fileH)<<9 | (x&^fileA)<<7 | (x&^fileH)>>7 | (x&^fileA)>>9
		sink64 = r
		x ^= r & 0xff
	}
}

// CQL's `orthogonal 1 7 X` compiled through the core, and by hand.
func BenchmarkDirectionFilter(b *testing.B) {
	f, _ := NewDirectionFilter("orthogonal", 1, 7)
	x := uint64(1<<27 | 1<<42)
	for i := 0; i < b.N; i++ {
		sink64 = f.Squares(x)
	}
}

// orthogonalByHand is the direction filter `orthogonal 1 7` written with shifts, the yardstick
// of the pattern version.
func orthogonalByHand(x uint64) uint64 {
	var r uint64
	for _, d := range [4]Dir{Up, Down, Right, Left} {
		s := x
		for k := 0; k < 7 && s != 0; k++ {
			s = Shift64(s, d)
			r |= s
		}
	}
	return r
}

func BenchmarkDirectionFilterHand(b *testing.B) {
	x := uint64(1<<27 | 1<<42)
	for i := 0; i < b.N; i++ {
		sink64 = orthogonalByHand(x)
	}
}

// Sliding rays stopped by pieces: the core's walk, and Ray64 by hand.
func BenchmarkDirectionFilterBlocked(b *testing.B) {
	f, _ := NewDirectionFilter("orthogonal", 1, -1)
	e := chessEnv()
	occ := ^e.Empty
	x := uint64(1 << 27)
	for i := 0; i < b.N; i++ {
		sink64 = f.Blocked(x, occ)
	}
}

func BenchmarkDirectionFilterBlockedHand(b *testing.B) {
	e := chessEnv()
	occ := ^e.Empty
	x := uint64(1 << 27)
	for i := 0; i < b.N; i++ {
		sink64 = Ray64(x, Up, occ) | Ray64(x, Down, occ) | Ray64(x, Right, occ) | Ray64(x, Left, occ)
	}
}
