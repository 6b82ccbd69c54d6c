package filter

import (
	"testing"
)

// A dictionary name directly followed by a square in brackets is a lookup by
// that square (the lexer reads `[a5]` as a piece designator elsewhere).
func TestDictionarySquareKeysWithoutSpaces(t *testing.T) {
	for _, src := range []string{
		`dictionary D[a5]="x" D[a5] == "x" D[ a5 ] == "x"`,
		`dictionary D D[e4] = 3 D[e4] += 1 D[e4] == 4 isbound D[e4] not isbound D[h1]`,
		`dictionary D D[e4] = 3 unbind D[e4] not isbound D[e4]`,
		`dictionary D D[a-h1] = "rank one" D[a-h1] == "rank one" not isbound D[a1]`,
		// a piece designator after a space is not a key: D is then a bare name
		`dictionary D D["k"] = 1 [a5] == a5`,
	} {
		if !startMatches(t, src) {
			t.Errorf("%s: did not match", src)
		}
	}
}
