package query

import (
	"strings"
	"testing"
)

// CQLi's named groups \{name} and \-{name} (CQLi 1.0.7, "Groups, Captures, and
// Backreferences") parse beside the numbered ones; a bad name is a clear error.
func TestNamedCaptureParses(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{`"abc" ~~ "(?P<mid>b)" \{mid} == "b"`, `{(~~ "(?P<mid>b)" "abc") (cmp \{mid} == "b")}`},
		{`"abc" ~~ "(?P<mid>b)" \-{mid} == 1`, `{(~~ "(?P<mid>b)" "abc") (cmp \-{mid} == 1)}`},
		{`"abc" ~~ "(b)" \1 == "b"`, `{(~~ "(b)" "abc") (cmp \1 == "b")}`},
		// CQLi 1.0.7: a pattern that is not a quoted string
		{`x = "b" "abc" ~~ x`, `{(= x "b") (~~ "abc" x)}`},
		{`"abc" ~~ ("a" + "b")`, `{(~~ "abc" (+ "a" "b"))}`},
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
	for _, src := range []string{`\{}`, `\{mid`, `\{a-b}`} {
		if _, err := Parse("test.cql", []byte(src)); err == nil || !strings.Contains(err.Error(), "capture group name") {
			t.Errorf("%s: error %v, want one about the capture group name", src, err)
		}
	}
}
