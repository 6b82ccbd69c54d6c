package filter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// notesByPly joins the comments notesOf finds at each main-line position,
// in the order made, as CQL writes them into one comment: "ply: text text",
// by ply.
func notesByPly(t *testing.T, src string, text string) []string {
	t.Helper()
	at := map[int][]string{}
	var order []int
	for _, n := range notesOf(t, src, readOne(t, text)) {
		label, note, _ := strings.Cut(n, ": ")
		ply, err := strconv.Atoi(label)
		if err != nil {
			t.Fatalf("%s: a comment off the main line: %s", src, n)
		}
		if at[ply] == nil {
			order = append(order, ply)
		}
		at[ply] = append(at[ply], note)
	}
	slices.Sort(order)
	var out []string
	for _, ply := range order {
		out = append(out, fmt.Sprintf("%d: %s", ply, strings.Join(at[ply], " ")))
	}
	return out
}

// pathlastposition inside a path is, as CQL's PathLastPositionNode, the end
// of the best path found so far, with no value before one is found (we gave
// the tail of the path being matched). On the fianchetto game 1.d4 d5 2.Nf3
// Nf6 3.g3 g6 4.Bg2 Bg7; every expected match and comment is CQL 9.493's
// output for the query on this game.
func TestPathLastPositionInside(t *testing.T) {
	const fian = "1. d4 d5 2. Nf3 Nf6 3. g3 g6 4. Bg2 Bg7 *\n"
	g := readOne(t, fian)
	cases := []struct {
		cql     string
		matches []int
		notes   []string
	}{
		// A constituent that needs a best path never matches: the best is
		// only set when a path matches.
		{"path -- + pathlastposition", nil, nil},
		{"initial path focus P -- {pathstart == initialposition (pathlastposition : ply) == 1}", nil, nil},
		// Tried shortest first (the lazy repetition), the first path of one
		// move finds no best; a longer one finds the one-move path as best.
		{"initial path -- {1,3} {not pathlastposition or (pathlastposition : ply) == 1}", []int{0}, []string{
			"0: Start path that ends at move 2(wtm)",
			"2: End path of length 2 that starts at move 1(wtm)",
		}},
		// In max: evaluated at the end of each complete path, before it
		// becomes the best.
		{"path max {if pathlastposition then pathlastposition:ply else 0} -- {1,3}", span(0, 7), []string{
			"0: Start path that ends at move 2(btm)",
			"1: Start path that ends at move 3(wtm)",
			"2: Start path that ends at move 3(btm)",
			"3: End path of length 3 that starts at move 1(wtm) Max value: 2 Start path that ends at move 4(wtm)",
			"4: End path of length 3 that starts at move 1(btm) Max value: 3 Start path that ends at move 4(btm)",
			"5: End path of length 3 that starts at move 2(wtm) Max value: 4 Start path that ends at move 5(wtm)",
			"6: End path of length 3 that starts at move 2(btm) Max value: 5 Start path that ends at move 5(wtm)",
			"7: End path of length 3 that starts at move 3(wtm) Max value: 6 Start path that ends at move 5(wtm)",
			"8: End path of length 3 that starts at move 3(btm) Max value: 7 End path of length 2 that starts at move 4(wtm) Max value: 7 End path of length 1 that starts at move 4(btm) Max value: 0",
		}},
	}
	for _, c := range cases {
		if got, want := runQuery(t, c.cql, g), plies(g, c.matches...); !sameMatches(got, want) {
			t.Errorf("%s: matches %s, CQL %s", c.cql, got, want)
		}
		if got := notesByPly(t, c.cql, fian); strings.Join(got, "\n") != strings.Join(c.notes, "\n") {
			t.Errorf("%s: comments\n%s\nCQL's\n%s", c.cql, strings.Join(got, "\n"), strings.Join(c.notes, "\n"))
		}
	}
}
