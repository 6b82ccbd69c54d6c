package filter

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// shiftCQLPositions are the positions of TestShiftAgainstCQL.
var shiftCQLPositions = [3]string{
	"k7/8/8/8/8/8/1R6/R5K1 w - - 0 1",
	"r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
	"4k3/8/8/8/8/8/8/K6R w - - 0 1",
}

// TestShiftAgainstCQL: shifts that run off the board, as CQL 9.493 answers
// them on shiftCQLPositions (each value is what `message (#S " " S)` or
// `message (N)` printed there; "all" is the whole board). CQL keeps the
// squares of a shifted designator that stay on the board and drops a copy
// only when a designator is left with none; a full rank stays in place
// under a horizontal shift and a full file under a vertical one; an odd
// shift, a mirror and a quarter turn turn light into dark (`shift light
// [a1,b1]` is the whole board). Before, a copy that lost any square was
// dropped (`shift R[a1,h1]` was a1 alone on the first position).
func TestShiftAgainstCQL(t *testing.T) {
	cases := []struct {
		src  string
		want [3]string
	}{
		{`shift R[a1,h1]`, [3]string{"a1,b2", "a1,h1", "h1"}},
		{`shift Ra-h1`, [3]string{"a1,b2", "a1,h1", "h1"}},
		{`shift [a1,h8]`, [3]string{"all", "all", "all"}},
		{`shift [a-h1,a8]`, [3]string{"all", "all", "all"}},
		{`shiftvertical [a1-8,h1]`, [3]string{"a1,h1,a2,h2,a3,h3,a4,h4,a5,h5,a6,h6,a7,h7,a8,h8", "a1,h1,a2,h2,a3,h3,a4,h4,a5,h5,a6,h6,a7,h7,a8,h8", "a1,h1,a2,h2,a3,h3,a4,h4,a5,h5,a6,h6,a7,h7,a8,h8"}},
		{`shifthorizontal [a1-8,h1]`, [3]string{"all", "all", "all"}},
		{`shift [a1-8,h1]`, [3]string{"all", "all", "all"}},
		{`shift [a-h1-2]`, [3]string{"all", "all", "all"}},
		{`shift P[a-h2]`, [3]string{"", "a2,b2,c2,f2,g2,h2,d4,e4", ""}},
		{`shiftvertical P[a2-7]`, [3]string{"", "a2", ""}},
		{`shift [Qq][d1-2]`, [3]string{"", "d2,d7", ""}},
		{`shift Q[a1,h8]`, [3]string{"", "d2", ""}},
		{`flip shift Q[a1,h8]`, [3]string{"", "d2", ""}},
		{`shift flip Q[a1,h8]`, [3]string{"", "d2", ""}},
		{`shift count Q[a1,h8]`, [3]string{"0", "1", "0"}},
		{`shiftvertical count K[a1,a8]`, [3]string{"0", "0", "2"}},
		{`shifthorizontal count K[a1,h1]`, [3]string{"1", "1", "2"}},
		{`shift count Ka1`, [3]string{"1", "1", "1"}},
		{`shift count K`, [3]string{"1", "1", "1"}},
		{`shift count [a-h1]`, [3]string{"8", "8", "8"}},
		{`shift light [a1,b1]`, [3]string{"all", "all", "all"}},
		{`shift dark Q[a1,h8]`, [3]string{"", "d2", ""}},
		{`shift {Ka1 Rh1}`, [3]string{"", "", "h1"}},
		{`shift (K & [a1,h1])`, [3]string{"g1", "e1", "a1"}},
		{`shifthorizontal (R & [a1,h1])`, [3]string{"a1", "a1,h1", "h1"}},
		{`shift up Ra1`, [3]string{"a2,a3,b3,a4,b4,a5,b5,a6,b6,a7,b7,a8,b8", "a2,h2,a3,h3,a4,h4,a5,h5,a6,h6,a7,h7,a8,h8", "h2,h3,h4,h5,h6,h7,h8"}},
		{`shift (Ra1 attacks k)`, [3]string{"a1", "", ""}},
		{`flip shift R[a1,h2]`, [3]string{"a1,b2", "a1,h1", "h1"}},
		{`shift flip R[a1,h2]`, [3]string{"a1,b2", "a1,h1", "h1"}},
		{`shiftvertical flipcolor r[a8,a1]`, [3]string{"a1", "a1,a8", ""}},
		{`flipcolor shiftvertical r[a8,a1]`, [3]string{"a1", "a1,a8", ""}},
		{`rotate90 shift [a1,c1]`, [3]string{"all", "all", "all"}},
		{`shift rotate90 [a1,c1]`, [3]string{"all", "all", "all"}},
		{`shift shifthorizontal Ra-h1`, [3]string{"a1,b2", "a1,h1", "h1"}},
		{`shifthorizontal shiftvertical [a-h1,a1-8]`, [3]string{"all", "all", "all"}},
		{`shift light [a1,b1]`, [3]string{"all", "all", "all"}},
		{`flip dark [a1,h1]`, [3]string{"a1,h1,a8,h8", "a1,h1,a8,h8", "a1,h1,a8,h8"}},
		{`flip light Q`, [3]string{"", "d2", ""}},
		{`rotate90 light Q`, [3]string{"", "d2", ""}},
		{`flipcolor dark q`, [3]string{"", "", ""}},
		{`shift [a1,h1] & [a1,b2]`, [3]string{"all", "all", "all"}},
		{`shift count (#[a1,h1] == 2)`, [3]string{"8", "8", "8"}},
		{`shift count {Ka1 Rh1}`, [3]string{"0", "0", "1"}},
		{`shift count [a-h1,a1-8]`, [3]string{"80", "80", "80"}},
		{`shift count [a1-8]`, [3]string{"8", "8", "8"}},
		{`shifthorizontal count [a1-8]`, [3]string{"8", "8", "8"}},
		{`shiftvertical count [a1-8]`, [3]string{"1", "1", "1"}},
		{`shift count light [a1,b1]`, [3]string{"64", "64", "64"}},
		{`flip count shift Ka1`, [3]string{"1", "1", "1"}},
		{`shift count flip Ka1`, [3]string{"2", "2", "4"}},
		{`shift count flip R[a1,h2]`, [3]string{"22", "20", "12"}},
		{`shiftvertical count (R & a-h1)`, [3]string{"2", "1", "1"}},
		{`shift count (K|Q)`, [3]string{"1", "1", "1"}},
		{`shift count [a1,b3,h8,a8]`, [3]string{"128", "128", "128"}},
	}
	var games [3]*pgn.Game
	for i, fen := range shiftCQLPositions {
		games[i] = fenGame(t, fen)
	}
	for _, c := range cases {
		p, err := query.Parse("", []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		q := mustCompile(t, p)
		for i, want := range c.want {
			e := q.NewEvaluator()
			e.startGame(games[i])
			e.at(0)
			var got string
			switch n := q.body.(type) {
			case setNode:
				got = squareList(n.set(e))
			case numNode:
				v, _ := n.num(e)
				got = strconv.Itoa(v)
			default:
				t.Fatalf("%s: body %T is neither a set nor a number", c.src, q.body)
			}
			if got != want {
				t.Errorf("%s on %s: got %s, CQL %s", c.src, shiftCQLPositions[i], got, want)
			}
		}
	}
}

// squareList writes a set as CQL's message does, without brackets, in
// square order (a1, b1, ..., h8), or "all" for the whole board.
func squareList(b chess.Bitboard) string {
	if b == ^chess.Bitboard(0) {
		return "all"
	}
	var names []string
	for s := chess.Square(0); s < 64; s++ {
		if b.Has(s) {
			names = append(names, s.String())
		}
	}
	return strings.Join(names, ",")
}
