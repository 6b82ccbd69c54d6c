package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/internal/testdata"
)

// TestRandomQueriesBeam runs random queries through cql-beam and cql and reports every
// difference in status, output, standard output, problems or summary counts (a silent wrong
// answer of the distributed runner). The queries come from the file CQL_BEAM_QUERIES, written
// by cmd/cql's TestRandomQueriesDump (one JSON array of arguments a line, the query's text
// last), so they are the project's random grammars, plain or wide, with options or not. The
// games: CQL_BEAM_PGN (default lichess-10k), run whole in shards of about 1/27 of the file and
// split into 7 uneven files in shards of about 1/60 (boundaries inside games, comments and
// tags); CQL_BEAM_LAYOUTS=whole,whole-small,split,split-small,zst chooses (zst: the file
// as zstd frames of about 1/50 of it, cut anywhere, read in shards of about 3 frames). An option cql-beam
// does not offer (the query-changing options such as -flipcolor, -player; docs/beam.md) is left out
// with its values, for both commands, and counted. CQL_BEAM_EXTRA, a JSON list of argument
// lists (e.g. [["--format","html"],["--stats"]]), adds one of them to each query in turn, for
// options the grammars' runs do not draw. A job takes about a second on lichess-10k.
func TestRandomQueriesBeam(t *testing.T) {
	qfile := os.Getenv("CQL_BEAM_QUERIES")
	if qfile == "" {
		t.Skip("set CQL_BEAM_QUERIES=FILE (written by cmd/cql's TestRandomQueriesDump) to compare random queries with cql")
	}
	text, err := os.ReadFile(qfile)
	if err != nil {
		t.Fatal(err)
	}
	var queries [][]string
	for i, line := range strings.Split(strings.TrimSpace(string(text)), "\n") {
		var args []string
		if err := json.Unmarshal([]byte(line), &args); err != nil || len(args) == 0 {
			t.Fatalf("%s:%d: want a JSON array of arguments (%v)", qfile, i+1, err)
		}
		queries = append(queries, args)
	}
	var extra [][]string
	if e := os.Getenv("CQL_BEAM_EXTRA"); e != "" {
		if err := json.Unmarshal([]byte(e), &extra); err != nil || len(extra) == 0 {
			t.Fatalf("CQL_BEAM_EXTRA: want a JSON list of argument lists (%v)", err)
		}
	}
	games := os.Getenv("CQL_BEAM_PGN")
	if games == "" {
		games = testdata.File(t, "lichess-10k.pgn")
	}
	data, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	split := splitFile(t, data, dir, "part")
	type layout struct {
		name   string
		inputs []string
		flags  []string
	}
	small := func(n int) []string { return []string{"--shard_size", strconv.Itoa(max(len(data)/n, 1))} }
	// Independent frames, as pzstd writes them: each a shard boundary candidate.
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	var z []byte
	step := max(len(data)/50, 1)
	for i := 0; i < len(data); i += step {
		z = enc.EncodeAll(data[i:min(i+step, len(data))], z)
	}
	zst := filepath.Join(dir, "frames.pgn.zst")
	if err := os.WriteFile(zst, z, 0o644); err != nil {
		t.Fatal(err)
	}
	all := []layout{
		{"whole", []string{games}, []string{"--shard_size", "0"}},
		{"whole-small", []string{games}, small(27)},
		{"split", split, []string{"--shard_size", "0"}},
		{"split-small", split, small(60)},
		{"zst", []string{zst}, []string{"--shard_size", strconv.Itoa(max(len(z)/17, 1))}},
	}
	var layouts []layout
	want := "whole-small,split-small"
	if s := os.Getenv("CQL_BEAM_LAYOUTS"); s != "" {
		want = s
	}
	for _, name := range strings.Split(want, ",") {
		found := false
		for _, l := range all {
			if l.name == strings.TrimSpace(name) {
				layouts, found = append(layouts, l), true
			}
		}
		if !found {
			t.Fatalf("CQL_BEAM_LAYOUTS: no layout %q (whole, whole-small, split, split-small, zst)", name)
		}
	}
	var agree, refused, differ, notOffered int
	for i, args := range queries {
		opts, left := offered(args[:len(args)-1])
		if len(left) > 0 {
			notOffered++
		}
		file := filepath.Join(dir, fmt.Sprintf("q%d.cql", i))
		if err := os.WriteFile(file, []byte(args[len(args)-1]+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		q := append(opts, file)
		if extra != nil {
			q = append(append([]string(nil), extra[i%len(extra)]...), q...)
		}
		for _, l := range layouts {
			d, st := difference(t, q, l.inputs, l.inputs, l.flags...)
			switch {
			case d != "":
				differ++
				t.Errorf("query %d %q (left out: %q; run as %q), %s: %s", i+1, args, left, q, l.name, d)
			case st == exitError:
				refused++
			default:
				agree++
			}
		}
	}
	t.Logf("%s on %s, layouts %s: %d queries (%d with options cql-beam does not offer, left out); runs: %d agree, %d refused by both, %d differ",
		qfile, games, want, len(queries), notOffered, agree, refused, differ)
}

// offered splits options into those cql-beam defines and those it does not, each of the
// latter with the values after it (the arguments up to the next option).
func offered(args []string) (kept, left []string) {
	drop := false
	for _, a := range args {
		isOpt := strings.HasPrefix(a, "-") && len(a) > 1 && (a[1] < '0' || a[1] > '9')
		if isOpt {
			name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
			drop = flag.CommandLine.Lookup(name) == nil
		}
		if drop {
			left = append(left, a)
		} else {
			kept = append(kept, a)
		}
	}
	return kept, left
}
