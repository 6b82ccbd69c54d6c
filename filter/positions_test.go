package filter

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// treeGames reads testdata/tree/tree.pgn with its variations.
func treeGames(t *testing.T) []*pgn.Game {
	t.Helper()
	f, err := os.Open("../testdata/tree/tree.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := pgn.ReadAll(f, "tree.pgn", pgn.Options{Variations: true})
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// movePath names node i by the moves that reach it from the start ("start" for
// the start position), an independent label for a position in the tree.
func movePath(g *pgn.Game, i int32) string {
	var moves []string
	for ; g.Nodes[i].Parent >= 0; i = g.Nodes[i].Parent {
		p := g.Nodes[i].Parent
		moves = append(moves, g.Nodes[p].Pos.UCI(g.Nodes[i].Move))
	}
	for a, b := 0, len(moves)-1; a < b; a, b = a+1, b-1 {
		moves[a], moves[b] = moves[b], moves[a]
	}
	if len(moves) == 0 {
		return "start"
	}
	return strings.Join(moves, " ")
}

// runQuery returns the move paths of the positions of g where src matches,
// sorted.
func runQuery(t *testing.T, src string, g *pgn.Game) string {
	t.Helper()
	p, err := query.Parse("", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	q, err := Compile(p)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	var out []string
	for _, i := range q.NewEvaluator().Game(g) {
		out = append(out, "["+movePath(g, i)+"]")
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// sameMatches compares a runQuery result with an expected list in any order.
func sameMatches(got, want string) bool {
	norm := func(s string) string {
		if s == "" {
			return ""
		}
		parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"), "] [")
		slices.Sort(parts)
		return strings.Join(parts, "|")
	}
	return norm(got) == norm(want)
}

// The first game is the CQLi manual's game-tree figure:
// 1.e4 (1.d4 Nf6 (1...d5) 2.c4) 1...c5 (1...e5) (1...e6 2.d4 (2.d3) 2...c5 (2...d5)).
// The manual numbers the initial position 0 and says its two children are
// positions 1 and 9: ids run depth first, the main continuation first, so
// 1.e4's subtree takes ids 1-8 (e4 c5 e5 e6 d4 c5 d5 d3) and 1.d4's 9-12
// (d4 Nf6 c4 d5).
func TestPositionIDs(t *testing.T) {
	g := treeGames(t)[0]
	cases := []struct{ cql, want string }{
		{"cql(variations) positionid == 9", "[d2d4]"},
		{"cql(variations) positionid == 8", "[e2e4 e7e6 d2d3]"},
		{"cql(variations) positionid == 12", "[d2d4 d7d5]"},
		{"cql(variations) child(1):positionid == 9", "[start]"},
		{"cql(variations) child(2)", "[e2e4]"}, // 1.e4 has three replies
		{"cql(variations) child(3)", ""},
		{"cql(variations) child(2):positionid == 4", "[e2e4]"},
		{"cql(variations) child:positionid == 2", "[e2e4]"},
		// position N is the node with id N, from anywhere.
		{"cql(variations) position 7 : ply == 4 positionid == 0", "[start]"},
		{"cql(variations) parent == position 4", "[e2e4 e7e6 d2d4] [e2e4 e7e6 d2d3]"},
		{"cql(variations) currentposition > position 10 ", "[d2d4 d7d5] [d2d4 g8f6 c2c4]"},
		{"cql(variations) initialposition == parent", "[e2e4] [d2d4]"},
		// Without variations only the main line exists: ids are plies.
		{"positionid == 2", "[e2e4 c7c5]"},
		{"position 9", ""},
		{"child(1)", ""},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// Navigation, checked against the manual's definitions on the same tree.
func TestTreeNavigation(t *testing.T) {
	games := treeGames(t)
	g, vml := games[0], games[1]
	cases := []struct {
		g         *pgn.Game
		cql, want string
	}{
		// depth: the number of secondary moves on the path.
		{g, "cql(variations) depth == 2", "[d2d4 d7d5] [e2e4 e7e6 d2d4 d7d5] [e2e4 e7e6 d2d3]"},
		{g, "cql(variations) depth == 0 ply == 2", "[e2e4 c7c5]"},
		// ancestor(x y): x is a strict ancestor of y; descendant the converse.
		{g, "cql(variations) ancestor(currentposition position 7)", "[start] [e2e4] [e2e4 e7e6] [e2e4 e7e6 d2d4]"},
		{g, "cql(variations) descendant(currentposition position 9)", "[d2d4 g8f6] [d2d4 g8f6 c2c4] [d2d4 d7d5]"},
		{g, "cql(variations) currentposition ≻ position 9", "[d2d4 g8f6] [d2d4 g8f6 c2c4] [d2d4 d7d5]"},
		{g, "cql(variations) currentposition [>=] position 9", "[d2d4] [d2d4 g8f6] [d2d4 g8f6 c2c4] [d2d4 d7d5]"},
		{g, "cql(variations) position 11 ≺ currentposition", ""},
		{g, "cql(variations) currentposition ≼ position 2", "[start] [e2e4] [e2e4 c7c5]"},
		// lca and distance: 1...c5 (id 2) and 2...d5 (id 7) meet at 1.e4.
		{g, "cql(variations) lca(position 2 position 7) == currentposition", "[e2e4]"},
		{g, "cql(variations) distance(position 2 position 11) == 5 initial", "[start]"},
		{g, "cql(variations) distance(position 7 currentposition) == 0", "[e2e4 e7e6 d2d4 d7d5]"},
		// : evaluates its right side at the position on its left, and binds tighter than anything.
		{g, "cql(variations) parent:ply == 2 btm", "[d2d4 g8f6 c2c4] [e2e4 e7e6 d2d3] [e2e4 e7e6 d2d4]"},
		{g, "cql(variations) child:not child", "[d2d4 g8f6] [e2e4 e7e6 d2d4] [e2e4]"},
		{g, "cql(variations) initial position 0 : child : ply == 1", "[start]"},
		{g, "cql(variations) x = position 12 x:ply - parent:ply == 1", "[d2d4 g8f6] [d2d4 d7d5] [e2e4 e7e5] [e2e4 e7e6] [e2e4 c7c5]"},
		{g, "cql(variations) child:Pe4", "[e2e4 e7e6 d2d4] [e2e4 e7e6] [e2e4] [start]"},
		// The manual's virtual main line example: 1.e4 (1.d4 d5) 1...c5
		// (1...e5 2.Nf3 (2.f4 d6) 2...d6); every branch a Black move except 1.d4 and 2.f4.
		{vml, "cql(variations) virtualmainline", "[start] [e2e4] [e2e4 c7c5] [e2e4 e7e5] [e2e4 e7e5 g1f3] [e2e4 e7e5 g1f3 d7d6]"},
		{vml, "virtualmainline", "[start] [e2e4] [e2e4 c7c5]"},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, c.g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// echo, from the manual's description: the body runs at every other
// position of the game (and the source too with `in all`), the source and
// target bound; a numeric body gives the echo its largest value.
func TestEcho(t *testing.T) {
	games := treeGames(t)
	g, main := games[0], games[2] // main: 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6
	cases := []struct {
		g         *pgn.Game
		cql, want string
	}{
		{main, "echo (s t) s == t", ""},
		{main, "echo (s t) in all s == t", "[start] [e2e4] [e2e4 e7e5] [e2e4 e7e5 g1f3] [e2e4 e7e5 g1f3 b8c6] [e2e4 e7e5 g1f3 b8c6 f1b5] [e2e4 e7e5 g1f3 b8c6 f1b5 a7a6]"},
		{main, "echo (s t) t > s and Bb5 and not s:Bb5", "[start] [e2e4] [e2e4 e7e5] [e2e4 e7e5 g1f3] [e2e4 e7e5 g1f3 b8c6]"},
		{main, "echo quiet (s t) { t < s  sidetomove != s:sidetomove  s:ply - ply == 5 }", "[e2e4 e7e5 g1f3 b8c6 f1b5] [e2e4 e7e5 g1f3 b8c6 f1b5 a7a6]"},
		// numeric body: the echo's value is the largest value over the targets.
		{main, "(echo (s t) distance(s t)) == 6", "[start] [e2e4 e7e5 g1f3 b8c6 f1b5 a7a6]"},
		{main, "(echo (s t) distance(s t)) == 3", "[e2e4 e7e5 g1f3]"},
		{main, "echo (s t) distance(s t) == 3", "[start] [e2e4] [e2e4 e7e5] [e2e4 e7e5 g1f3] [e2e4 e7e5 g1f3 b8c6] [e2e4 e7e5 g1f3 b8c6 f1b5] [e2e4 e7e5 g1f3 b8c6 f1b5 a7a6]"},
		// with variations, targets are every position of the tree.
		{g, "cql(variations) (echo (s t) distance(s t)) == 4 initial", "[start]"},
		{g, "cql(variations) (echo (s t) distance(s t)) == 7", "[d2d4 g8f6 c2c4] [e2e4 e7e6 d2d4 c7c5] [e2e4 e7e6 d2d4 d7d5]"},
		{g, "cql(variations) echo (s t) {ply == 4 s:ply == 3 lca(s t) == s:parent}", "[e2e4 e7e6 d2d3]"},
		// an echo variable declared before keeps its old value afterwards.
		{main, "s = initialposition  echo (s t) t == s:child  s == initialposition  ply == 3", "[e2e4 e7e5 g1f3]"},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, c.g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// line: parameters, the leading range, every repetition form, and a step
// made of a move with its comment; results derived from the manual's text on
// 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 (7 positions, plies 0-6).
func TestLineForms(t *testing.T) {
	games := treeGames(t)
	g, main := games[0], games[2]
	plies := func(ps ...int) string {
		moves := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"}
		var out []string
		for _, p := range ps {
			if p == 0 {
				out = append(out, "[start]")
				continue
			}
			out = append(out, "["+strings.Join(moves[:p], " ")+"]")
		}
		return strings.Join(out, " ")
	}
	cases := []struct {
		g         *pgn.Game
		cql, want string
	}{
		{main, "line --> wtm --> btm --> wtm", plies(0, 2, 4)},
		{main, "line --> true{3}", plies(0, 1, 2, 3, 4)},
		{main, "line --> true{3,4} --> pa6", plies(2, 3)}, // pa6: the black pawn on a6, ply 6 only
		{main, "line --> true{2,} --> pa6", plies(0, 1, 2, 3, 4)},
		{main, "line --> true{,2} --> pa6", plies(4, 5, 6)},
		{main, "line --> btm{*} --> wtm --> Bb5", plies(3, 4)},
		{main, "line --> btm{+} --> pa6", plies(5)},
		{main, "line --> wtm{+} --> pa6", ""},
		{main, "line --> true? --> Nf3 --> nc6", plies(2, 3, 4, 5)}, // Nf3 stands from ply 3, nc6 from ply 4
		// the leading range bounds the length of the longest match
		{main, "line 3 3 --> true{+}", plies(4)},
		{main, "line 1 2 --> true+", plies(5, 6)},
		// backward
		{main, "line <-- true{3}", plies(2, 3, 4, 5, 6)},
		{main, "line <-- Bb5 <-- nc6 <-- Nf3", plies(5, 6)},
		{main, "line <-- Bb5 <-- Bb5", plies(6)},
		// lastposition: the value is the last position of the longest match
		{main, "x = line lastposition --> true{+} x:ply == 6", plies(0, 1, 2, 3, 4, 5, 6)},
		{main, "(line lastposition --> btm --> wtm):Nf3", plies(3, 5)},
		{main, "(line --> true+) == 7 - ply", plies(0, 1, 2, 3, 4, 5, 6)},
		{main, "line quiet firstmatch --> Nf3{1}", plies(3, 4, 5, 6)},
		// a move step with its comment, followed by -->
		{main, `line --> move from P comment("pawn") --> move from p`, plies(0)},
		// an optional step under {*} matches nothing at most once per iteration: it ends
		{main, "line --> (wtm?){*} --> btm", plies(0, 1, 2, 3, 4, 5)},
		{main, "line --> ((wtm?)* | (btm?)+)* --> Bb5", plies(0, 1, 2, 3, 4, 5, 6)},
		// groups and alternatives
		{main, "line --> (wtm --> btm){2} --> wtm", plies(0, 2)},
		{main, "line --> (Nf3 | nc6)+ --> Bb5", plies(3, 4, 5)},
		// with variations a line follows every child; primary only the first
		{g, "cql(variations) initial line --> true{5}", "[start]"},
		{g, "cql(variations) initial line primary --> true{4}", ""},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, c.g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// move primary / secondary / enpassantsquare (the 6.1 move page: primary is
// the move of the main continuation, secondary one that starts a variation;
// enpassantsquare S an en passant capture of a pawn on S: CQL 9.493 takes
// the captured pawn's square, d5 for exd6, and gives each answer here).
func TestMovePrimarySecondary(t *testing.T) {
	games := treeGames(t)
	g, ep := games[0], games[3]
	cases := []struct {
		g         *pgn.Game
		cql, want string
	}{
		{g, "cql(variations) move secondary", "[start] [e2e4] [d2d4] [e2e4 e7e6] [e2e4 e7e6 d2d4]"},
		{g, "cql(variations) move primary from P", "[start] [d2d4 g8f6] [e2e4 e7e6]"},
		{g, "cql(variations) move previous secondary", "[d2d4] [e2e4 e7e5] [e2e4 e7e6] [d2d4 d7d5] [e2e4 e7e6 d2d3] [e2e4 e7e6 d2d4 d7d5]"},
		{g, "cql(variations) move previous primary from p", "[e2e4 c7c5] [e2e4 e7e6 d2d4 c7c5]"},
		{g, "move secondary", ""}, // without variations there are no secondary moves
		{ep, "move enpassantsquare d5", "[e2e4 a7a6 e4e5 d7d5]"},
		{ep, "move enpassantsquare [e5,f5]", ""},
		{ep, "cql(variations) move enpassantsquare f5", "[e2e4 a7a6 e4e5 d7d5 d2d4 f7f5]"},
		{ep, "cql(variations) move previous enpassantsquare a-h5", "[e2e4 a7a6 e4e5 d7d5 e5d6] [e2e4 a7a6 e4e5 d7d5 d2d4 f7f5 e5f6]"},
		{ep, "cql(variations) move previous enpassantsquare a-h6", ""},
		{ep, "cql(variations) move legal enpassantsquare d5", "[e2e4 a7a6 e4e5 d7d5]"},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, c.g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
	if _, err := query.Parse("", []byte("move legal primary")); err == nil {
		t.Error("move legal primary: no error")
	}
	if _, err := query.Parse("", []byte("sort min echo (s t) distance(s t)")); err == nil {
		t.Error("sort min echo: no error (the echo page: sort min is not supported with echo)")
	}
}

// consecutivemoves(x y), from the manual's definition: from L = lca(x y),
// the longest run of consecutive moves on the way to x that is also played,
// consecutively, on the way to y. Main line 3.Bc4 Nf6 4.d4 Be7 (ids 5-8) and
// variation 3.h3 Nf6 4.d4 Be7 (ids 9-12) share Nf6 d4 Be7.
func TestConsecutiveMoves(t *testing.T) {
	g := treeGames(t)[4]
	cases := []struct{ cql, want string }{
		{"cql(variations) initial x = position 8 y = position 12 consecutivemoves(x y) == 3", "[start]"},
		{"cql(variations) initial x = position 8 y = position 12 consecutivemoves 3 3 (x y)", "[start]"},
		{"cql(variations) initial x = position 8 y = position 12 consecutivemoves quiet 4 10 (x y)", ""},
		{"cql(variations) initial x = position 6 y = position 10 consecutivemoves(x y) == 1", "[start]"}, // Bc4 Nf6 / h3 Nf6
		// x is an ancestor of y: no move in common, and CQL then fails
		// (CQL 9.493: 0 matches, consecutivemovesnode.cpp: len 0 is false).
		{"cql(variations) initial x = position 6 y = position 8 consecutivemoves(x y) == 0", ""},
		{"cql(variations) initial x = position 6 y = position 8 not consecutivemoves(x y)", "[start]"},
		{"cql(variations) initial x = position 5 y = position 13 consecutivemoves(x y)", ""}, // no position 13
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// Examples from the manual's pages on the current position, `:`, child and
// echo, on the current-position page's game 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6.
func TestManualTreeExamples(t *testing.T) {
	main := treeGames(t)[2]
	all := "[start] [e2e4] [e2e4 e7e5] [e2e4 e7e5 g1f3] [e2e4 e7e5 g1f3 b8c6] [e2e4 e7e5 g1f3 b8c6 f1b5] [e2e4 e7e5 g1f3 b8c6 f1b5 a7a6]"
	cases := []struct{ cql, want string }{
		// "that filter will match exactly two of those seven positions"
		{"Bb5", "[e2e4 e7e5 g1f3 b8c6 f1b5] [e2e4 e7e5 g1f3 b8c6 f1b5 a7a6]"},
		{"Start = currentposition  Start == currentposition", all},
		{"parent:check", ""},
		{"child:not check", strings.TrimSuffix(all, " [e2e4 e7e5 g1f3 b8c6 f1b5 a7a6]")},
		{`position 0 : child : comment ("first position")`, all},
		{"x = child(1)", ""},
		{"current1 = currentposition  current1 = current1:child  current1:Bb5", "[e2e4 e7e5 g1f3 b8c6] [e2e4 e7e5 g1f3 b8c6 f1b5]"},
		// castleecho.cql's fragment: White may castle in the source but not
		// in a target with the same side to move; only after 3...a6 (f1 and
		// g1 empty) can White castle, Black never can here.
		{"echo (s t) {sidetomove == s:sidetomove  s:move legal o-o and not move legal o-o}", "[e2e4 e7e5 g1f3 b8c6 f1b5 a7a6]"},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, main); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// CQL 6.2's move filters outside paths (the manual's ―― page): F--G is a
// move played from F to G; × only captures (en passant included, since the
// captured pawn is not on the destination square); =P a promotion; a
// parenthesised filter is evaluated after the move.
func TestDashMoves(t *testing.T) {
	games := treeGames(t)
	main, ep := games[2], games[3] // ep: 1.e4 a6 2.e5 d5 3.exd6 (3.d4 f5 4.exf6) 3...c6
	cases := []struct {
		g         *pgn.Game
		cql, want string
	}{
		{main, "e2--e4", "[start]"},
		{main, "N--", "[e2e4 e7e5]"},
		{main, "n--c6", "[e2e4 e7e5 g1f3]"},
		{main, "--b5", "[e2e4 e7e5 g1f3 b8c6]"},
		{main, "--(Bb5)", "[e2e4 e7e5 g1f3 b8c6] [e2e4 e7e5 g1f3 b8c6 f1b5]"},
		{main, "×", ""},
		{ep, "×", "[e2e4 a7a6 e4e5 d7d5]"},
		// the taken pawn's square, d5 (CQL 9.493: P×d6 matches no game)
		{ep, "cql(variations) P×d5", "[e2e4 a7a6 e4e5 d7d5]"},
		{ep, "cql(variations) P×d6", ""},
		{ep, "cql(variations) ×(Pf6)", "[e2e4 a7a6 e4e5 d7d5 d2d4 f7f5]"},
		{ep, "cql(variations) --d6", "[e2e4 a7a6 e4e5 d7d5]"},
		{ep, "cql(variations) --p", ""}, // en passant lands on an empty square
		{ep, "--=Q", ""},
		{main, "line --> e2--e4 --> --e5 --> N--", "[start]"},
		{main, "flipcolor {e2--e4}", "[start] [e2e4]"},
	}
	for _, c := range cases {
		got := runQueryOrErr(t, c.cql, c.g)
		if !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// runQueryOrErr is runQuery that reports a query error as its result.
func runQueryOrErr(t *testing.T, src string, g *pgn.Game) string {
	t.Helper()
	p, err := query.Parse("", []byte(src))
	if err != nil {
		return "error: " + err.Error()
	}
	if _, err := Compile(p); err != nil {
		return "error: " + err.Error()
	}
	return runQuery(t, src, g)
}

// `x : F` matched as a filter matches F there as a filter (CQL 9.493's
// WithPositionNode::match_position), so a transform of a set inside drops
// the comments of its copies that fail, as without the colon. CQL writes
// only {t<>} (after 4.Qxf7#) on these games; we also wrote the flipped
// copy's comment, having taken the union of the copies' sets.
func TestColonMatchesItsFilterAsAFilter(t *testing.T) {
	got := messagesOf(t, `curpos:(flipcolor {comment("t" currenttransform) Q attacks k})`, stringsPGN)
	if strings.Join(got, "|") != "t<>" {
		t.Errorf("comments %q, want [t<>]", got)
	}
}

// A compound whose last filter is a position has that position as its
// value (CQL's CompoundNode::match_positionvalue). CQL 9.493 writes
// {cmove 2(wtm) CQL} after 1...e5 of the first game for the query below;
// we wrote c<true>.
func TestCompoundPositionValue(t *testing.T) {
	got := messagesOf(t, `ply == 2 comment("c" {x = 1 currentposition})`, stringsPGN)
	if strings.Join(got, "|") != "cmove 2(wtm)|cmove 2(wtm)" {
		t.Errorf("comments %q, want cmove 2(wtm) in each game", got)
	}
}

// if with position branches has the position of the branch taken; an if
// without a value (no else, or branches of two types) among comment's
// arguments is matched, so a number or string branch stops the run as in
// CQL 9.493 ("An attempt to match a position against the number: 3").
// CQL writes {cmove 4(wtm) CQL} after 3...Nf6 and after 4.Qxf7# (the
// parent) for the first query; we wrote c<true>.
func TestIfValueInComments(t *testing.T) {
	got := messagesOf(t, `ply > 5 comment("c" (if check then parent else currentposition))`, stringsPGN)
	if strings.Join(got, "|") != "cmove 4(wtm)|cmove 4(wtm)" {
		t.Errorf("comments %q, want cmove 4(wtm) twice", got)
	}
	for _, src := range []string{`comment("c" (if check then 3))`, `comment("c" (if check then "a" else ply))`} {
		q := compileText(t, src)
		e := q.NewEvaluator()
		e.Game(readGames(t, stringsPGN)[0])
		if e.Err() == nil {
			t.Errorf("%s: ran to the end; CQL stops at the first check", src)
		}
	}
}
