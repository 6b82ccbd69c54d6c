package filter

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

func compileGuard(t *testing.T, text string) *Query {
	t.Helper()
	prog, err := query.Parse("guard", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	q, err := Compile(prog)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// A query whose body starts with check or mate is evaluated only at the positions in check
// (guard.go). Against the same query behind a leading `true`, which is not guarded and so
// evaluated everywhere, it gives the same matches, comments and messages on every game of
// masters-10k and of CQL's sample (variations), with each evaluator's own Checks and with
// one Checks shared by all of them and reset per game, as a tag pass shares it.
func TestGuardSameAsUnguarded(t *testing.T) {
	bodies := []string{
		"mate",
		"check",
		"mate flipcolor {btm #A >= #a}",
		`check comment("in check")`,
		`cql(variations) check comment("v")`,
		`mate message("mate here")`,
		"check {move previous capture .} or stalemate",
	}
	var guarded, plain []*Query
	for _, b := range bodies {
		g := compileGuard(t, b)
		if !g.NeedsCheck() {
			t.Fatalf("%s: not guarded", b)
		}
		header, body := "", b
		if len(b) > 3 && b[:4] == "cql(" {
			i := 0
			for b[i] != ')' {
				i++
			}
			header, body = b[:i+1], b[i+1:]
		}
		p := compileGuard(t, header+" true "+body)
		if p.NeedsCheck() {
			t.Fatalf("true %s: guarded", b)
		}
		guarded, plain = append(guarded, g), append(plain, p)
	}
	for _, text := range []string{"not check", "check or mate", "stalemate", "{K & e1} check", "true"} {
		if compileGuard(t, text).NeedsCheck() {
			t.Errorf("%s is guarded: it can match a position not in check (or does something first)", text)
		}
	}
	shared := &Checks{}
	var evG, evS, evP []*Evaluator
	for i := range guarded {
		evG = append(evG, guarded[i].NewEvaluator())
		s := guarded[i].NewEvaluator()
		s.ShareChecks(shared)
		evS = append(evS, s)
		evP = append(evP, plain[i].NewEvaluator())
	}
	matched := make([]int, len(bodies))
	for _, name := range []string{"masters-10k.pgn", "cql-sample.pgn"} {
		f, err := os.Open(testdata.File(t, name))
		if err != nil {
			t.Fatal(err)
		}
		err = pgn.Scan(context.Background(), f, name, pgn.Options{Variations: true}, func(g *pgn.Game) error {
			shared.Reset()
			for i := range bodies {
				want := fmt.Sprint(evP[i].Game(g), evP[i].Annotations(), evP[i].Messages())
				if len(evP[i].matches) > 0 {
					matched[i]++
				}
				for _, ev := range []*Evaluator{evG[i], evS[i]} {
					if got := fmt.Sprint(ev.Game(g), ev.Annotations(), ev.Messages()); got != want {
						t.Fatalf("%s, game %d of %s: guarded %s, unguarded %s", bodies[i], g.Number, name, got, want)
					}
				}
			}
			return nil
		})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	if slices.Contains(matched, 0) {
		t.Errorf("a body matched no game: %v", matched)
	}
}
