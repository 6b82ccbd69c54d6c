package filter

import "testing"

// A path is a number (the moves of its best path), and an operator no
// constituent reads ends it and takes it as an operand: CQL's
// path-parse.cpp reads a move step without operators, and a constituent
// filter (match_node) takes a comparison only when it has a value, and and
// and or always. Every expected match is CQL 9.493's on this game, where
// 3.Qxf7+ (ply 5), 4.Bc4+ (7) and 5.Bxd5+ (9) check, and the queens stay on
// the board until 3...Kxf7 (ply 6).
func TestPathAsOperand(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 4. Bc4+ d5 5. Bxd5+ Ke8 *\n")
	cases := []struct {
		cql  string
		want []int
	}{
		{"path --(--) == 2", span(0, 8)},
		{"path -- + > 3", span(0, 6)},
		{"path -- + < 3", []int{8, 9}},
		{"path --+ check == 3", []int{6}},
		// check has no value: the comparison is the path's.
		{"path -- check == 1", []int{4, 6, 8}},
		{"path --(check) == 1", []int{4, 6, 8}},
		{"path -- check -- == 2", []int{4, 6, 8}},
		{"path -- check + == 2", nil},
		// and, or after a step's target continue it; after a bare step they
		// end the path, and a step before them is a target's filter.
		{"path -- or mate", span(0, 9)},
		{"path --(check) and ply > 5", []int{6, 8}},
		{"path -- (check) or ply > 7", []int{4, 6, 7, 8, 9}},
		{"path -- -- and check", []int{4, 6, 8}},
		{"path -- -- or check", span(0, 8)},
		// A target with a value takes the comparison: #Q == 1 has #Q's value,
		// and (Q | q) is a union, counted.
		{"path -- (#Q == 1) == 1", span(0, 4)},
		{"path -- (#R == 2) == 1", nil},
		{"path -- (Q | q) == 2", span(0, 4)},
		{"path -- (Q | q) == 1", span(5, 9)},
		{"path -- (Q)|q == 2", span(0, 4)},
		{"path -- (R) & a1 --", span(0, 8)},
		{"path --(Q)|(q) == 2", span(0, 4)},
		{"path --(R)&a1 --", span(0, 8)},
		// A target in parentheses is repeated with its step; a step in
		// parentheses is a group, another step.
		{"path -- (Q)+ == 2", []int{3}},
		{"path -- (Q){3} == 3", span(0, 2)},
		{"path -- (--) check == 2", []int{3, 5, 7}},
		{"path -- (--)+ == 4", []int{6}},
		// A : after a step or a logical target ends the path, whose value
		// with lastposition is a position.
		{"path lastposition -- : check", []int{4, 6, 8}},
		{"path lastposition -- check : (ply == 5)", []int{4}},
		// CQL parses an assignment's value before its variable exists: the
		// path ends at the new name, which is the next filter's.
		{"x = path -- check -- x == 2", []int{4, 6, 8}},
		{"x = path --+ x < 3", []int{8, 9}},
		{"x = path focus P --+ x == 1", []int{0}},
	}
	for _, c := range cases {
		if got, want := runQuery(t, c.cql, g), plies(g, c.want...); !sameMatches(got, want) {
			t.Errorf("%s: matches %s, CQL %s", c.cql, got, want)
		}
	}
}
