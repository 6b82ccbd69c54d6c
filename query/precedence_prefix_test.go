package query

import (
	"strings"
	"testing"
)

// TestPrefixNumericArguments checks how far the argument of each prefix
// filter taking a number (or a set counted as one) extends, against CQL
// 6.2's table of precedence (gadycosteff.com/cql/precedencetable.html;
// RogerMarsh/chessql's Precedence values agree): the argument takes every
// operator of a higher cell and stops at the first operator of its own cell
// or a lower one. position, abs and sqrt share a cell below # + * | & ~
// attacks; ascii and int one below + (and above the comparisons);
// lowercase and uppercase one below unary minus and *; rank file type
// colortype pieceid and power one below | and &.
func TestPrefixNumericArguments(t *testing.T) {
	tests := []struct{ rule, src, want string }{
		{"position takes +", "position 1 + 1 : check", "{(: (position (+ 1 1)) check)}"},
		{"position stops at ==", "x = position 0 x == position 0", "{(= x (position 0)) (cmp x == (position 0))}"},
		{"abs takes *", "abs -3 * 2 == 6", "{(cmp (abs (* -3 2)) == 6)}"},
		{"abs takes +", "abs #A - #a > 3", "{(cmp (abs (- (# A) (# a))) > 3)}"},
		{"sqrt takes +", "sqrt 4 + 5 == 3", "{(cmp (sqrt (+ 4 5)) == 3)}"},
		{"int takes +", `int "4" + "2" == 42`, `{(cmp (int (+ "4" "2")) == 42)}`},
		{"ascii takes +", `ascii "A" + "B" > 0`, `{(cmp (ascii (+ "A" "B")) > 0)}`},
		{"lowercase stops at +", `lowercase "A" + "B" == "aB"`, `{(cmp (+ (lowercase "A") "B") == "aB")}`},
		{"uppercase stops at +", `uppercase "a" + "b" == "Ab"`, `{(cmp (+ (uppercase "a") "b") == "Ab")}`},
		{"rank takes |", "rank e4 | e5 == 4", "{(cmp (rank (| e4 e5)) == 4)}"},
		{"file takes |", "file e4 | f4 == 5", "{(cmp (file (| e4 f4)) == 5)}"},
		{"type takes |", "type Q | R > 1", "{(cmp (type (| Q R)) > 1)}"},
		{"colortype takes &", "colortype Q & d1 == 5", "{(cmp (colortype (& Q d1)) == 5)}"},
		{"pieceid takes |", "pieceid Q | R > 0", "{(cmp (pieceid (| Q R)) > 0)}"},
		{"power takes |", "power A | a > 1", "{(cmp (power (| A a)) > 1)}"},
		{"rank stops at +", "rank e4 + 1 == 5", "{(cmp (+ (rank e4) 1) == 5)}"},
		{"parenthesised position is a position", "(position 0) & currentposition", "{(& (position 0) currentposition)}"},
	}
	for _, tt := range tests {
		p, err := Parse("test.cql", []byte(tt.src))
		if err != nil {
			t.Errorf("%s: %q: %v", tt.rule, tt.src, err)
			continue
		}
		if got := Sprint(p.Body); got != tt.want {
			t.Errorf("%s: %q\n got %s\nwant %s", tt.rule, tt.src, got, tt.want)
		}
	}
}

// TestPositionArgumentOverSets: `position 0 & currentposition` is
// position (0 & currentposition) in CQL (position's cell is below &'s), an
// error; the message says so and how to write the intersection.
func TestPositionArgumentOverSets(t *testing.T) {
	for _, src := range []string{"position 0 & currentposition", "x = position 0 | currentposition"} {
		_, err := Parse("test.cql", []byte(src))
		if err == nil {
			t.Errorf("%q parsed", src)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, "the argument of position extends over") || !strings.Contains(msg, "(position N)") {
			t.Errorf("%q: %v", src, msg)
		}
		if strings.Count(msg, "\n^") > 1 || strings.Count(msg, "test.cql:") != 1 {
			t.Errorf("%q: want one error, got\n%s", src, msg)
		}
	}
}
