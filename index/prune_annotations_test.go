package index

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// annotationVariationGames have a [%clk], an [%emt] or a NAG only in a variation (where
// a main-line query does not look) or before the first move: the column's bits must keep
// them for cql(variations) queries.
var annotationVariationGames = `[Event "clk in a variation"]
[White "V"]
[Black "W"]
[Result "*"]

1. e4 e5 (1... c5 { [%clk 0:01:00] }) 2. Nf3 *

[Event "emt in a variation, a NAG in another"]
[White "X"]
[Black "Y"]
[Result "*"]

1. d4 (1. c4 { [%emt 0:00:07] }) (1. Nf3 $6) 1... d5 *
`

// Independent readings of a game's text for TestPruneAnnotations: whether its move text
// (comments taken out) has a NAG ($N, or a suffix ! ? after a move), and whether it has a
// [%clk] or an [%emt] command.
var (
	braceComment = regexp.MustCompile(`\{[^}]*\}`)
	nagInText    = regexp.MustCompile(`\$[0-9]+|[a-h1-8NBRQKO#+=]\s*[!?]+`)
	tagLine      = regexp.MustCompile(`(?m)^\[.*\]\s*$`)
)

func textHas(text, ann string) bool {
	if ann == "nag" {
		moves := braceComment.ReplaceAllString(tagLine.ReplaceAllString(text, ""), " ")
		return nagInText.MatchString(moves)
	}
	return strings.Contains(text, "[%"+map[string]string{"clock": "clk", "emt": "emt"}[ann]+" ")
}

// TestPruneAnnotations: clock, emt and nag queries are pruned to the games whose comments
// have a [%clk] ([%emt]) command (whose moves have a NAG), as eval's are (TestPruneEval):
// the candidates are no more than the games the text says have one (read independently,
// above), and the pruned run's matches are the unpruned scan's.
func TestPruneAnnotations(t *testing.T) {
	extra := filepath.Join(t.TempDir(), "annvar.pgn")
	if err := os.WriteFile(extra, []byte(annotationVariationGames), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []string{filepath.Join("..", "testdata", "pgn", "annotated.pgn"), extra,
		firstGames(t, testdata.File(t, "masters-10k.pgn"), 100)}
	ix := buildIndex(t, files...)
	// The games whose text has each annotation, by the independent reading.
	having := map[string]int{}
	var games []*pgn.Game
	for _, f := range files {
		rc, err := pgn.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		err = pgn.Scan(context.Background(), rc, f, pgn.Options{Variations: true}, func(g *pgn.Game) error {
			for _, a := range []string{"clock", "emt", "nag"} {
				if textHas(string(g.Text), a) {
					having[a]++
				}
			}
			games = append(games, g.Clone())
			return nil
		})
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	if having["clock"] < 2 || having["emt"] < 2 || having["nag"] < 3 || having["nag"] >= len(games) {
		t.Fatalf("the test games do not tell pruned from unpruned: %v of %d games", having, len(games))
	}
	for _, c := range []struct {
		src    string
		ann    string
		pruned bool
	}{
		{"clock", "clock", true},
		{"clock < 170", "clock", true},
		{"cql(variations) clock", "clock", true},
		{"emt", "emt", true},
		{"emt > 3600", "emt", true},
		{"cql(variations) emt", "emt", true},
		{"nag", "nag", true},
		{"nag == 4", "nag", true},
		{"cql(variations) nag == 6", "nag", true},
		{"btm nag", "nag", true},
		{"not nag", "nag", false},
		{"clock > 10 or check", "clock", false},
	} {
		prog, err := query.Parse("", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		q, err := filter.Compile(prog)
		if err != nil {
			t.Fatal(err)
		}
		cand, err := ix.Candidates(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		if c.pruned && (cand == nil || cand.GetCardinality() > uint64(having[c.ann]+errorGames(t, ix))) {
			n := -1
			if cand != nil {
				n = int(cand.GetCardinality())
			}
			t.Errorf("%q: %d candidates of %d games, want at most the %d with the annotation", c.src, n, ix.Meta.Games, having[c.ann])
		}
		ev := q.NewEvaluator()
		all := 0
		for id, g := range games {
			g := g.Clone()
			if !q.Variations() {
				g = mainLineOnly(t, g)
			}
			if q.Selected(g) && q.MatchCountOK(len(ev.Game(g))) {
				all++
				if cand != nil && !cand.Contains(uint32(id)) {
					t.Errorf("%q: game %d of %s matches but was pruned", c.src, g.Number, g.File)
				}
			}
		}
		if all == 0 {
			t.Errorf("%q: no game matches: the test cannot fail", c.src)
		}
	}
}

// mainLineOnly reads g's text again without its variations, as a main-line scan does.
func mainLineOnly(t *testing.T, g *pgn.Game) *pgn.Game {
	t.Helper()
	gs, err := pgn.ReadAll(strings.NewReader(string(g.Text)), g.File, pgn.Options{})
	if err != nil || len(gs) != 1 {
		t.Fatalf("%v (%d games)", err, len(gs))
	}
	gs[0].Number = g.Number
	return gs[0]
}
