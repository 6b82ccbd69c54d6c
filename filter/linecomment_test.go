package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// A `///` comment closes at the end of its line, and a blank line after it
// still ends the path it stands in: CQL's knightpawnforkecho example puts its
// echo after such a line, and read inside the path the echo looked from the
// wrong source (0 games of CQL's sample.pgn where CQL matches 1).
func TestLineCommentBeforeBlankLineEndsPath(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader("[Event \"t\"]\n[Result \"*\"]\n\n1. e4 *\n"), "e4.pgn", pgn.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		src  string
		want int // CQL 9.493's matched games on this one-move game
	}{
		// The blank line ends the path: wtm is tested at the start (white to move).
		{"path -- ///\"m\"\n\nwtm\n", 1},
		// Without it wtm is the step's target, tested after 1.e4 (black to move).
		{"path -- ///\"m\"\nwtm\n", 0},
		{"path -- comment(\"m\")\n\nwtm\n", 1},
	} {
		if got := countGames(t, c.src, games); got != c.want {
			t.Errorf("%q: %d games, CQL 9.493 matches %d", c.src, got, c.want)
		}
	}
}
