package filter

import (
	"slices"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// Directly nested transforms are one orbit (query/transform.go, CQL's
// OrbitNode::create): flip flipcolor F counts, sorts and names its copies as
// one transform over the 16 compositions. The expected comments (with the
// match marker, per position as in the PGN output) and sort values are CQL
// 9.493's output on this game (sample.pgn's game 133, shortened), run as
// `cql -i game.pgn -o out.pgn q.cql` with `cql()` before each query, copied
// here as data. The white knight stands on a8 and the black one on h1 until
// 1...Nf2: no single flip maps Na1 to both, so counting per flip (as we did
// before merging) never reached 2.
const orbitGame = `[Event "C"]
[FEN "N5b1/1k6/7B/4p3/8/7K/8/7n w - - 0 1"]
[SetUp "1"]

1. Kh2 Nf2 2. Nb6 *
`

func TestNestedTransformOrbit(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader(orbitGame), "t.pgn", pgn.Options{})
	if err != nil || len(games) != 1 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	cases := []struct {
		src   string
		notes []string
		sorts []int
	}{
		{`flip flipcolor 2 8 {Na1}`,
			[]string{"0: CQL", "1: CQL"}, nil},
		{`sort flip flipcolor count {Na1}`,
			[]string{"0: CQL", "1: CQL", "2: CQL", "3: CQL"}, []int{2}},
		{`flip flipcolor {comment ("t" currenttransform) Na1}`,
			[]string{"0: t<reflect_a1h8 invertcolor reflect_h> t<reflect_h> CQL", "1: t<reflect_a1h8 invertcolor reflect_h> t<reflect_h> CQL", "2: t<reflect_h> CQL"}, nil},
		{`flip {comment ("t" currenttransform) Na1}`,
			[]string{"0: t<reflect_h> CQL", "1: t<reflect_h> CQL", "2: t<reflect_h> CQL"}, nil},
		{`flipcolor flip {comment ("t" currenttransform) Na1}`,
			[]string{"0: t<invertcolor reflect_h rotate180> t<reflect_h> CQL", "1: t<invertcolor reflect_h rotate180> t<reflect_h> CQL", "2: t<reflect_h> CQL"}, nil},
		{`flip 1 flipcolor {Na1}`,
			nil, nil},
		{`flip {flipcolor 2 {Na1}}`,
			[]string{"0: CQL", "1: CQL"}, nil},
		{`shift flip {comment ("t" currenttransform) Kh1}`,
			[]string{"0: t<down^5 reflect_h> CQL", "1: t<down^6 reflect_h> CQL", "2: t<down^6 reflect_h> CQL", "3: t<down^6 reflect_h> CQL"}, nil},
	}
	for _, c := range cases {
		notes, sorts := markedNotes(t, c.src, games[0])
		if !slices.Equal(notes, c.notes) || !slices.Equal(sorts, c.sorts) {
			t.Errorf("%s:\n got %q %v\nwant %q %v", c.src, notes, sorts, c.notes, c.sorts)
		}
	}
}
