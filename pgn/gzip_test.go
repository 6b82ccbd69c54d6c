package pgn

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// gzipNamed is one gzip member of plain with a file name in its header, as the gzip
// command writes it: the name field is where a cut header fooled the multistream reader.
func gzipNamed(t *testing.T, plain []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Name = "masters-10k.pgn"
	w.Write(plain)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestGzipEndsAsGzipT: what follows a complete gzip member is judged as gzip -t judges it:
// a second member cut inside its header (issue 30: s.gz, 4,809 games read, exit 0) is
// truncation; zero bytes to the end are accepted; other bytes are trailing garbage,
// ignored with a Warning after every game was read. Where gzip is installed, its own
// verdict on each file is checked too (0 ok, 1 error, 2 warning).
func TestGzipEndsAsGzipT(t *testing.T) {
	a := numberedGames(0, 3000)
	za := gzipNamed(t, a)
	zb := gzipNamed(t, numberedGames(3000, 10))
	const (
		ok = iota
		truncatedErr
		warning
	)
	cases := []struct {
		name  string
		tail  []byte
		want  int
		games int
	}{
		{"nothing", nil, ok, 3000},
		{"second member whole", zb, ok, 3010},
		{"second member cut in its name", zb[:15], truncatedErr, 3000},
		{"second member cut after its flags", zb[:12], truncatedErr, 3000},
		{"second member cut in its fixed header", zb[:5], truncatedErr, 3000},
		{"second member magic only", zb[:2], truncatedErr, 3000},
		{"one byte", []byte("x"), truncatedErr, 3000},
		{"garbage", []byte("garbage\n"), warning, 3000},
		{"long garbage", bytes.Repeat([]byte("garbage\n"), 100), warning, 3000},
		{"zeros", make([]byte, 1000), ok, 3000},
		{"one zero", []byte{0}, ok, 3000},
		{"zeros then garbage", []byte("\x00\x00x"), warning, 3000},
	}
	gz, _ := exec.LookPath("gzip")
	dir := t.TempDir()
	for _, c := range cases {
		data := append(append([]byte{}, za...), c.tail...)
		events, err := scanEvents(t, data, "s.pgn.gz")
		var w *Warning
		switch c.want {
		case ok:
			if err != nil {
				t.Errorf("%s: %v, want no error", c.name, err)
			}
		case truncatedErr:
			if !errors.Is(err, ErrTruncated) {
				t.Errorf("%s: %v, want %v", c.name, err, ErrTruncated)
			}
		case warning:
			if !errors.As(err, &w) {
				t.Errorf("%s: %v, want a Warning", c.name, err)
			}
		}
		if len(events) != c.games {
			t.Errorf("%s: %d games, want %d", c.name, len(events), c.games)
		}
		if gz == "" {
			continue
		}
		f := filepath.Join(dir, "s.gz")
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
		rc := 0
		if err := exec.Command(gz, "-t", f).Run(); err != nil {
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatal(err)
			}
			rc = ee.ExitCode()
		}
		if want := []int{ok: 0, truncatedErr: 1, warning: 2}[c.want]; rc != want {
			t.Errorf("%s: gzip -t exits %d, the test expects %d", c.name, rc, want)
		}
	}
	if gz == "" {
		t.Log("no gzip binary: gzip -t's verdicts not checked")
	}
}
