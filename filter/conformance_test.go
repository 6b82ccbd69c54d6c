package filter

import "testing"

// TestSetThenNegativeNumber: CQL reads `q-2` as the filters q and -2 (chessql's
// tests of `cql -parse`: `{q-2}` is two filters), so it fails without a black
// queen; with one, CQL 9.493 goes on to match the number -2 as a filter and
// stops the run, and so does the evaluator (a run error: no match).
// Read as the number #q-2 it would match every position.
func TestSetThenNegativeNumber(t *testing.T) {
	const withQueen = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1"
	const withoutQueen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
	for _, c := range []struct {
		src, fen string
		want     bool
	}{
		{"q-2", withQueen, false},
		{"q-2", withoutQueen, false},
		{"{q-2}", withoutQueen, false},
		{"check-1", withoutQueen, false},
		{"#q-2 == -2", withoutQueen, true},
		{"#q-2 == -1", withQueen, true},
	} {
		if got := matchesQuery(t, c.fen, c.src); got != c.want {
			t.Errorf("%s on %s: matched %v, want %v", c.src, c.fen, got, c.want)
		}
	}
}
