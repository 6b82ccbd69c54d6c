package filter

import "testing"

// A find range may have negative bounds (CQL's lexer reads -2 as one
// number): `find -2 1 check` counts the checks from here, 0 or 1; a
// negative maximum admits no count (we read -1 as the body of find, and a
// constant negative maximum as no bound). Every expected match is CQL
// 9.493's on this game, whose only check is the mate at ply 7.
func TestFindNegativeRange(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# *\n")
	for _, c := range []struct {
		cql  string
		want []int
	}{
		{"find -2 1 check", span(0, 7)},
		{"find -1 check", nil},
		{"find -1 0 check", nil},
		{"find 0 check", nil},
		{"find <-- -1 0 check", span(0, 6)},
		{"find <-- -2 1 check", span(0, 7)},
	} {
		if got, want := runQuery(t, c.cql, g), plies(g, c.want...); !sameMatches(got, want) {
			t.Errorf("%s: matches %s, CQL %s", c.cql, got, want)
		}
	}
}
