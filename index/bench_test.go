package index

import (
	"context"
	"path/filepath"
	"testing"

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
