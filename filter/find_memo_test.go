package filter

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cqlgo/cql/query"
)

// TestFindMemoAgrees compares finds that remember their filter's values per node
// (find_memo.go) with finds that evaluate it at every position they reach: the same
// matching positions and the same comments ("Found", "Found i of n"), in every game, on
// the main line and with variations (CQL's sample games are studies with many).
func TestFindMemoAgrees(t *testing.T) {
	for _, variations := range []bool{false, true} {
		games := loadGames(t, "masters-10k.pgn", 100, variations)
		games = append(games, loadGames(t, "cql-sample.pgn", 120, variations)...)
		for _, src := range []string{
			"find mate",
			"find check",
			"find all check",
			"find 2 10 check",
			"find 3 check",
			"find <-- check",
			"find quiet {Q attacks k}",
			"not find mate",
			"find all {check and [Qq] == 0}",
			"x = find all check x > 4",
			"check find check",
			"find {find mate}",
			"sort find all check",
			"find all check and find mate",
		} {
			p, err := query.Parse("", []byte(src))
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			fast, err := CompileWith(p, Options{Variations: variations})
			if err != nil {
				t.Fatal(err)
			}
			if fast.findMemos == 0 && src != "find {find mate}" {
				t.Fatalf("%s: no find remembers its filter", src)
			}
			slow, err := CompileWith(p, Options{Variations: variations, noFindMemo: true})
			if err != nil {
				t.Fatal(err)
			}
			ef, es := fast.NewEvaluator(), slow.NewEvaluator()
			matched := 0
			for _, g := range games {
				a := slices.Clone(ef.Game(g))
				b := es.Game(g)
				if !slices.Equal(a, b) {
					t.Fatalf("%s (variations %v), game %d: matches %v, without the memory %v", src, variations, g.Number, a, b)
				}
				if ca, cb := fmt.Sprint(ef.Annotations()), fmt.Sprint(es.Annotations()); ca != cb {
					t.Fatalf("%s (variations %v), game %d: comments %s, without the memory %s", src, variations, g.Number, ca, cb)
				}
				matched += len(a)
			}
			if matched == 0 && src != "find 3 check" {
				t.Errorf("%s: nothing matched in %d games, the comparison says little", src, len(games))
			}
			t.Logf("%s (variations %v): agree, %d matching positions", src, variations, matched)
		}
	}
}

// TestDepthTable compares depth's table (depthAt) with a walk to the root at every node.
func TestDepthTable(t *testing.T) {
	e := mustCompile(t, mustParseQ(t, "depth > 0")).NewEvaluator()
	deep := 0
	for _, g := range loadGames(t, "cql-sample.pgn", 1000, true) {
		e.startGame(g)
		for i := range g.Nodes {
			want := depthOf(g.Nodes, int32(i))
			if got := e.depthAt(int32(i)); got != want {
				t.Fatalf("game %d node %d: depth %d, walking to the root %d", g.Number, i, got, want)
			}
			if want > 1 {
				deep++
			}
		}
	}
	if deep == 0 {
		t.Fatal("no node of depth 2 or more: the comparison says little")
	}
}
