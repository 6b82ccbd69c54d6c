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
// by position on lichess-10k.pgn and masters-10k.pgn: the same positions must
// match, and at each the participant sets (the value of the script's
// cql_True... functions, its last filter) must be equal. The script is not
// ours to ship: set CQL_MATEFUNCTIONS to a file holding it (the header itself,
// e.g. `git show HEAD:src/matefunction.h` of CQL's repository, or the script
// alone, braced or not).
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
			oursQ, theirsQ := compileSrc(t, p[0]), compileSrc(t, script+"\n"+p[1])
			ours, theirs := oursQ.NewEvaluator(), theirsQ.NewEvaluator()
			oursSet, ok1 := oursQ.body.(setNode)
			theirsSet, ok2 := theirsQ.body.(setNode)
			if !ok1 || !ok2 {
				t.Fatalf("%s: %T and %T are not both set filters", p[0], oursQ.body, theirsQ.body)
			}
			matched, diffs, setDiffs := 0, 0, 0
			for i, g := range games {
				a := slices.Clone(ours.Game(g))
				b := theirs.Game(g)
				matched += len(b)
				if !slices.Equal(a, b) {
					diffs++
					if diffs <= 5 {
						t.Errorf("%s, %s game %d: positions %v, CQL's definition %v", p[0], file, i+1, a, b)
					}
					continue
				}
				// Both match the same positions; there the values, the participants
				// (the script's last filter in each function), must agree square by square.
				ours.startGame(g)
				theirs.startGame(g)
				for _, at := range a {
					ours.at(at)
					theirs.at(at)
					if x, y := oursSet.set(ours), theirsSet.set(theirs); x != y {
						setDiffs++
						if setDiffs <= 5 {
							t.Errorf("%s, %s game %d, %s: participants %v, CQL's definition %v (ours only %v, CQL's only %v)",
								p[0], file, i+1, g.Nodes[at].Pos.FEN(), x, y, x&^y, y&^x)
						}
					}
				}
			}
			t.Logf("%s on %s: %d positions by CQL's definition, %d games differ, %d positions' participants differ", p[0], file, matched, diffs, setDiffs)
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
