package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// plies names the main-line positions of g at the given plies, as runQuery
// does.
func plies(g *pgn.Game, ps ...int) string {
	var out []string
	for _, p := range ps {
		i := int32(0)
		for k := 0; k < p; k++ {
			i = g.Nodes[i].FirstChild
		}
		out = append(out, "["+movePath(g, i)+"]")
	}
	return strings.Join(out, " ")
}

func span(from, to int) []int {
	var out []int
	for p := from; p <= to; p++ {
		out = append(out, p)
	}
	return out
}

// The 6.2 path filter in full, on hand-checked games. The Greek gift game
// has 17 plies; the checks are the positions at plies 13 (7.Bxh7+) and 15
// (8.Ng5+); Black castles at ply 12 (6...O-O: the rook leaves h8); 7.Bxh7
// takes the h7 pawn at ply 13. The fianchetto game is the 6.2 manual's
// focus page example, 1.d4 d5 2.Nf3 Nf6 3.g3 g6 4.Bg2 Bg7, where the page
// says that ⊢ focus ♙ ―― ―― from the start matches d4 and g3 (skipping the
// moves of other pieces) and has the value two.
func TestPathFull(t *testing.T) {
	read := func(text string) *pgn.Game {
		games, err := pgn.ReadAll(strings.NewReader(text), "t.pgn", pgn.Options{Variations: true})
		if err != nil || len(games) != 1 {
			t.Fatalf("%v (%d games)", err, len(games))
		}
		return games[0]
	}
	gg := read(greekGift)
	fian := read("1. d4 d5 2. Nf3 Nf6 3. g3 g6 4. Bg2 Bg7 *\n")
	tree := treeGames(t)[0]
	// 3.Qxf7+, 4.Bc4+ and 5.Bxd5+ give check (plies 5, 7, 9); no other move does.
	checks := read("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 4. Bc4+ d5 5. Bxd5+ Ke8 *\n")
	cases := []struct {
		cql  string
		game *pgn.Game
		want string
	}{
		// The value is the number of moves of the longest matching path.
		{"(path --+) == 17", gg, plies(gg, 0)},
		{"(path -- --) == 2", gg, plies(gg, span(0, 15)...)},
		{"(path --{2,3}) == 2", gg, plies(gg, 15)},
		{"(path --{2,}) == 2", gg, plies(gg, 15)},
		{"(path --{2,3}) == 3", gg, plies(gg, span(0, 14)...)},
		// CQL counts no path that ends where it starts (path-compute.cpp:
		// "for now we do not allow matches at the start"), so a path has at
		// least one move.
		{"(path --{*}) == 0", gg, ""},
		{"path --{+}", gg, plies(gg, span(0, 16)...)},
		{"path --?", gg, plies(gg, span(0, 16)...)},
		{"path check", gg, ""},
		// Groups, repetition of groups (CQL's path has no alternation).
		{"(path (-- check --)+) == 4", gg, plies(gg, 12)},
		{"(path (-- check --)+) == 2", gg, plies(gg, 14)},
		{"path B×h7? N--g5", gg, plies(gg, 14)},
		// [x] right after a dictionary is a lookup by the variable x.
		{`dictionary D x = "a" D[ x ] = 1 D[ x ] == 1 B[x]h7`, gg, plies(gg, 12)},
		// CQL refuses `(check | mate)` after a step (one filter in the
		// parentheses; | of logical filters is no union): `or` says it.
		{"path (-- (check or mate) --){2}", gg, plies(gg, 12)},
		{"path (-- (check or mate)){2}", gg, ""},
		// Filters that consume nothing, repeated, end.
		{"path (check)* --{*} terminal", gg, plies(gg, span(0, 16)...)},
		{"path (check)* -- check", gg, plies(gg, 12, 14)}, // a repetition of a filter needs a group (CQL)
		// The filters after a move step are its targets, and a repetition repeats
		// the step with them (CQL's path-parse.cpp): the longest run of moves that
		// give no check, counted by hand on the game above.
		{"(path -- not check +) == 4", checks, plies(checks, 0)},
		{"(path -- not check +) == 1", checks, plies(checks, 3, 5, 7, 9)},
		{"(path -- not check mate +) == 2", checks, ""},
		{"(path -- check +) == 1", checks, plies(checks, 4, 6, 8)},
		// lastposition: the tail of the last move of the matching path.
		{"((path lastposition --+) : ply) == 17", gg, plies(gg, span(0, 16)...)},
		{"((path lastposition B×h7 k×h7) : ply) == 14", gg, plies(gg, 12)},
		// focus: the manual's fianchetto example, and its count. No move is
		// skipped at the start (CQL's Focus::getFocusedChildMoves): a
		// focused path's first move is played from where it starts, so
		// `path focus P --` matches before 1.d4 and 3.g3 only (CQL 9.493).
		{"path focus P --", fian, plies(fian, 0, 4)},
		{"path focus P --+", fian, plies(fian, 0, 4)},
		{"(path focus [Nn] --+) == 2", fian, plies(fian, 2)},
		{"initial (path focus P -- --) == 2", fian, plies(fian, 0)},
		{"initial ((path lastposition focus P -- --) : ply) == 5", fian, plies(fian, 0)},
		{"initial (path focus ♙ --+) == 2", fian, plies(fian, 0)},
		{"initial (path focus p --+) == 2", fian, ""},
		{"(path focus p --+) == 2", fian, plies(fian, 1)},
		{"initial (path focus [Nn] --+) == 2", fian, ""},
		// A capture of a focused piece is in focus only with focus capture.
		{"path focus capture ph7 --", gg, plies(gg, 12)},
		{"path focus ph7 --", gg, ""},
		{"path focus capture ph7 B×h7", gg, plies(gg, 12)},
		// Castling is in focus when the rook is.
		{"((path focus rh8 lastposition --) : ply) == 12", gg, plies(gg, 11)},
		// The path status filters (the manual's ⊢ status filters page):
		// in the fianchetto example, after d4 and g3 two focused moves and
		// five in all (d4 d5 Nf3 Nf6 g3) have been played. pathcountunfocused
		// is CQL's own `ply - pathstart:ply - pathcount` (node-parse.cpp):
		// the three moves out of focus, none without a focus. Outside a
		// path, pathstart, pathlastposition and pathcount are those of the
		// last path that matched. CQL 9.493 gives each of these answers.
		{"path -- -- {pathcount == 2 pathcountunfocused == 0}", gg, plies(gg, span(0, 15)...)},
		{"path -- -- {pathcount == 2 pathcountunfocused == 2}", gg, ""},
		{"initial path focus P -- -- {pathcount == 2 pathcountunfocused == 3}", fian, plies(fian, 0)},
		{"initial path focus P -- -- {pathcount == 2 pathcountunfocused == 5}", fian, ""},
		{"path focus P -- {pathcount == 1 pathcountunfocused == 0}", fian, plies(fian, 0, 4)},
		// With max: the best path to g3 has two moves, and three out of focus.
		{"initial (path focus P max pathcountunfocused --+) == 3", fian, plies(fian, 0)},
		{"initial ((path focus P max pathcountunfocused lastposition --+) : ply) == 5", fian, plies(fian, 0)},
		// After 7.Bxh7+ from ply 12: pathcount 1, pathcountunfocused the ply
		// less 13 (-1 at the start itself, where CQL comments -1).
		{"{{path B×h7} or true} pathcount == 1", gg, plies(gg, span(12, 17)...)},
		{"{{path B×h7} or true} pathcountunfocused == ply - 13", gg, plies(gg, span(12, 17)...)},
		{"{{path B×h7} or true} pathcountunfocused == -1", gg, plies(gg, 12)},
		{"initial {path focus P -- --} (pathlastposition : ply) == 5 pathstart == currentposition", fian, plies(fian, 0)},
		{"{{path B×h7} or true} (pathstart : ply) == 12", gg, plies(gg, span(12, 17)...)},
		{"pathcount", gg, ""},
		{"pathcountunfocused", gg, ""},
		{"pathstart", gg, ""},
		// Variations (the CQLi game-tree figure): the longest path from the
		// start is 1.e4 e6 2.d4 c5; primary takes the first move at each
		// branch (1.e4 c5, two moves). firstmatch stops at the first path
		// found in CQL's order, which tries the fewest repetitions first
		// (path-compute.cpp): one move, from every position with one.
		{"cql(variations) (path --+) == 4", tree, "[start]"},
		{"cql(variations) (path --+) == 2", tree, "[d2d4] [e2e4 e7e6]"},
		{"cql(variations) (path firstmatch --+) == 1", tree, "[start] [e2e4] [d2d4] [d2d4 g8f6] [e2e4 e7e6] [e2e4 e7e6 d2d4]"},
		{"cql(variations) ((path firstmatch lastposition --+) : ply) == 1", tree, "[start]"},
		{"cql(variations) (path primary --+) == 2", tree, "[start] [d2d4] [e2e4 e7e6]"},
		{"cql(variations) path primary --d4", tree, "[e2e4 e7e6]"},
		{"cql(variations) path --d4", tree, "[start] [e2e4 e7e6]"},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, c.game); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}
