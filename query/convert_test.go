package query

import "testing"

// TestToUnicodeKeepsAttackChains: CQL 6.2 reads x → y → z as a pin, not as
// (x attacks y) attacks z (gadycosteff.com/cql/attackarrow.html), so converting a
// 6.1 chain must keep the second word; every conversion parses to the same program.
func TestToUnicodeKeepsAttackChains(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"A attacks P attacks k", "△ → ♙ attacks ♚"},
		{"A attacks (P attacks k)", "△ → (♙ attacks ♚)"},
		{"{A attacks k} {Q attacks k}", "{△ → ♚} {♕ → ♚}"},
		{"R attacks k or B attacks k", "♖ → ♚ or ♗ → ♚"},
		{"R attackedby k attackedby Q", "♖ ← ♚ attackedby ♕"},
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
