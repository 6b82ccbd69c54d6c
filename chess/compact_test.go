package chess

import "testing"

// Every move of every position of a perft tree survives Compact and FromCompact, and
// the codes above 7 stay free.
func TestCompactRoundTrip(t *testing.T) {
	fens := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // castling, many captures
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                            // en passant
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                              // promotions
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",    // Chess960 castling
	}
	seen := map[uint16]bool{}
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		var l MoveList
		p.LegalMoves(&l)
		for _, m := range l.Moves() {
			c := m.Compact()
			if c>>12 >= 8 {
				t.Fatalf("%v: code %d", m, c>>12)
			}
			back, ok := FromCompact(c)
			if !ok || back != m {
				t.Fatalf("%s: move %#x compacts to %#x, back to %#x", p.FEN(), uint32(m), c, uint32(back))
			}
			seen[c] = true
			if depth > 1 {
				q := *p
				q.Play(m)
				walk(&q, depth-1)
			}
		}
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if fen == fens[4] {
			p.SetChess960(true)
		}
		walk(&p, 2)
	}
	if back, ok := FromCompact(NullMove.Compact()); !ok || back != NullMove {
		t.Fatalf("null move: %#x", uint32(back))
	}
	if _, ok := FromCompact(8 << 12); ok {
		t.Fatal("code 8 read as a move")
	}
	kinds := 0
	for c := range seen {
		if c>>12 != 0 {
			kinds |= 1 << (c >> 12)
		}
	}
	if kinds != 0b11110110 {
		t.Fatalf("codes seen %b, want castling, en passant and the four promotions", kinds)
	}
}
