package filter

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
	nc "github.com/notnil/chess"
)

// End-to-end checks against an independent implementation: games are read
// with github.com/notnil/chess, replayed with our chess package into a
// pgn.Game, evaluated with our filters, and the matching (game, ply) pairs
// are compared with what the test computes from notnil's own positions.

// oracleGame is one game as notnil read it, and the same game as our model.
type oracleGame struct {
	number int
	nc     *nc.Game
	ours   *pgn.Game
}

// readOracleGames reads up to max games of a file with notnil and replays
// them with our chess package. The file is cut into games at each "[Event "
// line so that one game notnil cannot read is skipped instead of ending the
// scan; notnil is slow, so games are decoded in parallel.
func readOracleGames(t *testing.T, path string, max int) []oracleGame {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var chunks [][]byte
	for len(data) > 0 && len(chunks) < max {
		end := bytes.Index(data[1:], []byte("\n[Event "))
		if end < 0 {
			chunks, data = append(chunks, data), nil
			break
		}
		chunks, data = append(chunks, data[:end+2]), data[end+2:]
	}
	games := make([]oracleGame, len(chunks))
	errs := make([]error, len(chunks))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				opt, err := nc.PGN(bytes.NewReader(stripCheckMarks(chunks[i])))
				if err != nil {
					continue // unreadable by notnil: left out (nc stays nil)
				}
				g := nc.NewGame(opt)
				ours, err := replay(g, i+1)
				games[i] = oracleGame{number: i + 1, nc: g, ours: ours}
				errs[i] = err
			}
		}()
	}
	for i := range chunks {
		next <- i
	}
	close(next)
	wg.Wait()
	var out []oracleGame
	for i, g := range games {
		if errs[i] != nil {
			t.Fatalf("game %d: %v", i+1, errs[i])
		}
		if g.nc != nil {
			out = append(out, g)
		}
	}
	skipped := len(chunks) - len(out)
	if skipped*50 > len(chunks) {
		t.Fatalf("notnil could not read %d of %d games", skipped, len(chunks))
	}
	t.Logf("%s: %d games, %d skipped (unreadable by notnil)", filepath.Base(path), len(out), skipped)
	return out
}

// stripCheckMarks removes + and # from the movetext: notnil insists that
// they agree with its own idea of check and mate, and accepts moves without
// them. Tag lines are left alone.
func stripCheckMarks(game []byte) []byte {
	out := make([]byte, 0, len(game))
	for _, line := range bytes.SplitAfter(game, []byte("\n")) {
		if len(line) > 0 && line[0] == '[' {
			out = append(out, line...)
			continue
		}
		for _, c := range line {
			if c != '+' && c != '#' {
				out = append(out, c)
			}
		}
	}
	return out
}

// replay builds our game model from notnil's moves.
func replay(g *nc.Game, number int) (*pgn.Game, error) {
	pos := chess.StartPosition()
	if tp := g.GetTagPair("FEN"); tp != nil {
		p, err := chess.ParseFEN(tp.Value)
		if err != nil {
			return nil, err
		}
		pos = p
	}
	out := &pgn.Game{Number: number}
	for _, tp := range g.TagPairs() {
		out.Tags = append(out.Tags, pgn.Tag{Name: tp.Key, Value: tp.Value})
	}
	out.Nodes = append(out.Nodes, pgn.Node{Pos: pos, Parent: -1, FirstChild: -1, NextSibling: -1})
	var l chess.MoveList
	for i, m := range g.Moves() {
		pos.LegalMoves(&l)
		var mv chess.Move
		for j := 0; j < l.Len(); j++ {
			c := l.At(j)
			if int(c.From()) == int(m.S1()) && int(c.KingTo()) == int(m.S2()) && promoMatches(c.Promotion(), m.Promo()) {
				mv = c
				break
			}
		}
		if mv == chess.NoMove {
			return nil, fmt.Errorf("ply %d: move %v not legal in %s", i+1, m, pos.FEN())
		}
		pos.Play(mv)
		out.Nodes[len(out.Nodes)-1].FirstChild = int32(len(out.Nodes))
		out.Nodes = append(out.Nodes, pgn.Node{Pos: pos, Move: mv, Parent: int32(len(out.Nodes) - 1),
			FirstChild: -1, NextSibling: -1, Ply: int32(i + 1)})
	}
	return out, nil
}

func promoMatches(ours chess.PieceType, theirs nc.PieceType) bool {
	switch theirs {
	case nc.Queen:
		return ours == chess.Queen
	case nc.Rook:
		return ours == chess.Rook
	case nc.Bishop:
		return ours == chess.Bishop
	case nc.Knight:
		return ours == chess.Knight
	}
	return ours == chess.NoPieceType
}

// ---- oracle predicates on notnil positions ----

// ncPower is the material of one colour: P=1 N=B=3 R=5 Q=9.
func ncPower(b *nc.Board, c nc.Color) int {
	val := map[nc.PieceType]int{nc.Pawn: 1, nc.Knight: 3, nc.Bishop: 3, nc.Rook: 5, nc.Queen: 9}
	n := 0
	for _, p := range b.SquareMap() {
		if p.Color() == c {
			n += val[p.Type()]
		}
	}
	return n
}

// ncQueenAttacksKing walks the eight queen rays from every white queen and
// reports whether one reaches the black king before any other piece.
func ncQueenAttacksKing(b *nc.Board) bool {
	m := b.SquareMap()
	for s, p := range m {
		if p != nc.WhiteQueen {
			continue
		}
		f0, r0 := int(s)%8, int(s)/8
		for _, d := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			for f, r := f0+d[0], r0+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
				q, ok := m[nc.Square(r*8+f)]
				if !ok || q == nc.NoPiece {
					continue
				}
				if q == nc.BlackKing {
					return true
				}
				break
			}
		}
	}
	return false
}

type oracleCase struct {
	cql string // the query, parsed by package query
	// want reports whether position i (after i plies) of g matches.
	want func(g *nc.Game, i int) bool
}

func oracleCases() []oracleCase {
	return []oracleCase{
		{"mate", func(g *nc.Game, i int) bool { return g.Positions()[i].Status() == nc.Checkmate }},
		{"stalemate", func(g *nc.Game, i int) bool { return g.Positions()[i].Status() == nc.Stalemate }},
		{"check", func(g *nc.Game, i int) bool { return i > 0 && g.Moves()[i-1].HasTag(nc.Check) }},
		{"power A >= power a + 5", func(g *nc.Game, i int) bool {
			b := g.Positions()[i].Board()
			return ncPower(b, nc.White) >= ncPower(b, nc.Black)+5
		}},
		{"abs(power A - power a) <= 1 and #[Qq] == 0", func(g *nc.Game, i int) bool {
			b := g.Positions()[i].Board()
			d := ncPower(b, nc.White) - ncPower(b, nc.Black)
			queens := 0
			for _, p := range b.SquareMap() {
				if p.Type() == nc.Queen {
					queens++
				}
			}
			return d >= -1 && d <= 1 && queens == 0
		}},
		{"Q attacks k", func(g *nc.Game, i int) bool { return ncQueenAttacksKing(g.Positions()[i].Board()) }},
		{"move capture Q", func(g *nc.Game, i int) bool {
			if i >= len(g.Moves()) {
				return false
			}
			m := g.Moves()[i]
			return g.Positions()[i].Board().Piece(m.S2()) == nc.WhiteQueen
		}},
		{"move promote N", func(g *nc.Game, i int) bool {
			return i < len(g.Moves()) && g.Moves()[i].Promo() == nc.Knight
		}},
		{"move previous promote [QRBN]", func(g *nc.Game, i int) bool {
			return i > 0 && g.Moves()[i-1].Promo() != nc.NoPieceType
		}},
		{"move previous capture .", func(g *nc.Game, i int) bool {
			return i > 0 && (g.Moves()[i-1].HasTag(nc.Capture) || g.Moves()[i-1].HasTag(nc.EnPassant))
		}},
		{"move previous o-o-o", func(g *nc.Game, i int) bool {
			return i > 0 && g.Moves()[i-1].HasTag(nc.QueenSideCastle)
		}},
	}
}

func TestOracle(t *testing.T) {
	// notnil decodes a few hundred games a second per core, and CI runs
	// go test without -short: 400 games per file by default, 100 with
	// -short, CQL_ORACLE_GAMES=N for a longer run (10000: whole files).
	n := 400
	if testing.Short() {
		n = 100
	}
	if v, err := strconv.Atoi(os.Getenv("CQL_ORACLE_GAMES")); err == nil && v > 0 {
		n = v
	}
	cases := oracleCases()
	queries := make([]*Query, len(cases))
	for i, c := range cases {
		p, err := query.Parse("", []byte(c.cql))
		if err != nil {
			t.Fatalf("%s: %v", c.cql, err)
		}
		queries[i] = mustCompile(t, p)
	}
	for _, file := range []string{"lichess-10k.pgn", "masters-10k.pgn"} {
		t.Run(file, func(t *testing.T) {
			path := testdata.File(t, file)
			games := readOracleGames(t, path, n)
			byNumber := map[int]*nc.Game{}
			for _, og := range games {
				byNumber[og.number] = og.nc
			}
			// Our side: our PGN reader, our chess, our filters.
			got := make([][]string, len(cases))
			evals := make([]*Evaluator, len(cases))
			for i, q := range queries {
				evals[i] = q.NewEvaluator()
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			seen := 0
			err = pgn.Scan(context.Background(), f, file, pgn.Options{}, func(g *pgn.Game) error {
				if g.Number > n {
					return pgn.ErrStop
				}
				if byNumber[g.Number] == nil {
					return nil // notnil could not read it
				}
				if len(g.Errors) > 0 {
					t.Errorf("game %d: %v", g.Number, g.Errors[0])
				}
				seen++
				for i, e := range evals {
					for _, k := range e.Game(g) {
						got[i] = append(got[i], fmt.Sprintf("game %d ply %d", g.Number, g.Nodes[k].Ply))
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if seen != len(games) {
				t.Fatalf("our reader gave %d of the %d games notnil read", seen, len(games))
			}
			for i, c := range cases {
				var want []string
				for _, og := range games {
					for k := range og.nc.Positions() {
						if c.want(og.nc, k) {
							want = append(want, fmt.Sprintf("game %d ply %d", og.number, k))
						}
					}
				}
				if d := diff(got[i], want); d != "" {
					t.Errorf("%s: %d matches, oracle %d: %s", c.cql, len(got[i]), len(want), d)
				} else {
					t.Logf("%s: %d positions agree over %d games", c.cql, len(want), len(games))
				}
			}
		})
	}
}

// diff describes the first differences between two lists of matches.
func diff(got, want []string) string {
	in := func(l []string) map[string]bool {
		m := map[string]bool{}
		for _, s := range l {
			m[s] = true
		}
		return m
	}
	g, w := in(got), in(want)
	var extra, missing []string
	for s := range g {
		if !w[s] {
			extra = append(extra, s)
		}
	}
	for s := range w {
		if !g[s] {
			missing = append(missing, s)
		}
	}
	if len(extra) == 0 && len(missing) == 0 && len(got) == len(want) {
		return ""
	}
	sort.Strings(extra)
	sort.Strings(missing)
	if len(extra) > 5 {
		extra = extra[:5]
	}
	if len(missing) > 5 {
		missing = missing[:5]
	}
	return fmt.Sprintf("unexpected %v, missing %v", extra, missing)
}
