package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/themes"
)

// tagTestQueries are the queries of testdata/tags: comments, match strings, quiet, sort
// and matchcount, gamenumber, variations, settag and removecomment (which edit the game),
// and additive persistent variables. Each tests the tag pass against cql alone.
func tagTestQueries(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/tags/*.cql")
	if err != nil || len(files) < 8 {
		t.Fatalf("testdata/tags: %d queries, %v", len(files), err)
	}
	return files
}

// tagTexts are --cql queries added to the scripts.
var tagTextQueries = []string{"stalemate", "flipcolor {move previous from P promote [RBN]}", "K & g1 k & g8 not check"}

// runCLI runs the command line in-process and returns its standard output, failing the test
// unless it exits with one of the statuses ok.
func runTags(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if st := run(args, nil, &out, &errb); st != exitMatch && st != exitNoMatch {
		t.Fatalf("cql %s: exit %d: %s", strings.Join(args, " "), st, errb.String())
	}
	return out.String()
}

// tagCSVCounts runs cql tags with csv records and returns each query's number of matching
// games (non-empty cells of its column) and positions (the cells' sum).
func tagCSVCounts(t *testing.T, args ...string) (games, positions map[string]int, names []string) {
	t.Helper()
	out := runTags(t, append([]string{"tags", "--format", "csv", "--no-summary"}, args...)...)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	games, positions = map[string]int{}, map[string]int{}
	first := 12 // file, game and the ten tags
	names = recs[0][first:]
	for _, r := range recs[1:] {
		for k, name := range names {
			if c := r[first+k]; c != "" {
				n, err := strconv.Atoi(c)
				if err != nil {
					t.Fatalf("cell %q of %s: %v", c, name, err)
				}
				games[name]++
				positions[name] += n
			}
		}
	}
	return games, positions, names
}

// Each query's game count in one tag pass is what cql --count gives for it alone, over
// masters-10k; so is its number of positions, as cql's summary line counts them.
func TestTagsCountsEqualCount(t *testing.T) {
	data := testdata.File(t, "masters-10k.pgn")
	files := tagTestQueries(t)
	args := []string{data}
	for _, f := range files {
		args = append(args, "-q", f)
	}
	for _, q := range tagTextQueries {
		args = append(args, "--cql", q)
	}
	games, positions, names := tagCSVCounts(t, args...)
	if len(names) != len(files)+len(tagTextQueries) {
		t.Fatalf("columns %v", names)
	}
	check := func(name string, query ...string) {
		var out, errb bytes.Buffer
		run(append([]string{"--count"}, append(query, data)...), nil, &out, &errb)
		want, err := strconv.Atoi(strings.TrimSpace(out.String()))
		if err != nil {
			t.Fatalf("cql --count %v: %q %s", query, out.String(), errb.String())
		}
		if games[name] != want {
			t.Errorf("%s: tags counts %d games, cql --count %d", name, games[name], want)
		}
		// The summary: "N games read, M matched (P positions), ...".
		sum := errb.String()
		if i := strings.Index(sum, "matched ("); i >= 0 {
			p, _ := strconv.Atoi(strings.Fields(sum[i+len("matched ("):])[0])
			if positions[name] != p {
				t.Errorf("%s: tags counts %d positions, cql %d", name, positions[name], p)
			}
		} else {
			t.Errorf("%s: no summary line in %q", name, sum)
		}
		if want == 0 {
			t.Errorf("%s matches no game of masters-10k: the comparison proves little", name)
		}
	}
	for _, f := range files {
		check(strings.TrimSuffix(filepath.Base(f), ".cql"), f)
	}
	for _, q := range tagTextQueries {
		check(q, q)
	}
}

// Each file of --pgn-dir is byte for byte what cql -o writes for its query alone: over
// games with comments and clocks (lichess-10k) and CQL's sample of studies with variations.
func TestTagsPGNDirSameAsOutput(t *testing.T) {
	files := tagTestQueries(t)
	for _, data := range []string{testdata.File(t, "lichess-10k.pgn"), testdata.File(t, "cql-sample.pgn")} {
		dir := t.TempDir()
		args := []string{"tags", "--no-summary", "--pgn-dir", dir, "-o", filepath.Join(dir, "records.jsonl"), data}
		for _, f := range files {
			args = append(args, "-q", f)
		}
		args = append(args, "--cql", "check removecomment")
		runTags(t, args...)
		nonEmpty := 0
		for _, f := range append(files, "check removecomment") {
			name := strings.TrimSuffix(filepath.Base(f), ".cql")
			query := []string{f}
			if !strings.HasSuffix(f, ".cql") {
				name, query = f, []string{"--cql", f}
			}
			alone := filepath.Join(dir, "alone.pgn")
			var out, errb bytes.Buffer
			if st := run(append(append([]string{"-o", alone}, query...), data), nil, &out, &errb); st > exitNoMatch {
				t.Fatalf("cql -o %s: %s", f, errb.String())
			}
			want, err := os.ReadFile(alone)
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(dir, pgnFileName(name)))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s over %s: --pgn-dir wrote %d bytes, cql -o %d, first difference at byte %d",
					name, filepath.Base(data), len(got), len(want), firstDiff(got, want))
			}
			if len(want) > 0 {
				nonEmpty++
			}
		}
		if nonEmpty < len(files)/2 {
			t.Errorf("%s: only %d of the queries matched: the comparison proves little", data, nonEmpty)
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// The records, the position records and the --pgn-dir files are the same for any --threads.
func TestTagsThreadsDeterministic(t *testing.T) {
	data := testdata.File(t, "masters-10k.pgn")
	files := tagTestQueries(t)
	pass := func(threads string, extra ...string) (string, map[string][]byte) {
		dir := t.TempDir()
		args := []string{"tags", "--no-summary", "--threads", threads, "--pgn-dir", dir, data}
		for _, f := range files {
			args = append(args, "-q", f)
		}
		out := runTags(t, append(args, extra...)...)
		pgns := map[string][]byte{}
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			pgns[e.Name()] = b
		}
		return out, pgns
	}
	for _, extra := range [][]string{nil, {"--positions", "--format", "csv"}} {
		one, pgn1 := pass("1", extra...)
		for _, n := range []string{"2", "5"} {
			got, pgnN := pass(n, extra...)
			if got != one {
				t.Errorf("--threads %s %v: records differ from --threads 1 (%d and %d bytes)", n, extra, len(got), len(one))
			}
			if len(pgnN) != len(pgn1) || len(pgn1) != len(files) {
				t.Fatalf("--threads %s: %d pgn files, --threads 1: %d", n, len(pgnN), len(pgn1))
			}
			for name, b := range pgn1 {
				if !bytes.Equal(pgnN[name], b) {
					t.Errorf("--threads %s: %s differs", n, name)
				}
			}
		}
		if strings.Count(one, "\n") < 1000 {
			t.Errorf("%v: %d records: too few to show an order", extra, strings.Count(one, "\n"))
		}
	}
}

// Every built-in theme's game count in one pass of --themes over masters-10k is what
// cql --count gives for the theme's text alone (cql themes show NAME > NAME.cql).
func TestTagsThemesEqualCount(t *testing.T) {
	data := testdata.File(t, "masters-10k.pgn")
	games, _, names := tagCSVCounts(t, "--themes", data)
	all := themes.All()
	if len(names) != len(all) {
		t.Fatalf("%d columns for %d themes", len(names), len(all))
	}
	dir := t.TempDir()
	for i, th := range all {
		if names[i] != th.Name {
			t.Fatalf("column %d is %s, theme %s", i, names[i], th.Name)
		}
		file := filepath.Join(dir, th.Name+".cql")
		if err := os.WriteFile(file, []byte(th.Source), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		run([]string{"--count", "--no-summary", file, data}, nil, &out, &errb)
		want, err := strconv.Atoi(strings.TrimSpace(out.String()))
		if err != nil {
			t.Fatalf("cql --count %s: %q %s", th.Name, out.String(), errb.String())
		}
		if games[th.Name] != want {
			t.Errorf("%s: tags counts %d games, cql --count %d", th.Name, games[th.Name], want)
		}
	}
}

// The records of --themes (the guards of filter/guard.go share each worker's material keys
// and checks among the queries) are the same for --threads 1 and 3, over masters-10k.
func TestTagsThemesThreadsDeterministic(t *testing.T) {
	data := testdata.File(t, "masters-10k.pgn")
	one := runTags(t, "tags", "--no-summary", "--format", "csv", "--threads", "1", "--themes", data)
	three := runTags(t, "tags", "--no-summary", "--format", "csv", "--threads", "3", "--themes", data)
	if one != three {
		t.Errorf("--themes records differ between --threads 1 and 3 (%d and %d bytes)", len(one), len(three))
	}
	if n := strings.Count(one, "\n"); n < 5000 {
		t.Errorf("%d records: too few", n)
	}
}
