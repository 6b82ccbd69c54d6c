package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// The tree game (testdata/tree/tree.pgn, game 1) by hand:
//
//	1.e4 (1.d4 Nf6 (1...d5) 2.c4) 1...c5 (1...e5) (1...e6 2.d4 (2.d3) 2...c5 (2...d5))
//
// The primary moves (the first move from their position) are 1.e4, 1...c5,
// 2.d4 after 1...e6, 2...c5 there, 1...Nf6 and 2.c4; the secondary ones
// 1.d4, 1...e5, 1...e6, 2.d3, 2...d5 and 1...d5 after 1.d4.
const (
	treePrimary   = "[e2e4] [e2e4 c7c5] [e2e4 e7e6 d2d4] [e2e4 e7e6 d2d4 c7c5] [d2d4 g8f6] [d2d4 g8f6 c2c4]"
	treeSecondary = "[d2d4] [e2e4 e7e5] [e2e4 e7e6] [e2e4 e7e6 d2d3] [e2e4 e7e6 d2d4 d7d5] [d2d4 d7d5]"
)

// Standalone primary and secondary: CQL's PastMoveNode asks whether the move
// that led here has index 0 among its parent's moves; false at the start.
func TestPastMovePrimarySecondary(t *testing.T) {
	tree := treeGames(t)[0]
	main := treeGames(t)[2]
	cases := []struct {
		g         *pgn.Game
		cql, want string
	}{
		{tree, "cql(variations) primary", treePrimary},
		{tree, "cql(variations) secondary", treeSecondary},
		{tree, "cql(variations) not primary and not secondary", "[start]"},
		{main, "primary", plies(main, 1, 2, 3, 4, 5, 6)},
		{main, "secondary", ""},
		{tree, "cql(variations) flipcolor primary", treePrimary},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, c.g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// try is CQL's `notransform 1 == find <-- quiet all {btm secondary}`
// (node-parse.cpp): exactly one white move on the way here, this position's
// included, started a variation. In the tree the secondary white moves are
// 1.d4 and 2.d3 (after 1.e4 e6), so try holds from each of them on.
func TestTry(t *testing.T) {
	tree := treeGames(t)[0]
	want := "[d2d4] [d2d4 g8f6] [d2d4 g8f6 c2c4] [d2d4 d7d5] [e2e4 e7e6 d2d3]"
	if got := runQuery(t, "cql(variations) try", tree); !sameMatches(got, want) {
		t.Errorf("try:\n got %s\nwant %s", got, want)
	}
	if got := runQuery(t, "try", tree); got != "" {
		t.Errorf("try without variations: got %s, want nothing", got)
	}
}

// while (test) body: CQL's WhileNode runs body while test matches at the
// current position and always matches; with a bare `x ~~ "re"` test it is
// the StringIteratorNode, which runs body once per match, left to right, with
// \N and \-N naming that match, and fails when x has no value.
func TestWhile(t *testing.T) {
	g := treeGames(t)[2] // 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6
	all := runQuery(t, "true", g)
	cases := []struct{ cql, want string }{
		{"x = 0 while (x < 3) x += 1 x == 3", all},
		{"x = 5 while (x < 3) x += 1 x == 5", all},
		// x counts down from ply: the body runs ply times
		{"x = ply cnt = 0 while (x > 0) {x -= 1 cnt += 1} cnt == ply", all},
		{"while (false) true", all},
		// three matches of [0-9]+ in "a1b22c333"
		{`cnt = 0 while ("a1b22c333" ~~ "[0-9]+") cnt += 1 cnt == 3`, all},
		// \1 of each match in turn: a, b, c
		{`s = "" while ("a1b22c333" ~~ "([a-z])([0-9]+)") s = s + \1 s == "abc"`, all},
		// \-2: where the digits start: 1 + 3 + 6
		{`cnt = 0 while ("a1b22c333" ~~ "([a-z])([0-9]+)") cnt += \-2 cnt == 10`, all},
		// no match: the body never runs, while still matches
		{`cnt = 0 while ("abc" ~~ "[0-9]") cnt += 1 cnt == 0`, all},
		// a target with no value: while fails
		{`while (tag "NoSuchTag" ~~ "x") true`, ""},
		// parenthesised again, the test is an ordinary one (CQL's removedParens)
		{`cnt = 0 while (("a1b2" ~~ "[0-9]") and cnt < 5) cnt += 1 cnt == 5`, all},
		// the test is evaluated at the current position each round
		{"cnt = 0 while (cnt < ply) cnt += 1 cnt == 3", plies(g, 3)},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// A while whose test never fails is stopped after loopLimit rounds with an
// error naming it (as loop is), instead of running forever.
func TestWhileNeverEnds(t *testing.T) {
	g := treeGames(t)[2]
	p, err := query.Parse("", []byte("while (true) true"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	e := q.NewEvaluator()
	e.Game(g)
	if err := e.Err(); err == nil || !strings.Contains(err.Error(), "while") {
		t.Fatalf("while (true) true: error %v, want one naming while", err)
	}
}

// Parse errors and acceptance as chessql records cql -parse
// (test_filters.py:3381 try, :3616-:3639 while, :2851 primary, :3147 secondary).
func TestFlowParse(t *testing.T) {
	for _, src := range []string{"try", "while (k) q", "while (k) {q}", `while (site~~".*") q`, "primary", "secondary"} {
		if _, err := query.Parse("", []byte(src)); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
	for src, want := range map[string]string{
		"while k q":   "1:7: expected '(' after 'while'",
		"while (k q":  "to close 'while ('",
		"while (k)":   "1:10: expected filter",
		"try = 3":     "",
		"primary = 1": "",
		"while = 1":   "",
	} {
		_, err := query.Parse("", []byte(src))
		if err == nil {
			t.Errorf("%s: no error", src)
			continue
		}
		if want != "" && !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", src, err, want)
		}
	}
}
