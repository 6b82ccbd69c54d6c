package filter

import (
	"math/rand"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

const (
	fileA chess.Bitboard = 0x0101010101010101
	fileH chess.Bitboard = fileA << 7
)

// step moves every square of b one step in direction d (0..7: up, down,
// left, right, northeast, northwest, southeast, southwest), dropping squares
// that leave the board.
func step(b chess.Bitboard, d int) chess.Bitboard {
	switch d {
	case 0:
		return b << 8
	case 1:
		return b >> 8
	case 2:
		return (b &^ fileA) >> 1
	case 3:
		return (b &^ fileH) << 1
	case 4:
		return (b &^ fileH) << 9
	case 5:
		return (b &^ fileA) << 7
	case 6:
		return (b &^ fileH) >> 7
	default:
		return (b &^ fileA) >> 9
	}
}

// Direction filters compiled through the pattern core agree with hand-written shifts.
func TestDirectionsMatchShifts(t *testing.T) {
	groups := map[query.Direction][]int{
		query.DirUp: {0}, query.DirDown: {1}, query.DirLeft: {2}, query.DirRight: {3},
		query.DirNortheast: {4}, query.DirNorthwest: {5}, query.DirSoutheast: {6}, query.DirSouthwest: {7},
		query.DirOrthogonal: {0, 1, 2, 3}, query.DirDiagonal: {4, 5, 6, 7},
		query.DirVertical: {0, 1}, query.DirHorizontal: {2, 3}, query.DirAnyDirection: {0, 1, 2, 3, 4, 5, 6, 7},
	}
	rng := rand.New(rand.NewSource(7))
	for d, dirs := range groups {
		ranges := []query.Range{{}, {Min: 1, Max: 1}, {Min: 2, Max: 3}, {Min: 0, Max: 2}, {Min: 3, Max: 9},
			{Min: -2, Max: -2}, {Min: -1, Max: 1}, {Min: -9, Max: -3}, {Min: -3, Max: 7}, {Min: 8, Max: 9}}
		for _, r := range ranges {
			for i := 0; i < 50; i++ {
				x := chess.Bitboard(rng.Uint64() & rng.Uint64() & rng.Uint64())
				n, err := newDirNode(d, r, constSet(x))
				if err != nil {
					t.Fatal(err)
				}
				// k steps for k in the range; a negative k steps the opposite way.
				opposite := [8]int{1, 0, 3, 2, 7, 6, 5, 4}
				var want chess.Bitboard
				for k := r.Min; k <= r.Max; k++ {
					if k == 0 {
						want |= x
						continue
					}
					for _, dir := range dirs {
						steps := k
						if k < 0 {
							dir, steps = opposite[dir], -k
						}
						cur := x
						for j := 0; j < steps; j++ {
							cur = step(cur, dir)
						}
						want |= cur
					}
				}
				if got := n.set(nil); got != want {
					t.Fatalf("%v %v on %v: got %v want %v", d, r, x, got, want)
				}
			}
		}
	}
}
