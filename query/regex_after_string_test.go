package query

import "testing"

// TestRegexFollowsTheString: CQL reads ~~ only after a string
// (toplevel.cpp match_attack_x), so after a set argument of typename,
// piecename or str it matches the string they make, not the set; where
// the left side is unknown while parsing (a variable) ~~ stays with it.
// CQL 9.493 runs each on sample.pgn (typename e4 ~~ "P": 47 games, as
// typename e4 == "P"; typename (e4 | d4) ~~ "P": 0).
func TestRegexFollowsTheString(t *testing.T) {
	checkParses(t, []parseCase{
		{`typename e4 ~~ "P"`, `{(~~ "P" (typename e4))}`},
		{`piecename (e4 | d4) ~~ "P"`, `{(~~ "P" (piecename (| e4 d4)))}`},
		{`typename {e4} ~~ "P"`, `{(~~ "P" (typename {e4}))}`},
		// CQL 9.493 runs it (0 games): the regex is piecename's
		{`piecename (ray(d3 e2)) ~~ "1"`, `{(~~ "1" (piecename (ray d3 e2)))}`},
		{`x = "ab" x ~~ "b"`, `{(= x "ab") (~~ "b" x)}`},
	})
}

// TestStringPlusNumber: in CQL a string + a number is no concatenation
// (toplevel.cpp match_relop_x backs off), so the + belongs to what the
// string is part of: int "007" + 1 is (int "007") + 1. CQL 9.493 runs
// comment(int "007" + 1) and int "7" + int "8" == 15 (253 games on
// sample.pgn), which cql refused.
func TestStringPlusNumber(t *testing.T) {
	checkParses(t, []parseCase{
		{`int "007" + 1 == 8`, `{(cmp (+ (int "007") 1) == 8)}`},
		{`int "7" + int "8" == 15`, `{(cmp (+ (int "7") (int "8")) == 15)}`},
		{`"a" + "b" == "ab"`, `{(cmp (+ "a" "b") == "ab")}`},
		// nor multiplies one: CQL 9.493 runs int "12" % 5 == 2 (253 games)
		{`int "12" % 5 == 2`, `{(cmp (% (int "12") 5) == 2)}`},
	})
}
