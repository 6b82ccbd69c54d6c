package query

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cqlgo/cql/internal/printable"
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
	b.WriteString(printable.String(e.Msg))
	if e.Line != "" || e.Pos.Col == 1 {
		line, caret := showLine(e.Line, e.Pos.Col)
		b.WriteByte('\n')
		b.WriteString(line)
		b.WriteByte('\n')
		b.WriteString(caret)
	}
	return b.String()
}

// maxShown is the most columns of a source line an error shows (a 1 MB one-line script, a
// binary file): the part around the caret.
const maxShown = 120

// showLine returns the source line as printed, control characters and bytes that are not
// UTF-8 escaped (a binary file given as a script must not reach the terminal raw), cut to
// the columns around col when it is long, and the caret line with '^' under column col
// (in runes), copying tabs so that it lines up in a terminal.
func showLine(line string, col int) (shown, caret string) {
	// The printed pieces of the line, one per rune, and the caret's place among them.
	var pieces []string
	width, at := 0, -1
	for i, r := range line {
		if len(pieces) == col-1 {
			at = width
		}
		size := utf8.RuneLen(r)
		if r == utf8.RuneError {
			_, size = utf8.DecodeRuneInString(line[i:])
		}
		p := printable.Rune(r, line[i:i+size])
		pieces = append(pieces, p)
		width += utf8.RuneCountInString(p)
	}
	if at < 0 {
		at = width + col - 1 - len(pieces) // past the end of the line
	}
	// The window of pieces to show.
	from, to := 0, len(pieces)
	lead, trail := "", ""
	if width > maxShown {
		w := 0
		for from < len(pieces) && w < at-maxShown/2 {
			w += utf8.RuneCountInString(pieces[from])
			from++
		}
		at -= w
		if from > 0 {
			lead = "..."
			at += len(lead)
		}
		shownW := 0
		for to = from; to < len(pieces) && shownW < maxShown; to++ {
			shownW += utf8.RuneCountInString(pieces[to])
		}
		if to < len(pieces) {
			trail = "..."
		}
	}
	var sb, cb strings.Builder
	sb.WriteString(lead)
	cb.WriteString(strings.Repeat(" ", len(lead)))
	w := len(lead)
	for _, p := range pieces[from:to] {
		sb.WriteString(p)
		for _, r := range p {
			if w >= at {
				break
			}
			if r == '\t' {
				cb.WriteByte('\t')
			} else {
				cb.WriteByte(' ')
			}
			w++
		}
	}
	sb.WriteString(trail)
	for ; w < at; w++ {
		cb.WriteByte(' ')
	}
	cb.WriteByte('^')
	return sb.String(), cb.String()
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
