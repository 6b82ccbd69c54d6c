package query

import (
	"strings"
	"testing"
)

// TestFormsCQLRejects: forms of line, path, move, sort and consecutivemoves
// that CQL refuses, each keyed by the line of RogerMarsh/chessql's tests
// that records `cql -parse` refusing it (and refused by CQL 9.493 itself),
// with the position of our error. The rules come from CQL's source:
// sequence-parse.cpp match_holderconstituent (no number or arithmetic
// constituent, also in braces) and at_wildcard_terminator (a + or * is a
// repetition only before the end, '}', ')', an arrow or a repetition);
// toplevel.cpp match_relop_x/match_addop_x (no + or * after a line);
// path-parse.cpp (one filter in a step's parentheses); move-parse.cpp
// (count needs legal or pseudolegal; primary and secondary exclude each
// other: CQL's "internal error: Movebase args"); sort-parse.cpp (min or max
// needs a label; no number); node-parse.cpp match_consecutivemovesnode
// (two position variables).
func TestFormsCQLRejects(t *testing.T) {
	const (
		arith   = "a line constituent cannot be an arithmetic operation"
		lineOp  = "after a line filter: CQL refuses to add to or multiply a line"
		pathPar = "parentheses after a move step hold exactly one filter"
	)
	for _, c := range []struct{ at, src, pos, msg string }{
		{"test_filter_line.py:795", "line --> {3+4}", "1:12", arith},
		{"test_filter_line.py:869", "line --> {3*4}", "1:12", arith},
		{"test_filter_line.py:1136", `v="s"v[line-->7>=9+]`, "1:20", "expected filter, found ']'"},
		{"test_filter_line.py:1201", `v="s"v[line-->7>=9*]`, "1:20", "expected filter, found ']'"},
		{"test_filter_line.py:1523", "(line --> N) + 2", "1:14", lineOp},
		{"test_filter_line.py:1698", "(line --> N) * 2", "1:14", lineOp},
		{"test_filter_line.py:1873", "(line <-- N) + 2", "1:14", lineOp},
		{"test_filter_line.py:2048", "(line <-- N) * 2", "1:14", lineOp},
		{"test_filter_path.py:259", "path B[x]h7(check k[x]h7(N--g5 check))", "1:19", pathPar},
		{"test_filter_path.py:281", "path B[x]h7(check k[x]h7(N--g5=Q check))", "1:19", pathPar},
		{"test_filter_path.py:402", "path --(-- --)", "1:12", pathPar},
		{"test_filter_path.py:421", "path -- ( -- -- )", "1:14", pathPar},
		{"test_filters.py:308", "consecutivemoves(position 1 position 2)", "1:18", "consecutivemoves takes two position variables"},
		// CQL 9.493 stops on this one ("CQL internal error: Position arguments
		// to ConsecutiveMovesNode must be different"), found by the wide random run.
		{"CQL 9.493", "xp = position 0 consecutivemoves(xp xp) > 1", "1:37", "must be different position variables"},
		{"test_filters.py:2040", "move count", "1:6", "'count' keyword in 'move' can only be used when 'legal' or 'pseudolegal'"},
		{"test_filters.py:5090", "move count==3", "1:6", "'count' keyword in 'move' can only be used"},
		{"test_filters.py:2326", "move primary secondary", "1:1", "cannot be both primary and secondary"},
		{"test_filters.py:2329", "move secondary primary", "1:1", "cannot be both primary and secondary"},
		{"test_filters.py:5087", "move==3", "1:5", "after a move filter that has no value"},
		{"test_filters.py:5093", "move legal==3", "1:11", "after a move filter that has no value"},
		{"test_filters.py:3216", "sort 1", "1:6", "sort of the number 1"},
		{"test_filters.py:3251", `sort min int "1"`, "1:10", "'sort min' needs a nonempty label"},
		{"test_filters.py:3256", `sort min str("1")`, "1:10", "'sort min' needs a nonempty label"},
	} {
		_, err := Parse("t.cql", []byte(c.src))
		if err == nil {
			t.Errorf("%s %s: accepted, CQL refuses it", c.at, c.src)
			continue
		}
		if got := err.Error(); !strings.Contains(got, "t.cql:"+c.pos+": ") || !strings.Contains(got, c.msg) || !strings.Contains(got, "^") {
			t.Errorf("%s %s:\n got %s\nwant at %s: ...%s... with a caret", c.at, c.src, got, c.pos, c.msg)
		}
	}
}

// TestFormsCQLAccepts: the neighbours of the refused forms that CQL 9.493
// accepts (each run through it on sample.pgn), with the tree we build.
func TestFormsCQLAccepts(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"{line --> N} + 2", "{(+ {(line --> N)} 2)}"},
		{"(line --> N) - 2", "{(- (line --> N) 2)}"},
		{"line --> 7>=9+", "{(line --> (cmp 7 >= 9)+)}"},
		{"line --> {check 3+4}", "{(line --> {check (+ 3 4)})}"},
		{"x=3 line --> {x}", "{(= x 3) (line --> {x})}"},
		{"line --> (check)+", "{(line --> (alt [ check ])+)}"},
		{"path --({check mate})", "{(path (-- _ _ {check mate}))}"},
		{"--(check mate)", "{(-- _ _ {check mate})}"},
		{`sort min "a" #P`, `{(sort min "a" (# P))}`},
		{"sort {max(#P #p)}", "{(sort {(max (# P) (# p))})}"},
		{"x=position 0 y=currentposition consecutivemoves(x y)", "{(= x (position 0)) (= y currentposition) (consecutivemoves x y)}"},
		{"move legal count == 3", "{(cmp (move legal :count) == 3)}"},
		{"x = move from R legal", "{(= x (move legal from R))}"},
		{"x = move capture a1", "{(= x (move capture a1 :capture))}"},
		{"path --d5 | e4", "{(path (-- _ (| d5 e4) _))}"},
		{"path --d5|e4 --", "{(path (-- _ (| d5 e4) _) (-- _ _ _))}"},
	} {
		p, err := Parse("t.cql", []byte(c.src))
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := Sprint(p.Body); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestPathParenAfterStep: CQL 9.493 on `path -- ( -- )`, `path -- (--)+`,
// `path -- (--)(--)`, `path -- (check)+`, `path -- (Q | R)` (accepted) and
// `path -- (-- check)`, `path -- {check} (-- --)`, `path -- (check mate)`,
// `path -- (-- | --)`, `path -- (check | mate)` (refused at the second filter
// or the |).
func TestPathParenAfterStep(t *testing.T) {
	for _, src := range []string{"path -- ( -- )", "path -- (--)+", "path -- (--)(--)", "path -- (check)+", "path check ( -- -- )", "path ( -- -- )", "path -- (Q | R)"} {
		if _, err := Parse("t.cql", []byte(src)); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
	for src, pos := range map[string]string{"path -- (-- check)": "1:13", "path -- {check} (-- --)": "1:21", "path -- (check mate)": "1:16", "path ×  (-- --)": "1:13", "path -- (-- | --)": "1:13", "path -- (check | mate)": "1:16"} {
		_, err := Parse("t.cql", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "t.cql:"+pos+": ") || !strings.Contains(err.Error(), "parentheses after a move step hold exactly one filter") {
			t.Errorf("%s: %v, want the one-filter error at %s", src, err, pos)
		}
	}
}

// TestTreeOrderOnValues: ≺ ≼ ≻ ≽ between numbers or strings stay an error
// that names what CQL 9.493 does with them: it parses `1[<]2`, `"a"≺"b"`
// and `1[>=]2`, then stops with "CQL internal error: rncompare: bad name:
// [<]" ([>=] for the last; chessql test_filters_comparison.py:806-1439
// records the parse).
func TestTreeOrderOnValues(t *testing.T) {
	for src, want := range map[string]string{
		"1[<]2":    "1:1: [<] compares positions in the game tree",
		`"a"≺"b"`:  `1:1: ≺ compares positions in the game tree (ancestor, descendant), found a string filter: CQL 9.493 accepts ≺ between numbers or strings but then stops with "CQL internal error: rncompare: bad name: [<]"`,
		"1[>=]2":   "rncompare: bad name: [>=]",
		"x=1 x≻2":  "rncompare: bad name: [>]",
		"parent≺3": "1:8: ≺ compares positions",
	} {
		_, err := Parse("t.cql", []byte(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", src, err, want)
		}
	}
}
