package filter

import (
	"fmt"
	"testing"

	"github.com/cqlgo/cql/query"
)

// TestNotEqualIsNotOfEqual: CQL builds a != b of numbers and strings as
// not (a == b) (make_relational_op_node), so it also holds when a side has
// no value, and reads a chain from the right (a != b == c is
// not (b == c and a == b)). The expected positions are CQL 9.493's
// (comment(ply) after each query, on these two games).
func TestNotEqualIsNotOfEqual(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	game := lineGame(t, start, "e2e4", "e7e5", "g1f3", "b8c6", "f3e5")
	all := []int32{0, 1, 2, 3, 4, 5}
	cases := []struct {
		src  string
		want []int32
	}{
		// pieceid and piecename of two squares have no value: != holds.
		{"pieceid [a1,h1] != 5", all},
		{"piecename [e4,e5] != \"P\"", all},
		// e5 is empty but at plies 2-4, where its pawn (id 20) stands.
		{"pieceid e5 != 20", []int32{0, 1, 5}},
		{"ply != 2 == 2", []int32{0, 1, 3, 4, 5}},
		{"ply != 7 == 2", all},
		{"4 != ply < 5", []int32{0, 1, 2, 3, 5}},
	}
	for _, c := range cases {
		got := append([]int32(nil), compileSrc(t, c.src).NewEvaluator().Game(game)...)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: matches at %v, CQL at %v", c.src, got, c.want)
		}
	}
	// != after the first link has no value to compare: CQL refuses it.
	for _, src := range []string{"1 < 5 != 3", "ply == 2 != 3"} {
		if _, err := query.Parse("", []byte(src)); err == nil {
			t.Errorf("%s: accepted, CQL refuses it", src)
		}
	}
}
