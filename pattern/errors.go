package pattern

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// SyntaxError is a mistake in a pattern, a position or a board description, at a byte offset of
// the text. Its message names the line and column and shows the line with a caret under the
// mistake.
type SyntaxError struct {
	What   string // "pattern", "position", "board", or a file name
	Text   string // the whole text that was read
	Offset int    // byte offset of the mistake in Text
	Msg    string
}

// Line and Column are 1-based; Column counts characters.
func (e *SyntaxError) Line() int {
	return 1 + strings.Count(e.Text[:clamp(e.Offset, len(e.Text))], "\n")
}

// Column is the 1-based column of the mistake.
func (e *SyntaxError) Column() int {
	off := clamp(e.Offset, len(e.Text))
	start := strings.LastIndexByte(e.Text[:off], '\n') + 1
	return 1 + utf8.RuneCountInString(e.Text[start:off])
}

func (e *SyntaxError) Error() string {
	off := clamp(e.Offset, len(e.Text))
	start := strings.LastIndexByte(e.Text[:off], '\n') + 1
	end := strings.IndexByte(e.Text[off:], '\n')
	if end < 0 {
		end = len(e.Text)
	} else {
		end += off
	}
	line := strings.ReplaceAll(e.Text[start:end], "\t", " ")
	var where string
	if strings.Contains(e.Text, "\n") || !(e.What == "pattern" || e.What == "position" || strings.HasPrefix(e.What, "pattern ")) {
		where = fmt.Sprintf("%s:%d:%d", e.What, e.Line(), e.Column())
	} else {
		where = fmt.Sprintf("%s, column %d", e.What, e.Column())
	}
	return fmt.Sprintf("%s: %s\n    %s\n    %s^", where, e.Msg, line, strings.Repeat(" ", e.Column()-1))
}

func clamp(x, n int) int {
	if x < 0 {
		return 0
	}
	if x > n {
		return n
	}
	return x
}
