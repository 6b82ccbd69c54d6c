package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// The value of a move filter (CQL's dashnode.cpp): with a target that has
// a value, the target's value after the first fitting move where it has
// one; without, the filter is logical. Hand-checked on 1.e4 e5 2.Nf3 Nc6
// 3.Bb5 a6 4.Bxc6 dxc6 (captures from plies 6 and 7; Black has 15 pieces
// after each) and on the CQLi game tree (1.e4, then the variation 1.d4 of
// position id 9).
func TestDashValue(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *\n")
	tree := treeGames(t)[0]
	cases := []struct {
		cql  string
		tree bool
		want string
	}{
		{"(×(#a)) == 15", false, plies(g, 6, 7)},
		{"x = ×(R) #x == 2", false, plies(g, 6, 7)},
		{"#(--(Q)) == 1", false, plies(g, span(0, 7)...)},
		{"(--(ply)) == 8", false, plies(g, 7)},
		{"(B×(ply)) == 7", false, plies(g, 6)},
		{"(N--(currentposition)) : ply == 3", false, plies(g, 2)},
		{`(--("x")) == "x"`, false, plies(g, span(0, 7)...)},
		// A target of several filters must all match; the value is the last's.
		{"(--(check ply)) == 3", false, ""},
		{"(--(Pe4 ply)) == 1", false, plies(g, 0)},
		// The first fitting move where the target has a value: at the start
		// 1.e4 comes first, 1.d4 (id 9) is the one with a pawn on d4.
		{"cql(variations) initial (--({Pd4 positionid})) == 9", true, "[start]"},
		{"cql(variations) initial (--(positionid)) == 1", true, "[start]"},
	}
	for _, c := range cases {
		game := g
		if c.tree {
			game = tree
		}
		if got := runQuery(t, c.cql, game); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
	for _, c := range []struct{ src, msg string }{
		{"path --(+)", "1:9: '+' is not a filter: a checking move is --(check)"},
		{"path N--g5(#)", "1:12: '#' is not a filter"},
		{"x = --(check) #x > 0", "set"},
		// CQL's parser (dash-parse.cpp) never builds the counting DashNode.
		{"Q-- count", "1:5: 'count' after a -- move filter: CQL counts moves with 'countmoves --'"},
		{"path R×q count", "1:10: 'count' after a × move filter"},
		{"x = --(check) count", "1:15: 'count' after a -- move filter"},
	} {
		_, err := query.Parse("", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want %q", c.src, err, c.msg)
		}
	}
	// count before a move filter is a transform's.
	if _, err := query.Parse("", []byte("flipcolor count Q--")); err != nil {
		t.Errorf("flipcolor count Q--: %v", err)
	}
}

// TestDashSetOperands: CQL's own mate functions (build 9.493's matefunction.h) write move
// filters with a set variable on the left and a variable, a function call or a braced set
// on the right (`S--{C|between(C k)}`, `S--F()`). Rooks a1 and h1, king e1: a1 reaches a5
// and b1; h1 reaches h5 and h8 but not b1 (the king stands on e1).
func TestDashSetOperands(t *testing.T) {
	g := fenGame(t, "4k3/8/8/8/8/8/8/R3K2R w - - 0 1")
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"square x in R pseudolegal x--a5", []string{"a1"}},
		{"square x in R pseudolegal x--{a5|b1}", []string{"a1"}},
		{"square x in R pseudolegal x--{h5|h8}", []string{"h1"}},
		{"square x in R pseudolegal x--{b1}", []string{"a1"}},
		{"square y in [a5,h8] square x in R pseudolegal x--y", []string{"a5", "h8"}},
		{"square x in R legal x--(enpassant)", nil},
	} {
		got := parsedSet(t, c.src, g)
		var want chess.Bitboard
		for _, name := range c.want {
			s, ok := chess.ParseSquare(name)
			if !ok {
				t.Fatalf("bad square %q", name)
			}
			want |= chess.SquareBB(s)
		}
		if got != want {
			t.Errorf("%s: got %v, want %v", c.src, got, c.want)
		}
	}
}
