package filter

import (
	"regexp"
	"regexp/syntax"
	"strings"
)

// dotStarLiterals reports whether re is ".*L1.*L2 ... .*Ln.*": literals
// (case-sensitive, no groups) between runs of any characters, the first and
// the last run greedy, and returns L1 ... Ln. On a string without a newline,
// such a pattern matches exactly when the literals occur in it in order, and
// its leftmost-first match is then the whole string: the first run can start
// at 0, and the last one, greedy, runs to the end (`.` takes anything but a
// newline). CQLi's users search FENs this way (`currentfen ~~ ".*K.*R.*k.*r.*"`),
// which Go's regexp engine runs many times slower than strings.Index does.
func dotStarLiterals(re *regexp.Regexp) ([]string, bool) {
	if re == nil || re.NumSubexp() != 0 {
		return nil, false
	}
	t, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return nil, false
	}
	t = t.Simplify()
	if t.Op != syntax.OpConcat || len(t.Sub) < 3 {
		return nil, false
	}
	anyRun := func(s *syntax.Regexp) bool {
		return s.Op == syntax.OpStar && len(s.Sub) == 1 && s.Sub[0].Op == syntax.OpAnyCharNotNL
	}
	first, last := t.Sub[0], t.Sub[len(t.Sub)-1]
	if !anyRun(first) || !anyRun(last) || first.Flags&syntax.NonGreedy != 0 || last.Flags&syntax.NonGreedy != 0 {
		return nil, false
	}
	var lits []string
	for i, s := range t.Sub[1 : len(t.Sub)-1] {
		switch {
		case i%2 == 0 && s.Op == syntax.OpLiteral && s.Flags&syntax.FoldCase == 0:
			lits = append(lits, string(s.Rune))
		case i%2 == 1 && anyRun(s):
		default:
			return nil, false
		}
	}
	if len(t.Sub)%2 == 0 { // a literal must stand between every two runs
		return nil, false
	}
	return lits, true
}

// literalsInOrder reports whether lits occur in s one after another.
func literalsInOrder(s string, lits []string) bool {
	for _, l := range lits {
		i := strings.Index(s, l)
		if i < 0 {
			return false
		}
		s = s[i+len(l):]
	}
	return true
}
