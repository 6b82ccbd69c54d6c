package index

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cqlgo/cql/internal/testdata"
)

// refresh finds each kind of change and leaves an index that answers as a fresh build of
// the files as they are now: unchanged files, a touched one, games appended, a file
// rewritten, a removed one (an error, the index left as it was), and an index without the
// exact-position table staying so.
func TestRefreshSources(t *testing.T) {
	tmp := t.TempDir()
	masters, err := os.ReadFile(firstGames(t, testdata.File(t, "masters-10k.pgn"), 60))
	if err != nil {
		t.Fatal(err)
	}
	games := bytes.SplitAfter(masters, []byte("\n\n[Event "))
	if len(games) < 60 {
		t.Fatalf("%d games", len(games))
	}
	// a.pgn: games 1-20, b.pgn: games 21-40; 41-60 are appended to b.pgn later
	part := func(from, to int) []byte {
		b := bytes.Join(games[from:to], nil)
		if from > 0 {
			b = append([]byte("[Event "), b...)
		}
		return bytes.TrimSuffix(b, []byte("[Event "))
	}
	a, b := filepath.Join(tmp, "a.pgn"), filepath.Join(tmp, "b.pgn")
	write := func(name string, data []byte) {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(a, part(0, 20))
	write(b, part(20, 40))
	ctx := context.Background()
	dir := filepath.Join(tmp, "ix")
	opt := BuildOptions{Threads: 2}
	if _, err := Build(ctx, dir, []string{a, b}, opt); err != nil {
		t.Fatal(err)
	}
	refresh := func(want string) *RefreshReport {
		t.Helper()
		r, err := RefreshSources(ctx, dir, opt)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.String(); got != want {
			t.Fatalf("refresh: %q, want %q", got, want)
		}
		return r
	}
	// the index answers as a fresh build of files
	same := func(files ...string) {
		t.Helper()
		fresh := buildIndex(t, files...)
		ix, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		if ix.Meta.Games != fresh.Meta.Games || ix.Meta.Positions != fresh.Meta.Positions || ix.Meta.PositionTable != fresh.Meta.PositionTable {
			t.Fatalf("refreshed %+v, fresh %+v", ix.Meta, fresh.Meta)
		}
		for i := range ix.Sources {
			s, f := ix.Sources[i], fresh.Sources[i]
			if s.Path != f.Path || s.SHA256 != f.SHA256 || s.Games != f.Games || s.FirstID != f.FirstID {
				t.Fatalf("source %d: refreshed %+v, fresh %+v", i, s, f)
			}
		}
		for _, fen := range []string{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"} {
			x, err := ix.Find(ctx, fen, 2, 0)
			if err != nil {
				t.Fatal(err)
			}
			y, err := fresh.Find(ctx, fen, 2, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(x) != len(y) || len(x) == 0 {
				t.Fatalf("%s: refreshed %d occurrences, fresh %d", fen, len(x), len(y))
			}
			for i := range x {
				if x[i] != y[i] {
					t.Fatalf("%s: refreshed %+v, fresh %+v", fen, x[i], y[i])
				}
			}
		}
	}
	refresh("2 files unchanged: nothing to do")
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(b, later, later); err != nil {
		t.Fatal(err)
	}
	refresh("2 files unchanged (1 with a new modification time, recorded): new modification times recorded")
	refresh("2 files unchanged: nothing to do") // the time was recorded
	// games appended
	f, err := os.OpenFile(b, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("\n"))
	f.Write(part(40, 60))
	f.Close()
	r := refresh("1 file unchanged, " + b + " grew by 20 games: index rebuilt from its 2 sources (60 games)")
	if !r.Rebuilt || r.Sources[1].Change != Grew {
		t.Fatalf("%+v", r)
	}
	same(a, b)
	// a rewritten: its first games dropped, same size or not
	write(a, part(5, 20))
	refresh("1 file unchanged, " + a + " rewritten (20 games, now 15): index rebuilt from its 2 sources (55 games)")
	same(a, b)
	data, _ := os.ReadFile(a)
	write(a, bytes.Replace(data, []byte("[Round "), []byte("[ROUND "), 1)) // same size
	refresh("1 file unchanged, " + a + " rewritten (15 games, now 15): index rebuilt from its 2 sources (55 games)")
	same(a, b)
	// a removed: an error, and the index still answers
	if err := os.Rename(a, a+".gone"); err != nil {
		t.Fatal(err)
	}
	if _, err := RefreshSources(ctx, dir, opt); err == nil || !strings.Contains(err.Error(), "1 source missing: "+a) || !strings.Contains(err.Error(), "unchanged") {
		t.Fatalf("missing source: %v", err)
	}
	os.Rename(a+".gone", a)
	same(a, b)
	// without the table, it stays without
	np := filepath.Join(tmp, "np")
	if _, err := Build(ctx, np, []string{a}, BuildOptions{Threads: 1, NoPositions: true}); err != nil {
		t.Fatal(err)
	}
	write(a, part(0, 20))
	r, err = RefreshSources(ctx, np, opt)
	if err != nil || !r.Rebuilt || r.Meta.PositionTable || r.Meta.Games != 20 {
		t.Fatalf("no positions: %+v %v", r, err)
	}
}
