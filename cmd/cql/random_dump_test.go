package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestRandomQueriesDump writes the random queries of TestRandomQueriesIndexAgainstScan to
// the file CQL_RANDOM_DUMP, one a line, as a JSON array of cql's arguments without the
// inputs: the options (CQL_INDEX_RANDOM_OPTIONS set), --count for every second query, and
// last the query's text ("cql() " put before it), which the reader writes to a .cql file.
// CQL_RANDOM_N, CQL_RANDOM_SEED, CQL_RANDOM_WIDE, CQL_RANDOM_WIDER and
// CQL_RANDOM_VARIATIONS choose the queries as for the other random tests, drawn in the same
// order, so the file's queries are the index test's for the same settings. Other runners
// (cmd/cql-beam's TestRandomQueriesBeam) read it; they cannot import this test code.
func TestRandomQueriesDump(t *testing.T) {
	path := os.Getenv("CQL_RANDOM_DUMP")
	if path == "" {
		t.Skip("set CQL_RANDOM_DUMP=FILE to write random queries to FILE")
	}
	g, n, seed := queryGenFromEnv(t)
	withOptions := os.Getenv("CQL_INDEX_RANDOM_OPTIONS") != ""
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // queries stay readable: & < > as typed
	for i := 0; i < n; i++ {
		q := g.query()
		if !strings.HasPrefix(q, "cql(") {
			q = "cql() " + q
		}
		args := []string{q}
		if i%2 == 1 {
			args = []string{"--count", q}
		}
		if withOptions {
			args = append(randomOptions(g.r), args...)
		}
		if err := enc.Encode(args); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("seed %d: %d queries written to %s", seed, n, path)
}
