package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// atomic (CQL 6.2, the manual's atomic page): `atomic X=4` and `atomic
// Y="hello"` declare atomic variables, which differ from others only inside
// a path filter. Outside one they are ordinary variables (TestAtomicInPath
// has them inside one).
func TestAtomicVariables(t *testing.T) {
	for _, src := range []string{
		`atomic X=4 atomic Y="hello" X == 4 Y == "hello"`,
		`atomic Count=0 Count += 1 Count += 1 Count == 2`,
		`atomic S = [e4,d4] #S == 2`,
		// CQL 9.493 runs Z = 1 atomic Z = 0 (every game of its sample.pgn):
		// atomic need not come with the first use.
		`Z = 1 atomic Z = 0 Z == 0`,
	} {
		if !startMatches(t, src) {
			t.Errorf("%s: did not match", src)
		}
	}
	for _, c := range []struct{ src, want string }{
		{`atomic Z`, "expected '=' after 'atomic Z'"},
	} {
		_, err := query.Parse("q", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
}

// Inside a path an atomic variable (At) loses what a failed branch assigned and
// ends with the values of the path chosen; an ordinary variable (Or) keeps the
// last assignment tried. The game is greekGift (17 plies), the path starts at
// its first position, and the expected values follow from the search order
// (fewest repetitions first, the longest path wins, the first among equals);
// CQL 9.493 gives each answer.
func TestAtomicInPath(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader(greekGift), "gg.pgn", pgn.Options{})
	if err != nil || len(games) != 1 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	for _, c := range []struct{ src, want string }{
		// The one-move path matches; the two-move one fails after assigning:
		// At is restored to the best path's 1, Or keeps 2.
		{`atomic At = 0 Or = 0 {path --{1,2} {At = ply Or = ply ply == 1}} At == 1 Or == 2`, "[start]"},
		// Three lengths are tried; the longest that matches (two moves) wins:
		// At has its value, Or the third's, assigned last.
		{`atomic At = 0 Or = 0 {(path --{1,3} {At = ply Or = ply ply <= 2}) == 2} At == 2 Or == 3`, "[start]"},
		{`atomic At = 0 {path --{1,2} {At = ply}} At == 2`, "[start]"},
		// With firstmatch the first path found ends the search.
		{`atomic At = 0 {path firstmatch --{1,2} {At = ply}} At == 1`, "[start]"},
		// No path matches: At has its value from before the path, Or the last
		// one assigned.
		{`atomic At = 7 Or = 7 not path -- {At = 1 Or = 1} mate At == 7 Or == 1`, "[start]"},
		// Repetition: At counts the moves of the chosen path (all 17 plies).
		{`atomic At = 0 (path (-- {At += 1})+) == 17 At == 17`, "[start]"},
	} {
		src := "initial " + c.src
		if got := runQuery(t, src, games[0]); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", src, got, c.want)
		}
	}
}
