package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/internal/testdata"
)

// faultCase is one hostile input or environment and what the real command must do with it.
// Every case runs the built binary in a directory of its own; afterwards the directory must
// hold nothing new but the output the case expects, standard error must hold no raw control
// bytes, and the process must have ended in time (no hang).
type faultCase struct {
	name  string
	input string   // generator of $IN (faultInputs), "" for none
	args  []string // $IN: the generated input, $OUT: dir/out.pgn, $DIR: the directory
	exit  int      // exit status; negative: killed by that signal
	err   []string // fragments standard error must contain
	once  string   // a fragment standard error must contain exactly once
	out   string   // exact standard output, when not ""
	rssMB int      // peak memory ceiling (max RSS) in MB, 0: none
	// Environment: "full" writes standard output to /dev/full, "closed" to a pipe whose
	// reader is gone; a signal is sent once the temporary output exists, with standard input
	// an endless stream of games.
	stdout string
	signal syscall.Signal
	leaves []string // names the run may leave in the directory
}

// faultCases: the list, the faults fixed and the ones handled well before, as data.
var faultCases = []faultCase{
	// Damaged PGN: each problem costs only its game; the other games are counted.
	{name: "truncated mid-game", input: "cut-game", args: []string{"--count", "true", "$IN"}, exit: 0, out: "4\n", err: []string{"game 4: ", "missing result"}},
	{name: "truncated mid-tag", input: "cut-tag", args: []string{"--count", "true", "$IN"}, exit: 0, out: "4\n", err: []string{"game 4: "}},
	{name: "truncated mid-comment", input: "cut-comment", args: []string{"--count", "true", "$IN"}, exit: 0, out: "4\n", err: []string{"game 4: ", "unterminated comment"}},
	{name: "50 MB unterminated comment", input: "comment-50MB", args: []string{"--count", "true", "$IN"}, exit: 0, out: "2\n",
		err: []string{"comment runs past the per-game limit of 8388608 bytes"}, rssMB: 250},
	{name: "100,000 nested variations", input: "variations-100k", args: []string{validateCmd, "$IN"}, exit: 1,
		err: []string{}, rssMB: 150},
	{name: "100,000 nested variations searched", input: "variations-100k", args: []string{"--count", "--variations", "true", "$IN"}, exit: 0, out: "2\n",
		err: []string{"variations nested too deeply"}, rssMB: 150},
	// The cut game still holds pgn.DefaultMaxNodes (1<<20) nodes of about 200 bytes: up to
	// 800 MB measured with the node slice's growth, per worker parsing such a game.
	{name: "50 MB line without newline", input: "line-50MB", args: []string{"--count", "true", "$IN"}, exit: 0, out: "2\n",
		err: []string{"game larger than the per-game limit of 8388608 bytes"}, rssMB: 1200},
	{name: "NUL bytes and invalid UTF-8", input: "nul-utf8", args: []string{"--count", "true", "$IN"}, exit: 0, out: "3\n", err: []string{`(\xff)`}},
	{name: "illegal move mid-file", input: "illegal", args: []string{"--count", "true", "$IN"}, exit: 0, out: "3\n", err: []string{"game 2: illegal move"}},
	{name: "FEN without kings", input: "fen-no-king", args: []string{"--count", "true", "$IN"}, exit: 1, out: "0\n", err: []string{"white has 0 kings"}},
	{name: "FEN with three kings", input: "fen-three-kings", args: []string{"--count", "true", "$IN"}, exit: 1, out: "0\n", err: []string{"white has 3 kings"}},
	{name: "100,000-ply game", input: "ply-100k", args: []string{"--count", "ply > 99999", "$IN"}, exit: 0, out: "1\n", rssMB: 250},
	{name: "empty file", input: "empty", args: []string{"--count", "true", "$IN"}, exit: 1, out: "0\n", err: []string{"0 games read"}},
	{name: "a directory", args: []string{"--count", "true", "$DIR"}, exit: 2, err: []string{"a directory with no PGN files"}},
	{name: "missing file", args: []string{"--count", "true", "$DIR/none.pgn"}, exit: 2, err: []string{"none.pgn"}},
	{name: "validate: damaged games", input: "illegal", args: []string{validateCmd, "$IN"}, exit: 1, err: []string{}},

	// Damaged compressed files: exit 2 naming the file, after the games before the damage.
	{name: "truncated .gz", input: "gz-cut", args: []string{"--count", "true", "$IN"}, exit: 2, err: []string{"$IN: compressed data ends early"}},
	{name: "truncated .zst", input: "zst-cut", args: []string{"--count", "true", "$IN"}, exit: 2, err: []string{"$IN: compressed data ends early"}},
	{name: "truncated .bz2", input: "bz2-cut", args: []string{"--count", "true", "$IN"}, exit: 2, err: []string{"$IN: compressed data ends early"}},
	{name: ".gz cut between members", input: "gz-between", args: []string{"--count", "mate", "$IN"}, exit: 2, out: "500\n", err: []string{"$IN: compressed data ends early"}},
	{name: "validate: truncated .zst", input: "zst-cut", args: []string{validateCmd, "$IN"}, exit: 2, err: []string{"$IN: compressed data ends early"}},
	{name: "bit-flipped .gz", input: "gz-flip", args: []string{"--count", "true", "$IN"}, exit: 2, err: []string{"$IN: "}},
	{name: "bit-flipped .zst", input: "zst-flip", args: []string{"--count", "true", "$IN"}, exit: 2, err: []string{"$IN: "}},
	{name: "bit-flipped .bz2", input: "bz2-flip", args: []string{"--count", "true", "$IN"}, exit: 2, err: []string{"$IN: "}},
	{name: "empty .gz", input: "empty.gz", args: []string{"--count", "true", "$IN"}, exit: 2, err: []string{"$IN: empty file: no gzip data"}},
	{name: "decompression bomb: 1 GB comment", input: "bomb-comment", args: []string{"--count", "true", "$IN"}, exit: 0, out: "2\n",
		err: []string{"per-game limit"}, rssMB: 250},
	{name: "decompression bomb: the same game 400,000 times", input: "bomb-games", args: []string{"--count", "mate", "$IN"}, exit: 0, out: "400000\n", rssMB: 300},

	// Hostile queries: a clear error, exit 2.
	{name: "query of 1 MB", input: "query-1MB", args: []string{"$IN", "$DIR/none.pgn"}, exit: 2, err: []string{"nested too deeply"}},
	{name: "query nested 1,000 deep", input: "query-deep", args: []string{"$IN", "$DIR/none.pgn"}, exit: 2, err: []string{"(1000 brackets open here)"}},
	{name: "query with an unterminated string", args: []string{`player white "Carl`, "$DIR/none.pgn"}, exit: 2, err: []string{"string not terminated"}},
	{name: "query with a huge number", args: []string{"ply > 99999999999999999999999", "$DIR/none.pgn"}, exit: 2, err: []string{"number too large"}},
	{name: "binary file as a script", input: "binary.cql", args: []string{"$IN", "$DIR/none.pgn"}, exit: 2, err: []string{`\x00`}},

	// Output faults: exit 2, said once, nothing half-written left.
	{name: "standard output is /dev/full", input: "games-10k", args: []string{"true", "$IN"}, stdout: "full", exit: 2, once: "no space left on device"},
	{name: "-o /dev/full", input: "games-10k", args: []string{"-o", "/dev/full", "true", "$IN"}, exit: 2, once: "cannot write output /dev/full: no space left on device"},
	{name: "standard output is a closed pipe", input: "games-10k", args: []string{"true", "$IN"}, stdout: "closed", exit: -int(syscall.SIGPIPE)},
	{name: "-o into a missing directory", input: "games-10k", args: []string{"-o", "$DIR/no/out.pgn", "true", "$IN"}, exit: 2,
		err: []string{"cannot write output $DIR/no/out.pgn: no such file or directory"}},
	{name: "-o and a failing input", input: "games-10k", args: []string{"-o", "$OUT", "true", "$IN", "$DIR/none.pgn"}, exit: 2, err: []string{"none.pgn"}},
	{name: "-o succeeds", input: "games-10k", args: []string{"-o", "$OUT", "mate", "$IN"}, exit: 0},
	// Later inputs and outputs: the index, Go's SGF ($GNUGO: GNU Go's databases, shared).
	{name: "index build: truncated .zst", input: "zst-cut", args: []string{"index", "build", "-x", "$DIR/ix", "$IN"}, exit: 2,
		err: []string{"cql: $IN: compressed data ends early"}}, // named once, nothing left (no ix.lock)
	{name: "go eyes: not SGF", input: "illegal", args: []string{"go", "eyes", "--db", "$GNUGO", "$IN"}, exit: 2, err: []string{"an SGF file starts with"}},
	{name: "go eyes: truncated SGF", input: "cut.sgf", args: []string{"go", "eyes", "--db", "$GNUGO", "$IN"}, exit: 2, err: []string{`missing "]"`}},
	{name: "go eyes: binary file", input: "binary.sgf", args: []string{"go", "eyes", "--db", "$GNUGO", "$IN"}, exit: 2},
	{name: "go status: a directory", args: []string{"go", "status", "--db", "$GNUGO", "$DIR"}, exit: 2, err: []string{"is a directory"}},

	{name: "SIGINT mid-run with -o", args: []string{"-o", "$OUT", "true", "-"}, signal: syscall.SIGINT, exit: -int(syscall.SIGINT), err: []string{"interrupted"}},
	{name: "SIGTERM mid-run with -o", args: []string{"-o", "$OUT", "true", "-"}, signal: syscall.SIGTERM, exit: -int(syscall.SIGTERM), err: []string{"interrupted"}},
}

// TestFaults runs faultCases.
func TestFaults(t *testing.T) {
	bin := cqlBinary(t)
	for _, c := range faultCases {
		t.Run(c.name, func(t *testing.T) {
			if c.stdout == "full" || strings.Contains(strings.Join(c.args, " "), "/dev/full") {
				if _, err := os.Stat("/dev/full"); err != nil {
					t.Skip("no /dev/full")
				}
			}
			gnugo := ""
			if strings.Contains(strings.Join(c.args, " "), "$GNUGO") {
				gnugo = testdata.GnuGo(t) // skips when the shared reference is missing
			}
			dir := t.TempDir()
			in := ""
			if c.input != "" {
				in = faultInput(t, dir, c.input)
			}
			before := dirNames(t, dir)
			out := filepath.Join(dir, "out.pgn")
			subst := strings.NewReplacer("$IN", in, "$OUT", out, "$DIR", dir, "$GNUGO", gnugo)
			args := make([]string, len(c.args))
			for i, a := range c.args {
				args[i] = subst.Replace(a)
			}
			cmd := exec.Command(bin, args...)
			var stdout, stderr bytes.Buffer
			cmd.Stderr = &stderr
			switch c.stdout {
			case "full":
				f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				cmd.Stdout = f
			case "closed":
				r, w, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				r.Close()
				defer w.Close()
				cmd.Stdout = w
			default:
				cmd.Stdout = &stdout
			}
			var stdin io.WriteCloser
			if c.signal != 0 {
				var err error
				if stdin, err = cmd.StdinPipe(); err != nil {
					t.Fatal(err)
				}
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if c.signal != 0 {
				// An endless stream of games; the run is mid-way once its temporary file exists.
				go func() {
					game := mateGames(100)
					for {
						if _, err := stdin.Write(game); err != nil {
							return
						}
					}
				}()
				waitFor(t, "the temporary output file", func() bool { return len(dirNames(t, dir)) > len(before) })
				cmd.Process.Signal(c.signal)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(2 * time.Minute):
				cmd.Process.Kill()
				t.Fatalf("hung; stderr: %.500s", stderr.String())
			}
			if stdin != nil {
				stdin.Close()
			}
			ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
			got := ws.ExitStatus()
			if ws.Signaled() {
				got = -int(ws.Signal())
			}
			errText := stderr.String()
			if got != c.exit {
				t.Errorf("exit %d, want %d; stderr: %.1000s", got, c.exit, errText)
			}
			for _, want := range c.err {
				if want = subst.Replace(want); !strings.Contains(errText, want) {
					t.Errorf("stderr lacks %q: %.1000s", want, errText)
				}
			}
			if c.once != "" && strings.Count(errText, c.once) != 1 {
				t.Errorf("stderr has %q %d times, want once: %.1000s", c.once, strings.Count(errText, c.once), errText)
			}
			if c.out != "" && stdout.String() != c.out {
				t.Errorf("stdout %q, want %q", stdout.String(), c.out)
			}
			for _, r := range errText {
				if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r == 0xfffd {
					t.Errorf("stderr holds raw %U: %.300q", r, errText)
					break
				}
			}
			// Nothing left behind: the output only when the run succeeded with -o.
			want := len(before)
			if (c.exit == 0 || c.exit == 1) && strings.Contains(strings.Join(c.args, " "), "$OUT") {
				want++
				if _, err := os.Stat(out); err != nil {
					t.Errorf("no output file: %v", err)
				}
			}
			names := dirNames(t, dir)
			for _, n := range c.leaves {
				if slicesContains(names, n) {
					want++
				}
			}
			if len(names) != want {
				t.Errorf("left behind: %v (before: %v)", names, before)
			}
			if c.rssMB > 0 {
				// The child's max RSS starts from this process's peak: Go starts it with
				// vfork (CLONE_VM) and Linux keeps the old memory's high-water mark across
				// exec. So it says something only above this process's peak.
				ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
				mb, self := int(ru.Maxrss/1024), selfPeakMB()
				switch {
				case self >= 0 && mb <= self && self > c.rssMB:
					t.Logf("peak memory not measurable: at most %d MB, and this test process's own peak (%d MB) is above the ceiling (%d MB)", mb, self, c.rssMB)
				case mb > c.rssMB:
					t.Errorf("peak memory %d MB, ceiling %d MB (this test process: %d MB)", mb, c.rssMB, self)
				default:
					t.Logf("peak memory at most %d MB (ceiling %d MB)", mb, c.rssMB)
				}
			}
		})
	}
}

// faultInput writes the input named gen into dir and returns its path.
func faultInput(t *testing.T, dir, gen string) string {
	t.Helper()
	three := mateGames(3)
	var name string
	var data []byte
	switch gen {
	case "cut-game":
		name, data = "in.pgn", append(three, "[Event \"4\"]\n\n1. e4 e5 2. Nf"...)
	case "cut-tag":
		name, data = "in.pgn", append(three, "[Event \"4\"]\n[White \"Carl"...)
	case "cut-comment":
		name, data = "in.pgn", append(three, "[Event \"4\"]\n\n1. e4 {a comment th"...)
	case "comment-50MB":
		return writeRepeated(t, filepath.Join(dir, "in.pgn"), "[Event \"1\"]\n\n1. e4 {", "a long comment ", 50<<20/15, "\n\n[Event \"2\"]\n\n1. e4 e5 *\n")
	case "variations-100k":
		name = "in.pgn"
		data = []byte("[Event \"1\"]\n\n1. e4 " + strings.Repeat("(1. d4 ", 100000) + strings.Repeat(")", 100000) + " e5 *\n\n[Event \"2\"]\n\n1. e4 *\n")
	case "line-50MB":
		return writeRepeated(t, filepath.Join(dir, "in.pgn"), "[Event \"1\"]\n\n", "Nf3 Nf6 Ng1 Ng8 ", 50<<20/16, "*\n\n[Event \"2\"]\n\n1. e4 *\n")
	case "nul-utf8":
		name = "in.pgn"
		data = []byte("[Event \"a\x00b\xff\"]\n\n1. e4 {\x00\xfe\x1b[2J} e5 *\n\n[Event \"2\"]\n\n1. e4 e\x00x5 *\n\n[Event \"3\xc3\"]\n\n1. d4 \xff *\n")
	case "illegal":
		name = "in.pgn"
		data = []byte("[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n\n1. e4 e5 2. Bxf7 *\n\n[Event \"3\"]\n\n1. d4 d5 *\n")
	case "fen-no-king":
		name, data = "in.pgn", []byte("[FEN \"8/8/8/8/8/8/8/k7 w - - 0 1\"]\n[SetUp \"1\"]\n\n*\n")
	case "fen-three-kings":
		name, data = "in.pgn", []byte("[FEN \"k7/8/8/8/8/8/8/K5KK w - - 0 1\"]\n[SetUp \"1\"]\n\n*\n")
	case "ply-100k":
		name = "in.pgn"
		data = []byte("[Event \"1\"]\n\n" + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 25000) + "*\n\n[Event \"2\"]\n\n1. e4 *\n")
	case "empty":
		name = "in.pgn"
	case "empty.gz":
		name = "in.pgn.gz"
	case "games-10k":
		name, data = "in.pgn", mateGames(10000)
	case "gz-cut", "gz-flip":
		name, data = "in.pgn.gz", gzipBytes(t, mateGames(5000))
	case "zst-cut", "zst-flip":
		name, data = "in.pgn.zst", zstdBytes(t, mateGames(5000))
	case "bz2-cut", "bz2-flip":
		name = "in.pgn.bz2"
		if out, err := exec.Command("bzip2", "-c", "../../testdata/sample.pgn").Output(); err == nil {
			data = out
		} else if data, err = os.ReadFile("../../testdata/pgn/small.pgn.bz2"); err != nil {
			t.Fatal(err)
		}
	case "gz-between":
		name, data = "in.pgn.gz", append(gzipBytes(t, mateGames(500)), gzipBytes(t, mateGames(10))[:20]...)
	case "bomb-comment":
		name = "in.pgn.zst"
		data = zstdStream(t, "[Event \"1\"]\n\n1. e4 {", strings.Repeat("x", 1<<20), 1<<10, "}\n\n[Event \"2\"]\n\n1. e4 *\n")
	case "bomb-games":
		name = "in.pgn.zst"
		data = zstdStream(t, "", string(mateGames(1)), 400000, "")
	case "query-1MB":
		name, data = "q.cql", []byte(strings.Repeat("mate or ", 1<<20/8)+"mate")
	case "query-deep":
		name, data = "q.cql", []byte(strings.Repeat("(", 1000)+"mate"+strings.Repeat(")", 1000))
	case "cut.sgf":
		name, data = "cut.sgf", []byte("(;GM[1]SZ[19];B[aa];W[bb")
	case "binary.cql", "binary.sgf":
		name = "bin" + filepath.Ext(gen)
		for i := 0; i < 4096; i++ {
			data = append(data, byte(i*7919>>3))
		}
	default:
		t.Fatalf("no input generator %q", gen)
	}
	switch {
	case strings.HasSuffix(gen, "-cut"):
		data = data[:len(data)/2]
	case strings.HasSuffix(gen, "-flip"):
		data = append([]byte(nil), data...)
		data[len(data)/2] ^= 0x10
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// writeRepeated writes head, n copies of body and tail to path, a megabyte at a time, so
// that this process stays small (see peakRSS).
func writeRepeated(t *testing.T, path, head, body string, n int, tail string) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, head)
	per := max(1, (1<<20)/len(body))
	chunk := strings.Repeat(body, per)
	for i := 0; i < n; i += per {
		if n-i < per {
			chunk = strings.Repeat(body, n-i)
		}
		io.WriteString(f, chunk)
	}
	io.WriteString(f, tail)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func slicesContains(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// selfPeakMB is this process's peak resident memory (VmHWM), or -1 when unknown.
func selfPeakMB() int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb int
			if _, err := fmt.Sscanf(strings.TrimSpace(v), "%d kB", &kb); err == nil {
				return kb / 1024
			}
		}
	}
	return -1
}

// zstdStream compresses head, n copies of body and tail without holding the plain text.
func zstdStream(t *testing.T, head, body string, n int, tail string) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := zstd.NewWriter(&b, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, head)
	chunk := strings.Repeat(body, max(1, (1<<20)/len(body)))
	per := len(chunk) / len(body)
	for i := 0; i < n; i += per {
		if n-i < per {
			chunk = strings.Repeat(body, n-i)
		}
		io.WriteString(w, chunk)
	}
	io.WriteString(w, tail)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func init() {
	// Names must be unique: they are the test names.
	seen := map[string]bool{}
	for _, c := range faultCases {
		if seen[c.name] {
			panic(fmt.Sprintf("fault case %q twice", c.name))
		}
		seen[c.name] = true
	}
}
