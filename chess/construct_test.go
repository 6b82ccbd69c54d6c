package chess

import "testing"

// The constructors build the moves the move generator builds, for every move of a few
// perft trees (castling, Chess960 castling, en passant, promotions).
func TestMoveConstructors(t *testing.T) {
	fens := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
		"4k2r/5p2/8/8/8/8/8/1R3K1R w HBh - 0 1",
	}
	kinds := map[string]int{}
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		var l MoveList
		p.LegalMoves(&l)
		for _, m := range l.Moves() {
			var built Move
			switch {
			case m.IsCastle():
				built = CastlingMove(m.From(), m.To())
				kinds["castle"]++
			case m.IsEnPassant():
				built = EnPassantMove(m.From(), m.To())
				kinds["ep"]++
			default:
				built = NewMove(m.From(), m.To(), m.Promotion())
				if m.Promotion() != NoPieceType {
					kinds["promo"]++
				}
			}
			if built != m {
				t.Fatalf("%s: built %#x, generated %#x", p.FEN(), uint32(built), uint32(m))
			}
			if depth > 1 {
				q := *p
				q.Play(m)
				walk(&q, depth-1)
			}
		}
	}
	for i, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		p.SetChess960(i == 4)
		walk(&p, 2)
	}
	if kinds["castle"] == 0 || kinds["ep"] == 0 || kinds["promo"] == 0 {
		t.Fatalf("kinds seen: %v", kinds)
	}
}

// TakenSquare: the destination of a capture, the pawn beside for en passant.
func TestTakenSquare(t *testing.T) {
	for _, c := range []struct{ fen, san, want string }{
		{"4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1", "bxa3", "a4"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", "d5"},
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "d5"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Kd1", "d1"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseSAN([]byte(c.san))
		if err != nil {
			t.Fatal(err)
		}
		if got := m.TakenSquare().String(); got != c.want {
			t.Errorf("%s in %s: %s, want %s", c.san, c.fen, got, c.want)
		}
	}
}
