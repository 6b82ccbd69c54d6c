package filter

import (
	"strings"
	"testing"
)

// CQL reads : only after a position: after a plainly logical filter (check,
// not, a move filter without a value) it is left to the filter that owns
// it, so `find check : mate` is (find check) : mate, where we refused
// check : mate. Every expected match is CQL 9.493's on this game, mate at
// ply 7 (4.Qxf7#), the only check.
func TestColonAfterLogicalFilter(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# *\n")
	for _, c := range []struct {
		cql  string
		want []int
	}{
		{"find check : mate", span(0, 7)},
		{"find check : (ply == 7)", span(0, 7)},
		{"find <-- check : (ply < 7)", nil},
	} {
		if got, want := runQuery(t, c.cql, g), plies(g, c.want...); !sameMatches(got, want) {
			t.Errorf("%s: matches %s, CQL %s", c.cql, got, want)
		}
	}
	for _, src := range []string{"check : mate", "not check : mate", "move previous capture Q : check"} {
		if got := runQueryOrErr(t, src, g); !strings.HasPrefix(got, "error: ") {
			t.Errorf("%s: CQL refuses it, got %q", src, got)
		}
	}
}
