package filter

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// notesOf runs src on g and returns the comment texts recorded at matching
// positions, in order, each labelled by its node: the ply on the main line,
// the moves from the start in a variation.
func notesOf(t *testing.T, src string, g *pgn.Game) []string {
	t.Helper()
	p, err := query.Parse("", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	q, err := Compile(p)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	e := q.NewEvaluator()
	e.Game(g)
	var out []string
	for _, a := range e.Annotations() {
		label := fmt.Sprint(g.Nodes[a.Node].Ply)
		if g.Nodes[a.Node].Variation {
			label = movePath(g, a.Node)
		}
		out = append(out, label+": "+a.Text)
	}
	return out
}

func readOne(t *testing.T, text string) *pgn.Game {
	t.Helper()
	games, err := pgn.ReadAll(strings.NewReader(text), "t.pgn", pgn.Options{Variations: true})
	if err != nil || len(games) != 1 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	return games[0]
}

// The path parameters of CQL 6.2 and the comments CQL writes for them, on
// the Greek gift game (plies: 12 after 6...O-O, White to move at move 7;
// 13 7.Bxh7+, 14 7...Kxh7, 15 8.Ng5+, 16 8...Kg8, 17 9.Qh5). The comment
// texts are CQL's (pathnode.cpp, qpos.cpp of CQL's source distribution):
// "End path of length N that starts at <id>" at the end, "Start path that
// ends at <id>" at the start, a position named "move N(wtm|btm)".
func TestPathParamComments(t *testing.T) {
	gg := readOne(t, greekGift)
	tree := treeGames(t)[0]
	cases := []struct {
		src  string
		game *pgn.Game
		want []string
	}{
		{`ply == 12 path title "Greek gift" verbose B×ph7 check k×h7 N--g5 check`, gg, []string{
			"12: Greek gift",
			"13: Greek gift: move 1 of 3", "14: Greek gift: move 2 of 3", "15: Greek gift: move 3 of 3",
			"15: End path of length 3 that starts at move 7(wtm)",
			"12: Start path that ends at move 8(btm)",
		}},
		// The path's quiet keeps the title; the run's quiet (header or
		// -quiet) too; silent writes nothing.
		{`ply == 12 path quiet title "G" B×ph7 check`, gg, []string{"12: G"}},
		{`cql(quiet) ply == 12 path title "G" B×ph7 check`, gg, []string{"12: G"}},
		{`cql(silent) ply == 12 path title "G" B×ph7 check`, gg, nil},
		// max: the best path has the largest max at its end, the first
		// such in CQL's order (fewest moves first): #A is 16 until 7...Kxh7.
		{`initial path max #A --+`, gg, []string{
			"1: End path of length 1 that starts at move 1(wtm) Max value: 16",
			"0: Start path that ends at move 1(btm)",
		}},
		// piecepath: each focused piece that moves, from the start; the
		// knights b1 and g1 in square order; a capture as (x square). The
		// path starts before 3.Nc3: CQL skips no move at a focused path's
		// start, and CQL 9.493 writes these comments there.
		{`ply == 4 path focus N piecepath --{3}`, gg, []string{
			"4: Focus path: Nb1-c3 Ng1-f3-g5",
			"15: End path of length 3 that starts at move 3(wtm)",
			"4: Start path that ends at move 8(btm)",
		}},
		{`initial path focus N piecepath --{3}`, gg, nil},
		{`ply == 12 path quiet focus capture p piecepath verbose --`, gg, []string{
			"12: Focus path: ph7(xh7)",
			"13: move 1 of 1",
		}},
		// keepallbest, on the CQLi game tree: from the start 1.e4 and (the
		// variation) 1.d4 are paths of one move; 1.e4 comes first, 1.d4 is
		// kept too and named with its position id 9 (ids: start 0, e4 1, c5
		// 2, e5 3, e6 4, d4 5, c5 6, d5 7, d3 8, then 1.d4 9).
		{`cql(variations) initial path keepallbest --`, tree, []string{
			"1: End path of length 1 that starts at move 1(wtm)",
			"0: Start path that ends at move 1(btm)",
			"d2d4: End path of length 1 that starts at move 1(wtm)",
			"d2d4: id:9",
			"0: Start path that ends at move 1(btm)[9]",
			"d2d4: alternative",
		}},
		{`cql(variations) initial path --`, tree, []string{
			"1: End path of length 1 that starts at move 1(wtm)",
			"0: Start path that ends at move 1(btm)",
		}},
	}
	for _, c := range cases {
		if got := notesOf(t, c.src, c.game); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

// Values and matches of the parameters, hand-derived on the Greek gift game.
func TestPathParamValues(t *testing.T) {
	gg := readOne(t, greekGift)
	cases := []struct {
		cql  string
		want string
	}{
		// max: the value is the maximum; lastposition the first path
		// reaching it (-#a is -16 until 7.Bxh7 at ply 13).
		{"initial (path max #A --+) == 16", plies(gg, 0)},
		{"initial ((path lastposition max (0 - #a) --+) : ply) == 13", plies(gg, 0)},
		{"initial ((path lastposition max ply --+) : ply) == 17", plies(gg, 0)},
		// A path whose max has no value at its end does not count.
		{"initial path max {check 1} --", ""},
		{"ply == 12 (path max {check 1} --+) == 1", plies(gg, 12)},
		// A range on the value: the longest path has 3 moves only at ply 14.
		{"path 3 --+", plies(gg, 14)},
		{"path 2 3 --+", plies(gg, 14, 15)},
		{"initial path 16 max #A --+", plies(gg, 0)},
		{"initial path 17 max #A --+", ""},
		// singlecolor follows the pieces of the side to move: White's nine moves.
		{"initial (path singlecolor --+) == 9", plies(gg, 0)},
		{"ply == 1 (path singlecolor --+) == 8", plies(gg, 1)},
		// nestban: a match bans its start and every position before its end.
		{"path --{2}", plies(gg, span(0, 15)...)},
		{"path nestban --{2}", plies(gg, 0, 2, 4, 6, 8, 10, 12, 14)},
		// keepallbest changes no value.
		{"(path keepallbest --+) == 3", plies(gg, 14)},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, gg); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// line nestban (CQL's sequencebase.cpp): a match bans all its positions
// (with singlecolor those with the first one's side to move).
func TestLineNestBan(t *testing.T) {
	gg := readOne(t, greekGift)
	cases := []struct{ cql, want string }{
		{"line --> true --> true --> true", plies(gg, span(0, 15)...)},
		{"line nestban --> true --> true --> true", plies(gg, 0, 3, 6, 9, 12, 15)},
		{"line nestban singlecolor --> true --> true", plies(gg, 0, 1, 4, 5, 8, 9, 12, 13)},
		// Backwards a match bans its positions, all at or before the
		// current one, so no later start is banned.
		{"line nestban <-- true <-- true", plies(gg, span(1, 17)...)},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, gg); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// Every parameter combination CQL's parser accepts (RogerMarsh/chessql's
// test_087_path_03_argument_06 and _07) parses, and prints back.
func TestPathParamsParse(t *testing.T) {
	for _, src := range []string{
		`path primary verbose keepallbest quiet nestban firstmatch lastposition title "test" max 3 k`,
		`path verbose keepallbest quiet nestban firstmatch lastposition title "test" focus Q piecepath max 3 k`,
		`path singlecolor piecepath --`,
		`path 2 5 max ply --+`,
	} {
		p, err := query.Parse("", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if _, err := Compile(p); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
}

// echo's automatic comments (CQL's echonode.cpp): the variables' names at
// source and target, "-->" and the source's id at the target, "<--" and
// the target's id at the source, "LCA" at their latest common ancestor
// when it is neither. On the CQLi game tree the source 1.e4 c5 (position
// id 2, main line, White to move at move 2) and the target 1.d4 (id 9, a
// variation, Black to move at move 1) meet at the start.
func TestEchoComments(t *testing.T) {
	tree := treeGames(t)[0]
	g := readOne(t, "1. e4 e5 2. Nf3 Nc6 *\n")
	cases := []struct {
		src  string
		game *pgn.Game
		want []string
	}{
		{"initial echo (s t) ply == 2", g, []string{"0: s", "2: t", "2: -->move 1(wtm)", "0: <--move 2(wtm)"}},
		{"cql(variations) positionid == 2 echo (s t) positionid == 9", tree, []string{
			"0: LCA", "2: s", "d2d4: t", "d2d4: -->move 2(wtm)", "d2d4: id:9", "2: <--move 1(btm)[9]",
		}},
		{"initial echo quiet (s t) ply == 2", g, nil},
		{"cql(quiet) initial echo (s t) ply == 2", g, nil},
		// Nothing is written when the position does not match.
		{"initial echo (s t) ply == 2 false", g, nil},
		// Under sort only the first target with the largest value keeps
		// its comments (ply 4: White to move at move 3).
		{"initial sort echo (s t) ply", g, []string{"0: s", "4: t", "4: -->move 1(wtm)", "0: <--move 3(wtm)"}},
		{"initial sort echo (s t) 5 - abs (ply - 2)", g, []string{"0: s", "2: t", "2: -->move 1(wtm)", "0: <--move 2(wtm)"}},
	}
	for _, c := range cases {
		if got := notesOf(t, c.src, c.game); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

// line's automatic comments (CQL's sequencebase.cpp) and its search order:
// the fewest repetitions first, so firstmatch stops at the shortest match.
func TestLineCommentsAndOrder(t *testing.T) {
	gg := readOne(t, greekGift)
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"ply == 12 line --> true --> check --> true", []string{
			"14: End line of length 3 that starts at move 7(wtm)", "12: Start line that ends at move 8(wtm)"}},
		{"ply == 14 line <-- true <-- check", []string{
			"13: End line of length 2 that starts at move 8(wtm)", "14: Start line that ends at move 7(btm)"}},
		{"ply == 12 line quiet --> true --> check", nil},
		{"cql(quiet) ply == 12 line --> true --> check", nil},
	} {
		if got := notesOf(t, c.src, gg); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
	for _, c := range []struct{ cql, want string }{
		{"ply == 12 (line firstmatch --> true{1,3}) == 1", plies(gg, 12)},
		{"ply == 12 (line --> true{1,3}) == 3", plies(gg, 12)},
		{"ply == 12 (line firstmatch --> true* --> check) == 2", plies(gg, 12)},
	} {
		if got := runQuery(t, c.cql, gg); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}
