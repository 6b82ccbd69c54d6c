package main

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// Snippets of chessql's test corpus (RogerMarsh/chessql, whose expected
// parse outcomes match `cql -parse`) where cql and CQL 9.493 disagreed on
// acceptance. Each want is the number of games of cql-sample.pgn that CQL
// 9.493 matches with `cql() SNIPPET`, counted from its output.
func TestChessqlSnippetsCQLAccepts(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	for _, c := range []struct {
		q    string
		want string
	}{
		// makesquare's string argument takes + (CQL's match_sortable), not the
		// set operators after it.
		{`makesquare "a" + "2" & K`, "15"},
		{`x="a" makesquare x + "2" & K`, "15"},
		{`makesquare "e4" attacks k`, "23"},
		// atomic need not come with a variable's first assignment.
		{`X=1 atomic X=2`, "250"},
		// unbind D[key] once D's key type is known, from an entry or a lookup.
		{`dictionary v["a"]=1 unbind v["key"]`, "250"},
		{`dictionary v v["k"] unbind v["key"]`, "0"},
		{`[♕♜]`, "174"},
	} {
		st, out, errs := runCLI(t, "--count", c.q, games)
		if st > 1 || strings.TrimSpace(out) != c.want {
			t.Errorf("%s: status %d, %q games (%s); CQL 9.493 matches %s", c.q, st, strings.TrimSpace(out), errs, c.want)
		}
	}
}

// Snippets that CQL 9.493 refuses (its message quoted) and cql accepted.
func TestChessqlSnippetsCQLRefuses(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	for _, c := range []struct{ q, want string }{
		// "empty list of items followed 'comment', 'message', '///' or 'str'"
		{"///", "empty list of items"},
		{"check ///", "empty list of items"},
		{"comment()", "empty list of items"},
		{"message()", "empty list of items"},
		{"str()", "empty list of items"},
		// "Lexer error ... Invalid character: U+2655"
		{"[♕♜B♘♟]", "mixes letters and figurines"},
		{"[B♘]", "mixes letters and figurines"},
		// "In attempting to clear a dictionary entry with 'unbind dict[key]',
		// the key is of invalid type or does not match the type of a previous
		// key assignment"
		{`dictionary v unbind v["key"]`, "key type is not known yet"},
	} {
		st, _, errs := runCLI(t, "--count", c.q, games)
		if st != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: status %d, %q; want a refusal mentioning %q", c.q, st, errs, c.want)
		}
	}
}

// In a line group CQL's | is a set union binding more tightly than -->
// (CQL 9.493 has no alternation of constituents): `(check --> k|Q)` is
// check --> (k|Q). Each want is CQL 9.493's games and positions (its {CQL}
// marks) on cql-sample.pgn; before, cql read (check --> k) | Q and matched
// more.
func TestLineGroupUnionAsCQL(t *testing.T) {
	games := testdata.File(t, "cql-sample.pgn")
	for _, c := range []struct{ q, want string }{
		{"line --> (check --> k|Q)", "221 matched (2509 positions)"},
		{"line --> (check --> K|Q --> k|q)", "219 matched (2465 positions)"},
		{"line --> (R|Q)+ --> check", "179 matched (6529 positions)"},
		{"line --> (check --> R|Q* --> k)", "221 matched (2509 positions)"},
	} {
		st, _, errs := runCLI(t, "-o", "/dev/null", c.q, games)
		if st != 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: status %d, %q; CQL 9.493: %s", c.q, st, errs, c.want)
		}
	}
}
