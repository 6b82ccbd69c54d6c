package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// nullMoveGames: a null move in the main line, one starting a variation, and
// one from a FEN position.
const nullMoveGames = `[Event "a"]
[Result "*"]

1. e4 -- 2. d4 *

[Event "b"]
[Result "*"]

1. e4 (1. -- e5 2. Nf3) 1... e5 *

[Event "c"]
[Result "*"]
[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"]
[SetUp "1"]

1. -- Kd7 2. Ra7+ *
`

// CQL stores a null move as a move of the mover's king to its own square
// (CQL 9.493's QMove: isNull is from == to), so move filters, dashes, from,
// to and a path's focus see it there; it is no capture, and a null move on
// the way makes a position leave the virtual main line. CQL's lacny example
// compares the from and to of a null move with those of other moves (0 games
// of CQL's sample.pgn where CQL matches 1). Each count is CQL 9.493's number
// of matched games of nullMoveGames under cql(variations).
func TestNullMoveIsAKingMoveToItsSquare(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader(nullMoveGames), "nulls.pgn", pgn.Options{Variations: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		src  string
		want int
	}{
		{"nullmove", 3},
		{"nullmove from==e8", 1},
		{"nullmove to==e1", 2},
		{"from==e1", 2},
		{"to==e8", 1},
		{"move from e1 to e1", 2},
		{"move from K", 2},
		{"move from k", 2},
		{"move previous from k", 2},
		{"move null from e8", 1},
		{"move to e1 null", 2},
		{"move capture e1", 0},
		{"K--K", 2},
		{"k--k", 1},
		{"path -- -- --", 3},
		{"path primary -- -- --", 2},
		{"initial path --e1 --e5", 1},
		{"path focus K --", 2},
		{"initial path focus [Kk] -- --", 1},
		{"initial path focus [Kk] -- -- --", 0},
		{"initial path focus k -- --", 0},
		{"virtualmainline ply==3", 0},
		{"ply==2 virtualmainline", 1},
	} {
		if got := countGames(t, "cql(variations) "+c.src, games); got != c.want {
			t.Errorf("%q: %d games, CQL 9.493 matches %d", c.src, got, c.want)
		}
	}
}
