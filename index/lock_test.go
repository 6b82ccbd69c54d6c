package index

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
)

const lockTestGames = "../testdata/query/games.pgn"

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// A build leaves the index and nothing else: no lock file, no temporary directory,
// whether it succeeds or fails.
func TestBuildLeavesNothingBehind(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "ix")
	ctx := context.Background()
	if _, err := Build(ctx, dir, []string{lockTestGames}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := listDir(t, parent); len(got) != 1 || got[0] != "ix" {
		t.Errorf("after a build: %v, want [ix]", got)
	}
	if _, err := Build(ctx, dir, []string{filepath.Join(parent, "none.pgn")}, BuildOptions{}); err == nil {
		t.Fatal("built from a missing file")
	}
	if got := listDir(t, parent); len(got) != 1 || got[0] != "ix" {
		t.Errorf("after a failed build: %v, want [ix]", got)
	}
	fresh := filepath.Join(t.TempDir(), "ix")
	if _, err := Build(ctx, fresh, []string{filepath.Join(parent, "none.pgn")}, BuildOptions{}); err == nil {
		t.Fatal("built from a missing file")
	}
	if got := listDir(t, filepath.Dir(fresh)); len(got) != 0 {
		t.Errorf("after a failed first build: %v, want nothing", got)
	}
}

// Builders that take and drop the lock as fast as they can are never two at a time,
// though every unlock removes the lock file. (The race lock guards against, a lock on a
// removed file, has a window too narrow for this test to hit reliably without the guard;
// it checks exclusion and cleanup under contention.)
func TestLockExclusive(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ix")
	var holders, taken, most atomic.Int32
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				unlock, err := lock(dir)
				if err != nil {
					continue // ErrLocked: someone else has it
				}
				n := holders.Add(1)
				for {
					m := most.Load()
					if n <= m || most.CompareAndSwap(m, n) {
						break
					}
				}
				taken.Add(1)
				holders.Add(-1)
				unlock()
			}
		}()
	}
	wg.Wait()
	if most.Load() != 1 {
		t.Errorf("%d builders held the lock at once", most.Load())
	}
	if taken.Load() == 0 {
		t.Error("nobody got the lock")
	}
	if _, err := os.Stat(dir + lockSuffix); !os.IsNotExist(err) {
		t.Errorf("lock file left: %v", err)
	}
}

// A temporary directory left by a build killed between the swap and its removal holds
// the previous index: queries ignore it, and the next build removes it.
func TestKilledBuildLeftovers(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "ix")
	ctx := context.Background()
	want, err := Build(ctx, dir, []string{lockTestGames}, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// What the swap leaves in DIR.tmp-*: an older index, here one of no games at all.
	empty := filepath.Join(t.TempDir(), "empty.pgn")
	os.WriteFile(empty, []byte("[Event \"x\"]\n\n1. e4 *\n"), 0o644)
	if _, err := Build(ctx, dir+".tmp-123", []string{empty}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if ix.Meta != want {
		t.Errorf("with a leftover beside it: %+v, want %+v", ix.Meta, want)
	}
	ix.Close()
	if _, err := Build(ctx, dir, []string{lockTestGames}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := listDir(t, parent); len(got) != 1 || got[0] != "ix" {
		t.Errorf("after the next build: %v, want [ix]", got)
	}
}
