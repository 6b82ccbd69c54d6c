package pgn

import "strings"

// The embedded commands of a comment ("[%eval 0.17] [%clk 0:03:00]", the PGN
// Specification Supplement's form, which lichess, chess.com and most tools write) and the
// values CQL's annotation filters read from them (docs/language.md, "Annotation values").

// MateScore is the size of an evaluation of mate in 0: [%eval #N] reads as
// ±(MateScore - |N|) centipawns, the sign that of N (+ White mates, - Black mates).
const MateScore = 100000

// Command returns the argument of the embedded command [%name ...] in comment c, the text
// between the name and the closing bracket with spaces trimmed; false when c has none. Of
// several, the first.
func Command(c, name string) (string, bool) {
	for {
		i := strings.Index(c, "[%")
		if i < 0 {
			return "", false
		}
		c = c[i+2:]
		if !strings.HasPrefix(c, name) || len(c) == len(name) || c[len(name)] != ' ' && c[len(name)] != '\t' && c[len(name)] != ']' {
			continue
		}
		rest := c[len(name):]
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return "", false
		}
		return strings.TrimSpace(rest[:end]), true
	}
}

// EvalValue reads the argument of [%eval]: a pawn value such as 1.23, -0.4 or 12 as
// centipawns (rounded to the nearest, halves away from zero), a mate such as #3 or #-3 as
// ±(MateScore - N). What follows a comma (a search depth, "0.17,23") is ignored. False
// when the argument is neither.
func EvalValue(a string) (int, bool) {
	if i := strings.IndexByte(a, ','); i >= 0 {
		a = a[:i]
	}
	a = strings.TrimSpace(a)
	if a == "" {
		return 0, false
	}
	if a[0] == '#' {
		neg, digits := sign(a[1:])
		n, ok := digitsValue(digits, 6)
		if !ok || n > MateScore {
			return 0, false
		}
		if neg {
			return -(MateScore - n), true
		}
		return MateScore - n, true
	}
	neg, s := sign(a)
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" {
		return 0, false
	}
	w := 0
	if whole != "" {
		var ok bool
		if w, ok = digitsValue(whole, 7); !ok {
			return 0, false
		}
	}
	cp := w * 100
	if frac != "" {
		if _, ok := digitsValue(frac, len(frac)); !ok {
			return 0, false
		}
		f := frac + "000"
		cp += int(f[0]-'0')*10 + int(f[1]-'0')
		if f[2] >= '5' {
			cp++
		}
	}
	if neg {
		cp = -cp
	}
	return cp, true
}

// ClockValue reads the argument of [%clk] or [%emt]: H:MM:SS, MM:SS or SS, with or
// without a fraction of a second (0:24:55.5), as whole seconds (the fraction dropped).
func ClockValue(a string) (int, bool) {
	if i := strings.IndexByte(a, '.'); i >= 0 {
		if _, ok := digitsValue(a[i+1:], len(a)-i-1); !ok || i+1 == len(a) {
			return 0, false
		}
		a = a[:i]
	}
	parts := strings.Split(a, ":")
	if len(parts) > 3 {
		return 0, false
	}
	t := 0
	for _, p := range parts {
		n, ok := digitsValue(p, 6)
		if !ok {
			return 0, false
		}
		t = t*60 + n
	}
	return t, true
}

// sign splits a leading + or - off s.
func sign(s string) (neg bool, rest string) {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		return s[0] == '-', s[1:]
	}
	return false, s
}

// digitsValue is the value of s, 1 to max decimal digits; false otherwise.
func digitsValue(s string, max int) (int, bool) {
	if s == "" || len(s) > max {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
