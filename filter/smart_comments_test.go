package filter

import (
	"slices"
	"testing"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// CQL's smart comments (sequencebase-comments.cpp, path-comment.cpp): a line
// or path keeps the comments made along its best match only; a branch of
// the search that is given up, or a filter that fails, leaves none. The
// expected comments follow from that rule by hand:
//
// Greek gift game: checks at plies 13 (7.Bxh7+) and 15 (8.Ng5+). From ply 12
// `comment("c" ply){1,4} --> check` matches 12,13 (length 2) and 12..15
// (length 4, the longest); the try 12..16 fails at 16, so c15 is dropped.
//
// The small tree: 1.e4 e5 (1...c5 2.Nf3) 2.Nf3 Nc6. The longest path of
// moves from the start is the main line (4 moves), so only the comments
// made along it stay, not those made in the variation.
func TestSmartComments(t *testing.T) {
	gg := readOne(t, greekGift)
	tree := readOne(t, "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *\n")
	short := readOne(t, "1. e4 e5 2. Nf3 Nc6 *\n")
	cases := []struct {
		name, src string
		game      *pgn.Game
		want      []string
	}{
		{"line keeps the best match", `ply == 12 line quiet --> comment("c" ply){1,4} --> check`, gg,
			[]string{"12: c12", "13: c13", "14: c14"}},
		{"firstmatch keeps the first match", `ply == 12 line quiet firstmatch --> comment("c" ply){1,4} --> check`, gg,
			[]string{"12: c12"}},
		{"backward line", `ply == 16 line quiet <-- comment("c" ply){1,3} <-- check`, gg,
			[]string{"16: c16", "15: c15", "14: c14"}},
		{"a line that fails keeps none", `ply == 12 {(line quiet --> comment("c" ply) --> mate) or true}`, gg, nil},
		{"line comments with its own", `ply == 12 line --> comment("c" ply){1,4} --> check`, gg,
			[]string{"12: c12", "13: c13", "14: c14",
				"15: End line of length 4 that starts at move 7(wtm)", "12: Start line that ends at move 8(btm)"}},
		{"path keeps the longest path", `cql(variations) initial path quiet (-- comment("m" ply))+`, tree,
			[]string{"1: m1", "2: m2", "3: m3", "4: m4"}},
		{"a failed filter constituent keeps none", `initial path quiet (-- {comment("m" ply) ply < 3})+`, short,
			[]string{"1: m1", "2: m2"}},
		{"keepallbest keeps the ties", `cql(variations) initial path quiet keepallbest -- -- comment("k" ply)`,
			readOne(t, "1. e4 e5 (1... c5) (1... e6 2. d4) 2. Nf3 *\n"),
			// In CQL's order: the put-aside comments come back last first.
			[]string{"e2e4 e7e6: k2", "e2e4 c7c5: k2", "2: k2", "e2e4 c7c5: alternative", "e2e4 e7e6: alternative"}},
		{"echo: targets that do not match keep none", `initial echo quiet (s t) {comment("t" ply) ply == 2}`, short,
			[]string{"2: t2"}},
	}
	for _, c := range cases {
		got := notesOf(t, c.src, c.game)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %s:\n got %q\nwant %q", c.name, c.src, got, c.want)
		}
	}
}

// With -alwayscomment CQL turns smart comments off: every comment made stays.
func TestSmartCommentsOff(t *testing.T) {
	gg := readOne(t, greekGift)
	src := `ply == 12 line quiet --> comment("c" ply){1,4} --> check`
	p, err := query.Parse("", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	q, err := CompileWith(p, Options{AlwaysComment: true})
	if err != nil {
		t.Fatal(err)
	}
	e := q.NewEvaluator()
	e.Game(gg)
	var got []int32
	for _, a := range e.Annotations() {
		got = append(got, gg.Nodes[a.Node].Ply)
	}
	if want := []int32{12, 13, 14, 15}; !slices.Equal(got, want) {
		t.Errorf("plies commented: got %v want %v", got, want)
	}
}
