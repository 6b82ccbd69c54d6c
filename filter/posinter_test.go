package filter

import (
	"strings"
	"testing"
)

// The manual's positional intersection example (∩ page, 6.1's & page):
// after 1.e4 e5 2.Nf3 Nc6, position 0 & position 2 is the 60 squares
// ~[e2,e4,e7,e5]; equal empty squares count as the same contents. | of
// positions is not CQL (the ∪ page: both sides must be sets).
func TestPositionalIntersection(t *testing.T) {
	g := readGames(t, "1. e4 e5 2. Nf3 Nc6 *\n")[0]
	all := plies(g, 0, 1, 2, 3, 4)
	for _, c := range []struct{ cql, want string }{
		{"x = position 0 y = position 2 (x & y) == ~[e2,e4,e7,e5]", all},
		{"x = position 0 y = position 2 #(x ∩ y) == 60", all},
		{"#(currentposition & currentposition) == 64", all},
		// One move changes two squares (four for castling): a parent and
		// its child share 62.
		{"#(parent & currentposition) == 62", plies(g, 1, 2, 3, 4)},
		{"((position 0) & currentposition) == ~[g1,f3]", ""},
		{"((position 0) & currentposition) == ~[e2,e4]", plies(g, 1)},
	} {
		if got := runQuery(t, c.cql, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
	for _, c := range []struct{ src, msg string }{
		{"parent & check", "1:10: the right side of & must be a position filter"},
		{"parent | currentposition", "1:1: the left side of | must be a set filter, found a position filter"},
	} {
		if got := runQueryOrErr(t, c.src, g); !strings.Contains(got, c.msg) {
			t.Errorf("%s: got %q, want %q", c.src, got, c.msg)
		}
	}
}
