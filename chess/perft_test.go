package chess

import "testing"

// Published perft counts: chessprogramming.org "Perft Results" (positions 1-6) and the
// Chess960 list of Reinhard Scharnagl.
var perftCases = []struct {
	name   string
	fen    string
	counts []uint64 // depth 1, 2, ...
}{
	{"initial", StartFEN, []uint64{20, 400, 8902, 197281, 4865609, 119060324}},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862, 4085603, 193690690}},
	{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238, 674624, 11030083}},
	{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467, 422333, 15833292}},
	{"position4-mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", []uint64{6, 264, 9467, 422333, 15833292}},
	{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379, 2103487, 89941194}},
	// Chess960 (Shredder-FEN castling), from the chessprogramming wiki's Chess960 perft list.
	{"960-bqnb1rkr", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", []uint64{21, 528, 12189, 326672, 8146062}},
	{"960-2nnrbkr", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", []uint64{21, 807, 18002, 667366}},
	{"960-b1q1rrkb", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", []uint64{20, 479, 10471, 273318}},
	{"960-qbbnnrkr", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", []uint64{22, 593, 13440, 382958}},
	{"960-b1qr1krb", "b1qr1krb/pp1ppppp/n2n4/8/2p5/2P3P1/PP1PPP1P/BNQRNKRB w GDgd - 0 9", []uint64{28, 707, 19721}},
	{"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []uint64{46, 2079, 89890, 3894594, 164075551}},
}

func TestPerft(t *testing.T) {
	checkPerftCases(t, 5_000_000, 200_000, func(p *Position, depth int) uint64 { return Perft(p, depth) })
}

// checkPerftCases compares count's node counts with perftCases' published ones, depth by
// depth up to maxNodes (shortNodes with -short).
func checkPerftCases(t *testing.T, maxNodes, shortNodes uint64, count func(p *Position, depth int) uint64) {
	t.Helper()
	if testing.Short() {
		maxNodes = shortNodes
	}
	for _, c := range perftCases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for d, want := range c.counts {
			if want > maxNodes {
				break
			}
			if got := count(&p, d+1); got != want {
				t.Errorf("%s depth %d: got %d want %d", c.name, d+1, got, want)
			}
		}
	}
}

func BenchmarkPerftInitial5(b *testing.B) {
	p := StartPosition()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += Perft(&p, 5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// HasLegalMove's early exits must agree with full generation in every position of the perft
// trees (mates, stalemates, pins, en passant and Chess960 castling included).
func TestHasLegalMoveAgrees(t *testing.T) {
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		var l MoveList
		p.LegalMoves(&l)
		if got := p.HasLegalMove(); got != (l.Len() > 0) {
			t.Fatalf("%s: HasLegalMove %v, %d legal moves", p.FEN(), got, l.Len())
		}
		if depth == 0 {
			return
		}
		for _, m := range l.Moves() {
			next := *p
			next.Play(m)
			walk(&next, depth-1)
		}
	}
	for _, c := range perftCases {
		p, _ := ParseFEN(c.fen)
		walk(&p, 2)
	}
	for _, fen := range []string{
		"5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10",           // stalemate (Loyd)
		"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", // mate
		"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",                                  // only the e.p. capture is pinned along the rank
		"k7/8/8/8/8/8/6p1/4K2R w K - 0 1",                                    // castling is not forced; king moves exist
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var l MoveList
		p.LegalMoves(&l)
		if got := p.HasLegalMove(); got != (l.Len() > 0) {
			t.Errorf("%s: HasLegalMove %v, %d legal moves", fen, got, l.Len())
		}
	}
}
