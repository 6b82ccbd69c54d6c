package pgn

import (
	"bytes"
	"math/bits"
)

// Kind is the kind of a PGN token.
type Kind uint8

// Token kinds.
const (
	KindEOF        Kind = iota
	KindTag             // [Name "Value"]: Name = buf[A:B], raw Value = buf[C:D]
	KindMoveNumber      // "12." or "12..." (number = buf[A:B])
	KindMove            // SAN or other move text, null moves included (buf[A:B])
	KindComment         // {...} or ;... (text inside = buf[A:B])
	KindNAG             // $n or a suffix glyph such as !? or ±: Token.NAG
	KindOpen            // (
	KindClose           // )
	KindResult          // 1-0, 0-1, 1/2-1/2 or *
	KindEscape          // a line starting with %
	KindUnknown         // bytes that begin no token (buf[A:B])
)

var kindNames = [...]string{"EOF", "tag", "move number", "move", "comment", "NAG", "(", ")", "result", "escape", "unknown"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// Token flags.
const (
	FlagUnterminated = 1 << iota // comment or tag cut by end of input or line
	FlagEscaped                  // tag value contains backslash escapes
	FlagMalformed                // tag pair not of the form [Name "Value"]
)

// Token is one token. Offsets index the tokenizer's buffer.
type Token struct {
	Kind       Kind
	Flags      uint8
	NAG        uint8
	Start, End int // the whole token
	A, B, C, D int // kind-specific spans, see Kind
}

// Tokenizer splits a byte buffer into PGN tokens without allocating.
type Tokenizer struct {
	buf []byte
	pos int
	// nested: a brace comment holds balanced braces ({a {b} c} is one comment), as
	// CQLi's --nestedcomments reads them (Options.NestedComments).
	nested bool
}

// Reset starts tokenizing buf.
func (t *Tokenizer) Reset(buf []byte) { t.buf, t.pos = buf, 0 }

// Pos is the offset of the next unread byte.
func (t *Tokenizer) Pos() int { return t.pos }

// Bytes is the buffer being tokenized.
func (t *Tokenizer) Bytes() []byte { return t.buf }

// character classes
const (
	cSpace = 1 << iota // whitespace, NUL and the like
	cWord              // may continue a move word
	cDigit
	cTagName // may appear in a tag name
)

var class = func() (c [256]uint8) {
	for _, b := range []byte{' ', '\t', '\n', '\r', '\f', '\v', 0} {
		c[b] |= cSpace
	}
	for b := 'a'; b <= 'z'; b++ {
		c[b] |= cWord | cTagName
		c[b-'a'+'A'] |= cWord | cTagName
	}
	for b := '0'; b <= '9'; b++ {
		c[b] |= cWord | cDigit | cTagName
	}
	for _, b := range []byte("=+#-:/@") {
		c[b] |= cWord
	}
	for _, b := range []byte("_+#=:-") {
		c[b] |= cTagName
	}
	return
}()

// Next reads the next token into tok; it returns false at the end of input.
func (t *Tokenizer) Next(tok *Token) bool {
	buf := t.buf
	p := t.pos
	for {
		if p < len(buf) && buf[p] == ' ' {
			p++
		}
		for p < len(buf) && class[buf[p]]&cSpace != 0 {
			p++
		}
		if p >= len(buf) {
			t.pos = p
			tok.Kind, tok.Start, tok.End = KindEOF, p, p
			return false
		}
		c := buf[p]
		if class[c]&(cWord|cDigit) != 0 {
			if c == 'e' && p+3 < len(buf) && buf[p+1] == '.' && buf[p+2] == 'p' && buf[p+3] == '.' {
				p += 4 // "exd6 e.p." says nothing new
				continue
			}
			break
		}
		// Byte order marks and stray dots carry no meaning.
		if c == 0xEF && p+2 < len(buf) && buf[p+1] == 0xBB && buf[p+2] == 0xBF {
			p += 3
			continue
		}
		if c == '.' {
			p++
			continue
		}
		break
	}
	tok.Start = p
	tok.Flags = 0
	c := buf[p]
	switch {
	case class[c]&cDigit != 0:
		q := p + 1
		for q < len(buf) && class[buf[q]]&cDigit != 0 {
			q++
		}
		if q < len(buf) && (buf[q] == '.' || isEllipsis(buf, q)) {
			tok.Kind, tok.A, tok.B = KindMoveNumber, p, q
			for q < len(buf) {
				if buf[q] == '.' {
					q++
				} else if isEllipsis(buf, q) {
					q += 3
				} else {
					break
				}
			}
			t.end(tok, q)
			return true
		}
		if q >= len(buf) || class[buf[q]]&cWord == 0 && buf[q] < 0x80 {
			// Digits alone: a move number without its dot, or the null move 0000.
			if q-p != 4 || string(buf[p:q]) != "0000" {
				tok.Kind, tok.A, tok.B = KindMoveNumber, p, q
				t.end(tok, q)
				return true
			}
		}
		q = t.word(q)
		t.word2(tok, p, q)
		return true
	case class[c]&cWord != 0 && c != '=' && c != '+' && c != '/':
		if c == '-' && p+1 < len(buf) && buf[p+1] == '+' {
			tok.Kind, tok.NAG = KindNAG, 19 // -+
			t.end(tok, p+2)
			return true
		}
		q := p + 1
		for q < len(buf) && class[buf[q]]&cWord != 0 {
			q++
		}
		if q < len(buf) && buf[q] >= 0x80 {
			q = t.word(q)
		}
		tok.Kind, tok.A, tok.B, tok.End = KindMove, p, q, q
		t.pos = q
		if q == p+1 || q-p > 4 && buf[q-2] == '-' {
			t.word2(tok, p, q) // glyphs and glued results
		}
		return true
	}
	switch c {
	case '[':
		t.tag(tok, p)
	case '{':
		t.comment(tok, p)
	case ';':
		q := p + 1
		for q < len(buf) && buf[q] != '\n' && buf[q] != '\r' {
			q++
		}
		tok.Kind, tok.A, tok.B = KindComment, p+1, q
		t.end(tok, q)
	case '%':
		q := p + 1
		for q < len(buf) && buf[q] != '\n' && buf[q] != '\r' {
			q++
		}
		if p == 0 || buf[p-1] == '\n' || buf[p-1] == '\r' {
			tok.Kind = KindEscape
		} else {
			tok.Kind, q = KindUnknown, p+1
		}
		tok.A, tok.B = p, q
		t.end(tok, q)
	case '(':
		tok.Kind = KindOpen
		t.end(tok, p+1)
	case ')':
		tok.Kind = KindClose
		t.end(tok, p+1)
	case '*':
		tok.Kind, tok.A, tok.B = KindResult, p, p+1
		t.end(tok, p+1)
	case '$':
		q := p + 1
		n := 0
		for q < len(buf) && class[buf[q]]&cDigit != 0 {
			if n < 1000 {
				n = n*10 + int(buf[q]-'0')
			}
			q++
		}
		if q == p+1 || n > 255 {
			tok.Kind, tok.A, tok.B = KindUnknown, p, q
		} else {
			tok.Kind, tok.NAG = KindNAG, uint8(n)
		}
		t.end(tok, q)
	case '!', '?':
		q := p + 1
		if q < len(buf) && (buf[q] == '!' || buf[q] == '?') {
			q++
		}
		tok.Kind, tok.NAG = KindNAG, glyphNAG(buf[p:q])
		t.end(tok, q)
	case '+', '=':
		t.glyph(tok, p)
	default:
		if n, size := unicodeGlyph(buf[p:]); size > 0 {
			if n == 0 { // a figurine begins a move
				t.word2(tok, p, t.word(p+size))
				return true
			}
			tok.Kind, tok.NAG = KindNAG, n
			t.end(tok, p+size)
			return true
		}
		q := p + 1
		for q < len(buf) && class[buf[q]]&cSpace == 0 && !structural(buf[q]) {
			q++
		}
		tok.Kind, tok.A, tok.B = KindUnknown, p, q
		t.end(tok, q)
	}
	return true
}

func (t *Tokenizer) end(tok *Token, q int) {
	tok.End = q
	t.pos = q
}

func structural(c byte) bool {
	switch c {
	case '[', ']', '{', '}', '(', ')', ';', '$', '*', '%':
		return true
	}
	return false
}

// word returns the end of the move word that continues at q.
func (t *Tokenizer) word(q int) int {
	buf := t.buf
	for q < len(buf) {
		c := buf[q]
		if class[c]&cWord != 0 {
			q++
			continue
		}
		if c < 0x80 {
			break
		}
		// Figurines (U+2654..U+265F) inside a word.
		if c == 0xE2 && q+2 < len(buf) && buf[q+1] == 0x99 && buf[q+2] >= 0x94 && buf[q+2] <= 0x9F {
			q += 3
			continue
		}
		break
	}
	return q
}

// word2 classifies the word buf[p:q] as a result, a glyph or a move.
func (t *Tokenizer) word2(tok *Token, p, q int) {
	w := t.buf[p:q]
	tok.A, tok.B = p, q
	tok.Kind = KindMove
	switch len(w) {
	case 1:
		switch w[0] {
		case 'N': // novelty
			tok.Kind, tok.NAG = KindNAG, 146
		case '-': // as in "1/2 - 1/2"
			tok.Kind = KindUnknown
		}
	case 3:
		if string(w) == "1-0" || string(w) == "0-1" || string(w) == "1/2" {
			tok.Kind = KindResult
		}
	case 7:
		if string(w) == "1/2-1/2" {
			tok.Kind = KindResult
		}
	}
	if n := len(w); tok.Kind == KindMove && n > 4 && w[n-2] == '-' && (w[n-3] == '1' && w[n-1] == '0' || w[n-3] == '0' && w[n-1] == '1') {
		// A result glued to the last move, as in "Qg20-1".
		if c := w[n-4]; c >= '1' && c <= '8' || c == '+' || c == '#' || c == 'Q' || c == 'R' || c == 'B' || c == 'N' {
			q -= 3
			tok.B = q
		}
	}
	t.end(tok, q)
}

func isEllipsis(buf []byte, q int) bool {
	return q+2 < len(buf) && buf[q] == 0xE2 && buf[q+1] == 0x80 && buf[q+2] == 0xA6
}

func glyphNAG(g []byte) uint8 {
	switch string(g) {
	case "!":
		return 1
	case "?":
		return 2
	case "!!":
		return 3
	case "??":
		return 4
	case "!?":
		return 5
	case "?!":
		return 6
	}
	return 0
}

// glyph reads the ASCII evaluation glyphs +=, =+, +/=, =/+, +/-, -/+, +-, =.
func (t *Tokenizer) glyph(tok *Token, p int) {
	buf := t.buf
	q := p
	for q < len(buf) && q-p < 3 && (buf[q] == '+' || buf[q] == '=' || buf[q] == '-' || buf[q] == '/') {
		q++
	}
	var n uint8
	switch string(buf[p:q]) {
	case "=":
		n = 10
	case "+=", "+/=":
		n = 14
	case "=+", "=/+":
		n = 15
	case "+/-":
		n = 16
	case "-/+":
		n = 17
	case "+-":
		n = 18
	case "-+":
		n = 19
	default:
		tok.Kind, tok.A, tok.B = KindUnknown, p, q
		t.end(tok, q)
		return
	}
	tok.Kind, tok.NAG = KindNAG, n
	t.end(tok, q)
}

// unicodeGlyph recognises multi-byte evaluation glyphs (NAG > 0) and
// figurines (NAG 0); size is 0 for anything else.
func unicodeGlyph(b []byte) (nag uint8, size int) {
	if len(b) >= 2 && b[0] == 0xC2 {
		switch b[1] {
		case 0xB1: // ±
			return 16, 2
		}
	}
	if len(b) >= 3 && b[0] == 0xE2 {
		switch {
		case b[1] == 0x88 && b[2] == 0x93: // ∓
			return 17, 3
		case b[1] == 0x88 && b[2] == 0x9E: // ∞
			return 13, 3
		case b[1] == 0xA9 && b[2] == 0xB2: // ⩲
			return 14, 3
		case b[1] == 0xA9 && b[2] == 0xB1: // ⩱
			return 15, 3
		case b[1] == 0x96 && b[2] == 0xA1: // □ only move
			return 7, 3
		case b[1] == 0x99 && b[2] >= 0x94 && b[2] <= 0x9F: // figurine
			return 0, 3
		}
	}
	return 0, 0
}

// tagValueByte is 1 for the bytes of a tag value that need no attention: all but those
// that end or escape it.
var tagValueByte = func() (t [256]uint8) {
	for i := range t {
		t[i] = 1
	}
	for _, c := range []byte("\"\\\n\r") {
		t[c] = 0
	}
	return
}()

// tagNameByte is 1 for the bytes of a tag name (class cTagName).
var tagNameByte = func() (t [256]uint8) {
	for i, c := range class {
		if c&cTagName != 0 {
			t[i] = 1
		}
	}
	return
}()

// mask8 has bit i set when table[b[i]] is 1, for the eight bytes of b.
func mask8(b *[8]byte, t *[256]uint8) uint8 {
	return t[b[0]] | t[b[1]]<<1 | t[b[2]]<<2 | t[b[3]]<<3 | t[b[4]]<<4 | t[b[5]]<<5 | t[b[6]]<<6 | t[b[7]]<<7
}

// skipWhile returns the first index from q on whose byte is 0 in table, or len(buf). It
// tests eight bytes at a time, so that short runs of varying length (tag names and values)
// cost no mispredicted loop exit per byte.
func skipWhile(buf []byte, q int, table *[256]uint8) int {
	for q+8 <= len(buf) {
		if m := mask8((*[8]byte)(buf[q:q+8]), table); m != 0xFF {
			return q + bits.TrailingZeros8(^m)
		}
		q += 8
	}
	for q < len(buf) && table[buf[q]] != 0 {
		q++
	}
	return q
}

// tag reads a tag pair starting at the '[' at p. Tag pairs end at the line end
// at the latest, so that a broken one cannot swallow the game.
func (t *Tokenizer) tag(tok *Token, p int) {
	buf := t.buf
	n := len(buf)
	tok.Kind = KindTag
	q := p + 1
	for q < n && (buf[q] == ' ' || buf[q] == '\t') {
		q++
	}
	tok.A = q
	q = skipWhile(buf, q, &tagNameByte)
	tok.B = q
	for q < n && (buf[q] == ' ' || buf[q] == '\t') {
		q++
	}
	if tok.A == tok.B {
		tok.Flags |= FlagMalformed
	}
	if q < n && buf[q] == '"' {
		q++
		tok.C = q
	value:
		for ; q < n; q++ {
			if q = skipWhile(buf, q, &tagValueByte); q == n {
				break
			}
			switch buf[q] {
			case '"':
				break value
			case '\\':
				if q+1 < n && buf[q+1] != '\n' && buf[q+1] != '\r' {
					tok.Flags |= FlagEscaped
					q++
				}
			case '\n', '\r':
				break value
			}
		}
		if q < n && buf[q] == '"' {
			tok.D = q
			q++
			if q < n && buf[q] == ']' { // the usual case
				t.end(tok, q+1)
				return
			}
			for q < n && buf[q] != ']' && buf[q] != '\n' && buf[q] != '\r' {
				q++
			}
			if q < n && buf[q] == ']' {
				q++
			} else {
				tok.Flags |= FlagMalformed
			}
		} else {
			// No closing quote: the value runs to the last ']' on the line.
			tok.Flags |= FlagUnterminated
			r := bytes.LastIndexByte(buf[tok.C:q], ']')
			if r >= 0 {
				tok.D = tok.C + r
			} else {
				tok.D = q
			}
		}
	} else {
		// [Name value] without quotes.
		tok.Flags |= FlagMalformed
		tok.C = q
		for q < n && buf[q] != ']' && buf[q] != '\n' && buf[q] != '\r' {
			q++
		}
		tok.D = q
		for tok.D > tok.C && (buf[tok.D-1] == ' ' || buf[tok.D-1] == '\t') {
			tok.D--
		}
		if q < n && buf[q] == ']' {
			q++
		}
	}
	t.end(tok, q)
}

// comment reads a brace comment starting at p. A comment never runs past a
// game boundary (a blank line followed by a tag): that is how an unterminated
// comment loses only its own game.
func (t *Tokenizer) comment(tok *Token, p int) {
	buf := t.buf
	tok.Kind = KindComment
	tok.A = p + 1
	rest := buf[p+1:]
	i := bytes.IndexByte(rest, '}')
	if t.nested {
		i = closingBrace(rest)
	}
	seg := rest
	if i >= 0 {
		seg = rest[:i]
	}
	if bytes.IndexByte(seg, '\n') >= 0 {
		if b := nextBoundary(buf[:p+1+len(seg)], p+1); b >= 0 {
			tok.B = b
			tok.Flags |= FlagUnterminated
			t.end(tok, tok.B)
			return
		}
	}
	if i < 0 {
		tok.B = len(buf)
		tok.Flags |= FlagUnterminated
		t.end(tok, len(buf))
		return
	}
	tok.B = p + 1 + i
	t.end(tok, tok.B+1)
}

// closingBrace is the index in b of the '}' that closes a comment whose inner braces
// are balanced (-1 if none).
func closingBrace(b []byte) int {
	depth := 0
	for j, c := range b {
		switch c {
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return j
			}
			depth--
		}
	}
	return -1
}

// nextBoundary returns the offset of the first hard game boundary in b at or
// after from: a tag pair ([Name "...) at the start of a line that follows a
// blank line. It returns -1 if there is none.
func nextBoundary(b []byte, from int) int {
	for from < len(b) {
		i := bytes.Index(b[from:], nlBracket)
		if i < 0 {
			return -1
		}
		j := from + i + 1 // the '['
		if looksLikeTag(b[j:]) && blankLineBefore(b, j-1) {
			return j
		}
		from = j
	}
	return -1
}

// looksLikeTag reports whether b starts like a tag pair: [Name "
func looksLikeTag(b []byte) bool {
	if len(b) < 2 || !isLetter(b[1]) {
		return false
	}
	i := 2
	for i < len(b) && class[b[i]]&cTagName != 0 {
		i++
	}
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i < len(b) && b[i] == '"'
}

var nlBracket = []byte("\n[")

// blankLineBefore reports whether the line ending with the newline at nl is
// blank (only spaces, tabs and CR) or the first line.
func blankLineBefore(b []byte, nl int) bool {
	for k := nl - 1; k >= 0; k-- {
		switch b[k] {
		case ' ', '\t', '\r':
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }

// wordByte is 1 for the bytes that may continue a move word (class cWord).
var wordByte = func() (w [256]uint8) {
	for i, c := range class {
		if c&cWord != 0 {
			w[i] = 1
		}
	}
	return
}()

// sanStart marks the bytes a SAN move starts with, for NextFast.
var sanStart = func() (s [256]bool) {
	for _, c := range []byte("abcdefghNBRQKO") {
		s[c] = true
	}
	return
}()

// NextFast is Next with a shortcut for the common tokens of move text: move
// numbers like "12." and plain moves like "Nxe5+". It returns the same tokens.
func (t *Tokenizer) NextFast(tok *Token) bool {
	buf := t.buf
	n := len(buf)
	p := t.pos
	for p < n && class[buf[p]]&cSpace != 0 {
		p++
	}
	if p < n {
		c := buf[p]
		if sanStart[c] {
			// The word's length from a mask of the next seven bytes: no loop whose exit
			// depends on each move's length. (mainLine has the same code: a call costs 7%.)
			q := p + 1
			if k := 7; p+8 <= n {
				k = bits.TrailingZeros8(^(mask8((*[8]byte)(buf[p:p+8]), &wordByte) >> 1))
				q += k
				if k == 7 {
					q = skipWhile(buf, q, &wordByte)
				}
			} else {
				q = skipWhile(buf, q, &wordByte)
			}
			if q-p >= 2 && (q >= n || buf[q] < 0x80) && (q-p <= 4 || buf[q-2] != '-') {
				tok.Kind, tok.Flags, tok.Start, tok.End, tok.A, tok.B = KindMove, 0, p, q, p, q
				t.pos = q
				return true
			}
		} else if class[c]&cDigit != 0 {
			q := p + 1
			for q < n && class[buf[q]]&cDigit != 0 {
				q++
			}
			if q < n && buf[q] == '.' {
				r := q + 1
				for r < n && buf[r] == '.' {
					r++
				}
				if r >= n || buf[r] != 0xE2 {
					tok.Kind, tok.Flags, tok.Start, tok.End, tok.A, tok.B = KindMoveNumber, 0, p, r, p, q
					t.pos = r
					return true
				}
			}
		} else if c == '[' {
			tok.Start, tok.Flags = p, 0
			t.tag(tok, p)
			return true
		}
	}
	t.pos = p
	return t.Next(tok)
}

// Fill reads up to len(toks) tokens into toks and returns how many; 0 means
// the end of input. It gives the tokens Next gives, through NextFast.
func (t *Tokenizer) Fill(toks []Token) int {
	k := 0
	for k < len(toks) && t.NextFast(&toks[k]) {
		k++
	}
	return k
}
