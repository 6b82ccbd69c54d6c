package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/query"
)

// TestSpeculativeMove: CQLi's `move legal ... : F` keeps the legal moves after which F
// matches the position; with all, whether F matched after every move considered.
func TestSpeculativeMove(t *testing.T) {
	// Before 4.Qxf7#: the only mating move is the queen's from h5 (to f7).
	g := lineGame(t, startFEN, "e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6")
	wantLast(t, "move from . legal : mate", g, "{h5}")
	wantLast(t, "move to . legal : mate", g, "{f7}")
	wantLast(t, "move count legal : mate", g, "1")
	wantLast(t, "move count legal : check", g, "3") // Qxf7#, Bxf7+ and Qxe5+ (the e-file is open)
	// The start position: none of White's 20 moves gives check.
	s := lineGame(t, startFEN)
	wantMatches(t, "move legal all : not check", s, true)
	wantLast(t, "move count legal all : not check", s, "20")
	wantMatches(t, "move legal all : check", s, false)
	wantLast(t, "move count legal all : check", s, "-")
	wantLast(t, "move count legal : (zobristkey == -9062197578030825066)", s, "1") // 1.e4: Polyglot's 0x823c9b50fd114196
	// Stalemate: no move to consider, so every one matched.
	st := fenGame(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	wantMatches(t, "move legal all : check", st, true)
	wantLast(t, "move count legal all : check", st, "0")
	// The real position is back after the target: its own moves and attacks are read again.
	plain := valuesAt(t, "move count legal", g)
	wantLast(t, "move count legal : mate  move count legal", g, plain[len(plain)-1])
	wantLast(t, "move count legal : mate  move from . legal : mate", g, "{h5}")
}

// TestSpeculativeTargetIsAboutThePosition: a target that reads the game (ply, parent,
// line ...) is refused, as the position it is evaluated at is not in the game.
func TestSpeculativeTargetIsAboutThePosition(t *testing.T) {
	p, err := query.Parse("", []byte("move legal : (ply > 3)"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compile(p); err == nil || !strings.Contains(err.Error(), "not in the game") {
		t.Errorf("move legal : (ply > 3): error %v, want one about positions not in the game", err)
	}
}
