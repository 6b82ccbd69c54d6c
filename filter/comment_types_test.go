package filter

import (
	"slices"
	"testing"
)

// A filter given to comment is written by its type, as CQL's
// StringConverter does: a move filter whose first parameter is not from,
// to or capture is logical (CQL's NonemptyNode around the move's set), so
// <true> or <false>; find without all is a position. Expected: the CQL
// 9.493 binary's output on this game; before, cql wrote the sets ("[]",
// "e2") and find's count ("1").
func TestCommentWritesByType(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *")
	for _, c := range []struct {
		src  string
		want []string
	}{
		{`initial comment(move legal from K)`, []string{"0: <false>"}},
		{`ply == 5 comment(move previous from .)`, []string{"5: <true>"}},
		{`ply == 5 comment(move from . previous)`, []string{"5: f1"}},
		{`initial comment(move to . legal from N)`, []string{"0: [a3,c3,f3,h3]"}},
		{`ply == 4 comment(move pseudolegal to e5)`, []string{"4: <true>"}},
		{`initial comment(find Bb5)`, []string{"0: move 3(btm)", "5: Found"}},
	} {
		if got := positionNotes(t, c.src, g); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}
