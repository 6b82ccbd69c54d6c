package run

import (
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// Game-tree queries give the same output for one worker and eight on the CQL
// sample database (studies with deep variations).
func TestTreeQueriesThreadsIdentical(t *testing.T) {
	file := testdata.File(t, "cql-sample.pgn")
	queries := []string{
		"cql(variations) x = parent  x:check  depth >= 2  comment(positionid)",
		"cql(variations) virtualmainline line --> check{2,} --> mate",
		"cql(variations) find all <-- variation",
		"cql(variations) y = line lastposition --> (check --> not check)+ y:stalemate",
		"echo (s t) {t > s  s:sidetomove == sidetomove  distance(s t) > 20  s:K == K}",
	}
	if testing.Short() {
		queries = queries[:2]
	}
	for _, qs := range queries {
		q := compile(t, qs)
		a, sa := runString(t, q, Files{Names: []string{file}}, Options{Format: "pgn", Threads: 1})
		b, sb := runString(t, q, Files{Names: []string{file}}, Options{Format: "pgn", Threads: 8})
		if a != b || sa != sb {
			t.Errorf("%s: 1 and 8 threads differ (%+v vs %+v)", qs, sa, sb)
		}
		if sa.GamesMatched == 0 {
			t.Errorf("%s: no game matched; the test would prove nothing", qs)
		}
	}
}
