package filter

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// longGame is a game of the given number of positions (254 or more): 1.Nf3
// Nf6 2.Ng1 Ng8 repeated, then e3 e6 Qh5 g6 Qxg6 hxg6 (White's queen lives
// until the last six plies of that tail) and up to six more knight moves.
// longGame(256) is issue 38's game (255 plies, 128.Nf3 last).
func longGame(t *testing.T, positions int) string {
	t.Helper()
	plies := positions - 1
	reps := (plies - 6) / 4
	extra := []string{"Nf3", "Nf6", "Nc3", "Nc6", "Ng5", "Nh6"}[:plies-6-4*reps]
	var sans []string
	for range reps {
		sans = append(sans, "Nf3", "Nf6", "Ng1", "Ng8")
	}
	sans = append(append(sans, "e3", "e6", "Qh5", "g6", "Qxg6", "hxg6"), extra...)
	var b strings.Builder
	fmt.Fprintf(&b, "[Event \"t%d\"]\n[Result \"*\"]\n\n", positions)
	for i, s := range sans {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(s + " ")
	}
	b.WriteString("*\n")
	return b.String()
}

// A line over 256 positions and more: `true* --> Q*` backtracks over n²
// ways, which passed the matcher's old budget of 65,536 steps at 256
// positions, and the line then silently matched less (ended at move 127) or
// nothing (issue 38). The comments are CQL 9.493's, from `cql-st -i
// all.pgn -o out.pgn q.cql` on these games (its "CQL" match string left
// out); the path is linear and agreed before.
func TestLineOverLongGames(t *testing.T) {
	cqlSays := map[int][2]string{
		254: {"Start line that ends at move 127(btm)", "253: End line of length 254 that starts at move 1(wtm)"},
		255: {"Start line that ends at move 128(wtm)", "254: End line of length 255 that starts at move 1(wtm)"},
		256: {"Start line that ends at move 128(btm)", "255: End line of length 256 that starts at move 1(wtm)"},
		257: {"Start line that ends at move 129(wtm)", "256: End line of length 257 that starts at move 1(wtm)"},
		258: {"Start line that ends at move 129(btm)", "257: End line of length 258 that starts at move 1(wtm)"},
		600: {"Start line that ends at move 300(btm)", "599: End line of length 600 that starts at move 1(wtm)"},
	}
	paths := map[int][2]string{
		254: {"Start path that ends at move 127(btm)", "253: End path of length 253 that starts at move 1(wtm)"},
		256: {"Start path that ends at move 128(btm)", "255: End path of length 255 that starts at move 1(wtm)"},
		600: {"Start path that ends at move 300(btm)", "599: End path of length 599 that starts at move 1(wtm)"},
	}
	for _, n := range []int{254, 255, 256, 257, 258, 600} {
		g := readOne(t, longGame(t, n))
		if len(g.Nodes) != n {
			t.Fatalf("longGame(%d) has %d positions", n, len(g.Nodes))
		}
		want := []string{"0: " + cqlSays[n][0], cqlSays[n][1]}
		// With an assignment in a constituent the matcher backtracks
		// without its memo, as CQL does: the same answers, in more steps.
		for _, q := range []string{"initial line --> true* --> Q* --> terminal", "initial line --> true* --> Q*",
			"initial line --> true* --> {x = 1 Q}* --> terminal"} {
			if got := positionNotes(t, q, g); !slices.Equal(got, want) {
				t.Errorf("%d positions, %s:\n got %q\nwant %q", n, q, got, want)
			}
		}
		if p, ok := paths[n]; ok {
			want := []string{"0: " + p[0], p[1]}
			if got := positionNotes(t, "initial path --*", g); !slices.Equal(got, want) {
				t.Errorf("%d positions, path --*:\n got %q\nwant %q", n, got, want)
			}
		}
	}
	// CQL (no match, 3 of these 6 games matching `initial line -->
	// true{200,} --> not Q{2,} --> terminal`: those whose queen dies at
	// least two positions before the end, 254, 257 and 258).
	for n, want := range map[int]bool{254: true, 255: false, 256: false, 257: true, 258: true, 600: false} {
		g := readOne(t, longGame(t, n))
		got := runQuery(t, "initial line --> true{200,} --> not Q{2,} --> terminal", g) != ""
		if got != want {
			t.Errorf("%d positions, true{200,} --> not Q{2,} --> terminal: match %v, CQL %v", n, got, want)
		}
	}
}

// A pattern whose ways to match explode (every split of the game into runs;
// the assignment keeps the memo off) stops the run with an error naming the
// line and where it started, not a silent no match.
func TestLineBudgetIsAnError(t *testing.T) {
	g := readOne(t, longGame(t, 254))
	q := compileText(t, "initial line --> (true+)+ --> {x = 1 #P == 9}")
	e := q.NewEvaluator()
	e.Game(g)
	err := e.Err()
	if err == nil || !strings.Contains(err.Error(), "game 1, the start position: query 1:9: line: the search was given up") {
		t.Fatalf("got %v, want the line's budget error", err)
	}
}
