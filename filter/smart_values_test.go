package filter

import (
	"slices"
	"testing"
)

// Smart comments of the filters with values, from CQL 9.493's source: a
// failing numeric or string comparison drops the comments made in it
// (relationalnode.cpp); so does a set equality that fails
// (equalitynode.cpp), and `!=`, CQL's not of an equality, always
// (node-parse.cpp make_relational_op_node, notnode.cpp); max and min keep
// the comments of their best arguments only (extremalnode.cpp: a better
// value deletes what came before it, a worse one drops its own, a tie
// keeps both); a move filter used for its value drops the comments made
// when no move gives one (dashnode.cpp DashNode::compute); a transform
// with a range drops its variants' comments when the count is out of the
// range, and as a number keeps the comments of its best variants only
// (orbitnode.cpp match_range, match_count_max).
//
// The expected comments follow from those rules by hand on 1.e4 e5 2.Nf3
// Nc6 (plies 0..4); with -alwayscomment every comment made stays. Each
// case but the controls failed on the code before these rules.
func TestSmartCommentsOfValues(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Nf3 Nc6 *\n")
	cases := []struct {
		src         string
		want, alway []string
	}{
		// Numeric comparison: fails, the or matches on true.
		{`ply == 2 {({comment("x") ply} > 5) or true}`, nil, []string{"2: x"}},
		// Control: a comparison that holds keeps them.
		{`ply == 2 {comment("x") ply} < 5`, []string{"2: x"}, []string{"2: x"}},
		{`ply == 2 {({comment("x") ply} < 5 < 4) or true}`, nil, []string{"2: x"}},
		{`ply == 2 {({comment("x") "a"} == "b") or true}`, nil, []string{"2: x"}},
		// Set equality: a1 holds the white rook, h8 the black one.
		{`ply == 2 {({comment("x") Ra1} == Rh8) or true}`, nil, []string{"2: x"}},
		{`ply == 2 {comment("x") Ra1} == a1`, []string{"2: x"}, []string{"2: x"}},
		// != is not(==): its comments never stay, though it matches.
		{`ply == 2 {comment("x") Ra1} != h8`, nil, []string{"2: x"}},
		// max and min.
		{`ply == 2 max({comment("a") 1} {comment("b") 2}) > 0`, []string{"2: b"}, []string{"2: a", "2: b"}},
		{`ply == 2 max({comment("a") 2} {comment("b") 1} {comment("c") 2}) > 0`,
			[]string{"2: a", "2: c"}, []string{"2: a", "2: b", "2: c"}},
		{`ply == 2 min({comment("a") 2} {comment("b") 1} {comment("c") 3}) > 0`,
			[]string{"2: b"}, []string{"2: a", "2: b", "2: c"}},
		{`ply == 2 max({comment("a") "x"} {comment("b") "y"}) == "y"`, []string{"2: b"}, []string{"2: a", "2: b"}},
		// A move filter for its value: after 2.Nf3 the target's if leaves
		// "d" behind and has no set; no move gives one, so "d" goes, and
		// the count (0) still matches.
		{`ply == 2 #(N--(if comment("d") then {ply > 5 a1} else h1)) == 0`, nil, []string{"3: d"}},
		// Control: a move that gives a value keeps its comments.
		{`ply == 2 #(N--(comment("d") a1)) == 1`, []string{"3: d"}, []string{"3: d"}},
		// flipcolor 2 F: at ply 2 only the flipped {comment wtm} matches,
		// count 1 is out of 2..2: both "f" go (the first variant's block
		// dropped its own already). With -alwayscomment both write "f",
		// which CQL writes once per position (-uniquecomments).
		{`ply == 2 {(flipcolor 2 {comment("f") btm}) or true}`, nil, []string{"2: f"}},
		{`ply == 2 flipcolor 1 {comment("f") btm}`, []string{"2: f"}, []string{"2: f"}},
		// A transform as a number: at ply 3 (after 2.Nf3) #N&f3 is 1 and
		// its flipped #n&f6 is 0, so only the first variant's comment stays.
		{`ply == 3 (flipcolor {comment("n" #N&f3) #N&f3}) > 0`, []string{"3: n1"}, []string{"3: n1", "3: n0"}},
		// Single-filter blocks: CQL makes no compound of `{F}` (node-parse.cpp
		// match_compoundnode returns F), so the if's comment outlives its
		// failing then-branch exactly as without the braces.
		{`ply == 2 {{{if comment("i") then false}} or true}`, []string{"2: i"}, []string{"2: i"}},
	}
	for _, c := range cases {
		if got := compoundNotes(t, c.src, g, false); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
		if got := compoundNotes(t, c.src, g, true); !slices.Equal(got, c.alway) {
			t.Errorf("-alwayscomment %s:\n got %q\nwant %q", c.src, got, c.alway)
		}
	}
}
