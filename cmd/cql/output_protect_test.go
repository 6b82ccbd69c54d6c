package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// `cql -o in.pgn mate - < in.pgn` must not replace the file it reads on standard input:
// -o is refused onto standard input's file (its device and inode) as onto any input, and so
// is writefile.
func TestOutputNotOntoStandardInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pgn")
	games := mateGames(3)
	if err := os.WriteFile(in, games, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"-o", []string{"-o", in, "mate", "-"}, "output " + in + " is also an input; refusing to overwrite it"},
		{"-o through a link", []string{"-o", filepath.Join(dir, "link.pgn"), "mate", "-"}, "is also an input"},
		{"writefile", []string{`writefile ("` + in + `" "x")`, "-"}, "writefile: " + in + " is an input of this run"},
	} {
		t.Run(c.name, func(t *testing.T) {
			os.Remove(filepath.Join(dir, "link.pgn"))
			if err := os.Symlink("in.pgn", filepath.Join(dir, "link.pgn")); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var out, errb bytes.Buffer
			st := run(c.args, f, &out, &errb)
			if st != exitError || !strings.Contains(errb.String(), c.want) {
				t.Errorf("status %d, stderr %q; want %d and %q", st, errb.String(), exitError, c.want)
			}
			if b, _ := os.ReadFile(in); !bytes.Equal(b, games) {
				t.Errorf("in.pgn changed: %d bytes, %.60q", len(b), b)
			}
		})
	}
	// Standard input from another file still writes the output.
	other := filepath.Join(dir, "other.pgn")
	os.WriteFile(other, games, 0o644)
	f, err := os.Open(other)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out, errb bytes.Buffer
	if st := run([]string{"-o", filepath.Join(dir, "o.pgn"), "mate", "-"}, f, &out, &errb); st != 0 {
		t.Errorf("status %d: %s", st, errb.String())
	}
}

// -o onto a file its user may not write is refused as a shell's `>` refuses it; the file
// is replaced by a rename, which its mode does not stop (it was, and kept mode 0444). Root
// writes any file, so under root the run is made as the user nobody.
func TestOutputReadOnly(t *testing.T) {
	bin := cqlBinary(t)
	dir, err := os.MkdirTemp("", "cql-readonly-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	games := filepath.Join(dir, "games.pgn")
	out := filepath.Join(dir, "out.pgn")
	if err := os.WriteFile(games, mateGames(2), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte("earlier\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	// The directory may be written (a rename can replace out.pgn); out.pgn may not.
	for _, d := range []string{dir, filepath.Dir(bin)} {
		if err := os.Chmod(d, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(out, 0o444)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"replace", []string{"-o", out, "mate", games}},
		{"append", []string{"-append", "-o", out, "mate", games}},
		{"count", []string{"-count", "-o", out, "mate", games}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(bin, c.args...)
			if os.Geteuid() == 0 {
				cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			ee, ok := err.(*exec.ExitError)
			if !ok || ee.ExitCode() != exitError || !strings.Contains(stderr.String(), "cannot write output "+out+": permission denied") {
				t.Errorf("%v; stderr: %s", err, stderr.String())
			}
			st, err := os.Stat(out)
			if b, _ := os.ReadFile(out); err != nil || string(b) != "earlier\n" || st.Mode().Perm() != 0o444 {
				t.Errorf("out.pgn is now %q, mode %v", b, st.Mode())
			}
			if names := dirNames(t, dir); len(names) != 2 {
				t.Errorf("left behind: %v", names)
			}
		})
	}
}

// kill -9 during -o leaves the temporary file; the next run writing in that directory
// recognises it by the dead process id in its name and removes it. Files of live processes,
// and files that only look like ours, stay.
func TestStaleTempRemoved(t *testing.T) {
	bin := cqlBinary(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pgn")
	cmd := exec.Command(bin, "-o", out, "mate", "-")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, strings.Repeat(string(mateGames(1)), 2000))
	waitFor(t, "the temporary output file", func() bool { return len(dirNames(t, dir)) == 1 })
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	stdin.Close()
	left := dirNames(t, dir)
	want := ".out.pgn.cql-" + strconv.Itoa(cmd.Process.Pid) + "-"
	if len(left) != 1 || !strings.HasPrefix(left[0], want) {
		t.Fatalf("after kill -9: %v, want one %s*.tmp", left, want)
	}
	// Another base name in the same directory, a live process's (pid 1), and names that are
	// not cql's stay.
	keep := []string{
		".other.pgn.cql-1-5.tmp",
		".out.pgn.12345.tmp",
		".out.pgn.cql-x-1.tmp",
		"notes.cql-" + strconv.Itoa(cmd.Process.Pid) + "-1.tmp",
	}
	for _, k := range keep {
		os.WriteFile(filepath.Join(dir, k), nil, 0o644)
	}
	stale := ".other.pgn.cql-" + strconv.Itoa(cmd.Process.Pid) + "-7.tmp"
	os.WriteFile(filepath.Join(dir, stale), nil, 0o644)
	if st, _, stderr := runIn(t, "-o", out, "mate", filepath.Join("../../testdata/query/games.pgn")); st != 0 {
		t.Fatalf("status %d: %s", st, stderr)
	}
	got := strings.Join(dirNames(t, dir), " ")
	for _, k := range append(keep, "out.pgn") {
		if !strings.Contains(got, k) {
			t.Errorf("%s was removed: %s", k, got)
		}
	}
	for _, gone := range []string{left[0], stale} {
		if strings.Contains(got, gone) {
			t.Errorf("%s is still there: %s", gone, got)
		}
	}
}

func TestTempPID(t *testing.T) {
	for name, want := range map[string]int{
		".out.pgn.cql-42-7.tmp":       42,
		".a.cql-b.pgn.cql-9-1.tmp":    9,
		".out.pgn.cql-42-.tmp":        0,
		".out.pgn.cql--7.tmp":         0,
		".out.pgn.cql-4x-7.tmp":       0,
		"out.pgn.cql-42-7.tmp":        0,
		".out.pgn.cql-42-7.tmp.other": 0,
		".cql-42-7.tmp":               0,
	} {
		got, ok := tempPID(name)
		if got != want || ok != (want > 0) {
			t.Errorf("tempPID(%q) = %d, %v; want %d", name, got, ok, want)
		}
	}
}

// An input its user may not read is found before any is read: --count prints no partial
// total of the inputs before it (issue 30). Root reads any file, so under root the run is
// made as the user nobody.
func TestUnreadableInputBeforeReading(t *testing.T) {
	bin := cqlBinary(t)
	dir, err := os.MkdirTemp("", "cql-unreadable-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	games := filepath.Join(dir, "games.pgn")
	locked := filepath.Join(dir, "locked.pgn")
	if err := os.WriteFile(games, mateGames(2), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(locked, mateGames(2), 0o000); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{dir, filepath.Dir(bin)} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, "--count", "mate", games, locked)
	if os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != exitError || !strings.Contains(stderr.String(), "permission denied") || stdout.Len() != 0 {
		t.Errorf("%v; stdout %q; stderr: %s", err, stdout.String(), stderr.String())
	}
}
