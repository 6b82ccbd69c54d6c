package query

import "testing"

// TestSetsInArithmetic: CQL counts a set where it is compared with a number
// (`a < 1`) but not in arithmetic. The expectations are those of
// RogerMarsh/chessql's tests, which record what `cql -parse` accepts
// (chessql/core/tests/test_filters.py, "plus", "minus", "multiply", "divide",
// "modulus" cases): `K+Q`, `2-K`, `K%3`, `-to` are errors, and after a filter
// that has no numeric value a '-' starts the next filter: `"v"-3`, `true-2` and
// `initialposition-3` are two filters each, `{q-2}` is q then -2, `(q-2)` is an
// error because parentheses hold one filter.
func TestSetsInArithmetic(t *testing.T) {
	checkParses(t, []parseCase{
		{"K-3", "{K -3}"},
		{"{q-2}", "{{q -2}}"},
		{`"v"-3`, `{"v" -3}`},
		{"true-2", "{true -2}"},
		{"initialposition-3", "{(initialposition) -3}"},
		{"check-2", "{check -2}"},
		{"A|a-1", "{(| A a) -1}"},
		{"K - 3 > 2", "{K (cmp -3 > 2)}"}, // K, then the comparison -3 > 2
		// A numeric left side still subtracts.
		{"#K-3 == -2", "{(cmp (- (# K) 3) == -2)}"},
		{"x = 2 x-3 == -1", "{(= x 2) (cmp (- x 3) == -1)}"},
		{"positionid-1 == 0", "{(cmp (- (positionid) 1) == 0)}"},
		{"2-3", "{(- 2 3)}"},
		// Sets in comparisons with numbers are counted.
		{"a<1", "{(cmp (# a) < 1)}"},

		{"(q-2)", "error: expected ')' to close '('"},
		{"K+Q", "error: the left side of + must be a number filter, found a set filter"},
		{"K*Q", "error: the left side of * must be a number filter, found a set filter"},
		{"K%3", "error: the left side of % must be a number filter, found a set filter"},
		{"2%K", "error: the right side of % must be a number filter, found a set filter"},
		{"K/3", "error: the left side of / must be a number filter, found a set filter"},
		{"2/K", "error: the right side of / must be a number filter, found a set filter"},
		{"2-K", "error: the right side of - must be a number filter, found a set filter"},
		{"-to", "error: the argument of - must be a number filter, found a set filter"},
		{"-qa5", "error: the argument of - must be a number filter, found a set filter"},

		// Comparisons (chessql's test_filters_comparison.py): a set against a number
		// is counted, two sets are equal or not, but never ordered.
		{"1<A", "{(cmp 1 < (# A))}"},
		{"a==A", "{(cmp a == A)}"},
		{"a!=A", "{(cmp a != A)}"},
		{"a<A", "error: < between two set filters"},
		{"a<=A", "error: <= between two set filters"},
		{"a>A", "error: > between two set filters"},
		{"a≥A", "error: >= between two set filters"},
		{"1 < A < a", "error: < between two set filters"},

		// Assignment binds tighter than or, and, not and looser than in
		// (test_filter_assign_logical.py): `v=k or q` is (v=k) or q.
		{"v=k or q", "{(or (= v k) q)}"},
		{"k or v=q", "{(or k (= v q))}"},
		{"v = k and q", "{(and (= v k) q)}"},
		{"persistent v+=2 or q", "{(or (persistent (+= v 2)) q)}"},
		{"v=0 v+=2 or q", "{(= v 0) (or (+= v 2) q)}"},
		{"v=(k or q)", "error: cannot assign a logical filter to 'v'"},
		{"v={k or q}", "error: cannot assign a logical filter to 'v'"},

		// A variable keeps its first type; =? takes a set (test_filters_assign.py).
		{"y=k y=?q", "{(= y k) (=? y q)}"},
		{"y=?k", "{(=? y k)}"},
		{"y=7 y=k", "error: 'y' is a number variable"},
		{"y=?3", "error: =? needs a set filter on its right, found a number filter"},
		{`y=?"str"`, "error: =? needs a set filter on its right, found a string filter"},
		{"y=?currentposition", "error: =? needs a set filter on its right, found a position filter"},
		{"y=7 y=?q", "error: 'y' is a number variable"},

		// CQL 6.2's arrows (its parser, build 9.493, toplevel.cpp and raynode.cpp;
		// chessql's test_filters.py for the errors): an arrow's operands are unions, so
		// arrows bind more loosely than | and &; a chain of three or more sets is a ray of
		// line pieces (xray) whose value is the first set's squares for →, and the
		// reversed chain's xray (the first set's squares again) for ←. Mixed arrows are
		// an error. The 6.1 words keep their tighter, left-nested reading.
		{"A -> P -> k", "{(xray A P k :first)}"},
		{"A → P → k", "{(xray A P k :first)}"},
		{"A ← P ← k", "{(xray k P A)}"},
		{"A -> P <- P", "error: CQL does not mix → and ← in one chain"},
		{"A ← P → P", "error: CQL does not mix → and ← in one chain"},
		{"A -> true -> P", "error: "},
		{"(A -> P) -> k", "{(attacks (attacks A P) k)}"},
		{"A → (P → k)", "{(attacks A (attacks P k))}"},
		{"A attacks P attacks k", "{(attacks (attacks A P) k)}"},
		{"A -> k", "{(attacks A k)}"},
		{"A -> k|q", "{(attacks A (| k q))}"},
		{"Q|R -> k", "{(attacks (| Q R) k)}"},
		{"Q|R ← k&a", "{(attackedby (| Q R) (& k a))}"},
		{"A attacks k|q", "{(| (attacks A k) q)}"},
		{"#A → k", "{(# (attacks A k))}"},

		// An iteration variable must not already be a number, string or position
		// variable (test_filter_square.py).
		{"x=q square x in R btm", "{(= x q) (square x R btm)}"},
		{"x=1 square x in R btm", "error: 'x' is a number variable"},
		{"x=1 square all x in R btm", "error: 'x' is a number variable"},
		{`x="s" piece x in R btm`, "error: 'x' is a string variable"},

		// An empty compound filter is an error (test_filters.py).
		{"{}", "error: empty braces"},
		{"check {}", "error: empty braces"},
		// reti's silly/100gm/exchange.cql: CQL 9.493 says "syntax error following a '{' :
		// expected a filter", also for { } and a brace pair around a comment.
		{"flipcolor{\n}", "error: empty braces"},
		{"flipcolor { }", "error: empty braces"},
		{"{ // nothing\n}", "error: empty braces"},
		// No filters at all: CQL 9.493 says "Expected one or more filters following CQL
		// specification, got none" (reti's silly/12pawnmoves.cql, holes.cql), and refuses
		// an empty file and one with only comments (backward.cql, mini_no_sac.cql).
		{"cql()", "error: the query has no filters"},
		{"cql(quiet)\n// sort by ...\n", "error: the query has no filters"},
		{"", "error: the query has no filters"},
		{"// only a comment\n", "error: the query has no filters"},
		// A function definition counts as a filter: chessql records `cql -parse`
		// accepting it (test_filters.py:1208), and CQL 9.493 runs it, matching all
		// 253 games of its sample.pgn.
		{"function F(){I=3 I+I}", "{}"},
		{"cql() function F(){check}", "{}"},
	})
}
