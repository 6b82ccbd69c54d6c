package query

import "testing"

// TestToUnicodeKeepsAttackWords: CQL 6.2's arrows bind more loosely than | and chain
// into a pin (A → P → k), while the words attacks and attackedby bind more tightly than
// &, so the words stay words; ASCII arrows become Unicode ones. Every conversion parses
// to the same program.
func TestToUnicodeKeepsAttackWords(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"A attacks P attacks k", "△ attacks ♙ attacks ♚"},
		{"A attacks k|q", "△ attacks ♚∪♛"},
		{"R attackedby k attackedby Q", "♖ attackedby ♚ attackedby ♕"},
		{"A -> P -> k", "△ → ♙ → ♚"},
		{"Q|R <- k", "♕∪♖ ← ♚"},
	} {
		got := string(ToUnicode([]byte(c.src)))
		if got != c.want {
			t.Errorf("ToUnicode(%q) = %q, want %q", c.src, got, c.want)
		}
		a, err := Parse("a.cql", []byte(c.src))
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		b, err := Parse("b.cql", []byte(got))
		if err != nil {
			t.Errorf("%q converted to %q: %v", c.src, got, err)
			continue
		}
		if Sprint(a.Body) != Sprint(b.Body) {
			t.Errorf("%q converted to %q: %s, want %s", c.src, got, Sprint(b.Body), Sprint(a.Body))
		}
	}
}

// Lines like those of CQL's example scripts, and what CQL 9.493's -u and -a make
// of them (its output, byte for byte): piece lists lose their brackets in Unicode
// and get them in ASCII, . is ▦, -- is ――, [x] ×, path ⊢, focus ◎, and the word in
// stays a word (`"a" in Ts` is a string search, not ∊).
func TestConversionsAsCQL(t *testing.T) {
	for _, c := range []struct{ src, unicode, ascii string }{
		{"piece Front in [QRB] piece Side in [QRB] &~Front Side",
			"piece Front in ♕♖♗ piece Side in ♕♖♗ ∩~Front Side", "piece Front in [QRB] piece Side in [QRB] &~Front Side"},
		{"x = move from . move to . x", "x = move from ▦ move to ▦ x", "x = move from . move to . x"},
		{"piece pawn in pa-h2 true", "piece pawn in ♟a-h2 true", "piece pawn in pa-h2 true"},
		{"-- {parent:countmoves legal -- == 1}", "―― {parent:countmoves legal ―― == 1}", "-- {parent:countmoves legal -- == 1}"},
		{`Ts="" if not "a" in Ts true`, `Ts="" if not "a" in Ts true`, `Ts="" if not "a" in Ts true`},
		{"square all Piece in ◭ true", "square all Piece in ◭ true", "square all Piece in [Aa] true"},
		{"◭V∊♖♗♘♕ ◭E∊♖♗♕→V ⊢◎capture V∪E max pathcountunfocused≥5 ▲×V",
			"◭V∊♖♗♘♕ ◭E∊♖♗♕→V ⊢◎capture V∪E max pathcountunfocused≥5 ▲×V",
			"[Aa]V[element][RBNQ] [Aa]E[element][RBQ]->V path focus capture V|E max pathcountunfocused>=5 a[x]V"},
		{"⊢ ♗×♟h7 check", "⊢ ♗×♟h7 check", "path B[x]ph7 check"},
		{"if ――=♖♗♘ true", "if ――=♖♗♘ true", "if --=[RBN] true"},
		{"path focus capture Q|R [x]k a[x]_ [Aa]x[element]A x",
			"⊢ ◎ capture ♕∪♖ ×♚ ▲×□ ◭x∊△ x", "path focus capture Q|R [x]k a[x]_ [Aa]x[element]A x"},
	} {
		a, err := Parse("a.cql", []byte(c.src))
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		for _, conv := range []struct {
			name string
			f    func([]byte) []byte
			want string
		}{{"ToUnicode", ToUnicode, c.unicode}, {"ToASCII", ToASCII, c.ascii}} {
			got := string(conv.f([]byte(c.src)))
			if got != conv.want {
				t.Errorf("%s(%q) = %q, CQL 9.493 writes %q", conv.name, c.src, got, conv.want)
			}
			if b, err := Parse("b.cql", []byte(got)); err != nil || Sprint(a.Body) != Sprint(b.Body) {
				t.Errorf("%s(%q) = %q does not parse to the same program (%v)", conv.name, c.src, got, err)
			}
		}
	}
}
