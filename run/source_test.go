package run

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os/exec"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// TestGzipTrailingGarbageWarns: a .gz with bytes after its stream that are not gzip
// (issue 30: reported as "truncated", exit 2) has every game read; the problem is
// reported once and the source does not fail, as gzip -t's "trailing garbage ignored".
func TestGzipTrailingGarbageWarns(t *testing.T) {
	if _, err := exec.LookPath("gzip"); err != nil {
		t.Skip("no gzip binary")
	}
	cmd := exec.Command("gzip", "-c")
	cmd.Stdin = bytes.NewReader([]byte(threeGames))
	z, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	z = append(z, "garbage\n"...)
	var reported []error
	src := memFiles(map[string]string{"g.pgn.gz": string(z)}, "g.pgn.gz")
	src.Open = func(name string) (io.ReadCloser, error) {
		return pgnNewReader(z, name)
	}
	src.OnError = func(err error) { reported = append(reported, err) }
	var out bytes.Buffer
	st, err := Run(context.Background(), compile(t, "true"), src, &out, Options{Format: "pgn", Count: true})
	if err != nil || st.GamesRead != 3 {
		t.Fatalf("%d games read, %v; want 3, no error", st.GamesRead, err)
	}
	if len(reported) != 1 || errors.Is(reported[0], io.ErrUnexpectedEOF) {
		t.Fatalf("reported %v, want one warning", reported)
	}
	if got := reported[0].Error(); got != "g.pgn.gz: decompression OK, trailing garbage ignored: the bytes after the gzip data are not gzip" {
		t.Errorf("warning %q", got)
	}
}

func pgnNewReader(data []byte, name string) (io.ReadCloser, error) {
	return pgn.NewReader(io.NopCloser(bytes.NewReader(data)), name)
}
