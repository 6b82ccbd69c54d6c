package index

import (
	"bytes"
	"context"
	"errors"
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
		var want []Occurrence
		n, err := ix.find(ctx, fen, 2, limit, false, func(o *Occurrence) error {
			want = append(want, *o)
			return nil
		})
		if err != nil || n != len(want) {
			t.Fatalf("%s: replayed %d occurrences, counted %d (%v)", fen, len(want), n, err)
		}
		got, err := ix.Find(ctx, fen, 2, limit)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s (limit %d): from the table %v, replayed %v", fen, limit, got, want)
		}
		var text, wantText bytes.Buffer
		for _, o := range want {
			wantText.WriteString(o.String() + "\n")
		}
		if n, err := ix.WriteFind(ctx, &text, fen, 2, limit); err != nil || n != len(want) || text.String() != wantText.String() {
			t.Fatalf("%s (limit %d): WriteFind wrote %d lines (%v)\n%s\nwant\n%s", fen, limit, n, err, text.String(), wantText.String())
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

// FindEach stops at its callback's first error and returns it, from the table's listing
// and from a replay alike, after as many calls as the callback allowed.
func TestFindEachStopsAtError(t *testing.T) {
	ix := buildIndex(t, firstGames(t, testdata.File(t, "masters-10k.pgn"), 300))
	ctx := context.Background()
	fen := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" // after 1. e4
	all, err := ix.Find(ctx, fen, 2, 0)
	if err != nil || len(all) < 10 {
		t.Fatalf("after 1. e4: %d occurrences (%v), want 10 or more", len(all), err)
	}
	stop := errors.New("enough")
	for _, fromTable := range []bool{true, false} {
		calls := 0
		n, err := ix.find(ctx, fen, 2, 0, fromTable, func(o *Occurrence) error {
			if calls++; calls == 5 {
				return stop
			}
			return nil
		})
		if !errors.Is(err, stop) || calls != 5 {
			t.Errorf("fromTable %v: %d calls, %d listed, error %v; want 5 calls and the callback's error", fromTable, calls, n, err)
		}
	}
	// Each call sees the occurrence Find lists at that place.
	i := 0
	n, err := ix.FindEach(ctx, fen, 2, 0, func(o *Occurrence) error {
		if *o != all[i] {
			t.Fatalf("occurrence %d: %v, Find lists %v", i, *o, all[i])
		}
		i++
		return nil
	})
	if err != nil || n != len(all) || i != len(all) {
		t.Errorf("FindEach: %d listed, %d calls (%v); Find lists %d", n, i, err, len(all))
	}
}

// --limit N lists the occurrences in the first N games that hold the position, with the
// table and without it (where every game whose squares held the position's pieces is a
// candidate, and many do not hold it: a limit cut from the candidates listed fewer games).
func TestFindLimitCountsGamesWithThePosition(t *testing.T) {
	file := firstGames(t, testdata.File(t, "masters-10k.pgn"), 300)
	withTable := buildIndex(t, file)
	dir := filepath.Join(t.TempDir(), "np")
	ctx := context.Background()
	if _, err := Build(ctx, dir, []string{file}, BuildOptions{Threads: 2, NoPositions: true}); err != nil {
		t.Fatal(err)
	}
	without, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer without.Close()
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",   // after 1. e4
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",   // after 1. d4
		"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", // the Sicilian
	} {
		all, err := withTable.Find(ctx, fen, 2, 0)
		if err != nil {
			t.Fatal(err)
		}
		var gamesSeen []int
		for _, o := range all {
			if len(gamesSeen) == 0 || gamesSeen[len(gamesSeen)-1] != o.Game {
				gamesSeen = append(gamesSeen, o.Game)
			}
		}
		if len(gamesSeen) < 12 {
			t.Fatalf("%s: in %d games, want 12 or more for the test", fen, len(gamesSeen))
		}
		const limit = 10
		var want []Occurrence
		for _, o := range all {
			if o.Game <= gamesSeen[limit-1] {
				want = append(want, o)
			}
		}
		for name, ix := range map[string]*Index{"with the table": withTable, "without it": without} {
			got, err := ix.Find(ctx, fen, 2, limit)
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("%s, %s, limit %d: %d occurrences (%v), want %d (the first %d games of %d)", fen, name, limit, len(got), err, len(want), limit, len(gamesSeen))
			}
		}
	}
}
