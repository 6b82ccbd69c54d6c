package filter

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// Sort values and the comments inside sorts, as CQL 9.493 writes them
// (sort_comments.go). The expected comments and values are the 9.493
// binary's output on the games of TestTransformComments (run as `cql -i
// games.pgn -o out.pgn q.cql` with `cql()` before each query), copied here
// as data: per position the whole PGN comment with CQL's match marker "CQL"
// (the header's "Game number N" left out), and the game's sort values. They
// show that a sort's comments stay only where its value first became the
// best, after the marker; that its value counts at positions that do not
// match (`sort {...} check`: 5, the last ply, which is no check); and that
// the copies of a sort under a transform share one value.
func TestSortComments(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader(transformCommentGames), "t.pgn", pgn.Options{})
	if err != nil || len(games) != 2 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	cases := []struct {
		src   string
		a     []string
		sortA []int
		b     []string
		sortB []int
	}{
		{`sort flipcolor count {comment ("Q" Q) Q attacks k}`,
			[]string{"0: CQL", "1: CQL Qa4", "2: CQL", "3: CQL", "4: CQL", "5: CQL"}, []int{1},
			[]string{"0: CQL", "1: CQL", "2: CQL", "3: CQL", "4: CQL", "5: CQL"}, []int{0}},
		{`sort {comment ("p" ply) ply} check`,
			[]string{"1: CQL", "4: CQL", "5: p5"}, []int{5},
			[]string{"1: CQL", "4: CQL", "5: p5"}, []int{5}},
		{`sort {comment ("p" ply) ply}`,
			[]string{"0: CQL", "1: CQL", "2: CQL", "3: CQL", "4: CQL", "5: CQL p5"}, []int{5},
			[]string{"0: CQL", "1: CQL", "2: CQL", "3: CQL", "4: CQL", "5: CQL p5"}, []int{5}},
		{`flipcolor {sort "q" {comment ("q" Q) #Q}}`,
			[]string{"0: CQL qa1", "1: CQL", "2: CQL", "3: CQL", "4: CQL", "5: CQL"}, []int{1},
			[]string{"0: CQL q[]", "1: CQL", "2: CQL", "3: CQL", "4: CQL", "5: CQL"}, []int{0}},
		{`sort min "m" {comment ("m" ply) #[Qq]} check`,
			[]string{"0: m0", "1: CQL", "4: CQL"}, []int{2},
			[]string{"0: m0", "1: CQL", "4: CQL"}, []int{0}},
		{`sort flip flipcolor count {comment ("N" N) N attacks k}`,
			[]string{"0: CQL", "1: CQL", "2: CQL", "3: CQL", "4: CQL", "5: CQL"}, []int{0},
			[]string{"0: CQL", "1: CQL Nc7", "2: CQL", "3: CQL", "4: CQL", "5: CQL"}, []int{1}},
		{`sort "a" {comment ("a" ply) ply} sort "b" {comment ("b" ply) 10 - ply}`,
			[]string{"0: CQL b0", "1: CQL", "2: CQL", "3: CQL", "4: CQL", "5: CQL a5"}, []int{5, 10},
			[]string{"0: CQL b0", "1: CQL", "2: CQL", "3: CQL", "4: CQL", "5: CQL a5"}, []int{5, 10}},
		{`comment ("x") sort {comment ("p" ply) ply} check`,
			[]string{"1: x CQL", "4: x CQL", "5: p5"}, []int{5},
			[]string{"1: x CQL", "4: x CQL", "5: p5"}, []int{5}},
	}
	for _, c := range cases {
		for i, want := range []struct {
			notes []string
			sorts []int
		}{{c.a, c.sortA}, {c.b, c.sortB}} {
			notes, sorts := markedNotes(t, c.src, games[i])
			if !slices.Equal(notes, want.notes) || !slices.Equal(sorts, want.sorts) {
				t.Errorf("%s, game %c:\n got %q %v\nwant %q %v", c.src, 'A'+i, notes, sorts, want.notes, want.sorts)
			}
		}
	}
}

// markedNotes returns the comment of each position as the PGN output writes
// it, with the match marker "CQL" (as run.annotate does), and the game's
// sort values.
func markedNotes(t *testing.T, src string, g *pgn.Game) ([]string, []int) {
	t.Helper()
	q := compileText(t, src)
	e := q.NewEvaluator()
	matches := e.Game(g)
	text := make([][]string, len(g.Nodes))
	for _, late := range []bool{false, true} {
		if late {
			for _, i := range matches {
				text[i] = append(text[i], "CQL")
			}
		}
		for _, a := range e.Annotations() {
			if a.Late == late {
				text[a.Node] = append(text[a.Node], a.Text)
			}
		}
	}
	var notes []string
	for i, ts := range text {
		if len(ts) > 0 {
			notes = append(notes, fmt.Sprintf("%d: %s", g.Nodes[i].Ply, strings.Join(ts, " ")))
		}
	}
	var sorts []int
	for i := range q.Sorts() {
		v, _ := e.SortValue(i)
		sorts = append(sorts, v)
	}
	return notes, sorts
}
