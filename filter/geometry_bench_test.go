package filter

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
)

// geometryQueries are the geometry filters measured against `Q attacks k`.
var geometryQueries = []string{
	"pin",
	"pin from Q through a to r",
	"pin to .",
	"ray (Q a k)",
	"ray orthogonal (R [Aa] [Aa] k)",
	"xray (Q a k)",
	"between(Q k)",
	"passedpawns",
	"doubledpawns",
	"isolatedpawns",
	"connectedpawns",
	"light B",
	"file K == 5",
	"colortype e4 == 1",
}

// TestGeometryNoAllocations: evaluating a game allocates nothing.
func TestGeometryNoAllocations(t *testing.T) {
	games := loadGames(t, "masters-10k.pgn", 10, false)
	for _, src := range geometryQueries {
		q := compileSrc(t, src)
		e := q.NewEvaluator()
		for _, g := range games {
			e.Game(g)
		}
		if a := testing.AllocsPerRun(3, func() {
			for _, g := range games {
				e.Game(g)
			}
		}); a != 0 {
			t.Errorf("%s: %v allocations per run", src, a)
		}
	}
}

// BenchmarkGeometry: ns per position of each geometry filter and of the
// baseline `Q attacks k`, on 50 master games in memory.
func BenchmarkGeometry(b *testing.B) {
	benchQueries(b, append([]string{"Q attacks k"}, geometryQueries...))
}

// TestGeometrySpeedRatios prints, for each geometry filter, its time over
// the time of `Q attacks k` on the first 2,000 games of masters-10k.pgn,
// measured in alternating rounds (median of 7) so that the shared machine's
// drift hits both alike, in CPU time of the test's thread where the system
// gives it (Linux), else in wall-clock time. Set CQL_TIMINGS=1 to run it (CQL_TIMINGS_ONLY=src
// for one query); it asserts nothing.
func TestGeometrySpeedRatios(t *testing.T) {
	if os.Getenv("CQL_TIMINGS") == "" {
		t.Skip("set CQL_TIMINGS=1 to measure")
	}
	games := loadGames(t, "masters-10k.pgn", 2000, false)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	_, cpu := testdata.ThreadCPU()
	now := func() time.Duration {
		if d, ok := testdata.ThreadCPU(); cpu && ok {
			return d
		}
		return time.Duration(time.Now().UnixNano())
	}
	run := func(src string) time.Duration {
		e := compileSrc(t, src).NewEvaluator()
		start := now()
		for _, g := range games {
			e.Game(g)
		}
		return now() - start
	}
	queries := geometryQueries
	if only := os.Getenv("CQL_TIMINGS_ONLY"); only != "" {
		queries = []string{only}
	}
	for _, src := range queries {
		var ratios []float64
		for round := 0; round < 7; round++ {
			base := run("Q attacks k")
			x := run(src)
			ratios = append(ratios, float64(x)/float64(base))
		}
		sort.Float64s(ratios)
		fmt.Printf("%-34s %.2fx  (rounds %.2f-%.2f)\n", src, ratios[3], ratios[0], ratios[6])
	}
}

var _ = pgn.Game{}
