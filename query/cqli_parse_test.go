package query

import "testing"

// CQLi's board-state filters (docs/cqli.md) parse as filters, and since CQL
// 9.493 reserves none of their names, a script that assigns one first keeps
// it as its variable (the CQL reading).
func TestCQLiKeywordsParse(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"halfmoveclock >= 10", "{(cmp halfmoveclock >= 10)}"},
		{`currentfen ~~ ".*K.*R.*k.*r.*"`, `{(~~ ".*K.*R.*k.*r.*" currentfen)}`},
		{`standardfen ~~ "e3"`, `{(~~ "e3" standardfen)}`},
		{"zobristkey > 1", "{(cmp zobristkey > 1)}"},
		{"#promotedpieces >= 1", "{(cmp (# promotedpieces) >= 1)}"},
		{"legalposition reachableposition", "{legalposition reachableposition}"},
		// assigned first: the variable, as in CQL
		{"zobristkey = 3 zobristkey > 2", "{(= zobristkey 3) (cmp zobristkey > 2)}"},
		{"legalposition = 1 legalposition == 1", "{(= legalposition 1) (cmp legalposition == 1)}"},
	} {
		p, err := Parse("test.cql", []byte(tt.src))
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		if got := p.String(); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}
