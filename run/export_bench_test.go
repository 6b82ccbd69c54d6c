package run

import (
	"io"
	"os"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// BenchmarkExport compares, in one process, --count with --stats and with the export
// formats over the first 2,000 games of masters-10k (query `check`, so most games match):
//
//	go test ./run -run X -bench Export -cpu 1 -count 5
func BenchmarkExport(b *testing.B) {
	data, err := os.ReadFile(testdata.File(b, "masters-10k.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	if len(data) > 1_300_000 {
		data = data[:1_300_000]
	}
	q := compile(b, "check")
	src := memFiles(map[string]string{"m.pgn": string(data)}, "m.pgn")
	for _, c := range []struct {
		name string
		opt  func() Options
	}{
		{"count", func() Options { return Options{Format: "pgn", Count: true} }},
		{"count+stats", func() Options { return Options{Format: "pgn", Count: true, Tally: NewTally()} }},
		{"count+dedupe", func() Options { return Options{Format: "pgn", Count: true, Dedupe: "report"} }},
		{"fen", func() Options { return Options{Format: "fen"} }},
		{"jsonl", func() Options { return Options{Format: "jsonl"} }},
		{"csv", func() Options { return Options{Format: "csv"} }},
		{"pgn", func() Options { return Options{Format: "pgn"} }},
		{"html", func() Options { return Options{Format: "html"} }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Run(b.Context(), q, src, io.Discard, c.opt()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkExportMarks is the cost of the marked squares in jsonl output: the same query
// compiled without and with filter.Options.Marks, over the first 2,000 games of masters-10k
// (`Q attacks k`: about 11,000 matching positions, each with its queen marked):
//
//	go test ./run -run X -bench ExportMarks -cpu 1 -count 6
func BenchmarkExportMarks(b *testing.B) {
	data, err := os.ReadFile(testdata.File(b, "masters-10k.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	if len(data) > 1_300_000 {
		data = data[:1_300_000]
	}
	src := memFiles(map[string]string{"m.pgn": string(data)}, "m.pgn")
	for _, query := range []string{"Q attacks k", "square x in h1-8 {R attacks x x attacks K}"} {
		for _, marks := range []bool{false, true} {
			q := compileMarks(b, query, marks)
			name := query[:3] + "/plain"
			if marks {
				name = query[:3] + "/marks"
			}
			b.Run(name, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					if _, err := Run(b.Context(), q, src, io.Discard, Options{Format: "jsonl"}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
