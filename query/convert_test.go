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
