package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An interrupted index build says so once, as an interrupted query does, not
// "context canceled".
func TestInterruptedBuildSaysInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interrupted{os.Interrupt})
	var out, errb bytes.Buffer
	dir := filepath.Join(t.TempDir(), "ix")
	st := runContext(ctx, &tempFiles{}, []string{"index", "build", "-x", dir, "../../testdata/sample.pgn"}, nil, &out, &errb)
	if st != exitError || strings.Contains(errb.String(), "context canceled") || strings.Count(errb.String(), "interrupted (Ctrl-C, SIGINT)") != 1 {
		t.Errorf("status %d, stderr %q", st, errb.String())
	}
}

// The bar's percentage is of the input consumed: a file read whole (all 1,000 bytes) whose
// games emitted so far end at byte 40 is 4% done, not 100%.
func TestProgressCountsConsumedInput(t *testing.T) {
	p := &progress{label: "cql", fd: -1}
	p.StartFile(1000)
	p.Add(1000)
	p.inflated.Store(1000)
	p.GameEnd(40)
	if got := p.line(200, time.Second); !strings.Contains(got, "  4% ") {
		t.Errorf("line %q, want 4%%", got)
	}
	// a compressed file: 300 of its 600 bytes read, 2,000 decompressed, games up to 1,000
	p = &progress{label: "cql", fd: -1}
	p.SetTotal(1200)
	p.StartFile(600)
	p.Add(300)
	p.inflated.Store(2000)
	p.GameEnd(1000)
	if f := p.fraction(); f < 0.124 || f > 0.126 {
		t.Errorf("fraction %v, want 0.125 (a quarter of the first of two files of 600 bytes)", f)
	}
	// read ahead with no game ended yet: nothing of the file is consumed
	q := &progress{label: "cql", fd: -1}
	q.gameEnds.Store(true)
	q.StartFile(1000)
	q.Add(950)
	q.inflated.Store(4000)
	if f := q.fraction(); f != 0 {
		t.Errorf("fraction %v before the first game ends, want 0", f)
	}
	p.StartFile(600) // the second file: the first is done
	if f := p.fraction(); f != 0.5 {
		t.Errorf("fraction %v at the second file, want 0.5", f)
	}
}

// The bar shows the time left and fits the terminal's width, bar or no bar.
func TestProgressETAAndWidth(t *testing.T) {
	p := &progress{label: "cql", fd: -1}
	p.StartFile(1000)
	p.Add(500)
	for range 1234 {
		p.Item()
	}
	if got := p.line(120, 10*time.Second); !strings.Contains(got, " 50% 1234 games 123 games/s ETA 10s") || !strings.Contains(got, "[=") {
		t.Errorf("line %q", got)
	}
	for _, cols := range []int{120, 80, 40, 20, 5} {
		if got := p.line(cols, 10*time.Second); len(got) > max(cols-1, 0) && cols > 1 {
			t.Errorf("%d columns: %d characters: %q", cols, len(got), got)
		}
	}
	if got := p.line(40, 10*time.Second); strings.Contains(got, "[") {
		t.Errorf("40 columns: the bar does not fit beside the numbers, yet it is drawn: %q", got)
	}
}

// Results written to the bar's terminal clear the bar first, so they never share its line.
func TestProgressClearsBeforeResults(t *testing.T) {
	var bar, out bytes.Buffer
	p := &progress{w: &bar, label: "cql", fd: -1}
	p.draw()
	bar.Reset()
	w := clearingWriter{w: &out, p: p}
	w.Write([]byte("fen 1\n"))
	if bar.String() != "\r\x1b[K" || out.String() != "fen 1\n" {
		t.Errorf("bar %q, results %q", bar.String(), out.String())
	}
	if p.Clearing(&out) != io.Writer(&out) {
		t.Error("a writer that is no terminal is wrapped")
	}
}
