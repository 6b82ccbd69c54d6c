package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// runIn runs the command line and returns status, stdout and stderr.
func runIn(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	st := run(args, strings.NewReader(""), &out, &errb)
	return st, out.String(), errb.String()
}

// dirNames lists the names in dir: what a run left behind.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// withUmask runs f with the process umask set to mask (tests here do not run in parallel).
func withUmask(mask int, f func()) {
	old := syscall.Umask(mask)
	defer syscall.Umask(old)
	f()
}

// TestOutputMode: a new output file gets 0666 less the umask, like a shell's `>`; os.CreateTemp
// alone would give 0600.
func TestOutputMode(t *testing.T) {
	for _, c := range []struct {
		umask int
		want  os.FileMode
	}{{0o022, 0o644}, {0o077, 0o600}, {0o002, 0o664}} {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.pgn")
		withUmask(c.umask, func() {
			if st, _, errs := runIn(t, "-o", out, "mate", games); st != exitMatch {
				t.Fatalf("status %d: %s", st, errs)
			}
		})
		fi, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != c.want {
			t.Errorf("umask %03o: mode %v, want %v", c.umask, fi.Mode().Perm(), c.want)
		}
		if names := dirNames(t, dir); len(names) != 1 {
			t.Errorf("left behind: %v", names)
		}
	}
}

// TestOutputThroughSymlink: -o naming a symbolic link writes the link's target (relative and
// chained links too) and keeps the target's mode; the links stay links. A dangling link names
// the file to create.
func TestOutputThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "results")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(sub, "mates.pgn")
	if err := os.WriteFile(target, []byte("old\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(target, 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.pgn")
	if err := os.Symlink("results/mates.pgn", link); err != nil { // relative to the link's directory
		t.Fatal(err)
	}
	link2 := filepath.Join(dir, "link2.pgn")
	if err := os.Symlink(link, link2); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{link, link2} {
		os.WriteFile(target, []byte("old\n"), 0o640)
		if st, _, errs := runIn(t, "-o", name, "mate", games); st != exitMatch {
			t.Fatalf("status %d: %s", st, errs)
		}
		b, _ := os.ReadFile(target)
		if !strings.Contains(string(b), "4. Qxf7# {CQL} 1-0") {
			t.Errorf("-o %s: target holds %q", filepath.Base(name), b)
		}
		for _, l := range []string{link, link2} {
			if fi, err := os.Lstat(l); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("-o %s: %s is no longer a symbolic link", filepath.Base(name), l)
			}
		}
		if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
			t.Errorf("-o %s: target's mode %v, want -rw-r-----", filepath.Base(name), fi.Mode().Perm())
		}
	}
	if names := dirNames(t, sub); len(names) != 1 {
		t.Errorf("left behind in %s: %v", sub, names)
	}
	// A dangling link: the file it names is created.
	dangling := filepath.Join(dir, "new.pgn")
	if err := os.Symlink("results/new-target.pgn", dangling); err != nil {
		t.Fatal(err)
	}
	withUmask(0o022, func() {
		if st, _, errs := runIn(t, "-o", dangling, "mate", games); st != exitMatch {
			t.Fatalf("status %d: %s", st, errs)
		}
	})
	if fi, err := os.Stat(filepath.Join(sub, "new-target.pgn")); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("dangling link's target: %v %v", fi, err)
	}
	// A link to one of the inputs is refused like the input itself.
	in := filepath.Join(dir, "in.pgn")
	data, _ := os.ReadFile(games)
	os.WriteFile(in, data, 0o644)
	inLink := filepath.Join(dir, "in-link.pgn")
	os.Symlink("in.pgn", inLink)
	if st, _, errs := runIn(t, "-o", inLink, "mate", in); st != exitError || !strings.Contains(errs, "also an input") {
		t.Errorf("-o link to the input: status %d, %s", st, errs)
	}
	if b, _ := os.ReadFile(in); !bytes.Equal(b, data) {
		t.Error("the input was changed")
	}
}

// TestOutputCleanup: a run that fails after creating its temporary output file removes it and
// leaves the earlier output as it was; --count -o writes the count to the file.
func TestOutputCleanup(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pgn")
	os.WriteFile(out, []byte("earlier\n"), 0o644)
	// The second input is missing: the run fails after writing the first one's games.
	st, _, errs := runIn(t, "-o", out, "mate", games, filepath.Join(dir, "missing.pgn"))
	if st != exitError || !strings.Contains(errs, "missing.pgn") {
		t.Errorf("status %d: %s", st, errs)
	}
	if b, _ := os.ReadFile(out); string(b) != "earlier\n" {
		t.Errorf("output changed by a failed run: %q", b)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("left behind: %v", names)
	}
	// --count -o FILE: the count goes to FILE, not to standard output.
	st, stdout, errs := runIn(t, "--count", "-o", out, "mate", games)
	if b, _ := os.ReadFile(out); st != exitMatch || string(b) != "1\n" || stdout != "" {
		t.Errorf("--count -o: status %d, file %q, stdout %q, stderr %s", st, b, stdout, errs)
	}
	// Into a missing directory: a clear error, nothing created.
	st, _, errs = runIn(t, "-o", filepath.Join(dir, "no", "out.pgn"), "mate", games)
	if st != exitError || !strings.Contains(errs, "cannot write output "+filepath.Join(dir, "no", "out.pgn")+": no such file or directory") {
		t.Errorf("missing directory: status %d, %s", st, errs)
	}
	// A directory as the output.
	st, _, errs = runIn(t, "-o", dir, "mate", games)
	if st != exitError || !strings.Contains(errs, "is a directory") {
		t.Errorf("directory: status %d, %s", st, errs)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("left behind: %v", names)
	}
}

// TestOutputDevice: a device is written directly, never replaced by a renamed file.
func TestOutputDevice(t *testing.T) {
	if _, err := os.Stat("/dev/null"); err != nil {
		t.Skip("no /dev/null")
	}
	if st, _, errs := runIn(t, "-o", "/dev/null", "mate", games); st != exitMatch {
		t.Errorf("-o /dev/null: status %d, %s", st, errs)
	}
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is no longer a device: %v %v", fi, err)
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		st, _, errs := runIn(t, "-o", "/dev/full", "mate", games)
		if st != exitError || !strings.Contains(errs, "no space left on device") {
			t.Errorf("-o /dev/full: status %d, %s", st, errs)
		}
	}
}
