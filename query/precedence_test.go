package query

import (
	"strings"
	"testing"
)

// TestPrecedenceTable checks the manual's table of precedence
// (gadycosteff.com/cql-6-1/precedencetable.html; RogerMarsh/chessql's
// Precedence values agree), one neighbouring pair of cells at a time, from
// the lowest cell up. Each case is written so that the two readings of the
// pair give different trees.
func TestPrecedenceTable(t *testing.T) {
	tests := []struct{ rule, src, want string }{
		{"transforms < or", "flipcolor check or mate", "{(flipcolor (or check mate))}"},
		{"body of square < or", "square x in A check or mate", "{(square x A (or check mate))}"},
		{"or < and", "check or mate and stalemate", "{(or check (and mate stalemate))}"},
		{"and < not", "not check and mate", "{(and (not check) mate)}"},
		{"not < in", "not A in B", "{(not (in A B))}"},
		{"in < comparisons", "x = 1 x == 1 in A", ""}, // (x == 1) in A: 'in' of a logical filter
		{"comparisons < abs", "abs -3 == 3", "{(cmp (abs -3) == 3)}"},
		{"abs < +", "abs #A - #a > 3", "{(cmp (abs (- (# A) (# a))) > 3)}"},
		{"+ < unary minus", "x = 2 (-x + 3 == 1)", "{(= x 2) (cmp (+ (neg x) 3) == 1)}"},
		{"unary minus < *", "x = 2 (-x * 3 == -6)", "{(= x 2) (cmp (neg (* x 3)) == -6)}"},
		{"+ < *", "1 + 2 * 3 == 7", "{(cmp (+ 1 (* 2 3)) == 7)}"},
		{"# and +", "#A + 1 > 2", "{(cmp (+ (# A) 1) > 2)}"},
		{"* < power", "power A * 2 > 3", "{(cmp (* (power A) 2) > 3)}"},
		{"power < |", "power A | a > 3", "{(cmp (power (| A a)) > 3)}"},
		// CQL does not count a set in arithmetic, so these two are errors; which
		// side the error names shows which reading the parser took.
		{"* < |", "2 * A | a > 3", "error: the right side of * must be a number filter, found a set"},
		{"+ < &", "A & a + 1 > 3", "error: the left side of + must be a number filter, found a set"},
		{"# < |", "#A | a == 32", "{(cmp (# (| A a)) == 32)}"},
		{"| < &", "A | P & R", "{(| A (& P R))}"},
		{"& < ~", "~A & B", "{(& (~ A) B)}"},
		{"~ < attacks", "~A attacks k", "{(~ (attacks A k))}"},
		{"# < attackedby", "#_ attackedby K == 8", "{(cmp (# (attackedby _ K)) == 8)}"},
		{"# < attacks", "#A attacks k", "{(# (attacks A k))}"},
		{"& < attacks", "R & A attacks k", "{(& R (attacks A k))}"},
		{"attacks is left associative", "A attacks B attacks k", "{(attacks (attacks A B) k)}"},
		{"attacks < from parameter", "move from R attacks k", "{(attacks (move from R) k)}"},
		{"attacks < direction filters", "up R attacks k", "{(attacks (up R) k)}"},
		{"| < direction filters", "up R | P", "{(| (up R) P)}"},
		{"in parameter to square < |", "square x in A | a x", "{(square x (| A a) x)}"},
		{"comparisons chain (right associative, as a chain)", "1 < #A <= 16", "{(cmp 1 < (# A) <= 16)}"},
		{"arithmetic is left associative", "8 - 2 - 1 == 5", "{(cmp (- (- 8 2) 1) == 5)}"},
	}
	for _, tt := range tests {
		p, err := Parse("test.cql", []byte(tt.src))
		if msg, ok := strings.CutPrefix(tt.want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), msg) {
				t.Errorf("%s: %q parsed as %v (err %v), want the error %q", tt.rule, tt.src, p, err, msg)
			}
			continue
		}
		if tt.want == "" {
			if err == nil || !strings.Contains(err.Error(), "'in' needs two set filters") {
				t.Errorf("%s: %q parsed as %v (err %v), want 'in' applied to a comparison", tt.rule, tt.src, p, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %q: %v", tt.rule, tt.src, err)
			continue
		}
		if got := Sprint(p.Body); got != tt.want {
			t.Errorf("%s: %q\n got %s\nwant %s", tt.rule, tt.src, got, tt.want)
		}
	}
}
