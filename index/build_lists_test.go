package index

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// A build that spills its posting lists in many segments and material runs writes the
// same index as one that keeps them in one segment and one run a worker (the lists of
// which the pruning and equivalence tests check against the games), and so does an add
// that spills onto an index that did.
func TestSpilledListsEqualUnspilled(t *testing.T) {
	ctx := context.Background()
	masters, lichess := testdata.File(t, "masters-10k.pgn"), testdata.File(t, "lichess-10k.pgn")
	build := func(name string, add bool, spill bool, files ...string) *Index {
		t.Helper()
		opt := BuildOptions{Threads: 2, NoPositions: true, segmentGames: 1 << 30, runIDs: 1 << 30}
		if spill {
			// segments of 128 games (so not aligned to a roaring container), a run every
			// 700 ids (about 40 games)
			opt.segmentGames, opt.runIDs = 128, 700
		}
		dir := filepath.Join(t.TempDir(), name)
		f := Build
		if add {
			f = Add
		}
		if _, err := f(ctx, dir, files, opt); err != nil {
			t.Fatal(err)
		}
		ix, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ix.Close() })
		return ix
	}
	compare := func(what string, got, want *Index) {
		t.Helper()
		n := 0
		err := compareStores(got, want, func(part, msg string) {
			if n++; n <= 10 {
				t.Errorf("%s: %s: %s", what, part, msg)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if got.Meta.MatLists != want.Meta.MatLists || got.Meta.MatLists < 100 {
			t.Errorf("%s: %d material lists, want %d (and more than 100)", what, got.Meta.MatLists, want.Meta.MatLists)
		}
	}
	whole := build("whole", false, false, masters, lichess)
	compare("spilled build", build("spilled", false, true, masters, lichess), whole)

	dir := filepath.Join(t.TempDir(), "added")
	opt := BuildOptions{Threads: 2, NoPositions: true, segmentGames: 128, runIDs: 700}
	if _, err := Build(ctx, dir, []string{masters}, opt); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(ctx, dir, []string{lichess}, opt); err != nil {
		t.Fatal(err)
	}
	added, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer added.Close()
	compare("spilled add", added, whole)
}
