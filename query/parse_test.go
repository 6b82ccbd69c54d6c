package query

import (
	"errors"
	"strings"
	"testing"
)

func mustParse(t *testing.T, src string) *Program {
	t.Helper()
	p, err := Parse("test.cql", []byte(src))
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return p
}

// TestParseAST checks the S-expression of parsed programs.
func TestParseAST(t *testing.T) {
	tests := []struct{ src, want string }{
		// Piece designators in all documented forms.
		{"K", "{K}"},
		{"[Qq]", "{[Qq]}"},
		{"[K_]", "{[K_]}"},
		{"A a _ .", "{A a _ .}"},
		{"Ka1", "{Ka1}"},
		{"Ra-h8", "{Ra-h8}"},
		{"Pa-d2-4", "{Pa-d2-4}"},
		{"R[a1,h1]", "{R[a1,h1]}"},
		{"_f1-8", "{_f1-8}"},
		{"[a-h1-8]", "{.}"},
		{"a-h1-8", "{.}"},
		{"b2 e4", "{b2 e4}"},
		{"[]", "{[]}"},
		{"[Aa]", "{[Aa]}"},
		{"[KQRBNPk]", "{[Ak]}"},
		{"A[b-h2,d5,e-f7-8]", "{A[b-h2,d5,e-f7-8]}"},
		{"[PqR]a-h2", "{[RPq]a-h2}"},
		{"b", "{b}"},
		{"ba2", "{ba2}"},
		// Set operators, in, #.
		{"A & ~K | q", "{(| (& A (~ K)) q)}"},
		{"A | ~B & Q | q", "{(| (| A (& (~ B) Q)) q)}"},
		{"R in A", "{(in R A)}"},
		{"#P", "{(# P)}"},
		{"power A - power a >= 3", "{(cmp (- (power A) (power a)) >= 3)}"},
		// Comparisons chain; sets as numbers are counted; set equality.
		{"2 < #P <= 5", "{(cmp 2 < (# P) <= 5)}"},
		{"R == 2", "{(cmp (# R) == 2)}"},
		{"A == K", "{(cmp A == K)}"},
		{"A != K", "{(cmp A != K)}"},
		{"#R < #Q", "{(cmp (# R) < (# Q))}"}, // R < Q is an error: CQL orders no two sets
		// Arithmetic and precedence.
		{"1 + 2 * 3 - 4 / 2 % 3 == 5", "{(cmp (- (+ 1 (* 2 3)) (% (/ 4 2) 3)) == 5)}"},
		{"-3 < -#P", "{(cmp -3 < (neg (# P)))}"},
		{"abs #A - #a > 3", "{(cmp (abs (- (# A) (# a))) > 3)}"},
		{"max(#R #Q 1) min(1 2) == 1", "{(max (# R) (# Q) 1) (cmp (min 1 2) == 1)}"},
		// Logic.
		{"check or not mate and Q or stalemate", "{(or (or check (and (not mate) Q)) stalemate)}"},
		{"not R == 2", "{(not (cmp (# R) == 2))}"},
		{"true false", "{true false}"},
		{"(check) {mate stalemate}", "{check {mate stalemate}}"},
		// Attacks.
		{"R attacks k", "{(attacks R k)}"},
		{"_ attackedby k == 8", "{(cmp (# (attackedby _ k)) == 8)}"},
		{"R & A attacks k", "{(& R (attacks A k))}"},
		// Keywords.
		{"wtm btm sidetomove == white black", "{wtm btm (cmp sidetomove == white) black}"},
		{"initial terminal ply > 10 movenumber mainline variation gamenumber == 3",
			"{initial terminal (cmp ply > 10) movenumber mainline variation (cmp gamenumber == 3)}"},
		{"check mate stalemate", "{check mate stalemate}"},
		// Moves.
		{"move from P to a-h8 promote [RBN] previous", "{(move previous from P to a-h8 promote [RBN])}"},
		{"move to _ from K", "{(move from K to _ :to)}"},
		{"move legal count > 30", "{(cmp (move legal :count) > 30)}"},
		{"move capture q", "{(move capture q :capture)}"},
		{"move castle move o-o move o-o-o move enpassant move null move pseudolegal from P",
			"{(move castle :none) (move o-o :none) (move o-o-o :none) (move enpassant :none) (move null :none) (move pseudolegal from P :none)}"},
		{"from & to", "{(& from to)}"},
		{"move from k", "{(move from k)}"},
		// Variables.
		{"x = R x attacks k", "{(= x R) (attacks x k)}"},
		{"m = 3 m += 1 m -= 1 m *= 2 m /= 2 m %= 5 m > 2", "{(= m 3) (+= m 1) (-= m 1) (*= m 2) (/= m 2) (%= m 5) (cmp m > 2)}"},
		{"y =? R y", "{(=? y R) y}"},
		{"s = \"abc\" s == \"abc\"", `{(= s "abc") (cmp s == "abc")}`},
		{"m = 0 m = #R", "{(= m 0) (= m (# R))}"}, // m = R is an error: a variable keeps its type
		{"piece z = Ra1 z", "{(piece = z Ra1) z}"},
		// If.
		{"if check then K else Q", "{(if check K Q)}"},
		{"if check K", "{(if check K)}"},
		// Square and piece.
		{"square x in R x attacks k", "{(square x R (attacks x k))}"},
		// The set after in is a whole set expression (the manual's flight-square example).
		{"square all x in _ attackedby k x attackedby A", "{(square all x (attackedby _ k) (attackedby x A))}"},
		{"square x in R | Q x attacks k", "{(square x (| R Q) (attacks x k))}"},
		{"square all z in A power z < 2", "{(square all z A (cmp (power z) < 2))}"},
		{"piece x in A x attacks n", "{(piece x A (attacks x n))}"},
		{"piece all x in A x attacks n", "{(piece all x A (attacks x n))}"},
		// Without braces the body is the next filter, as in CQL 9.493: the
		// filters after it are outside the loop, where its variable is
		// unbound (a run-time error where it is used as a set, issue 38).
		{"square x in h1-8 R attacks x x attacks K", "{(square x h1-8 (attacks R x)) (attacks x K)}"},
		{"square x in h1-8 R attacks x check x attacks K mate",
			"{(square x h1-8 (attacks R x)) check (attacks x K) mate}"},
		{"square x in h1-8 R attacks x mate", "{(square x h1-8 (attacks R x)) mate}"},
		{"square x in A square y in a x attacks y check", "{(square x A (square y a (attacks x y))) check}"},
		{"square x in A square y in a check x attacks y", "{(square x A (square y a check)) (attacks x y)}"},
		{"{square x in A x attacks k x attacks K} check", "{{(square x A (attacks x k)) (attacks x K)} check}"},
		// Game information.
		{"result 1-0 result 0-1 result 1/2-1/2", "{(result 1-0) (result 0-1) (result 1/2-1/2)}"},
		{`player white "Carlsen" player black "Anand" player "Tal"`,
			`{(player white "Carlsen") (player black "Anand") (player any "Tal")}`},
		{"elo white > 2700 elo black elo > 1", "{(cmp (elo white) > 2700) (elo black) (cmp (elo any) > 1)}"},
		{"year >= 2000", "{(cmp year >= 2000)}"},
		{`event "Ch" site "Wijk" date "199" eco "B2"`, `{(in "Ch" event) (in "Wijk" site) (in "199" date) (in "B2" eco)}`},
		{`event == "x" site`, `{(cmp event == "x") site}`},
		{`tag "Opening" tag "Opening" "Sicilian"`, `{(tag "Opening") (in "Sicilian" (tag "Opening"))}`},
		{`"Ch" in event`, `{(in "Ch" event)}`},
		// Directions.
		{"up R", "{(up R)}"},
		{"up 1 2 R | P", "{(| (up 1 2 R) P)}"},
		{"down 2 k northeast K northwest K southeast K southwest K",
			"{(down 2 k) (northeast K) (northwest K) (southeast K) (southwest K)}"},
		{"orthogonal 1 K diagonal 1 K vertical K horizontal K anydirection 1 K left R right R",
			"{(orthogonal 1 K) (diagonal 1 K) (vertical K) (horizontal K) (anydirection 1 K) (left R) (right R)}"},
		// Transforms, comment, sort, find, echo, line.
		{"flipcolor A attacks k", "{(flipcolor (attacks A k))}"},
		{"flip count Ra1", "{(flip count Ra1)}"},
		{"fliphorizontal Ke1 flipvertical Ke1 shift Ke1 rotate90 Ke1",
			"{(fliphorizontal Ke1) (flipvertical Ke1) (shift Ke1) (rotate90 Ke1)}"},
		{`comment("x is" R) message "hi"`, `{(comment "x is" R) (message "hi")}`},
		{`sort "Material" power A`, `{(sort "Material" (power A))}`},
		{`sort min "a" #A`, `{(sort min "a" (# A))}`},
		{"find check find all mate find <-- 2 check", "{(find check) (find all mate) (find <-- 2 check)}"},
		{"echo (s t) s", "{(echo s t s)}"},
		{"line --> check --> mate", "{(line --> check mate)}"},
		{"line <-- check <-- mate", "{(line <-- check mate)}"},
		{"line --> check{2,5} --> mate* --> R+ --> Q? --> (check --> mate | stalemate)+",
			"{(line --> check{2,5} mate* R+ Q? (alt [ check mate ] [ stalemate ])+)}"},
		{"line --> {R | Q} --> #P * 2 > 1", "{(line --> {(| R Q)} (cmp (* (# P) 2) > 1))}"},
		{"line --> check{3,} --> mate", "{(line --> check{3,} mate)}"},
		// Comments.
		{"K // a comment\n/* block\ncomment */ Q", "{K Q}"},
		// Header.
		// silent comes first, so quiet is dropped: CQL takes the first comment level (CQL 9.493 on cql(quiet silent) writes comment texts).
		{"cql(input foo.pgn output out.pgn matchcount 2 5 gamenumber 10 result 1-0 variations silent quiet matchstring \"Hi\") mate",
			`(cql input "foo.pgn" output "out.pgn" matchcount 2 5 gamenumber 10 result 1-0 variations silent matchstring "Hi") {mate}`},
		{"cql(sort matchcount 2 9) check", "(cql matchcount 2 9 sort) {check}"},
		{"cql() check", "(cql) {check}"},
		{"cql(input \"my games.pgn\" input b.pgn) check", `(cql input "my games.pgn" input "b.pgn") {check}`},
		// Names CQL does not reserve are fine as variables (zobristkey is also CQLi's filter).
		{"zobristkey = 3 zobristkey > 2", "{(= zobristkey 3) (cmp zobristkey > 2)}"},
	}
	for _, tt := range tests {
		p, err := Parse("test.cql", []byte(tt.src))
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if got := p.String(); got != tt.want {
			t.Errorf("Parse(%q)\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// TestSeedSquareVariable: the seed's square filter, braced; brace-less,
// its body is the first filter only and the second uses the variable after
// the loop: the same symbol, unbound there (CQL 9.493 stops with "attempt to
// access unbound square variable: x").
func TestSeedSquareVariable(t *testing.T) {
	b := mustParse(t, "square x in h1-8 {R attacks x x attacks K}")
	sq := b.Body.Filters[0].(*Square)
	if sq.In.(*PieceDesignator).Squares != 0x8080808080808080 {
		t.Errorf("h1-8 squares = %#x", sq.In.(*PieceDesignator).Squares)
	}
	if sq.Var == nil || sq.Var.Kind != VarSet || sq.Type() != TypeSet {
		t.Errorf("square variable %+v, type %v", sq.Var, sq.Type())
	}
	body := sq.Body.(*Block).Filters
	if v := body[0].(*Binary).Y.(*Var); v.Sym != sq.Var {
		t.Errorf("x in body resolves to %p, want %p", v.Sym, sq.Var)
	}
	a := mustParse(t, "square x in h1-8 R attacks x x attacks K")
	if got := Sprint(a.Body); got != "{(square x h1-8 (attacks R x)) (attacks x K)}" {
		t.Fatalf("brace-less: %s", got)
	}
	sq = a.Body.Filters[0].(*Square)
	if v := a.Body.Filters[1].(*Binary).X.(*Var); v.Sym != sq.Var {
		t.Errorf("x after the loop resolves to %p, want the loop's %p", v.Sym, sq.Var)
	}
}

// TestUnicodeAliases: CQL 6.2 symbols parse to the same AST as ASCII.
func TestUnicodeAliases(t *testing.T) {
	pairs := [][2]string{
		{"♔ ♕ ♖ ♗ ♘ ♙ ♚ ♛ ♜ ♝ ♞ ♟", "K Q R B N P k q r b n p"},
		{"△ ▲ □ ▦ ◭", "A a _ . [Aa]"},
		{"♕♛ ♙♛♖a-h2 △[b-h2,d5] □f1-8", "[Qq] [PqR]a-h2 A[b-h2,d5] _f1-8"},
		{"♖ → ♚  ♚ ← ♖", "R attacks k  k attackedby R"},
		{"♖ ∊ △  △ ∩ ♔ ∪ ♚", "R in A  A & K | k"},
		{"#♙ ≤ 3  #♙ ≥ 1  #♙ ≠ 2", "#P <= 3  #P >= 1  #P != 2"},
		{"square ∀ x ∊ △ x → ♚", "square all x in A x attacks k"},
		{"⬓ ♔a1", "flipcolor Ka1"},
		{"✵ ♔a1", "flip Ka1"},
		// CQL 6.2 iteration forms and their ASCII spellings.
		{"x∊h1-8 {♖ → x  x → ♔}", "square x in h1-8 {R attacks x  x attacks K}"},
		{"x [element] h1-8 {R -> x  x -> K}", "square x in h1-8 {R attacks x  x attacks K}"},
		{"∃x∊△ x", "square x in A x"},
		{"∀x∊△ x → ♚", "square all x in A x attacks k"},
		{"[forall]x[element]A x attacks k", "square all x in A x attacks k"},
		{"◭x∊♘ x → ♚", "piece x in N x attacks k"},
		{"[Aa]x[element]N x -> k", "piece x in N x attacks k"},
		{"∀◭x∊♖ x → ♚", "piece all x in R x attacks k"},
		{"[forall][Aa]x[element]R x attacks k", "piece all x in R x attacks k"},
		{"◭x = ♖a1  x", "piece x = Ra1  x"},
		{"◭ ◭a1 [Aa]", "[Aa] [Aa]a1 [Aa]"},
		{"k <- R  k ← R", "k attackedby R  k attackedby R"},
		{"square ∀ x ∊ △ x", "square all x in A x"},
	}
	for _, p := range pairs {
		u, a := mustParse(t, p[0]).String(), mustParse(t, p[1]).String()
		if u != a {
			t.Errorf("%q parses to %s, want %s (as %q)", p[0], u, a, p[1])
		}
	}
}

// TestPieceDesignatorBits checks the decoded bitmasks against hand-computed values.
func TestPieceDesignatorBits(t *testing.T) {
	tests := []struct {
		src     string
		pieces  PieceSet
		squares SquareSet
	}{
		{"K", 1 << WhiteKing, AllSquares},
		{"k", 1 << BlackKing, AllSquares},
		{"[Qq]", 1<<WhiteQueen | 1<<BlackQueen, AllSquares},
		{"[K_]", 1<<WhiteKing | 1<<Empty, AllSquares},
		{"A", WhitePieces, AllSquares},
		{"a", BlackPieces, AllSquares},
		{"_", EmptySquare, AllSquares},
		{".", AnyContent, AllSquares},
		{"Ka1", 1 << WhiteKing, 1},
		{"b2", AnyContent, 1 << 9},
		{"h8", AnyContent, 1 << 63},
		{"Ra-h8", 1 << WhiteRook, 0xff << 56},
		{"a-h1", AnyContent, 0xff},
		{"Pa-d2-4", 1 << WhitePawn, 0x0f0f0f00},
		{"R[a1,h1]", 1 << WhiteRook, 1 | 1<<7},
		{"_f1-8", EmptySquare, 0x2020202020202020},
		{"[]", 0, 0},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.src)
		d, ok := p.Body.Filters[0].(*PieceDesignator)
		if !ok {
			t.Errorf("%q: got %T", tt.src, p.Body.Filters[0])
			continue
		}
		if d.Pieces != tt.pieces || d.Squares != tt.squares {
			t.Errorf("%q: pieces %#x squares %#x, want %#x %#x", tt.src, d.Pieces, d.Squares, tt.pieces, tt.squares)
		}
	}
}

// TestTypes checks the checked type of the last top-level filter.
func TestTypes(t *testing.T) {
	tests := []struct {
		src  string
		want Type
	}{
		{"R", TypeSet},
		{"R attacks k", TypeSet},
		{"#R", TypeNumber},
		{"R == 2", TypeNumber}, // a numeric comparison's value is its left side's (CQL's RelationalNode)
		{"R != 2", TypeNone},   // != is not == and has no value (make_relational_op_node)
		{"{check #A >= 3}", TypeNumber},
		{"check", TypeNone},
		{"not R", TypeNone},
		{"R in A", TypeNone},
		{"{check R}", TypeSet},
		{"{R check}", TypeNone},
		{"{{R} check}", TypeNone},
		{"square x in A x attacks k", TypeSet},
		{"square all x in A x attacks k", TypeNone},
		{"move from K", TypeSet},
		{"move legal count", TypeNumber},
		{"move capture q", TypeSet},
		{"move previous from K", TypeNone}, // CQL: only a first from, to or capture gives a value
		{"move legal", TypeNone},
		{"from", TypeSet},
		{"x = R x", TypeSet},
		{"x = 3 x", TypeNumber},
		{`x = "s" x`, TypeString},
		{"x = R", TypeNone},
		{"ply", TypeNumber},
		{"sidetomove", TypeNumber},
		{"event", TypeString},
		{`event "x"`, TypeNone},
		{"player white", TypeString},
		{"elo white", TypeNumber},
		{"currentposition", TypePosition},
		// CQL 9.493 also reads curpos (node-parse.cpp); `cql() curpos:check` matches 228 games of its sample.pgn, as currentposition:check
		{"curpos", TypePosition},
		{"x = curpos x", TypePosition},
		{"find check", TypePosition},
		{"find all check", TypeNumber},
		{"if check then R else Q", TypeSet},
		{"if check then R else 3", TypeNone},
		{"flipcolor A attacks k", TypeSet},
		{"flipcolor count A attacks k", TypeNumber},
		{"flipcolor check", TypeNone},
		{"up R", TypeSet},
		{"line --> check --> mate", TypeNumber},
		{`"a" + "b"`, TypeString},
		{"max(1 R)", TypeNumber},
		{"power A", TypeNumber},
		{"sort #A", TypeNumber},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.src)
		f := p.Body.Filters[len(p.Body.Filters)-1]
		if got := f.Type(); got != tt.want {
			t.Errorf("%q: type %v, want %v", tt.src, got, tt.want)
		}
	}
}

func TestCompareModes(t *testing.T) {
	tests := []struct {
		src  string
		want CompareMode
	}{
		{"A == K", CompareSet},
		{"A != K", CompareSet},
		{"A < 2", CompareNumber},
		{"R == 2", CompareNumber},
		{`event == "x"`, CompareString},
		{"ply < 3 < movenumber", CompareNumber},
	}
	for _, tt := range tests {
		c := mustParse(t, tt.src).Body.Filters[0].(*Compare)
		for _, l := range c.Links {
			if l.Mode != tt.want {
				t.Errorf("%q: mode %v, want %v", tt.src, l.Mode, tt.want)
			}
		}
	}
}

func TestSymbols(t *testing.T) {
	p := mustParse(t, "x = R m = 3 m += #x square y in x y attacks k piece z in A z attacks K x")
	if len(p.Symbols) != 4 {
		t.Fatalf("symbols: %d, want 4", len(p.Symbols))
	}
	want := []struct {
		name string
		kind VarKind
	}{{"x", VarSet}, {"m", VarNumber}, {"y", VarSet}, {"z", VarPiece}}
	for i, w := range want {
		s := p.Symbols[i]
		if s.Name != w.name || s.Kind != w.kind || s.Index != i {
			t.Errorf("symbol %d = %+v, want %s %v", i, s, w.name, w.kind)
		}
	}
	// All uses of x share one symbol; the first assignment declares it.
	a := p.Body.Filters[0].(*Assign)
	if !a.Decl || a.Sym != p.Symbols[0] {
		t.Errorf("x = R: Decl %v Sym %p", a.Decl, a.Sym)
	}
	last := p.Body.Filters[len(p.Body.Filters)-1].(*Var)
	if last.Sym != p.Symbols[0] {
		t.Errorf("final x resolves to %+v", last.Sym)
	}
}

func TestTransformVariants(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"flipcolor {wtm Ka1 up R result 1-0 player white \"X\"}", []string{
			`{wtm Ka1 (up R) (result 1-0) (player white "X")}`,
			`{btm ka8 (down r) (result 0-1) (player black "X")}`,
		}},
		// The manual: fliphorizontal a1 is [a1,a8], flipvertical a1 is [a1,h1].
		{"fliphorizontal {Ka1 northeast R}", []string{"{Ka1 (northeast R)}", "{Ka8 (southeast R)}"}},
		{"flipvertical {Ka1 northeast R}", []string{"{Ka1 (northeast R)}", "{Kh1 (northwest R)}"}},
		{"flipvertical Ka1", []string{"Ka1", "Kh1"}},
		{"fliphorizontal {Ka1 kh8}", []string{"{Ka1 kh8}", "{Ka8 kh1}"}},
		{"flipvertical {Ka1 kh8}", []string{"{Ka1 kh8}", "{Kh1 ka8}"}},
		// Variants come in CQL's orbit order (orbit.go): by the square mask
		// as a number, a1 = bit 0.
		{"flip Kb1", []string{"Kb1", "Kg1", "Ka2", "Kh2", "Ka7", "Kh7", "Kb8", "Kg8"}},
		{"flip K", []string{"K"}},
		// The manual's rotate90 page: rotate[90] (counterclockwise) turns {Ka1 kh8}
		// into {Kh1 ka8}; rotate[180] gives {Kh8 ka1} and rotate[270] {Ka8 kh1},
		// which CQL's orbit order puts before it (a8 < h8).
		{"rotate90 {Ka1 kh8}", []string{"{Ka1 kh8}", "{Kh1 ka8}", "{Ka8 kh1}", "{Kh8 ka1}"}},
		{"rotate90 {Ka1 vertical R}", []string{"{Ka1 (vertical R)}", "{Kh1 (horizontal R)}", "{Ka8 (horizontal R)}", "{Kh8 (vertical R)}"}},
		// Copies that run off the board keep their squares still on it: h1
		// (right 1) and a1 (left 7) are copies too; CQL 9.493 answers
		// `shifthorizontal count [g-h1]` with 9 on any position.
		{"shifthorizontal Kg-h1", []string{"Ka1", "Ka-b1", "Kb-c1", "Kc-d1", "Kd-e1", "Ke-f1", "Kf-g1", "Kh1", "Kg-h1"}},
		{"flipcolor move from P promote Q", []string{"(move from P promote Q)", "(move from p promote q)"}},
	}
	for _, tt := range tests {
		tr := mustParse(t, tt.src).Body.Filters[0].(*Transform)
		var got []string
		for _, v := range tr.Variants {
			got = append(got, Sprint(v))
		}
		if strings.Join(got, " | ") != strings.Join(tt.want, " | ") {
			t.Errorf("%q variants\n got %v\nwant %v", tt.src, got, tt.want)
		}
	}
	if n := len(mustParse(t, "shift Ka1").Body.Filters[0].(*Transform).Variants); n != 64 {
		t.Errorf("shift Ka1: %d variants, want 64", n)
	}
}

// TestErrors checks full error texts: position, message, source line, caret.
func TestErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"R atacks k", "test.cql:1:3: unknown filter 'atacks'; did you mean 'attacks'?\nR atacks k\n  ^"},
		{"chek", "test.cql:1:1: unknown filter 'chek'; did you mean 'check'?\nchek\n^"},
		{"K\n  stalemat", "test.cql:2:3: unknown filter 'stalemat'; did you mean 'stalemate'?\n  stalemat\n  ^"},
		{"zzz", "test.cql:1:1: unknown filter or undefined variable 'zzz' (a variable must be assigned before it is used)\nzzz\n^"},
		{"square x in ", "test.cql:1:13: expected filter, found end of input\nsquare x in \n            ^"},
		{"square x R", "test.cql:1:10: expected 'in' after 'square x', found 'R'\nsquare x R\n         ^"},
		{"square check in R x", "test.cql:1:8: expected variable name after 'square', found 'check', which is reserved\nsquare check in R x\n       ^"},
		{"{K Q", "test.cql:1:5: expected '}' to close '{', found end of input\n{K Q\n    ^"},
		{"(K Q)", "test.cql:1:4: expected ')' to close '(', found 'Q'\n(K Q)\n   ^"},
		{"K )", "test.cql:1:3: expected filter, found ')'\nK )\n  ^"},
		{`"abc`, "test.cql:1:1: string not terminated: expected '\"'\n\"abc\n^"},
		{"K /* x", "test.cql:1:3: comment not terminated: expected '*/'\nK /* x\n  ^"},
		{"K @", "test.cql:1:3: unexpected character '@'\nK @\n  ^"},
		{"check + 1", "test.cql:1:1: the left side of + must be a number (or a set, counted), found a logical filter\ncheck + 1\n^"},
		{"R attacks 3", "test.cql:1:11: the right side of attacks must be a set filter, found a number filter\nR attacks 3\n          ^"},
		{"x = check", "test.cql:1:5: cannot assign a logical filter to 'x': it has no value (only set, number, string and position filters do)\nx = check\n    ^"},
		{"x += 1", "test.cql:1:1: 'x' is not defined: += needs a number variable assigned earlier\nx += 1\n^"},
		{"x = R x = \"s\"", "test.cql:1:7: 'x' is a set variable (declared at 1:1); cannot assign a string filter to it\nx = R x = \"s\"\n      ^"},
		{"square x in A x = R", "test.cql:1:15: cannot assign to 'x': it is the variable of an enclosing iteration filter\nsquare x in A x = R\n              ^"},
		{"move promote Qa1", "test.cql:1:14: expected piece type (like Q or [RBN]) after 'promote', found 'Qa1'\nmove promote Qa1\n             ^"},
		{"result 2-0", "test.cql:1:8: expected game result 1-0, 0-1, 1/2-1/2 or *, found '2-0'\nresult 2-0\n       ^"},
		{"cql(inptu x.pgn) K", "test.cql:1:5: unknown header parameter 'inptu'; did you mean 'input'?\ncql(inptu x.pgn) K\n    ^"},
		{"cql(matchcount) K", "test.cql:1:15: expected number after 'matchcount', found ')'\ncql(matchcount) K\n              ^"},
		{"R in 3", "test.cql:1:3: 'in' needs two set filters (subset test) or two string filters (substring test), found a set filter and a number filter\nR in 3\n  ^"},
		{"line check", "test.cql:1:6: expected '-->' or '<--' after 'line', found 'check'\nline check\n     ^"},
		{"line --> check <-- mate", "test.cql:1:16: cannot mix '-->' and '<--' in one line filter\nline --> check <-- mate\n               ^"},
		{"e2--=e4", "test.cql:1:6: the promoted piece after '=' must be piece types only (like Q, [RBN] or (R)), found 'e4'\ne2--=e4\n     ^"},
		{"max(1)", "test.cql:1:1: max needs at least two arguments\nmax(1)\n^"},
		{"♔ ∀", "test.cql:1:4: expected variable name after '∀', found end of input\n♔ ∀\n   ^"},
		{"∀x A", "test.cql:1:4: expected '∊' after '∀x', found 'A'\n∀x A\n   ^"},
		{"\tR atacks k", "test.cql:1:4: unknown filter 'atacks'; did you mean 'attacks'?\n\tR atacks k\n\t  ^"},
		{"n = 3", "test.cql:1:1: cannot assign to 'n': it is a piece designator, not a variable name\nn = 3\n^"},
		{"P & backwardpawns", "test.cql:1:5: 'backwardpawns' is not a CQL 6.1/6.2 filter; the pawn structure filters are connectedpawns, doubledpawns, isolatedpawns and passedpawns\nP & backwardpawns\n    ^"},
		{"pin from R trough a", "test.cql:1:12: unknown filter 'trough'; did you mean 'through'?\npin from R trough a\n           ^"},
		// CQL's makesquare takes a string or (file rank); chessql records `makesquare 3`,
		// `makesquare k`, `makesquare(6)` and `makesquare(6 "a")` as errors of cql -parse.
		{"makesquare 3", "test.cql:1:12: makesquare takes a string naming a square (makesquare \"e4\") or two numbers in parentheses (makesquare (5 4)), found number filter\nmakesquare 3\n           ^"},
		{"makesquare k", "test.cql:1:12: makesquare takes a string naming a square (makesquare \"e4\") or two numbers in parentheses (makesquare (5 4)), found set filter\nmakesquare k\n           ^"},
		{"makesquare(6)", "test.cql:1:12: makesquare takes a string naming a square (makesquare \"e4\") or two numbers in parentheses (makesquare (5 4)), found number filter\nmakesquare(6)\n           ^"},
		{`makesquare(6 "a")`, "test.cql:1:14: an argument of makesquare must be a number (or a set, counted), found a string filter\nmakesquare(6 \"a\")\n             ^"},
	}
	for _, tt := range tests {
		_, err := Parse("test.cql", []byte(tt.src))
		if err == nil {
			t.Errorf("Parse(%q): no error, want %q", tt.src, tt.want)
			continue
		}
		if got := err.Error(); got != tt.want {
			t.Errorf("Parse(%q) error\n got %q\nwant %q", tt.src, got, tt.want)
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q): error %T is not an *Error", tt.src, err)
		}
	}
}

func TestMultipleErrors(t *testing.T) {
	_, err := Parse("", []byte("chek R atacks k"))
	list, ok := err.(ErrorList)
	if !ok || len(list) != 2 {
		t.Fatalf("got %v, want 2 errors", err)
	}
	if list[0].Pos.Col != 1 || list[1].Pos.Col != 8 {
		t.Errorf("positions %v %v", list[0].Pos, list[1].Pos)
	}
	if !strings.HasPrefix(err.Error(), "1:1: unknown filter 'chek'") {
		t.Errorf("message without filename: %q", err.Error())
	}
}

func TestNestedTransformsBounded(t *testing.T) {
	// Transforms inside other filters of a transformed body are copied with
	// each copy of it: four shifts so nested make some 64^4 copies.
	_, err := Parse("", []byte("shift {Ka1 shift {Kb2 shift {Kc3 shift {Kd4}}}}"))
	if err == nil || !strings.Contains(err.Error(), "transform filters nested too deeply") {
		t.Errorf("nested shifts: %v", err)
	}
	// Directly nested ones are one orbit, composed with the inner copies that
	// are kept: the images of Kb2 under shifts and flips, 64 at most.
	mustParse(t, "shift flip shift flip shift Kb2")
	// CQL merges directly nested orbits: ten flips are one orbit of the 8
	// images of Kb1.
	tr := mustParse(t, strings.Repeat("flip ", 10)+"Kb1").Body.Filters[0].(*Transform)
	if len(tr.Variants) != 8 {
		t.Errorf("flip^10 Kb1: %d variants, want 8", len(tr.Variants))
	}
	// A reasonable nesting is fine.
	mustParse(t, "flipcolor flip {Ka1 Qb2}")
}

// A misspelt keyword that causes a later syntax error is reported first.
func TestMisspeltKeywordBeforeSyntaxError(t *testing.T) {
	_, err := Parse("q.cql", []byte("sqare all x in A x attacks k"))
	want := "q.cql:1:1: unknown filter 'sqare'; did you mean 'square'?\nsqare all x in A x attacks k\n^\n" +
		"q.cql:1:7: expected filter, found 'all'\nsqare all x in A x attacks k\n      ^"
	if err == nil || err.Error() != want {
		t.Errorf("got %q\nwant %q", err, want)
	}
	// A declared variable is not a suspect.
	_, err = Parse("", []byte("chek = 1 chek )"))
	if list := err.(ErrorList); len(list) != 1 {
		t.Errorf("got %v", err)
	}
}

func TestDeepNesting(t *testing.T) {
	src := strings.Repeat("(", 100000) + "K" + strings.Repeat(")", 100000)
	if _, err := Parse("", []byte(src)); err == nil || !strings.Contains(err.Error(), "nested too deeply") {
		t.Errorf("deep nesting: %v", err)
	}
	src = "K" + strings.Repeat(" & K", 100000)
	if _, err := Parse("", []byte(src)); err == nil || !strings.Contains(err.Error(), "nested too deeply") {
		t.Errorf("long chain: %v", err)
	}
	mustParse(t, "K"+strings.Repeat(" & K", 1000))
	src = strings.Repeat("not ", 100000) + "K"
	if _, err := Parse("", []byte(src)); err == nil {
		t.Errorf("deep not: no error")
	}
}

// TestDollarNames: CQL variable names may start with (and contain) $, which
// also keeps them apart from piece designators (`n` is a black knight).
func TestDollarNames(t *testing.T) {
	p := mustParse(t, "$n = #P  $n > 2  piece $p in N $p attacks k  $a$b = 1")
	var names []string
	for _, s := range p.Symbols {
		names = append(names, s.Name+":"+s.Kind.String())
	}
	if got, want := strings.Join(names, " "), "$n:number $p:piece $a$b:number"; got != want {
		t.Errorf("symbols %s, want %s", got, want)
	}
	if got, want := Sprint(p.Body), "{(= $n (# P)) (cmp $n > 2) (piece $p N (attacks $p k)) (= $a$b 1)}"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
