package query

import (
	"strings"
	"testing"
)

// CQL 9.493 reads a dictionary entry's value with match_node, which takes a
// following and/or in, and refuses the logical value ("value not assignable
// type in 'dictionaryname[key]=value'", checked with the binary); a
// comparison after the value it runs. Found by the wide random queries,
// seed 602 query 2 (`(xd1["Qx"] = #a7 and isbound xn4)`), which we ran.
func TestDictValueFollowedByAndOr(t *testing.T) {
	for src, want := range map[string]string{
		`dictionary D D["a"] = #a7 and check`: "1:27: 'and' after a dictionary entry's value",
		`dictionary D D["a"] = 3 or 4`:        "1:25: 'or' after a dictionary entry's value",
		`dictionary D (D["a"] = 1 and check)`: "'and' after a dictionary entry's value",
	} {
		_, err := Parse("", []byte(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error with %q", src, err, want)
		}
	}
	// Braces end the value: CQL 9.493 runs these (228 and 253 games of
	// cql-sample.pgn).
	for _, src := range []string{`dictionary D {D["a"] = #a7} and check`, `dictionary D D["a"] = #a7 < 3`} {
		if _, err := Parse("", []byte(src)); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
}
