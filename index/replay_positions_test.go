package index

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/run"
)

// positionLocalQueries are position-local (filter.Query.PositionLocal): a count through
// the index replays them without a game tree.
var positionLocalQueries = []string{
	"true",
	"check",
	"not check",
	"Q attacks k",
	"square x in h1-8 {R attacks x x attacks K}",
	"(square x in h1-8 {R attacks x x attacks K}) == [h3,h7]",
	"#P > 7 and R attacks q",
	"square all x in [a1,b1,c1,d1] {not k attacks x}",
	"mate or stalemate",
	"power A > power a",
}

// TestCountedHandChecked: the games of decidedGames, whose main-line answers are known by
// hand, counted without a game tree.
func TestCountedHandChecked(t *testing.T) {
	file := filepath.Join(t.TempDir(), "counted.pgn")
	if err := os.WriteFile(file, []byte(strings.Join(decidedGames, "\n\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ix := buildIndex(t, file)
	for _, c := range []struct {
		query            string
		games, positions int
	}{
		// Every main-line position: the eight good games have 8, 11, 10, 4, 4, 5, 9 and 12;
		// game 5 is read up to its illegal 2. Ke3 (1. e4 e5: 3 positions) and goes the usual
		// way, from its text, so that its problem is reported.
		{"true", 9, 66},
		{"check", 1, 1},       // 4. Qxf7#; game 7's is in a variation
		{"Q attacks k", 1, 1}, // the same position
		{"mate", 1, 1},
		{"#p == 7", 2, 2}, // game 0 after 4. Qxf7#, game 3 after 2. exd5; game 6's is in a variation
		// white to move before any capture: plies 0, 2, ... of each game (4+6+5+2+2+2+3+5+6)
		{"wtm and #P == 8 and #p == 8", 9, 35},
	} {
		prog, q, ok := compileQuery(t, c.query)
		if !ok || !q.PositionLocal() {
			t.Fatalf("%q: not position-local", c.query)
		}
		cand, err := ix.Candidates(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		got := runCount(t, q, ix.GamesCounted(cand, nil, q))
		if got.out != fmt.Sprintln(c.games) || got.stats.PositionsMatched != c.positions {
			t.Errorf("%q: %q games, %d positions; want %d, %d", c.query, got.out, got.stats.PositionsMatched, c.games, c.positions)
		}
		if !strings.Contains(got.errs, "Ke3") {
			t.Errorf("%q: game 5's problem is not reported: %q", c.query, got.errs)
		}
		checkCounted(t, ix, []string{file}, c.query, q, cand)
	}
}

// TestCountedEqualsScan: counts without a game tree equal the scan's, positions included,
// on CQL's sample games and the small damaged files of the edge corpus (CQL_INDEX_ALL=1:
// lichess-10k too).
func TestCountedEqualsScan(t *testing.T) {
	files := append([]string{testdata.File(t, "cql-sample.pgn")}, smallEdgeFiles(t, 64<<10)...)
	if os.Getenv("CQL_INDEX_ALL") != "" {
		files = append(files, testdata.File(t, "lichess-10k.pgn"))
	}
	ix := buildIndex(t, files...)
	for _, qs := range positionLocalQueries {
		prog, q, ok := compileQuery(t, qs)
		if !ok || !q.PositionLocal() || !run.MatchesOnly(q, run.Options{Count: true}) {
			t.Fatalf("%q: not position-local", qs)
		}
		cand, err := ix.Candidates(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		checkCounted(t, ix, files, qs, q, cand)
	}
}

// TestFENsEqualScan: --format fen without a game tree writes the scan's output, byte for
// byte, with the same problems and counts, on CQL's sample games and the small damaged
// files of the edge corpus.
func TestFENsEqualScan(t *testing.T) {
	files := append([]string{testdata.File(t, "cql-sample.pgn")}, smallEdgeFiles(t, 64<<10)...)
	ix := buildIndex(t, files...)
	for _, qs := range positionLocalQueries {
		prog, q, ok := compileQuery(t, qs)
		if !ok || !q.PositionLocal() || !run.FENsOnly(q, run.Options{Format: "fen"}) {
			t.Fatalf("%q: not position-local", qs)
		}
		cand, err := ix.Candidates(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		scan, index := runOn(t, q, run.Files{Names: files}, "fen"), runOn(t, q, ix.GamesFEN(cand, q), "fen")
		if scan.out == "" && qs == "true" {
			t.Fatalf("%q: no output", qs)
		}
		if scan != index {
			t.Errorf("%q --format fen without a game tree: %d bytes (%q, %+v), the scan %d (%q, %+v)", qs, len(index.out), index.errs, index.stats, len(scan.out), scan.errs, scan.stats)
			diffHint(t, scan.out, index.out)
		}
	}
}

// FuzzCountPositions: a damaged record counted without a game tree is an error or a
// count, never a panic; when the record also replays into a game tree of legal moves, the
// count of positions in check or mate (the checkers the tree-less replay leaves to be
// computed, and the move generator from such positions) and their FEN lines equal the
// tree's. (After a move that is not legal, say a king stepping into check, Play's checkers,
// found from the moved piece, can miss a check that was there before the move; the
// decoder refuses only what no piece of the side to move could do.)
func FuzzCountPositions(f *testing.F) {
	var w recordWriter
	for _, g := range strings.Split(streamEdgeGames, "\n\n[") {
		games, _ := pgn.ReadAll(strings.NewReader(g), "seed", pgn.Options{Variations: true})
		for _, gm := range games {
			f.Add(w.encode(nil, gm))
		}
	}
	games, _ := pgn.ReadAll(strings.NewReader("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n"), "mate", pgn.Options{})
	f.Add(w.encode(nil, games[0]))
	_, q, _ := compileQuery(f, "check or mate")
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := append([]byte{0, byte(len(body) & 0x7f), 0}, body...) // a place, then the body
		ev := q.NewEvaluator()
		var g pgn.Game
		var fens []byte
		var at place
		n, ok, err := newReplayer(pgn.Options{}).countPositions(rec, &g, &at, ev, &fens)
		if err != nil || !ok {
			return
		}
		var tree pgn.Game
		at = place{}
		if newReplayer(pgn.Options{}).replay(rec, &tree, &at, fuzzColumn) != nil {
			return
		}
		for i := 1; i < len(tree.Nodes); i++ {
			n := &tree.Nodes[i]
			parent := &tree.Nodes[n.Parent].Pos
			if n.Move.IsNull() && parent.InCheck() || !n.Move.IsNull() && !parent.IsLegal(n.Move) {
				return
			}
		}
		matches := q.NewEvaluator().Game(&tree)
		var want []byte
		for _, i := range matches {
			want = append(tree.Nodes[i].Pos.AppendFEN(want), '\n')
		}
		if n != len(matches) || !bytes.Equal(fens, want) {
			t.Fatalf("counted %d positions %q, the tree %d %q", n, fens, len(matches), want)
		}
	})
}

// TestPrefilteredEqualsScan: with the candidates prefiltered without a game tree and only
// the games with a match replayed into one (GamesPrefiltered), pgn (variations included),
// jsonl and html output are the scan's, byte for byte, with the same problems and counts,
// for queries that match few games and most games (both ways the match rate sends a
// worker), on CQL's sample games, 1,500 master games and the small damaged files of the
// edge corpus.
func TestPrefilteredEqualsScan(t *testing.T) {
	files := append([]string{testdata.File(t, "cql-sample.pgn"), firstGames(t, testdata.File(t, "masters-10k.pgn"), 1500)},
		smallEdgeFiles(t, 64<<10)...)
	ix := buildIndex(t, files...)
	for _, format := range []string{"pgn", "jsonl", "html"} {
		for _, qs := range positionLocalQueries {
			prog, q, ok := compileQuery(t, qs)
			if !ok || !q.PositionLocal() || !run.UnmatchedSilent(q, run.Options{Format: format}) {
				t.Fatalf("%q: not position-local", qs)
			}
			cand, err := ix.Candidates(prog, q.Variations())
			if err != nil {
				t.Fatal(err)
			}
			scan, index := runOn(t, q, run.Files{Names: files}, format), runOn(t, q, ix.GamesPrefiltered(cand, q), format)
			if scan.stats.GamesMatched == 0 && qs == "true" {
				t.Fatalf("%q: no game matched", qs)
			}
			if scan != index {
				t.Errorf("%q --format %s prefiltered: %d bytes (%q, %+v), the scan %d (%q, %+v)", qs, format, len(index.out), index.errs, index.stats, len(scan.out), scan.errs, scan.stats)
				diffHint(t, scan.out, index.out)
			}
		}
	}
}

// smallEdgeFiles returns the files of the edge corpus smaller than max bytes.
func smallEdgeFiles(t *testing.T, max int64) []string {
	t.Helper()
	var files []string
	all, _ := filepath.Glob(filepath.Join(testdata.Dir(t), "edge", "*", "*.pgn"))
	for _, f := range all {
		if st, err := os.Stat(f); err == nil && st.Size() < max {
			files = append(files, f)
		}
	}
	return files
}
