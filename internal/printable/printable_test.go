package printable

import "testing"

func TestString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"e4 Nf3", "e4 Nf3"},
		{"tab\there", "tab\there"},
		{"nul\x00x", `nul\x00x`},
		{"esc\x1b[2J", `esc\x1b[2J`},
		{"del\x7f", `del\x7f`},
		{"bad\xff\xfe", `bad\xff\xfe`},
		{"line\nbreak\r", `line\x0abreak\x0d`},
		{"c1\u0085", `c1\x85`},
		{"ls\u2028", `ls\u2028`},
		{"Dvoretsky ♔ Réti", "Dvoretsky ♔ Réti"},
	} {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
