package query

import (
	"strings"
	"testing"
)

// TestLexerAndPathFormsOfCQLSource checks forms whose reading comes from CQL
// build 9.493's source (lexer.cpp, lexer-fix-whitespace.cpp,
// lexer-cleanup.cpp, path-parse.cpp, piecesquareloop-parse.cpp,
// toplevel-aux.cpp), each of which CQL's own examples (the exalpha directory
// of its distribution) use:
//   - `/// args` is `comment (args)` to the end of its line; `////` is an
//     ordinary comment, and so is `;` to the end of the line;
//   - ◎ is the keyword focus;
//   - a blank line ends a path when no bracket opened inside it is open;
//   - the filters after a path's move step are its targets, and a repetition
//     applies to the step with them; a repetition after any other filter in
//     a path is an error (`path k +`: chessql's test_filter_path.py:613);
//   - the domains of ∊ loops, square/piece loops, power and a path's focus are
//     whole set expressions down to the attack arrows (match_set).
func TestLexerAndPathFormsOfCQLSource(t *testing.T) {
	checkParses(t, []parseCase{
		{"check ///\"x\" k\nk", `{check (comment "x" k) k}`},
		{"check //// not a comment filter\nk", "{check k}"},
		{"check ; a comment\nk", "{check k}"},
		{"check ///\"x\"", `{check (comment "x")}`},
		{"check ///\"x\" /// \"y\"", "error: two '///' comments on one line"},
		// The newline that ends a // comment is not white space to CQL's lexer, so
		// the /// comment goes on (lexer.cpp, match_whitespacetoken).
		{"check ///\"x\" // trailing\nk", `{check (comment "x" k)}`},
		{"path ◎A --", "{(path focus A (-- _ _ _))}"},
		{"⊢◎A∪a ――", "{(path focus (| A a) (-- _ _ _))}"},
		{"path -- check +", "{(path (-- _ _ check)+)}"},
		{"path -- check mate R-- check", "{(path (-- _ _ {check mate}) (-- R _ check))}"},
		{"path --(check) mate", "{(path (-- _ _ {check mate}))}"},
		{"path -- {check} {2,}", "{(path (-- _ _ {check}){2,})}"},
		{"path k +", "error: a repetition in a path applies to a move step"},
		{"path check{2,} --", "error: a repetition in a path applies to a move step"},
		{"path (check)* -- check", "{(path (alt [ check ])* (-- _ _ check))}"},
		{"path -- --\n\ncheck", "{(path (-- _ _ _) (-- _ _ _)) check}"},
		{"path -- --\ncheck", "{(path (-- _ _ _) (-- _ _ check))}"},
		{"path (--\n\n--) check", "{(path (alt [ (-- _ _ _) (-- _ _ _) ]) check)}"},
		{"{path --\n\n} check", "{{(path (-- _ _ _))} check}"},
		{"path\n\n--", "error: 'path' needs at least one constituent"},
		// A blank line after a /// comment still ends the path: CQL's lexer
		// emits the comment's end, then the path's end; lines of spaces
		// are blank too (CQL's queenknightpromotion example: with its two
		// paths read as one, it matched none of sample.pgn's games, CQL 1).
		{"path -- ///\"x\"\n\ncheck", `{(path (-- _ _ (comment "x"))) check}`},
		{"path -- ///\"x\"\n   \n \n ⊢ --", `{(path (-- _ _ (comment "x"))) (path (-- _ _ _))}`},
		{"path -- ///\"x\"\n check", `{(path (-- _ _ {(comment "x") check}))}`},
		{"path -- --\n  \t \ncheck", "{(path (-- _ _ _) (-- _ _ _)) check}"},
		{"◭E∊R→k check", "{(piece E (attacks R k) check)}"},
		{"x∊ _←K check", "{(square x (attackedby _ K) check)}"},
		{"square x in A→k check", "{(square x (attacks A k) check)}"},
		// A filter constituent of a path is a whole filter (match_holdercon reads
		// match_node), so arrows, & and comparisons join it; CQL's examples
		// likeinterference, queentriangulation and bristol-simple write these.
		{"path Q-- Q→k", "{(path (-- Q _ (attacks Q k)))}"},
		{"x=∙ path Q-- x∩∙==▦", "{(= x currentposition) (path (-- Q _ (cmp (& x currentposition) == .)))}"},
		{"path -- check or mate", "{(path (-- _ _ (or check mate)))}"},
		// CQL's path has no alternatives: 9.493 refuses a | that no filter
		// reads as a union ("Extra text following the filters").
		{"path -- check | mate", "error: '|' cannot separate path constituents"},
		{"path (-- check | -- mate)", "error: '|' cannot separate path constituents"},
		{"path (R | Q) --", "{(path (alt [ (| R Q) ]) (-- _ _ _))}"},
		{"find count check", "{(find -100000 100000 check)}"},
		// The set before a tied -- is read whole (match_dash_tie_x), and a
		// destination may be evaluated at a position: CQL's dingstheme and
		// two-piece-cycle examples; max takes a whole filter (match_node).
		{"T=Q path ~T-- +", "{(= T Q) (path (-- (~ T) _ _)+)}"},
		{"T=Q S=∙ path T--S:T", "{(= T Q) (= S currentposition) (path (-- T (: S T) _))}"},
		{"path max ply >= 5 --", "{(path max (cmp ply >= 5) (-- _ _ _))}"},
		// Anything touching a path step's -- starts its destination, a whole set
		// down to & (DashToken::fixNext, match_dash_right): CQL's snake and
		// rundlaufe examples; with `northeast` as a target instead, snake matched
		// 142 of the 253 games of CQL's sample.pgn, where CQL matches none.
		{"T=Q path T--northeast 1 T", "{(= T Q) (path (-- T (northeast 1 T) _))}"},
		{"T=Q path T--~T&_ {2,}", "{(= T Q) (path (-- T (& (~ T) _) _){2,})}"},
		// A range is a number no operator follows (match_rangeconstituent):
		// CQL's snake example writes `✵ 5 ≤ sort ...`.
		{"flip 5 <= #A", "{(flip (cmp 5 <= (# A)))}"},
		{"flip 2 4 <= #A", "{(flip 2 2 (cmp 4 <= (# A)))}"},
		{"flip 2 4 check", "{(flip 2 4 check)}"},
		{"find 3 + 1 == 4", "{(find (cmp (+ 3 1) == 4))}"},
		{"line 1 3 --> check", "{(line 1 3 --> check)}"},
	})
}

// TestParseTimeTypesOfUnresolvedNames: the parser asks an assigned value's
// type before the checker resolves names (range bounds); a value whose type
// comes from a variable must not crash it. CQL's two-piece-cycle and
// bristol-universal examples assign `C1 = T1` and `FrontStart=Front`.
func TestParseTimeTypesOfUnresolvedNames(t *testing.T) {
	for _, src := range []string{
		"T1 = Q C1 = T1 C1 == T1",
		"S = currentposition x = S:ply x > 1",
		"y = 3 x = sort y x == 3",
	} {
		if _, err := Parse("test.cql", []byte(src)); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}

// parseCase is a query and what Parse makes of it: the printed body, or
// "error: " and a part of the message.
type parseCase struct{ src, want string }

func checkParses(t *testing.T, cases []parseCase) {
	t.Helper()
	for _, c := range cases {
		p, err := Parse("test.cql", []byte(c.src))
		if msg, ok := strings.CutPrefix(c.want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), msg) {
				t.Errorf("%q: got %v (err %v), want the error %q", c.src, p, err, msg)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if got := Sprint(p.Body); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// CQL 9.493 also spells attacks `attack` and attackedby `attacked by`
// (toplevel.cpp match_attack) and currentposition `curpos`, and reserves
// the words: on its sample.pgn `Q attack k` and `k attacked by Q` match 93
// games (as Q attacks k), `k attacked by Q attacks a` 65; `attacked = 3`
// is refused.
func TestOtherSpellingsOfCQL(t *testing.T) {
	checkParses(t, []parseCase{
		{"Q attack k", "{(attacks Q k)}"},
		{"k attacked by Q", "{(attackedby k Q)}"},
		{"k attacked by Q attacks a", "{(attacks (attackedby k Q) a)}"},
		{"attacked = 3", "error: "},
		{"attack = 3", "error: "},
	})
}

// position and child take a numeric filter only: CQL 9.493 refuses a set
// there ("'position' requires a numeric filter following it", "Expected a
// numeric filter following 'child ('") and runs #S; we counted the set.
func TestPositionAndChildTakeNoSet(t *testing.T) {
	for _, c := range []struct {
		src string
		ok  bool
	}{
		{"position K : check", false},
		{"child (Q)", false},
		{"x = K child(x)", false},
		{"position #K : check", true},
		{"child(#Q)", true},
	} {
		_, err := Parse("test.cql", []byte(c.src))
		if (err == nil) != c.ok {
			t.Errorf("%s: error %v, want accepted %v", c.src, err, c.ok)
		}
	}
}
