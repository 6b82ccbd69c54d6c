package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// TestOptionsAsCQL: the options that add filters (-cql, -result) and the range options
// read as cql reads them, with a script, without one and in CQL's two-number form; bad
// values are refused with cql's message. Found by TestRandomQueriesBeam: -cql with a .cql
// file ran -cql's filter alone over the script read as PGN; -result draw and -result 1/2
// matched nothing, and -result foo, -gamenumber 0 and -quiet -silent were accepted;
// -matchcount 2 6 read 6 as the query.
func TestOptionsAsCQL(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	script := filepath.Join(t.TempDir(), "m.cql")
	if err := os.WriteFile(script, []byte("cql() move previous from b1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := [][]string{
		{"-cql", "check", "--count", script},
		{"-result", "1-0", "-cql", "check", script},
		{"-cql", "check", "--cql", "mate", "--count"},
		{"-cql", "check // a line comment", "--count", script},
		{"-result", "draw", "--count", "check"},
		{"-result", "1/2", "check"},
		{"-result", "foo", "mate"},
		{"-gamenumber", "0", "check"},
		{"-gamenumber", "3", "40", "--count", "check"},
		{"-g", "200", "check"},
		{"-matchcount", "2", "6", "check"},
		{"-matchcount", "6", "2", "check"},
		{"-quiet", "-silent", "check"},
		{"-silent", "-silent", "--count", "check"},
		{"-quiet", "mate"},
	}
	for _, q := range cases {
		t.Run(strings.Join(q, " "), func(t *testing.T) {
			same(t, q, []string{games}, "--shard_size", "20000")
		})
	}
}
