package gnugo

import (
	"fmt"

	"github.com/cqlgo/cql/weiqi"
)

// EvalEye is GNU Go's GTP eval_eye answer for the eye space holding sq among results (as
// EyeEvaluator.All returns them): "min max", followed by the attack and defence points when the
// value depends on who plays first, or "-1" when sq is in no eye space. Black's spaces are looked
// at first, as GNU Go does.
func EvalEye(g *weiqi.Grid, results []EyeResult, sq int) string {
	for _, c := range [2]weiqi.Color{weiqi.Black, weiqi.White} {
		for i := range results {
			r := &results[i]
			if r.Space.Color != c || !r.Space.Points.Has(sq) {
				continue
			}
			s := fmt.Sprintf("%d %d", r.Second(), r.First())
			if urgency(r.Value) > 0 {
				s += " " + gtpVertex(g, r.AttackPoint) + " " + gtpVertex(g, r.DefensePoint)
			}
			return s
		}
	}
	return "-1"
}

// gtpVertex is a GTP vertex, PASS for none (GNU Go prints NO_MOVE so).
func gtpVertex(g *weiqi.Grid, sq int) string {
	if sq < 0 {
		return "PASS"
	}
	return g.GTP(sq)
}
