package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// validateCmd is the PGN validation subcommand's name.
const validateCmd = "validate"

// mateGames is n copies of the scholar's mate: each is one game and one match of `mate`.
func mateGames(n int) []byte {
	var b bytes.Buffer
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "[Event \"%d\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n", i)
	}
	return b.Bytes()
}

func gzipBytes(t testing.TB, plain []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(plain)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func zstdBytes(t testing.TB, plain []byte) []byte {
	var b bytes.Buffer
	w, err := zstd.NewWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(plain)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestTruncatedInputCLI: the everyday case, a cut download. The query and the
// validator read the games before the cut, then fail with exit 2 naming the file.
// The cut between games is `gzip -c a.pgn > s.gz; gzip -c b.pgn | head -c 20 >> s.gz`.
func TestTruncatedInputCLI(t *testing.T) {
	dir := t.TempDir()
	a, b := mateGames(500), mateGames(10)
	files := map[string][]byte{
		"between.pgn.gz":  append(gzipBytes(t, a), gzipBytes(t, b)[:20]...),
		"between.pgn.zst": append(zstdBytes(t, a), zstdBytes(t, b)[:20]...),
	}
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		runCases(t, []cliCase{
			{
				name:       "count " + name,
				args:       []string{"--count", "mate", path},
				wantStatus: exitError,
				wantOut:    "500\n", // the games before the cut are counted
				errHas:     []string{path + ": compressed data ends early", "500 matched"},
			},
			{
				name:       validateCmd + " " + name,
				args:       []string{validateCmd, path},
				wantStatus: exitError,
				outSub:     []string{"games, 40"}, // 500 games (and maybe a start of the next)
				errHas:     []string{path + ": compressed data ends early"},
			},
		})
	}
}
