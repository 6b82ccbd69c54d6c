package index

import (
	"math/rand/v2"
	"testing"

	"github.com/cqlgo/cql/chess"
)

// selectBit agrees with walking the squares from a1 and counting the set ones, on
// sparse, dense and edge words.
func TestSelectBit(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []uint64{0, 1, 1 << 63, ^uint64(0), 0x8000000000000001, 0xFF00, 0x0101010101010101}
	for i := 0; i < 20000; i++ {
		w := r.Uint64()
		switch i % 3 {
		case 1:
			w &= r.Uint64() & r.Uint64() // sparse
		case 2:
			w |= r.Uint64() | r.Uint64() // dense
		}
		words = append(words, w)
	}
	for _, w := range words {
		for j := -1; j <= 64; j++ {
			want := chess.NoSquare
			seen := 0
			for s := 0; s < 64 && j >= 0; s++ {
				if w>>s&1 != 0 {
					if seen == j {
						want = chess.Square(s)
						break
					}
					seen++
				}
			}
			if got := selectBit(chess.Bitboard(w), j); got != want {
				t.Fatalf("selectBit(%#x, %d) = %d, want %d", w, j, got, want)
			}
		}
	}
}

// find agrees with looking at the slots one by one, on random lists with repeated,
// missing and empty (NoSquare) entries.
func TestSlotsFind(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		var s pieceSlots
		for c := range s {
			for k := range s[c] {
				s[c][k] = chess.Square(r.IntN(66) % 65) // 0-63 and NoSquare
			}
		}
		for c := chess.White; c <= chess.Black; c++ {
			for sq := chess.Square(0); sq <= chess.NoSquare; sq++ {
				want := -1
				for k, x := range s[c] {
					if x == sq {
						want = k
						break
					}
				}
				if got := s.find(c, sq); got != want {
					t.Fatalf("find(%d, %d) in %v = %d, want %d", c, sq, s[c], got, want)
				}
			}
		}
	}
}
