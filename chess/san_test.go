package chess

import "testing"

func TestParseSAN(t *testing.T) {
	cases := []struct {
		fen, san, want string // want: UCI of the move, or "error"
	}{
		{StartFEN, "e4", "e2e4"},
		{StartFEN, "e3", "e2e3"},
		{StartFEN, "Nf3", "g1f3"},
		{StartFEN, "Ng1-f3", "g1f3"},
		{StartFEN, "e2-e4", "e2e4"},
		{StartFEN, "e2e4", "e2e4"},
		{StartFEN, "Nf3+!?", "g1f3"},
		{StartFEN, "\xe2\x99\x98f3", "g1f3"}, // figurine knight
		{StartFEN, "e5", "error"},
		{StartFEN, "Ne2", "error"},
		{StartFEN, "Ke2", "error"},
		{StartFEN, "O-O", "error"},
		// Two knights reach d7: disambiguation by file or rank.
		{"r3k2r/8/1n6/8/8/8/8/1N2K1N1 b kq - 0 1", "Nd7", "b6d7"},
		{"4k3/8/8/1N6/8/1N6/8/4K3 w - - 0 1", "Nd4", "error"}, // ambiguous
		{"4k3/8/8/1N6/8/1N6/8/4K3 w - - 0 1", "N5d4", "b5d4"},
		{"4k3/8/8/1N6/8/1N6/8/4K3 w - - 0 1", "N3d4", "b3d4"},
		{"4k3/8/8/1N6/8/1N6/8/4K3 w - - 0 1", "Nbd4", "error"}, // still ambiguous
		// Three queens: full-square disambiguation.
		{"4k3/8/8/8/7Q/8/8/4K2Q w - - 0 1", "Qh4xe1", "error"}, // own king on e1
		{"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "Qh4e1", "h4e1"},
		// Pinned knight cannot move, so the other one is meant.
		{"4k3/8/8/8/8/2N1N3/8/4K2r w - - 0 1", "Nd5", "error"}, // two knights, neither pinned
		{"4k3/4r3/8/1N6/8/8/4N3/4K3 w - - 0 1", "Nd4", "b5d4"}, // e2 knight pinned by e7 rook
		// En passant in all spellings.
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6e.p.", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6ep", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "ed6", "e5d6"},
		// Promotions.
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=Q", "e7e8q"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8Q", "e7e8q"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8(N)", "e7e8n"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=r", "e7e8r"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8", "error"},
		{"3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "exd8=N", "e7d8n"},
		// Castling spellings.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O+", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", "e8g8"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", "error"},
		{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O", "error"}, // in check? no: f2 rook attacks f1
		// Malformed.
		{StartFEN, "", "error"},
		{StartFEN, "Zz9", "error"},
		{StartFEN, "e4e4e4", "error"},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		m, err := p.ParseSAN([]byte(c.san))
		got := "error"
		if err == nil {
			got = p.UCI(m)
		}
		if got != c.want {
			t.Errorf("%s in %s: got %s (%v) want %s", c.san, c.fen, got, err, c.want)
		}
	}
}

func TestFormatSAN(t *testing.T) {
	cases := []struct{ fen, uci, want string }{
		{StartFEN, "g1f3", "Nf3"},
		{"4k3/8/8/1N6/8/1N6/8/4K3 w - - 0 1", "b5d4", "N5d4"},
		{"4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1", "a1b3", "Nab3"},
		{"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1"},
		{"4k3/4r3/8/1N6/8/8/4N3/4K3 w - - 0 1", "b5d4", "Nd4"}, // e2 knight pinned: no disambiguation
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6"},
		{"3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7d8n", "exd8=N"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		{"6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8+"},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCI(c.uci)
		if err != nil {
			t.Fatalf("%s: %v", c.uci, err)
		}
		if got := p.SAN(m); got != c.want {
			t.Errorf("%s in %s: got %s want %s", c.uci, c.fen, got, c.want)
		}
	}
}

// AppendSANTo, given the position after the move, writes what AppendSAN writes, for
// every move of 3-ply trees from positions with checks, mates, promotions, en passant,
// castling and Chess960 castling.
func TestAppendSANToEqualsAppendSAN(t *testing.T) {
	moves, mates := 0, 0
	walkTrees(t, 3, func(p, next *Position, m Move) {
		want := p.AppendSAN(nil, m)
		if got := p.AppendSANTo(nil, m, next); string(got) != string(want) {
			t.Fatalf("%s, %v: AppendSANTo %q, AppendSAN %q", p.FEN(), m, got, want)
		}
		moves++
		if want[len(want)-1] == '#' {
			mates++
		}
	})
	if moves < 10000 || mates == 0 {
		t.Fatalf("%d moves, %d mates: too few to compare", moves, mates)
	}
	t.Logf("%d moves, %d mates", moves, mates)
}

// treeFENs start the move trees of walkTrees: checks, mates, promotions, en passant,
// castling and Chess960 castling.
var treeFENs = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // Kiwipete
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",                              // back-rank mate
	"8/P1k5/8/8/8/8/6Kp/8 w - - 0 1",                                    // promotions
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", // Chess960
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",     // en passant
}

// walkTrees calls fn with every legal move of the depth-ply trees from treeFENs, depth
// first, with the position before and after it.
func walkTrees(t *testing.T, depth int, fn func(p, next *Position, m Move)) {
	t.Helper()
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		var l MoveList
		p.LegalMoves(&l)
		for _, m := range l.Moves() {
			next := *p
			next.Play(m)
			fn(p, &next, m)
			if depth > 1 {
				walk(&next, depth-1)
			}
		}
	}
	for _, fen := range treeFENs {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(&p, depth)
	}
}
