package query

import (
	"strings"
	"testing"
)

// CQL 9.493 keeps a function's body as tokens and parses it at each call only: with
// sample.pgn, `cql(variations) function xf1(xu) {pseudolegal --([g7,a5] | a3)} check`
// runs (240 games) and so does `function f(x) {x + } check` (228), while the same body
// called, `function f(x) {pseudolegal --([g7,a5] | a3)} f(1) check`, is refused (CQL at
// the body's closing brace, we at its '|'), and `function f(x) {y = x} check y > 0` is
// refused at the last y (no call assigned it).
func TestFunctionBodyParsedAtCalls(t *testing.T) {
	for _, src := range []string{
		"cql(variations) function xf1(xu) {pseudolegal --([g7,a5] | a3)} check",
		"cql() function f(x) {x + } check",
		"cql() function f(x) { { } } check", // nested braces are skipped whole
	} {
		if _, err := Parse("q", []byte(src)); err != nil {
			t.Errorf("%s: %v, want it accepted", src, err)
		}
	}
	for _, c := range []struct{ src, pos string }{
		{"cql() function f(x) {pseudolegal --([g7,a5] | a3)} f(1) check", "1:45"},
		{"cql() function f(x) {y = x} check y > 0", "1:35"},
		{"cql() function f(x) {check", "1:"},
	} {
		_, err := Parse("q", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.pos) {
			t.Errorf("%s: error %v, want one at %s", c.src, err, c.pos)
		}
	}
}
