package filter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// The seed's position: black Kb8, white Ra7 Bh7, black Nh6, white Kf5 Nh4
// Rd3, black Qh3.
const seedFEN = "1k6/R6B/7n/5K2/7N/3R3q/8/8 w - - 0 1"

// square x in h1-8 {R attacks x  x attacks K}
func seedQuery(t testing.TB, s *syms) *query.Square {
	x := s.sym("x", query.VarSet)
	return &query.Square{Var: x, In: des(t, ".", "h1-8"), Body: block(
		bin(query.OpAttacks, des(t, "R", ""), s.ref("x", query.VarSet)),
		bin(query.OpAttacks, s.ref("x", query.VarSet), des(t, "K", "")),
	)}
}

func TestSeedExample(t *testing.T) {
	// By hand: Rd3 sees e3 f3 g3 h3 (queen), Ra7 sees b7..h7 (bishop); the
	// queen h3 reaches f5 over g4 and the bishop h7 over g6; the knights on
	// h4 and h6 attack f5 but no rook attacks them.
	s := &syms{}
	g := fenGame(t, seedFEN)
	got := setAt(t, seedQuery(t, s), g, 0, s)
	wantSet(t, "square x in h1-8 {R attacks x x attacks K}", got, bb(t, "h3", "h7"))

	q := mustCompile(t, program(s, seedQuery(t, s)))
	if m := q.NewEvaluator().Game(g); len(m) != 1 || m[0] != 0 {
		t.Errorf("Game = %v, want [0]", m)
	}
}

func TestPieceDesignators(t *testing.T) {
	g := fenGame(t, seedFEN)
	cases := []struct {
		pieces, squares string
		want            []string
	}{
		{"R", "", []string{"a7", "d3"}},
		{"A", "", []string{"a7", "h7", "f5", "h4", "d3"}},
		{"a", "", []string{"b8", "h6", "h3"}},
		{"Rr", "", []string{"a7", "d3"}},
		{"Nn", "h1-8", []string{"h6", "h4"}},
		{"_", "h1-8", []string{"h1", "h2", "h5", "h8"}},
		{"K_", "f4-6", []string{"f4", "f5", "f6"}},
		{"A", "a-d3-7", []string{"a7", "d3"}},
		{".", "e4", []string{"e4"}},
	}
	for _, c := range cases {
		got := setAt(t, des(t, c.pieces, c.squares), g, 0, nil)
		wantSet(t, c.pieces+c.squares, got, bb(t, c.want...))
	}
	// `[]`, the empty designator, never matches.
	if matchesAt(t, &query.PieceDesignator{}, g, 0, nil) {
		t.Error("[] matched")
	}
}

func TestAttacks(t *testing.T) {
	// White Ke1 Rh1, black Ke8. Rh1 sees h2..h8 and g1 f1 e1 (its own king).
	g := fenGame(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	wantSet(t, ". attackedby R", setAt(t, bin(query.OpAttackedBy, des(t, ".", ""), des(t, "R", "")), g, 0, nil),
		bb(t, "e1", "f1", "g1", "h2", "h3", "h4", "h5", "h6", "h7", "h8"))
	wantSet(t, "R attacks k", setAt(t, bin(query.OpAttacks, des(t, "R", ""), des(t, "k", "")), g, 0, nil), 0)
	wantSet(t, "R attacks K", setAt(t, bin(query.OpAttacks, des(t, "R", ""), des(t, "K", "")), g, 0, nil), bb(t, "h1"))
	// Ke1's neighbours d1 d2 e2 f2 f1 are all empty: 5.
	if n, _ := numAt(t, un(query.OpCount, bin(query.OpAttackedBy, des(t, "_", ""), des(t, "K", ""))), g, 0, nil); n != 5 {
		t.Errorf("#(_ attackedby K) = %d, want 5", n)
	}

	// Pawns attack diagonally forward only: Pe4 attacks d5 f5, pd5 attacks c4 e4.
	g = fenGame(t, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
	wantSet(t, ". attackedby P", setAt(t, bin(query.OpAttackedBy, des(t, ".", ""), des(t, "P", "")), g, 0, nil), bb(t, "d5", "f5"))
	wantSet(t, "P attacks p", setAt(t, bin(query.OpAttacks, des(t, "P", ""), des(t, "p", "")), g, 0, nil), bb(t, "e4"))
	wantSet(t, "p attacks P", setAt(t, bin(query.OpAttacks, des(t, "p", ""), des(t, "P", "")), g, 0, nil), bb(t, "d5"))
	wantSet(t, ". attackedby p", setAt(t, bin(query.OpAttackedBy, des(t, ".", ""), des(t, "p", "")), g, 0, nil), bb(t, "c4", "e4"))

	// Pins are ignored: Be2 is pinned by re7 but still attacks a6 (d3 c4 b5 empty).
	g = fenGame(t, "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")
	wantSet(t, "B attacks a6", setAt(t, bin(query.OpAttacks, des(t, "B", ""), des(t, ".", "a6")), g, 0, nil), bb(t, "e2"))
	// Sliders stop at the first piece: re7 attacks e2 (e6..e3 empty) but not e1.
	wantSet(t, "e1-2 attackedby r", setAt(t, bin(query.OpAttackedBy, des(t, ".", "e1-2"), des(t, "r", "")), g, 0, nil), bb(t, "e2"))
}

func TestSetOperations(t *testing.T) {
	g := fenGame(t, seedFEN)
	// A | a is every piece: 8 pieces on the board.
	if n, _ := numAt(t, un(query.OpCount, bin(query.OpUnion, des(t, "A", ""), des(t, "a", ""))), g, 0, nil); n != 8 {
		t.Errorf("#(A|a) = %d, want 8", n)
	}
	// A & h1-8: Bh7 and Nh4.
	wantSet(t, "A & h1-8", setAt(t, bin(query.OpInter, des(t, "A", ""), des(t, ".", "h1-8")), g, 0, nil), bb(t, "h7", "h4"))
	// ~_ is every occupied square.
	if n, _ := numAt(t, un(query.OpCount, un(query.OpComplement, des(t, "_", ""))), g, 0, nil); n != 8 {
		t.Errorf("#~_ = %d, want 8", n)
	}
	// in: both rooks are on a-d; not all white pieces are.
	if !matchesAt(t, bin(query.OpIn, des(t, "R", ""), des(t, ".", "a-d1-8")), g, 0, nil) {
		t.Error("R in a-d1-8 did not match")
	}
	if matchesAt(t, bin(query.OpIn, des(t, "A", ""), des(t, ".", "a-d1-8")), g, 0, nil) {
		t.Error("A in a-d1-8 matched")
	}
	// Set equality: the white king is on f5; A == K is false (other white pieces).
	if !matchesAt(t, seteq(query.OpEq, des(t, "K", ""), des(t, ".", "f5")), g, 0, nil) {
		t.Error("K == f5 did not match")
	}
	if matchesAt(t, seteq(query.OpEq, des(t, "A", ""), des(t, "K", "")), g, 0, nil) {
		t.Error("A == K matched")
	}
	if !matchesAt(t, seteq(query.OpNe, des(t, "A", ""), des(t, "K", "")), g, 0, nil) {
		t.Error("A != K did not match")
	}
}

func TestNumbers(t *testing.T) {
	start := fenGame(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	// power A: 8 pawns + 2*3 + 2*3 + 2*5 + 9 = 39.
	if n, _ := numAt(t, un(query.OpPower, des(t, "A", "")), start, 0, nil); n != 39 {
		t.Errorf("power A = %d, want 39", n)
	}
	// power [Pp] = 16; kings count 0.
	if n, _ := numAt(t, un(query.OpPower, des(t, "Pp", "")), start, 0, nil); n != 16 {
		t.Errorf("power [Pp] = %d, want 16", n)
	}
	if n, _ := numAt(t, un(query.OpPower, des(t, "Kk", "")), start, 0, nil); n != 0 {
		t.Errorf("power [Kk] = %d, want 0", n)
	}
	// Chains: 2 < #P <= 8 holds with 8 pawns; 2 < #P < 8 does not.
	if !matchesAt(t, cmp(num(2), query.OpLt, un(query.OpCount, des(t, "P", "")), query.OpLe, num(8)), start, 0, nil) {
		t.Error("2 < #P <= 8 did not match")
	}
	if matchesAt(t, cmp(num(2), query.OpLt, un(query.OpCount, des(t, "P", "")), query.OpLt, num(8)), start, 0, nil) {
		t.Error("2 < #P < 8 matched")
	}
	// Arithmetic: (7 + 3*2 - 1) / 4 % 2 = 12/4 % 2 = 3 % 2 = 1; abs(-5) = 5.
	expr := bin(query.OpMod, bin(query.OpDiv, bin(query.OpSub, bin(query.OpAdd, num(7), bin(query.OpMul, num(3), num(2))), num(1)), num(4)), num(2))
	if n, ok := numAt(t, expr, start, 0, nil); n != 1 || !ok {
		t.Errorf("arithmetic = %d %v, want 1", n, ok)
	}
	if n, _ := numAt(t, un(query.OpAbs, un(query.OpNeg, num(5))), start, 0, nil); n != 5 {
		t.Errorf("abs -5 = %d", n)
	}
	// Division by zero has no value, so the filter does not match.
	if matchesAt(t, bin(query.OpDiv, num(1), num(0)), start, 0, nil) {
		t.Error("1/0 matched")
	}
	mm := &query.MinMax{Op: query.OpMax, Args: []query.Node{num(3), un(query.OpCount, des(t, "P", "")), num(-2)}}
	if n, _ := numAt(t, mm, start, 0, nil); n != 8 {
		t.Errorf("max(3 #P -2) = %d, want 8", n)
	}
	mm.Op = query.OpMin
	if n, _ := numAt(t, mm, start, 0, nil); n != -2 {
		t.Errorf("min(3 #P -2) = %d, want -2", n)
	}
	// The seed position: White has R R B N = 5+5+3+3 = 16, Black n q = 12.
	g := fenGame(t, seedFEN)
	pw := cmp(un(query.OpPower, des(t, "A", "")), query.OpGe, bin(query.OpAdd, un(query.OpPower, des(t, "a", "")), num(4)))
	if !matchesAt(t, pw, g, 0, nil) {
		t.Error("power A >= power a + 4 did not match")
	}
	pw = cmp(un(query.OpPower, des(t, "A", "")), query.OpGe, bin(query.OpAdd, un(query.OpPower, des(t, "a", "")), num(5)))
	if matchesAt(t, pw, g, 0, nil) {
		t.Error("power A >= power a + 5 matched")
	}
}

func TestCheckMateStalemate(t *testing.T) {
	cases := []struct {
		name, fen               string
		check, mate, stale, wtm bool
	}{
		// Fool's mate: Qh4 mates along h4-e1 (g3 f2 empty); the king has no flight.
		{"fool's mate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, true, false, true},
		// Kh8 is not attacked (Qf7 sees g8, g7, h7 on its lines, Kg6 sees
		// g7 h7); every flight square is covered: stalemate.
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, false, true, false},
		// Check that can be answered: Bb5+ against Ke8, ...c6 or ...Kf7 and more.
		{"check", "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3", true, false, false, false},
		{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, false, false, true},
	}
	for _, c := range cases {
		g := fenGame(t, c.fen)
		if got := matchesAt(t, kw(query.KwCheck), g, 0, nil); got != c.check {
			t.Errorf("%s: check = %v", c.name, got)
		}
		if got := matchesAt(t, kw(query.KwMate), g, 0, nil); got != c.mate {
			t.Errorf("%s: mate = %v", c.name, got)
		}
		if got := matchesAt(t, kw(query.KwStalemate), g, 0, nil); got != c.stale {
			t.Errorf("%s: stalemate = %v", c.name, got)
		}
		if got := matchesAt(t, kw(query.KwWtm), g, 0, nil); got != c.wtm {
			t.Errorf("%s: wtm = %v", c.name, got)
		}
		if got := matchesAt(t, kw(query.KwBtm), g, 0, nil); got == c.wtm {
			t.Errorf("%s: btm = %v", c.name, got)
		}
		want := -1
		if c.wtm {
			want = 1
		}
		if n, _ := numAt(t, kw(query.KwSideToMove), g, 0, nil); n != want {
			t.Errorf("%s: sidetomove = %d", c.name, n)
		}
	}
}

func TestSquareAll(t *testing.T) {
	// Black Kb8 is checked by Ra8; Rc1 does not attack b8 but sees c8.
	g := fenGame(t, "Rk6/8/8/8/8/8/8/2R3K1 b - - 0 1")
	s := &syms{}
	x := s.sym("x", query.VarSet)
	some := &query.Square{Var: x, In: des(t, "R", ""), Body: bin(query.OpAttacks, s.ref("x", query.VarSet), des(t, "k", ""))}
	wantSet(t, "square x in R x attacks k", setAt(t, some, g, 0, s), bb(t, "a8"))
	every := &query.Square{All: true, Var: x, In: des(t, "R", ""), Body: bin(query.OpAttacks, s.ref("x", query.VarSet), des(t, "k", ""))}
	if matchesAt(t, every, g, 0, s) {
		t.Error("square all x in R (x attacks k) matched")
	}
	every.Body = bin(query.OpAttacks, s.ref("x", query.VarSet), des(t, ".", "b8,c8"))
	if !matchesAt(t, every, g, 0, s) {
		t.Error("square all x in R (x attacks [b8,c8]) did not match")
	}
	// Over an empty set, square all matches (vacuous truth).
	every.In = des(t, "Q", "")
	if !matchesAt(t, every, g, 0, s) {
		t.Error("square all over an empty set did not match")
	}
}

// A short game for move filters: 1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5.
func scandinavian(t *testing.T) (g0 string, moves []string) {
	return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		[]string{"e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"}
}

func TestMoveFilter(t *testing.T) {
	fen, mv := scandinavian(t)
	g := lineGame(t, fen, mv...)
	// Node 2: after 1...d5, White plays exd5.
	played := &query.Move{Select: query.MovePlayed, Capture: des(t, "p", "")}
	wantSet(t, "move capture p @2", setAt(t, played, g, 2, nil), bb(t, "e4"))
	wantSet(t, "move capture p @1", setAt(t, played, g, 1, nil), 0) // 1...d5 captures nothing
	to := &query.Move{Select: query.MovePlayed, To: des(t, ".", ""), From: des(t, "P", ""), Value: query.MoveValueTo}
	wantSet(t, "move to . from P @2", setAt(t, to, g, 2, nil), bb(t, "d5"))
	// Previous, evaluated in the position before the move: at node 4 (after
	// 2...Qxd5) the previous move was the black queen from d8 taking Pd5.
	prev := &query.Move{Select: query.MovePrevious, From: des(t, "q", ""), Capture: des(t, "P", "")}
	wantSet(t, "move previous from q capture P @4", setAt(t, prev, g, 4, nil), bb(t, "d8"))
	wantSet(t, "move previous from q capture P @6", setAt(t, prev, g, 6, nil), 0) // Qa5 captures nothing
	// No previous move at the start.
	wantSet(t, "move previous @0", setAt(t, &query.Move{Select: query.MovePrevious}, g, 0, nil), 0)
	// Legal moves: 20 at the start; the knight from b1 reaches a3 and c3.
	cnt := &query.Move{Select: query.MoveLegal, Value: query.MoveValueCount}
	if n, _ := numAt(t, cnt, g, 0, nil); n != 20 {
		t.Errorf("move legal count @0 = %d, want 20", n)
	}
	nb1 := &query.Move{Select: query.MoveLegal, From: des(t, "N", "b1"), To: des(t, ".", ""), Value: query.MoveValueTo}
	wantSet(t, "move legal from Nb1 to .", setAt(t, nb1, g, 0, nil), bb(t, "a3", "c3"))
	// At node 2 the only legal capture of a black pawn is exd5.
	lc := &query.Move{Select: query.MoveLegal, Capture: des(t, "p", "")}
	wantSet(t, "move legal capture p @2", setAt(t, lc, g, 2, nil), bb(t, "e4"))
	// At the terminal node there is no played move.
	if matchesAt(t, &query.Move{Select: query.MovePlayed}, g, 6, nil) {
		t.Error("move matched at the last position")
	}
	// Standalone from/to: the move that led here (node 5: 3.Nc3).
	wantSet(t, "from @5", setAt(t, &query.FromTo{}, g, 5, nil), bb(t, "b1"))
	wantSet(t, "to @5", setAt(t, &query.FromTo{To: true}, g, 5, nil), bb(t, "c3"))
	wantSet(t, "to @0", setAt(t, &query.FromTo{To: true}, g, 0, nil), 0)
	// Game: positions where the next move captures: nodes 2 (exd5) and 3 (Qxd5).
	q := mustCompile(t, program(nil, &query.Move{Select: query.MovePlayed, Capture: des(t, ".", "")}))
	if got := q.NewEvaluator().Game(g); len(got) != 2 || got[0] != 2 || got[1] != 3 {
		t.Errorf("move capture . matches %v, want [2 3]", got)
	}
}

// A game with a double push, en passant, castling and a promotion:
// 1.e4 dxe3 e.p. 2.O-O e2 3.b8=Q+.
const specialFEN = "4k3/1P6/8/8/3p4/8/4P3/R3K2R w KQ - 0 1"

var specialMoves = []string{"e2e4", "d4e3", "e1g1", "e3e2", "b7b8q"}

func TestMoveSpecials(t *testing.T) {
	g := lineGame(t, specialFEN, specialMoves...)
	ep := &query.Move{Select: query.MovePrevious, EnPassant: true, Capture: des(t, "P", "")}
	// The en-passant capture removes the pawn on e4, not on e3.
	wantSet(t, "move previous enpassant capture P @2", setAt(t, ep, g, 2, nil), bb(t, "d4"))
	if matchesAt(t, &query.Move{Select: query.MovePrevious, Capture: des(t, ".", "e3")}, g, 2, nil) {
		t.Error("en passant captured on e3")
	}
	oo := &query.Move{Select: query.MovePrevious, OO: true, To: des(t, ".", ""), Value: query.MoveValueTo}
	wantSet(t, "move previous o-o to . @3", setAt(t, oo, g, 3, nil), bb(t, "g1"))
	if matchesAt(t, &query.Move{Select: query.MovePrevious, OOO: true}, g, 3, nil) {
		t.Error("o-o-o matched a short castle")
	}
	if !matchesAt(t, &query.Move{Select: query.MovePrevious, Castle: true}, g, 3, nil) {
		t.Error("castle did not match")
	}
	// Before castling, both castles are legal from e1 (f1 g1 and b1 c1 d1 empty).
	lc := &query.Move{Select: query.MoveLegal, Castle: true, To: des(t, ".", ""), Value: query.MoveValueTo}
	wantSet(t, "move legal castle to . @2", setAt(t, lc, g, 2, nil), bb(t, "g1", "c1"))
	promo := &query.Move{Select: query.MovePlayed, Promote: 1 << query.WhiteQueen}
	wantSet(t, "move promote Q @4", setAt(t, promo, g, 4, nil), bb(t, "b7"))
	promo.Promote = 1 << query.BlackKnight // promote takes types; colour does not matter
	if matchesAt(t, promo, g, 4, nil) {
		t.Error("move promote n matched a queen promotion")
	}
	// The last position is check.
	if !matchesAt(t, kw(query.KwCheck), g, 5, nil) {
		t.Error("b8=Q is not check")
	}
}

func TestPieceIdentity(t *testing.T) {
	g := lineGame(t, specialFEN, specialMoves...)
	tabs := make([]idTable, len(g.Nodes))
	done := make([]bool, len(g.Nodes))
	buildIdentities(g, tabs, done)
	// Start numbering in square order: Ra1 1, Ke1 2, Rh1 3, Pe2 4, pd4 5, Pb7 6, ke8 7.
	where := func(node int, id uint8) string {
		s, ok := tabs[node].squareOf(id)
		if !ok {
			return "-"
		}
		return s.String()
	}
	checks := []struct {
		node int
		id   uint8
		want string
	}{
		{0, 4, "e2"}, {1, 4, "e4"}, {2, 4, "-"}, {2, 5, "e3"}, // e.p. removes Pe4
		{3, 2, "g1"}, {3, 3, "f1"}, {3, 1, "a1"}, // castling moves king and rook
		{4, 5, "e2"}, {5, 6, "b8"}, {5, 7, "e8"}, // the promoted queen keeps the pawn's id
	}
	for _, c := range checks {
		if got := where(c.node, c.id); got != c.want {
			t.Errorf("node %d: piece %d on %s, want %s", c.node, c.id, got, c.want)
		}
	}

	// As a query: `if initial then x = Pb7` binds the pawn; `x == b8` holds
	// once that pawn has become the queen on b8, i.e. at the last node only.
	s := &syms{}
	xs := s.sym("x", query.VarPiece)
	prog := program(s,
		&query.If{Cond: kw(query.KwInitial), Then: &query.Assign{Op: query.OpAssign, Sym: xs, Value: des(t, "P", "b7"), Decl: true}},
		seteq(query.OpEq, s.ref("x", query.VarPiece), des(t, ".", "b8")),
	)
	q := mustCompile(t, prog)
	if got := q.NewEvaluator().Game(g); len(got) != 1 || got[0] != 5 {
		t.Errorf("piece followed to b8 matches %v, want [5]", got)
	}

	// piece x in [Pp] { x attacks ... }: at node 1 (after e4) the pawn pd4
	// attacks e3 and c3; only it, among pawns, attacks e3.
	s = &syms{}
	it := &query.Square{Piece: true, Var: s.sym("y", query.VarPiece), In: des(t, "Pp", ""),
		Body: bin(query.OpAttacks, s.ref("y", query.VarPiece), des(t, ".", "e3"))}
	wantSet(t, "piece y in [Pp] y attacks e3 @1", setAt(t, it, g, 1, s), bb(t, "d4"))
}

func TestVariablesAndIf(t *testing.T) {
	fen, mv := scandinavian(t)
	g := lineGame(t, fen, mv...)
	s := &syms{}
	n := s.sym("n", query.VarNumber)
	// n counts the positions seen so far in the game: n = 0 at the start,
	// then n += 1 everywhere; matching when n == 3 picks node 3.
	prog := program(s,
		&query.If{Cond: kw(query.KwInitial), Then: &query.Assign{Op: query.OpAssign, Sym: n, Value: num(0), Decl: true},
			Else: &query.Assign{Op: query.OpAddAssign, Sym: n, Value: num(1)}},
		cmp(s.ref("n", query.VarNumber), query.OpEq, num(3)),
	)
	q := mustCompile(t, prog)
	e := q.NewEvaluator()
	if got := e.Game(g); len(got) != 1 || got[0] != 3 {
		t.Errorf("counter matches %v, want [3]", got)
	}
	// Variables are reset per game: the same result the second time.
	if got := e.Game(g); len(got) != 1 || got[0] != 3 {
		t.Errorf("second game: counter matches %v, want [3]", got)
	}
	// ply and movenumber: node 5 (after 3.Nc3) is ply 5, move number 3.
	if v, _ := numAt(t, kw(query.KwPly), g, 5, nil); v != 5 {
		t.Errorf("ply = %d", v)
	}
	if v, _ := numAt(t, kw(query.KwMoveNumber), g, 5, nil); v != 3 {
		t.Errorf("movenumber = %d", v)
	}
	if !matchesAt(t, kw(query.KwTerminal), g, 6, nil) || matchesAt(t, kw(query.KwTerminal), g, 5, nil) {
		t.Error("terminal wrong")
	}
	if !matchesAt(t, kw(query.KwInitial), g, 0, nil) || matchesAt(t, kw(query.KwInitial), g, 1, nil) {
		t.Error("initial wrong")
	}
}

func TestGameInfo(t *testing.T) {
	g := fenGame(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	g.Number = 42
	g.Tags = []pgn.Tag{{Name: "Event", Value: "Baden-Baden 1925"}, {Name: "Site", Value: "Baden-Baden"}, {Name: "Date", Value: "1925.04.16"},
		{Name: "White", Value: "Alekhine, Alexander"}, {Name: "Black", Value: "Treybal, Karel"}, {Name: "Result", Value: "1-0"},
		{Name: "WhiteElo", Value: "2700"}, {Name: "ECO", Value: "C13"}}
	yes := []query.Node{
		&query.Result{Value: "1-0"},
		&query.Player{Color: query.ColorWhite, Match: ptr("Alekhine"), T: query.TypeNone},
		&query.Player{Color: query.ColorAny, Match: ptr("Treybal"), T: query.TypeNone},
		bin(query.OpIn, &query.StringLit{Value: "Baden"}, kw(query.KwEvent)),
		bin(query.OpIn, &query.StringLit{Value: "C1"}, kw(query.KwEco)),
		bin(query.OpIn, &query.StringLit{Value: "Baden"}, &query.Tag{Name: "Site"}),
		cmp(kw(query.KwYear), query.OpEq, num(1925)),
		cmp(&query.Elo{Color: query.ColorWhite}, query.OpGe, num(2700)),
		cmp(kw(query.KwGameNumber), query.OpEq, num(42)),
		&query.Compare{Operands: []query.Node{kw(query.KwDate), &query.StringLit{Value: "1925.04.16"}},
			Links: []query.CompareLink{{Op: query.OpEq, Mode: query.CompareString}}},
	}
	for i, f := range yes {
		if !matchesAt(t, f, g, 0, nil) {
			t.Errorf("filter %d (%T) did not match", i, f)
		}
	}
	no := []query.Node{
		&query.Result{Value: "0-1"},
		&query.Player{Color: query.ColorBlack, Match: ptr("Alekhine"), T: query.TypeNone},
		&query.Elo{Color: query.ColorBlack}, // no BlackElo tag: no value
		bin(query.OpIn, &query.StringLit{Value: ""}, &query.Tag{Name: "Annotator"}),
	}
	for i, f := range no {
		if matchesAt(t, f, g, 0, nil) {
			t.Errorf("filter %d (%T) matched", i, f)
		}
	}
}

func ptr(s string) *string { return &s }

// TestDirections checks the direction filters on hand-counted sets.
func TestDirections(t *testing.T) {
	g := fenGame(t, seedFEN)
	up := &query.Dir{Dir: query.DirUp, Range: query.Range{Min: 1, Max: 7}, X: des(t, ".", "e5")}
	wantSet(t, "up e5", setAt(t, up, g, 0, nil), bb(t, "e6", "e7", "e8"))
	ne := &query.Dir{Dir: query.DirNortheast, Range: query.Range{Min: 1, Max: 2}, X: des(t, ".", "g6")}
	wantSet(t, "northeast 1 2 g6", setAt(t, ne, g, 0, nil), bb(t, "h7"))
	diag := &query.Dir{Dir: query.DirDiagonal, Range: query.Range{Min: 1, Max: 1}, X: des(t, ".", "a1")}
	wantSet(t, "diagonal 1 a1", setAt(t, diag, g, 0, nil), bb(t, "b2"))
	orth := &query.Dir{Dir: query.DirOrthogonal, Range: query.Range{Min: 0, Max: 1}, X: des(t, ".", "h8")}
	wantSet(t, "orthogonal 0 1 h8", setAt(t, orth, g, 0, nil), bb(t, "h8", "g8", "h7"))
}

// Silence unused warnings for helpers only some tests use.
var _ = chess.NoSquare

// TestSeedParsed runs the seed's example through the parser: {h3, h7}.
// Spelled without braces, the loop's body is `R attacks x` alone and x is
// unbound after it: CQL 9.493 stops ("attempt to access unbound square
// variable: x"), and so does the run (issue 38).
func TestSeedParsed(t *testing.T) {
	g := fenGame(t, seedFEN)
	bare := compileText(t, "square x in h1-8 R attacks x x attacks K").NewEvaluator()
	bare.Game(g)
	if err := bare.Err(); err == nil || !strings.Contains(err.Error(), "query 1:30: the square variable 'x' has no value here") {
		t.Errorf("brace-less seed: error %v, want the unbound x at 1:30", err)
	}
	for _, src := range []string{
		"square x in h1-8 {R attacks x x attacks K}",
		"square x in h1-8 {R attacks x\n  x attacks K}",
	} {
		p, err := query.Parse("", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		q := mustCompile(t, p)
		sn, ok := q.body.(setNode)
		if !ok {
			t.Fatalf("%s: body %T is not a set filter", src, q.body)
		}
		e := q.NewEvaluator()
		e.startGame(g)
		e.at(0)
		wantSet(t, src, sn.set(e), bb(t, "h3", "h7"))
	}
}

// TestParsedQueries checks parsed programs on hand-checked positions.
func TestParsedQueries(t *testing.T) {
	cases := []struct {
		fen, cql string
		want     bool
	}{
		// Seed position: 2 white rooks, 1 black queen; A == K fails (other white pieces).
		{seedFEN, "#R == 2", true},
		{seedFEN, "A == K", false},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "A == K", true},
		// 1 < #A <= 5: five white pieces.
		{seedFEN, "1 < #A <= 5", true},
		{seedFEN, "1 < #A < 5", false},
		// White to move and in double check: qh3 (over g4) and nh6 both reach f5.
		{seedFEN, "wtm check", true},
		// White pieces under attack: Ra7 (by kb8), Rd3 (qh3 along the third
		// rank over g3 f3 e3), Kf5 (q and n), Nh4 (qh3 next to it).
		{seedFEN, "A attackedby a == [a7,d3,f5,h4]", true},
		{seedFEN, "#(a attacks K) == 2", true},
		// flipcolor: Black's q h3 attacks Kf5 (via g4), so `flipcolor {a attacks K}` holds;
		// `a attacks K` alone also holds; `A attacks k` does not (nothing reaches b8).
		{seedFEN, "A attacks k", false},
		{seedFEN, "flipcolor {A attacks k}", true},
		// Every square around the white king f5: e4 e5 e6 f4 f6 g4 g5 g6, all empty.
		{seedFEN, "_ attackedby K == 8", true},
		// # takes the whole attackedby (the manual's precedence table).
		{seedFEN, "#_ attackedby K == 8", true},
		// Unary minus binds tighter than + (precedence table): (-2)+3 == 1.
		{seedFEN, "x = 2 (-x + 3 == 1)", true},
		{seedFEN, "x = 2 (-x * 3 == -6)", true},
		// square all: every white rook attacks some h-file square.
		{seedFEN, "square all x in R x attacks h1-8", true},
		{seedFEN, "square all x in A x attacks h1-8", false},
		// The same in CQL 6.2's quantifier symbols, and $ variable names.
		{seedFEN, "∀x∊R x attacks h1-8", true},
		{seedFEN, "∀◭x∊R x → h1-8", true},
		{seedFEN, "∀x∊△ x attacks h1-8", false},
		{seedFEN, "(x∊h1-8 {♖ → x  x → ♔}) == [h3,h7]", true},
		// Pieces attacking f5: qh3 (over g4) and nh6 give the double check, Bh7 (over g6) and
		// Nh4 defend the king (attacks counts own pieces' squares too).
		{seedFEN, "(◭x∊[Aa] x → ♔) == [h3,h6,h7,h4]", true},
		{seedFEN, "$w = power A  $w * 2 - 2 == 30", true},
		// Variables: w = power of white (R R B N = 16), then arithmetic.
		{seedFEN, "w = power A  w * 2 - 2 == 30", true},
		{seedFEN, "if btm then false else true", true},
		// Legal moves in double check are king moves only: from f5, e6 stays on
		// the queen's diagonal and g4 is attacked by q and n; e4 e5 f4 f6 g5 g6
		// are free: 6 moves, none by the knight h4.
		{seedFEN, "move legal count == 6", true},
		{seedFEN, "move legal from Nh4 count == 0", true},
		// The first parameter decides the value (legal first makes it logical, as in CQL).
		{seedFEN, "move from K legal to . == [e4,e5,f4,f6,g5,g6]", false}, // value is from squares: {f5}
		{seedFEN, "move to . legal from K == [e4,e5,f4,f6,g5,g6]", true},
		{seedFEN, "move from K legal == f5", true},
		// A set-up position with the side not to move in check (black, by Re7) is evaluated:
		// check is about the side to move (white, not in check); Re7 attacks e8; the rook has
		// 12 moves and Rxe8 is none of them.
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "check", false},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "R attacks k", true},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "move legal from R count == 12", true},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "move legal to e8 count == 0", true},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "flipcolor {btm a attacks K}", true},
	}
	for _, c := range cases {
		p, err := query.Parse("", []byte(c.cql))
		if err != nil {
			t.Fatalf("%s: %v", c.cql, err)
		}
		q := mustCompile(t, p)
		got := len(q.NewEvaluator().Game(fenGame(t, c.fen))) == 1
		if got != c.want {
			t.Errorf("%s on %s: matched %v, want %v", c.cql, c.fen, got, c.want)
		}
	}
}

// TestAttackStrategies checks that attacking and attackedBy, which walk
// whichever side is cheaper, agree with the manual's definitions on the
// positions of real games and random square sets.
func TestAttackStrategies(t *testing.T) {
	games := loadGames(t, "masters-10k.pgn", 30, false)
	rng := uint64(0x9E3779B97F4A7C15)
	next := func() chess.Bitboard {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return chess.Bitboard(rng)
	}
	e := mustCompile(t, program(nil, kw(query.KwCheck))).NewEvaluator()
	for _, g := range games {
		e.startGame(g)
		for i := range g.Nodes {
			e.at(int32(i))
			pos := e.pos
			occ := pos.Occupied()
			for k := 0; k < 8; k++ {
				x, y := next(), next()
				switch k % 4 {
				case 1:
					a := next()
					y &= a & next() // sparse targets
				case 2:
					x = occ
				case 3:
					y = chess.SquareBB(chess.Square(rng % 64))
				}
				var want chess.Bitboard
				for b := x & occ; b != 0; {
					s := b.PopFirst()
					if pos.AttacksFrom(s)&y != 0 {
						want |= chess.SquareBB(s)
					}
				}
				if got := attacking(e, x&occ, y); got != want {
					t.Fatalf("%s: %v attacks %v = %v, want %v", pos.FEN(), x, y, got, want)
				}
				var hit chess.Bitboard
				for b := y & occ; b != 0; {
					hit |= pos.AttacksFrom(b.PopFirst())
				}
				if got := attackedBy(e, x, y); got != x&hit {
					t.Fatalf("%s: %v attackedby %v = %v, want %v", pos.FEN(), x, y, got, x&hit)
				}
			}
		}
	}
}

// TestLine runs line patterns on 1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5 (nodes 0-6;
// White to move at even nodes; the moves from nodes 2 and 3 capture).
func TestLine(t *testing.T) {
	fen, mv := scandinavian(t)
	g := lineGame(t, fen, mv...)
	cases := []struct {
		cql  string
		want []int32
	}{
		// Three successive positions alternating sides: from 0, 2 and 4.
		{"line --> wtm --> btm --> wtm", []int32{0, 2, 4}},
		// Two captures in a row start at node 2 only.
		{"line --> move capture . --> move capture .", []int32{2}},
		// No checks in the game: only the last position reaches terminal.
		{"line --> check* --> terminal", []int32{6}},
		// Backward: a black-to-move position preceded by a white-to-move one.
		{"line <-- btm <-- wtm", []int32{1, 3, 5}},
		// A group repeated to the end: pairs of (wtm, btm) then the terminal position.
		{"line --> (wtm --> btm)+ --> terminal", []int32{0, 2, 4}},
		// The value is the longest run: 7 positions from node 0.
		{"n7 = line --> (wtm --> btm)+ --> terminal  n7 == 7", []int32{0}},
	}
	for _, c := range cases {
		p, err := query.Parse("", []byte(c.cql))
		if err != nil {
			t.Fatalf("%s: %v", c.cql, err)
		}
		got := mustCompile(t, p).NewEvaluator().Game(g)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: matches %v, want %v", c.cql, got, c.want)
		}
	}
}

// variationGame is 1.e4 (1.d4 d5) e5: node 1 is 1.e4, node 2 the variation
// 1.d4, node 3 its reply 1...d5, node 4 the main line 1...e5.
func variationGame(t *testing.T) *pgn.Game {
	start := chess.StartPosition()
	g := &pgn.Game{Number: 1}
	add := func(parent int32, uci string, variation bool) int32 {
		pos := g.Nodes[parent].Pos
		m := findMove(t, &pos, uci)
		pos.Play(m)
		i := int32(len(g.Nodes))
		g.Nodes = append(g.Nodes, pgn.Node{Pos: pos, Move: m, Parent: parent, FirstChild: -1, NextSibling: -1,
			Ply: g.Nodes[parent].Ply + 1, Variation: variation})
		p := &g.Nodes[parent]
		if p.FirstChild < 0 {
			p.FirstChild = i
		} else {
			c := p.FirstChild
			for g.Nodes[c].NextSibling >= 0 {
				c = g.Nodes[c].NextSibling
			}
			g.Nodes[c].NextSibling = i
		}
		return i
	}
	g.Nodes = append(g.Nodes, pgn.Node{Pos: start, Parent: -1, FirstChild: -1, NextSibling: -1})
	e4 := add(0, "e2e4", false)
	d4 := add(0, "d2d4", true)
	add(d4, "d7d5", true)
	add(e4, "e7e5", false)
	return g
}

func TestVariationsAndSort(t *testing.T) {
	g := variationGame(t)
	cases := []struct {
		cql  string
		want string
	}{
		{"ply == 1", "[1]"},
		{"cql(variations) ply == 1", "[1 2]"},
		{"move from P to d4", "[]"}, // 1.d4 is only a variation
		{"cql(variations) move from P to d4", "[0]"},
		{"cql(variations) variation", "[2 3]"},
		{"cql(variations) mainline", "[0 1 4]"},
		{"cql(variations) terminal", "[3 4]"},
		{"terminal", "[4]"},
		// find: this position or a later one on the line was reached by ...e5.
		{"find move previous to e5", "[0 1 4]"},
		// find all counts: Black is to move only at node 1 of the main line.
		{"cnt = find all btm  cnt == 1", "[0 1]"},
		// find all is CQL's range 1 to 1000000 (node-parse.cpp): it fails where
		// nothing is found, so after node 1 there is no match.
		{"find all btm", "[0 1]"},
		// With a range, find is numeric (CQL's FindNode::isNumeric): its value
		// is the count, usable in arithmetic and sort.
		{"(find 1 5 btm) + 1 == 2", "[0 1]"},
		{"not find all btm", "[4]"},
		// A numeric comparison has its left side's value when it holds (CQL's
		// RelationalNode::match_count): 8 white pawns, at least 3.
		{"(#P >= 3) == 8 ply == 0", "[0]"},
		{"x = {check ply >= 0} x == 0", "[]"},
		{"x = {ply >= 0} x == 1", "[1]"},
	}
	for _, c := range cases {
		p, err := query.Parse("", []byte(c.cql))
		if err != nil {
			t.Fatalf("%s: %v", c.cql, err)
		}
		if got := fmt.Sprint(mustCompile(t, p).NewEvaluator().Game(g)); got != c.want {
			t.Errorf("%s: matches %s, want %s", c.cql, got, c.want)
		}
	}

	// sort keeps the largest value over the matching positions: #P over
	// positions where White has 8 pawns is 8; ply over all is 2.
	p, err := query.Parse("", []byte(`sort "ply" ply`))
	if err != nil {
		t.Fatal(err)
	}
	q := mustCompile(t, p)
	e := q.NewEvaluator()
	e.Game(g)
	if len(q.Sorts()) != 1 || q.Sorts()[0].Label != "ply" {
		t.Fatalf("sorts = %+v", q.Sorts())
	}
	if v, ok := e.SortValue(0); !ok || v != 2 {
		t.Errorf("sort ply = %d %v, want 2", v, ok)
	}
}

func TestHeaderHelpers(t *testing.T) {
	p, err := query.Parse("", []byte("cql(matchcount 2 3 gamenumber 5 9 result 1-0) check"))
	if err != nil {
		t.Fatal(err)
	}
	q := mustCompile(t, p)
	for n, want := range map[int]bool{0: false, 1: false, 2: true, 3: true, 4: false} {
		if q.MatchCountOK(n) != want {
			t.Errorf("matchcount 2 3: MatchCountOK(%d) = %v", n, !want)
		}
	}
	g := &pgn.Game{Number: 5, Tags: []pgn.Tag{{Name: "Result", Value: "1-0"}}}
	if !q.Selected(g) {
		t.Error("game 5, 1-0 not selected")
	}
	g.Number = 10
	if q.Selected(g) {
		t.Error("game 10 selected")
	}
	g.Number, g.Tags[0].Value = 6, "0-1"
	if q.Selected(g) {
		t.Error("0-1 selected")
	}
	plain := mustCompile(t, program(nil, kw(query.KwCheck)))
	if plain.MatchCountOK(0) || !plain.MatchCountOK(1) || !plain.Selected(g) {
		t.Error("defaults wrong")
	}
}
