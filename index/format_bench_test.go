package index

import (
	"os"
	"testing"

	"github.com/cqlgo/cql/chess"
)

// BenchmarkFormatLines formats the start position's listing on one goroutine (the
// formatter alone, in blocks as WriteFind formats them: no bucket decoding, no writing), from the index at $CQL_BENCH_INDEX.
func BenchmarkFormatLines(b *testing.B) {
	dir := os.Getenv("CQL_BENCH_INDEX")
	if dir == "" {
		b.Skip("set CQL_BENCH_INDEX to an index with the exact-position table")
	}
	ix, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	pos, err := chess.ParseFEN(chess.StartFEN)
	if err != nil {
		b.Fatal(err)
	}
	es, err := ix.lookupPositions(positionHash(&pos) >> (64 - hashBits))
	if err != nil {
		b.Fatal(err)
	}
	f, err := ix.newTextFormatter()
	if err != nil {
		b.Fatal(err)
	}
	var buf []byte
	b.ResetTimer()
	for b.Loop() {
		// in blocks of about 1,024 occurrences into one buffer, as WriteFind formats them
		f.src = -1
		for at := 0; at < len(es); at += 1024 {
			if buf, err = f.format(buf[:0], es[at:min(at+1024, len(es))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(es)), "ns/line")
}
