package chess

import (
	"math/rand"
	"testing"
)

// A FENWriter writes what AppendFEN writes for every position of perft trees walked in
// order (each position the last one and a move) and for the same positions in a shuffled
// order, where most ranks changed since the writer last made them: standard, Chess960
// and en-passant positions.
func TestFENWriterEqualsAppendFEN(t *testing.T) {
	var positions []Position
	var walk func(p Position, depth int)
	walk = func(p Position, depth int) {
		positions = append(positions, p)
		if depth == 0 {
			return
		}
		var l MoveList
		p.LegalMoves(&l)
		for _, m := range l.Moves() {
			q := p
			q.Play(m)
			walk(q, depth-1)
		}
	}
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // Kiwipete
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", // Chess960
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",     // en passant
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(p, 3)
	}
	check := func(order string) {
		var w FENWriter
		var got, want []byte
		for i := range positions {
			got = w.Append(got[:0], &positions[i])
			want = positions[i].AppendFEN(want[:0])
			if string(got) != string(want) {
				t.Fatalf("%s, position %d: FENWriter %q, AppendFEN %q", order, i, got, want)
			}
		}
	}
	check("in order")
	rand.New(rand.NewSource(1)).Shuffle(len(positions), func(i, j int) { positions[i], positions[j] = positions[j], positions[i] })
	check("shuffled")
	if len(positions) < 10000 {
		t.Fatalf("only %d positions", len(positions))
	}
}

func BenchmarkFENWriter(b *testing.B) {
	var positions []Position
	p := StartPosition()
	for _, san := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O"} {
		m, err := p.ParseSAN([]byte(san))
		if err != nil {
			b.Fatal(err)
		}
		p.Play(m)
		positions = append(positions, p)
	}
	var dst []byte
	b.Run("AppendFEN", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for k := range positions {
				dst = positions[k].AppendFEN(dst[:0])
			}
		}
	})
	b.Run("FENWriter", func(b *testing.B) {
		var w FENWriter
		for i := 0; i < b.N; i++ {
			for k := range positions {
				dst = w.Append(dst[:0], &positions[k])
			}
		}
	})
}
