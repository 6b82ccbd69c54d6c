package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/query"
)

// atomic (CQL 6.2, the manual's atomic page): `atomic X=4` and `atomic
// Y="hello"` declare atomic variables, which differ from others only inside
// a path filter. Outside one they are ordinary variables; inside one they are
// refused until their transactional values are implemented.
func TestAtomicVariables(t *testing.T) {
	for _, src := range []string{
		`atomic X=4 atomic Y="hello" X == 4 Y == "hello"`,
		`atomic Count=0 Count += 1 Count += 1 Count == 2`,
		`atomic S = [e4,d4] #S == 2`,
	} {
		if !startMatches(t, src) {
			t.Errorf("%s: did not match", src)
		}
	}
	for _, c := range []struct{ src, want string }{
		{`atomic Count=0 path -- Count += 1`, "1:24: the atomic variable 'Count' is used inside a path filter"},
		{`Z = 1 atomic Z = 0`, "'atomic' must come with the first use of 'Z'"},
		{`atomic Z`, "expected '=' after 'atomic Z'"},
	} {
		_, err := query.Parse("q", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
}
