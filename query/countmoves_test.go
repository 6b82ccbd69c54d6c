package query

import (
	"strings"
	"testing"
)

// TestCountMovesParse checks countmoves' argument against chessql's
// recorded parses (test_filter_countmoves.py, made to match `cql -parse`):
// the argument is one -- or × filter, or legal/pseudolegal and one, and an
// arithmetic or comparison operator after it applies to the count
// (countmoves legal --*2 is Star(CountMoves(Legal(Dash)), 2)). CQL refuses
// countmoves without a move filter (countmoves, countmoves k).
func TestCountMovesParse(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"countmoves --(btm)", "{(countmoves (-- _ _ btm))}"},
		{"countmoves legal --*2", "{(* (countmoves (legal (-- _ _ _))) 2)}"},
		{"countmoves ×%2", "{(% (countmoves (× _ _ _)) 2)}"},
		{"countmoves [x]", "{(countmoves (× _ _ _))}"},
		{"countmoves pseudolegal ――==2", "{(cmp (countmoves (pseudolegal (-- _ _ _))) == 2)}"},
		{"countmoves -- == countmoves --", "{(cmp (countmoves (-- _ _ _)) == (countmoves (-- _ _ _)))}"},
		{"countmoves -- or 3", "{(or (countmoves (-- _ _ _)) 3)}"},
		{"countmoves legal --(o-o)", "{(countmoves (legal o-o (-- _ _ _)))}"},
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
	for _, c := range []struct{ src, msg string }{
		{"countmoves k", "t.cql:1:12: 'countmoves' takes a move filter"},
		{"countmoves", "t.cql:1:11"},
		{"countmoves -- & 3", "the left side of & must be a set filter"},
	} {
		_, err := Parse("t.cql", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want %q", c.src, err, c.msg)
		}
	}
}

// TestLineParamsAnyOrder: CQL's sequence-parse.cpp reads line's parameters
// and its one range in any order; chessql records line quiet 1 3 firstmatch
// --> check and line secondary --> check as accepted.
func TestLineParamsAnyOrder(t *testing.T) {
	for _, src := range []string{"line quiet 1 3 firstmatch --> check", "line quiet 1 3 firstmatch <-- check", "line secondary --> check", "line 2 secondary nestban --> check"} {
		p, err := Parse("t.cql", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		ln, ok := p.Body.Filters[0].(*Line)
		if !ok {
			t.Errorf("%s: got %s", src, Sprint(p.Body))
			continue
		}
		if strings.Contains(src, "1 3") && (ln.Range == nil || ln.Range.Min != 1 || ln.Range.Max != 3 || !ln.Quiet || !ln.FirstMatch) {
			t.Errorf("%s: got %s", src, Sprint(p.Body))
		}
		if strings.Contains(src, "secondary") && (!ln.Secondary || ln.Primary) {
			t.Errorf("%s: got %s", src, Sprint(p.Body))
		}
	}
}

// TestRangeThenParameters: chessql records find 2 4 quiet check, find 4 <--
// check (test_filters.py:803, :838) and consecutivemoves 1 quiet (p1 p2)
// (:379) as accepted by CQL: the range may come before the parameters.
func TestRangeThenParameters(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"find 2 4 quiet check", "{(find quiet 2 4 check)}"},
		{"find 4 <-- check", "{(find <-- 4 check)}"},
		// (not with all: CQL's match_findnode refuses a range with all)
		{"find 4 <-- quiet check", "{(find quiet <-- 4 check)}"},
		{"p1=position 1 p2=position 2 consecutivemoves 1 quiet (p1 p2)", "{(= p1 (position 1)) (= p2 (position 2)) (consecutivemoves 1 p1 p2)}"},
	} {
		p, err := Parse("t.cql", []byte(c.src))
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := Sprint(p.Body); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.src, got, c.want)
		}
		if cm, ok := p.Body.Filters[len(p.Body.Filters)-1].(*ConsecutiveMoves); ok && !cm.Quiet {
			t.Errorf("%s: quiet lost", c.src)
		}
	}
}
