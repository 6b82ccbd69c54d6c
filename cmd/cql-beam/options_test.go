package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// TestOptionsAsCQL: the options that add filters (-cql, -result) and the range options
// read as cql reads them, with a script, without one and in CQL's two-number form; bad
// values are refused with cql's message. Found by TestRandomQueriesBeam: -cql with a .cql
// file ran -cql's filter alone over the script read as PGN; -result draw and -result 1/2
// matched nothing, and -result foo, -gamenumber 0, -limit 0 and -quiet -silent were
// accepted; -matchcount 2 6 read 6 as the query; -mainline -variations searched the main
// line only (cql: the last given wins); -silent with cql(quiet) kept quiet's comments;
// cql(quiet) showed the problems in games. Options in any letter case, -noheaders,
// --format FEN and --tags Elo as cql reads them. cql's other filter options (-fen,
// -player, -year, -flipcolor, -assign, ...) and comment options were not offered.
func TestOptionsAsCQL(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	script := filepath.Join(t.TempDir(), "m.cql")
	quiet := filepath.Join(filepath.Dir(script), "quiet.cql")
	for f, text := range map[string]string{script: "cql() move previous from b1\n", quiet: "cql(quiet) check\n"} {
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
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
		{"-silent", quiet},
		{"-mainline", "-variations", "--count", "check"},
		{"-variations", "-mainline", "check"},
		{"-limit", "0", "check"},
		{"--format", "FEN", "check"},
		{"-Count", "-MatchCount", "2", "5", "check"},
		{"-noheaders", "mate"},
		{"--tags", "Elo", "--format", "csv", "mate"},
		// cql's other filter options, added through package preamble as cql adds them.
		{"-flipcolor", "-white", "^[A-M]", "--count", "check"},
		{"-player", "an", "-year", "1990", "2015", "mate"},
		{"-year", "0", "mate"},
		{"-wtm", "-event", "ch", "--count", "check"},
		{"-fen", "8/8/8/8/8/8/8/8", "check"},
		{"-assign", "v", "3", "--count", script},
		{"-assign", "3x", "4", "mate"},
		{"-virtualmainline", "--count", "check"},
		{"-shift", "-rotate90", script},
		{"-player", "a", "-player", "b", "mate"},
		{"-alwayscomment", "-nouniquecomments", quiet},
	}
	for _, q := range cases {
		t.Run(strings.Join(q, " "), func(t *testing.T) {
			same(t, q, []string{games}, "--shard_size", "20000")
		})
	}
	// The header's quiet hides the problems in games, as --quiet does.
	broken := filepath.Join(testdata.Dir(t), "edge", "synthetic", "broken.pgn")
	same(t, []string{quiet}, []string{broken}, "--shard_size", "300")
}

// TestOutputStdout: -o stdout (any case; also the header's output) is standard output, as
// for cql; cql-beam wrote a file named stdout.
func TestOutputStdout(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	dir := t.TempDir()
	script := filepath.Join(dir, "out.cql")
	if err := os.WriteFile(script, []byte("cql(output STDOUT) mate\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, q := range [][]string{{"mate", "-o", "stdout"}, {script}} {
		ra := runCmd(t, cql(t), nil, append(q, games)...)
		rb := beamCmd(t, append(append([]string{"--shard_size", "20000"}, q...), games)...)
		if ra.status != rb.status || ra.stdout != rb.stdout || ra.stdout == "" {
			t.Errorf("%q: cql status %d, %d bytes on standard output; cql-beam status %d, %d bytes", q, ra.status, len(ra.stdout), rb.status, len(rb.stdout))
		}
	}
	left, _ := filepath.Glob("[sS][tT][dD][oO][uU][tT]")
	for _, f := range left {
		os.Remove(f)
		t.Errorf("cql-beam wrote a file %s", f)
	}
}

// TestRuntimeFailure: a query that fails at run time (CQL stops when a number stands where a
// filter is matched, or at a failed assert) stops cql with the failure at the first failing
// game in input order, the problems and messages before it, and no output. cql-beam failed
// the job with the runner's trace instead (and could name a later game, from whichever shard
// failed first).
func TestRuntimeFailure(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	broken := filepath.Join(testdata.Dir(t), "edge", "synthetic", "broken.pgn")
	for _, q := range [][]string{
		{"gamenumber > 100 240"},
		{"--count", "gamenumber > 100 240"},
		{`check message ("m" gamenumber) gamenumber > 120 240`},
		{"persistent Cnt += 1 gamenumber > 100 240"},              // additive: summed per piece
		{"persistent Cnt = 0 Cnt = Cnt + 1 gamenumber > 100 240"}, // serial stage
		{"gamenumber > 200 assert false"},
	} {
		t.Run(strings.Join(q, " "), func(t *testing.T) {
			same(t, q, []string{broken, games}, "--shard_size", "9000")
		})
	}
}

// TestOutputMode: the output file has the mode cql's has: a new one 0666 less the umask, an
// existing one its own. cql-beam's was 0600 (its staged temporary file's), unreadable by
// other users.
func TestOutputMode(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	dir := t.TempDir()
	mode := func(p string) os.FileMode {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		return st.Mode().Perm()
	}
	for _, existing := range []bool{false, true} {
		a, b := filepath.Join(dir, fmt.Sprintf("cql-%t.pgn", existing)), filepath.Join(dir, fmt.Sprintf("beam-%t.pgn", existing))
		if existing {
			for _, p := range []string{a, b} {
				if err := os.WriteFile(p, []byte("earlier\n"), 0o640); err != nil {
					t.Fatal(err)
				}
				os.Chmod(p, 0o640) // whatever the umask
			}
		}
		runCmd(t, cql(t), nil, "mate", games, "-o", a)
		beamCmd(t, "mate", games, "-o", b)
		if ma, mb := mode(a), mode(b); ma != mb {
			t.Errorf("existing output %t: cql's output has mode %v, cql-beam's %v", existing, ma, mb)
		}
	}
}

// TestHeaderOutputKept: a count, or records of a format other than pgn, go to standard output
// and leave the header's output file as it is, in cql-beam as in cql (both replaced it with
// the count). The header's output still gets the PGN games.
func TestHeaderOutputKept(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	for _, q := range [][]string{{"--count"}, {"--format", "fen"}, {"--format", "csv", "--tags", "White"}} {
		t.Run(strings.Join(q, " "), func(t *testing.T) {
			dir := t.TempDir()
			var out [2]string
			for k, bin := range []string{"cql", "cql-beam"} {
				script := filepath.Join(dir, bin+".cql")
				target := filepath.Join(dir, bin+".pgn")
				os.WriteFile(script, []byte("cql(input "+games+" output "+target+") mate\n"), 0o644)
				os.WriteFile(target, []byte("earlier\n"), 0o644)
				args := append(append([]string(nil), q...), script)
				var r result
				if bin == "cql" {
					r = runCmd(t, cql(t), nil, args...)
				} else {
					r = beamCmd(t, append([]string{"--shard_size", "20000"}, args...)...)
				}
				if r.status != 0 || r.stdout == "" {
					t.Errorf("%s: status %d, stdout %q, stderr %s", bin, r.status, r.stdout, r.stderr)
				}
				if b, _ := os.ReadFile(target); string(b) != "earlier\n" {
					t.Errorf("%s replaced the header's output with %.60q", bin, b)
				}
				out[k] = r.stdout
			}
			if out[0] != out[1] {
				t.Errorf("standard output differs: cql %d bytes, cql-beam %d", len(out[0]), len(out[1]))
			}
		})
	}
}

// TestWritefileNotOntoInput: writefile onto an input stops the run, in cql-beam as in cql,
// and the input is left as it is (cql-beam appended to it).
func TestWritefileNotOntoInput(t *testing.T) {
	data, err := os.ReadFile(testdata.File(t, "cql-sample.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "in.pgn")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	same(t, []string{`mate writefile ("` + in + `" "x")`}, []string{in}, "--shard_size", "20000")
	if b, _ := os.ReadFile(in); !bytes.Equal(b, data) {
		t.Errorf("the input changed: %d bytes, was %d", len(b), len(data))
	}
}

// TestStaleStagedRemoved: the staged files of a cql-beam killed by kill -9 carry its process
// id; the next job writing in that directory removes those of ended processes and keeps the
// others (a running job's, names that are not cql-beam's).
func TestStaleStagedRemoved(t *testing.T) {
	ended := exec.Command("true")
	if err := ended.Run(); err != nil {
		t.Skip("no true command:", err)
	}
	dead := strconv.Itoa(ended.Process.Pid)
	dir := t.TempDir()
	stale := []string{
		".cql-beam-" + dead + "-0123456789abcdef.out",
		".cql-beam-" + dead + "-0123456789abcdef.0.3.piece",
		".cql-beam-" + dead + "-0123456789abcdef.log.123.tmp",
	}
	keep := []string{
		".cql-beam-1-0123456789abcdef.out", // pid 1 runs
		".cql-beam-0123456789abcdef.out",   // the old names: whose they are is unknown
		".cql-beam-" + dead + "-0123.out",
		"cql-beam-" + dead + "-0123456789abcdef.out",
	}
	for _, n := range append(append([]string(nil), stale...), keep...) {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	games := testdata.File(t, "cql-sample.pgn")
	if r := beamCmd(t, "-o", filepath.Join(dir, "out.pgn"), "mate", games); r.status != 0 {
		t.Fatalf("status %d: %s", r.status, r.stderr)
	}
	for _, n := range stale {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s is still there", n)
		}
	}
	for _, n := range append(keep, "out.pgn") {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}
