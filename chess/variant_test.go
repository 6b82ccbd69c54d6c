package chess

import "testing"

// Perft numbers of the variant suites: Fairy-Stockfish's tests/perft.sh
// (kingofthehill, 3check: both forms of its Three-check FEN) and shakmaty's
// tests/kingofthehill.perft. Counted here by standard moves with the variant's end.
func TestVariantPerft(t *testing.T) {
	cases := []struct {
		v     Variant
		fen   string
		depth int
		want  uint64
	}{
		{KingOfTheHill, "rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12", 3, 19003},
		{ThreeCheck, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39", 3, 12407},
		{ThreeCheck, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0", 3, 12407},
		{KingOfTheHill, "8/5k2/1pp2p2/8/3P1PP1/P3K3/1P6/8 b - - 0 1", 1, 10},
		{KingOfTheHill, "8/5k2/1pp2p2/8/3P1PP1/P3K3/1P6/8 b - - 0 1", 2, 120},
		{KingOfTheHill, "8/5k2/1pp2p2/8/3P1PP1/P3K3/1P6/8 b - - 0 1", 3, 1000},
		{KingOfTheHill, "8/5k2/1pp2p2/8/3P1PP1/P3K3/1P6/8 b - - 0 1", 4, 12460},
		{KingOfTheHill, "8/5k2/1pp2p2/8/3P1PP1/P3K3/1P6/8 b - - 0 1", 5, 104314},
	}
	for _, c := range cases {
		p, checks, err := ParseThreeCheckFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := VariantPerft(c.v, &p, checks, c.depth); got != c.want {
			t.Errorf("%v %s perft %d: %d, want %d (standard chess: %d)", c.v, c.fen, c.depth, got, c.want, Perft(&p, c.depth))
		}
	}
}

// The variants' ends on hand-checked positions: a king on e4 has won King of the Hill
// (but not standard chess or Three-check); a third check wins Three-check.
func TestVariantOver(t *testing.T) {
	p, _, err := ParseThreeCheckFEN("8/8/8/8/4K3/8/8/k7 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if over, w := VariantOver(KingOfTheHill, &p, Checks{}); !over || w != White {
		t.Errorf("Ke4 in King of the Hill: over %v, winner %v", over, w)
	}
	for _, v := range []Variant{Standard, ThreeCheck} {
		if over, _ := VariantOver(v, &p, Checks{}); over {
			t.Errorf("Ke4 in %v: over", v)
		}
	}
	// White has given two checks (+2+0); 1. Rh8+ is the third.
	p, c, err := ParseThreeCheckFEN("k7/8/1K6/8/8/8/8/7R w - - 0 1 +2+0")
	if err != nil || c != (Checks{2, 0}) {
		t.Fatalf("%v, checks %v", err, c)
	}
	if over, _ := VariantOver(ThreeCheck, &p, c); over {
		t.Fatal("over before the third check")
	}
	m, err := p.ParseSAN([]byte("Rh8+"))
	if err != nil {
		t.Fatal(err)
	}
	p.Play(m)
	c.AfterMove(&p)
	if over, w := VariantOver(ThreeCheck, &p, c); !over || w != White || c != (Checks{3, 0}) {
		t.Errorf("after Rh8+: over %v, winner %v, checks %v", over, w, c)
	}
	// The remaining-checks form: 1+3 is White 2 given, Black 0.
	if _, c, _ := ParseThreeCheckFEN("k7/8/1K6/8/8/8/8/7R w - - 1+3 0 1"); c != (Checks{2, 0}) {
		t.Errorf("1+3: checks %v, want [2 0]", c)
	}
}
