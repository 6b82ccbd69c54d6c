package pattern

import (
	"strings"
	"testing"
)

// evalAll evaluates a pattern on every square with every evaluator and fails on disagreement:
// the set program (All and Ends from each square), the automaton (Walker) and, on small boards,
// the single-word path. It returns All.
func evalAll(t *testing.T, p *Pattern, e *Env) Set {
	t.Helper()
	g := p.Geometry()
	all := p.All(e)
	w := p.NewWalker()
	var e64 *Env64
	if g.Small() {
		e64 = &Env64{Empty: e.Empty[0], Friend: e.Friend[0], Foe: e.Foe[0], This: e.This[0]}
		for _, s := range e.Types {
			e64.Types = append(e64.Types, s[0])
		}
		if got := p.AllWord(e64); got != all[0] {
			t.Fatalf("%s: AllWord %s, All %s", p, g.Format(WordSet(got)), g.Format(all))
		}
	}
	for sq := 0; sq < g.Cells(); sq++ {
		walk := w.Walk(e, sq)
		ends := p.Ends(e, SetOf(sq))
		if !g.Valid().Has(sq) {
			ends = Set{}
		}
		if walk != ends {
			t.Fatalf("%s from %s: walker ends %s, set ends %s", p, g.SquareName(sq), g.Format(walk), g.Format(ends))
		}
		if all.Has(sq) == walk.IsEmpty() {
			t.Fatalf("%s on %s: All says %v, walker ends %s", p, g.SquareName(sq), all.Has(sq), g.Format(walk))
		}
		if e64 != nil {
			if got := p.EndsWord(e64, uint64(1)<<uint(sq)); got != ends[0] && g.Valid().Has(sq) {
				t.Fatalf("%s from %s: EndsWord %s, Ends %s", p, g.SquareName(sq), g.Format(WordSet(got)), g.Format(ends))
			}
		}
	}
	return all
}

func mustSquare(t *testing.T, g *Geometry, s string) int {
	t.Helper()
	sq, err := g.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// The seed's 4x4 board: black pieces on b2 and b3, a green piece on c3, Green to move.
func TestReferenceSeedBoard(t *testing.T) {
	d, err := Board("seed4x4")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := d.ParsePosition("4/1BG1/1B2/4 Green")
	if err != nil {
		t.Fatal(err)
	}
	g := d.Geometry
	cases := []struct {
		id, square, pattern, this string
		want                      bool
	}{
		{"1", "A1", "/empty/", "", true},
		{"2", "B2", "/empty/", "", false},
		{"3", "A1", "/n empty/", "", true},
		{"4", "B1", "/n empty/", "", false},
		{"5", "C3", "/e empty/", "", true},
		{"6", "C4", "/e empty/", "", true},
		{"7", "D4", "/e empty/", "", false},
		{"8", "A1", "/n* n e empty/", "", true},
		{"9", "C3", "/n* s s !empty/", "", false},
		{"10", "A1", "/n+ e empty/", "", true},
		{"11", "B1", "/n+ empty e !empty/", "", false},
		{"12", "B3", "/s? e empty/", "", true},
		{"13", "C2", "/n? w empty/", "", false},
		{"14", "A2", "/(n | e) empty/", "", true},
		{"15", "C2", "/e | w empty/", "", true},
		{"16", "B1", "/(n n | e e) empty/", "", true},
		{"17", "A1", "/(n w)* empty/", "", true},
		{"18", "B2", "/n|e|(n e) friend/", "", true},
		{"19", "C3", "/(e | w)+ friend/", "", true},
		{"22", "A3", "/empty e this/", "B3", true},
		{"23", "A3", "/empty e this/", "B2", false},
	}
	for _, c := range cases {
		p, err := d.Compile(c.pattern)
		if err != nil {
			t.Fatalf("case %s: %v", c.id, err)
		}
		this := -1
		if c.this != "" {
			this = mustSquare(t, g, c.this)
		}
		all := evalAll(t, p, pos.Env(pos.Turn, this))
		if got := all.Has(mustSquare(t, g, c.square)); got != c.want {
			t.Errorf("case %s: %s on %s = %v, want %v", c.id, c.pattern, c.square, got, c.want)
		}
	}
	sets := []struct {
		id, pattern, this, want string
	}{
		{"20", "/(n | s) empty/", "", "a1 a2 a3 a4 b2 b3 c1 c2 c3 d1 d2 d3 d4"},
		{"21", "/empty (n | s) this/", "C3", "c2 c4"},
	}
	for _, c := range sets {
		p := d.Scope().MustCompile(c.pattern)
		this := -1
		if c.this != "" {
			this = mustSquare(t, g, c.this)
		}
		if got := g.Format(evalAll(t, p, pos.Env(pos.Turn, this))); got != c.want {
			t.Errorf("case %s: %s = {%s}, want {%s}", c.id, c.pattern, got, c.want)
		}
	}
}

// The reference note's second board, on a plain 4x4 grid (upper case White = player 1).
func TestReferenceSecondBoard(t *testing.T) {
	d, err := PlainBoard(4, 4)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := d.ParsePosition("1p1k/R1nR/2Pr/K2p 1")
	if err != nil {
		t.Fatal(err)
	}
	g := d.Geometry
	cases := []struct{ id, start, pattern, this, want string }{
		{"B01", "a1", "/n/", "", "a2"},
		{"B02", "a1", "/w/", "", ""},
		{"B04", "a1", "/n*/", "", "a1 a2 a3 a4"},
		{"B05", "a1", "/n+ empty/", "", "a2 a4"},
		{"B06", "a1", "/(n empty)* n (empty|foe)/", "", "a2"},
		{"B07", "a3", "/(e empty)* e (empty|foe)/", "", "b3 c3"},
		{"B09", "a1", "/(n|e)+ foe/", "", "b4 c3 d1 d2 d4"},
		{"B11", "b2", "/(n s)* e/", "", "c2"},
		{"B13", "a1", "/(n|e)+ N/", "", "c3"},
		{"B14", "a1", "/(n|e)+ friend P/", "", "c2"},
		{"B16", "a3", "/e+ this/", "d3", "d3"},
		{"B17", "a3", "/(e empty)* e this/", "d3", ""},
		{"B18", "b1", "/(n n e|n n w|e e n|e e s|s s e|s s w|w w n|w w s) (empty|foe)/", "", "c3 d2"},
		{"B19", "b2", "/((n|e|s|w) empty)*/", "", "a2 b1 b2 b3 c1"},
		// precedence: (e | w) empty, not e | (w empty): b3's east is the knight, its west the rook
		{"P1", "b3", "/e | w empty/", "", ""},
		{"P2", "b3", "/e | (w empty)/", "", "c3"},
	}
	for _, c := range cases {
		p, err := d.Compile(c.pattern)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		this := -1
		if c.this != "" {
			this = mustSquare(t, g, c.this)
		}
		e := pos.Env(pos.Turn, this)
		all := evalAll(t, p, e)
		start := mustSquare(t, g, c.start)
		ends := p.NewWalker().Walk(e, start)
		if got := g.Format(ends); got != c.want {
			t.Errorf("%s: %s from %s ends {%s}, want {%s}", c.id, c.pattern, c.start, got, c.want)
		}
		if all.Has(start) != (c.want != "") {
			t.Errorf("%s: All has %s = %v", c.id, c.start, all.Has(start))
		}
	}
}

// The grammar's precedence statements, checked as equivalences on random positions.
func TestPrecedence(t *testing.T) {
	pairs := [][2]string{
		{"/e | w empty/", "/(e | w) empty/"},
		{"/n|e|(n e) friend/", "/(n | e | (n e)) friend/"},
		{"/(n n e|n n w) empty/", "/((n n e)|(n n w)) empty/"},
		{"/n n* e/", "/n (n)* e/"},
		{"/n e | w s/", "/(n e | w) s/"},
		{"/empty n | s foe/", "/empty (n | s) foe/"},
		{"/friend (e friend)2/", "/friend e friend e friend/"},
		{"/(n)0 e/", "/e/"},
		{"/n+/", "/n n*/"},
		{"/(n e)3/", "/n e n e n e/"},
	}
	for _, pr := range pairs {
		checkEquivalent(t, pr[0], pr[1])
	}
}

func checkEquivalent(t *testing.T, a, b string) {
	t.Helper()
	rng := newRand(7)
	for _, size := range [][2]int{{4, 4}, {5, 3}, {8, 8}} {
		g, _ := NewGeometry(size[0], size[1])
		sc := NewLetterScope(g)
		pa, err := sc.Compile(a)
		if err != nil {
			t.Fatal(err)
		}
		pb, err := sc.Compile(b)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 50; i++ {
			e := randomEnv(rng, g, 26)
			if x, y := evalAll(t, pa, e), evalAll(t, pb, e); x != y {
				t.Fatalf("%s = {%s} but %s = {%s}", a, g.Format(x), b, g.Format(y))
			}
		}
	}
}

func TestSyntaxErrors(t *testing.T) {
	g, _ := NewGeometry(4, 4)
	sc := NewLetterScope(g)
	sc.Define("diag", "n e | n w")
	sc.Define("loop", "n loop")
	cases := []struct {
		src, msg string
		col      int
	}{
		{"/n (e/", "'(' is not closed", 4},
		{"/n e)/", "unmatched ')'", 5},
		{"//", "empty pattern", 2},
		{"/n e", "missing closing '/'", 5},
		{"/!n/", "'!' negates a check; n is a direction", 3},
		{"/! (empty)/", "'!' negates a check", 2},
		{"/n 3/", "a count follows a closing parenthesis only", 4},
		{"/n**/", "'*' after a repetition", 4},
		{"/| n/", "unexpected '|'", 2},
		{"/n |/", "'|' needs a pattern on both sides", 4},
		{"/n friendly/", "unknown name \"friendly\"", 4},
		{"/n $/", "unexpected character", 4},
		{"/()/", "empty parentheses", 2},
		{"/(n)5000/", "too large", 5},
		{"/n loop/", "pattern loop uses itself", 4},
		{"/a/b/", "unexpected '/'", 3},
	}
	for _, c := range cases {
		_, err := sc.Compile(c.src)
		if err == nil {
			t.Errorf("%s: no error", c.src)
			continue
		}
		if !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %q, want %q", c.src, err, c.msg)
		}
		se, ok := err.(*SyntaxError)
		if !ok {
			t.Errorf("%s: %T is not a *SyntaxError", c.src, err)
			continue
		}
		if se.What == "pattern" && se.Column() != c.col {
			t.Errorf("%s: column %d, want %d (%v)", c.src, se.Column(), c.col, err)
		}
		if !strings.Contains(err.Error(), "^") {
			t.Errorf("%s: no caret in %q", c.src, err)
		}
	}
	// The caret is under the mistake.
	_, err := sc.Compile("/n (e/")
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 3 || strings.Index(lines[2], "^") != strings.Index(lines[1], "(") {
		t.Errorf("caret misplaced:\n%v", err)
	}
	// Names defined for the scope work, and nest.
	if _, err := sc.Compile("/diag* friend/"); err != nil {
		t.Error(err)
	}
	// Repetition sizes are bounded.
	if _, err := sc.Compile("/(((n)1000)1000)1000/"); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("huge pattern: %v", err)
	}
}
