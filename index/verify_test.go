package index

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cqlgo/cql/internal/testdata"
)

// Verify of a sound index finds nothing, built or added to, with --deep too; a bit flipped
// anywhere in a table, names.table or positions.table is found by the checksums alone
// (or the index does not open); a posting list rewritten with a valid checksum, which no
// checksum can tell, is found by --deep.
func TestVerify(t *testing.T) {
	file := firstGames(t, testdata.File(t, "masters-10k.pgn"), 40)
	more := firstGames(t, "../testdata/query/games.pgn", 10)
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "ix")
	if _, err := Build(ctx, dir, []string{file}, BuildOptions{Threads: 2}); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(ctx, dir, []string{more}, BuildOptions{Threads: 2}); err != nil {
		t.Fatal(err)
	}
	verify := func(deep bool) []string {
		t.Helper()
		ix, err := Open(dir)
		if err != nil {
			return []string{err.Error()}
		}
		defer ix.Close()
		p, err := ix.Verify(ctx, VerifyOptions{Threads: 2, Deep: deep})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if p := verify(true); len(p) != 0 {
		t.Fatalf("a sound index added to: %q", p)
	}

	rng := rand.New(rand.NewPCG(31, 7))
	trials := 0
	for _, f := range indexFiles(t, dir) {
		if !strings.HasSuffix(f, ".sst") && f != namesName && f != tableName {
			continue
		}
		name := filepath.Join(dir, f)
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for range 40 {
			d := damage{kind: "flip", at: rng.IntN(len(b)), n: rng.IntN(8)}
			d.apply(t, name, b)
			if p := verify(false); len(p) == 0 {
				t.Errorf("%s, %s: verify found nothing", f, d)
			} else if !strings.Contains(p[0], "rebuild it with cql index build") {
				t.Errorf("%s, %s: %q does not say to rebuild", f, d, p)
			}
			trials++
			if err := os.WriteFile(name, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d bits flipped, each found", trials)

	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	games := ix.Meta.Games
	ix.Close()
	db, err := badgerOpenRW(dir) // the mate list, emptied
	if err != nil {
		t.Fatal(err)
	}
	var enc listEncoder
	v, err := enc.encode(roaring.New(), uint32(games))
	if err == nil {
		err = setKey(db, string(bitmapKey(modeAll, flagMate)), string(v))
	}
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	if p := verify(false); len(p) != 0 {
		t.Errorf("a list rewritten with its checksum: %q without --deep", p)
	}
	if p := verify(true); len(p) != 1 || !strings.Contains(p[0], "posting lists: list mate differs") {
		t.Errorf("a list rewritten with its checksum: %q with --deep", p)
	}
}
