package filter

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestProblemMatesAgainstCQL compares the six problemist's mate filters with
// CQL's own definitions, the CQL script of mate functions embedded in CQL's
// source (build 9.493, src/matefunction.h), run through our engine, position
// by position on lichess-10k.pgn and masters-10k.pgn. The script is not ours
// to ship: set CQL_MATEFUNCTIONS to a file holding it (the header itself, or
// the script alone, braced or not).
func TestProblemMatesAgainstCQL(t *testing.T) {
	path := os.Getenv("CQL_MATEFUNCTIONS")
	if path == "" {
		t.Skip("set CQL_MATEFUNCTIONS to a file holding CQL's mate function script (matefunction.h of CQL 9.493) to compare with it")
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	script := mateFunctionScript(string(raw))
	pairs := [][2]string{
		{"puremate", "cql_TruePureMate()"},
		{"modelmate", "cql_TrueModelMate()"},
		{"idealmate", "cql_TrueIdealMate()"},
		{"purestalemate", "cql_TruePureStalemate()"},
		{"modelstalemate", "cql_TrueModelStalemate()"},
		{"idealstalemate", "cql_TrueIdealStalemate()"},
	}
	for _, file := range []string{"lichess-10k.pgn", "masters-10k.pgn"} {
		games := loadGames(t, file, 1<<30, false)
		for _, p := range pairs {
			ours := compileSrc(t, p[0]).NewEvaluator()
			theirs := compileSrc(t, script+"\n"+p[1]).NewEvaluator()
			matched, diffs := 0, 0
			for i, g := range games {
				a := slices.Clone(ours.Game(g))
				b := theirs.Game(g)
				matched += len(b)
				if !slices.Equal(a, b) {
					diffs++
					if diffs <= 5 {
						t.Errorf("%s, %s game %d: positions %v, CQL's definition %v", p[0], file, i+1, a, b)
					}
				}
			}
			t.Logf("%s on %s: %d positions by CQL's definition, %d games differ", p[0], file, matched, diffs)
		}
	}
}

// mateFunctionScript returns the CQL text of src: the raw string of a C++
// header, or src itself, without one pair of enclosing braces.
func mateFunctionScript(src string) string {
	if i := strings.Index(src, `R"~~~~(`); i >= 0 {
		src = src[i+len(`R"~~~~(`):]
		if j := strings.Index(src, `)~~~~"`); j >= 0 {
			src = src[:j]
		}
	}
	src = strings.TrimSpace(src)
	if strings.HasPrefix(src, "{") && strings.HasSuffix(src, "}") {
		src = src[1 : len(src)-1]
	}
	return src
}
