package chess

import (
	"encoding/binary"
	"math/rand"
	"testing"
)

// A FENWriter writes what AppendFEN writes for every position of 3-ply trees walked in
// order (each position the last one and a move) and for the same positions in a shuffled
// order, where most ranks changed since the writer last made them (walkTrees: standard,
// Chess960, en-passant and promotion positions).
func TestFENWriterEqualsAppendFEN(t *testing.T) {
	var positions []Position
	walkTrees(t, 3, func(_, next *Position, _ Move) { positions = append(positions, *next) })
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

// The move counters are written as they were read, at every digit count.
func TestFENCounters(t *testing.T) {
	for _, n := range []string{"0", "1", "9", "10", "42", "99", "100", "101", "999", "1000", "9999", "10000", "65535"} {
		for _, m := range []string{"1", "9", "10", "99", "100", "1234", "65535"} {
			fen := "8/8/4k3/8/8/4K3/8/8 w - - " + n + " " + m
			p, err := ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.FEN(); got != fen {
				t.Fatalf("FEN() %q, want %q", got, fen)
			}
			var w FENWriter
			if got := string(w.Append(nil, &p)); got != fen {
				t.Fatalf("FENWriter %q, want %q", got, fen)
			}
		}
	}
}

// rankWord writes every occupancy of a rank as FEN spells it: empty runs as digits.
func TestRankTextEveryOccupancy(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	pieces := []Piece{MakePiece(White, Pawn), MakePiece(Black, Knight), MakePiece(White, Queen), MakePiece(Black, King)}
	for occ := 0; occ < 256; occ++ {
		var row [8]Piece
		want, empty := "", 0
		for f := 0; f < 8; f++ {
			if occ&(1<<f) == 0 {
				empty++
				continue
			}
			if empty > 0 {
				want += string(rune('0' + empty))
				empty = 0
			}
			row[f] = pieces[rng.Intn(len(pieces))]
			want += string(rune(row[f].Letter()))
		}
		if empty > 0 {
			want += string(rune('0' + empty))
		}
		var text [8]byte
		word, n := rankWord(uint8(occ), &row)
		binary.LittleEndian.PutUint64(text[:], word)
		if string(text[:n]) != want || n < 8 && word>>(8*n) != 0 {
			t.Fatalf("occupancy %08b: %q (word %#x), want %q and zero bytes after it", occ, text[:n], word, want)
		}
	}
}
