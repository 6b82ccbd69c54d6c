package filter

import (
	"fmt"
	"testing"
)

// TestCompoundEndingInUppercase: a compound whose last filter is
// uppercase/lowercase matches as CQL's CompoundNode::match_position, each
// filter as a filter, and uppercase X never matches as a filter
// (CaseConvertNode::match_position); its string value is still there. CQL
// 9.493 on sample.pgn: {check uppercase "Qx"} 0 games (we matched 228),
// xt = {check lowercase "AB"} xt == "ab" 228.
func TestCompoundEndingInUppercase(t *testing.T) {
	g := lineGame(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "e8e7")
	for _, c := range []struct {
		src  string
		want []int32
	}{
		{`{check uppercase "Qx"}`, nil},
		{`check uppercase "Qx" ~~ "X"`, nil},
		{`xt = {check lowercase "AB"} xt == "ab"`, []int32{1}},
		{`check`, []int32{1}},
	} {
		got := append([]int32(nil), compileSrc(t, c.src).NewEvaluator().Game(g)...)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: matches at %v, CQL at %v", c.src, got, c.want)
		}
	}
}
