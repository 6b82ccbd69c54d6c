package filter

import (
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// The material guard of a query, hand-checked on positions: where the pieces and the side
// to move its first filters need are missing, it fails (from the position and from its
// material key alike); a query whose first filters say nothing of them has none.
func TestMaterialGuard(t *testing.T) {
	const (
		rookEnding  = "8/5k2/8/8/8/8/R4K2/r7 w - - 0 1"  // K+R against K+R, White to move
		rookBishop  = "8/5k2/8/8/8/8/R4KB1/r7 w - - 0 1" // and a white bishop
		rookEndingB = "8/5k2/8/8/8/8/R4K2/r7 b - - 0 1"  // Black to move
		start       = chess.StartFEN
	)
	cases := []struct {
		query string
		holds map[string]bool // nil: no guard
	}{
		{"#R == 1 #r == 1 not [QBNqbn]", map[string]bool{rookEnding: true, rookBishop: false, start: false, rookEndingB: true}},
		{"#[Aa] == 4 wtm", map[string]bool{rookEnding: true, rookBishop: false, rookEndingB: false, start: false}},
		{"#R >= 2 or #r >= 2", nil},
		{"flipcolor { btm #R == 1 }", map[string]bool{rookEnding: true, rookEndingB: true, start: false}},
		{"flipcolor { btm x = 1 }", nil},
		{"B Pe4", map[string]bool{rookBishop: false, start: false}},
		{"not [Qq] x = 3 #R == 1", map[string]bool{rookEnding: true, start: false}},
		{"x = 3 #R == 1", nil},
		{"#R < 0", map[string]bool{rookEnding: false, start: false}},
	}
	for _, c := range cases {
		p, err := query.Parse("t", []byte(c.query))
		if err != nil {
			t.Fatal(err)
		}
		q, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		if (q.matGuard != nil) != (c.holds != nil) {
			t.Errorf("%s: guard %v, want one: %v", c.query, q.matGuard != nil, c.holds != nil)
			continue
		}
		for fen, want := range c.holds {
			pos, err := chess.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := q.matGuard.holds(&pos); got != want {
				t.Errorf("%s at %s: holds %v, want %v", c.query, fen, got, want)
			}
			if q.matGuard.keyed {
				if got := q.matGuard.holdsKey(materialKey(&pos)); got != want {
					t.Errorf("%s at %s: holdsKey %v, want %v", c.query, fen, got, want)
				}
			}
		}
	}
	if n := nibbleSum(0xfffffffffffff); n != 12*15 {
		t.Errorf("nibbleSum of 12 nibbles of 15 = %d", n)
	}
}
