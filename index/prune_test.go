package index

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// handGames are checked by hand, move by move; their ids are their order.
var handGames = []string{
	// 0: the scholar's mate; the white queen stands on d1, h5 and f7; check only at the mate.
	`[Event "0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0`,
	// 1: both sides castle queen-side; no check.
	`[Event "1"]

1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O *`,
	// 2: an en-passant capture: the white pawn reaches d6.
	`[Event "2"]

1. e4 a6 2. e5 d5 3. exd6 *`,
	// 3: a promotion to a knight on g8 (capturing the rook); no check.
	`[Event "3"]

1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Rg8 5. hxg8=N *`,
	// 4: the scholar's mate only in a variation; the main line has no check.
	`[Event "4"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qf3 (4. Qxf7#) 4... Nd4 *`,
	// 5: an illegal king move: a game with a problem is always a candidate.
	`[Event "5"]

1. e4 e5 2. Ke3 *`,
	// 6: Loyd's ten-move stalemate; check after 6. Qxd7+.
	`[Event "6"]

1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3
8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1/2-1/2`,
	// 7: the position after 1. e4 e5 2. Bc4 Nc6 of games 0 and 4, by transposition.
	`[Event "7"]

1. e4 Nc6 2. Bc4 e5 *`,
}

const badGame = 5

func writeHandGames(t *testing.T) string {
	file := filepath.Join(t.TempDir(), "hand.pgn")
	if err := os.WriteFile(file, []byte(strings.Join(handGames, "\n\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestPruneRules: each rule keeps the games that can match and drops those that cannot.
func TestPruneRules(t *testing.T) {
	file := writeHandGames(t)
	ix := buildIndex(t, file)
	all := []uint32{0, 1, 2, 3, 4, 5, 6, 7}
	for _, c := range []struct {
		query string
		want  []uint32 // without the bad game, which is always in
	}{
		{"mate", []uint32{0}},
		{"cql(variations) mate", []uint32{0, 4}},
		{"stalemate", []uint32{6}},
		{"check", []uint32{0, 6}},
		{"cql(variations) check", []uint32{0, 4, 6}},
		{"mate or stalemate", []uint32{0, 6}},
		{"move o-o-o", []uint32{1}},
		{"move previous o-o-o", []uint32{1}},
		{"move o-o", nil},
		{"move castle", []uint32{1}},
		{"move enpassant", []uint32{2}},
		{"move promote N", []uint32{3}},
		{"move promote Q", nil},
		{"move promote [QN]", []uint32{3}},
		{"move legal enpassant", all}, // legal moves are not the game's: no pruning (CQL refuses legal with promote)
		{"move legal count", all},
		{"Qf7", []uint32{0, 4}}, // squares are kept for all positions: game 4's variation counts
		{"cql(variations) Qf7", []uint32{0, 4}},
		{"Ng8", []uint32{3}},
		{"Pd6", []uint32{2}},
		{"[QR]f7", []uint32{0, 4}},
		{"flipcolor {qf2}", []uint32{0, 4}},
		{"flip {Qf7}", []uint32{0, 4, 6}}, // the 8 images of f7 include c7: 5. Qxc7 in Loyd's game
		{"Rd4 and mate", nil},
		{"Qf7 attacks k", []uint32{0, 4}},
		// a queen gives check in 0 (4. Qxf7#), 4 (the same in a variation) and 6 (6. Qxd7+)
		{"Q attacks k", []uint32{0, 4, 6}},
		{"k attackedby Q", []uint32{0, 4, 6}},
		{"[QR] attacks k", []uint32{0, 4, 6}},
		{"flipcolor {Q attacks k}", []uint32{0, 4, 6}}, // no black queen gives check
		{"N attacks k", nil},                           // no knight, pawn or bishop check
		{"[PB] attacks k", nil},
		{"R attacks K", all}, // a piece guarding its own king is not recorded
		{"if check then Qf7 else stalemate", []uint32{0, 6}},
		{"if check then Qf7", all},
		{"not mate", all},
		{"cql(matchcount 0) mate", all},
		{"sort \"x\" ply mate", []uint32{0}}, // sort of a number gives nothing; mate does
		{"_", all},
		{"true", all},
	} {
		got, ok := candidateGames(t, ix, c.query)
		if !ok {
			t.Errorf("%q not supported", c.query)
			continue
		}
		want := c.want
		if !slices.Equal(want, all) {
			want = append(slices.Clone(want), badGame)
			slices.Sort(want)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: candidates %v, want %v", c.query, got, want)
		}
	}
}

// randomQuery writes a random query from the grammar the pruning analyses, with the
// constructs it must leave alone mixed in.
func randomQuery(r *rand.Rand, depth int) string {
	pieces := "KQRBNPkqrbnp"
	designator := func() string {
		var set string
		for n := 1 + r.Intn(2); n > 0; n-- {
			set += string(pieces[r.Intn(len(pieces))])
		}
		if len(set) > 1 {
			set = "[" + set + "]"
		}
		switch r.Intn(4) {
		case 0:
			return set
		case 1:
			return set + "a-h" + fmt.Sprint(1+r.Intn(8))
		case 2:
			return set + string(rune('a'+r.Intn(8))) + "1-8"
		}
		return set + string(rune('a'+r.Intn(8))) + fmt.Sprint(1+r.Intn(8))
	}
	if depth <= 0 || r.Intn(3) == 0 {
		switch r.Intn(28) {
		case 0:
			return "mate"
		case 1:
			return "check"
		case 2:
			return "stalemate"
		case 3:
			return "move o-o"
		case 4:
			return "move o-o-o"
		case 5:
			return "move enpassant"
		case 6:
			return "move promote " + string("QRBN"[r.Intn(4)])
		case 7:
			return "move previous castle"
		case 8:
			return designator() + " attacks " + designator()
		case 9:
			return "not " + designator()
		case 10:
			return "wtm"
		case 11:
			return fmt.Sprintf("#%s %s %d", designator(), []string{"==", "<", ">=", "!="}[r.Intn(4)], r.Intn(4))
		case 12:
			return fmt.Sprintf("#[%c%c] == 0", pieces[1+r.Intn(5)], pieces[7+r.Intn(5)])
		case 13:
			return fmt.Sprintf("power A %s power a + %d", []string{">", "<=", "=="}[r.Intn(3)], r.Intn(7)-3)
		case 14:
			return fmt.Sprintf("%d <= #%s + #%s <= %d", r.Intn(3), designator(), designator(), 2+r.Intn(6))
		case 15:
			return "result " + []string{"1-0", "0-1", "1/2-1/2", "*"}[r.Intn(4)]
		case 16:
			// != holds where a side has no value (a game without a date)
			return fmt.Sprintf("year %s %d", []string{"<", ">=", "==", "!="}[r.Intn(4)], 1960+r.Intn(70))
		case 17:
			return fmt.Sprintf("elo %s%s %d", []string{"", "white ", "black "}[r.Intn(3)], []string{">", "!="}[r.Intn(2)], 2300+r.Intn(500))
		case 18:
			return "-#" + designator() + " < -1"
		case 19:
			return fmt.Sprintf("player %s%q", []string{"", "white ", "black "}[r.Intn(3)], []string{"Carlsen", "an", "ov", "Kasparov", ""}[r.Intn(5)])
		case 20:
			return fmt.Sprintf("%q in %s", []string{"B", "C4", "E9", "A0", ""}[r.Intn(5)], []string{"eco", "player white", "player black"}[r.Intn(3)])
		case 21:
			if r.Intn(2) == 0 {
				return fmt.Sprintf("movenumber %s %d", []string{"<", ">", ">=", "=="}[r.Intn(4)], r.Intn(60))
			}
			return fmt.Sprintf("ply %s %d", []string{"<", ">", ">=", "=="}[r.Intn(4)], r.Intn(120))
		case 22:
			return "true"
		case 23:
			return string(pieces[r.Intn(12)]) + []string{" attacks ", " attackedby "}[r.Intn(2)] + string("kK"[r.Intn(2)])
		case 24:
			// a chain led by != is the chain with == first, negated
			return fmt.Sprintf("#%s != %d - #%s %s %d", designator(), r.Intn(4), designator(), []string{"<", ">", "<="}[r.Intn(3)], r.Intn(5)-2)
		}
		return designator()
	}
	a, b := randomQuery(r, depth-1), randomQuery(r, depth-1)
	switch r.Intn(9) {
	case 0:
		return "(" + a + " and " + b + ")"
	case 1:
		return "(" + a + " or " + b + ")"
	case 2:
		return "{" + a + " " + b + "}"
	case 3:
		return "flipcolor {" + a + "}"
	case 4:
		return "flip {" + a + "}"
	case 5:
		return "if " + a + " then " + b + " else " + randomQuery(r, depth-1)
	case 6:
		return "not " + a
	case 7:
		return "shift {" + a + "}"
	}
	return "{" + a + " " + b + " " + randomQuery(r, depth-1) + "}"
}

// TestPruneNeverDropsAMatch: for random queries, every game the evaluator matches is a
// candidate, and every game decided to match (Decided) matches, over the hand-made games and the small edge files (damaged ones included).
func TestPruneNeverDropsAMatch(t *testing.T) {
	files := []string{writeHandGames(t), filepath.Join(t.TempDir(), "movenumber.pgn")}
	if err := os.WriteFile(files[1], []byte(strings.Join(moveNumberGames, "\n\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob(filepath.Join(testdata.Dir(t), "edge", "*", "*.pgn"))
	for _, f := range more {
		if st, err := os.Stat(f); err == nil && st.Size() < 32<<10 {
			files = append(files, f)
		}
	}
	files = append(files, firstGames(t, testdata.File(t, "masters-10k.pgn"), 600))
	ix := buildIndex(t, files...)
	seed := int64(1)
	if v, err := strconv.ParseInt(os.Getenv("CQL_PRUNE_SEED"), 10, 64); err == nil {
		seed = v // other queries than the default run's
	}
	r := rand.New(rand.NewSource(seed))
	// CQL_PRUNE_QUERIES=N for a longer run.
	n := 40
	if testing.Short() {
		n = 10
	}
	if v, err := strconv.Atoi(os.Getenv("CQL_PRUNE_QUERIES")); err == nil {
		n = v
	}
	for i := 0; i < n; i++ {
		qs := randomQuery(r, 3)
		if r.Intn(4) == 0 {
			qs = "cql(variations) " + qs
		}
		prog, err := query.Parse("random", []byte(qs))
		if err != nil {
			continue // e.g. transforms nested too deeply
		}
		q, err := filter.Compile(prog)
		if err != nil {
			continue
		}
		cand, err := ix.Candidates(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		decided, err := ix.Decided(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		if cand == nil && decided == nil {
			continue
		}
		id := uint32(0)
		ev := q.NewEvaluator()
		dropped, wrong := 0, 0
		for _, f := range files {
			rc, err := pgn.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			err = pgn.Scan(context.Background(), rc, f, pgn.Options{Variations: q.Variations()}, func(g *pgn.Game) error {
				matches := q.Selected(g) && q.MatchCountOK(len(ev.Game(g)))
				if matches && cand != nil && !cand.Contains(id) {
					if dropped++; dropped <= 3 {
						t.Errorf("%q: game %d of %s matches but was pruned", qs, g.Number, f)
					}
				}
				if !matches && decided != nil && decided.Contains(id) {
					if wrong++; wrong <= 3 {
						t.Errorf("%q: game %d of %s does not match but was decided to", qs, g.Number, f)
					}
				}
				id++
				return nil
			})
			rc.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
		if int(id) != ix.Meta.Games {
			t.Fatalf("scanned %d games, the index has %d", id, ix.Meta.Games)
		}
	}
}

// firstGames writes the first n games of a corpus to a file of their own.
func firstGames(t *testing.T, file string, n int) string {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	at := 0
	for i := 0; i < n; i++ {
		k := strings.Index(string(b[at+1:]), "\n[Event ")
		if k < 0 {
			at = len(b)
			break
		}
		at += 1 + k
	}
	out := filepath.Join(t.TempDir(), "first.pgn")
	if err := os.WriteFile(out, b[:at], 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// Find lists the position after 1. e4 e5 2. Bc4 Nc6 in games 0 and 4 and, by
// transposition, in game 7; with other move counters too. A position no game reaches
// has no occurrence, and a bad FEN is an error.
func TestFindPosition(t *testing.T) {
	ix := buildIndex(t, writeHandGames(t))
	found, err := ix.Find(context.Background(), "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 9 9", 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range found {
		got = append(got, fmt.Sprintf("%d/%d", o.Game, o.Ply))
	}
	if want := []string{"1/4", "5/4", "8/4"}; !slices.Equal(got, want) {
		t.Errorf("found %v, want %v", got, want)
	}
	// Black to move in the same placement: nowhere.
	if found, err := ix.Find(context.Background(), "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0 1", 2, 0); err != nil || len(found) != 0 {
		t.Errorf("wrong side to move: %v %v", found, err)
	}
	// The mate of the variation of game 4 (game number 5) is found in it too.
	found, _ = ix.Find(context.Background(), "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", 2, 0)
	if len(found) != 2 || found[1].Game != 5 || !found[1].Variation {
		t.Errorf("mate found %v", found)
	}
	if _, err := ix.Find(context.Background(), "not a fen", 1, 0); err == nil {
		t.Error("bad FEN accepted")
	}
}

// Find agrees with a count of every position of a corpus (export-style: all positions,
// variations included, compared as EPD).
func TestFindAgreesWithScan(t *testing.T) {
	file := testdata.File(t, "masters-10k.pgn")
	ix := buildIndex(t, file)
	fen := "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" // 1. e4 c5 2. Nf3
	want := 0
	target := strings.Join(strings.Fields(fen)[:4], " ")
	rc, err := pgn.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	var buf []byte
	pgn.Scan(context.Background(), rc, file, pgn.Options{Variations: true}, func(g *pgn.Game) error {
		for i := range g.Nodes {
			buf = g.Nodes[i].Pos.AppendFEN(buf[:0])
			if f := strings.Fields(string(buf)); strings.Join(f[:4], " ") == target {
				want++
			}
		}
		return nil
	})
	found, err := ix.Find(context.Background(), fen, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != want || want == 0 {
		t.Errorf("found %d occurrences, the scan counts %d", len(found), want)
	}
}

// State carried from game to game makes every game's evaluation count: no pruning.
func TestPruneKeepsPersistentState(t *testing.T) {
	ix := buildIndex(t, writeHandGames(t))
	for _, src := range []string{"persistent total = 0 total += 1 mate", "dictionary D D[\"x\"] = 1 mate"} {
		prog, err := query.Parse("test", []byte(src))
		if err != nil {
			t.Logf("%q: %v (not parsed yet)", src, err)
			continue
		}
		if cand, err := ix.Candidates(prog, false); err != nil || cand != nil {
			t.Errorf("%q pruned to %v (%v)", src, bitmapOf(cand, ix.Meta.Games), err)
		}
	}
}
