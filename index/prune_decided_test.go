package index

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/run"
)

// decidedGames are checked by hand; their ids are their order.
var decidedGames = []string{
	// 0: the scholar's mate, on the main line; black is left with 7 pawns; a white win.
	`[Event "0"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0`,
	// 1: both sides castle queen-side on the main line.
	`[Event "1"]

1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O *`,
	// 2: white castles queen-side only in a variation.
	`[Event "2"]

1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 (4... e6 5. O-O-O) 5. e3 *`,
	// 3: black loses a pawn on the main line (7 black pawns after 2. exd5).
	`[Event "3"]

1. e4 d5 2. exd5 *`,
	// 4: no capture, a variation.
	`[Event "4"]

1. e4 d5 (1... e5) 2. Nf3 *`,
	// 5: an illegal king move: a game with a problem is never decided.
	`[Event "5"]

1. e4 e5 2. Ke3 *`,
	// 6: a black pawn is captured only in a variation.
	`[Event "6"]

1. e4 d5 2. Nf3 (2. exd5) 2... e6 *`,
	// 7: the scholar's mate only in a variation.
	`[Event "7"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qf3 (4. Qxf7#) 4... Nd4 *`,
	// 8: only black castles queen-side; white castles king-side.
	`[Event "8"]

1. d4 d5 2. Nf3 Nc6 3. Bf4 Bf5 4. e3 Qd7 5. Be2 O-O-O 6. O-O *`,
}

// TestDecided: the games the summaries decide, for queries whose answers are known by
// hand; and a count through GamesDecided equals the scan's.
func TestDecided(t *testing.T) {
	file := filepath.Join(t.TempDir(), "decided.pgn")
	if err := os.WriteFile(file, []byte(strings.Join(decidedGames, "\n\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ix := buildIndex(t, file)
	for _, c := range []struct {
		query string
		want  []uint32 // nil: nothing decided
	}{
		{"true", []uint32{0, 1, 2, 3, 4, 6, 7, 8}},
		{"{true true}", []uint32{0, 1, 2, 3, 4, 6, 7, 8}},
		{"mate", []uint32{0}},
		{"cql(variations) mate", []uint32{0, 7}},
		{"true and mate", []uint32{0}},
		{"move o-o-o", []uint32{1, 8}},                    // game 2's is in a variation
		{"cql(variations) move o-o-o", []uint32{1, 2, 8}}, // now visited
		{"move previous castle", []uint32{1, 8}},          // o-o-o is castling
		{"move o-o", []uint32{8}},                         // white in game 8
		{"wtm move o-o-o", []uint32{1}},                   // white's; game 2's is in a variation
		{"move o-o-o wtm", []uint32{1}},                   // in either order
		{"wtm and move o-o-o", []uint32{1}},
		{"cql(variations) wtm move o-o-o", []uint32{1, 2}},
		{"btm move o-o-o", []uint32{1, 8}},
		{"btm move previous o-o-o", []uint32{1}},     // white castled before black's move
		{"wtm move previous castle", []uint32{1, 8}}, // black castled before white's move
		{"btm move o-o", nil},                        // only white castles king-side
		{"wtm move o-o", []uint32{8}},
		{"wtm mate", nil}, // the mate flag has no side
		{"wtm move enpassant", nil},
		{"wtm btm move o-o-o", nil},
		{"mate or move o-o-o", []uint32{0, 1, 8}},         // either part
		{"flipcolor mate", []uint32{0}},                   // a transform: any image
		{"#p == 7", []uint32{0, 3}},                       // game 6's capture is in a variation
		{"cql(variations) #p == 7", []uint32{0, 3, 6, 7}}, // visited now (7: 4. Qxf7#)
		{"#p == 7 and #P == 8", []uint32{0, 3}},           // a signature with both
		{"#p == 7 and #P == 7", nil},                      // no signature has both
		{"result 1-0", []uint32{0}},                       // by the tags
		{"mate and move o-o-o", nil},                      // parts that may hold at different positions
		{"not mate", nil},                                 // not analysed
		{"Q attacks k", []uint32{0}},                      // the mate; game 7's is in a variation
		{"cql(variations) k attackedby Q", []uint32{0, 7}},
		{"Qf7 attacks k", nil}, // a square named: not decided
		{"B attacks k", nil},
		{"Qf7", []uint32{0}}, // game 7's Qf7 is in a variation
		{"cql(variations) Qf7", []uint32{0, 7}},
		{"[Qq]f7", []uint32{0}},
		{"Qa1", nil},
		{"_f7", nil}, // an empty square is not recorded
		{"Bb5", nil},
		{"Pd5", []uint32{3}},                    // 2. exd5; game 6's is in a variation
		{"move o-o-o comment (\"long\")", nil},  // a comment: not pure
		{"cql(matchcount 2 100) mate", nil},     // a header that counts positions
		{"move o-o-o from a1", nil},             // more asked of the move
		{"cql(variations) move enpassant", nil}, // nobody takes en passant
		{"check", []uint32{0}},                  // the mate; game 7's check is in a variation
	} {
		prog, q, ok := compileQuery(t, c.query)
		if !ok {
			t.Fatalf("%q not supported", c.query)
		}
		dec, err := ix.Decided(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		var got []uint32
		if dec != nil {
			got = dec.ToArray()
		}
		want := c.want
		if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("%q: decided %v, want %v", c.query, got, want)
		}
		// Counting the decided games without replaying them gives the scan's count.
		opt := run.Options{Count: true, Threads: 2}
		if !run.MatchesOnly(q, opt) {
			continue
		}
		cand, err := ix.Candidates(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		scan := runCount(t, q, run.Files{Names: []string{file}})
		indexed := runCount(t, q, ix.GamesDecided(cand, dec))
		if scan.out != indexed.out || scan.errs != indexed.errs || scan.stats.GamesRead != indexed.stats.GamesRead {
			t.Errorf("%q: the scan counts %q (%q), the index %q (%q)", c.query, scan.out, scan.errs, indexed.out, indexed.errs)
		}
		if indexed.stats.Decided != len(got) {
			t.Errorf("%q: %d games counted as decided, want %d", c.query, indexed.stats.Decided, len(got))
		}
	}
}

func runCount(t *testing.T, q *filter.Query, src run.Source) runOutput {
	t.Helper()
	var out, errs bytes.Buffer
	st, err := run.Run(context.Background(), q, src, &out, run.Options{Format: "pgn", Count: true, Threads: 2, Errors: &errs})
	if err != nil {
		t.Fatal(err)
	}
	return runOutput{out.String(), errs.String(), st}
}

// A set-up position may have the side not to move in check (a warning, evaluated as CQL
// does): the king-attack lists must have it, or `Q attacks k` would be pruned wrongly.
func TestPruneKingAttackSetUp(t *testing.T) {
	file := filepath.Join(t.TempDir(), "setup.pgn")
	games := `[Event "0"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1"]

1. Qe3 *

[Event "1"]

1. e4 e5 *
`
	if err := os.WriteFile(file, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	ix := buildIndex(t, file)
	for _, qs := range []string{"Q attacks k", "k attackedby Q", "Qe2 attacks k"} {
		prog, q, _ := compileQuery(t, qs)
		cand, err := ix.Candidates(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		if got := bitmapOf(cand, ix.Meta.Games); !slices.Equal(got, []uint32{0}) {
			t.Errorf("%q: candidates %v, want [0]", qs, got)
		}
		scan := runCount(t, q, run.Files{Names: []string{file}})
		if scan.out != "1\n" {
			t.Errorf("%q: the scan counts %q, want 1", qs, scan.out)
		}
	}
}

// BenchmarkPruneAnalysis times the static analysis of queries the summaries settle:
// candidates and decided games, in the index at $CQL_BENCH_INDEX (e.g. one of
// masters-463k built by bench/index.sh), else one of masters-10k.
func BenchmarkPruneAnalysis(b *testing.B) {
	var ix *Index
	if dir := os.Getenv("CQL_BENCH_INDEX"); dir != "" {
		var err error
		if ix, err = Open(dir); err != nil {
			b.Fatal(err)
		}
		defer ix.Close()
	} else {
		ix = buildIndex(b, testdata.File(b, "masters-10k.pgn"))
	}
	for _, qs := range []string{
		"#R == 1 and #P == 1 and #r == 1 and #p == 0 and #[QBNqbn] == 0",
		"#[QqBbNn] == 0 and #[Rr] > 0",
		"move o-o-o",
		"Q attacks k",
	} {
		prog, q, _ := compileQuery(b, qs)
		b.Run(qs, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, _, err := ix.Analyse(prog, q.Variations(), true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestPruneNotEqual: a chain whose first link is != is the chain with == first, negated
// (as CQL reads a != b < c); it holds where a side has no value. The summaries pruned
// every game for `year != 2000` without a Date tag and for `#K != 3 - #[KR]a-h8 < -1`
// (found by TestPruneNeverDropsAMatch with CQL_PRUNE_SEED=3). The counts are CQL 9.493's.
func TestPruneNotEqual(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ne.pgn")
	games := "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 d5 2. exd5 *\n\n" +
		"[Event \"b\"]\n[Date \"2000.01.01\"]\n[Result \"*\"]\n\n1. d4 *\n"
	if err := os.WriteFile(file, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	ix := buildIndex(t, file)
	for _, c := range []struct {
		query string
		want  string
	}{
		{"year != 2000", "1"},
		{"year != 1999", "2"},
		{"year != 2000 < 2001", "1"},
		{"#p != 8", "1"},
		{"#p != 7", "2"},
		{"#p != 8 < 9", "1"},
		{"#p != 7 < 8", "2"},
		{"#p != #P < 9", "1"},
		{"#K != 3 - #[KR]a-h8 < -1", "2"},
	} {
		prog, q, ok := compileQuery(t, c.query)
		if !ok {
			t.Fatalf("%q not supported", c.query)
		}
		cand, err := ix.Candidates(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		dec, err := ix.Decided(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(runCount(t, q, ix.GamesDecided(cand, dec)).out); got != c.want {
			t.Errorf("%q: the index counts %s games, CQL 9.493 %s", c.query, got, c.want)
		}
	}
}
