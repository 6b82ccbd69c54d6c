package run

import (
	"os"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// A sorting run keeps at most Options.SortMemory bytes of output in memory and
// the rest in a temporary file, with the same output; the file is gone when the
// run ends. (The run held every output: 366 MB of memory for 90 MB of PGN.)
func TestSortSpillsToTemporaryFile(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	file := testdata.File(t, "cql-sample.pgn")
	for _, c := range []struct{ query, format string }{
		{`sort "plies" ply`, "pgn"},
		{`sort min "power" power A check`, "jsonl"},
		{`cql(sort matchcount) check`, "html"},
	} {
		q := compile(t, c.query)
		want, _ := runString(t, q, Files{Names: []string{file}}, Options{Format: c.format, SortMemory: 1 << 30})
		for _, limit := range []int{1, 10_000} {
			got, st := runString(t, q, Files{Names: []string{file}}, Options{Format: c.format, SortMemory: limit, Threads: 2})
			if got != want {
				t.Errorf("%s --format %s with %d bytes in memory: output differs from the run that kept all (%d and %d bytes, %d games)",
					c.query, c.format, limit, len(got), len(want), st.GamesMatched)
			}
		}
		if left, _ := os.ReadDir(tmp); len(left) > 0 {
			t.Errorf("%s: left %d files in TMPDIR", c.query, len(left))
		}
	}
}

// hold keeps no more than the limit in memory: past it every held output moves
// to the file.
func TestSortHoldBound(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	r := &runner{q: compile(t, `sort "plies" ply`)}
	r.spill.limit = 100
	defer r.spill.close()
	for i := 0; i < 50; i++ {
		out := make([]byte, 30)
		out[0] = byte(i)
		res := Result{out: out, keys: []int{i, 0}, hasKeys: []bool{true, false}}
		if err := r.hold(&res); err != nil {
			t.Fatal(err)
		}
		if r.spill.inMem > 100 {
			t.Fatalf("after %d games %d bytes held in memory, limit 100", i+1, r.spill.inMem)
		}
	}
	if r.spill.size < 40*30 {
		t.Errorf("%d bytes moved to the file, want most of 1,500", r.spill.size)
	}
}
