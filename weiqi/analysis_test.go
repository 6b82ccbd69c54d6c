package weiqi

import (
	"math/rand/v2"
	"testing"

	"github.com/cqlgo/cql/pattern"
)

// The string table (union-find) agrees with Board.String and Board.Liberties (set floods) on
// every stone of positions from random games.
func TestAnalysisStrings(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	var a Analysis
	for _, size := range []int{5, 9, 13, 19} {
		g, err := NewGrid(size)
		if err != nil {
			t.Fatal(err)
		}
		for game := 0; game < 5; game++ {
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
				if move%37 != 0 {
					continue
				}
				a.Analyze(b)
				for p := 0; p < g.Points(); p++ {
					str, libs := a.StringOf(p)
					if b.At(p) == Empty {
						if !str.IsEmpty() {
							t.Fatalf("empty %s has a string", g.GTP(p))
						}
						continue
					}
					if want := b.String(p); str != want || libs != b.Liberties(want) {
						t.Fatalf("size %d %s: string [%s] libs [%s], want [%s] [%s]\n%s", size, g.GTP(p),
							g.FormatPoints(str), g.FormatPoints(libs), g.FormatPoints(want), g.FormatPoints(b.Liberties(want)), b.Draw(nil))
					}
					if int(a.nlibs[a.strOf(p, b.At(p))]) != libs.Count() {
						t.Fatalf("liberty count")
					}
				}
			}
		}
	}
}

// The unrolled shifts agree with pattern.Set.Shift.
func TestUnrolledShifts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 1000; trial++ {
		var s [6]uint64
		for i := range s {
			s[i] = rng.Uint64()
		}
		set := pattern.Set(s)
		k := uint(1 + rng.IntN(63))
		if shl(set, k) != set.Shift(int(k)) || shr(set, k) != set.Shift(-int(k)) {
			t.Fatalf("shift by %d differs", k)
		}
	}
}
