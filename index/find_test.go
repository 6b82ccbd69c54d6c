package index

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
)

// Listing from the table and the tag column gives what replaying every listed game gives
// (names as the evaluator reads them, the last tag of a name), for positions of every
// kind in the games (openings, transpositions, variations, set-ups), with and without a
// limit; an index added to has no collision list and replays, with the same answer.
func TestFindFromTableEqualsReplay(t *testing.T) {
	files := []string{writeHandGames(t), firstGames(t, testdata.File(t, "masters-10k.pgn"), 400)}
	edge, _ := filepath.Glob(filepath.Join(testdata.Dir(t), "edge", "*", "*.pgn"))
	for _, f := range edge {
		if st, err := os.Stat(f); err == nil && st.Size() < 32<<10 {
			files = append(files, f)
		}
	}
	ix := buildIndex(t, files...)
	added := buildIndex(t, files[0])
	if _, err := Add(context.Background(), added.Dir, files[1:], BuildOptions{Threads: 2}); err != nil {
		t.Fatal(err)
	}
	added.Close()
	added, err := Open(added.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer added.Close()
	ctx := context.Background()
	// FENs of every 53rd position of the files, variations included
	var fens []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		pgn.Scan(ctx, bytes.NewReader(data), f, pgn.Options{Variations: true}, func(g *pgn.Game) error {
			for i := range g.Nodes {
				if n++; n%53 == 0 {
					fens = append(fens, g.Nodes[i].Pos.FEN())
				}
			}
			return nil
		})
	}
	if len(fens) < 200 {
		t.Fatalf("only %d positions", len(fens))
	}
	listed, many := 0, 0
	for i, fen := range fens {
		limit := 0
		if i%3 == 0 {
			limit = 2
		}
		want, err := ix.find(ctx, fen, 2, limit, false)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ix.Find(ctx, fen, 2, limit)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s (limit %d): from the table %v, replayed %v", fen, limit, got, want)
		}
		if i%4 == 0 {
			if got, err := added.Find(ctx, fen, 2, limit); err != nil || !slices.Equal(got, want) {
				t.Fatalf("%s: added index found %v (%v), want %v", fen, got, err, want)
			}
		}
		listed += len(got)
		if len(got) > 1 {
			many++
		}
	}
	if many == 0 || listed == 0 {
		t.Fatalf("nothing listed: %d occurrences, %d positions with several", listed, many)
	}
	t.Logf("%d positions, %d occurrences, %d positions with several", len(fens), listed, many)
}

// Entries of one kept hash whose check bits differ are two positions: that hash is listed
// as a collision, once; agreeing entries are not.
func TestFindCollisions(t *testing.T) {
	var s positionSpill
	s.findCollisions([]posEntry{
		{hash: 1, check: 7}, {hash: 1, check: 7}, // one position twice
		{hash: 2, check: 1}, {hash: 2, check: 2}, {hash: 2, check: 1}, // two positions
		{hash: 3, check: 5}, {hash: 4, check: 6},
		{hash: 5, check: 9}, {hash: 5, check: 9}, {hash: 5, check: 8},
	})
	if want := []uint64{2, 5}; !slices.Equal(s.collide, want) {
		t.Errorf("collisions %v, want %v", s.collide, want)
	}
}
