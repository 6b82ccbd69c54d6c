package preamble

import "testing"

// TestApply: where the options' filters go (CQL's preamble, docs/cli.md): game filters
// first, then the transforms around the other options' filters, in the order given, and the
// body; nothing before the body's first token, so line 1 stays line 1.
func TestApply(t *testing.T) {
	var p Preamble
	for _, o := range [][]string{{"flipcolor"}, {"white", "X"}, {"year", "1990", "2000"}, {"cql", "check"}, {"result", "draw"}} {
		if err := p.Add(o[0], o[1:]...); err != nil {
			t.Fatal(err)
		}
	}
	got, err := p.Apply([]byte("cql(quiet)\nmate"))
	if err != nil {
		t.Fatal(err)
	}
	want := "cql(quiet)\nyear >= 1990 year <= 2000 flipcolor {player white ~~ \"X\" {check} result \"1/2-1/2\" mate\n}"
	if string(got) != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if !p.CQLGiven || !p.Filters() {
		t.Errorf("CQLGiven %t, Filters %t", p.CQLGiven, p.Filters())
	}
	for _, bad := range [][]string{{"result", "2-0"}, {"cql", " "}, {"assign", "1x", "2"}, {"fen", `a"b`}, {"player", ""}} {
		var q Preamble
		if err := q.Add(bad[0], bad[1:]...); err == nil {
			t.Errorf("-%s %q accepted", bad[0], bad[1:])
		}
	}
}
