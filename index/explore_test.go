package index

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
)

// oracleKey names a position as the explorer compares them: placement, side to move,
// castling rights, and the en-passant square only when a capture there is legal.
func oracleKey(p *chess.Position) string {
	f := strings.Fields(p.FEN())[:4]
	if f[3] != "-" {
		var l chess.MoveList
		p.LegalMoves(&l)
		legal := false
		for _, m := range l.Moves() {
			legal = legal || m.IsEnPassant()
		}
		if !legal {
			f[3] = "-"
		}
	}
	return strings.Join(f, " ")
}

type oracleGame struct {
	result            string
	wElo, bElo, year  int
	mainKeys, nextUCI []string // per main-line node: its position, and the move played from it ("" at the end)
}

type oraclePosition struct {
	total     Stats
	moves     map[string]*Stats
	lastGame  int
	lastMoves map[string]int
}

func (s *Stats) addOracle(g *oracleGame) {
	s.Games++
	switch g.result {
	case "1-0":
		s.White++
	case "1/2-1/2":
		s.Draws++
	case "0-1":
		s.Black++
	}
	for _, r := range []int{g.wElo, g.bElo} {
		if r > 0 {
			s.RatingSum += int64(r)
			s.Ratings++
		}
	}
	s.LastYear = max(s.LastYear, g.year)
}

// oracleExplore replays the games of files with the pgn and chess packages (main lines
// only) and counts, for every position reached, the moves played from it.
func oracleExplore(t *testing.T, files []string) map[string]*oraclePosition {
	out := map[string]*oraclePosition{}
	gameNo := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		err = pgn.Scan(context.Background(), bytes.NewReader(data), f, pgn.Options{}, func(g *pgn.Game) error {
			gameNo++
			og := oracleGame{}
			for _, tag := range g.Tags {
				switch tag.Name {
				case "Result":
					og.result = tag.Value
				case "WhiteElo":
					og.wElo, _ = strconv.Atoi(strings.TrimSpace(tag.Value))
				case "BlackElo":
					og.bElo, _ = strconv.Atoi(strings.TrimSpace(tag.Value))
				case "Date":
					if len(tag.Value) >= 4 {
						og.year, _ = strconv.Atoi(tag.Value[:4])
					}
				}
			}
			if og.result == "" {
				og.result = g.Result
			}
			for i := 0; i >= 0 && i < len(g.Nodes); {
				n := &g.Nodes[i]
				next := ""
				if c := n.FirstChild; c >= 0 && !g.Nodes[c].Variation && !g.Nodes[c].Move.IsNull() {
					next = n.Pos.UCI(g.Nodes[c].Move)
				}
				og.mainKeys = append(og.mainKeys, oracleKey(&n.Pos))
				og.nextUCI = append(og.nextUCI, next)
				if n.FirstChild < 0 || g.Nodes[n.FirstChild].Variation {
					break
				}
				i = int(n.FirstChild)
			}
			for i, k := range og.mainKeys {
				p := out[k]
				if p == nil {
					p = &oraclePosition{moves: map[string]*Stats{}, lastMoves: map[string]int{}}
					out[k] = p
				}
				if p.lastGame != gameNo {
					p.lastGame = gameNo
					p.total.addOracle(&og)
				}
				if m := og.nextUCI[i]; m != "" && p.lastMoves[m] != gameNo {
					p.lastMoves[m] = gameNo
					if p.moves[m] == nil {
						p.moves[m] = &Stats{}
					}
					p.moves[m].addOracle(&og)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// checkExploration compares the explorer's answer with the oracle's.
func checkExploration(t *testing.T, what string, got *Exploration, want *oraclePosition) {
	t.Helper()
	if want == nil {
		want = &oraclePosition{}
	}
	if got.Total != want.total {
		t.Fatalf("%s: total %+v, replay %+v", what, got.Total, want.total)
	}
	if len(got.Moves) != len(want.moves) {
		t.Fatalf("%s: %d moves, replay %d", what, len(got.Moves), len(want.moves))
	}
	for i, m := range got.Moves {
		w := want.moves[m.UCI]
		if w == nil || m.Stats != *w {
			t.Fatalf("%s: move %s (%s) %+v, replay %+v", what, m.SAN, m.UCI, m.Stats, w)
		}
		if i > 0 && (got.Moves[i-1].Games < m.Games || got.Moves[i-1].Games == m.Games && got.Moves[i-1].SAN > m.SAN) {
			t.Fatalf("%s: moves out of order: %s (%d) before %s (%d)", what, got.Moves[i-1].SAN, got.Moves[i-1].Games, m.SAN, m.Games)
		}
	}
}

// The explorer's counts equal those of a replay of the games, for positions of every
// depth (the start, the openings, rare ones, transpositions), from a fresh build, from an
// index added to, from the tag column of an index without the explorer's column, and
// summed over two indexes of the halves.
func TestExploreEqualsReplay(t *testing.T) {
	dir := testdata.Dir(t)
	files := []string{firstGames(t, dir+"/masters-10k.pgn", 700), firstGames(t, dir+"/lichess-10k.pgn", 300), writeHandGames(t)}
	oracle := oracleExplore(t, files)
	ix := buildIndex(t, files...)
	first := buildIndex(t, files[0])
	second := buildIndex(t, files[1:]...)
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
	if !ix.Meta.ExploreColumn || !added.Meta.ExploreColumn {
		t.Fatal("no explorer's column")
	}
	ctx := context.Background()
	// every position reached within 6 plies and every 41st other one
	var keys []string
	n := 0
	for k := range oracle {
		n++
		pos, err := chess.ParseFEN(k + " 0 1")
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		if pos.Occupied().Count() >= 31 || n%41 == 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) < 300 {
		t.Fatalf("only %d positions", len(keys))
	}
	multi, rare := 0, 0
	for i, k := range keys {
		fen := k + " 7 30" // the counters do not count
		got, err := ix.Explore(ctx, fen)
		if err != nil {
			t.Fatal(err)
		}
		checkExploration(t, k, got, oracle[k])
		if len(got.Moves) > 1 {
			multi++
		}
		if got.Total.Games == 1 {
			rare++
		}
		if i%5 == 0 {
			got, err := added.Explore(ctx, fen)
			if err != nil {
				t.Fatal(err)
			}
			checkExploration(t, "added: "+k, got, oracle[k])
			a, err := first.Explore(ctx, fen)
			if err != nil {
				t.Fatal(err)
			}
			b, err := second.Explore(ctx, fen)
			if err != nil {
				t.Fatal(err)
			}
			a.Merge(b)
			checkExploration(t, "merged: "+k, a, oracle[k])
			ix.Meta.ExploreColumn = false // as in an index built before the column
			got, err = ix.Explore(ctx, fen)
			ix.Meta.ExploreColumn = true
			if err != nil {
				t.Fatal(err)
			}
			checkExploration(t, "from the tag column: "+k, got, oracle[k])
		}
	}
	if multi < 50 || rare < 50 {
		t.Fatalf("too easy: %d positions with several moves, %d of one game", multi, rare)
	}
	t.Logf("%d positions explored (%d with several moves, %d of one game)", len(keys), multi, rare)
	// A position no game reaches.
	got, err := ix.Explore(ctx, "8/8/8/4k3/8/8/3K4/8 w - - 0 1")
	if err != nil || got.Total.Games != 0 || len(got.Moves) != 0 {
		t.Fatalf("empty position: %+v, %v", got, err)
	}
	// The start position by --moves, and 1. e4 c5 written three ways.
	start, err := PlayMoves("")
	if err != nil || oracleKey(&start) != oracleKey(func() *chess.Position { p := chess.StartPosition(); return &p }()) {
		t.Fatalf("start: %v", err)
	}
	for _, moves := range []string{"1. e4 c5", "1.e4 c5", "e2e4 c7c5", "1. e4 1... c5"} {
		p, err := PlayMoves(moves)
		if err != nil {
			t.Fatal(err)
		}
		if got := oracleKey(&p); got != "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -" {
			t.Fatalf("%q: %s", moves, got)
		}
	}
	for _, bad := range []string{"1. e5", "1. e4 e4", "Nf6", "1. e4 c5 2. Ke3"} {
		if _, err := PlayMoves(bad); err == nil || !strings.Contains(err.Error(), "--moves") {
			t.Fatalf("%q: %v", bad, err)
		}
	}
}

// Without the exact-position table the explorer says why it cannot answer.
func TestExploreNoPositions(t *testing.T) {
	file := writeHandGames(t)
	dir := t.TempDir() + "/np.idx"
	if _, err := Build(context.Background(), dir, []string{file}, BuildOptions{Threads: 1, NoPositions: true}); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	_, err = ix.Explore(context.Background(), chess.StartFEN)
	if err == nil || !strings.Contains(err.Error(), "--no-positions") {
		t.Fatalf("got %v", err)
	}
}

// FuzzPlayMoves: any text is moves or an error, never a panic.
func FuzzPlayMoves(f *testing.F) {
	for _, s := range []string{"1. e4 c5", "e2e4", "1...", "12... Nf6", "1-0", "1.e4 e5 2.Nf3 *", "O-O", "1…e5", "0-0-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := PlayMoves(s)
		if err == nil {
			_ = fmt.Sprint(p.FEN())
		}
	})
}
