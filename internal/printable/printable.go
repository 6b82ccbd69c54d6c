// Package printable makes text from input files safe to print on a terminal: error messages
// quote move text, tag values and script lines, which may hold NUL, escape sequences or bytes
// that are not UTF-8 when the input is damaged or not text at all.
package printable

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// String returns s with every control character (tab kept) and every byte that is not
// UTF-8 written as a Go escape (\x00, \x1b, \u0085, \xff). Printable text is unchanged.
func String(s string) string {
	if clean(s) {
		return s // the common case: no copy
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteString(Rune(r, s[i:i+size]))
		i += size
	}
	return b.String()
}

// Rune is how String writes one rune, whose bytes in the input are raw.
func Rune(r rune, raw string) string {
	switch {
	case r == utf8.RuneError && len(raw) == 1:
		return `\x` + hex2(raw[0])
	case r == '\t' || !unicode.IsControl(r) && r != '\u2028' && r != '\u2029':
		return raw
	case r < 0x100:
		return `\x` + hex2(byte(r))
	}
	return fmt.Sprintf(`\u%04x`, r) // U+2028, U+2029: line breaks to a terminal
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

func clean(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\t' || c >= 0x7f {
			return false
		}
	}
	return true
}
