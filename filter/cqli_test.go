package filter

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// valuesAt evaluates src at every node of g and returns each value as text
// ("-" where it has none): numbers in decimal, strings as they are, sets as
// their squares, logical filters as true or false.
func valuesAt(t *testing.T, src string, g *pgn.Game) []string {
	t.Helper()
	q := compileSrc(t, src)
	e := q.NewEvaluator()
	e.startGame(g)
	var out []string
	for i := range g.Nodes {
		e.at(int32(i))
		v := "-"
		switch n := q.body.(type) {
		case numNode:
			if x, ok := n.num(e); ok {
				v = fmt.Sprint(x)
			}
		case strNode:
			if x, ok := n.str(e); ok {
				v = x
			}
		case setNode:
			v = n.set(e).String()
		default:
			v = fmt.Sprint(q.body.match(e))
		}
		out = append(out, v)
	}
	return out
}

func wantValues(t *testing.T, src string, g *pgn.Game, want ...string) {
	t.Helper()
	got := valuesAt(t, src, g)
	if len(got) != len(want) {
		t.Fatalf("%s: %d values %q, want %d %q", src, len(got), got, len(want), want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s at node %d: got %q, want %q", src, i, got[i], want[i])
		}
	}
}

// TestZobristKeyIsPolyglots: zobristkey is the key of Polyglot's book format
// (book_format.html, "key"), checked against the keys that document lists
// for its example positions, which cover the en passant file (taken only
// when a pawn can capture), the castling rights and the side to move.
func TestZobristKeyIsPolyglots(t *testing.T) {
	for _, c := range []struct {
		moves []string
		key   uint64
	}{
		{nil, 0x463b96181691fc9c},
		{[]string{"e2e4"}, 0x823c9b50fd114196},
		{[]string{"e2e4", "d7d5"}, 0x0756b94461c50fb0},
		{[]string{"e2e4", "d7d5", "e4e5"}, 0x662fafb965db29d4},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5"}, 0x22a48b5a8e47ff78},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}, 0x652a607ca3f242c1},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}, 0x00fdd303c946bdd9},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}, 0x3c8123ea7b067637},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}, 0x5c3f9b829b279560},
	} {
		g := lineGame(t, startFEN, c.moves...)
		got := valuesAt(t, "zobristkey", g)
		if want := fmt.Sprint(int64(c.key)); got[len(got)-1] != want {
			t.Errorf("after %v: zobristkey %s, want %s (0x%016x)", c.moves, got[len(got)-1], want, c.key)
		}
	}
}

// TestHalfmoveClock: the halfmoves since the last capture or pawn move,
// starting from a FEN's fifth field.
func TestHalfmoveClock(t *testing.T) {
	g := lineGame(t, startFEN, "g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "b8c6", "f1b5", "c6d4", "b5d7")
	wantValues(t, "halfmoveclock", g, "0", "1", "2", "3", "4", "0", "1", "2", "3", "0")
	g = lineGame(t, "4k3/8/8/8/8/8/4P3/4K2R w K - 37 60", "h1h2", "e8d7", "e2e4")
	wantValues(t, "halfmoveclock", g, "37", "38", "39", "0")
	// the benchmark's script
	wantValues(t, "halfmoveclock >= 38", g, "-", "38", "39", "-")
}

// TestCurrentFenAndStandardFen: both are the six fields of the position's
// FEN; currentfen writes the en passant square only where a pawn of the
// side to move stands beside the pawn that made the double step,
// standardfen (the PGN standard's rule) after every double step.
func TestCurrentFenAndStandardFen(t *testing.T) {
	g := lineGame(t, startFEN, "e2e4", "d7d5", "e4e5", "f7f5", "e1e2")
	wantValues(t, "currentfen", g,
		startFEN,
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3")
	wantValues(t, "standardfen", g,
		startFEN,
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
		"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3")
	// The benchmark's script asks for K, R, k and r in that order of the FEN
	// (rank 8 first): the whole FEN matches (greedy .* at both ends).
	g = lineGame(t, "K6R/8/8/8/8/8/8/k6r w - - 0 1", "h8h7", "h1h7")
	wantValues(t, `currentfen ~~ ".*K.*R.*k.*r.*"`, g,
		"K6R/8/8/8/8/8/8/k6r w - - 0 1", "K7/7R/8/8/8/8/8/k6r b - - 1 1", "-")
	wantValues(t, `standardfen ~~ "K.*R"`, g, "K6R", "K7/7R", "-")
	wantValues(t, `currentfen ~~ ".*K.*R.*k.*r.*"`, lineGame(t, startFEN), "-")
	// string functions take them as strings
	wantValues(t, `s = uppercase(currentfen) s ~~ "W KQKQ - 0 1"`, lineGame(t, startFEN), "W KQKQ - 0 1")
	wantValues(t, `s = lowercase(standardfen) s ~~ "b kqkq e3 0 1"`, lineGame(t, startFEN, "e2e4"), "-", "b kqkq e3 0 1")
}

// TestPromotedPieces: the squares of pieces that were pawns, followed as
// they move and dropped when taken; nothing of a FEN start counts.
func TestPromotedPieces(t *testing.T) {
	g := lineGame(t, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "e8d7", "a8a4", "d7d6")
	wantValues(t, "promotedpieces", g, "{}", "{a8}", "{a8}", "{a4}", "{a4}")
	// taking a promoted piece removes it; an underpromotion by capture counts
	g = lineGame(t, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8n", "e8d7", "a8c7", "d7c7")
	wantValues(t, "promotedpieces", g, "{}", "{a8}", "{a8}", "{c7}", "{}")
	g = lineGame(t, "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1r", "e1d2", "a1a8")
	wantValues(t, "promotedpieces", g, "{}", "{a1}", "{a1}", "{a8}")
	wantValues(t, "#promotedpieces >= 1", g, "-", "1", "1", "1")
	wantValues(t, "Q & promotedpieces", lineGame(t, startFEN), "{}")
}

// TestLegalAndReachablePosition on positions checked by hand. (A FEN with
// no king, two kings or a pawn on the first or last rank is not read at all:
// chess.ParseFEN refuses it, so no position of a game is such.)
func TestLegalAndReachablePosition(t *testing.T) {
	for _, c := range []struct {
		fen              string
		legal, reachable bool
		why              string
	}{
		{startFEN, true, true, "the start"},
		{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", false, false, "Black, not to move, is in check"},
		{"3k4/8/8/8/8/8/8/R2QK2R b - - 0 1", true, true, "Black in check from the queen"},
		{"4k3/8/8/8/8/8/8/R3K1BR b - - 0 1", true, true, "Black not in check"},
		{"3k4/8/8/8/7B/8/8/K2R4 b - - 0 1", true, true, "a double check by a bishop and a rook (a discovered check)"},
		{"4k3/5P2/3N4/8/8/8/8/4K3 b - - 0 1", true, false, "a double check by a knight and a pawn, which no move gives"},
		{"4k3/8/8/8/8/NNN5/PPPPPPPP/4K3 w - - 0 1", true, false, "a third knight with all eight pawns on the board"},
		{"4k3/8/8/8/8/NNN5/PPPPPPP1/4K3 w - - 0 1", true, true, "a third knight, one pawn missing"},
		{"4k3/8/8/8/8/8/PPPPPPPP/2B1KBB1 w - - 0 1", true, false, "a second dark-squared bishop (c1, g1) with all eight pawns"},
		{"rnbqkbnr/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w KQkq - 0 1", true, false, "doubled a-pawns, no black man taken"},
		{"r1bqkbnr/pppppppp/8/8/8/P7/P1PPPPPP/RNBQKBNR w KQkq - 0 1", true, true, "doubled a-pawns, a black knight taken"},
		{"QQQQQQQQ/QQ6/8/8/8/8/7k/K7 b - - 0 1", true, false, "ten queens, Black in check from h8 and b8"},
		{"4R3/8/8/R3k3/8/8/8/B6K b - - 0 1", false, false, "Black in check from three pieces (e8, a5, a1)"},
		{"1k6/8/8/8/8/8/QQQQQQQQ/QQ5K b - - 0 1", true, false, "ten queens: nine promoted from eight pawns"},
		{"1k6/8/8/8/8/8/QQQQQQQQ/Q6K b - - 0 1", true, true, "nine queens: eight promoted"},
	} {
		g := fenGame(t, c.fen)
		if got := valuesAt(t, "legalposition", g)[0]; got != fmt.Sprint(c.legal) {
			t.Errorf("%s (%s): legalposition %s, want %v", c.fen, c.why, got, c.legal)
		}
		if got := valuesAt(t, "reachableposition", g)[0]; got != fmt.Sprint(c.reachable) {
			t.Errorf("%s (%s): reachableposition %s, want %v", c.fen, c.why, got, c.reachable)
		}
	}
}

// TestPawnCapturesWithin: on random pawn sets, pawnCapturesWithin (the ordered matching
// first) says yes exactly when the cheapest of every assignment (anyCaptures) is within the
// limit: black pawns e4, e5, e7 need two captures (e5 from d7, e4 from f7), which no
// matching in file order finds.
func TestPawnCapturesWithin(t *testing.T) {
	if pawnCapturesWithin(chess.Black, bb(t, "e4", "e5", "e7"), 1) || !pawnCapturesWithin(chess.Black, bb(t, "e4", "e5", "e7"), 2) {
		t.Errorf("black pawns e4, e5, e7: want two captures exactly")
	}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 20000; i++ {
		var pawns chess.Bitboard
		for k := rng.Intn(9); k > 0; k-- {
			pawns |= chess.SquareBB(chess.SquareAt(rng.Intn(8), 1+rng.Intn(6)))
		}
		c := chess.Color(rng.Intn(2))
		limit := rng.Intn(9)
		var file, reach []int
		for f := 0; f < 8; f++ {
			for b := pawns & chess.FileBB(f); b != 0; {
				s := b.PopFirst()
				file = append(file, f)
				if c == chess.White {
					reach = append(reach, s.Rank()-1)
				} else {
					reach = append(reach, 6-s.Rank())
				}
			}
		}
		want := len(file) == 0 || anyCaptures(file, reach) <= limit
		if got := pawnCapturesWithin(c, pawns, limit); got != want {
			t.Fatalf("%v pawns %v, limit %d: pawnCapturesWithin %v, want %v", c, pawns, limit, got, want)
		}
	}
}

// TestNamedCaptures: CQLi's \{name} and \-{name} are the group of that name in the pattern
// of the last successful ~~, as \N and \-N are the numbered ones.
func TestNamedCaptures(t *testing.T) {
	g := lineGame(t, startFEN, "e2e4")
	wantValues(t, `currentfen ~~ " (?P<side>[wb]) (?P<castle>\S+) " \{castle}`, g, "KQkq", "KQkq")
	wantValues(t, `currentfen ~~ " (?<side>[wb]) " \{side}`, g, "w", "b")
	wantValues(t, `currentfen ~~ " (?P<side>[wb]) " \-{side}`, g, "44", "46") // the board is 43 and 45 characters long
	wantValues(t, `currentfen ~~ " (?P<side>[wb]) " \{nosuch}`, g, "-", "-")
	wantValues(t, `standardfen ~~ ".*e3.*" \{side}`, g, "-", "-")
}

// TestPatternFromAStringFilter: CQLi 1.0.7's `X ~~ Y` with Y a string filter: the pattern is
// Y's value where ~~ is evaluated; one that is no regular expression stops the run.
func TestPatternFromAStringFilter(t *testing.T) {
	g := lineGame(t, startFEN, "e2e4")
	wantValues(t, `pat = " [wb] " currentfen ~~ pat`, g, " w ", " b ")
	wantValues(t, `pat = "e3" if wtm pat = "KQ" standardfen ~~ pat`, g, "KQ", "e3")
	wantValues(t, `currentfen ~~ ("K" + "Q")`, g, "KQ", "KQ")
	q := compileSrc(t, `pat = "(" currentfen ~~ pat`)
	e := q.NewEvaluator()
	e.Game(g)
	if err := e.Err(); err == nil || !strings.Contains(err.Error(), "is not a regular expression") {
		t.Errorf("pattern \"(\": error %v, want one saying it is not a regular expression", err)
	}
}
