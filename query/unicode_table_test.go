package query

import "testing"

// TestUnicodeSymbolTable: every special symbol of CQL's lexer (build 9.493,
// src/lexer.cpp match_special_unicode and the dash and times cases, code
// points in src/uchar-strings.h) parses as the ASCII token CQL maps it to.
// TestUnicodeAliases covers the pieces, arrows, ∊ ∀ ∃ ◭ ✵ ⬓ ▦ ∪ ∩ ≤ ≥ ≠.
func TestUnicodeSymbolTable(t *testing.T) {
	pairs := [][2]string{
		{"x = a1 x ∪= b1", "x = a1 x |= b1"},             // U+222A then '='
		{"x = a1 x ∩= b1", "x = a1 x &= b1"},             // U+2229 then '='
		{"⊢ check", "path check"},                        // U+22A2 turnstile
		{"∙ == ∙", "currentposition == currentposition"}, // U+2219 bullet
		{"parent ≺ ∙", "parent [<] currentposition"},     // U+227A precedes
		{"parent ≻ ∙", "parent [>] currentposition"},     // U+227B succeeds
		{"parent ≼ ∙", "parent [<=] currentposition"},    // U+227C
		{"parent ≽ ∙", "parent [>=] currentposition"},    // U+227D
		{"♘×♛", "N[x]q"},                                 // U+00D7 times
		{"♘―― ♛", "N-- q"},                               // two U+2015 horizontal bars
	}
	// U+25BA is named UnicodeDash in CQL's source but its lexer has no case for
	// it: not a symbol of CQL's.
	if _, err := Parse("u.cql", []byte("♘►♛")); err == nil {
		t.Errorf("♘►♛ parsed; CQL's lexer does not know ►")
	}
	for _, p := range pairs {
		u, err := Parse("u.cql", []byte(p[0]))
		if err != nil {
			t.Errorf("%q: %v", p[0], err)
			continue
		}
		a, err := Parse("a.cql", []byte(p[1]))
		if err != nil {
			t.Errorf("%q (the ASCII form): %v", p[1], err)
			continue
		}
		if us, as := u.String(), a.String(); us != as {
			t.Errorf("%q parses to %s, want %s (as %q)", p[0], us, as, p[1])
		}
	}
}

// TestSetCompoundAssignment: CQL's lexer has |= and &= (and ∪= ∩=), and its
// parser (assignment-parse.cpp) builds `x |= S` as x = x | S, `x &= S` as
// x = x & S, for an existing set variable x; anything else is an error.
func TestSetCompoundAssignment(t *testing.T) {
	checkParses(t, []parseCase{
		{"x = a1 x |= b1", "{(= x a1) (= x (| x b1))}"},
		{"x = A x&=K", "{(= x A) (= x (& x K))}"},
		{"x = A x ∩= K", "{(= x A) (= x (& x K))}"},
		{"x |= b1", "error: undefined variable 'x'"},
		{"x = 3 x |= b1", "error: must be a set filter, found a number filter"},
		{"x = a1 x &= 3", "error: must be a set filter, found a number filter"},
		{"a1 |= b1", "error: expected filter, found '|='"},
	})
}
