package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// lichess's dovetailMate.cql, mate flipcolor shift flip {...}, is one merged
// orbit of 2 x 225 x 8 maps, most of which fall off the board or repeat
// another: it must compile (it was refused as nested too deeply once the
// orbits merged) and find the dovetail mate wherever it stands. The positions
// are built by hand: the pattern as written (black king g3, own pawns on f4
// and h4, a queen on g2 guarded by a bishop on h1 so that only one white piece
// watches the king's empty squares), shifted two files left, and colours
// reversed and flipped top to bottom; in the last the white king on f1 also
// watches f2, so A attacks (...) is 2. CQL 9.493 matches the first three.
func TestMergedOrbitOfManyMaps(t *testing.T) {
	const query = `mate flipcolor shift flip {
  Qg2 kg3 [a]f4 [a]h4
  _ attackedby k == 5 and A attacks (_ attackedby k) == 1
}`
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"K7/8/8/8/5p1p/6k1/6Q1/7B b - - 0 1", true},
		{"K7/8/8/8/3p1p2/4k3/4Q3/5B2 b - - 0 1", true},
		{"7b/6q1/6K1/5P1P/8/8/8/k7 w - - 0 1", true},
		{"8/8/8/8/5p1p/6k1/6Q1/5K2 b - - 0 1", false},
	} {
		text := "[SetUp \"1\"]\n[FEN \"" + c.fen + "\"]\n\n*\n"
		games, err := pgn.ReadAll(strings.NewReader(text), "dt.pgn", pgn.Options{})
		if err != nil || len(games) != 1 {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if got := runQuery(t, query, games[0]) == "[start]"; got != c.want {
			t.Errorf("%s: matched %v, want %v", c.fen, got, c.want)
		}
	}
}
