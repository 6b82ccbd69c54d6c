package filter

import (
	"slices"
	"testing"
)

// A delayed clearance (the theme of CQL's example clearance-delayed.cql) in
// a game of our own: the vacating knight e4 leaves (2.Nc5+), is taken
// (3...Kxc5), and the rook e1 crosses e4 (6.Re8). The focused path may not
// skip 1.Kf2 and 1...Ke7 at its start (CQL's Focus::getFocusedChildMoves),
// so it starts before 2.Nc5+ (ply 2) only, and the moves out of focus on
// the way, pathcountunfocused = ply - pathstart:ply - pathcount, are
// 2...Kd6 3.Kg3 4.Kh4 d4 5.Kg5 d3: 6. CQL 9.493 matches this game once,
// at ply 2, with "Max value: 6" and these comments; before the fix we
// matched at plies 0, 1 and 2 with max values 11, 10 and 9.
func TestPathFocusDelayedClearance(t *testing.T) {
	g := readOne(t, `[FEN "4k3/8/8/3p4/4N3/8/8/4RK2 w - - 0 1"]

1. Kf2 Ke7 2. Nc5 Kd6 3. Kg3 Kxc5 4. Kh4 d4 5. Kg5 d3 6. Re8 *
`)
	const script = `
◭V∊♖♗♘♕
 ◭E∊♖♗♕→V
   sort "theme length"
     ⊢◎capture V∪E max pathcountunfocused≥5
      V――□  ///"vacater moves"
      ▲×V   ///"vacater captured"
      E―― to→pathstart:V→from
            ///"exploiter moves, crossing the original location of V" pathstart:V
`
	if got, want := runQuery(t, script, g), plies(g, 2); !sameMatches(got, want) {
		t.Errorf("matches: got %s, want %s", got, want)
	}
	notes := notesOf(t, script, g)
	for _, want := range []string{
		"2: Start path that ends at move 6(btm)",
		"3: vacater moves",
		"6: vacater captured",
		"11: exploiter moves, crossing the original location of Ve4",
		"11: End path of length 3 that starts at move 2(wtm) Max value: 6",
	} {
		if !slices.Contains(notes, want) {
			t.Errorf("no comment %q in %q", want, notes)
		}
	}
	// The sort value is the path's max: 6 (CQL: "theme length: 6").
	if got := runQuery(t, `(⊢◎capture (Ne4|Re1) max pathcountunfocused N――□ ▲×N R――e8) == 6`, g); !sameMatches(got, plies(g, 2)) {
		t.Errorf("value: got %s, want %s", got, plies(g, 2))
	}
}

// Two paths in a row, the first ending in a /// comment, then a line of
// spaces: the blank line ends the first path (CQL's lexer ends the comment,
// then the path), as in CQL's example queenknightpromotion.cql, which we
// had read as one path and matched none of sample.pgn's games (CQL: 1).
// Both paths match from the start here, 1.e4 on the main line and 1.d4 in
// the variation; read as one, the second would have to start after 1.e4.
// CQL 9.493 matches this game at the start, with these comments.
func TestPathEndsAtBlankLineAfterLineComment(t *testing.T) {
	g := readOne(t, "1. e4 (1. d4 d5) e5 2. Nf3 *\n")
	const script = "cql(variations)\ninitial\n⊢ e2――e4 ///\"king pawn\"\n   \n⊢ d2――d4 ///\"queen pawn\"\n"
	if got, want := runQuery(t, script, g), "[start]"; !sameMatches(got, want) {
		t.Errorf("matches: got %s, want %s", got, want)
	}
	notes := notesOf(t, script, g)
	for _, want := range []string{"1: king pawn", "d2d4: queen pawn"} {
		if !slices.Contains(notes, want) {
			t.Errorf("no comment %q in %q", want, notes)
		}
	}
}

// A prefix set filter (light, dark, a direction) before a tied -- in a path
// step takes the set, not the move: `path light P-- --` is the move of a
// pawn on a light square, then any move (CQL's match_dash_tie_x, as for ~).
// The counts are CQL 9.493's on cql-sample.pgn (250 games); cql refused
// these queries.
func TestPathPrefixSetBeforeStep(t *testing.T) {
	games := sampleGames(t, true)
	for _, c := range []struct {
		src  string
		want int
	}{
		{"path light P-- --", 140},
		{"path light P--", 145},
		{"path dark N-- --", 75},
		{"path up P-- --", 162},
		{"path up 1 P-- --", 110},
		{"path up 2 R--", 15},
		{"path light Pa2-- --", 9},
		{"path light ~P-- --", 249},
		{"path -- light P-- --", 119},
		{"path light P", 0},
	} {
		if got := countGames(t, c.src, games); got != c.want {
			t.Errorf("%s: %d games, CQL 9.493 %d", c.src, got, c.want)
		}
	}
}
