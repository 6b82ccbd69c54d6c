package filter

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// Comments under transforms, as CQL 9.493 writes them. The expected
// comments are the 9.493 binary's output on these two games (run as
// `cql -i games.pgn -o out.pgn q.cql` with `cql()` before each query),
// copied here as data; per position, its texts joined by a space as in the
// PGN comment, without CQL's match marker.
//
// Game A: 1.Qa4+ (the white queen attacks the black king, ply 1) ...
// 2...Qb5+ (the black queen attacks the white king, ply 4). Game B the same
// with knights: 1.Nc7+ and 2...Ng3+. What they show:
//   - a copy of the body that fails leaves no comment, even when another
//     copy matches (OrbitNode evaluates each copy as a filter);
//   - directly nested transforms (flip flipcolor) are one orbit;
//   - a text is written once per position (-uniquecomments), so the 64
//     copies of shift give one "Ke1";
//   - as a set value (x = flipcolor {...}) every copy's comments stay.
const transformCommentGames = `[Event "A"]
[FEN "4k3/8/8/8/8/8/1q6/Q3K3 w - - 0 1"]
[SetUp "1"]

1. Qa4+ Kf8 2. Kf1 Qb5+ 3. Kg1 *

[Event "B"]
[FEN "4k3/8/8/1N6/8/8/8/4K2n w - - 0 1"]
[SetUp "1"]

1. Nc7+ Kd7 2. Kf1 Ng3+ 3. Ke1 *
`

func TestTransformComments(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader(transformCommentGames), "t.pgn", pgn.Options{})
	if err != nil || len(games) != 2 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	cases := []struct {
		src  string
		a, b []string
	}{
		{`flipcolor {comment ("Q" Q) Q attacks k}`,
			[]string{"1: Qa4", "4: Qb5"},
			nil},
		{`flip flipcolor {comment ("N" N) N attacks k}`,
			nil,
			[]string{"1: Nc7", "4: Ng3"}},
		{`flipcolor flip {comment ("N" N) N attacks k}`,
			nil,
			[]string{"1: Nc7", "4: Ng3"}},
		{`shift {comment ("K" K) Kg1}`,
			[]string{"0: Ke1", "1: Ke1", "2: Ke1", "3: Kf1", "4: Kf1", "5: Kg1"},
			[]string{"0: Ke1", "1: Ke1", "2: Ke1", "3: Kf1", "4: Kf1", "5: Ke1"}},
		{`x = flipcolor {comment ("Q" Q) Q attacks k} comment ("x" x)`,
			[]string{"0: Qa1 Qb2 x[]", "1: Qa4 Qb2 xa4", "2: Qa4 Qb2 x[]", "3: Qa4 Qb2 x[]", "4: Qa4 Qb5 xb5", "5: Qa4 Qb5 x[]"},
			[]string{"0: Q[] x[]", "1: Q[] x[]", "2: Q[] x[]", "3: Q[] x[]", "4: Q[] x[]", "5: Q[] x[]"}},
		{`flipcolor {comment ("Q" Q) #Q}`,
			[]string{"0: Qa1 Qb2", "1: Qa4 Qb2", "2: Qa4 Qb2", "3: Qa4 Qb2", "4: Qa4 Qb5", "5: Qa4 Qb5"},
			[]string{"0: Q[]", "1: Q[]", "2: Q[]", "3: Q[]", "4: Q[]", "5: Q[]"}},
		{`flipcolor {comment ("c" currenttransform) Q attacks k}`,
			[]string{"1: c<>", "4: c<invertcolor reflect_h>"},
			nil},
		{`flip flipcolor {comment ("c" currenttransform) N attacks k}`,
			nil,
			[]string{"1: c<>", "4: c<invertcolor reflect_h>"}},
		{`rotate90 flipcolor {comment ("N" N) N attacks k}`,
			nil,
			[]string{"1: Nc7", "4: Ng3"}},
		// A transform last in a block is matched as a filter too (ours took
		// the union of its sets there and kept "Qb2" at ply 1).
		{`check flipcolor {comment ("Q" Q) Q attacks k}`,
			[]string{"1: Qa4", "4: Qb5"},
			nil},
		{`flipcolor {comment ("Q" Q) Q attacks k} or mate`,
			[]string{"1: Qa4", "4: Qb5"},
			nil},
	}
	for _, c := range cases {
		for i, want := range [][]string{c.a, c.b} {
			if got := joinedNotes(t, c.src, games[i]); !slices.Equal(got, want) {
				t.Errorf("%s, game %c:\n got %q\nwant %q", c.src, 'A'+i, got, want)
			}
		}
	}
}

// joinedNotes is notesOf with the texts of one position joined by a space,
// as the PGN output writes them.
func joinedNotes(t *testing.T, src string, g *pgn.Game) []string {
	t.Helper()
	var out []string
	last := ""
	for _, n := range notesOf(t, src, g) {
		ply, text, _ := strings.Cut(n, ": ")
		if ply == last {
			out[len(out)-1] += " " + text
			continue
		}
		last = ply
		out = append(out, fmt.Sprintf("%s: %s", ply, text))
	}
	return out
}
