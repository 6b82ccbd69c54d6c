package filter

import (
	"testing"
)

// fen is the position as CQL 9.493 writes it (currentfen.cpp): castling
// from the board alone (king and rook on their squares here and in every
// position before; a FEN tag's rights are not read), an en passant square
// after every double pawn step, whether or not a pawn can take, and the
// counters always "0 1". On CQL's sample.pgn `not (fen ~~ " 0 1$")` matches
// no game in CQL (ours: 253, with the real counters), and `sort min "w"
// fen` ordered the games differently. The FENs below are worked out by hand.
func TestFenValueAsCQL(t *testing.T) {
	// the FEN tag gives no castling rights, the board has all four
	g := lineGame(t, "r3k2r/p7/8/8/8/8/P7/R3K2R w - - 7 30", "a2a4", "e8d8", "a1a2", "d8e8")
	want := []string{
		"r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1",
		"r3k2r/p7/8/8/P7/8/8/R3K2R b KQkq a3 0 1", // no black pawn can take on a3
		"r2k3r/p7/8/8/P7/8/8/R3K2R w KQ - 0 1",
		"r2k3r/p7/8/8/P7/8/R7/4K2R b K - 0 1",
		"r3k2r/p7/8/8/P7/8/R7/4K2R w K - 0 1", // the king came back: no right
	}
	q := compileText(t, "fen")
	e := q.NewEvaluator()
	e.startGame(g)
	for i, w := range want {
		e.at(int32(i))
		got, ok := q.body.(strNode).str(e)
		if !ok || got != w {
			t.Errorf("ply %d: fen %q, want %q", i, got, w)
		}
	}
}
