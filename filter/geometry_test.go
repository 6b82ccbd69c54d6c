package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// The position of the manual's piece filter page (gadycosteff.com/cql/piece.html):
// Re1 Ke3 ke5; Ra5 bb5 ke5; Re8 ne6 ke5; Rh8 rg7; Rh5 pg5 pf5 ke5.
const manualPinFEN = "4R2R/6r1/4n3/Rb2kppR/8/4K3/8/4R3 w - - 0 1"

// Pawn structures, worked out by hand below.
// White pawns a2 b3 c4 c5 e5 h6, black pawns d6 f7 g6 h7.
const pawnsFEN = "1k6/5p1p/3p2pP/2P1P3/2P5/1P6/P7/6K1 w - - 0 1"

// parsedValue evaluates src (a set filter) at the first position of fen.
func parsedValue(t *testing.T, fen, src string) chess.Bitboard {
	t.Helper()
	return parsedSet(t, src, fenGame(t, fen))
}

// TestGeometrySets checks set values derived by hand from the manual's definitions.
func TestGeometrySets(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	cases := []struct {
		fen, src string
		want     []string
	}{
		// piece.html: "piece Pinner in R xray (Pinner a k)" is [a5,e8]: Ra5 pins bb5, Re8
		// pins ne6; Re1 Ke3 ke5 fails (Ke3 is white), Rh8 rg7 is no line, Rh5 has two pawns.
		{manualPinFEN, "piece Pinner in R xray (Pinner a k)", []string{"a5", "e8"}},
		// pin: the same pins; the value follows the first parameter.
		{manualPinFEN, "pin", []string{"b5", "e6"}},
		{manualPinFEN, "pin from R", []string{"a5", "e8"}},
		{manualPinFEN, "pin through a", []string{"b5", "e6"}},
		{manualPinFEN, "pin to k", []string{"e5"}},
		{manualPinFEN, "pin through n", []string{"e6"}},
		{manualPinFEN, "pin from Rh5", nil},  // two black pawns in between
		{manualPinFEN, "pin through K", nil}, // Re1 and Ke3 are the same colour
		// to squares may be empty or hold a piece of the pinned piece's colour: Ra5 pins bb5
		// (to c5 d5 e5), Re8 ne6 (to e5), Rh5 pg5 (to pf5); Re1 and Ke3 are both white;
		// Black's bb5 attacks Re8 with the edge behind; rg7's lines end at own pawns.
		{manualPinFEN, "pin through [Aa] to .", []string{"b5", "e6", "g5"}},
		{manualPinFEN, "pin to .", []string{"c5", "d5", "e5", "f5"}}, // to first: the squares pinned to
		// xray and ray: the value is the squares of the last argument.
		{manualPinFEN, "xray (R a k)", []string{"e5"}},
		{manualPinFEN, "ray (R a k)", []string{"e5"}},
		{manualPinFEN, "ray diagonal (R a k)", []string{"e5"}}, // Rh8 rg7 f6 ke5: ray ignores piece types
		{manualPinFEN, "xray (Rh8 a k)", nil},                  // but a rook's xray runs orthogonally
		// CQL's parser (node-parse.cpp, match_raydirections) builds `ray attack` as its
		// xray: all directions, each kept only where the start piece moves that way.
		{manualPinFEN, "ray attack (Rh8 a k)", nil},
		{manualPinFEN, "ray attacks (R a k)", []string{"e5"}},
		{manualPinFEN, "ray attack (R a a k)", []string{"e5"}},
		{manualPinFEN, "ray (R k)", nil}, // every rook line to the king is blocked
		{manualPinFEN, "ray (R a a k)", []string{"e5"}},
		{manualPinFEN, "xray (R a a k)", []string{"e5"}}, // Rh5 pg5 pf5 ke5
		{manualPinFEN, "ray up (R _ _ _ K)", nil},
		{manualPinFEN, "ray up (R _ K)", []string{"e3"}},
		// CQL 6.2's arrow chains (its parser's RayNode from the arrows): X1 → X2 → X3 is
		// xray (X1 X2 X3) valued at the squares of X1 that start such a ray; X1 ← X2 ← X3
		// is xray (X3 X2 X1), valued at X1's squares. Ra5 pins bb5 to ke5, Re8 pins ne6.
		{manualPinFEN, "R → a → k", []string{"a5", "e8"}},
		{manualPinFEN, "R -> n -> k", []string{"e8"}},
		{manualPinFEN, "k ← a ← R", []string{"e5"}},
		{manualPinFEN, "Rh5 → a → k", nil}, // two black pawns in between
		{manualPinFEN, "R → k", nil},       // every rook line to the king is blocked
		// Arrows bind more loosely than |: R → k|[b5,e6] is R attacks (k|[b5,e6]).
		{manualPinFEN, "R → k|[b5,e6]", []string{"a5", "e8"}},
		{manualPinFEN, "Re1|Ra5 → b5", []string{"a5"}},
		// between: strictly between a square of each argument on a common line.
		{manualPinFEN, "between(a1 h8)", []string{"b2", "c3", "d4", "e5", "f6", "g7"}},
		{manualPinFEN, "between(R k)", []string{"e2", "e3", "e4", "b5", "c5", "d5", "e7", "e6", "g7", "f6", "g5", "f5"}},
		{manualPinFEN, "between(a1 b3)", nil},
		// light and dark; a1 is dark, h1 light.
		{start, "light [a1,h1,e4,d4]", []string{"h1", "e4"}},
		{start, "dark [a1,h1,e4,d4]", []string{"a1", "d4"}},
		{start, "light B", []string{"f1"}},
		{start, "dark b", []string{"f8"}},
		// makesquare (manual: for Square d4 the reflected square is d5).
		{start, "makesquare (file d4 8 - rank d4 + 1)", []string{"d5"}},
		{start, "makesquare (9 1)", nil},
		// makesquare with a string (CQL's makesquare z, "a string filter, like \"e4\""):
		// exactly a file letter and a rank digit names a square, anything else is empty.
		{start, `makesquare "a2"`, []string{"a2"}},
		{start, `makesquare ("h8")`, []string{"h8"}},
		{start, `makesquare ("e" + "4")`, []string{"e4"}},
		{start, `makesquare lowercase "C7"`, []string{"c7"}},
		{start, `makesquare ""`, nil},
		{start, `makesquare "a"`, nil},
		{start, `makesquare "22"`, nil},
		{start, `makesquare "i1"`, nil},
		{start, `makesquare "a9"`, nil},
		{start, `makesquare "a2 "`, nil},
		{start, `makesquare str e4`, []string{"e4"}},
		// Pawn structure (pawnsFEN): connected = an own pawn on a neighbouring file:
		// a2 b3 c4 c5 (White), f7 g6 h7 (Black); isolated: e5 h6 d6; doubled: c4 c5;
		// passed: a2 and b3 (no black pawn ahead on the a-c files), g6 (no white pawn
		// below it on f-h: h6 is level with it).
		{pawnsFEN, "connectedpawns", []string{"a2", "b3", "c4", "c5", "f7", "g6", "h7"}},
		{pawnsFEN, "isolatedpawns", []string{"e5", "h6", "d6"}},
		{pawnsFEN, "doubledpawns", []string{"c4", "c5"}},
		{pawnsFEN, "passedpawns", []string{"a2", "b3", "g6"}},
		// The CQLi manual's pawn structure recipes, on White a5 d4 e5, Black d5 h7:
		// advanced passed pawns are a5 and e5 (d5 is level with e5, not ahead);
		// fixed pawns d4 and d5 block each other; d4 and e5 form a chain.
		{"4k3/7p/8/P2pP3/3P4/8/8/4K3 w - - 0 1", "flipcolor Pa-h5-8 & passedpawns", []string{"a5", "e5"}},
		{"4k3/7p/8/P2pP3/3P4/8/8/4K3 w - - 0 1", "flipcolor p & up 1 P", []string{"d4", "d5"}},
		{"4k3/7p/8/P2pP3/3P4/8/8/4K3 w - - 0 1", "flipcolor P & diagonal 1 P", []string{"d4", "e5"}},
		// connectedpawns in the start position: the 16 pawns (manual).
		{start, "connectedpawns", []string{"a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7"}},
		{start, "passedpawns", nil},
		{start, "isolatedpawns", nil},
		// notransform and the pawn filters ignore enclosing transforms (manual).
		{pawnsFEN, "rotate90 passedpawns", []string{"a2", "b3", "g6"}},
		{start, "shift notransform e4", []string{"e4"}},   // shift e4 alone would be every square
		{start, "flipcolor dark K", []string{"e1", "e8"}}, // reversecolor gives light k
		{start, "flipcolor light K", nil},                 // e1 is dark, and dark k: e8 is light
	}
	for _, c := range cases {
		got := parsedValue(t, c.fen, c.src)
		if want := bb(t, c.want...); got != want {
			t.Errorf("%s on %s: got %v, want %v", c.src, c.fen, got, want)
		}
	}
}

// TestGeometryNumbers checks numeric values with the manual's examples.
func TestGeometryNumbers(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	cases := []struct {
		src  string
		want bool
	}{
		{"sqrt 4 == 2", true}, // sqrt.html: sqrt 4 ≡ 2, sqrt 26 ≡ 5
		{"sqrt 26 == 5", true},
		{"sqrt 0 == 0", true},
		// a negative argument does not match (CQL 9.493: all 253 games of its
		// sample.pgn; `not sqrt -1` itself it stops on, a sqrt matched as a filter)
		{"not {x = sqrt -1}", true},
		{"sqrt 1000000 == 1000", true},
		{"file e4 == 5 rank e4 == 4", true},
		{"file K == 5 rank k == 8", true},
		{"not file [e4,d4]", true}, // not exactly one square
		{"not rank []", true},
		{"colortype e1 == 6 colortype d8 == -5 colortype e4 == 0", true},
		{"type b8 == 2 type c1 == 3 type a2 == 1 type a1 == 4 type d1 == 5 type e8 == 6", true},
		{"type e4 == 0", true},
		// colortype.html: colortype Square == -colortype makesquare (file Square 8 - rank Square + 1)
		// holds for every square of the start position (it is colour-symmetric).
		{"square all Square in . colortype Square == -colortype makesquare (file Square 8 - rank Square + 1)", true},
		{"dark . == diagonal 0 7 diagonal 0 7 a1", true}, // dark.html
		{"#dark . == 32 #light . == 32", true},
		{"abs (0 - #P) == 8", true},
		{"abs A == 16 abs _ == 32", true}, // abs of a set is abs of its size
		// A transform of a number is the largest value of its matching variants
		// (flip.html): the white king is on the e-h files and on ranks 1-4.
		{"#Ka-d1-8 == 0", true},
		// (A transform's body extends over ==, hence the parentheses.)
		{"(flip #Ka-d1-8) == 1", true},
		// fliphorizontal mirrors ranks (a1 <-> a8): still files a-d; flipvertical
		// mirrors files (a1 <-> h1): files e-h hold the king.
		{"(fliphorizontal #Ka-d1-8) == 0", true},
		{"(flipvertical #Ka-d1-8) == 1", true},
		{"(flip count #Ka-d1-8) == 4", true}, // four distinct variants: files a-d, e-h, ranks 1-4, 5-8
		{"(flip count #Ka-d1-8 == 1) == 2", true},
	}
	for _, c := range cases {
		p, err := query.Parse("", []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		q := mustCompile(t, p)
		if got := len(q.NewEvaluator().Game(fenGame(t, start))) == 1; got != c.want {
			t.Errorf("%s: matched %v, want %v", c.src, got, c.want)
		}
	}
}

// TestReverseColorManual: the manual's reversecolor examples print the same
// as their stated equivalents.
func TestReverseColorManual(t *testing.T) {
	for _, c := range [][2]string{
		{"reversecolor Ke1", "ke8"},
		{"reversecolor 2 == A attacks k", "2 == a attacks K"},
		{"reversecolor {player white \"Kasparov\" result 1-0}", "{player black \"Kasparov\" result 0-1}"},
		{"reversecolor power A > power a + 10", "power a > power A + 10"},
		{"reversecolor [Kk]h1-8", "[Kk]h1-8"},
		{"reversecolor light K", "dark k"},
		{"reversecolor [b-d4,g8]", "[b-d5,g1]"},
	} {
		a, err := query.Parse("", []byte(c[0]))
		if err != nil {
			t.Fatal(err)
		}
		b, err := query.Parse("", []byte(c[1]))
		if err != nil {
			t.Fatal(err)
		}
		ga := a.Body.Filters[0].(*query.Geo).Args[0]
		if query.Sprint(ga) != query.Sprint(b.Body.Filters[0]) {
			t.Errorf("%s: %s, want %s", c[0], query.Sprint(ga), query.Sprint(b.Body.Filters[0]))
		}
	}
}

// refPins finds pins by the manual's definition, square by square: a line
// piece p in from, a piece q of the other colour in through that p attacks,
// and a square t in to beyond q on the same line, empty or of q's colour,
// with nothing between q and t.
func refPins(pos *chess.Position, from, through, to chess.Bitboard, value query.PinValue) chess.Bitboard {
	occ := pos.Occupied()
	var r chess.Bitboard
	for p := chess.Square(0); p < 64; p++ {
		pp := pos.PieceAt(p)
		if !from.Has(p) || pp == chess.NoPiece {
			continue
		}
		ty := pp.Type()
		if ty != chess.Rook && ty != chess.Bishop && ty != chess.Queen {
			continue
		}
		for q := chess.Square(0); q < 64; q++ {
			pq := pos.PieceAt(q)
			if !through.Has(q) || pq == chess.NoPiece || pq.Color() == pp.Color() {
				continue
			}
			if chess.Attacks(pp.Color(), ty, p, occ)&chess.SquareBB(q) == 0 {
				continue
			}
			for s := chess.Square(0); s < 64; s++ {
				if !to.Has(s) || s == q || s == p {
					continue
				}
				if ps := pos.PieceAt(s); ps != chess.NoPiece && ps.Color() != pq.Color() {
					continue
				}
				// s beyond q: q lies between p and s, and nothing lies between q and s.
				if !chess.Between(p, s).Has(q) || chess.Between(q, s)&occ != 0 {
					continue
				}
				switch value {
				case query.PinFrom:
					r |= chess.SquareBB(p)
				case query.PinTo:
					r |= chess.SquareBB(s)
				default:
					r |= chess.SquareBB(q)
				}
			}
		}
	}
	return r
}

// refRay walks every direction square by square.
func refRay(pos *chess.Position, args []chess.Bitboard) chess.Bitboard {
	var r chess.Bitboard
	for _, d := range allDirections {
		cur := args[0]
		for _, a := range args[1:] {
			var next chess.Bitboard
			for s := chess.Square(0); s < 64; s++ {
				if !cur.Has(s) {
					continue
				}
				b := chess.SquareBB(s)
				for {
					b = chess.Shift(b, d)
					if b == 0 {
						break
					}
					next |= b
					if b&pos.Occupied() != 0 {
						break
					}
				}
			}
			cur = next & a
		}
		r |= cur
	}
	return r
}

// TestPinAndRayAgreeWithDefinitions compares pin (both strategies) and ray
// with the square-by-square definitions on real positions.
func TestPinAndRayAgreeWithDefinitions(t *testing.T) {
	games := loadGames(t, "masters-10k.pgn", 40, false)
	type pinCase struct {
		src               string
		from, through, to func(*chess.Position) chess.Bitboard
		value             query.PinValue
	}
	all := func(*chess.Position) chess.Bitboard { return ^chess.Bitboard(0) }
	occ := func(p *chess.Position) chess.Bitboard { return p.Occupied() }
	kings := func(p *chess.Position) chess.Bitboard { return p.ByType(chess.King) }
	queens := func(p *chess.Position) chess.Bitboard { return p.ByType(chess.Queen) }
	cases := []pinCase{
		{"pin", occ, occ, kings, query.PinThrough},
		{"pin from [Aa]", occ, occ, kings, query.PinFrom},
		{"pin to [Kk]", occ, occ, kings, query.PinTo},
		{"pin to [Qq]", occ, occ, queens, query.PinTo},
		{"pin through [Qq]", occ, queens, kings, query.PinThrough},
		{"pin to .", occ, occ, all, query.PinTo},
		{"pin through [Aa] to .", occ, occ, all, query.PinThrough},
		{"pin to . from [Aa]", occ, occ, all, query.PinTo},
	}
	compiled := make([]*Query, len(cases))
	for i, c := range cases {
		p, err := query.Parse("", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		compiled[i] = mustCompile(t, p)
	}
	rayQ := mustCompile(t, mustParseQ(t, "ray ([Qq] [Aa] [Kk])"))
	betweenQ := mustCompile(t, mustParseQ(t, "between([Aa] [Kk])")) // many pairs: the set-wise path
	positions := 0
	for _, g := range games {
		for i := range g.Nodes {
			pos := &g.Nodes[i].Pos
			positions++
			for k, c := range cases {
				q := compiled[k]
				e := q.NewEvaluator()
				e.startGame(g)
				e.at(int32(i))
				got := q.body.(setNode).set(e)
				want := refPins(pos, c.from(pos), c.through(pos), c.to(pos), c.value)
				if got != want {
					t.Fatalf("%s at %s: got %v, want %v", c.src, pos.FEN(), got, want)
				}
			}
			e := rayQ.NewEvaluator()
			e.startGame(g)
			e.at(int32(i))
			got := rayQ.body.(setNode).set(e)
			want := refRay(pos, []chess.Bitboard{queens(pos), pos.Occupied(), kings(pos)})
			if got != want {
				t.Fatalf("ray at %s: got %v, want %v", pos.FEN(), got, want)
			}
			if got, want := evalSet(betweenQ, g, i), refBetween(pos.Occupied(), kings(pos)); got != want {
				t.Fatalf("between at %s: got %v, want %v", pos.FEN(), got, want)
			}
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions", positions)
	}
}

func mustParseQ(t *testing.T, src string) *query.Program {
	t.Helper()
	p, err := query.Parse("", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

var _ = pgn.Game{}

// refBetween is the union of the between table over all pairs.
func refBetween(x, y chess.Bitboard) chess.Bitboard {
	var r chess.Bitboard
	for a := chess.Square(0); a < 64; a++ {
		for b := chess.Square(0); b < 64; b++ {
			if x.Has(a) && y.Has(b) {
				r |= chess.Between(a, b)
			}
		}
	}
	return r
}

// TestPureStalemate checks the manual's definition on hand-built positions.
func TestPureStalemate(t *testing.T) {
	cases := []struct {
		fen, src string
		want     []string
	}{
		// Qc7 alone covers a7 b7 b8 once each: pure and model; participants Qc7 and ka8.
		{"k7/2Q5/8/8/8/8/8/4K3 b - - 0 1", "purestalemate", []string{"c7", "a8"}},
		{"k7/2Q5/8/8/8/8/8/4K3 b - - 0 1", "modelstalemate", []string{"c7", "a8"}},
		{"k7/2Q5/8/8/8/8/8/4K3 b - - 0 1", "flipcolor purestalemate", []string{"c7", "a8"}},
		// A rook on h1 takes no part: still pure, not model.
		{"k7/2Q5/8/8/8/8/8/4K2R b - - 0 1", "purestalemate", []string{"c7", "a8"}},
		{"k7/2Q5/8/8/8/8/8/4K2R b - - 0 1", "modelstalemate", nil},
		// Kb6 and Qc7 both cover a7 and b7: stalemate, but not pure.
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "purestalemate", nil},
		// White to move: no stalemate at all.
		{"k7/2Q5/8/8/8/8/8/4K3 w - - 0 1", "purestalemate", nil},
		// The colour-reversed first position: White stalemated by qc2.
		{"4k3/8/8/8/8/8/2q5/K7 w - - 0 1", "purestalemate", []string{"c2", "a1"}},
	}
	if !matchesQuery(t, "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "stalemate") {
		t.Errorf("Kb6 Qc7 ka8: not a stalemate")
	}
	for _, c := range cases {
		if got := parsedValue(t, c.fen, c.src); got != bb(t, c.want...) {
			t.Errorf("%s on %s: got %v, want %v", c.src, c.fen, got, c.want)
		}
	}
}

func matchesQuery(t *testing.T, fen, src string) bool {
	t.Helper()
	return len(compileSrc(t, src).NewEvaluator().Game(fenGame(t, fen))) == 1
}

// TestRotate45: the manual's example, rotate45 ray up (R k) matches exactly
// when ray (R k) does; its value is the union of the eight rotations.
func TestRotate45(t *testing.T) {
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", // no rook line to the king
		"7k/8/8/8/8/8/8/R3K2R w - - 0 1", // Rh1 up to kh8
		"k7/8/8/8/8/8/8/R3K3 w - - 0 1",  // Ra1 up to ka8
		"4k3/8/8/8/4R3/8/8/4K3 w - - 0 1",
		manualPinFEN,
	} {
		for _, pair := range [][2]string{
			{"rotate45 ray up (R k)", "ray (R k)"},
			{"rotate45 ray northeast (Q [Aa])", "ray (Q [Aa])"},
			{"rotate45 ray vertical (R [Aa])", "ray (R [Aa])"},
			{"rotate45 up 1 K", "anydirection 1 K"},
			{"rotate45 orthogonal 1 2 k", "anydirection 1 2 k"},
			// vertical turns into offdiagonal, horizontal, maindiagonal: the union is every direction.
			{"rotate45 vertical 1 K", "anydirection 1 K"},
			{"rotate45 maindiagonal 1 3 k", "anydirection 1 3 k"},
			{"rotate45 ray maindiagonal (Q [Aa])", "ray (Q [Aa])"},
		} {
			if a, b := parsedValue(t, fen, pair[0]), parsedValue(t, fen, pair[1]); a != b {
				t.Errorf("%s on %s: %v, but %s: %v", pair[0], fen, a, pair[1], b)
			}
		}
	}
	for _, bad := range []string{"rotate45 Ka1", "rotate45 {vertical K a1}"} {
		if _, err := query.Parse("", []byte(bad)); err == nil {
			t.Errorf("%s: accepted, want an error (square designators must be all squares)", bad)
		}
	}
	if n := len(mustParseQ(t, "rotate45 ray up (R k)").Body.Filters[0].(*query.Transform).Variants); n != 8 {
		t.Errorf("rotate45 ray up: %d variants, want 8", n)
	}
}

// TestLineDirections: maindiagonal and offdiagonal are the direction filters
// of the two diagonal lines (northeast with southwest, northwest with
// southeast), with ranges like the manual's direction filters.
func TestLineDirections(t *testing.T) {
	empty := "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
	cases := []struct {
		src  string
		want []string
	}{
		{"maindiagonal 1 d4", []string{"c3", "e5"}},
		{"maindiagonal d4", []string{"a1", "b2", "c3", "e5", "f6", "g7", "h8"}},
		{"offdiagonal d4", []string{"a7", "b6", "c5", "e3", "f2", "g1"}},
		{"offdiagonal 2 3 a8", []string{"c6", "d5"}},
		{"offdiagonal 1 h8", nil},
		// The manual's table: rotate45 of a line is every line.
		{"rotate45 horizontal 1 K", []string{"d1", "f1", "d2", "e2", "f2"}},
		// flipvertical (the reflection about the vertical bisector, a1 <-> h1)
		// takes d4 to e4 and the a1-h8 direction to the a8-h1 one.
		{"flipvertical maindiagonal 1 d4", []string{"c3", "e5", "d5", "f3"}},
	}
	for _, c := range cases {
		if got := parsedValue(t, empty, c.src); got != bb(t, c.want...) {
			t.Errorf("%s: got %v, want %v", c.src, got, c.want)
		}
	}
}

// TestNegativeDirectionRanges: the manual's direction page lets a range hold
// negative numbers, which shift the opposite way; 0 in the range is the
// argument itself. Its examples are `up -2 d4` ≡ d2 and `right -1 1 d4` ≡
// c-e4; a compound direction is the union of its basic directions with the
// same range (`vertical 3 d4` ≡ [d7,d1]). The other cases are derived by hand
// from those two rules.
func TestNegativeDirectionRanges(t *testing.T) {
	empty := "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
	cases := []struct {
		src  string
		want []string
	}{
		{"up -2 d4", []string{"d2"}},
		{"right -1 1 d4", []string{"c4", "d4", "e4"}},
		{"vertical 3 d4", []string{"d7", "d1"}},
		{"up 1 3 d4", []string{"d5", "d6", "d7"}},
		{"up 0 d4", []string{"d4"}},
		{"up -7 -1 d4", []string{"d1", "d2", "d3"}},
		{"left -2 -1 a1", []string{"b1", "c1"}},
		{"down -3 -2 h8", nil}, // up from the last rank leaves the board
		// northeast -1 is southwest 1, 0 is d4 itself; southwest gives the same three.
		{"maindiagonal -1 1 d4", []string{"c3", "d4", "e5"}},
		{"northeast -2 -1 d4", []string{"c3", "b2"}},
		// Each diagonal reversed by one step is another diagonal by one step.
		{"diagonal -1 d4", []string{"e5", "c5", "c3", "e3"}},
		{"orthogonal -1 0 [a1,h8]", []string{"a1", "a2", "b1", "h8", "h7", "g8"}},
		{"horizontal -7 7 e4", []string{"a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"}},
		// flipvertical (a1 <-> h1) keeps up and takes d4 to e4; the range goes along.
		{"flipvertical up -2 d4", []string{"d2", "e2"}},
	}
	for _, c := range cases {
		if got := parsedValue(t, empty, c.src); got != bb(t, c.want...) {
			t.Errorf("%s: got %v, want %v", c.src, got, c.want)
		}
	}
	for _, bad := range []string{"up -1 -2 d4", "up 2 -3 d4", "up 1 0 d4"} {
		if _, err := query.Parse("", []byte(bad)); err == nil || !strings.Contains(err.Error(), "is empty") {
			t.Errorf("%s: error %v, want an empty-range error", bad, err)
		}
	}
	// CQL's DirectionParameter::neighborhood (build 9.493) stops with an error on a
	// limit past 7 either way, so these are refused rather than empty.
	for _, bad := range []string{"up -8 d4", "up 8 9 d4", "diagonal -9 1 d4"} {
		if _, err := query.Parse("", []byte(bad)); err == nil || !strings.Contains(err.Error(), "out of bounds") {
			t.Errorf("%s: error %v, want an out-of-bounds error", bad, err)
		}
	}
}

// TestPawnChainBaseRangeZero runs the CQLi manual's "bases of pawn chains"
// query, whose `horizontal 0 1 P` has 0 in its range (the pawns themselves and
// their neighbours on the rank). White pawns c3 d4 e5 form a chain whose base,
// derived by hand, is c3: it is diagonally next to a pawn and no white pawn
// stands on its file, or a neighbouring file, below it. The lone h2 pawn is
// in no chain.
func TestPawnChainBaseRangeZero(t *testing.T) {
	fen := "4k3/8/8/4P3/3P4/2P5/7P/4K3 w - - 0 1"
	src := "(flipcolor P & diagonal 1 P) & (flipcolor P & ~ up horizontal 0 1 P)"
	if got, want := parsedValue(t, fen, src), bb(t, "c3"); got != want {
		t.Errorf("%s: got %v, want %v", src, got, want)
	}
	if got, want := parsedValue(t, fen, "horizontal 0 1 d4"), bb(t, "c4", "d4", "e4"); got != want {
		t.Errorf("horizontal 0 1 d4: got %v, want %v", got, want)
	}
}
