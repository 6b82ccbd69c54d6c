package query

import (
	"strings"
	"testing"
)

// Move filters CQL 9.493 refuses (move-parse.cpp; each refusal checked by
// running the binary: "cannot use the following keywords with 'move legal'
// or 'move pseudolegal': 'null', 'primary', 'secondary', or 'promote'",
// "cannot use null with ... 'promote', 'legal', 'pseudolegal', or
// 'enpassant'", "cannot have a move that is both an en passant capture and
// a promotion", "the 'capture' keyword is not currently supported in
// conjunction with 'legal' or 'pseudolegal'", "multiple 'promote'
// designators", "multiple enpassant/enpassantsquare expressions", "multiple
// castling specifications"), and the neighbours it accepts.
func TestMoveRejects(t *testing.T) {
	for src, want := range map[string]string{
		"move legal promote Q":              "1:12: 'promote' cannot be used with 'legal'",
		"move pseudolegal promote Q":        "1:18: 'promote' cannot be used with 'pseudolegal'",
		"move promote Q legal":              "1:16: 'promote' cannot be used with 'legal'",
		"move pseudolegal null":             "1:18: 'null' cannot be used with 'pseudolegal'",
		"move null legal":                   "1:11: 'null' cannot be used with 'legal'",
		"move null promote Q":               "1:11: 'null' cannot be used with 'promote'",
		"move previous null promote Q":      "1:20: 'null' cannot be used with 'promote'",
		"move null enpassant":               "1:11: 'null' cannot be used with 'enpassant'",
		"move null enpassantsquare e3":      "1:11: 'null' cannot be used with 'enpassantsquare'",
		"move enpassant promote Q":          "1:16: 'enpassant' and 'promote' in one move filter",
		"move capture Q legal":              "1:16: 'capture' cannot be used with 'legal'",
		"move legal capture Q":              "1:12: 'capture' cannot be used with 'legal'",
		"move pseudolegal captures Q":       "1:18: 'capture' cannot be used with 'pseudolegal'",
		"move promote Q promote R":          "1:16: 'promote' after 'promote'",
		"move enpassant enpassant":          "1:16: 'enpassant' after 'enpassant'",
		"move enpassant enpassantsquare e3": "1:16: 'enpassantsquare' after 'enpassant'",
		"move castle o-o":                   "1:13: 'o-o' after 'castle'",
		"move o-o-o castle":                 "1:12: 'castle' after 'o-o-o'",
	} {
		_, err := Parse("", []byte(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", src, err, want)
		}
	}
	// CQL runs these: null with from (its message names from, its check does
	// not), a second capture (the last one counts), captures for capture,
	// legal with enpassant or castle, and the standalone enpassantsquare.
	for _, src := range []string{"move null from K", "move capture Q capture R", "move captures Q",
		"move legal enpassant", "move legal castle", "move pseudolegal enpassantsquare e5", "enpassantsquare & e5"} {
		if _, err := Parse("", []byte(src)); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
}
