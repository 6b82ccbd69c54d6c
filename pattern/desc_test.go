package pattern

import (
	"fmt"
	"strings"
	"testing"
)

func TestShippedBoards(t *testing.T) {
	names := Boards()
	for _, want := range []string{"checkers", "ludo", "seed4x4", "tictactoe"} {
		found := false
		for _, n := range names {
			found = found || n == want
		}
		if !found {
			t.Errorf("board %s is not shipped (%v)", want, names)
		}
	}
	for _, n := range names {
		d, err := Board(n)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		for _, np := range d.Patterns {
			if _, err := d.Compile(np.Name); err != nil {
				t.Errorf("%s: pattern %s: %v", n, np.Name, err)
			}
		}
	}
}

func TestLudo(t *testing.T) {
	d, err := Board("ludo")
	if err != nil {
		t.Fatal(err)
	}
	g := d.Geometry
	if g.Width() != 15 || g.Height() != 15 || g.Valid().Count() != 225-4*36 {
		t.Fatalf("ludo: %dx%d with %d squares", g.Width(), g.Height(), g.Valid().Count())
	}
	if len(d.Players) != 4 {
		t.Fatalf("players %v", d.Players)
	}
	stars, _ := g.SquareType("star")
	globes, _ := g.SquareType("globe")
	if stars.Count() != 8 || globes.Count() != 8 {
		t.Fatalf("%d stars, %d globes", stars.Count(), globes.Count())
	}
	// the board has the quarter-turn symmetry of the real one
	for _, ty := range []string{"star", "globe", "start", "home", "goal"} {
		s, _ := g.SquareType(ty)
		if g.MapSet(s, Rotate90) != s {
			t.Errorf("%s squares are not symmetric", ty)
		}
	}
	if g.MapSet(g.Valid(), Rotate90) != g.Valid() {
		t.Error("the cross is not symmetric")
	}
	// the track: 52 squares that are neither home lane nor goal
	home, _ := g.SquareType("home")
	goal, _ := g.SquareType("goal")
	if n := g.Valid().AndNot(home).AndNot(goal).Count(); n != 52 {
		t.Errorf("track has %d squares, want 52", n)
	}
	// a position: two green pieces on g2 (Green's start globe), a red piece on e7 (a star)
	text := "------3------/------3------/------3------/------3------/------3------/------3------/15/15/4R10/------3------/------3------/------3------/------3------/------(GG)2------/------3------ Green"
	pos, err := d.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	if pos.String() != text {
		t.Errorf("round trip:\n%s\n%s", pos, text)
	}
	g2 := mustSquare(t, g, "g2")
	if len(pos.Cells[g2]) != 2 {
		t.Fatalf("g2 holds %d pieces", len(pos.Cells[g2]))
	}
	e := pos.Env(pos.Turn, -1)
	if got := g.Format(d.Scope().MustCompile("safe").All(e)); got != "g2" {
		t.Errorf("safe = {%s}", got)
	}
	if got := g.Format(d.Scope().MustCompile("/foe star/").All(e)); got != "e7" {
		t.Errorf("foe star = {%s}", got)
	}
	// the diagonal named step crosses the corner g6 -> f7, which n then w cannot (f6 is excluded)
	e2 := pos.Env(pos.Turn, -1)
	if !d.Scope().MustCompile("/nw/").Matches(e2, mustSquare(t, g, "g6")) {
		t.Error("nw from g6")
	}
	if d.Scope().MustCompile("/w n/").Matches(e2, mustSquare(t, g, "g6")) {
		t.Error("w n from g6 crosses an excluded cell")
	}
	evalAll(t, d.Scope().MustCompile("/(friend | empty) (n | e | ne)* star/"), e)
	// Red is to move: the Green pieces are foes
	if _, err := d.ParsePosition(strings.Replace(text, "Green", "Red", 1)); err != nil {
		t.Fatal(err)
	}
}

func TestDescriptionErrors(t *testing.T) {
	cases := []struct {
		text, msg string
		line, col int
	}{
		{"Players = 2;\nBoard { 3*3 }\nPattern p = /n (e/;", "'(' is not closed", 3, 16},
		{"Board { 3*3 }\nPattern p = /n bogus/;", "unknown name \"bogus\"", 2, 16},
		{"Players = 2;", "no board size", 1, 13},
		{"Board { 3*3 }\nPieces = {Man};", "piece Man needs a letter", 2, 11},
		{"Board { 3*3 }\nPieces = {X, O}\nPlayer 3 { X; }", "no player 3", 3, 8},
		{"Board { 3*3 }\nPieces = {X}\nPlayer 1 { Y; }", "unknown piece Y", 3, 12},
		{"Board { 3*3 }\nExclude { 4*1; }", "off the 3*3 board", 2, 11},
		{"Board { 3*3 }\nFrobnicate;", "unknown statement", 2, 1},
		{"Board { 3*3 }\nPattern p = /n/;\nPattern p = /e/;", "defined twice", 3, 9},
		{"Board { 3*3 }\nPattern a = /b/;\nPattern b = /a/;", "uses itself", 2, 14},
		{"Board { 3*3 }\nDirection n = 1, 1;", "already defined", 2, 11},
		{"Board { 3*3 }\nWin = nothing;", "unknown pattern nothing", 2, 7},
		{"Board { 30*3 }", "board size", 1, 9},
		{"Board { 3*3 }\n/* never closed", "comment is not closed", 2, 1},
		{"Board { 3*3 }\nPattern p = /n e", "pattern is not closed", 2, 13},
		{"Board { 3*3 }\nPieces = {X, Y = X}", "same letter", 2, 14},
	}
	for _, c := range cases {
		_, err := ParseDescription("test.board", c.text)
		if err == nil {
			t.Errorf("%q: no error", c.text)
			continue
		}
		if !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: error %q, want %q", c.text, err, c.msg)
		}
		se, ok := err.(*SyntaxError)
		if !ok {
			t.Errorf("%q: %T", c.text, err)
			continue
		}
		if se.Line() != c.line || se.Column() != c.col {
			t.Errorf("%q: at %d:%d, want %d:%d (%v)", c.text, se.Line(), se.Column(), c.line, c.col, err)
		}
		if !strings.HasPrefix(err.Error(), "test.board:") {
			t.Errorf("error %q does not name the file", err)
		}
	}
}

// The seed's own declarative sentences read as they are written.
func TestSeedVocabulary(t *testing.T) {
	text := `
Players = 2; //Defines the number of players to 2.
Pieces = { X , O } //Defines the to types of pieces
Board
{
	3*3; //Defines the board to me 3 x 3.
}
Turnes
{
	While(Games not finished) //If the game is not finished
	{
		Player 1; // First its player one.
	}
}
Winconditions { if(Player 1 has tre peices in a row) { player 1 wins; } }
Rules
{

}
`
	d, err := ParseDescription("ttt", text)
	if err != nil {
		t.Fatal(err)
	}
	if d.Geometry.Cells() != 9 || len(d.Pieces) != 2 || len(d.Players) != 2 {
		t.Fatalf("%+v", d)
	}
	ludo := `
Board //Defining the board
{
	14*14 //Its of size 14 * 14
	Exclude //But not all cells are used
	{
	1*1-1*6; //So we need to remove the first six cells in line one.
	1*9-1*14;//And we need to remove the last six cells in line one.
	}
	Specialfield star //Then there are a few special cells. First one being the star.
	{
		fieldmark = "star"; //It need to star mark on it.
		fieldproperties //And it does a specific job.
		{
			if(player just jumped == false and player is on field) //If a player places a piece on this cell.
			{
				move player to next star. //He moves to the next.
				player just jumped == true; // To insure the player dosent keep jumping.
			}
		}
		filedstomark //Then we need to mark the cells where the star is.
		{
			1*8, 7*9, 14*7;
		}
	}
}
Pieces = {NormalPlayerOnePiece = A, NormalPlayerTwoPiece = B,
		  PlayerOneKing = C, PlayerTwoKing = D;}
Player 1
{
		NormalPlayerOnePiece, PlayerOneKing;
}
`
	d, err = ParseDescription("ludo14", ludo)
	if err != nil {
		t.Fatal(err)
	}
	g := d.Geometry
	if g.Valid().Count() != 196-12 {
		t.Errorf("%d squares", g.Valid().Count())
	}
	stars, _ := g.SquareType("star")
	if got := g.Format(stars); got != "g14 h1 i7" {
		t.Errorf("stars {%s}", got)
	}
	if d.Pieces[0].Owner != 0 || d.Pieces[1].Owner != -1 {
		t.Errorf("owners %+v", d.Pieces)
	}
}

func TestPositions(t *testing.T) {
	d, _ := PlainBoard(12, 3)
	pos, err := d.ParsePosition("12/K10p/(Kq)11 2")
	if err != nil {
		t.Fatal(err)
	}
	if pos.Turn != 1 || pos.String() != "12/K10p/(KQ)11 2" && pos.String() != "12/K10p/(Kq)11 2" {
		t.Errorf("%s", pos)
	}
	e := pos.Env(0, -1)
	g := d.Geometry
	if g.Format(e.Friend) != "a1 a2" || g.Format(e.Foe) != "a1 l2" {
		t.Errorf("friend {%s} foe {%s}", g.Format(e.Friend), g.Format(e.Foe))
	}
	errs := []struct {
		text, msg string
		col       int
	}{
		{"12/K10p/(Kq)10 2", "rank 1 has 11 squares", 15},
		{"12/K11p/(Kq)11 2", "has more than 12 squares", 7},
		{"12/K10p 2", "2 ranks", 8},
		{"12/K10p/12/12", "too many ranks", 11},
		{"12/K10p/12 3", "no player 3", 12},
		{"12/K10p/1-11", "'-' marks an excluded cell", 10},
		{"12/K10p/()12", "empty parentheses", 9},
		{"12/K10p/(K12", "'(' is not closed", 9},
		{"12/K10p/12 1 x", "unexpected text", 13},
		{"12/K1#p/12 1", "not a piece letter", 6},
		{"012/12/12", "does not start with 0", 1},
	}
	for _, c := range errs {
		_, err := d.ParsePosition(c.text)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.msg)
			continue
		}
		if se := err.(*SyntaxError); se.Column() != c.col {
			t.Errorf("%q: column %d, want %d", c.text, se.Column(), c.col)
		}
	}
	// excluded cells must be written '-'
	ex, _ := ParseDescription("x", "Board { 2*3; Exclude { 1*1; } }")
	if _, err := ex.ParsePosition("3/3"); err == nil || !strings.Contains(err.Error(), "excluded") {
		t.Errorf("run over an excluded cell: %v", err)
	}
	if p, err := ex.ParsePosition("3/-2"); err != nil || p.String() != "3/-2 1" {
		t.Errorf("%v %v", p, err)
	}
}

func FuzzPattern(f *testing.F) {
	for _, s := range []string{"/n* n e empty/", "/(n | e) empty/", "/(n s)* e/", "/!foe (e friend)2/", "/n|e|(n e) friend/", "/((n|e|s|w) empty)*/", "/(n)0/", "/(kn empty)+ X/", "/diag this/"} {
		f.Add(s)
	}
	g, _ := NewGeometry(5, 4)
	g.Exclude(3)
	g.AddDirection("kn", Step{1, 2})
	sc := NewLetterScope(g)
	sc.Define("diag", "n e | s w")
	rng := newRand(99)
	envs := []*Env{randomEnv(rng, g, 26), randomEnv(rng, g, 26)}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := sc.Compile(src)
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok && !strings.Contains(err.Error(), "too large") && !strings.Contains(err.Error(), "nested too deep") {
				t.Fatalf("%q: error %T %v", src, err, err)
			}
			return
		}
		if p.States() > 2000 {
			return
		}
		for _, e := range envs {
			evalAll(t, p, e)
		}
	})
}

func FuzzDescription(f *testing.F) {
	for _, n := range Boards() {
		data, _ := boardFS.ReadFile("boards/" + n + ".board")
		f.Add(string(data))
	}
	f.Add("Board { 3*3 } Pattern p = /n (e/;")
	// Names doubling a pattern of no states: compiling d26 walked 2^26 nodes (92 s) before
	// patterns were sized once per shared node, and kept the fuzzer on such inputs.
	dbl := "Board { 3*3 } Pattern d0 = /(n)0/"
	for i := 1; i <= 26; i++ {
		dbl += fmt.Sprintf(" Pattern d%d = /d%d d%d/", i, i-1, i-1)
	}
	f.Add(dbl)
	f.Fuzz(func(t *testing.T, text string) {
		d, err := ParseDescription("fuzz", text)
		if err != nil {
			_ = err.Error()
			return
		}
		pos := d.NewPosition()
		if _, err := d.ParsePosition(pos.String()); err != nil {
			t.Fatalf("empty position %q does not read back: %v", pos, err)
		}
		for _, np := range d.Patterns {
			if _, err := d.Compile(np.Name); err != nil {
				t.Fatalf("pattern %s compiled in the file but not by name: %v", np.Name, err)
			}
		}
	})
}

func FuzzPosition(f *testing.F) {
	d, _ := Board("ludo")
	f.Add("------3------/------3------/------3------/------3------/------3------/------3------/15/15/4R10/------3------/------3------/------3------/------3------/------(GG)2------/------3------ Green")
	f.Add("15/15 Red")
	f.Fuzz(func(t *testing.T, text string) {
		pos, err := d.ParsePosition(text)
		if err != nil {
			return
		}
		again, err := d.ParsePosition(pos.String())
		if err != nil || again.String() != pos.String() {
			t.Fatalf("%q -> %q does not read back: %v", text, pos, err)
		}
	})
}
