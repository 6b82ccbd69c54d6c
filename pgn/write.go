package pgn

import (
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// sevenTags is the Seven Tag Roster, written first and always.
var sevenTags = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// lineWidth is the longest line the writer produces by default.
const lineWidth = 80

// Style is how AppendGameStyle writes the move text: CQLi's PGN output options
// (--pgnlinewidth, --compactmoves, --nocompactcomments, --elidecomments, --elidenags,
// --elidevariations, --nomovenumbers). The zero Style is the writer's default.
type Style struct {
	LineWidth      int  // the longest line (a longer word stays whole on its own line); 0: 80
	CompactMoves   bool // no space between a move number and its move: "1.e4 e5", "1...e5"
	SpacedComments bool // a space inside the braces: "{ text }"
	NoComments     bool // no comments at all (those of the game and those a query adds)
	NoNAGs         bool // no $N glyphs
	NoVariations   bool // the main line only
	NoMoveNumbers  bool // no move numbers
	// NoNumberAfterComment writes no "12..." before Black's move after a comment
	// (CQLi's --nomovenumberaftercomment); NumberAfterNAG writes one after a glyph
	// ($1) too (--movenumberafternag).
	NoNumberAfterComment, NumberAfterNAG bool
	// KeepNumberWithMove never breaks a line between a move number and its move
	// (CQLi's --nosplitmoves).
	KeepNumberWithMove bool
	// SpacedVariations writes a space inside a variation's parentheses: "( 1. d4 d5 )"
	// (CQLi's --nocompactvariations; "(1. d4 d5)" is the default).
	SpacedVariations bool
}

// CommentSep inside a comment's text separates comments written one after the other
// ("{a} {b}") at one place: where texts are kept apart, not merged into one comment
// (CQLi's way; CQL's is one merged comment).
const CommentSep = "\x1f"

// WriteGame writes g in PGN export format followed by a blank line.
func WriteGame(w io.Writer, g *Game) error {
	_, err := w.Write(AppendGame(nil, g))
	return err
}

// AppendGame appends g in PGN export format (the Seven Tag Roster first, then
// the other tags in file order, then the move text wrapped at 80 columns with
// comments, NAGs and variations) and a blank line.
func AppendGame(dst []byte, g *Game) []byte {
	return AppendGameStyle(dst, g, nil)
}

// AppendGameStyle is AppendGame with the move text written in style st (nil: the default).
func AppendGameStyle(dst []byte, g *Game, st *Style) []byte {
	result := GameResult(g)
	for _, name := range sevenTags {
		v, ok := "", false
		for _, t := range g.Tags {
			if t.Name == name {
				v, ok = t.Value, true
				break
			}
		}
		if !ok {
			switch name {
			case "Date":
				v = "????.??.??"
			case "Result":
				v = result
			default:
				v = "?"
			}
		}
		dst = appendTag(dst, name, v)
	}
	seen := [len(sevenTags)]bool{}
	for _, t := range g.Tags {
		std := false
		for i, name := range sevenTags {
			if t.Name == name && !seen[i] {
				seen[i], std = true, true
				break
			}
		}
		if !std {
			dst = appendTag(dst, t.Name, t.Value)
		}
	}
	dst = append(dst, '\n')
	return appendMoveText(dst, g, result, st)
}

// AppendGameAsRead is AppendGame with the tags exactly as the game has them, in file
// order: none added (no `[Round "?"]` for a game that had no Round), none moved.
func AppendGameAsRead(dst []byte, g *Game) []byte {
	result := GameResult(g)
	for _, t := range g.Tags {
		dst = appendTag(dst, t.Name, t.Value)
	}
	if len(g.Tags) > 0 {
		dst = append(dst, '\n')
	}
	return appendMoveText(dst, g, result, nil)
}

// appendMoveText appends the move text and the result, wrapped at 80 columns (or as st
// says: nil is the default).
func appendMoveText(dst []byte, g *Game, result string, st *Style) []byte {
	w := lineWriter{dst: dst, start: len(dst)}
	if st != nil && *st != (Style{}) {
		w.style, w.width = *st, st.LineWidth
	}
	if len(g.Nodes) > 0 {
		if c := g.Comment(0); c != "" && !w.style.NoComments {
			w.comment(c)
		}
		w.line(g, g.Nodes[0].FirstChild, false)
	}
	w.word(result)
	return append(w.dst, '\n', '\n')
}

// appendTag appends one tag line; the value is escaped (quote and backslash) and
// kept on one line.
func appendTag[T string | []byte](dst []byte, name string, value T) []byte {
	dst = append(dst, '[')
	dst = append(dst, name...)
	dst = append(dst, ' ', '"')
	for i := 0; i < len(value); i++ {
		c := value[i]
		if c == '"' || c == '\\' {
			dst = append(dst, '\\')
		}
		if c == '\n' || c == '\r' {
			c = ' '
		}
		dst = append(dst, c)
	}
	return append(dst, '"', ']', '\n')
}

// lineWriter appends words, breaking lines before lineWidth.
type lineWriter struct {
	dst   []byte
	start int // start of the current line
	buf   []byte
	glue  bool // the last word was "(": no space after it
	// word1 is the last text oneWordComment took: the same match comment comes at
	// every position, checked once a game.
	word1 string
	style Style
	width int // the longest line; 0: lineWidth
}

// max is the longest line.
func (w *lineWriter) max() int {
	if w.width > 0 {
		return w.width
	}
	return lineWidth
}

func (w *lineWriter) word(s string) { w.wordBytes([]byte(s)) }

// separate puts before a word of l bytes what goes between it and the line's text: nothing
// after "(" when it fits, a line break when the line would pass lineWidth, else a space.
func (w *lineWriter) separate(l int) {
	if n := len(w.dst) - w.start; n > 0 {
		switch {
		case w.glue && n+l <= w.max():
		case n+1+l > w.max():
			w.dst = append(w.dst, '\n')
			w.start = len(w.dst)
		default:
			w.dst = append(w.dst, ' ')
		}
	}
}

func (w *lineWriter) wordBytes(s []byte) {
	w.separate(len(s))
	w.dst = append(w.dst, s...)
	w.glue = false
}

// begin and end write a word appended straight to dst between them, as
// wordBytes would (without a copy through buf): begin puts a space before it
// when the line has text, end turns that space into a line break when the word
// does not fit. After "(" (glue) the word goes through wordBytes' rule instead.
func (w *lineWriter) begin() (at, n int) {
	at, n = len(w.dst), len(w.dst)-w.start
	if n > 0 && !w.glue {
		w.dst = append(w.dst, ' ')
	}
	return at, n
}

func (w *lineWriter) end(at, n int) {
	if n == 0 {
		w.glue = false
		return
	}
	if w.glue {
		// No space was written: the word stays glued if it fits, else a break before it.
		w.glue = false
		if n+len(w.dst)-at <= w.max() {
			return
		}
		w.dst = append(w.dst, 0)
		copy(w.dst[at+1:], w.dst[at:])
	} else if n+len(w.dst)-at <= w.max() { // the space and the word fit
		return
	}
	w.dst[at] = '\n'
	w.start = at + 1
}

// comment writes {text}, wrapping at spaces. A '}' cannot appear in a
// comment and becomes ')'. The words are the fields strings.Fields would
// give, written in place: a query's match comment is written at every
// matching position, and splitting and joining strings was a fifth of
// a run writing every position.
func (w *lineWriter) comment(text string) {
	if w.style.NoComments {
		return
	}
	if strings.Contains(text, CommentSep) {
		for _, t := range strings.Split(text, CommentSep) {
			if strings.TrimSpace(t) != "" {
				w.comment(t)
			}
		}
		return
	}
	if !w.style.SpacedComments && w.oneWordComment(text) {
		return
	}
	w.commentWords(text)
}

// commentWords is comment's general case: the text's words one at a time.
func (w *lineWriter) commentWords(text string) {
	first := true
	for rest := text; ; {
		start := fieldStart(rest)
		if start == len(rest) {
			break
		}
		rest = rest[start:]
		end := fieldEnd(rest)
		f := rest[:end]
		rest = rest[end:]
		pre, post := "", ""
		if first {
			pre = "{"
			if w.style.SpacedComments {
				w.word("{")
				pre = ""
			}
		}
		last := fieldStart(rest) == len(rest)
		if last && !w.style.SpacedComments {
			post = "}"
		}
		w.wordParts(pre, f, post)
		if last && w.style.SpacedComments {
			w.word("}")
		}
		first = false
	}
	if first {
		w.word("{}")
	}
}

// oneWordComment writes {text} when text is one word of ASCII without '}' (the
// usual match comment, "CQL"), or words of it with one space between them that fit on
// the line (a line's "End line of length 3 that starts at move 12(btm)"; when they do
// not, a word at a time without comment's rune loops), as comment would; false when text
// is neither.
func (w *lineWriter) oneWordComment(text string) bool {
	if text != w.word1 {
		words := countSimpleWords(text)
		switch {
		case words == 0:
			return false
		case words == 1:
			w.word1 = text
		case !w.fits(len(text) + 2):
			w.simpleWords(text)
			return true
		}
	}
	w.separate(len(text) + 2)
	w.dst = append(w.dst, '{')
	w.dst = append(w.dst, text...)
	w.dst = append(w.dst, '}')
	w.glue = false
	return true
}

// countSimpleWords is the number of words of text when they are printable ASCII other
// than '}' with one space between each two; 0 when text is not so.
func countSimpleWords(text string) int {
	if len(text) == 0 || text[0] == ' ' || text[len(text)-1] == ' ' {
		return 0
	}
	words := 1
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == ' ' {
			if text[i-1] == ' ' {
				return 0
			}
			words++
		} else if c < '!' || c > '~' || c == '}' {
			return 0
		}
	}
	return words
}

// simpleWords writes {text} of several words with one space between each two, a word at
// a time, as commentWords would (the words found by IndexByte, no '}' to replace).
func (w *lineWriter) simpleWords(text string) {
	for first, rest := true, text; ; first = false {
		end := strings.IndexByte(rest, ' ')
		last := end < 0
		if last {
			end = len(rest)
		}
		l := end
		if first {
			l++
		}
		if last {
			l++
		}
		w.separate(l)
		if first {
			w.dst = append(w.dst, '{')
		}
		w.dst = append(w.dst, rest[:end]...)
		w.glue = false
		if last {
			w.dst = append(w.dst, '}')
			return
		}
		rest = rest[end+1:]
	}
}

// fits reports that a word of l bytes goes on the current line (separate writes no line
// break before it).
func (w *lineWriter) fits(l int) bool {
	n := len(w.dst) - w.start
	if n == 0 {
		return l <= w.max()
	}
	return w.glue && n+l <= w.max() || n+1+l <= w.max()
}

// fieldStart is the index of the first byte of s that does not begin a
// space as unicode.IsSpace counts it (len(s) if none).
func fieldStart(s string) int { return spaceRun(s, false) }

// fieldEnd is the index of the first space in s (len(s) if none).
func fieldEnd(s string) int { return spaceRun(s, true) }

// spaceRun is the index of the first rune of s that is a space (space) or is not
// (!space), as unicode.IsSpace counts them; len(s) if none.
func spaceRun(s string, space bool) int {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if (asciiSpace[c] != 0) == space {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) == space {
			return i
		}
		i += n
	}
	return len(s)
}

// asciiSpace marks the ASCII bytes unicode.IsSpace accepts.
var asciiSpace = [utf8.RuneSelf]uint8{'\t': 1, '\n': 1, '\v': 1, '\f': 1, '\r': 1, ' ': 1}

// wordParts writes pre, s and post as one word, with each '}' of s as ')'.
func (w *lineWriter) wordParts(pre, s, post string) {
	w.separate(len(pre) + len(s) + len(post))
	w.dst = append(w.dst, pre...)
	at := len(w.dst)
	w.dst = append(w.dst, s...)
	for i := at; i < len(w.dst); i++ {
		if w.dst[i] == '}' {
			w.dst[i] = ')'
		}
	}
	w.dst = append(w.dst, post...)
	w.glue = false
}

// line writes the line starting at node n: n and its main continuation, with
// the variations that branch off it. first says n begins a variation (its
// siblings are written by the caller).
func (w *lineWriter) line(g *Game, n int32, first bool) {
	needNumber := true
	for n >= 0 {
		nd := &g.Nodes[n]
		parent := &g.Nodes[nd.Parent]
		if c := g.CommentBefore(n); c != "" && !w.style.NoComments {
			w.comment(c)
			needNumber = needNumber || !w.style.NoNumberAfterComment
		}
		white := parent.Pos.SideToMove() == 0
		at, col := w.begin()
		if (white || needNumber) && !w.style.NoMoveNumbers {
			w.dst = appendMoveNumber(w.dst, parent.Pos.FullmoveNumber())
			if white {
				w.dst = append(w.dst, '.')
			} else {
				w.dst = append(w.dst, "..."...)
			}
			switch {
			case w.style.CompactMoves:
			case w.style.KeepNumberWithMove:
				w.dst = append(w.dst, ' ') // one word for the line breaks
			default:
				w.end(at, col)
				at, col = w.begin()
			}
		}
		w.dst = parent.Pos.AppendSANTo(w.dst, nd.Move, &nd.Pos)
		w.end(at, col)
		needNumber = false
		if !w.style.NoNAGs {
			for _, nag := range g.NAGs(n) {
				w.buf = strconv.AppendInt(append(w.buf[:0], '$'), int64(nag), 10)
				w.wordBytes(w.buf)
				needNumber = w.style.NumberAfterNAG
			}
		}
		if c := g.Comment(n); c != "" && !w.style.NoComments {
			w.comment(c)
			needNumber = needNumber || !w.style.NoNumberAfterComment
		}
		if !first && !w.style.NoVariations {
			for v := nd.NextSibling; v >= 0; v = g.Nodes[v].NextSibling {
				w.word("(")
				w.glue = !w.style.SpacedVariations
				w.line(g, v, true)
				if w.style.SpacedVariations {
					w.word(")")
				} else {
					w.glueClose()
				}
				needNumber = true
			}
		}
		first = false
		n = nd.FirstChild
	}
}

// appendMoveNumber appends n (not negative) in decimal: one or two digits
// without strconv's general path.
func appendMoveNumber(dst []byte, n int) []byte {
	switch {
	case n < 10:
		return append(dst, byte('0'+n))
	case n < 100:
		return append(dst, byte('0'+n/10), byte('0'+n%10))
	}
	return strconv.AppendInt(dst, int64(n), 10)
}

// glueClose writes the ")" that ends a variation, right after the last word.
func (w *lineWriter) glueClose() {
	if len(w.dst)-w.start+1 > w.max() {
		w.dst = append(w.dst, '\n')
		w.start = len(w.dst)
	}
	w.dst = append(w.dst, ')')
}
