package filter

import (
	"fmt"
	"slices"
	"testing"
)

// TestLineQuickRejectAgrees: a line whose first constituent is tested before the matcher
// is set up (lineNode.quick) matches the positions, and writes the comments, of the same
// line with that constituent wrapped in `ply >= 0 and ...` (true, but not context-free, so
// the full matcher runs everywhere), on real games with variations.
func TestLineQuickRejectAgrees(t *testing.T) {
	games := append(loadGames(t, "masters-10k.pgn", 400, true), loadGames(t, "cql-sample.pgn", 400, true)...)
	for _, c := range []struct{ first, rest string }{
		{"move capture [Qq]", "--> ."},
		{"move from [Nn]", "--> move from [Nn] --> ."},
		{"check", "--> mate"},
		{"check", "--> not check --> check"},
		{"move to d5", "--> pd5"},
		{"not move capture .", "--> check"},
		{"not move capture .", ""}, // also at the last position, which has no move out
		{"Q attacks k", "--> . --> move from k"},
	} {
		for _, params := range []string{"", "primary ", "secondary ", "singlecolor ", "firstmatch ", "nestban "} {
			for _, cv := range []string{"", "cql(variations) "} {
				quick := fmt.Sprintf("%sline %s--> %s %s", cv, params, c.first, c.rest)
				full := fmt.Sprintf("%sline %s--> (ply >= 0 and %s) %s", cv, params, c.first, c.rest)
				qq, qf := mustCompile(t, mustParseQ(t, quick)), mustCompile(t, mustParseQ(t, full))
				if ln, ok := qq.body.(*lineNode); !ok || !ln.quick {
					t.Fatalf("%s: compiled to %T, not a quick line", quick, qq.body)
				}
				if ln, ok := qf.body.(*lineNode); !ok || ln.quick {
					t.Fatalf("%s: compiled to %T, quick", full, qf.body)
				}
				eq, ef := qq.NewEvaluator(), qf.NewEvaluator()
				matched := 0
				for _, g := range games {
					mq := slices.Clone(eq.Game(g))
					mf := ef.Game(g)
					aq, af := fmt.Sprint(eq.Annotations()), fmt.Sprint(ef.Annotations())
					if !slices.Equal(mq, mf) || aq != af {
						t.Fatalf("%s, game %d: matches %v, comments %s\nfull matcher: %v, %s", quick, g.Number, mq, aq, mf, af)
					}
					matched += len(mq)
				}
				if matched == 0 && params == "" {
					t.Errorf("%s: nothing matched, the comparison says little", quick)
				}
			}
		}
	}
}
