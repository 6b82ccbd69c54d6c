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
	var scratch []matState
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		err = pgn.Scan(context.Background(), bytes.NewReader(data), name, pgn.Options{Variations: true}, func(g *pgn.Game) error {
			games++
			var s gameSummary
			f := gameFacts(g, &s, &scratch)
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
