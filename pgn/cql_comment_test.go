package pgn

import "testing"

// TestCQLComment: CQL reads a game's comments through Scid's parser, which keeps, of
// several brace comments after a move (NAGs between them or not), the last one, and does
// not see rest-of-line (';') comments; Comment keeps every one for output. The expected
// views are CQL 9.493's: `cql(variations) comment("[" originalcomment "]")` on these
// games wrote [c] at 1. e4, [d] at 1... d5, [after line] at 2. Nf3, [q] at 2... Nc6,
// [b] at 1... e5 of the second game, [pre2] at the start of the third and [spaced] at its
// 1. e4, and no value
// (<false>) at the other positions.
func TestCQLComment(t *testing.T) {
	for _, c := range []struct {
		src  string
		want map[string][2]string // SAN (or "" for the root): CQL's view, Comment
	}{
		{"[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {a} $1 {b} $2 {c} e5 ({x} {y} 1... d5 {d}) ({p} 1... c5 $1) 2. Nf3 ; line one\n{after line} 2... Nc6 {q} ; line two\n3. Bb5 *\n",
			map[string][2]string{
				"": {"", ""}, "e4": {"c", "a b c"}, "e5": {"", ""}, "d5": {"d", "d"}, "c5": {"", ""},
				"Nf3": {"after line", "line one after line"}, "Nc6": {"q", "q line two"}, "Bb5": {"", ""},
			}},
		{"[Event \"x\"]\n[Result \"*\"]\n\n1. e4 ; only line\ne5 {b} ; tail\n*\n",
			map[string][2]string{"": {"", ""}, "e4": {"", "only line"}, "e5": {"b", "b tail"}}},
		{"[Event \"x\"]\n[Result \"*\"]\n\n{pre1} {pre2} 1. e4 {  spaced  } *\n",
			map[string][2]string{"": {"pre2", "pre1 pre2"}, "e4": {"spaced", "spaced"}}},
	} {
		g := parseOne(t, c.src, Options{Variations: true})
		for i := range g.Nodes {
			san := ""
			if i > 0 {
				n := &g.Nodes[i]
				san = g.Nodes[n.Parent].Pos.SAN(n.Move)
			}
			w, ok := c.want[san]
			if !ok {
				t.Fatalf("%q: no expectation for node %d (%s)", c.src, i, san)
			}
			if got, all := g.CQLComment(int32(i)), g.Comment(int32(i)); got != w[0] || all != w[1] {
				t.Errorf("%q: at %q CQLComment %q, Comment %q; want %q, %q", c.src, san, got, all, w[0], w[1])
			}
		}
		// A comment set by a filter (or removed) is what CQL sees there too.
		g.SetComment(1, "set")
		if g.CQLComment(1) != "set" || g.Comment(1) != "set" {
			t.Errorf("after SetComment: %q, %q", g.CQLComment(1), g.Comment(1))
		}
	}
}
