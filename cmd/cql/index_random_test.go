package main

import (
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// TestRandomQueriesIndexAgainstScan runs random queries (the generator of
// TestRandomQueriesAgainstCQL, CQL_RANDOM_WIDE for the whole language) through
// an index of CQL_INDEX_RANDOM_PGN and as a scan of the file: status, output
// (PGN with comments, or --count) and the summary line must be the same, byte
// for byte. No CQL binary is needed, so it can run many queries; a difference
// is a pruning rule that is unsound (a silent wrong answer) or a replay that
// differs from the parse. CQL_INDEX_RANDOM_PGN may list several files (separated
// by the system's list separator, ':'; each may be a glob pattern): one index of
// them all against the scan of them all (CQL_INDEX_RANDOM_ADD=1: built of the first
// and the others added). CQL_RANDOM_N, CQL_RANDOM_SEED and
// CQL_RANDOM_VARIATIONS as for the CQL differential. Without
// CQL_INDEX_RANDOM_PGN it runs 200 queries of the plain grammar, with options,
// on CQL's sample (a few seconds), so that every test run checks the pruning.
func TestRandomQueriesIndexAgainstScan(t *testing.T) {
	games := os.Getenv("CQL_INDEX_RANDOM_PGN")
	g, n, seed := queryGenFromEnv(t)
	// CQL_INDEX_RANDOM_OPTIONS: command-line options too (ranges, formats,
	// comment levels, transforms, tag filters, -dedupe, -limit)
	withOptions := os.Getenv("CQL_INDEX_RANDOM_OPTIONS") != ""
	if games == "" {
		if testing.Short() {
			t.Skip("-short: set CQL_INDEX_RANDOM_PGN to compare random queries through an index with the scan")
		}
		games, withOptions = testdata.File(t, "cql-sample.pgn"), true
		if os.Getenv("CQL_RANDOM_N") == "" {
			n = 200
		}
	}
	var files []string
	for _, pat := range filepath.SplitList(games) {
		names, err := filepath.Glob(pat)
		if err != nil || len(names) == 0 {
			t.Fatalf("CQL_INDEX_RANDOM_PGN: no file %s (%v)", pat, err)
		}
		for _, name := range names {
			abs, err := filepath.Abs(name)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, abs)
		}
	}
	dir := t.TempDir()
	ix := filepath.Join(dir, "ix")
	// CQL_INDEX_RANDOM_ADD=1: the index is built of the first file and the others are
	// added to it (cql index add: chunks copied, posting lists extended, no collision list).
	build := files
	if os.Getenv("CQL_INDEX_RANDOM_ADD") != "" && len(files) > 1 {
		build = files[:1]
	}
	if st, _, errs := runCLI(t, append([]string{"index", "build", "-x", ix}, build...)...); st != 0 {
		t.Fatalf("build: status %d: %s", st, errs)
	}
	if len(build) < len(files) {
		if st, _, errs := runCLI(t, append([]string{"index", "add", "-x", ix}, files[1:]...)...); st != 0 {
			t.Fatalf("add: status %d: %s", st, errs)
		}
	}
	// the summary line without its timing and without the matched positions'
	// count (which, with --count, says how many games the index decided
	// without replaying them)
	summary := func(s string) string {
		s = asScanSummary(s)
		i := strings.LastIndex(s, "cql: ")
		if i < 0 {
			return ""
		}
		s, _, _ = strings.Cut(s[i:], "s, ")
		if j := strings.LastIndex(s, ","); j >= 0 {
			s = s[:j]
		}
		if a, b, ok := strings.Cut(s, " ("); ok {
			if _, rest, ok := strings.Cut(b, ")"); ok {
				s = a + rest
			}
		}
		return s
	}
	// CQL_INDEX_SCRIPTS=DIR: the .cql files under it instead of random queries (CQL's examples,
	// users' scripts), each run as it is and with --count.
	var scripts []string
	if d := os.Getenv("CQL_INDEX_SCRIPTS"); d != "" {
		err := filepath.WalkDir(d, func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(path, ".cql") {
				scripts = append(scripts, path)
			}
			return err
		})
		if err != nil || len(scripts) == 0 {
			t.Fatalf("CQL_INDEX_SCRIPTS: no .cql file under %s (%v)", d, err)
		}
		n = 2 * len(scripts)
	}
	var same, refused, failed int
	for i := 0; i < n; i++ {
		var q, file string
		if scripts != nil {
			file = scripts[i/2]
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			q = file + ": " + strings.Join(strings.Fields(string(text)), " ")
		} else {
			q = g.query()
			if !strings.HasPrefix(q, "cql(") {
				q = "cql() " + q
			}
			file = filepath.Join(dir, fmt.Sprintf("q%d.cql", i))
			if err := os.WriteFile(file, []byte(q+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		args := []string{file}
		if i%2 == 1 {
			args = []string{"--count", file}
		}
		if withOptions {
			args = append(randomOptions(g.r), args...)
		}
		st1, out1, err1 := runCLI(t, append(args, files...)...)
		st2, out2, err2 := runCLI(t, append(args, "--index", ix)...)
		switch {
		case st1 == exitError && st2 == exitError:
			refused++
		case st1 != st2 || out1 != out2:
			failed++
			t.Errorf("query %d: %q %q: scan status %d, %d bytes (%s); index status %d, %d bytes (%s)", i, q, args[:len(args)-1],
				st1, len(out1), firstLine(lastLine(err1)), st2, len(out2), firstLine(lastLine(err2)))
		case summary(err1) != summary(err2):
			failed++
			t.Errorf("query %d: %q: scan says %q, index %q", i, q, summary(err1), summary(err2))
		default:
			same++
			if i < 3 {
				t.Logf("query %d: %q %q: %d bytes, %s", i, q, args[:len(args)-1], len(out1), summary(err1))
			}
		}
	}
	t.Logf("seed %d: %d queries, %d same output, %d refused by both, %d differ", seed, n, same, refused, failed)
}

// indexRandomOptions are command-line options a run may be given, each
// as it would be typed.
var indexRandomOptions = [][]string{
	{"-g", "3", "40"}, {"-g", "17"}, {"-matchcount", "2", "6"}, {"-matchcount", "3"}, {"-variations"},
	{"-virtualmainline"}, {"-limit", "7"}, {"-format", "fen"}, {"-format", "jsonl"}, {"-format", "epd"},
	{"-format", "csv"}, {"-silent"}, {"-quiet"}, {"-noheader"}, {"-result", "1-0"}, {"-year", "1990", "2015"},
	{"-player", "an"}, {"-white", "^[A-M]"}, {"-flipcolor"}, {"-shift"}, {"-wtm"}, {"-dedupe"}, {"-dedupe-skip"},
	{"-alwayscomment"}, {"-nosort"}, {"-matchstring", "X"}, {"-threads", "1"}, {"-cql", "check"},
	{"-fen", "8/8/8/8/8/8/8/8"}, {"-event", "ch"}, {"-assign", "v", "3"},
}

// randomOptions picks up to three of them.
func randomOptions(r *rand.Rand) []string {
	var args []string
	for k := r.Intn(4); k > 0; k-- {
		args = append(args, indexRandomOptions[r.Intn(len(indexRandomOptions))]...)
	}
	return args
}
