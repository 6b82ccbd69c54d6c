package query

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestErrorPrintable: an error about a binary or damaged script prints no raw control bytes
// or invalid UTF-8, and its caret still stands under the column reported.
func TestErrorPrintable(t *testing.T) {
	for _, src := range []string{
		"\x7fELF\x02\x01\x00\x00 mate",
		"mate \x1b[2J and",
		"check\x00 x",
		"mate and \xff\xfe",
	} {
		_, err := Parse("bin.cql", []byte(src))
		if err == nil {
			t.Errorf("%q: no error", src)
			continue
		}
		msg := err.Error()
		for _, r := range msg {
			if r != '\n' && r != '\t' && (r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0) {
				t.Errorf("%q: raw control character %U in %q", src, r, msg)
			}
		}
		if !utf8.ValidString(msg) {
			t.Errorf("%q: invalid UTF-8 in %q", src, msg)
		}
	}
}

// TestShowLine: the caret lines up under the escaped text, and a long line is cut to the
// columns around it.
func TestShowLine(t *testing.T) {
	for _, c := range []struct {
		line        string
		col         int
		shown, care string
	}{
		{"R atacks k", 3, "R atacks k", "  ^"},
		{"\tx", 2, "\tx", "\t^"},
		{"a\x00b", 3, `a\x00b`, "     ^"}, // b is column 3, after the four characters of \x00
		{"é\xffz", 3, `é\xffz`, "     ^"},
		{"ab", 4, "ab", "   ^"}, // past the end
	} {
		shown, caret := showLine(c.line, c.col)
		if shown != c.shown || caret != c.care {
			t.Errorf("showLine(%q, %d) = %q, %q; want %q, %q", c.line, c.col, shown, caret, c.shown, c.care)
		}
	}
	// A one-line script of 10,000 columns with the problem at column 5,000.
	line := strings.Repeat("a", 4999) + "X" + strings.Repeat("b", 5000)
	shown, caret := showLine(line, 5000)
	if len(shown) > maxShown+10 || !strings.HasPrefix(shown, "...") || !strings.HasSuffix(shown, "...") {
		t.Fatalf("long line shown as %d bytes: %.20q...", len(shown), shown)
	}
	if i := strings.Index(caret, "^"); i != strings.Index(shown, "X") {
		t.Errorf("caret at %d, X at %d", i, strings.Index(shown, "X"))
	}
}

// TestNestingMessage: deep brackets are counted as the user wrote them, not as the
// parser's recursion levels (1,000 parentheses are not "more than 2000 levels").
func TestNestingMessage(t *testing.T) {
	src := strings.Repeat("(", 1000) + "mate" + strings.Repeat(")", 1000)
	_, err := Parse("deep.cql", []byte(src))
	if err == nil {
		t.Skip("1,000 parentheses are within the limit now")
	}
	msg := strings.SplitN(err.Error(), "\n", 2)[0]
	var open int
	if !strings.Contains(msg, "nested too deeply") || !strings.Contains(msg, " brackets open here") {
		t.Fatalf("message %q", msg)
	}
	// The number reported is the number of '(' before the column reported.
	var line, col int
	if _, e := fmtSscan(msg, &line, &col, &open); e != nil {
		t.Fatalf("message %q: %v", msg, e)
	}
	if open != col-1 {
		t.Errorf("%d brackets open at column %d: %q", open, col, msg)
	}
}

// fmtSscan reads "deep.cql:LINE:COL: filter nested too deeply (N brackets open here)".
func fmtSscan(msg string, line, col, open *int) (int, error) {
	return fmt.Sscanf(msg, "deep.cql:%d:%d: filter nested too deeply (%d brackets open here)", line, col, open)
}
