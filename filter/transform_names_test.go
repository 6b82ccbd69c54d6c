package filter

import (
	"testing"

	"github.com/cqlgo/cql/query"
)

// TestCurrentTransform: the value of currenttransform in each transformed
// copy of a filter. The manual gives <> outside any transform and
// <reflect_v> under flipvertical; the other names are those of CQL's own
// transforms (query/transform_names.go). Each position is chosen so that
// exactly one transform maps the designator onto the king.
func TestCurrentTransform(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	cases := []struct {
		fen, src string
		want     bool
	}{
		{start, `currenttransform == "<>"`, true},
		// The manual's example: only the reflected copy has X == h1.
		{start, `X = a1 flipvertical {X == h1 currenttransform == "<reflect_v>"}`, true},
		{start, `X = a1 flipvertical {X == h1 currenttransform == "<>"}`, false},
		// rotate90: counterclockwise a1 -> h1, clockwise a1 -> a8.
		{"k7/8/8/8/8/8/8/7K w - - 0 1", `rotate90 {Ka1 currenttransform == "<counterclockwise90>"}`, true},
		{"k7/8/8/8/8/8/8/7K w - - 0 1", `rotate90 {Ka1 currenttransform == "<clockwise90>"}`, false},
		{"K7/8/8/8/8/8/8/7k w - - 0 1", `rotate90 {Ka1 currenttransform == "<clockwise90>"}`, true},
		{"7K/8/8/8/8/8/8/k7 w - - 0 1", `rotate90 {Ka1 currenttransform == "<rotate180>"}`, true},
		// flip's reflections of b1: a2 (a1-h8 diagonal), h7 (a8-h1), b8 (horizontal bisector), g1 (vertical).
		{"8/8/8/8/8/8/K7/7k w - - 0 1", `flip {Kb1 currenttransform == "<reflect_a1h8>"}`, true},
		{"8/7K/8/8/8/8/8/k7 w - - 0 1", `flip {Kb1 currenttransform == "<reflect_a8h1>"}`, true},
		{"1K6/8/8/8/8/8/8/7k w - - 0 1", `flip {Kb1 currenttransform == "<reflect_h>"}`, true},
		{"7k/8/8/8/8/8/8/6K1 w - - 0 1", `flip {Kb1 currenttransform == "<reflect_v>"}`, true},
		// flipcolor and reversecolor swap colours and reflect a1 <-> a8.
		{"4k3/8/8/8/8/8/8/K7 w - - 0 1", `flipcolor {Ke1 currenttransform == "<invertcolor reflect_h>"}`, true},
		{"4k3/8/8/8/8/8/8/K7 w - - 0 1", `reversecolor {Ke1 currenttransform == "<invertcolor reflect_h>"}`, true},
		// Shifts: the file offset, then the rank offset.
		{"7k/8/8/8/2K5/8/8/8 w - - 0 1", `shift {Ka1 currenttransform == "<right^2 up^3>"}`, true},
		{"7k/8/8/8/2K5/8/8/8 w - - 0 1", `shifthorizontal {Kf4 currenttransform == "<left^3>"}`, true},
		{"7k/8/8/8/2K5/8/8/8 w - - 0 1", `shiftvertical {Kc8 currenttransform == "<down^4>"}`, true},
		// Compositions read outermost first: a1 -> h1 (reflect_v) -> f2.
		{"7k/8/8/8/8/8/5K2/8 w - - 0 1", `shift flipvertical {Ka1 currenttransform == "<left^2 up^1 reflect_v>"}`, true},
		// An identity between two transforms leaves two spaces, as in CQL:
		// Ke1 -> ke8 (flipcolor), flipvertical's identity, shift right 1 -> kf8.
		{"5k2/8/8/8/8/8/8/K7 w - - 0 1", `shift flipvertical flipcolor {Ke1 currenttransform == "<right^1  invertcolor reflect_h>"}`, true},
		{"5k2/8/8/8/8/8/8/K7 w - - 0 1", `shift flipvertical flipcolor {Ke1 currenttransform == "<right^1 invertcolor reflect_h>"}`, false},
		// rotate45 by two eighths counterclockwise turns up into left.
		{"8/8/8/8/8/8/8/k6K w - - 0 1", `rotate45 {ray up (K k) currenttransform == "<rotate45^2>"}`, true},
		// notransform shields its argument.
		{"7k/8/8/8/8/8/8/K7 w - - 0 1", `flipvertical {Kh1 notransform currenttransform == "<>"}`, true},
		// Copies that differ only in currenttransform are one copy (CQL
		// compares transformed filters without it): flip keeps the identity.
		{start, `flip {currenttransform == "<>"}`, true},
		{start, `flip {currenttransform == "<reflect_v>"}`, false},
	}
	for _, c := range cases {
		p, err := query.Parse("", []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		q := mustCompile(t, p)
		e := q.NewEvaluator()
		e.startGame(fenGame(t, c.fen))
		e.at(0)
		if got := q.body.match(e); got != c.want {
			t.Errorf("%s on %s: match %v, want %v", c.src, c.fen, got, c.want)
		}
	}
}
