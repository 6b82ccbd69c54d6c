package index

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/cqlgo/cql/chess"
)

// selectBit agrees with clearing the lowest bit j times, on sparse, dense and edge words.
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
			if j >= 0 {
				x := w
				for k := 0; k < j && x != 0; k++ {
					x &= x - 1
				}
				if x != 0 {
					want = chess.Square(bits.TrailingZeros64(x))
				}
			}
			if got := selectBit(chess.Bitboard(w), j); got != want {
				t.Fatalf("selectBit(%#x, %d) = %d, want %d", w, j, got, want)
			}
		}
	}
}
