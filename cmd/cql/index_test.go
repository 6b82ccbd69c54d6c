package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cqlgo/cql/index"
	"github.com/cqlgo/cql/internal/testdata"
)

func runCLI(t *testing.T, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	st := run(args, strings.NewReader(""), &out, &errb)
	return st, out.String(), errb.String()
}

// The command line through an index answers as the scan of the indexed files does.
func TestIndexCLI(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ix")
	if st, _, errs := runCLI(t, "index", "build", "-x", dir, games, elo); st != 0 {
		t.Fatalf("build: status %d: %s", st, errs)
	}
	for _, args := range [][]string{
		{"mate"},
		{"mate", "--format", "fen"},
		{"--count", "btm"},
		{"stalemate", "--format", "jsonl"},
		{"--matchcount", "4", "btm", "--format", "epd"},
		{"elo > 2600"},
		{"--cql", "check", "--silent"},
		{"stalemate and wtm"},
	} {
		st1, out1, err1 := runCLI(t, append(args, games, elo)...)
		st2, out2, err2 := runCLI(t, append(args, "--index", dir)...)
		st3, out3, _ := runCLI(t, append(args, "--index", dir, "--no-prune")...)
		if st1 != st2 || out1 != out2 || st1 != st3 || out1 != out3 {
			t.Errorf("%q: scan (%d) and index (%d, unpruned %d) differ:\n%s\n---\n%s", args, st1, st2, st3, out1, out2)
		}
		summary := func(s string) string {
			s, _, _ = strings.Cut(asScanSummary(s), "s, ")
			return s[:strings.LastIndex(s, ",")]
		}
		if strings.Contains(err1, "games read") && summary(err1) != summary(err2) {
			t.Errorf("%q: summaries differ: %q vs %q", args, err1, err2)
		}
	}
	if st, out, _ := runCLI(t, "index", "info", "-x", dir); st != 0 || !strings.Contains(out, "5 games") || !strings.Contains(out, "source "+games+": ") {
		t.Errorf("info: %d %s", st, out)
	}
	// verify writes nothing when no source's time moved (an index may be read-only)
	before := dirListing(t, dir)
	if st, out, _ := runCLI(t, "index", "verify", "-x", dir); st != 0 || !strings.Contains(out, "every checksum matches; 2 sources of 5 games unchanged") {
		t.Errorf("verify: %d %s", st, out)
	}
	if st, out, _ := runCLI(t, "index", "verify", "--deep", "-x", dir); st != 0 || !strings.Contains(out, "agree with a fresh parse") {
		t.Errorf("verify --deep: %d %s", st, out)
	}
	if left, _ := filepath.Glob(dir + ".verify-*"); len(left) > 0 {
		t.Errorf("verify --deep left %v", left)
	}
	if after := dirListing(t, dir); after != before {
		t.Errorf("verify changed the index directory:\n%s\n---\n%s", before, after)
	}
	if _, err := os.Stat(dir + ".lock"); err == nil {
		t.Error("verify left a lock file")
	}
	if st, _, errs := runCLI(t, "mate", games, "--index", dir); st != exitError || !strings.Contains(errs, "give no PGN files") {
		t.Errorf("index and files: %d %s", st, errs)
	}
	if st, _, errs := runCLI(t, "mate", "--index", filepath.Join(t.TempDir(), "none")); st != exitError || !strings.Contains(errs, "no index") {
		t.Errorf("no index: %d %s", st, errs)
	}
}

// A source copied or touched (a new modification time, the same bytes) is still answered
// from, after its content hash is checked, with a note; verify records the new time. A
// source whose bytes changed under the same size is refused.
func TestIndexTouchedSource(t *testing.T) {
	text, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	file := filepath.Join(tmp, "g.pgn")
	os.WriteFile(file, text, 0o644)
	dir := filepath.Join(tmp, "ix")
	if st, _, errs := runCLI(t, "index", "build", "-x", dir, file); st != 0 {
		t.Fatalf("build: status %d: %s", st, errs)
	}
	_, want, _ := runCLI(t, "mate", file)
	later := time.Now().Add(time.Hour)
	os.Chtimes(file, later, later)
	st, out, errs := runCLI(t, "mate", "--index", dir)
	if st != 0 || out != want || !strings.Contains(errs, "same content") {
		t.Errorf("touched source: status %d, note %q, output same as the scan: %v", st, errs, out == want)
	}
	if st, out, _ := runCLI(t, "index", "verify", "-x", dir); st != 0 || !strings.Contains(out, "recorded") {
		t.Errorf("verify: %d %s", st, out)
	}
	if st, out, errs := runCLI(t, "mate", "--index", dir); st != 0 || out != want || errs != "" && strings.Contains(errs, "same content") {
		t.Errorf("after verify: status %d, note %q, output same as the scan: %v", st, errs, out == want)
	}
	os.WriteFile(file, bytes.Replace(text, []byte("Qxf7#"), []byte("Qxf7 "), 1), 0o644)
	even := time.Now().Add(2 * time.Hour)
	os.Chtimes(file, even, even)
	if st, _, errs := runCLI(t, "mate", "--index", dir); st != exitError || !strings.Contains(errs, "changed since it was indexed") {
		t.Errorf("edited source: status %d: %s", st, errs)
	}
}

// asScanSummary turns an index run's summary into a scan's for comparison: "N games in
// the index (C games the index could not rule out)" reads "N games read".
func asScanSummary(s string) string {
	return indexSummaryWords.ReplaceAllString(s, " read")
}

// summaryTime is the end of a summary line from its time on: ", 0.11s, 2630 games/s".
var summaryTime = regexp.MustCompile(`, [0-9.]+s(, .*)?$`)

var indexSummaryWords = regexp.MustCompile(` in the index( \([0-9]+ games? the index could not rule out\))?`)

// An index run's summary says how many games the index holds and how many it examined,
// not that it read them all at millions of games a second.
func TestIndexSummarySaysWhatWasExamined(t *testing.T) {
	const sample = "../../testdata/sample.pgn"
	dir := filepath.Join(t.TempDir(), "ix")
	if st, _, errs := runCLI(t, "index", "build", "-x", dir, sample); st != 0 {
		t.Fatalf("build: status %d: %s", st, errs)
	}
	_, _, scan := runCLI(t, "mate", sample)
	st, _, errs := runCLI(t, "mate", "--index", dir)
	n, _, _ := strings.Cut(strings.TrimPrefix(scan, "cql: "), " games read")
	want := regexp.MustCompile(`^cql: ` + n + ` games in the index \(([0-9]+) games? the index could not rule out\), [0-9]+ matched`)
	m := want.FindStringSubmatch(errs)
	if st != 0 || m == nil || strings.Contains(errs, "games/s") {
		t.Fatalf("status %d, summary %q (scan: %q)", st, errs, scan)
	}
	c, _ := strconv.Atoi(m[1])
	if total, _ := strconv.Atoi(n); c == 0 || c >= total {
		t.Errorf("%d candidates of the sample's games for mate", c)
	}
}

// A gamenumber range ends the reading at its last game, through the index as in the scan:
// the games read are the same (the index emitted a pruned game's empty result past it).
func TestIndexGameNumberSummary(t *testing.T) {
	const sample = "../../testdata/sample.pgn"
	dir := filepath.Join(t.TempDir(), "ix")
	if st, _, errs := runCLI(t, "index", "build", "-x", dir, sample); st != 0 {
		t.Fatalf("build: status %d: %s", st, errs)
	}
	for _, args := range [][]string{{"-g", "20", "40", "check"}, {"-g", "20", "40", "mate"}, {"-g", "5", "--count", "stalemate"}} {
		st1, out1, err1 := runCLI(t, append(args, sample)...)
		st2, out2, err2 := runCLI(t, append(args, "--index", dir)...)
		read := func(s string) string {
			_, after, _ := strings.Cut(asScanSummary(s), "cql: ")
			n, _, _ := strings.Cut(after, ",")
			return n
		}
		if st1 != st2 || out1 != out2 || read(err1) != read(err2) || !strings.Contains(err1, "games read") {
			t.Errorf("%q: scan %d %q, index %d %q (outputs equal: %v)", args, st1, read(err1), st2, read(err2), out1 == out2)
		}
	}
}

// A query that stops the run (a value where a match is tested, as CQL stops there) stops
// it through the index where the scan does, with the same message and status, in every
// way the index answers (pgn and fen output, --count); one that never reaches the value runs.
func TestIndexStopsWhereScanStops(t *testing.T) {
	const sample = "../../testdata/sample.pgn"
	dir := filepath.Join(t.TempDir(), "ix")
	if st, _, errs := runCLI(t, "index", "build", "-x", dir, sample); st != 0 {
		t.Fatalf("build: status %d: %s", st, errs)
	}
	first := func(s string) string {
		l, _, _ := strings.Cut(asScanSummary(s), "\n")
		return summaryTime.ReplaceAllString(l, "") // the time and rate, 0.11s under load too
	}
	for _, q := range []string{"black and stalemate", "stalemate and black", "ply > 1000 and abs 3"} {
		for _, opts := range [][]string{nil, {"--format", "fen"}, {"--count"}} {
			args := append(append([]string{}, opts...), q)
			st1, out1, err1 := runCLI(t, append(args, sample)...)
			st2, out2, err2 := runCLI(t, append(args, "--index", dir)...)
			if st1 != st2 || out1 != out2 || first(err1) != first(err2) {
				t.Errorf("%q: scan %d %q, index %d %q (outputs equal: %v)", args, st1, first(err1), st2, first(err2), out1 == out2)
			}
		}
	}
}

// TestIndexHelperProcess is not a test: TestIndexBuildKilled runs the test binary as cql.
func TestIndexHelperProcess(t *testing.T) {
	if os.Getenv("CQL_TEST_HELPER") != "1" {
		t.Skip("helper process")
	}
	args := strings.Split(os.Getenv("CQL_TEST_ARGS"), "\x1f")
	os.Exit(run(args, os.Stdin, os.Stdout, os.Stderr))
}

// A build killed with SIGKILL at a random moment leaves the previous index (or, the first
// time, none), never a half index; the next build runs and cleans up.
func TestIndexBuildKilled(t *testing.T) {
	big := testdata.File(t, "masters-10k.pgn")
	dir := filepath.Join(t.TempDir(), "ix")
	start := func(args ...string) *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^TestIndexHelperProcess$")
		cmd.Env = append(os.Environ(), "CQL_TEST_HELPER=1", "CQL_TEST_ARGS="+strings.Join(args, "\x1f"))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	// How long a whole build takes here, to kill within it.
	t0 := time.Now()
	if err := start("index", "build", "-x", dir+"-timing", big).Wait(); err != nil {
		t.Fatal(err)
	}
	full := time.Since(t0)
	r := rand.New(rand.NewSource(time.Now().UnixNano()))
	previous := 0 // games in the index at dir; 0: none yet
	for round := 0; round < 4; round++ {
		cmd := start("index", "build", "-x", dir, big)
		time.Sleep(time.Duration(r.Int63n(int64(full))))
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		ix, err := index.Open(dir)
		switch {
		case errors.Is(err, index.ErrNoIndex):
			if previous != 0 {
				t.Fatalf("round %d: the previous index (%d games) is gone", round, previous)
			}
		case err != nil:
			t.Fatalf("round %d: %v", round, err)
		default:
			games := ix.Meta.Games
			ix.Close()
			if games != 10819 && games != previous {
				t.Fatalf("round %d: index has %d games: neither the previous %d nor the whole file", round, games, previous)
			}
			previous = games
			// and a query through it works
			want := map[int]string{10819: "145\n", 3: "1\n"}[games]
			if st, out, errs := runCLI(t, "--count", "mate", "--index", dir); st == exitError || out != want {
				t.Fatalf("round %d: query: %d %q %s", round, st, out, errs)
			}
		}
		if round == 1 && previous == 0 {
			// make sure later rounds have a previous index to keep
			if st, _, errs := runCLI(t, "index", "build", "-x", dir, games); st != 0 {
				t.Fatalf("build: %s", errs)
			}
			previous = 3
		}
	}
	if st, _, errs := runCLI(t, "index", "build", "-x", dir, big); st != 0 {
		t.Fatalf("build after kills: %s", errs)
	}
	if left, _ := filepath.Glob(dir + ".tmp-*"); len(left) != 0 {
		t.Errorf("temporary directories left: %v", left)
	}
}

// index find: --count from the exact-position table, --limit, and --no-positions (find
// still lists, --count says there is no table). The position after 1. e4 is in 149 of the
// sample's games; the en-passant square no black pawn can use does not count.
func TestIndexFindCLI(t *testing.T) {
	sample := "../../testdata/sample.pgn"
	dir := filepath.Join(t.TempDir(), "ix")
	if st, _, errs := runCLI(t, "index", "build", "-x", dir, sample); st != 0 {
		t.Fatalf("build: %d %s", st, errs)
	}
	e4 := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	if st, out, errs := runCLI(t, "index", "find", "-x", dir, "--count", "--fen", e4); st != 0 || out != "149 occurrences in 149 games\n" {
		t.Errorf("find --count: %d %q %s", st, out, errs)
	}
	if st, out, _ := runCLI(t, "index", "find", "-x", dir, "--limit", "2", "--fen", e4); st != 0 || strings.Count(out, "\n") != 2 || !strings.Contains(out, "game 5, ply 1") {
		t.Errorf("find --limit 2: %d %q", st, out)
	}
	if st, _, _ := runCLI(t, "index", "find", "-x", dir, "--count", "--fen", "8/8/8/4k3/8/8/2R5/4K3 w - - 0 1"); st != exitNoMatch {
		t.Errorf("find --count of an absent position: status %d", st)
	}
	nopos := filepath.Join(t.TempDir(), "nopos")
	if st, _, errs := runCLI(t, "index", "build", "--no-positions", "-x", nopos, sample); st != 0 {
		t.Fatalf("build --no-positions: %d %s", st, errs)
	}
	if st, out, _ := runCLI(t, "index", "find", "-x", nopos, "--fen", e4); st != 0 || strings.Count(out, "\n") != 149 {
		t.Errorf("find without a table: %d, %d lines", st, strings.Count(out, "\n"))
	}
	if st, _, errs := runCLI(t, "index", "find", "-x", nopos, "--count", "--fen", e4); st != exitError || !strings.Contains(errs, "--no-positions") {
		t.Errorf("find --count without a table: %d %s", st, errs)
	}
	if st, out, _ := runCLI(t, "index", "info", "-x", dir); st != 0 || !strings.Contains(out, "exact-position table") {
		t.Errorf("info: %q", out)
	}
}

// dirListing lists dir's files with their sizes and times.
func dirListing(t *testing.T, dir string) string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range ents {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %d %d\n", e.Name(), info.Size(), info.ModTime().UnixNano())
	}
	return b.String()
}

// The source's problems are reported by the build once; a query through the index says
// how many it did not show instead of repeating them on every run (--verbose shows them).
func TestIndexQuerySaysProblemsOnce(t *testing.T) {
	dir := t.TempDir()
	pgnFile := filepath.Join(dir, "bad.pgn")
	bad := "[White \"A\"]\n\n1. e4 e5 2. Bc5 *\n\n[White \"B\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
	if err := os.WriteFile(pgnFile, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	ix := filepath.Join(dir, "ix")
	if st, _, errs := runCLI(t, "index", "build", "-x", ix, pgnFile); st != 0 || !strings.Contains(errs, "illegal move") {
		t.Fatalf("build: status %d: %s", st, errs)
	}
	st, out, errs := runCLI(t, "mate", "--index", ix)
	if st != 0 || !strings.Contains(out, "Qxf7#") || strings.Contains(errs, "illegal move") ||
		!strings.Contains(errs, "1 problem in games not shown (reported by cql index build; --verbose shows them)") {
		t.Errorf("query: status %d, stderr %q", st, errs)
	}
	if _, _, errs := runCLI(t, "mate", "--index", ix, "--verbose"); !strings.Contains(errs, "illegal move") || strings.Contains(errs, "not shown") {
		t.Errorf("--verbose: stderr %q", errs)
	}
}

// TestIndexSideCastling: a castling move with the side to move (`wtm move o-o-o`, the
// query of Scoutfish's `white-move` comparison) through the index answers as the scan
// does, counted and written; a count on masters-10k is decided by the index's per-side
// castling lists for every matching game without variations, so it replays none of them.
func TestIndexSideCastling(t *testing.T) {
	masters := testdata.File(t, "masters-10k.pgn")
	sample := testdata.File(t, "cql-sample.pgn")
	dir := filepath.Join(t.TempDir(), "ix")
	if st, _, errs := runCLI(t, "index", "build", "-x", dir, masters, sample); st != 0 {
		t.Fatalf("build: status %d: %s", st, errs)
	}
	decided := regexp.MustCompile(`(\d+) matched \((\d+) decided by the index`)
	for _, qs := range []string{
		"wtm move o-o-o", "btm move o-o-o", "move o-o-o btm", "wtm and move o-o",
		"btm move previous o-o-o", "wtm move previous castle", "cql(variations) wtm move o-o-o",
		"{btm move castle}", "wtm move o-o-o check",
	} {
		for _, extra := range [][]string{{"--count"}, nil} {
			args := append(append([]string{}, extra...), qs)
			st1, out1, _ := runCLI(t, append(args, masters, sample)...)
			st2, out2, err2 := runCLI(t, append(args, "--index", dir)...)
			if st1 != st2 || out1 != out2 {
				t.Errorf("%q %v: scan (%d) and index (%d) differ: %d and %d bytes", qs, extra, st1, st2, len(out1), len(out2))
			}
			if extra == nil || qs == "wtm move o-o-o check" {
				continue
			}
			m := decided.FindStringSubmatch(err2)
			if m == nil || m[1] == "0" || m[1] != strings.TrimSpace(out1) {
				t.Errorf("%q: the index decided no game, or the count differs: %q, scan %q", qs, err2, out1)
			} else if n, _ := strconv.Atoi(m[1]); !strings.Contains(qs, "variations") && n-mustAtoi(t, m[2]) > n/50 {
				t.Errorf("%q: %s of %d games decided", qs, m[2], n)
			}
		}
	}
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
