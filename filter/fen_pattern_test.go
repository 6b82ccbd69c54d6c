package filter

import (
	"slices"
	"testing"

	"github.com/cqlgo/cql/query"
)

// runMatches evaluates src over the games of text and returns each game's
// matching node indices.
func runMatches(t *testing.T, src, text string) [][]int32 {
	t.Helper()
	q := compileText(t, src)
	e := q.NewEvaluator()
	var out [][]int32
	for _, g := range readGames(t, text) {
		out = append(out, slices.Clone(e.Game(g)))
		if err := e.Err(); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
	}
	return out
}

// `fen "board"` is a board pattern (CQL's match_fen / node_from_fen in
// fen.cpp): rank 8 first, a FEN's later fields ignored, '.' is any content, A and
// a any white or black piece, _ empty. Expected matches worked out by hand on
// stringsPGN's game 1 (1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#, nodes 0-7) and
// game 2 (1.d4 d5, nodes 0-2).
func TestFenBoardPattern(t *testing.T) {
	for _, c := range []struct {
		src  string
		want [][]int32
	}{
		{`fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"`, [][]int32{{0}, {0}}},
		// the rest after the board is not read
		{`fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`, [][]int32{{0}, {0}}},
		{`fen "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"`, [][]int32{{2}, nil}},
		{`fen "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b"`, [][]int32{{2}, nil}},
		// a white pawn on e4, anything elsewhere
		{`fen "......../......../......../......../....P.../......../......../........"`, [][]int32{{1, 2, 3, 4, 5, 6, 7}, nil}},
		// A: some white piece on d4; _ : d4 empty; a black piece on d5
		{`fen "8/8/8/8/3A4/8/8/8"`, [][]int32{nil, nil}},
		{`fen "......../......../......../...a..../...A..../......../......../........"`, [][]int32{nil, {2}}},
		{`fen "......../......../......../......../..._..../......../......../........"`, [][]int32{{0, 1, 2, 3, 4, 5, 6, 7}, {0}}},
		// 7 then 1 is eight squares
		{`fen "rnbqkbnr/pppppppp/71/8/8/8/PPPPPPPP/RNBQKBNR"`, [][]int32{{0}, {0}}},
		// in str's arguments fen is the FEN and the string the next argument
		{`str(fen " x") == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x"`, [][]int32{{0}, {0}}},
	} {
		got := runMatches(t, c.src, stringsPGN)
		for i := range got {
			if !slices.Equal(got[i], c.want[i]) {
				t.Errorf("%s: game %d matched %v, want %v", c.src, i+1, got[i], c.want[i])
			}
		}
	}
	// Boards CQL refuses (chessql's test_filters_implicit_search.py records
	// `cql -parse`), and accepts.
	for _, c := range []struct {
		src string
		ok  bool
	}{
		{`fen "obvious non-fen"`, false},
		{`fen "rnbqkbnr/pppppppp/p8/8/8/8/PPPPPPPP/RNBQKBNR"`, false},
		{`fen "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR"`, false},
		{`fen "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR"`, false},
		{`fen "rnbqkbnr/pppppppp/8/8/w7/8/PPPPPPPP/RNBQKBNR"`, false},
		{`fen "rnbqkbnr/pppppppp/8/8//8/PPPPPPPP/RNBQKBNR"`, false},
		{`fen "A50" ~~ "A5"`, false},
		{`fen "rnbqkbnr/pppppppp/p7/8/8/8/PPPPPPPP/RNBQKBNR"`, true},
		{`fen "rnbqkKnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQbBNR"`, true},
		{`fen "rnbqkbnr/pppppppp/8/8/8/8/Aa._PPPP/RNBQKBNR"`, true},
		// CQL reads up to h1 and ignores the rest, a ninth rank or a side to move t
		// included; we refuse what is not a FEN (issue 30), naming the character.
		{`fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR t"`, false},
		{`fen "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR"`, false},
		{`fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR"`, false},
		{`fen ~~ "A5"`, true},
		{`fen k`, true},
	} {
		_, err := query.Parse("q", []byte(c.src))
		if (err == nil) != c.ok {
			t.Errorf("%s: error %v, want accepted %v", c.src, err, c.ok)
		}
	}
}

const nagPGN = `[White "a"]
[Black "b"]
[EventDate "2019.10.21"]
[Result "*"]

{start} 1. e4 $1 {Good move} e5 $2 2. Nf3 $146 *
`

// hascomment and originalcomment are one filter in CQL 9.493
// (match_hascommentnode, HasCommentNode): the position's comment from the
// input as a string, a quoted string after it an implicit search, and a NAG
// ("!", "?", "$146") the NAG of the move. eventdate "x" is an implicit
// search too (match_tagbuiltinnode), so "x" ~~ after it is refused, as
// chessql's test_filters_implicit_search.py records.
func TestCommentAndEventDateForms(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []int32
	}{
		{`hascomment`, []int32{0, 1}},
		{`hascomment ~~ "ood"`, []int32{1}},
		{`hascomment "Good"`, []int32{1}},
		{`originalcomment "start"`, []int32{0}},
		{`hascomment "!"`, []int32{1}},
		{`originalcomment "?"`, []int32{2}},
		{`hascomment "$146"`, []int32{3}},
		{`hascomment "$1"`, []int32{1}},
		{`eventdate "2019"`, []int32{0, 1, 2, 3}},
		{`eventdate "2020"`, nil},
		{`eventdate ~~ "10"`, []int32{0, 1, 2, 3}},
	} {
		got := runMatches(t, c.src, nagPGN)[0]
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: matched %v, want %v", c.src, got, c.want)
		}
	}
	for _, c := range []struct {
		src string
		ok  bool
	}{
		{`eventdate "2019-10-21" ~~ "2019"`, false},
		{`hascomment "Good" ~~ "ood"`, false},
		{`originalcomment "Good" ~~ "ood"`, false},
		{`hascomment "$0"`, false},
		{`hascomment "$256"`, false},
		{`eventdate "2020-10-20"`, true},
		{`eventdate ~~ "2019"`, true},
		{`hascomment ~~ "ood"`, true},
		{`originalcomment ~~ "ood"`, true},
		{`hascomment k`, true},
	} {
		_, err := query.Parse("q", []byte(c.src))
		if (err == nil) != c.ok {
			t.Errorf("%s: error %v, want accepted %v", c.src, err, c.ok)
		}
	}
}

// originalcomment reads a position's comment as CQL does (pgn.Game.CQLComment): of
// several brace comments after a move the last one. CQL 9.493 on this game:
// `originalcomment ~~ "a"` matches no game, and `comment("[" originalcomment "]")`
// writes [pre2] at the start and [b] after 1. e4.
func TestOriginalCommentLastOfSeveral(t *testing.T) {
	const text = "[Event \"x\"]\n[Result \"*\"]\n\n{pre1} {pre2} 1. e4 {a} {b} e5 {c} 2. Nf3 {f} $1 {g} *\n"
	for _, c := range []struct {
		src  string
		want []int32
	}{
		{`originalcomment ~~ "a"`, nil},
		{`originalcomment "pre1"`, nil},
		{`originalcomment "pre2"`, []int32{0}},
		{`originalcomment "b"`, []int32{1}},
		{`originalcomment "f"`, nil},
		{`originalcomment "g"`, []int32{3}},
	} {
		if got := runMatches(t, c.src, text)[0]; !slices.Equal(got, c.want) {
			t.Errorf("%s: matched %v, want %v", c.src, got, c.want)
		}
	}
}
