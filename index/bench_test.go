package index

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/run"
)

// BenchmarkBuild indexes masters-10k; BenchmarkScanTrue reads it as a scan does, for the ratio.
func BenchmarkBuild(b *testing.B) {
	file := testdata.File(b, "masters-10k.pgn")
	for i := 0; i < b.N; i++ {
		dir := filepath.Join(b.TempDir(), "ix")
		if _, err := Build(context.Background(), dir, []string{file}, BuildOptions{Threads: 2}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScanTrue(b *testing.B) {
	file := testdata.File(b, "masters-10k.pgn")
	_, q, _ := compileQuery(b, "true")
	for i := 0; i < b.N; i++ {
		runOn(b, q, run.Files{Names: []string{file}}, "pgn")
	}
}

// BenchmarkFindPosition looks a position up in the exact-position table (count: the
// table alone; list: the listing's lines too), in an index of masters-10k, or in the
// index at $CQL_BENCH_INDEX (e.g. one of masters-463k built by bench/index.sh). A
// listing's min-ms/op is its fastest run: on a loaded machine, the nearest to an idle one.
func BenchmarkFindPosition(b *testing.B) {
	var ix *Index
	if dir := os.Getenv("CQL_BENCH_INDEX"); dir != "" {
		var err error
		if ix, err = Open(dir); err != nil {
			b.Fatal(err)
		}
		defer ix.Close()
	} else {
		ix = buildIndex(b, testdata.File(b, "masters-10k.pgn"))
	}
	for _, fen := range []string{
		"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3",
		"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R w KQkq - 1 5",
		"8/8/8/4k3/8/8/2R5/4K3 w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", // after 1. e4: the longest listing but the start's
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",   // the start: every game
	} {
		c, err := ix.CountPosition(fen)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("count/%d", c.Occurrences), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := ix.CountPosition(fen); err != nil {
					b.Fatal(err)
				}
			}
		})
		// A listing as the find command makes it (WriteFind, both cores), and through
		// FindEach's callback; cpu-ms/op is the CPU time of all goroutines.
		b.Run(fmt.Sprintf("list/%d", c.Occurrences), func(b *testing.B) {
			cpu0, ok := testdata.ProcessCPU()
			fastest := time.Duration(math.MaxInt64)
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				if _, err := ix.WriteFind(context.Background(), io.Discard, fen, 2, 0); err != nil {
					b.Fatal(err)
				}
				fastest = min(fastest, time.Since(t0))
			}
			if cpu1, _ := testdata.ProcessCPU(); ok {
				b.ReportMetric(float64(cpu1-cpu0)/1e6/float64(b.N), "cpu-ms/op")
			}
			b.ReportMetric(float64(fastest)/1e6, "min-ms/op")
		})
		// What the command does but start: open the index, list, close it (the string
		// table read each time, as a command reads it once).
		b.Run(fmt.Sprintf("open+list/%d", c.Occurrences), func(b *testing.B) {
			cpu0, ok := testdata.ProcessCPU()
			fastest := time.Duration(math.MaxInt64)
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				ix, err := Open(ix.Dir)
				if err != nil {
					b.Fatal(err)
				}
				_, err = ix.WriteFind(context.Background(), io.Discard, fen, 2, 0)
				ix.Close()
				if err != nil {
					b.Fatal(err)
				}
				fastest = min(fastest, time.Since(t0))
			}
			if cpu1, _ := testdata.ProcessCPU(); ok {
				b.ReportMetric(float64(cpu1-cpu0)/1e6/float64(b.N), "cpu-ms/op")
			}
			b.ReportMetric(float64(fastest)/1e6, "min-ms/op")
		})
		b.Run(fmt.Sprintf("each/%d", c.Occurrences), func(b *testing.B) {
			w := bufio.NewWriterSize(io.Discard, 256<<10)
			var line []byte
			cpu0, ok := testdata.ProcessCPU()
			for i := 0; i < b.N; i++ {
				_, err := ix.FindEach(context.Background(), fen, 2, 0, func(o *Occurrence) error {
					line, _ = o.AppendText(line[:0])
					_, err := w.Write(append(line, '\n'))
					return err
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			if cpu1, _ := testdata.ProcessCPU(); ok {
				b.ReportMetric(float64(cpu1-cpu0)/1e6/float64(b.N), "cpu-ms/op")
			}
		})
	}
}

// BenchmarkOpenIndex opens and closes the index at $CQL_BENCH_INDEX (or one of
// masters-10k): the part of a find command that is not the lookup.
func BenchmarkOpenIndex(b *testing.B) {
	dir := os.Getenv("CQL_BENCH_INDEX")
	if dir == "" {
		dir = buildIndex(b, testdata.File(b, "masters-10k.pgn")).Dir
	}
	for i := 0; i < b.N; i++ {
		ix, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		ix.Close()
	}
}
