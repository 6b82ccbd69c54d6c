package index

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A directory that merely holds a file named MANIFEST is not an index: the build refuses
// to replace it and leaves every file as it was (it was taken for an index and its
// other files deleted). So does a directory of Badger's own that cql did not write.
func TestBuildRefusesForeignDirectory(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "ix")
	os.Mkdir(dir, 0o755)
	for _, name := range []string{"MANIFEST", "thesis.tex"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Build(ctx, dir, []string{lockTestGames}, BuildOptions{})
	if err == nil || !strings.Contains(err.Error(), "refusing to replace it") {
		t.Fatalf("build over a directory with a MANIFEST: %v", err)
	}
	if got := listDir(t, dir); strings.Join(got, " ") != "MANIFEST thesis.tex" {
		t.Errorf("the directory holds %v", got)
	}
	if _, err := Open(dir); !errors.Is(err, ErrNoIndex) {
		t.Errorf("Open of a directory with a MANIFEST: %v, want ErrNoIndex", err)
	}
	// A plain file in the index's place
	file := filepath.Join(t.TempDir(), "ix")
	os.WriteFile(file, []byte("x"), 0o644)
	if _, err := Build(ctx, file, []string{lockTestGames}, BuildOptions{}); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("build over a file: %v", err)
	}
	// An index with its marker removed (as one built by an older cql) is refused too.
	old := filepath.Join(t.TempDir(), "ix")
	if _, err := Build(ctx, old, []string{lockTestGames}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(old, markerName))
	if _, err := Open(old); !errors.Is(err, ErrNoIndex) || !strings.Contains(err.Error(), "older cql") {
		t.Errorf("Open of an index without the marker: %v", err)
	}
	if _, err := Build(ctx, old, []string{lockTestGames}, BuildOptions{}); err == nil {
		t.Error("build replaced an index without the marker")
	}
	// An empty directory is taken.
	empty := filepath.Join(t.TempDir(), "ix")
	os.Mkdir(empty, 0o755)
	if _, err := Build(ctx, empty, []string{lockTestGames}, BuildOptions{}); err != nil {
		t.Errorf("build into an empty directory: %v", err)
	}
}

// A symbolic link given as the index is followed: the index is written to the link's
// target (made if the link dangles), and the link stays (it was replaced by a real
// directory, and its target kept the old index).
func TestBuildThroughSymlink(t *testing.T) {
	ctx := context.Background()
	parent := t.TempDir()
	target := filepath.Join(parent, "real")
	link := filepath.Join(parent, "link")
	if err := os.Symlink("real", link); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(t.TempDir(), "empty.pgn")
	os.WriteFile(empty, []byte("[Event \"x\"]\n\n1. e4 *\n"), 0o644)
	for _, src := range []string{empty, lockTestGames} { // dangling, then a replacement
		want, err := Build(ctx, link, []string{src}, BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("after the build through it the link is %v, %v", st.Mode(), err)
		}
		for _, at := range []string{link, target} {
			ix, err := Open(at)
			if err != nil {
				t.Fatal(err)
			}
			if ix.Meta != want {
				t.Errorf("%s: %+v, want %+v", at, ix.Meta, want)
			}
			ix.Close()
		}
	}
	if got := listDir(t, parent); strings.Join(got, " ") != "link real" {
		t.Errorf("beside the index: %v", got)
	}
}

// An index whose parent directory does not exist is refused with a message that says so
// (it was an error about the lock file: open missing/dir/m.idx.lock: no such file).
func TestBuildMissingParent(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "missing", "dir", "m.idx")
	_, err := Build(context.Background(), dir, []string{lockTestGames}, BuildOptions{})
	if err == nil || !strings.Contains(err.Error(), filepath.Dir(dir)+" does not exist") || strings.Contains(err.Error(), "lock") {
		t.Errorf("build into a missing directory: %v", err)
	}
}

// An index open when a build swaps in another keeps reading its own generation whole,
// though the build removed it from the directory (open files outlive the unlink), and
// the next Open reads the new one.
func TestOpenIndexOutlivesSwap(t *testing.T) {
	ctx := context.Background()
	parent := t.TempDir()
	dir := filepath.Join(parent, "ix")
	first, err := Build(ctx, dir, []string{lockTestGames}, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	second, err := Build(ctx, dir, []string{"../testdata/sample.pgn"}, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := listDir(t, parent); len(got) != 1 || got[0] != "ix" {
		t.Errorf("after the swap: %v, want the old generation removed", got)
	}
	if p, err := ix.Verify(ctx, VerifyOptions{Threads: 2}); err != nil || len(p) != 0 || ix.Meta != first {
		t.Errorf("the index open during the swap: %v %v, %+v", p, err, ix.Meta)
	}
	now, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer now.Close()
	if now.Meta != second {
		t.Errorf("opened after the swap: %+v, want %+v", now.Meta, second)
	}
}

// An error opening a part names it under the index's directory, not under the
// descriptor path the parts are opened through.
func TestOpenErrorNamesTheDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ix")
	if _, err := Build(context.Background(), dir, []string{lockTestGames}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, namesName))
	_, err := Open(dir)
	if err == nil || strings.Contains(err.Error(), "/proc/") || !strings.Contains(err.Error(), filepath.Join(dir, namesName)) {
		t.Errorf("Open without %s: %v", namesName, err)
	}
}
