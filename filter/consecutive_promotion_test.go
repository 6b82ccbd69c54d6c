package filter

import (
	"fmt"
	"testing"
)

// TestConsecutiveMovesPromotion: CQL's consecutivemoves compares moves by
// from, to and moving piece (consecutivemovesnode.cpp qmove_to_int), so
// 1. c8=N and 1. c8=Q are one move. CQL 9.493 on this game (variations)
// matches the start position with the two promotions (and comments c8=Q
// xp1-move[1], c8=N xp3-move[1]), not with c8=N and Nd3; on sample.pgn with
// variations `xp1 = child(1) xp3 = child(0) consecutivemoves(xp1 xp3) >= 0`
// matched 33 games, ours 0.
func TestConsecutiveMovesPromotion(t *testing.T) {
	g := readGame(t, "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"4k3/2P5/8/8/8/8/1N6/4K3 w - - 0 1\"]\n\n1. c8=N (1. c8=Q+) (1. Nd3) 1... Kd8 *\n")
	for _, c := range []struct {
		src  string
		want []int32
	}{
		{"cql(variations) initial xp1 = child(1) xp3 = child(0) consecutivemoves(xp1 xp3) == 1", []int32{0}},
		{"cql(variations) initial xa = child(2) xb = child(0) consecutivemoves(xa xb) >= 0", nil},
	} {
		got := append([]int32(nil), compileSrc(t, c.src).NewEvaluator().Game(g)...)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: matches at %v, CQL at %v", c.src, got, c.want)
		}
	}
}
