package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// movenumber counts as CQL 9.493 does (qpos.cpp getMoveNumber), from 1 at the
// game's start whatever the FEN tag's full-move number. Expectations are CQL
// 9.493's answers on this game (run with and without cql(variations)): the
// main line's positions are of moves 1, 2 (after 40...Kd5), 2, 3 (after
// 41...Kd4); the variation reaches 4 after 42...Ke4.
func TestMoveNumberCountsFromTheStart(t *testing.T) {
	const game = `[Event "1"]
[SetUp "1"]
[FEN "8/8/8/4k3/8/8/2R5/4K3 b - - 0 40"]

40... Kd5 (40... Ke4 41. Rc4+ Kd3 42. Rc3+ Ke4) 41. Rc3 Kd4 *
`
	main, err := pgn.ReadAll(strings.NewReader(game), "mn.pgn", pgn.Options{})
	if err != nil {
		t.Fatal(err)
	}
	all, err := pgn.ReadAll(strings.NewReader(game), "mn.pgn", pgn.Options{Variations: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		q    string
		g    *pgn.Game
		want string
	}{
		{"movenumber == 1", main[0], "[start]"},
		{"movenumber == 2 btm", main[0], "[e5d5 c2c3]"},
		{"movenumber == 3", main[0], "[e5d5 c2c3 d5d4]"},
		{"movenumber == 40", main[0], ""},
		{"movenumber == 4", main[0], ""},
		{"cql(variations) movenumber == 4", all[0], "[e5e4 c2c4 e4d3 c4c3 d3e4]"},
	} {
		if got := runQuery(t, c.q, c.g); got != c.want {
			t.Errorf("%s: got %s, want %s", c.q, got, c.want)
		}
	}
}
