package index

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// summaryGames are checked by hand: their material and tags.
var summaryHandGames = []string{
	// 0: a rook-and-pawn ending, one pawn and one rook a side throughout.
	`[Event "0"]
[Date "1995.01.01"]
[Result "1-0"]
[WhiteElo "2600"]
[BlackElo "2400"]
[White "Carlsen, Magnus"]
[Black "Anand, Viswanathan"]
[ECO "B90"]
[SetUp "1"]
[FEN "r3k3/p7/8/8/8/8/P7/R3K3 w - - 0 1"]

1. Kd2 Kd7 1-0`,
	// 1: the scholar's mate from the start: full material, then one black pawn less.
	`[Event "1"]
[Date "2010.??.??"]
[Result "1-0"]
[WhiteElo "2700"]
[White "Anand, Viswanathan"]
[Black "Kasparov"]
[ECO "C20"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0`,
	// 2: rook against queen, no year, no Elo.
	`[Event "2"]
[Date "????.??.??"]
[Result "1/2-1/2"]
[Black "Carlsen, M."]
[ECO ""]
[SetUp "1"]
[FEN "3qk3/8/8/8/8/8/8/3RK3 w - - 0 1"]

1. Kf2 Ke7 1/2-1/2`,
	// 3: a lone white rook; no Result tag, the move text says 0-1; the date is a year.
	`[Event "3"]
[Date "1960"]
[White "Carlsen"]
[White "Tal"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]

1. O-O Kd7 0-1`,
	// 4: a promotion gives white a second queen.
	`[Event "4"]
[Result "*"]
[White "?"]
[ECO "E99"]
[SetUp "1"]
[FEN "4k3/P7/8/8/8/8/8/Q3K3 w - - 0 1"]

1. a8=Q+ Kd7 *`,
}

// TestPruneSummaryRules: material signatures and tags keep the games that can match and
// drop those that cannot, with not, or and transforms evaluated in three-valued logic.
func TestPruneSummaryRules(t *testing.T) {
	file := filepath.Join(t.TempDir(), "summary.pgn")
	if err := os.WriteFile(file, []byte(strings.Join(summaryHandGames, "\n\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ix := buildIndex(t, file)
	all := []uint32{0, 1, 2, 3, 4}
	var queries []string
	defer func() { checkEquivalent(t, ix, []string{file}, queries, []string{"pgn"}) }()
	for _, c := range []struct {
		query string
		want  []uint32
	}{
		{"#Q == 2", []uint32{4}},
		{"#Q >= 1 and #R == 0", []uint32{4}}, // game 1 keeps its rooks
		{"#R == 1 and #P == 1 and #r == 1 and #p == 1 and #[QBNqbn] == 0", []uint32{0}},
		{"#[QqBbNn] == 0 and #[Rr] > 0", []uint32{0, 3}},
		{"power A >= power a + 9", []uint32{4}},
		{"not [Qq]", []uint32{0, 3}},
		{"#p == 7", []uint32{1}},
		{"2 < #P <= 5", nil},
		{"flipcolor {#r == 1 and #R == 0}", []uint32{2, 3}}, // 2 is the flipped image
		{"#Qa1-8 == 2", []uint32{4}},                        // a1 and a8
		{"#Qa1-8 == 3", nil},                                // never three white queens
		{"result 1-0", []uint32{0, 1}},
		{"result 0-1", []uint32{3}},
		{"result 1/2-1/2", []uint32{2}},
		{"result *", []uint32{4}},
		{"year < 2000", []uint32{0, 3}},
		{"not (year >= 2000)", []uint32{0, 2, 3, 4}},
		{"year", []uint32{0, 1, 3}},
		{"elo white > 2650", []uint32{1}},
		{"elo > 2500", []uint32{0, 1}},
		{"elo black < 2500", []uint32{0}},
		{"year < 2000 and #Q == 2", nil},
		{"result 1-0 or #Q == 2", all}, // material and tags are judged apart: each side of the or may hold
		{"not result 1-0", []uint32{2, 3, 4}},
		{"1 > 2", nil},
		{"#Q == 2 or check", all}, // check is not a summary: no pruning from the or
		// game 4 has two plies: no position of it has ply 3
		{"ply > 3 and #Q == 2", nil},
		{"ply > 3", []uint32{1}},
		{"ply >= 7", []uint32{1}},
		{"ply > 7", nil},
		{"ply == 2 and #p == 7", []uint32{1}},
		{"not ply > 2", all}, // each game has a position of ply 0
		// player names: a part of the last White or Black tag
		{`player white "Carlsen"`, []uint32{0}}, // game 3's White tag is Tal in the end
		{`player "Carlsen"`, []uint32{0, 2}},
		{`player black "Anand"`, []uint32{0}},
		{`not player white "Carlsen"`, []uint32{1, 2, 3, 4}},
		{`player white`, all}, // `player white ""` stops a run as `eco ""` does
		{`player white "Carlsen" and result 1-0`, []uint32{0}},
		{`player white "Carlsen" and result 0-1`, nil},
		{`"Tal" in player white`, []uint32{3}},
		// game 2 has no White tag: its White is "?" (CQL 9.493: `"" in player white` and
		// `"?" in player white` match a game without the tag, not one whose tag is empty)
		{`"" in player white`, all},
		{`"?" in player white`, []uint32{2, 4}}, // game 4: [White "?"]
		// ECO: a part of the tag's value, which must be there and not empty
		{`eco "B9"`, []uint32{0}},
		// `eco ""` is `eco` and then "" where a filter is matched, which stops a run as in
		// CQL 9.493; `eco` alone, a game with an ECO tag that is not empty, is not pruned
		{`eco`, all},
		{`eco "C" or eco "E"`, []uint32{1, 4}},
		{`eco "C20" and #Q == 2`, nil},
	} {
		queries = append(queries, c.query)
		got, ok := candidateGames(t, ix, c.query)
		if !ok {
			t.Errorf("%q not supported", c.query)
			continue
		}
		if !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("%q: candidates %v, want %v", c.query, got, c.want)
		}

	}
}
