package pgn

import (
	"strings"
	"testing"
)

func parseOne(t *testing.T, s string, opt Options) *Game {
	t.Helper()
	games := readBytes(t, []byte(s), "t.pgn", opt)
	if len(games) != 1 {
		t.Fatalf("%d games in %q", len(games), s)
	}
	return games[0]
}

// TestParseTree checks the move tree of a hand-written game node by node.
func TestParseTree(t *testing.T) {
	const src = `[Event "Tree"]
[White "W"]

{Game comment} 1. e4 $1 {after e4} (1. d4 {queen pawn} d5 (1... Nf6 2. c4) 2. c4) (1. c4)
1... e5 ({before} 1... c5!?) 2. Nf3 *
`
	g := parseOne(t, src, Options{Variations: true})
	if len(g.Errors) > 0 {
		t.Fatal(g.Errors)
	}
	// Nodes in text order: 0 root, 1 e4, 2 d4, 3 d5, 4 Nf6, 5 c4 (after Nf6),
	// 6 c4 (after d5), 7 c4 (1. c4), 8 e5, 9 c5, 10 Nf3.
	type want struct {
		san                    string
		parent, child, sibling int32
		ply                    int32
		variation              bool
		before, after          string
		nags                   string
	}
	wants := []want{
		{"", -1, 1, -1, 0, false, "", "Game comment", ""},
		{"e4", 0, 8, 2, 1, false, "", "after e4", "\x01"},
		{"d4", 0, 3, 7, 1, true, "", "queen pawn", ""},
		{"d5", 2, 6, 4, 2, true, "", "", ""},
		{"Nf6", 2, 5, -1, 2, true, "", "", ""},
		{"c4", 4, -1, -1, 3, true, "", "", ""},
		{"c4", 3, -1, -1, 3, true, "", "", ""},
		{"c4", 0, -1, -1, 1, true, "", "", ""},
		{"e5", 1, 10, 9, 2, false, "", "", ""},
		{"c5", 1, -1, -1, 2, true, "before", "", "\x05"},
		{"Nf3", 8, -1, -1, 3, false, "", "", ""},
	}
	if len(g.Nodes) != len(wants) {
		t.Fatalf("%d nodes, want %d", len(g.Nodes), len(wants))
	}
	for i, w := range wants {
		n := &g.Nodes[i]
		san := ""
		if n.Parent >= 0 {
			san = g.Nodes[n.Parent].Pos.SAN(n.Move)
		}
		if san != w.san || n.Parent != w.parent || n.FirstChild != w.child || n.NextSibling != w.sibling ||
			n.Ply != w.ply || n.Variation != w.variation || g.CommentBefore(int32(i)) != w.before || g.Comment(int32(i)) != w.after || string(g.NAGs(int32(i))) != w.nags {
			t.Errorf("node %d: got %s parent %d child %d sibling %d ply %d var %v before %q after %q nags %v\nwant %+v",
				i, san, n.Parent, n.FirstChild, n.NextSibling, n.Ply, n.Variation, g.CommentBefore(int32(i)), g.Comment(int32(i)), g.NAGs(int32(i)), w)
		}
	}
	// Hand-checked position after 1. d4 d5 2. c4 (the Queen's Gambit).
	if got := g.Nodes[6].Pos.FEN(); got != "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2" {
		t.Errorf("Queen's Gambit FEN %s", got)
	}
	// The main line only: a chain.
	m := parseOne(t, src, Options{})
	var sans []string
	for i := 1; i < len(m.Nodes); i++ {
		if m.Nodes[i].Parent != int32(i-1) || m.Nodes[i-1].FirstChild != int32(i) || m.Nodes[i].Variation {
			t.Errorf("main line node %d not chained", i)
		}
		sans = append(sans, m.Nodes[i-1].Pos.SAN(m.Nodes[i].Move))
	}
	if strings.Join(sans, " ") != "e4 e5 Nf3" || m.Result != "*" || m.Comment(1) != "after e4" {
		t.Errorf("main line %v result %q", sans, m.Result)
	}
	// Tags only.
	tg := parseOne(t, src, Options{TagsOnly: true})
	if len(tg.Nodes) != 0 || tg.Result != "*" || tg.Tag("White") != "W" || len(tg.Tags) != 2 {
		t.Errorf("tags only: %d nodes, result %q, tags %v", len(tg.Nodes), tg.Result, tg.Tags)
	}
}

func TestParseSetups(t *testing.T) {
	cases := []struct {
		name, src, fen, err string
	}{
		{"FEN and SetUp", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *",
			"4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", ""},
		{"black to move", "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 45\"]\n\n45... Kd7 46. e4 *",
			"8/3k4/8/8/4P3/8/8/4K3 b - - 0 46", ""},
		// Chess960 with Shredder castling: king b1, rook a1; O-O-O puts the king on c1, the rook on d1.
		{"Chess960", "[Variant \"Chess960\"]\n[FEN \"rk6/8/8/8/8/8/8/RK6 w Aa - 0 1\"]\n\n1. O-O-O *",
			"rk6/8/8/8/8/8/8/2KR4 b q - 1 1", ""}, // Black keeps castling with its a-rook
		{"bad FEN", "[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *", "", "bad FEN"},
		{"null moves", "1. e4 -- 2. d4 Z0 3. c4 0000 *",
			"rnbqkbnr/pppppppp/8/8/2PPP3/8/PP3PPP/RNBQKBNR w KQkq - 1 4", ""}, // a null move counts for the 50-move rule
		{"illegal move keeps the moves before it", "1. e4 e5 2. Ke3 Nc6 *",
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "t.pgn:1:13: game 1: illegal move"},
	}
	for _, c := range cases {
		g := parseOne(t, c.src, Options{})
		errs := ""
		for _, e := range g.Errors {
			errs += e.Error() + "\n"
		}
		if c.err == "" && errs != "" || c.err != "" && !strings.Contains(errs, c.err) {
			t.Errorf("%s: errors %q, want %q", c.name, errs, c.err)
		}
		fen := ""
		if len(g.Nodes) > 0 {
			fen = g.Nodes[len(g.Nodes)-1].Pos.FEN()
		}
		if fen != c.fen {
			t.Errorf("%s: last position %q, want %q", c.name, fen, c.fen)
		}
	}
}

func TestHeaderOddities(t *testing.T) {
	g := parseOne(t, "[Event \"E\"]\n{a comment}\n[White \"A \\\"B\\\"\"]\n\xff\xfe\n[Black \"C\"]\n\n1. e4 *", Options{})
	if g.Tag("White") != `A "B"` || g.Tag("Black") != "C" || len(g.Nodes) != 2 || g.Comment(0) != "a comment" {
		t.Errorf("tags %v, %d nodes, root comment %q", g.Tags, len(g.Nodes), g.Comment(0))
	}
	if len(g.Errors) != 1 || !strings.Contains(g.Errors[0].Error(), `t.pgn:4:1: game 1: unexpected text (\xff\xfe)`) { // printed escaped
		t.Errorf("errors %v", g.Errors)
	}
}

func TestTooManyProblems(t *testing.T) {
	g := parseOne(t, "1. e4 "+strings.Repeat(", ", 100000)+"e5 *", Options{})
	if len(g.Errors) != maxErrors || !strings.Contains(g.Errors[maxErrors-1].Error(), "too many problems") || len(g.Nodes) != 3 {
		t.Errorf("%d errors, %d nodes", len(g.Errors), len(g.Nodes))
	}
}

// TestHostileShapes: inputs that would be slow with a naive reader.
func TestHostileShapes(t *testing.T) {
	g := parseOne(t, "1. e4 "+strings.Repeat("(1. d4) ", 200000)+"e5 *", Options{Variations: true})
	if len(g.Nodes) != 200003 || len(g.Errors) != 0 {
		t.Errorf("%d nodes, errors %v", len(g.Nodes), g.Errors)
	}
	g = parseOne(t, "1. e4 "+strings.Repeat("e.p.", 1000000)+" e5 *", Options{})
	if len(g.Nodes) != 3 || len(g.Errors) != 0 {
		t.Errorf("%d nodes, errors %v", len(g.Nodes), g.Errors)
	}
}

// TestLeadingComments: a comment before the first move of a game without tags is that
// game's comment before move one, whether the game opens the file or follows a result;
// a comment after a result and before the next game's tags stays with no game.
func TestLeadingComments(t *testing.T) {
	in := "{Opening remark} 1. e4 e5 1-0\n{Second game} ; and a line comment\n1. d4 d5 0-1\n" +
		"{after the result}\n\n[Event \"Tagged\"]\n\n{before move one} 1. c4 *\n"
	games, err := ReadAll(strings.NewReader(in), "x", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		first, comment string
	}{
		{"e4", "Opening remark"},
		{"d4", "Second game and a line comment"},
		{"c4", "before move one"},
	}
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d", len(games), len(want))
	}
	for i, w := range want {
		g := games[i]
		if len(g.Errors) > 0 {
			t.Errorf("game %d: %v", i+1, g.Errors)
		}
		if first := g.Nodes[0].Pos.SAN(g.Nodes[1].Move); first != w.first || g.Comment(0) != w.comment {
			t.Errorf("game %d: first move %s, root comment %q; want %s, %q", i+1, first, g.Comment(0), w.first, w.comment)
		}
	}
}
