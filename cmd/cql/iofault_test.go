package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	errReadFault  = errors.New("injected read fault")
	errWriteFault = errors.New("injected write fault")
)

// faultReader gives the first n bytes of data, then fails with err; io.EOF is an input that
// ends early.
type faultReader struct {
	data []byte
	n    int
	err  error
}

func (r *faultReader) Read(p []byte) (int, error) {
	end := min(r.n, len(r.data))
	if end == 0 {
		return 0, r.err
	}
	k := copy(p, r.data[:end])
	r.data, r.n = r.data[k:], r.n-k
	return k, nil
}

// faultWriter takes n bytes, then fails.
type faultWriter struct {
	n   int
	got bytes.Buffer
}

func (w *faultWriter) Write(p []byte) (int, error) {
	if len(p) <= w.n {
		w.n -= len(p)
		return w.got.Write(p)
	}
	k := w.n
	w.got.Write(p[:k])
	w.n = 0
	return k, errWriteFault
}

// cuts are the byte counts at which a fault is injected: the first bytes (headers, magic),
// points spread over the whole length, and the last bytes.
func cuts(length int) []int {
	ns := []int{0, 1, 2, 3, 4, 5, 10, 20}
	for i := 1; i < 12; i++ {
		ns = append(ns, length*i/12)
	}
	ns = append(ns, length-8, length-4, length-1)
	var out []int
	seen := map[int]bool{}
	for _, n := range ns {
		if n >= 0 && n < length && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// runGuarded is run with a deadline: a fault must never hang the command.
func runGuarded(t *testing.T, args []string, stdin io.Reader, stdout io.Writer) (int, string) {
	t.Helper()
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(args, stdin, stdout, &stderr) }()
	select {
	case st := <-done:
		return st, stderr.String()
	case <-time.After(time.Minute):
		t.Fatalf("%v: hung", args)
	}
	return 0, ""
}

// gamesBegun counts the games that plain PGN text begins, independently of the parser: lines
// that start a tag pair, or a cut-off beginning of one at the very end.
func gamesBegun(text []byte) int {
	lines := strings.Split(string(text), "\n")
	n := 0
	for i, l := range lines {
		// A lone '[' is no tag yet: it stays with the game before as junk, if there is one.
		if strings.HasPrefix(l, `[Event "`) || i == len(lines)-1 && (len(l) >= 2 || n == 0) && l != "" && strings.HasPrefix(`[Event "`, l) {
			n++
		}
	}
	return n
}

// TestInputFaults: every input format read through a reader that fails, or ends early, after
// n bytes, for n across the file. A failure is exit 2 naming it; an early end of compressed
// data is exit 2 saying so; plain text cut early counts exactly the games it begins (the cut
// one reported). Never a panic, a hang, or a wrong count reported as success.
func TestInputFaults(t *testing.T) {
	plain := mateGames(3000)
	formats := []struct {
		name string
		data []byte
	}{
		{"plain", plain},
		{"gzip", gzipBytes(t, plain)},
		{"zstd", zstdBytes(t, plain)},
	}
	if out, err := exec.Command("bzip2", "-c", "../../testdata/sample.pgn").Output(); err == nil {
		formats = append(formats, struct {
			name string
			data []byte
		}{"bzip2", out})
	} else if data, err := os.ReadFile("../../testdata/pgn/small.pgn.bz2"); err == nil {
		formats = append(formats, struct {
			name string
			data []byte
		}{"bzip2", data})
	}
	for _, f := range formats {
		for _, n := range cuts(len(f.data)) {
			// A read error.
			st, errs := runGuarded(t, []string{"--count", "true", "-"}, &faultReader{data: f.data, n: n, err: errReadFault}, io.Discard)
			if st != exitError || !strings.Contains(errs, "(standard input): "+errReadFault.Error()) {
				t.Errorf("%s, read fault at %d: exit %d: %.300s", f.name, n, st, errs)
			}
			// The input ends early.
			var out bytes.Buffer
			st, errs = runGuarded(t, []string{"--count", "true", "-"}, &faultReader{data: f.data, n: n, err: io.EOF}, &out)
			magic := map[string]int{"plain": 0, "gzip": 2, "bzip2": 3, "zstd": 4}[f.name]
			switch {
			case f.name == "plain":
				want := gamesBegun(f.data[:n])
				if got, _ := strconv.Atoi(strings.TrimSpace(out.String())); got != want || st == exitError {
					t.Errorf("plain cut at %d: exit %d, count %q, want %d: %.300s", n, st, out.String(), want, errs)
				}
			case n < magic:
				// Too short to be recognised from standard input (no name): read as a few
				// bytes of plain text.
				if st == exitError {
					t.Errorf("%s cut at %d (before its magic): exit %d: %.300s", f.name, n, st, errs)
				}
			default:
				if st != exitError || !strings.Contains(errs, "(standard input): compressed data ends early") {
					t.Errorf("%s cut at %d: exit %d: %.300s", f.name, n, st, errs)
				}
			}
		}
	}
}

// TestOutputFaults: every output writer writing to a writer that fails after n bytes, for n
// across the output: exit 2, the failure said once, never a panic or a hang.
func TestOutputFaults(t *testing.T) {
	dir := t.TempDir()
	in := dir + "/in.pgn"
	// About 1 MB of output in PGN: beyond the 256 KB buffer, so writes fail mid-run too.
	if err := os.WriteFile(in, mateGames(3000), 0o644); err != nil {
		t.Fatal(err)
	}
	commands := [][]string{
		{"true", in},
		{"--format", "fen", "true", in},
		{"--format", "epd", "true", in},
		{"--format", "jsonl", "true", in},
		{"--count", "true", in},
		{"export", in},
		{"export", "--format", "fen", in},
		{"export", "--format", "epd", in},
		{"export", "--format", "uci", in},
		{"export", "--format", "jsonl", in},
		{validateCmd, in},
	}
	for _, args := range commands {
		var full bytes.Buffer
		want, errs := runGuarded(t, args, nil, &full)
		if want == exitError || full.Len() == 0 {
			t.Fatalf("%v: exit %d, %d bytes: %.300s", args, want, full.Len(), errs)
		}
		for _, n := range cuts(full.Len()) {
			w := &faultWriter{n: n}
			st, errs := runGuarded(t, args, nil, w)
			if st != exitError || strings.Count(errs, errWriteFault.Error()) != 1 {
				t.Errorf("%v, write fault at %d of %d: exit %d: %.300s", args, n, full.Len(), st, errs)
			}
			if !bytes.HasPrefix(full.Bytes(), w.got.Bytes()) {
				t.Errorf("%v, write fault at %d: the output written is not a prefix of the full output", args, n)
			}
		}
	}
}
