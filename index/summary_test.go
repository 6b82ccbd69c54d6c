package index

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
)

// factsByPosition is the definition gameFacts computes move by move: the union over every
// position of the squares each piece stood on, and the set of every position's material.
func factsByPosition(g *pgn.Game) (occ [12]uint64, materials []uint64, bigMat bool) {
	for i := range g.Nodes {
		p := &g.Nodes[i].Pos
		for k, pc := range queryPieces {
			occ[k] |= uint64(p.Pieces(pc.c, pc.t))
		}
		k, ok := materialKey(p)
		if !ok {
			bigMat = true
		} else if !slices.Contains(materials, k) {
			materials = append(materials, k)
		}
	}
	return occ, materials, bigMat
}

// TestGameFactsByPosition: the incremental squares and material of every game of the
// corpora (variations, Chess960 castling, promotions, set-ups, null moves in the edge
// files) equal those read position by position.
func TestGameFactsByPosition(t *testing.T) {
	files := []string{testdata.File(t, "cql-sample.pgn"), testdata.File(t, "masters-10k.pgn")}
	if !testing.Short() {
		files = append(files, testdata.File(t, "lichess-10k.pgn"))
	}
	edge, _ := filepath.Glob(filepath.Join(testdata.Dir(t), "edge", "*", "*.pgn"))
	files = append(files, edge...)
	games, castles, promotions := 0, 0, 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		err = pgn.Scan(context.Background(), bytes.NewReader(data), name, pgn.Options{Variations: true}, func(g *pgn.Game) error {
			games++
			var s gameSummary
			f := gameFacts(g, &s)
			occ, mats, big := factsByPosition(g)
			if f.occ != occ {
				t.Errorf("%s game %d: squares %x, position by position %x", name, g.Number, f.occ, occ)
			}
			slices.Sort(mats)
			got := slices.Sorted(slices.Values(s.materials))
			if !slices.Equal(got, mats) || s.bigMat != big {
				t.Errorf("%s game %d: materials %x (big %v), position by position %x (big %v)", name, g.Number, got, s.bigMat, mats, big)
			}
			for i := range g.Nodes {
				m := g.Nodes[i].Move
				if g.Nodes[i].Parent >= 0 && m.IsCastle() {
					castles++
				}
				if g.Nodes[i].Parent >= 0 && !m.IsNull() && m.Promotion() != chess.NoPieceType {
					promotions++
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if castles == 0 || promotions == 0 {
		t.Fatalf("the corpora exercise nothing: %d games, %d castles, %d promotions", games, castles, promotions)
	}
	t.Logf("%d games, %d castles, %d promotions", games, castles, promotions)
}

// Tag values numbered by two parse workers get the ids a lookup by text gives the games in
// order: ids in order of first appearance, whichever worker read a game.
func TestWorkerStringIDs(t *testing.T) {
	games := [][numStrs]string{
		{"Carlsen", "Anand", "C65", "2014.11.08"},
		{"Anand", "Carlsen", "", "2014.11.09"},
		{"Kasparov", "Carlsen", "B90", "2014.11.08"},
		{"Anand", "Kasparov", "C65", ""},
		{"Carlsen", "Kasparov", "B90", "2014.11.09"},
		{"Topalov", "Anand", "D37", "2014.11.08"},
		{"Topalov", "Caruana", "D37", "2014.11.08"},
		{"Caruana", "Topalov", "", "2014.11.10"},
	}
	// Each worker meets players of its previous game again, in the same or the other
	// colour, and the same date.
	workerOf := []int{0, 1, 1, 0, 1, 0, 0, 0}
	ref, tab := newStringTable(), newStringTable()
	var locals [2]localStrings
	for i, v := range games {
		want := gameSummary{strs: v}
		ref.setIDs(&want)
		got := gameSummary{strs: v}
		locals[workerOf[i]].number(&got)
		tab.setWorkerIDs(&got, workerOf[i])
		if got.tags != want.tags {
			t.Errorf("game %d: ids %x, by text %x", i, got.tags[sumStrs:], want.tags[sumStrs:])
		}
	}
	if !slices.Equal(tab.strs, ref.strs) {
		t.Errorf("strings %q, by text %q", tab.strs, ref.strs)
	}
}

// The workers' material lists, written as runs at any point, merge into lists of every id
// of a signature in order.
func TestMergeMaterialRuns(t *testing.T) {
	s, err := newListSpill(t.TempDir(), 2, nil, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	var ml [2]matLists
	add := func(w int, id uint32, ks ...uint64) { ml[w].add(id, ks) }
	add(0, 0, 1, 2)
	add(1, 1, 2, 3)
	add(1, 2, 1, 2)
	if err := s.writeRun(1, &ml[1]); err != nil {
		t.Fatal(err)
	}
	add(0, 3, 3, 2)
	add(0, 4, 2)
	if err := s.writeRun(0, &ml[0]); err != nil {
		t.Fatal(err)
	}
	add(1, 5, 2, 4)
	add(0, 6, 4)
	add(0, 7, 1<<40)
	for w := range ml {
		if err := s.writeRun(w, &ml[w]); err != nil {
			t.Fatal(err)
		}
	}
	m, err := s.mergeRuns()
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		key uint64
		ids []uint32
	}{{1, []uint32{0, 2}}, {2, []uint32{0, 1, 2, 3, 4, 5}}, {3, []uint32{1, 3}}, {4, []uint32{5, 6}}, {1 << 40, []uint32{7}}}
	for _, w := range want {
		k, ok := m.peek()
		if !ok || k != w.key {
			t.Fatalf("next signature %x %v, want %x", k, ok, w.key)
		}
		bm, err := m.take()
		if err != nil {
			t.Fatal(err)
		}
		got := bm.ToArray()
		if !slices.Equal(got, w.ids) {
			t.Errorf("signature %x: %v, want %v", w.key, got, w.ids)
		}
	}
	if k, ok := m.peek(); ok {
		t.Errorf("signature %x after the last", k)
	}
}

// A worker's material lists hold every game of every key, in order, with keys enough to make
// the slots grow several times.
func TestMatListsManyKeys(t *testing.T) {
	var ml matLists
	want := map[uint64][]uint32{}
	for id := uint32(0); id < 20000; id++ {
		// keys shared by many games, and keys of one game; ids of a game distinct
		ks := []uint64{uint64(id % 7), uint64(id%5000) << 20, uint64(id)<<8 | 1}
		ml.add(id, ks)
		for _, k := range ks {
			want[k] = append(want[k], id)
		}
	}
	if len(ml.keys) != len(want) {
		t.Fatalf("%d keys, want %d", len(ml.keys), len(want))
	}
	for i, k := range ml.keys {
		if !slices.Equal(ml.ids[i], want[k]) {
			t.Fatalf("key %x: %d ids, want %d", k, len(ml.ids[i]), len(want[k]))
		}
	}
}
