package query

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// lexer turns source text into tokens on demand. It is a small value type
// so the parser can copy it to look ahead.
type lexer struct {
	src  []byte
	off  int // next byte to read
	line int // 1-based line of off
	col  int // 1-based column (in runes) of off

	// CQL's line comment `/// args` is `comment (args)` up to the end of its
	// line: after the `///` the lexer owes a `(` (openComment), and while
	// inComment it closes it with a `)` at the first white space holding a
	// newline, or at the end of the input, as CQL's lexer does
	// (lexer-fix-whitespace.cpp).
	openComment, inComment bool
	// cqli: the script is read as CQLi reads it (--dialect cqli): `//` to the end of the
	// line and `/* */` are its comments, so `///` is one too (not CQL 6.2's comment filter),
	// and `;` starts none (CQL 6.2 reads `;;` and `;` as a comment to the end of the line).
	cqli bool
	// blankOwed: the white space that closed a line comment held a blank
	// line; it precedes the token after the `)` (CQL emits the comment's
	// end, then the path's end), so that token carries it.
	blankOwed bool
}

func newLexer(src []byte) lexer {
	return lexer{src: src, line: 1, col: 1}
}

func (l *lexer) pos() Pos { return Pos{Offset: l.off, Line: l.line, Col: l.col} }

// peekRune returns the rune at off+delta bytes (0 at end of input).
func (l *lexer) runeAt(off int) (rune, int) {
	if off >= len(l.src) {
		return 0, 0
	}
	c := l.src[off]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRune(l.src[off:])
}

func (l *lexer) byteAt(off int) byte {
	if off < len(l.src) {
		return l.src[off]
	}
	return 0
}

// advance moves past n bytes, keeping line and column up to date.
func (l *lexer) advance(n int) {
	end := l.off + n
	for l.off < end {
		r, w := l.runeAt(l.off)
		if w == 0 {
			break
		}
		l.off += w
		if r == '\n' {
			l.line++
			l.col = 1
		} else {
			l.col++
		}
	}
}

// skipSpace skips white space and comments: // and ; to the end of the line
// (and //// always; /// is CQL's line comment, left for scan), /* */ blocks.
// newline reports a line break in the white space itself, blank a line
// holding nothing but white space: as in CQL's lexer, breaks inside
// comments count for neither. An unterminated block comment yields an
// illegal token message.
func (l *lexer) skipSpace() (errPos Pos, errMsg string, newline, blank bool) {
	lineEmpty := false // since the last newline, only white space
	for l.off < len(l.src) {
		c := l.src[l.off]
		switch {
		case c == '\n':
			if lineEmpty {
				blank = true
			}
			newline, lineEmpty = true, true
			l.advance(1)
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.advance(1)
		case c == '/' && l.byteAt(l.off+1) == '/' && l.isLineComment():
			return
		case c == ';' && l.cqli:
			return l.pos(), "';' starts no comment in CQLi: its comments are // and /* */ (CQL 6.2 reads ;; as a comment: --dialect cql)", newline, blank
		case c == '/' && l.byteAt(l.off+1) == '/', c == ';':
			lineEmpty = false
			for l.off < len(l.src) && l.src[l.off] != '\n' {
				l.advance(1)
			}
			l.advance(1)
			lineEmpty = true
		case c == '/' && l.byteAt(l.off+1) == '*':
			lineEmpty = false
			start := l.pos()
			l.advance(2)
			for {
				if l.off >= len(l.src) {
					return start, "comment not terminated: expected '*/'", newline, blank
				}
				if l.src[l.off] == '*' && l.byteAt(l.off+1) == '/' {
					l.advance(2)
					break
				}
				l.advance(1)
			}
		default:
			r, _ := l.runeAt(l.off)
			if r == '\u00a0' || r == '\ufeff' { // no-break space, BOM
				l.advance(utf8.RuneLen(r))
				continue
			}
			return
		}
	}
	return
}

// isLineComment reports whether off starts CQL's line comment: exactly
// three slashes (four or more are an ordinary comment).
func (l *lexer) isLineComment() bool {
	return !l.cqli && l.byteAt(l.off) == '/' && l.byteAt(l.off+1) == '/' && l.byteAt(l.off+2) == '/' && l.byteAt(l.off+3) != '/'
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isIdentByte(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '$'
}

// isIdentStart reports whether a variable name can start with c: CQL allows
// a leading $ (`$attackers`).
func isIdentStart(c byte) bool { return isLetter(c) || c == '_' || c == '$' }

// next scans and returns the next token.
func (l *lexer) next() token {
	if l.openComment {
		l.openComment = false
		return token{kind: tLParen, pos: l.pos(), end: l.off, text: "("}
	}
	p, msg, newline, blank := l.skipSpace()
	if msg != "" {
		return token{kind: tIllegal, pos: p, end: l.off, text: msg, raw: "/*"}
	}
	if l.blankOwed {
		blank, l.blankOwed = true, false
	}
	start := l.pos()
	if l.inComment && (newline || l.off >= len(l.src)) {
		l.inComment, l.blankOwed = false, blank
		return token{kind: tRParen, pos: start, end: l.off, text: ")"}
	}
	if l.off >= len(l.src) {
		return token{kind: tEOF, pos: start, end: l.off, blank: blank}
	}
	if l.isLineComment() {
		l.advance(3)
		if l.inComment {
			return token{kind: tIllegal, pos: start, end: l.off, raw: "///", text: "two '///' comments on one line (CQL allows one: its arguments run to the end of the line)"}
		}
		l.openComment, l.inComment = true, true
		return token{kind: tIdent, pos: start, end: l.off, raw: "///", text: "comment", blank: blank}
	}
	tok := l.scan()
	tok.pos = start
	tok.end = l.off
	tok.raw = string(l.src[start.Offset:l.off])
	tok.blank = blank
	if tok.text == "" && tok.kind != tString { // "" is an empty string, not its spelling
		tok.text = tok.raw
	}
	return tok
}

func (l *lexer) scan() token {
	c := l.src[l.off]
	// CQL 6.2's ASCII spelling of ×: [x] is always the capture, as in CQL
	// (a dictionary indexed by a variable x needs a space: D[ x]).
	if c == '[' && strings.HasPrefix(string(l.src[l.off:min(l.off+3, len(l.src))]), "[x]") {
		l.advance(3)
		return token{kind: tCross, text: "×"}
	}
	// Piece designators come first: `a`, `b2`, `Ka1`, `[Qq]`, `.` ...
	if t, n, ok := l.pieceDesignator(); ok {
		l.advance(n)
		return t
	}
	if t, n := l.quantifier(); n > 0 {
		l.advance(n)
		return t
	}
	switch {
	case isIdentStart(c):
		return l.ident()
	case isDigit(c):
		n := l.off
		for n < len(l.src) && isDigit(l.src[n]) {
			n++
		}
		text := string(l.src[l.off:n])
		v, err := strconv.Atoi(text)
		l.advance(n - l.off)
		if err != nil {
			return token{kind: tIllegal, text: "number too large: " + text}
		}
		return token{kind: tNumber, num: v}
	case c == '"':
		return l.str()
	case c == '\\':
		return l.capture()
	}
	if c >= utf8.RuneSelf {
		r, w := l.runeAt(l.off)
		if r == '―' && l.runeAtIs(l.off+w, '―') {
			l.advance(2 * w)
			return token{kind: tDash, text: "--"}
		}
		if r == '×' {
			l.advance(w)
			return token{kind: tCross, text: "×"}
		}
		if (r == '∪' || r == '∩') && l.off+w < len(l.src) && l.src[l.off+w] == '=' {
			// CQL's lexer reads ∪= and ∩= as |= and &= before the plain symbols.
			l.advance(w + 1)
			return l.symbolToken(map[rune]string{'∪': "|=", '∩': "&="}[r])
		}
		if alias, ok := unicodeAliases[r]; ok {
			l.advance(w)
			return l.symbolToken(alias)
		}
		l.advance(w)
		if r == utf8.RuneError {
			return token{kind: tIllegal, text: "invalid UTF-8 encoding"}
		}
		return token{kind: tIllegal, text: "unexpected character '" + string(r) + "'"}
	}
	// CQL 6.2's ASCII arrows for attacks and attackedby (not the line arrows --> <--).
	if rest := string(l.src[l.off:min(l.off+3, len(l.src))]); strings.HasPrefix(rest, "->") || strings.HasPrefix(rest, "<-") && rest != "<--" {
		l.advance(2)
		if rest[0] == '-' {
			return l.symbolToken("attacks")
		}
		return l.symbolToken("attackedby")
	}
	// ASCII operators, longest match first.
	for _, op := range operators {
		if strings.HasPrefix(string(l.src[l.off:min(l.off+4, len(l.src))]), op.text) {
			l.advance(len(op.text))
			return token{kind: op.kind}
		}
	}
	l.advance(1)
	return token{kind: tIllegal, text: "unexpected character '" + string(c) + "'"}
}

// quantifier recognises the CQL 6.2 iteration symbols and their ASCII
// spellings: ∊ [element], ∀ [forall], ∃, and ◭ or [Aa] directly before a
// variable name (a piece variable). n is 0 when none is here.
func (l *lexer) quantifier() (token, int) {
	s := l.src[l.off:]
	for _, q := range []struct {
		text string
		kind tokenKind
	}{
		{"∊", tElement}, {"[element]", tElement}, {"∀", tForall}, {"[forall]", tForall}, {"∃", tExists},
		{"◭", tPiecePrefix}, {"[Aa]", tPiecePrefix},
	} {
		if !strings.HasPrefix(string(s[:min(len(s), len(q.text))]), q.text) {
			continue
		}
		n := len(q.text)
		if q.kind == tPiecePrefix && (n >= len(s) || !isIdentStart(s[n])) {
			continue // a plain [Aa] designator: the piece lexer's
		}
		return token{kind: q.kind, text: q.text}, n
	}
	return token{}, 0
}

func (l *lexer) runeAtIs(off int, want rune) bool {
	r, _ := l.runeAt(off)
	return r == want
}

// symbolToken makes the token for a Unicode alias's ASCII spelling.
func (l *lexer) symbolToken(ascii string) token {
	for _, op := range operators {
		if op.text == ascii {
			return token{kind: op.kind, text: ascii}
		}
	}
	return token{kind: tIdent, text: ascii}
}

var operators = []struct {
	text string
	kind tokenKind
}{
	{"-->", tArrow}, {"<--", tBackArrow},
	{"[<=]", tTreeOp}, {"[>=]", tTreeOp}, {"[<]", tTreeOp}, {"[>]", tTreeOp},
	{"==", tEq}, {"!=", tNe}, {"<=", tLe}, {">=", tGe}, {"=?", tCondAssign},
	{"+=", tAddAssign}, {"-=", tSubAssign}, {"*=", tMulAssign}, {"/=", tDivAssign}, {"%=", tModAssign},
	{"|=", tOrAssign}, {"&=", tAndAssign},
	{"--", tDash}, {"~~", tMatch},
	{"{", tLBrace}, {"}", tRBrace}, {"(", tLParen}, {")", tRParen}, {",", tComma},
	{"&", tAmp}, {"|", tBar}, {"~", tTilde}, {"#", tHash}, {"+", tPlus}, {"-", tMinus},
	{"*", tStar}, {"/", tSlash}, {"%", tPercent}, {"?", tQuestion}, {"<", tLt}, {">", tGt},
	{"=", tAssign}, {":", tColon}, {"[", tLBracket}, {"]", tRBracket},
}

func (l *lexer) ident() token {
	// Castling keywords contain dashes: o-o, o-o-o (also O-O).
	for _, w := range []string{"o-o-o", "O-O-O", "o-o", "O-O"} {
		if strings.HasPrefix(string(l.src[l.off:min(l.off+5, len(l.src))]), w) && !isIdentByte(l.byteAt(l.off+len(w))) {
			l.advance(len(w))
			return token{kind: tIdent, text: strings.ToLower(w)}
		}
	}
	n := l.off
	for n < len(l.src) && isIdentByte(l.src[n]) {
		n++
	}
	l.advance(n - l.off)
	return token{kind: tIdent}
}

// str reads a quoted string. As in CQL it has no escapes: "a\nb" is four characters
// (CQL 9.493: x = "a\nb" #x == 4), and a string ends at the next quotation mark.
func (l *lexer) str() token {
	l.advance(1) // opening quote
	var b strings.Builder
	for {
		if l.off >= len(l.src) || l.src[l.off] == '\n' {
			return token{kind: tIllegal, text: "string not terminated: expected '\"'"}
		}
		c := l.src[l.off]
		if c == '"' {
			l.advance(1)
			return token{kind: tString, text: b.String()}
		}
		r, w := l.runeAt(l.off)
		b.WriteRune(r)
		l.advance(w)
	}
}

// rawWord reads a white-space delimited word (stopping before ')'), for
// file names in the header and game results (`1/2-1/2`). Quoted strings are
// returned without quotes. ok is false when no word follows.
func (l *lexer) rawWord() (tok token, ok bool) {
	if _, msg, _, _ := l.skipSpace(); msg != "" {
		return token{}, false
	}
	start := l.pos()
	if l.off < len(l.src) && l.src[l.off] == '"' {
		t := l.str()
		if t.kind != tString {
			return t, false
		}
		t.pos, t.end, t.raw = start, l.off, string(l.src[start.Offset:l.off])
		return t, true
	}
	n := l.off
	for n < len(l.src) {
		c := l.src[n]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ')' || c == '(' || c == '{' || c == '}' {
			break
		}
		n++
	}
	if n == l.off {
		return token{pos: start}, false
	}
	l.advance(n - l.off)
	raw := string(l.src[start.Offset:l.off])
	return token{kind: tString, pos: start, end: l.off, text: raw, raw: raw}, true
}

// pieceDesignator recognises a piece designator at the current offset
// without consuming it. It returns the token and its length in bytes. A
// match must end at a word boundary, so `attacks` is not `a` + junk and
// `Pinner` is an identifier.
func (l *lexer) pieceDesignator() (token, int, bool) {
	s := l.src[l.off:]
	// `.` and ▦: every square.
	if s[0] == '.' {
		return token{kind: tPiece, pieces: AnyContent, squares: AllSquares}, 1, true
	}
	if r, w := utf8.DecodeRune(s); r == '▦' {
		return token{kind: tPiece, pieces: AnyContent, squares: AllSquares}, w, true
	}
	if len(s) >= 2 && s[0] == '[' && s[1] == ']' {
		return token{kind: tPiece, text: "[]"}, 2, true
	}

	// A bare square designator (`a1`, `a-h1-8`, `[a1,h1]`) takes priority
	// over the piece letters a and b.
	if sq, n, ok := squareDesignator(s); ok && boundary(s, n) {
		return token{kind: tPiece, pieces: AnyContent, squares: sq}, n, true
	}

	pieces, n := pieceTypes(s)
	if n == 0 {
		return token{}, 0, false
	}
	if s[0] == '[' && mixedBracket(s[1:n-1]) {
		return token{kind: tIllegal, text: "a bracketed piece designator mixes letters and figurines (" +
			string(s[:n]) + "): CQL takes either, not both (e.g. [QR] or [♕♖])"}, n, true
	}
	squares := AllSquares
	if sq, m, ok := squareDesignator(s[n:]); ok {
		squares = sq
		n += m
	}
	if !boundary(s, n) {
		return token{}, 0, false
	}
	return token{kind: tPiece, pieces: pieces, squares: squares}, n, true
}

// mixedBracket reports whether the inside of a bracketed piece type list has
// both ASCII letters and Unicode figurines, which CQL 9.493's lexer refuses
// ([♕♜B] is "Invalid character").
func mixedBracket(s []byte) bool {
	ascii, figurine := false, false
	for _, c := range s {
		if c >= utf8.RuneSelf {
			figurine = true
		} else {
			ascii = true
		}
	}
	return ascii && figurine
}

// boundary reports whether a designator of n bytes ends at a word boundary.
func boundary(s []byte, n int) bool {
	return n >= len(s) || !isIdentByte(s[n])
}

// pieceTypes parses a piece type designator: one ASCII letter, a run of
// figurines, or a bracketed list `[Qq_]`.
func pieceTypes(s []byte) (PieceSet, int) {
	if ps, ok := asciiPieces[s[0]]; ok {
		return ps, 1
	}
	if s[0] == '[' {
		var set PieceSet
		i := 1
		for i < len(s) && s[i] != ']' {
			ps, w := onePieceType(s[i:])
			if w == 0 {
				return 0, 0
			}
			set |= ps
			i += w
		}
		if i >= len(s) || i == 1 {
			return 0, 0
		}
		return set, i + 1
	}
	var set PieceSet
	n := 0
	for n < len(s) {
		r, w := utf8.DecodeRune(s[n:])
		ps, ok := figurines[r]
		if !ok {
			break
		}
		set |= ps
		n += w
	}
	return set, n
}

func onePieceType(s []byte) (PieceSet, int) {
	if ps, ok := asciiPieces[s[0]]; ok {
		return ps, 1
	}
	r, w := utf8.DecodeRune(s)
	if ps, ok := figurines[r]; ok {
		return ps, w
	}
	return 0, 0
}

// squareDesignator parses `f[-f]r[-r]` or `[sd,sd,...]`.
func squareDesignator(s []byte) (SquareSet, int, bool) {
	if len(s) > 0 && s[0] == '[' {
		var set SquareSet
		i := 1
		for {
			sq, n, ok := simpleSquares(s[i:])
			if !ok {
				return 0, 0, false
			}
			set |= sq
			i += n
			if i < len(s) && s[i] == ',' {
				i++
				continue
			}
			if i < len(s) && s[i] == ']' {
				return set, i + 1, true
			}
			return 0, 0, false
		}
	}
	return simpleSquares(s)
}

// simpleSquares parses a file designator and a rank designator, e.g. `e4`,
// `a-h8`, `c-f2-4`.
func simpleSquares(s []byte) (SquareSet, int, bool) {
	isFile := func(i int) bool { return i < len(s) && s[i] >= 'a' && s[i] <= 'h' }
	isRank := func(i int) bool { return i < len(s) && s[i] >= '1' && s[i] <= '8' }
	i := 0
	if !isFile(i) {
		return 0, 0, false
	}
	f0, f1 := int(s[i]-'a'), int(s[i]-'a')
	i++
	if i+1 < len(s) && s[i] == '-' && isFile(i+1) {
		f1 = int(s[i+1] - 'a')
		i += 2
	}
	if !isRank(i) {
		return 0, 0, false
	}
	r0, r1 := int(s[i]-'1'), int(s[i]-'1')
	i++
	if i+1 < len(s) && s[i] == '-' && isRank(i+1) {
		r1 = int(s[i+1] - '1')
		i += 2
	}
	if f0 > f1 || r0 > r1 {
		return 0, 0, false
	}
	var set SquareSet
	for r := r0; r <= r1; r++ {
		for f := f0; f <= f1; f++ {
			set |= 1 << SquareAt(f, r)
		}
	}
	return set, i, true
}

var bareEscapes = map[byte]string{'n': "\n", 't': "\t", 'r': "\r", '"': "\"", '\\': "\\"}

// capture scans `\N` (the N-th capture group of the last ~~ match, a string)
// or `\-N` (the index where that group matched, a number); num is N and text
// starts with `\-` for the index form.
func (l *lexer) capture() token {
	// A bare escape outside quotes (`message("a" \n "b")`) is a string of
	// that one character, as CQL's \n, \t, \r, \" and \\ arguments are.
	if e, ok := bareEscapes[l.byteAt(l.off+1)]; ok {
		l.advance(2)
		return token{kind: tString, text: e}
	}
	n := l.off + 1
	index := n < len(l.src) && l.src[n] == '-'
	if index {
		n++
	}
	if n < len(l.src) && l.src[n] == '{' {
		// CQLi's named group: \{name}, \-{name}
		end := n + 1
		for end < len(l.src) && (isDigit(l.src[end]) || l.src[end] == '_' || l.src[end]|0x20 >= 'a' && l.src[end]|0x20 <= 'z') {
			end++
		}
		if end == n+1 || end >= len(l.src) || l.src[end] != '}' {
			l.advance(1)
			return token{kind: tIllegal, text: "expected a capture group name and '}' after '\\{' (\\{name}, \\-{name})"}
		}
		text := string(l.src[l.off : end+1])
		l.advance(end + 1 - l.off)
		return token{kind: tCapture, num: -1, text: text}
	}
	start := n
	for n < len(l.src) && isDigit(l.src[n]) {
		n++
	}
	if n == start {
		l.advance(1)
		return token{kind: tIllegal, text: "expected a capture group number or {name} after '\\' (\\1, \\-1, \\{name})"}
	}
	v, err := strconv.Atoi(string(l.src[start:n]))
	text := string(l.src[l.off:n])
	l.advance(n - l.off)
	if err != nil || v > 99 {
		return token{kind: tIllegal, text: "capture group number too large: " + text}
	}
	return token{kind: tCapture, num: v, text: text}
}
