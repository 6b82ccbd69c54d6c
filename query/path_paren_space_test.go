package query

import (
	"strings"
	"testing"
)

// A step read among the targets of the step before it is first a target
// filter to CQL 9.493, whose '(' must touch it: it refuses `path -- -- (Q)`
// and `path -- (R) -- (Q)` ("There must be no whitespace between the '--'
// filter and the '(' which begins the target specification"), and runs
// the neighbours below.
func TestPathSpacedParenAfterSecondStep(t *testing.T) {
	for src, pos := range map[string]string{"path -- -- (Q)": "1:12", "path -- (R) -- (Q)": "1:16", "path -- check -- (Q)": "1:18", "path --(R) -- (Q)": "1:15"} {
		_, err := Parse("t.cql", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "t.cql:"+pos+": '(' after a space right after a move step") {
			t.Errorf("%s: %v, want the error at %s", src, err, pos)
		}
	}
	for _, src := range []string{"path -- (Q)", "path check -- (Q)", "path --+ -- (Q)", "path (--) -- (Q)", "path -- --(Q)", "path -- (R)+ -- (Q)", "path -- (R) --(Q)"} {
		if _, err := Parse("t.cql", []byte(src)); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
}
