package query

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzParse checks that no input makes Parse panic or hang, that errors
// always carry a valid position, and that a parsed program prints. Run:
//
//	go test ./query -run '^$' -fuzz FuzzParse -fuzztime 60s -fuzzminimizetime 3s
//
// (a short minimize time keeps the fuzzer from stalling on minimization
// of large inputs on a loaded machine).
func FuzzParse(f *testing.F) {
	seeds := []string{
		"square x in h1-8 R attacks x x attacks K",
		"cql(input a.pgn matchcount 2 5 sort matchcount) mate",
		"2 < #P <= 5 A == K flipcolor {wtm K attacks q result 1-0}",
		"line --> check{2,5} --> (mate | stalemate)* --> R+",
		"move from P to a-h8 promote [RBN] previous x = R x += 1",
		"♔ → ♚ ∀ ∊ △ ▲ □ ▦ ◭ ⬓ ✵ ≤ ≥ ≠ ∩ ∪",
		`player white "a" event "b" tag "c" "d" comment("x" R)`,
		"piece all x in A { x attacks k } echo (s t) s",
		"/* unterminated", `"unterminated`, "[a1,", "R[", "up 1 2 R | P",
		// game tree, :, echo, find, line (issue 10)
		"x = parent x:check child(1):not check position 0 : child : ply == 1 positionid > 3",
		"echo quiet (s t) in all { s:sidetomove == sidetomove distance(s t) > 4 lca(s t) ≺ s }",
		"ancestor(parent child) descendant(initialposition currentposition) [<=] ∙ ≻ position 2 depth virtualmainline",
		"find quiet all <-- 2 5 check  find <-- mate : ply",
		"line firstmatch singlecolor 3 10 --> check{1,3} --> (mate | stalemate){+} --> R{*} --> move from R comment(\"x\") --> check",
		// current-move filters, loop, path (issue 10)
		"enpassant castle o-o o-o-o nullmove currentmove R×q currentmove ――e4(check) loop {x < 3 x += 1}",
		"⊢ ♗×♟h7 check ♚×h7 ♘――g5 check {path -- -- ply == 3} path focus -- path (--)* path --{2}",
		"path quiet firstmatch lastposition primary focus capture [Pp] (B[x]h7 check | N--g5){1,3} -- ? (check)* --{2,} | mate",
		"{path focus ♙ ((-- check --)+ | (--=Q)){+} ply == 3} (path --+) == 2 sort path max(1 2) == 2 --{*} (path (-- ( | ) ",
		"legal --(o-o) pseudolegal K×(enpassant) legal ――(castle) legal R--(mate) legal 3 legal",
		"countmoves legal --*2 countmoves ×%2 countmoves --(btm) countmoves k countmoves",
		"line singlecolor <-- check{2} x = parent #(x & currentposition) == 62 (position 0) ∩ ∙ path -- {2,3} {check} [x] a[x]b",
		`path primary verbose keepallbest quiet nestban firstmatch lastposition title "t" max #A 2 5 --+ line nestban --> check`,
		`path singlecolor piecepath max {check 1} --(check ply) ×(#a) == 15 x = ×(R) --(+) N--g5(#) position 0 & currentposition`,
		// path operands and targets, move refusals, negative ranges (issue 10, session 24)
		"path --(--) == 2 path -- + > 3 path -- or mate x = path --(check)+ x >= 3 path -- (R){2} -- (Q) path --(R)|(Q) == 3",
		"path lastposition -- check : (ply == 5) find check : mate find -2 0 check move captures Q enpassantsquare & e5 check 3",
		// move filters as CQL's parser reads them (issue 10)
		`--q|b b|q-- R--q|b --="q" e2--="b5" v="Q" P--=v(btm) function F(T){--=T(R)}F("Q") --Qa4="Nty" --=(Q)`,
		"legal -- == 3 legal -- & legal -- ---- --k-- {e2 2}-- --=q and 2 -- (k)-- --and-- {2} --{5} countmoves ×-2 [x]{,3}",
		// strings, functions, dictionaries, persistent state (issue 12)
		`x = "football" ~~ "(o+)tba(l+)" \1 == "oo" \-2 == 6 x[1:3] == "oo" #x > 2 str(x " " K) lowercase x + "a"`,
		`function f(a b) { a + b } function g(x) { f(x x) } g(2) == 4 f("a" "b") == "ab"`,
		`dictionary D D["a"] = 1 D["a"] += 1 D["a"] unbind D local dictionary L L[ e4 ] = "x"`,
		`dictionary D D[ a5 ] = 1 Key ∊ D D[Key] > 0 "x" in D message quiet ("a" \n Key) dictionary S S["w"] = A Sq ∊ S["w"] true`,
		`early(3) == 9 function early(x) { x * later(x) } function later(y) { y - 2 } f(1) function f(z) { z }`,
		`atomic X = 4 atomic Y = "hello" X == 4 path -- Y == "a"`,
		`atomic A1 = 0 path (-- {A1 += 1} | -- -- {A1 = 2 check}) A1 == 1`,
		`hhdb TT hhdb "(c)" hhdb "<main>" hhdb mainline hhdb gbr kings == "d4g7" hhdb egdiagram > 3 sound = hhdb stipulation`,
		`hhdb prize special max < 3 hhdb sort award hhdb special sort hm hhdb composer "K" hhdb gbr material hhdb search "x" hhdb cooked`,
		`persistent quiet n += 1 persistent s = "" settag("X" str(n)) assert n > 0 max("a" "b") indexof("a" "ba")`,
		// session 24's forms: move comments, negative ranges, : after a path, dihedral
		`move from R comment("x") find -2 0 check find -1 check path lastposition --(check) : mate x = path --(check)+ x >= 3`,
		`dihedral flipdihedral {comment(currenttransform) Na1} path -- (P->k)|k line --> (R | Q) --> check enpassantsquare`,
		// transform ranges and orbit order, smart comments of values (issues 10, 11)
		`flip 2 4 [Rr]a1 (flipcolor 1 {comment("f") btm}) == 1 flip count flip flip Kb1 shift 3 Ka1 rotate90 1 2 {x = #n&f6 wtm}`,
		`max({comment("a") 2} {comment("b") 1}) min("a" {comment("c") "b"}) {comment("x") a1} != h8 (flipcolor {comment(ply) #N}) > 0`,
		// CQLi's filters, named groups, patterns from filters, move reverse (issue 34)
		`halfmoveclock >= 10 currentfen ~~ ".*K.*R.*k.*r.*" standardfen ~~ "(?P<ep>[a-h][36])" \{ep} \-{ep} zobristkey #promotedpieces legalposition reachableposition`,
		`p = "K" currentfen ~~ p currentfen ~~ (p + "Q") \{ \{x \-{} move from e2 reverse count move reverse capture . reverse = 1 zobristkey = 2`,
	}
	files, _ := filepath.Glob("testdata/cql/*.cql")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			seeds = append(seeds, string(b))
		}
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		prog, err := Parse("fuzz.cql", src)
		if err != nil {
			list, ok := err.(ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("error %T %v is not a non-empty ErrorList", err, err)
			}
			for _, e := range list {
				if e.Pos.Line < 1 || e.Pos.Col < 1 || e.Pos.Offset < 0 || e.Pos.Offset > len(src) {
					t.Fatalf("bad error position %+v for input of %d bytes", e.Pos, len(src))
				}
				if utf8.Valid(src) && !utf8.ValidString(e.Error()) {
					t.Fatalf("error message is not valid UTF-8: %q", e.Error())
				}
			}
			return
		}
		_ = prog.String()
		Inspect(prog.Body, func(n Node) bool {
			if v, ok := n.(*Var); ok && v.Sym == nil {
				t.Fatalf("unresolved variable %s", v.Name)
			}
			return true
		})
	})
}
