package filter

import (
	"fmt"
	"testing"
)

// TestTransformCountOfLogicalBody: CQL's comparison takes its left side
// only when that is a set, a number, a string or a position
// (toplevel.cpp match_in_x), so after a transform with count or a range
// and a logical body the comparison is the transform's count's:
// flipcolor count {check} >= 1 is (flipcolor count {check}) >= 1. CQL 9.493
// on sample.pgn: `flipcolor count check == 1` 228 games (those with a
// check: check is its own flipcolor image, one variant), `== 2` 0,
// (the last two cases: CQL 9.493 on this game, comment(ply))
// `flipcolor 0 2 {check} >= 1` 228; cql refused all three.
func TestTransformCountOfLogicalBody(t *testing.T) {
	g := lineGame(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "e8e7")
	for _, c := range []struct {
		src  string
		want []int32
	}{
		{"flipcolor count check == 1", []int32{1}},
		{"flipcolor count check == 2", nil},
		{"flipcolor 0 2 {check} >= 1", []int32{1}},
		{"flipcolor count {not check} == 1", []int32{0, 2}},
		// a set body keeps the comparison: the count of variants where
		// #R >= 1 holds, always in the range of count
		{"flipcolor count {R} >= 1", []int32{0, 1, 2}},
		// and/or after the comparison are outside the transform too (CQL
		// 9.493 on this game: both match at ply 1 only)
		{"flipcolor count {check} >= 1 and R", []int32{1}},
		{"flipcolor count {check} == 1 or r", []int32{1}},
		// a not before the logical body stays with it (CQL's not reads no
		// comparison): (flipcolor count not check) == 1; CQL 9.493 on this
		// game, where cql refused it
		{"flipcolor count not check == 1", []int32{0, 2}},
	} {
		got := append([]int32(nil), compileSrc(t, c.src).NewEvaluator().Game(g)...)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: matches at %v, want %v", c.src, got, c.want)
		}
	}
	// The same for find all and a line's last constituent; the positions
	// are CQL 9.493's on this game (checks at plies 1, 3 and 5), where
	// cql refused the queries. A set constituent keeps its comparison.
	g = lineGame(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "e8e7", "a8a7", "e7d6", "a7a6", "d6c5")
	for _, c := range []struct {
		src  string
		want []int32
	}{
		{"find all check >= 3", []int32{0, 1}},
		{"find all check >= 2", []int32{0, 1, 2, 3}},
		{"line --> check --> true >= 1", []int32{1, 3, 5}},
		{"line --> check --> Q >= 1", nil},
		// (line --> check --> not check) == 2 and the like; cql refused them
		{"line --> check --> not check == 2", []int32{1, 3, 5}},
		{"line --> check --> not not check == 2", nil},
		{"line --> check --> not check == 2 and btm", []int32{1, 3, 5}},
		{"find all not check >= 3", []int32{0, 1, 2}},
		{"find all not check >= 4", []int32{0}},
	} {
		got := append([]int32(nil), compileSrc(t, c.src).NewEvaluator().Game(g)...)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: matches at %v, CQL at %v", c.src, got, c.want)
		}
	}
}
