package filter

import (
	"math/rand"
	"regexp"
	"slices"
	"testing"
)

// TestDotStarLiteralsAgreesWithRegexp: where dotStarLiterals takes a pattern, matching its
// literals in order gives what Go's regexp engine gives on strings without a newline: the
// same yes or no, and a match of the whole string.
func TestDotStarLiteralsAgreesWithRegexp(t *testing.T) {
	for _, c := range []struct {
		pattern string
		seq     []string // nil: not taken
	}{
		{".*K.*R.*k.*r.*", []string{"K", "R", "k", "r"}},
		{".*ab.*", []string{"ab"}},
		{".*a.*?b.*", []string{"a", "b"}},
		{".*K/.*", []string{"K/"}},
		{"K.*R", nil},
		{".*K.*R", nil},
		{".*(K).*", nil},
		{"(?i).*k.*", nil},
		{".*?K.*", nil},
		{".*K.*?", nil},
		{".*K.*R.*|x", nil},
		{".*[KR].*", nil},
		{".*.*", nil},
		{".*K+.*", nil},
	} {
		re := regexp.MustCompile(c.pattern)
		seq, ok := dotStarLiterals(re)
		if ok != (c.seq != nil) || !slices.Equal(seq, c.seq) {
			t.Errorf("%s: dotStarLiterals %q %v, want %q", c.pattern, seq, ok, c.seq)
			continue
		}
		if !ok {
			continue
		}
		rng := rand.New(rand.NewSource(1))
		const alphabet = "KRkrab/8 "
		for i := 0; i < 2000; i++ {
			b := make([]byte, rng.Intn(20))
			for j := range b {
				b[j] = alphabet[rng.Intn(len(alphabet))]
			}
			s := string(b)
			loc := re.FindStringSubmatchIndex(s)
			if got := literalsInOrder(s, seq); got != (loc != nil) {
				t.Fatalf("%s on %q: literals in order %v, regexp %v", c.pattern, s, got, loc)
			}
			if loc != nil && (loc[0] != 0 || loc[1] != len(s)) {
				t.Fatalf("%s on %q: regexp matched %v, not the whole string", c.pattern, s, loc)
			}
		}
	}
}
