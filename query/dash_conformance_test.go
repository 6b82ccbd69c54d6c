package query

import (
	"strings"
	"testing"
)

// TestDashFormsCQLAccepts: move-filter forms that CQL accepts, each keyed by
// the line of RogerMarsh/chessql's tests (chessql/core/tests, built to match
// `cql -parse`) that records CQL accepting it, with the tree CQL's parser
// builds (build 9.493: toplevel.cpp match_mulop_x, dash-parse.cpp): the left
// and right sides of -- are filters of the attack-arrow level, so | binds
// inside them; '=' takes a piece type or a string filter; legal D is a set.
func TestDashFormsCQLAccepts(t *testing.T) {
	for _, c := range []struct{ at, src, want string }{
		{"test_filter_dash_ascii.py:3996", "--q|b", "{(-- _ (| q b) _)}"},
		{"test_filter_dash_ascii.py:4008", "R--q|b", "{(-- R (| q b) _)}"},
		{"test_filter_dash_ascii.py:3942", "b|q--", "{(-- (| b q) _ _)}"},
		{"test_filter_take_utf8.py:3959", "×q|b", "{(× _ (| q b) _)}"},
		{"test_filter_take_ascii.py:3911", "b|q[x]", "{(× (| b q) _ _)}"},
		{"test_filter_dash_ascii.py:853", `--="q"`, `{(-- ="q" _ _ _)}`},
		{"test_filter_dash_ascii.py:865", `--="qa5"`, `{(-- ="qa5" _ _ _)}`},
		{"test_filter_dash_ascii.py:1117", `e2--="b5"`, `{(-- ="b5" e2 _ _)}`},
		{"test_filter_dash_ascii.py:1369", `--Qa4="Nty"`, `{(-- ="Nty" _ Qa4 _)}`},
		{"test_filter_take_utf8.py:1592", `r×Qa4="R09"`, `{(× ="R09" r Qa4 _)}`},
		{"test_filter_dash_ascii.py:3093", `v="Q" P--=v(btm)`, `{(= v "Q") (-- =v P _ btm)}`},
		{"test_filter_dash_ascii.py:3649", `v="Q" r--N=v(btm)`, `{(= v "Q") (-- =v r N btm)}`},
		{"test_filter_dash_ascii.py:276", `function F(T){--=T}F("Q")`, `{{(= F(T)#1 "Q") {(-- =F(T)#1 _ _ _)}}}`},
		{"test_filter_take_ascii.py:753", `function F(T){P[x]R=T(B)}F("Q")`, `{{(= F(T)#1 "Q") {(× =F(T)#1 P R B)}}}`},
		{"test_filter_legal.py:1393", "legal -- == 3", "{(cmp (# (legal (-- _ _ _))) == 3)}"},
		{"test_filter_legal.py:1406", "legal -- == legal --", "{(cmp (legal (-- _ _ _)) == (legal (-- _ _ _)))}"},
		{"test_filter_legal.py:1454", "legal -- & legal --", "{(& (legal (-- _ _ _)) (legal (-- _ _ _)))}"},
		{"test_filter_pseudolegal.py:1420", "pseudolegal -- == pseudolegal --", "{(cmp (pseudolegal (-- _ _ _)) == (pseudolegal (-- _ _ _)))}"},
		{"test_filter_countmoves.py:163", "countmoves ×+2", "{(+ (countmoves (× _ _ _)) 2)}"},
		{"test_filter_countmoves.py:255", "countmoves × >2", "{(cmp (countmoves (× _ _ _)) > 2)}"},
		{"test_filter_dash_ascii.py:224", "-- {2 4}", "{(-- _ _ _) {2 4}}"},
		{"test_filter_dash_ascii.py:27", "(--)", "{(-- _ _ _)}"},
	} {
		p, err := Parse("t.cql", []byte(c.src))
		if err != nil {
			t.Errorf("%s %s: %v", c.at, c.src, err)
			continue
		}
		if got := Sprint(p.Body); got != c.want {
			t.Errorf("%s %s:\n got %s\nwant %s", c.at, c.src, got, c.want)
		}
	}
}

// TestDashFormsCQLRejects: move-filter forms that CQL refuses (chessql's
// recorded verdicts, file:line), each with the error we give. The rules
// come from CQL's parser, not from the list: a -- tied to the token before
// it needs a set there (DashToken::fixPrevious, match_dashnode_from_prefix);
// {n} and {n,m} without spaces are one repetition token
// (Lexer::match_bracereptoken); '=' reads a whole filter, which must be a
// piece type or a string (match_dash_promotion); the right side must be a
// set (match_dash_right); '(' after a space is refused (match_dash_target);
// legal takes a non-capturing -- without promotion (match_legal_dash).
func TestDashFormsCQLRejects(t *testing.T) {
	const (
		leftTie = "touches the filter before it"
		rep     = "a repetition like {2} or {2,4}"
		setTo   = "the right side of '--' must be a set filter"
		setFrom = "the left side of '--' must be a set filter"
		promo   = "'=' in a move filter takes a piece type"
		space   = "'(' after a move filter and a space"
		legalX  = "takes a -- filter: CQL does not support"
	)
	for _, c := range []struct{ at, src, pos, msg string }{
		{"test_filter_dash_ascii.py:205", "{2}", "1:1", rep},
		{"test_filter_dash_ascii.py:258", "--{5}", "1:3", rep},
		{"test_filter_dash_ascii.py:716", "e2--Qa4{5}", "1:8", rep},
		{"test_filter_dash_ascii.py:2776", "e2--Qa4(btm){5}", "1:13", rep},
		{"test_filter_dash_ascii.py:221", "--{2 4}", "1:3", setTo},
		{"test_filter_take_ascii.py:201", "[x]{2 4}", "1:4", setTo},
		{"test_filter_dash_ascii.py:394", "{e2 2}--", "1:1", setFrom},
		{"test_filter_dash_ascii.py:995", "--=q and 2", "1:3", promo},
		{"test_filter_dash_ascii.py:1025", "--=q or 2", "1:3", promo},
		{"test_filter_take_ascii.py:1768", "e2[x]Qa4=q or 2", "1:9", promo},
		{"test_filter_dash_ascii.py:4023", "----", "1:3", leftTie},
		{"test_filter_dash_ascii.py:4032", "--×", "1:3", leftTie},
		{"test_filter_dash_ascii.py:4035", "--k--", "1:4", leftTie},
		{"test_filter_dash_ascii.py:4038", "--to--", "1:5", leftTie},
		{"test_filter_dash_ascii.py:4041", "--{1 k}--", "1:8", leftTie}, // {1 k} is a set, k
		{"test_filter_dash_ascii.py:4044", "--(k)--", "1:6", leftTie},
		{"test_filter_dash_ascii.py:4048", "-- (k)--", "1:4", space},
		{"test_filter_dash_ascii.py:4078", "-- (k) --", "1:4", space},
		{"test_filter_take_utf8.py:4188", "× (k) ×", "1:3", space},
		{"test_filter_dash_ascii.py:4240", "--and--", "1:6", leftTie},
		{"test_filter_dash_ascii.py:4243", "-- and--", "1:7", leftTie},
		{"test_filter_take_ascii.py:4281", "[x] and[x]", "1:8", leftTie},
		{"test_filter_take_ascii.py:4007", "[x]to[x]", "1:6", leftTie},
		{"test_filter_take_ascii.py:4004", "[x]k[x]", "1:5", leftTie},
		{"test_filter_legal.py:109", "legal [x]", "1:7", legalX},
		{"test_filter_legal.py:112", "legal ×", "1:7", legalX},
		{"test_filter_pseudolegal.py:112", "pseudolegal ×", "1:13", legalX},
		{"test_filter_legal.py:125", "legal --{5}", "1:9", rep},
		{"test_filter_legal.py:421", "legal --(o-o){5}", "1:14", rep},
		{"test_filter_countmoves.py:176", "countmoves ×-2", "1:13", "the right side of '--' must be a set filter, found a number"},
		{"test_filter_countmoves.py:371", "countmoves legal [x]", "1:18", legalX},
		{"test_filter_countmoves.py:391", "countmoves legal ---2", "1:20", setTo},
		{"test_filter_countmoves.py:793", "countmoves --{5}", "1:14", rep},
		{"test_filter_countmoves.py:3309", "countmoves e2×Qa4=q(btm){5}", "1:25", rep},
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

// TestDashTies: which token a -- is tied to, as CQL's lexer decides: no tie
// after whitespace or after ( { : + - * / > < , ~ = | & (so `(--)`, `x:--`,
// `k|--` are move filters without a left side), a tie after anything else.
func TestDashTies(t *testing.T) {
	for _, src := range []string{"(--)", "{--}", "x = currentposition x:--", "k|--", "1+--", "line -->-- --> check", "Q&--"} {
		if _, err := Parse("t.cql", []byte(src)); err != nil && strings.Contains(err.Error(), "touches the filter before it") {
			t.Errorf("%s: %v", src, err)
		}
	}
	for _, src := range []string{"check--", "2--", `"a"--`, "not--"} {
		_, err := Parse("t.cql", []byte(src))
		if err == nil {
			t.Errorf("%s: accepted, want an error", src)
		}
	}
}
