package query

import (
	"strings"
	"testing"
)

// TestFenPatternIsAFEN: fen "…" reads its text with chess.ReadFEN: a FEN's later fields may
// follow the board and are ignored (CQL ignores them), anything else after h1 is refused
// naming the character (issue 30: ...RNBQKBNRR matched every start position, side x was taken).
func TestFenPatternIsAFEN(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	for _, ok := range []string{start, start + " w", start + " b KQkq - 0 1", "......../8/8/8/8/8/8/A_a5"} {
		if _, err := Parse("q", []byte(`fen "`+ok+`"`)); err != nil {
			t.Errorf("fen %q: %v", ok, err)
		}
	}
	for text, want := range map[string]string{
		start + "R w KQkq - 0 1":  "placement, character 44: rank 1 has more than 8 squares",
		start + " x KQkq - 0 1":   `side to move, character 45: got "x", want w or b`,
		start + "x":               "placement, character 44: unexpected character 'x'",
		start + " w KQkq - 0 1 z": "more than 6 fields",
		"8/8/8/8/8/8/8/7 w":       "placement, character 16: rank 1 has 7 squares, want 8",
	} {
		_, err := Parse("q", []byte(`fen "`+text+`"`))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("fen %q: %v, want %q", text, err, want)
		}
	}
}
