package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/internal/testdata"
)

// The test binary is also cql-beam (CQL_BEAM_MAIN=1) and a standalone prism job server
// (CQL_BEAM_PRISM_PORT=N), so every job runs in a fresh process, as users run it.
func TestMain(m *testing.M) {
	if os.Getenv("CQL_BEAM_MAIN") == "1" {
		os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr))
	}
	if p := os.Getenv("CQL_BEAM_PRISM_PORT"); p != "" {
		port, _ := strconv.Atoi(p)
		ctx, cancel := context.WithCancelCause(context.Background())
		if _, err := prism.CreateJobServer(ctx, prism.Options{Port: port, IdleShutdownTimeout: 5 * time.Minute, CancelFn: cancel}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		<-ctx.Done()
		os.Exit(0)
	}
	st := m.Run()
	if cqlBinary != "" {
		os.RemoveAll(filepath.Dir(cqlBinary)) // a 20 MB binary per run, left in /tmp before
	}
	os.Exit(st)
}

var cqlBinary string

// cql builds the cql command once: cql-beam's output is compared with the real thing.
func cql(t *testing.T) string {
	t.Helper()
	if cqlBinary != "" {
		return cqlBinary
	}
	dir, err := os.MkdirTemp("", "cql-beam-test")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "cql")
	build := exec.Command("go", "build", "-o", bin, "./cmd/cql")
	build.Dir = filepath.Join("..", "..") // the main module: its own go.sum
	out, err := build.CombinedOutput()
	if err != nil {
		t.Fatalf("building cql: %v\n%s", err, out)
	}
	cqlBinary = bin
	return bin
}

type result struct {
	status         int
	stdout, stderr string
	output         []byte // the -o file, if any
}

func runCmd(t *testing.T, bin string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	err := cmd.Run()
	st := 0
	if ee, ok := err.(*exec.ExitError); ok {
		st = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{status: st, stdout: so.String(), stderr: se.String()}
}

func beamCmd(t *testing.T, args ...string) result {
	t.Helper()
	return runCmd(t, os.Args[0], []string{"CQL_BEAM_MAIN=1"}, args...)
}

// problems is standard error without the summary line (its time differs), and with
// cql-beam's name in messages as cql's.
func problems(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if strings.HasPrefix(l, "cql: ") && strings.Contains(l, " games read, ") ||
			strings.HasPrefix(l, "cql-beam: ") && strings.Contains(l, " games read, ") {
			continue
		}
		if rest, ok := strings.CutPrefix(l, "cql-beam: "); ok {
			l = "cql: " + rest
		}
		b.WriteString(l)
	}
	return b.String()
}

// same runs cql and cql-beam with the same query arguments over the same inputs and
// compares status, output (standard output or the -o file) and problems byte for byte.
func same(t *testing.T, query []string, inputs []string, beamFlags ...string) {
	t.Helper()
	sameInputs(t, query, inputs, inputs, beamFlags...)
}

// sameInputs is same with different input arguments: a glob for cql-beam, the files it
// matches for cql (a shell would expand it).
func sameInputs(t *testing.T, query []string, inputs, beamInputs []string, beamFlags ...string) {
	t.Helper()
	if d, _ := difference(t, query, inputs, beamInputs, beamFlags...); d != "" {
		t.Fatal(d)
	}
}

// difference runs cql and cql-beam as sameInputs does and says how their results differ
// ("" when they do not), and cql's exit status.
func difference(t *testing.T, query []string, inputs, beamInputs []string, beamFlags ...string) (string, int) {
	t.Helper()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "cql.out"), filepath.Join(dir, "beam.out")
	args := append(append([]string(nil), query...), inputs...)
	ra := runCmd(t, cql(t), nil, append(args, "-o", a)...)
	bargs := append(append(append([]string(nil), beamFlags...), query...), beamInputs...)
	rb := beamCmd(t, append(bargs, "-o", b)...)
	ra.output, _ = os.ReadFile(a)
	rb.output, _ = os.ReadFile(b)
	what := fmt.Sprintf("%q %v", query, beamFlags)
	if ra.status != rb.status {
		return fmt.Sprintf("%s: status cql %d, cql-beam %d\ncql stderr:\n%.1000s\ncql-beam stderr:\n%.1000s", what, ra.status, rb.status, ra.stderr, rb.stderr), ra.status
	}
	if ra.stdout != rb.stdout {
		return fmt.Sprintf("%s: standard output differs:\ncql:      %.300q\ncql-beam: %.300q", what, ra.stdout, rb.stdout), ra.status
	}
	if !bytes.Equal(ra.output, rb.output) {
		i := firstDiff(ra.output, rb.output)
		return fmt.Sprintf("%s: output differs: cql %d bytes, cql-beam %d bytes; first difference at byte %d:\ncql:      %.200q\ncql-beam: %.200q",
			what, len(ra.output), len(rb.output), i, ra.output[max(0, i-60):], rb.output[max(0, i-60):]), ra.status
	}
	if pa, pb := problems(ra.stderr), problems(rb.stderr); pa != pb {
		return fmt.Sprintf("%s: problems differ:\ncql:\n%.1000s\ncql-beam:\n%.1000s", what, pa, pb), ra.status
	}
	if ra.status != exitError {
		if ca, cb := totals(ra.stderr, "cql: "), totals(rb.stderr, "cql-beam: "); ca == "" || ca != cb {
			return fmt.Sprintf("%s: summary: cql %q, cql-beam %q", what, ca, cb), ra.status
		}
		if na, nb := notes(ra.stderr, "cql: "), notes(rb.stderr, "cql-beam: "); na != nb {
			return fmt.Sprintf("%s: summary notes: cql %q, cql-beam %q", what, na, nb), ra.status
		}
	}
	return "", ra.status
}

// totals is the counts of a summary line: "N games read, M matched (P positions), E with errors".
func totals(stderr, prefix string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, prefix) && strings.Contains(l, " games read, ") {
			l = strings.TrimPrefix(l, prefix)
			if i := strings.Index(l, " with errors"); i >= 0 {
				return l[:i]
			}
		}
	}
	return ""
}

// notes is what a summary line says after its counts and speed (warnings not shown,
// duplicates, a stop at --limit), without cql-beam's shards and runner.
func notes(stderr, prefix string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if !strings.HasPrefix(l, prefix) || !strings.Contains(l, " games read, ") {
			continue
		}
		_, rest, _ := strings.Cut(l, " games/s")
		if i := strings.LastIndex(rest, " ("); i >= 0 && strings.Contains(rest[i:], ", runner ") {
			rest = rest[:i]
		}
		return rest
	}
	return ""
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// The queries of cmd/cql's end-to-end tests (TestQueryCLI, TestSortOutput, TestThreadsAgree)
// that say something about real games, in every output format.
var queries = [][]string{
	{"mate"},
	{"stalemate", "--format", "epd"},
	{"square x in h1-8 {R attacks x x attacks K}", "--format", "fen"},
	{"--matchcount", "4", "btm", "--format", "epd"},
	{"--count", "check"},
	{`mate comment ("mated by " from)`},
	{`check not initial message ("check from " from)`, "--count"},
	{"--count", "elo > 2600"},
	{"--count", "year == 2021"},
	{"-gamenumber", "777-2345", "mate", "--format", "jsonl"},
	{"Q attacks k", "--quiet"},
	{"power A >= power a + 5", "--silent"},
	{"move promote N", "--format", "jsonl"},
	{`sort "material" power A - power a`, "--quiet", "--count"},
	{`sort "material" power A - power a`, "--format", "fen"},
	{`mate sort "material" power A - power a`},
	{"cql(sort matchcount) check"},
	{"gamenumber > 9990 or gamenumber == 1234"},
	{"persistent Mates += 1 mate", "--count"},
	{"up K == [f6,f7,f8]"},
}

// splitFile writes data as 7 files of uneven sizes cut at game starts.
func splitFile(t *testing.T, data []byte, dir, name string) []string {
	t.Helper()
	fracs := []float64{0.02, 0.05, 0.25, 0.3, 0.61, 0.97}
	var cuts []int
	for _, f := range fracs {
		p := int(f * float64(len(data)))
		i := bytes.Index(data[p:], []byte("\n[Event "))
		cuts = append(cuts, p+i+1)
	}
	cuts = append(append([]int{0}, cuts...), len(data))
	var files []string
	for i := 0; i+1 < len(cuts); i++ {
		f := filepath.Join(dir, fmt.Sprintf("%s-%d.pgn", name, i))
		if err := os.WriteFile(f, data[cuts[i]:cuts[i+1]], 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// TestSameAsCQL: for every query, on both corpora, whole and split into 7 uneven files,
// with one shard per file and with small byte-range shards (boundaries everywhere: inside
// tags, comments, moves, at [Event), cql-beam writes what cql writes.
func TestSameAsCQL(t *testing.T) {
	qs := queries
	corpora := []string{"lichess-10k.pgn", "masters-10k.pgn"}
	short := testing.Short()
	if short {
		qs = [][]string{queries[0], queries[9], queries[15], queries[18]}
		corpora = corpora[:1]
	}
	for _, name := range corpora {
		path := testdata.File(t, name)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		split := splitFile(t, data, t.TempDir(), strings.TrimSuffix(name, ".pgn"))
		layouts := []struct {
			name   string
			inputs []string
			flags  []string
		}{
			{"whole", []string{path}, []string{"--shard_size", "0"}},
			{"whole, 333 kB shards", []string{path}, []string{"--shard_size", "333333"}},
			{"7 files", split, []string{"--shard_size", "0"}},
			{"7 files, 150 kB shards", split, []string{"--shard_size", "150001"}},
		}
		if short {
			layouts = []struct {
				name   string
				inputs []string
				flags  []string
			}{layouts[1], layouts[3]}
		}
		for _, l := range layouts {
			for _, q := range qs {
				t.Run(fmt.Sprintf("%s/%s/%s", name, l.name, strings.Join(q, " ")), func(t *testing.T) {
					same(t, q, l.inputs, l.flags...)
				})
			}
		}
	}
}

// TestBadInput: damaged games cost only themselves and are reported with file, line and
// game number as cql reports them; a glob of edge files reads as cql reads them.
func TestBadInput(t *testing.T) {
	dir := testdata.Dir(t)
	broken := filepath.Join(dir, "edge", "synthetic", "broken.pgn")
	same(t, []string{"mate"}, []string{broken}, "--shard_size", "300")
	glob := filepath.Join(dir, "edge", "synthetic", "*.pgn")
	files, _ := filepath.Glob(glob)
	sameInputs(t, []string{"check"}, files, []string{glob}, "--shard_size", "500")
}

// TestJobFailureCommitsNothing: an input that cannot be read fails before the job, and a
// truncated compressed input fails the job; either way an existing output stays as it was.
func TestJobFailureCommitsNothing(t *testing.T) {
	data, err := os.ReadFile(testdata.File(t, "masters-10k.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pgn")
	os.WriteFile(out, []byte("earlier result\n"), 0o644)
	enc, _ := zstd.NewWriter(nil)
	z := enc.EncodeAll(data, nil)
	cut := filepath.Join(dir, "cut.pgn.zst")
	os.WriteFile(cut, z[:len(z)/2], 0o644)
	for _, c := range []struct {
		input, msg string
	}{
		{filepath.Join(dir, "missing.pgn"), "missing.pgn"},
		{filepath.Join(dir, "nothing-*.pgn"), "no file matches"},
		{cut, "cut.pgn.zst"},
	} {
		r := beamCmd(t, "mate", c.input, "-o", out)
		if r.status != exitError || !strings.Contains(r.stderr, c.msg) {
			t.Errorf("%s: status %d, stderr:\n%s", c.input, r.status, r.stderr)
		}
		if b, _ := os.ReadFile(out); string(b) != "earlier result\n" {
			t.Errorf("%s: output changed to %.100q", c.input, b)
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".cql-beam-*"))
	if len(left) > 0 {
		t.Errorf("staged files left behind: %v", left)
	}
}

// TestUniversalRunner submits the job through the portable job API to prism running as a
// separate job server process, the way Flink and Spark job servers are used.
func TestUniversalRunner(t *testing.T) {
	l, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Skipf("cannot open a port for the job server: %v", err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	srv := exec.Command(os.Args[0])
	srv.Env = append(os.Environ(), "CQL_BEAM_PRISM_PORT="+strconv.Itoa(port))
	var srvErr bytes.Buffer
	srv.Stderr = &srvErr
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { srv.Process.Kill(); srv.Wait() }()
	endpoint := fmt.Sprintf("localhost:%d", port)
	deadline := time.Now().Add(30 * time.Second)
	for {
		c, err := net.Dial("tcp", endpoint)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Skipf("job server did not open %s: %v\n%s", endpoint, err, srvErr.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	path := testdata.File(t, "lichess-10k.pgn")
	flags := []string{"--runner", "universal", "--endpoint", endpoint, "--environment_type", "loopback", "--shard_size", "1000000"}
	same(t, []string{"mate"}, []string{path}, flags...)
	same(t, []string{`sort "material" power A - power a`, "--format", "fen"}, []string{path}, flags...)
}

// TestEventInsideComments: real games where every third one quotes another game in a
// comment, `[Event ` lines included, read through shards of 97 to 4,001 bytes (boundaries
// inside and around the quoted games): the output is cql's, byte for byte. Before shards
// were resolved (package shard), such a boundary lost or repeated games silently.
func TestEventInsideComments(t *testing.T) {
	data, err := os.ReadFile(testdata.File(t, "lichess-10k.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	starts := bytes.SplitAfter(data, []byte("\n\n[Event "))
	var b bytes.Buffer
	for i, g := range starts[:300] {
		if j := bytes.Index(g, []byte(" 2. ")); i%3 == 0 && j >= 0 {
			b.Write(g[:j])
			b.WriteString(" { a game quoted:\n[Event \"quoted\"]\n[Site \"?\"]\n\n1. d4 d5 2. c4 *\n\n[Event \"another\"]\n\n1. e4 ; brace {\n}")
			b.Write(g[j:])
			continue
		}
		b.Write(g)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "quoted.pgn")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	sizes := []string{"97", "4001"}
	if testing.Short() {
		sizes = sizes[1:]
	}
	for _, size := range sizes {
		same(t, []string{"check"}, []string{path}, "--shard_size", size)
		same(t, []string{"mate", "--format", "jsonl"}, []string{path}, "--shard_size", size)
	}
}

// TestFormatsAndFlags: csv and html (header and pages around games merged from many
// pieces, sorted or not), --tags, --nosort, --stats (tallies merged over pieces), additive
// persistent tallies (summed over pieces), and --limit and --dedupe (read in order in the
// final stage): output, standard output (persistent values and --stats with -o), problems and
// summary as cql's.
func TestFormatsAndFlags(t *testing.T) {
	path := testdata.File(t, "lichess-10k.pgn")
	flags := []string{"--shard_size", "333333"}
	cases := [][]string{
		{"mate", "--format", "html"},
		{"check", "--format", "csv"},
		{`sort "material" power A - power a`, "--format", "csv", "--tags", "White,Black,Result"},
		{`mate sort "material" power A - power a`, "--format", "html"},
		{`sort "material" power A - power a`, "--nosort", "--format", "fen"},
		{"mate", "--stats"},
		{"check", "--stats-format", "json", "--count"},
		{"persistent quiet Checks += 1 check persistent Mates += 1 mate", "--count"},
		{"persistent Mates += 1 mate"},
		{"check", "--limit", "50"},
		{"mate", "--limit", "7", "--format", "csv"},
		{"mate", "--dedupe"},
		{"mate", "--dedupe-skip", "--count"},
		// The squares the query marked, as cql writes them.
		{"Q attacks k", "--format", "jsonl"},
		{"Q attacks k", "--format", "html"},
	}
	if testing.Short() {
		cases = [][]string{cases[0], cases[2], cases[6], cases[7], cases[9], cases[13]}
	}
	for _, q := range cases {
		t.Run(strings.Join(q, " "), func(t *testing.T) {
			same(t, q, []string{path}, flags...)
		})
	}
}
