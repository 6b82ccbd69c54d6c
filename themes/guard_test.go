package themes

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// The guards (filter/guard.go: positions in check, the pieces and side to move a query's
// first filters need) skip positions where the body must fail; they must change no answer.
// Every theme, compiled with them and with filter.Options.NoGuards, matches the same
// positions of every game of masters-10k, with the same comments. The endgame classes and
// the pawn structures that start with piece counts must have a material guard.
func TestGuardsChangeNoMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not reading masters-10k")
	}
	file := testdata.File(t, "masters-10k.pgn")
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	all := All()
	guarded, plain := make([]*filter.Evaluator, len(all)), make([]*filter.Evaluator, len(all))
	nGuards := 0
	for i, th := range all {
		p, err := query.Parse(th.Name+".cql", []byte(th.Source))
		if err != nil {
			t.Fatal(err)
		}
		q, err := filter.CompileWith(p, filter.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if q.HasMaterialGuard() {
			nGuards++
		}
		guarded[i] = q.NewEvaluator()
		p, _ = query.Parse(th.Name+".cql", []byte(th.Source))
		q0, err := filter.CompileWith(p, filter.Options{NoGuards: true})
		if err != nil {
			t.Fatal(err)
		}
		if q0.HasMaterialGuard() || q0.NeedsCheck() {
			t.Fatalf("%s: NoGuards compiled a guard", th.Name)
		}
		plain[i] = q0.NewEvaluator()
	}
	for _, name := range []string{"rook-endgame", "pawn-endgame", "queen-vs-rook", "opposite-side-castling", "stonewall", "carlsbad-structure", "en-passant"} {
		th, _ := Lookup(name)
		if th.Name == "" {
			t.Fatalf("no theme %s", name)
		}
		q := compileSource(t, name, th.Source)
		if want := name != "en-passant"; q.HasMaterialGuard() != want {
			t.Errorf("%s: material guard %v, want %v", name, q.HasMaterialGuard(), want)
		}
	}
	matched, games := make([]int, len(all)), 0
	err = pgn.Scan(context.Background(), f, file, pgn.Options{}, func(g *pgn.Game) error {
		games++
		for i := range all {
			a := slices.Clone(guarded[i].Game(g))
			an := slices.Clone(guarded[i].Annotations())
			b := plain[i].Game(g)
			if !slices.Equal(a, b) || !slices.Equal(an, plain[i].Annotations()) {
				t.Errorf("%s, game %d: guarded %v, unguarded %v", all[i].Name, g.Number, a, b)
			}
			if len(a) > 0 {
				matched[i]++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if games < 10000 {
		t.Fatalf("read %d games", games)
	}
	t.Logf("%d of %d themes have a material guard; %d games", nGuards, len(all), games)
}
