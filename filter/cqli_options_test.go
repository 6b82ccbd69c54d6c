package filter

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// notesWith is notesOf with compile options.
func notesWith(t *testing.T, src string, g *pgn.Game, opt Options) []string {
	t.Helper()
	p, err := query.Parse("", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	q, err := CompileWith(p, opt)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	e := q.NewEvaluator()
	e.Game(g)
	var out []string
	for _, a := range e.Annotations() {
		label := fmt.Sprint(g.Nodes[a.Node].Ply)
		if g.Nodes[a.Node].Variation {
			label = movePath(g, a.Node)
		}
		out = append(out, label+": "+a.Text)
	}
	return out
}

// CQLi's --keepallbest (Options.KeepAllBest) makes a path without the parameter write
// what `path keepallbest` writes (TestPathParameters has both, checked by hand on the
// CQLi game tree), and changes nothing of a path that has it.
func TestKeepAllBestOption(t *testing.T) {
	tree := treeGames(t)[0]
	want := notesOf(t, `cql(variations) initial path keepallbest --`, tree)
	if plain := notesOf(t, `cql(variations) initial path --`, tree); slices.Equal(plain, want) {
		t.Fatalf("the test cannot fail: path and path keepallbest write the same %q", plain)
	}
	for _, src := range []string{`cql(variations) initial path --`, `cql(variations) initial path keepallbest --`} {
		if got := notesWith(t, src, tree, Options{KeepAllBest: true}); !slices.Equal(got, want) {
			t.Errorf("%s with KeepAllBest:\n got %q\nwant %q", src, got, want)
		}
	}
}

// CQLi's removetag: every copy of the tag leaves the output game, the tag filter still
// reads the game's own value (as after settag), a name assigned first is a variable, and
// NoRemoveTag (--noremovetag) keeps the tag while the filter still matches.
func TestRemoveTag(t *testing.T) {
	const text = "[Event \"e\"]\n[Annotator \"x\"]\n[Annotator \"y\"]\n[Opening \"o\"]\n\n1. e4 *\n"
	run := func(src string, opt Options) (*pgn.Game, bool) {
		t.Helper()
		g := readOne(t, text)
		p, err := query.Parse("", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		q, err := CompileWith(p, opt)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return g, len(q.NewEvaluator().Game(g)) > 0
	}
	names := func(g *pgn.Game) (s []string) {
		for _, tg := range g.Tags {
			s = append(s, tg.Name)
		}
		return s
	}
	cases := []struct {
		src   string
		opt   Options
		match bool
		tags  []string
	}{
		{`initial removetag "Annotator"`, Options{}, true, []string{"Event", "Opening"}},
		{`initial removetag ("Opening")`, Options{}, true, []string{"Event", "Annotator", "Annotator"}},
		{`initial removetag "Nothing"`, Options{}, true, []string{"Event", "Annotator", "Annotator", "Opening"}},
		{`initial removetag "Annotator" tag "Annotator" == "y"`, Options{}, true, []string{"Event", "Opening"}},
		{`initial removetag "Annotator"`, Options{NoRemoveTag: true}, true, []string{"Event", "Annotator", "Annotator", "Opening"}},
		{`removetag = 3 removetag == 3`, Options{}, true, []string{"Event", "Annotator", "Annotator", "Opening"}},
	}
	for _, c := range cases {
		g, ok := run(c.src, c.opt)
		if ok != c.match || !slices.Equal(names(g), c.tags) {
			t.Errorf("%s (%+v): match %v, tags %q; want %v, %q", c.src, c.opt.NoRemoveTag, ok, names(g), c.match, c.tags)
		}
	}
}
