package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	binaryOnce sync.Once
	binaryPath string
	binaryErr  error
	binaryDir  string
)

// cqlBinary builds the command once per test run: signals need a process of its own.
func cqlBinary(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("POSIX signals")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build the binary")
	}
	binaryOnce.Do(func() {
		binaryDir, binaryErr = os.MkdirTemp("", "cql-bin-")
		if binaryErr != nil {
			return
		}
		binaryPath = filepath.Join(binaryDir, "cql")
		out, err := exec.Command(goTool, "build", "-o", binaryPath, ".").CombinedOutput()
		if err != nil {
			binaryErr = err
			t.Logf("%s", out)
		}
	})
	if binaryErr != nil {
		t.Fatal(binaryErr)
	}
	return binaryPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binaryDir != "" {
		os.RemoveAll(binaryDir)
	}
	os.Exit(code)
}

// waitFor polls until ok or the deadline (generous: the machine is shared and slow).
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(20 * time.Second); !ok(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// TestSignalRemovesTemp: SIGINT or SIGTERM during `cql -o out.pgn ...` ends the process by
// that signal, keeps the earlier out.pgn and leaves no temporary file: both when the run can
// stop by itself (its input goes on) and when it is stuck reading a silent pipe (a second
// signal, or the grace period, ends it).
func TestSignalRemovesTemp(t *testing.T) {
	bin := cqlBinary(t)
	game := string(mateGames(1))
	for _, c := range []struct {
		name   string
		sig    syscall.Signal
		second syscall.Signal // 0: feed more input and close it instead
	}{
		{"SIGINT", syscall.SIGINT, 0},
		{"SIGTERM", syscall.SIGTERM, 0},
		{"SIGINT, stuck, then SIGINT", syscall.SIGINT, syscall.SIGINT},
		{"SIGTERM, stuck, then SIGTERM", syscall.SIGTERM, syscall.SIGTERM},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out.pgn")
			if err := os.WriteFile(out, []byte("earlier\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, "-o", out, "mate", "-")
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Mid-run: games are going in and the temporary file exists.
			io.WriteString(stdin, strings.Repeat(game, 2000))
			waitFor(t, "the temporary output file", func() bool { return len(dirNames(t, dir)) == 2 })
			cmd.Process.Signal(c.sig)
			if c.second == 0 {
				io.WriteString(stdin, strings.Repeat(game, 2000)) // the reader wakes and sees the signal
				stdin.Close()
			} else {
				time.Sleep(100 * time.Millisecond)
				cmd.Process.Signal(c.second)
			}
			err = cmd.Wait()
			if c.second != 0 {
				stdin.Close()
			}
			ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
			if !ok || !ws.Signaled() || ws.Signal() != c.sig {
				t.Errorf("ended by %v (%v), want killed by %v; stderr: %s", cmd.ProcessState, err, c.sig, stderr.String())
			}
			if !strings.Contains(stderr.String(), "cql: interrupted") {
				t.Errorf("stderr: %s", stderr.String())
			}
			if names := dirNames(t, dir); len(names) != 1 {
				t.Errorf("left behind: %v", names)
			}
			if b, _ := os.ReadFile(out); string(b) != "earlier\n" {
				t.Errorf("out.pgn changed: %.40q", b)
			}
		})
	}
}
