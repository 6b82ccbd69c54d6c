package filter

import "testing"

// TestPawnStructureEdges: pawn-structure filters on the board's edge files,
// beside an en passant square and on the squares before promotion, with the
// expected sets worked out by hand from the manual's definitions (passed: no
// enemy pawn ahead on its own or a neighbouring file; doubled: another own
// pawn on its file; isolated: no own pawn on a neighbouring file; connected:
// an own pawn on a neighbouring file). The a- and h-file cases catch files
// that wrap around in shifted bitboards (a4 and h5 are not neighbours).
func TestPawnStructureEdges(t *testing.T) {
	const (
		// White a2 h2, black b7: b7 stands ahead of a2 on a neighbouring file
		// (so neither a2 nor b7 is passed); h2 has nothing on g or h.
		edges = "4k3/1p6/8/8/8/8/P6P/4K3 w - - 0 1"
		// White a4 h5 and a3: a3 a4 doubled; h5 alone on its side of the board.
		wrap = "4k3/8/8/7P/P7/P7/8/4K3 w - - 0 1"
		// Black has just played d7-d5 beside Pe5 (en passant square d6): the
		// pawns stand level, so neither is ahead of the other: both passed.
		enPassant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
		// Pawns one step from promotion: white g7 with black h7 level beside
		// it; black b2 with white c3 behind it (Black moves down, so only
		// rank 1 is ahead of b2, and b2 is behind c3). All four are passed.
		promotion = "4k3/6Pp/8/8/8/2P5/1p6/4K3 w - - 0 1"
	)
	cases := []struct {
		fen, src string
		want     []string
	}{
		{edges, "passedpawns", []string{"h2"}},
		{edges, "isolatedpawns", []string{"a2", "h2", "b7"}},
		{edges, "connectedpawns", nil},
		{edges, "doubledpawns", nil},
		{wrap, "connectedpawns", nil},
		{wrap, "isolatedpawns", []string{"a3", "a4", "h5"}},
		{wrap, "doubledpawns", []string{"a3", "a4"}},
		{wrap, "passedpawns", []string{"a3", "a4", "h5"}},
		{enPassant, "passedpawns", []string{"d5", "e5"}},
		{enPassant, "isolatedpawns", []string{"d5", "e5"}},
		{enPassant, "connectedpawns", nil},
		{promotion, "passedpawns", []string{"g7", "h7", "b2", "c3"}},
		{promotion, "connectedpawns", nil},
		{promotion, "isolatedpawns", []string{"g7", "h7", "b2", "c3"}},
		{promotion, "flipcolor passedpawns", []string{"g7", "h7", "b2", "c3"}}, // defined under notransform
	}
	for _, c := range cases {
		got := parsedValue(t, c.fen, c.src)
		if want := bb(t, c.want...); got != want {
			t.Errorf("%s on %s: got %v, want %v", c.src, c.fen, got, want)
		}
	}
}
