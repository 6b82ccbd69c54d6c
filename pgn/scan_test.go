package pgn

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

func scanFile(t testing.TB, path string, opt Options) (games, nodes int, errs []error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = Scan(context.Background(), f, path, opt, func(g *Game) error {
		games++
		nodes += len(g.Nodes)
		errs = append(errs, g.Errors...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return
}

func TestScanCorpora(t *testing.T) {
	for _, c := range []struct {
		name  string
		games int
	}{
		{"lichess-10k.pgn", 10000},
		{"masters-10k.pgn", 10819},
		{"cql-sample.pgn", 0},
	} {
		for _, v := range []bool{false, true} {
			games, nodes, errs := scanFile(t, testdata.File(t, c.name), Options{Variations: v})
			t.Logf("%s variations=%v: %d games, %d nodes, %d errors", c.name, v, games, nodes, len(errs))
			for i, e := range errs {
				if i < 10 {
					t.Error(e)
				}
			}
			if c.games > 0 && games != c.games {
				t.Errorf("%s: %d games, want %d", c.name, games, c.games)
			}
		}
	}
}

// BenchmarkScanMasters463k reads, parses and replays the main line of the
// benchmark file, decompression included, on all cores.
func BenchmarkScanMasters463k(b *testing.B) {
	path := testdata.File(b, "masters-463k.pgn.zst")
	for _, mode := range []string{"parallel", "scan"} {
		b.Run(mode, func(b *testing.B) {
			games := 0
			for b.Loop() {
				r, err := Open(path)
				if err != nil {
					b.Fatal(err)
				}
				if mode == "parallel" {
					err = ScanParallel(context.Background(), r, path, Options{},
						func(_ int, g *Game) int { return len(g.Nodes) },
						func(int) error { games++; return nil })
				} else {
					err = Scan(context.Background(), r, path, Options{}, func(g *Game) error {
						games++
						return nil
					})
				}
				r.Close()
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkParseMasters10k: parse and replay from memory (no decompression).
func BenchmarkParseMasters10k(b *testing.B) {
	data, err := os.ReadFile(testdata.File(b, "masters-10k.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	games := 0
	for b.Loop() {
		err := ScanParallel(context.Background(), bytes.NewReader(data), "m", Options{},
			func(_ int, g *Game) int { return len(g.Nodes) },
			func(int) error { games++; return nil })
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// TestScanParallelOrder: results come back in file order whatever the workers do.
func TestScanParallelOrder(t *testing.T) {
	data, err := os.ReadFile(testdata.File(t, "masters-10k.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	data = headGames(data, 400<<10)
	want, _ := scanSigs(t, data, Options{Workers: 1})
	var got []string
	seen := make([]int, 4)
	err = ScanParallel(context.Background(), bytes.NewReader(data), "x", Options{Workers: 4, BlockSize: 3000},
		func(w int, g *Game) string {
			seen[w]++ // each worker owns its counter
			return fmt.Sprintf("%d@%d+%d:%s:%s", g.Number, g.Offset, g.Length, g.Result, signature(g))
		},
		func(s string) error { got = append(got, s); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("parallel results differ from sequential ones (%d vs %d games)", len(got), len(want))
	}
}

// TestScanStops: a callback error ends the scan and is returned; ErrStop ends
// it without error; a cancelled context ends it.
func TestScanStops(t *testing.T) {
	data, err := os.ReadFile(testdata.File(t, "masters-10k.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	for _, c := range []struct {
		stopErr error
		want    error
	}{{boom, boom}, {ErrStop, nil}} {
		n := 0
		err := Scan(context.Background(), bytes.NewReader(data), "x", Options{BlockSize: 4096}, func(g *Game) error {
			n++
			if n == 10 {
				return c.stopErr
			}
			return nil
		})
		if !errors.Is(err, c.want) && err != c.want || n != 10 {
			t.Errorf("stop with %v: %d games, error %v", c.stopErr, n, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err = ScanParallel(ctx, bytes.NewReader(data), "x", Options{BlockSize: 4096},
		func(int, *Game) int { return 0 },
		func(int) error {
			n++
			if n == 5 {
				cancel()
			}
			return nil
		})
	if !errors.Is(err, context.Canceled) || n >= 10819 {
		t.Errorf("cancelled scan: %d games, error %v", n, err)
	}
}

// TestScanCancelledBeforeFirstGame: a scan cancelled while its reader has given no game yet
// (a signal while stdin is still empty) fails; it used to end without error, as if the input
// had been read whole, and an interrupted run then kept its output file.
func TestScanCancelledBeforeFirstGame(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		pw.Write([]byte("[Event \"partial\"]\n")) // the reader is busy, nothing cut yet
		cancel()
		pw.Write([]byte("\n1. e4 e5 *\n")) // unblocks the reader, if it waits
		pw.Close()
	}()
	n := 0
	err := ScanParallel(ctx, pr, "x", Options{BlockSize: 1 << 20},
		func(int, *Game) int { return 0 },
		func(int) error { n++; return nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("scan cancelled before its first game: %d games, error %v; want context.Canceled", n, err)
	}
	// Already cancelled: the reader's first wait may pick either ready case, so try often.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	for i := 0; i < 50; i++ {
		if err := Scan(ctx, strings.NewReader("1. e4 *\n"), "x", Options{}, func(*Game) error { return nil }); !errors.Is(err, context.Canceled) {
			t.Fatalf("scan with a cancelled context (try %d): error %v; want context.Canceled", i, err)
		}
	}
}

// BenchmarkSplit cuts masters-10k into games, as the reading goroutine does.
func BenchmarkSplit(b *testing.B) {
	data, err := os.ReadFile(testdata.File(b, "masters-10k.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	var tz Tokenizer
	var spans []span
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		spans, _ = splitGames(&tz, data, true, spans[:0])
	}
	if len(spans) != 10819 {
		b.Fatalf("%d games, want 10819", len(spans))
	}
}
