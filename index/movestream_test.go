package index

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
)

// sameGames says how b differs from a (the parse), "" when it does not: tags, result,
// every node (position, move, links, ply, variation), comments, NAGs and problems.
func sameGames(a, b *pgn.Game) string {
	switch {
	case a.Number != b.Number || a.File != b.File || a.Offset != b.Offset || a.Line != b.Line || a.Length != b.Length:
		return fmt.Sprintf("place %s %d %d %d %d, replayed %s %d %d %d %d", a.File, a.Number, a.Offset, a.Line, a.Length, b.File, b.Number, b.Offset, b.Line, b.Length)
	case !slices.Equal(a.Tags, b.Tags):
		return fmt.Sprintf("tags %v, replayed %v", a.Tags, b.Tags)
	case a.Result != b.Result:
		return fmt.Sprintf("result %q, replayed %q", a.Result, b.Result)
	case fmt.Sprint(a.Errors) != fmt.Sprint(b.Errors) || fmt.Sprint(a.Warnings) != fmt.Sprint(b.Warnings):
		return fmt.Sprintf("problems %v %v, replayed %v %v", a.Errors, a.Warnings, b.Errors, b.Warnings)
	case len(a.Nodes) != len(b.Nodes):
		return fmt.Sprintf("%d nodes, replayed %d", len(a.Nodes), len(b.Nodes))
	}
	for i := range a.Nodes {
		n, m := a.Nodes[i], b.Nodes[i]
		if n.Pos != m.Pos || n.Move != m.Move || n.Parent != m.Parent || n.FirstChild != m.FirstChild ||
			n.NextSibling != m.NextSibling || n.Ply != m.Ply || n.Variation != m.Variation {
			return fmt.Sprintf("node %d: %+v, replayed %+v", i, n, m)
		}
		k := int32(i)
		if a.Comment(k) != b.Comment(k) || a.CommentBefore(k) != b.CommentBefore(k) || a.CQLComment(k) != b.CQLComment(k) || !bytes.Equal(a.NAGs(k), b.NAGs(k)) {
			return fmt.Sprintf("node %d: notes %q %q (CQL's %q) %v, replayed %q %q (CQL's %q) %v", i, a.CommentBefore(k), a.Comment(k), a.CQLComment(k), a.NAGs(k), b.CommentBefore(k), b.Comment(k), b.CQLComment(k), b.NAGs(k))
		}
	}
	return ""
}

// streamStats counts what the games of a round trip exercised.
type streamStats struct {
	games, text, variations, nags, comments, before, nulls, fens, promotions, castles, enPassants int
}

func (s *streamStats) count(g *pgn.Game, body []byte) {
	s.games++
	if body[0]&recText != 0 {
		s.text++
	}
	if g.Tag("FEN") != "" {
		s.fens++
	}
	for i := range g.Nodes {
		n, k := &g.Nodes[i], int32(i)
		if n.Variation {
			s.variations++
		}
		if len(g.NAGs(k)) > 0 {
			s.nags++
		}
		if g.Comment(k) != "" {
			s.comments++
		}
		if g.CommentBefore(k) != "" {
			s.before++
		}
		switch m := n.Move; {
		case i == 0:
		case m.IsNull():
			s.nulls++
		case m.IsCastle():
			s.castles++
		case m.IsEnPassant():
			s.enPassants++
		case m.Promotion() != chess.NoPieceType:
			s.promotions++
		}
	}
}

// roundTrip encodes every game of data as the build does (parsed with variations) and
// replays it with and without variations; each must equal the parse of the game's text
// with the same options. It returns what the games held.
func roundTrip(t *testing.T, data []byte, name string) streamStats {
	t.Helper()
	var st streamStats
	var w recordWriter
	var at, back [2]place
	var records []byte
	var games []*pgn.Game
	err := pgn.Scan(context.Background(), bytes.NewReader(data), name, pgn.Options{Variations: true, Workers: 2}, func(g *pgn.Game) error {
		if (g.Number-1)%chunkGames == 0 {
			at[0] = place{}
		}
		body := w.encode(nil, g)
		st.count(g, body)
		records = appendRecord(records[:0], placeOf(g), &at[0], body)
		games = append(games[:0], g)
		for v, variations := range []bool{false, true} {
			if (g.Number-1)%chunkGames == 0 {
				back[v] = place{}
			}
			opt := pgn.Options{Variations: variations}
			want := g
			if !variations {
				want = &pgn.Game{File: g.File, Number: g.Number, Offset: g.Offset, Line: g.Line}
				pgn.ParseGame(g.Text, want, opt)
				if g.Cut {
					want = g // the scan's cut game: compared with variations only
					continue
				}
			}
			got := &pgn.Game{File: g.File, Number: g.Number}
			r := byteReader{b: records}
			rec := r.bytes(r.uvarint())
			if err := newReplayer(opt).replay(rec, got, &back[v], columnFor(g)); err != nil {
				t.Fatalf("%s game %d: %v", name, g.Number, err)
			}
			if d := sameGames(want, got); d != "" {
				t.Fatalf("%s game %d (variations %v): %s", name, g.Number, variations, d)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestStreamRoundTripCorpora: every game of the corpora comes back from its record as the
// parser reads it (lichess-10k and masters-10k hold no comments or variations; the CQL
// sample file has both), and fewer than 1% of the games are kept as text.
func TestStreamRoundTripCorpora(t *testing.T) {
	for _, name := range []string{"lichess-10k.pgn", "masters-10k.pgn", "cql-sample.pgn"} {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && name != "masters-10k.pgn" {
				t.Skip("short: masters-10k only")
			}
			data, err := os.ReadFile(testdata.File(t, name))
			if err != nil {
				t.Fatal(err)
			}
			st := roundTrip(t, data, name)
			t.Logf("%+v", st)
			if st.castles == 0 || st.enPassants == 0 || st.promotions == 0 {
				t.Errorf("%s does not exercise the stream: %+v", name, st)
			}
			if name == "cql-sample.pgn" && (st.variations == 0 || st.nags == 0 || st.comments == 0) {
				t.Errorf("no variations, NAGs or comments in %s: %+v", name, st)
			}
			if st.text*100 > st.games {
				t.Errorf("%d of %d games kept as text", st.text, st.games)
			}
		})
	}
}

// The hand-made games hold what the corpora may not: null moves, set-up positions (one
// Chess960), comments before variation moves, nested variations with NAGs, a promotion in
// a variation, a root comment, several comments after a move and ';' comments (CQL sees
// only the last brace comment), and games with problems (kept as text).
const streamEdgeGames = `{a comment before the tags' game}
1. e4 e5 2. -- Nc6 3. Z0 Nf6 *

[Event "setup"]
[SetUp "1"]
[FEN "4k3/P7/8/8/8/8/1p6/4K2R w K - 0 1"]

{root} 1. a8=Q+ $1 {check} ( {castles first} 1. O-O {castles} b1=N $2 (1... Kd7 $6) 2. a8=R) 1... Kd7 2. Qb7+ (2. Qa4+ {first} Kc7 (2... Kd8 {deep (nest)}) 3. Qa5+) 2... Kd6 1-0

[Event "960"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "4k2r/5p2/8/8/8/8/8/1R3K1R w HBh - 0 1"]

1. O-O O-O 2. Rb7 {done} 1/2-1/2

[Event "en passant"]

{r1} {r2} 1. e4 {x} $1 {y} a6 ; line
2. e5 ; only a line
d5 3. exd6 $18 {ep} (3. Nf3 ( {before} 3. d4 Bg4 ) 3... Bf5) 3... cxd6 0-1

[Event "bad move"]

1. e4 e5 2. Ke3 Nc6 *

[Event "bad fen"]
[FEN "8/8/8 w - - 0 1"]

1. e4 *

[Event "check not to move"]
[FEN "4k3/8/8/8/8/8/4R3/K7 w - - 0 1"]

1. Ra2 *

[Event "unterminated"]

1. d4 (1. c4 d5 2. Nf3 *
`

func TestStreamRoundTripEdges(t *testing.T) {
	st := roundTrip(t, []byte(streamEdgeGames), "edges.pgn")
	t.Logf("%+v", st)
	if st.games != 8 || st.text != 4 || st.nulls != 2 || st.fens != 4 || st.promotions < 3 || st.before < 2 || st.enPassants != 1 || st.castles < 3 {
		t.Errorf("the edge games did not come out as written: %+v", st)
	}
	// The edge corpus (damaged games, null moves, set-ups, annotated games) too.
	files, _ := filepath.Glob(filepath.Join(testdata.Dir(t), "edge", "*", "*.pgn"))
	var all streamStats
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil || len(data) > 4<<20 {
			continue
		}
		s := roundTrip(t, data, f)
		all.games += s.games
		all.text += s.text
		all.variations += s.variations
		all.nags += s.nags
		all.comments += s.comments
		all.before += s.before
		all.nulls += s.nulls
		all.fens += s.fens
	}
	t.Logf("edge corpus: %+v", all)
	if len(files) > 0 && (all.variations == 0 || all.nags == 0 || all.comments == 0 || all.before == 0 || all.nulls == 0 || all.fens == 0 || all.text == 0) {
		t.Errorf("the edge corpus does not exercise the stream: %+v", all)
	}
}

// FuzzReplay: a damaged record is an error or a game, never a panic; a record made from
// the fuzzer's PGN replays to the parse.
func FuzzReplay(f *testing.F) {
	var w recordWriter
	for _, g := range strings.Split(streamEdgeGames, "\n\n[") {
		games, _ := pgn.ReadAll(strings.NewReader(g), "seed", pgn.Options{Variations: true})
		for _, gm := range games {
			f.Add(w.encode(nil, gm), false)
		}
	}
	f.Add([]byte{0, 0, 0, 0, 0}, true)
	f.Fuzz(func(t *testing.T, body []byte, variations bool) {
		var at place
		g := &pgn.Game{}
		rec := append([]byte{0, byte(len(body) & 0x7f), 0}, body...) // a place, then the body
		if err := newReplayer(pgn.Options{Variations: variations}).replay(rec, g, &at, fuzzColumn); err == nil {
			// Whatever came out is a tree of positions the writer can write.
			pgn.AppendGameAsRead(nil, g)
		}
	})
}

// Replaying a game allocates nothing per move: two strings per game at most (its tags and
// its comments), however long the game.
func TestReplayAllocs(t *testing.T) {
	short := "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 {x} e5 2. Nf3 (2. Nc3) 2... Nc6 *\n"
	long := "[Event \"a\"]\n[Site \"b\"]\n\n" + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 100) + "{x} (Nc6) *\n"
	for _, text := range []string{short, long} {
		games, err := pgn.ReadAll(strings.NewReader(text), "a.pgn", pgn.Options{Variations: true})
		if err != nil || len(games) != 1 || len(games[0].Errors) > 0 {
			t.Fatalf("%v %v", err, games)
		}
		var w recordWriter
		body := w.encode(nil, games[0])
		if body[0]&recText != 0 {
			t.Fatal("stored as text")
		}
		r := byteReader{b: appendRecord(nil, placeOf(games[0]), &place{}, body)}
		rec := r.bytes(r.uvarint())
		col := columnFor(games[0])
		for _, variations := range []bool{false, true} {
			rp := newReplayer(pgn.Options{Variations: variations})
			var g pgn.Game
			var at place
			allocs := testing.AllocsPerRun(100, func() {
				at = place{}
				if err := rp.replay(rec, &g, &at, col); err != nil {
					t.Fatal(err)
				}
			})
			if allocs > 2 {
				t.Errorf("%d nodes (variations %v): %.1f allocations per replay, want at most 2", len(g.Nodes), variations, allocs)
			}
		}
	}
}
