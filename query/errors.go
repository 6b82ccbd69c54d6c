package query

import (
	"sort"
	"strconv"
	"strings"
)

// Error is a syntax or type error in a CQL program. Its message is
//
//	file:line:col: message
//	<the source line>
//	<a caret under the column>
type Error struct {
	Filename string
	Pos      Pos
	Msg      string
	Line     string // the source line containing Pos, without its newline
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Filename != "" {
		b.WriteString(e.Filename)
		b.WriteByte(':')
	}
	b.WriteString(strconv.Itoa(e.Pos.Line))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(e.Pos.Col))
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Line != "" || e.Pos.Col == 1 {
		b.WriteByte('\n')
		b.WriteString(e.Line)
		b.WriteByte('\n')
		b.WriteString(caret(e.Line, e.Pos.Col))
	}
	return b.String()
}

// caret returns a line with '^' under column col of line, copying tabs so
// it lines up in a terminal.
func caret(line string, col int) string {
	var b strings.Builder
	i := 1
	for _, r := range line {
		if i >= col {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
		i++
	}
	for ; i < col; i++ {
		b.WriteByte(' ')
	}
	b.WriteByte('^')
	return b.String()
}

// ErrorList is the list of errors Parse returns, sorted by position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap lets errors.As find the individual errors.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

func (l ErrorList) sort() {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos.Offset < l[j].Pos.Offset })
}

// sourceLine returns the line of src that contains byte offset off.
func sourceLine(src []byte, off int) string {
	if off > len(src) {
		off = len(src)
	}
	start := off
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	end := off
	for end < len(src) && src[end] != '\n' {
		end++
	}
	return strings.TrimRight(string(src[start:end]), "\r")
}

// suggest returns the candidate nearest to word by edit distance, or "" if
// none is close enough to be a plausible typo. Candidates must be sorted so
// ties resolve the same way every time.
func suggest(word string, candidates []string) string {
	word = strings.ToLower(word)
	// Allow 1 edit in short words, 2 in medium ones, 3 in long ones.
	limit := 1
	switch n := len(word); {
	case n > 8:
		limit = 3
	case n > 3:
		limit = 2
	}
	best, bestD := "", limit+1
	for _, c := range candidates {
		if len(c) > len(word)+limit || len(word) > len(c)+limit {
			continue // too different in length to be a typo; skip the DP
		}
		if d := editDistance(word, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Damerau-Levenshtein (optimal string alignment)
// distance, so a swapped pair of letters counts as one edit.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		return 64
	}
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
