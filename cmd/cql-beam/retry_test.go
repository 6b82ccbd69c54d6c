package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/run"
	"github.com/cqlgo/cql/shard"
)

// TestRetriedPieceAddsNothing: a runner may run a piece again after a failed or lost
// attempt. Each attempt writes the piece's whole output to a temporary file renamed to
// a name fixed by (file, piece), so a failed attempt leaves nothing and a repeated one
// replaces the first: the piece's output is one run's output, never two.
func TestRetriedPieceAddsNothing(t *testing.T) {
	path := testdata.File(t, "cql-sample.pgn")
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	f := &evalFn{
		Query: querySpec{Name: "query", Src: "check"},
		Run:   runOptions{Format: "pgn", Threads: 2},
		Files: staged{Pieces: filepath.Join(dir, "job")},
	}
	if err := f.Setup(); err != nil {
		t.Fatal(err)
	}
	p := pieceSpec{File: path, Kind: int(shard.Whole), Size: st.Size(), To: -1} // the whole file

	// What cql writes for the same query and file.
	var want bytes.Buffer
	src := pieceSource{p.piece()}
	if _, err := run.Run(context.Background(), f.q, src, &want, f.Run.options(&bytes.Buffer{}, &bytes.Buffer{})); err != nil {
		t.Fatal(err)
	}
	if want.Len() == 0 {
		t.Fatal("the query matches nothing; the test needs output")
	}

	// A failed attempt (its input cannot be read) leaves no file behind.
	bad := p
	bad.File = filepath.Join(dir, "missing.pgn")
	if err := f.ProcessElement(context.Background(), bad, func(shardResult) {}); err == nil {
		t.Fatal("an attempt on a missing file reported success")
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) != 0 {
		t.Fatalf("a failed attempt left %v", names)
	}

	// Two successful attempts: the second replaces the first.
	var results []shardResult
	for range 2 {
		if err := f.ProcessElement(context.Background(), p, func(r shardResult) { results = append(results, r) }); err != nil {
			t.Fatal(err)
		}
	}
	if results[0].Path == "" || results[0].Path != results[1].Path {
		t.Fatalf("attempts wrote to %q and %q, want one fixed name", results[0].Path, results[1].Path)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(names) != 1 {
		t.Fatalf("files after two attempts: %v, want the piece's one", names)
	}
	got, err := os.ReadFile(results[1].Path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("piece output after a retry is %d bytes, one run writes %d", len(got), want.Len())
	}
}
