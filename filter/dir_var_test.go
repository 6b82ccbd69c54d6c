package filter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cqlgo/cql/query"
)

// A direction filter's range may have number variables as bounds, read
// when the filter is evaluated (CQL's match_range in
// match_directionparameter; the chameleon example's `up DeltaRank right
// DeltaFile Piece`). The values are what CQL 9.493 printed for
// `message (...)` after x = 2, y = -3, z = 1 on a board with kings on a1
// and a8.
func TestDirectionVariableRangeAgainstCQL(t *testing.T) {
	g := fenGame(t, "k7/8/8/8/8/8/8/K7 w - - 0 1")
	const vars = "x = 2 y = -3 z = 1 w = 5 - 7 v = -x "
	for _, c := range []struct{ src, want string }{
		{"up x d4", "d6"},
		{"up y d4", "d1"},
		{"right y z d4", "a4,b4,c4,d4,e4"},
		{"diagonal y x d4", "a1,g1,b2,f2,c3,e3,d4,c5,e5,b6,f6,a7,g7"},
		{"up 1 x d4", "d5,d6"},
		{"anydirection z [a1,h8]", "b1,a2,b2,g7,h7,g8"},
		{"down -1 x d4", "d2,d3,d4,d5"},
		{"left w d4", "f4"},
		{"up v d4", "d2"},
	} {
		got := squareList(parsedSet(t, "{"+vars+c.src+"}", g))
		if got != c.want {
			t.Errorf("%s: got %s, CQL %s", c.src, got, c.want)
		}
	}
}

// With the bounds in variables, every direction and every range within
// -7..7 gives the squares of the constant form (whose meaning the manual's
// examples pin down in geometry_test.go).
func TestDirectionVariableRangeEqualsConstant(t *testing.T) {
	g := fenGame(t, "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1")
	dirs := []string{"up", "down", "left", "right", "northeast", "northwest", "southeast", "southwest",
		"vertical", "horizontal", "orthogonal", "diagonal", "maindiagonal", "offdiagonal", "anydirection"}
	for _, d := range dirs {
		for lo := -7; lo <= 7; lo++ {
			for hi := lo; hi <= 7; hi++ {
				if testing.Short() && (lo+hi)%3 != 0 {
					continue
				}
				for _, s := range []string{"d4", "[a1,h8,e5]", "N", "a-h2"} {
					want := parsedSet(t, fmt.Sprintf("%s %d %d %s", d, lo, hi, s), g)
					src := fmt.Sprintf("{lo = %d hi = %d %s lo hi %s}", lo, hi, d, s)
					if got := parsedSet(t, src, g); got != want {
						t.Fatalf("%s: %v, want %v (the constant form)", src, got, want)
					}
				}
			}
		}
	}
}

// CQL 9.493 stops the run when a bound read from a variable is past 7 or
// -7, when the first exceeds the second ("Invalid range (limit magnitude
// cannot exceed 7 and min must be less than max)") and when a bound has no
// value ("In Range: unbound min numeric variable named: x").
func TestDirectionVariableRangeErrors(t *testing.T) {
	g := fenGame(t, "k7/8/8/8/8/8/8/K7 w - - 0 1")
	for _, c := range []struct{ src, want string }{
		{"x = 8 up x d4", "range 8 8 of up"},
		{"x = -8 up x 1 d4", "range -8 1 of up"},
		{"x = 3 y = 1 right x y d4", "range 3 1 of right"},
		{"not {ply > 100 x = 1} up x d4", "'x'"},
	} {
		p, err := query.Parse("", []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		q := mustCompile(t, p)
		e := q.NewEvaluator()
		e.Game(g)
		if err := e.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one with %q", c.src, err, c.want)
		}
	}
}
