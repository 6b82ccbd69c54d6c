package query

import (
	"html"
	"strings"
	"unicode/utf8"
)

// Script conversions (CQL 6.2's -a, -u and -html): the text is re-spelled token by token,
// and everything between tokens (space, comments) and every string is copied unchanged,
// so a converted script parses to the same program.

// asciiFigurines spells each Unicode piece symbol in ASCII.
var asciiFigurines = map[rune]string{
	'♔': "K", '♕': "Q", '♖': "R", '♗': "B", '♘': "N", '♙': "P",
	'♚': "k", '♛': "q", '♜': "r", '♝': "b", '♞': "n", '♟': "p",
	'△': "A", '▲': "a", '□': "_", '◭': "[Aa]", '▦': ".",
}

// unicodeWords spells keywords and operators with CQL 6.2's symbols, as CQL's -u does
// (the word in stays: `"a" in s` is not ∊).
var unicodeWords = map[string]string{
	"->": "→", "<-": "←", "flipcolor": "⬓", "flip": "✵", "path": "⊢", "focus": "◎",
	"currentposition": "∙", "curpos": "∙", "<=": "≤", ">=": "≥", "!=": "≠", "&": "∩", "|": "∪",
	"&=": "∩=", "|=": "∪=", "[x]": "×", "[element]": "∊", "[forall]": "∀", "[Aa]": "◭", "--": "――",
	"[<]": "≺", "[<=]": "≼", "[>]": "≻", "[>=]": "≽",
}

var unicodePieces = map[byte]string{
	'K': "♔", 'Q': "♕", 'R': "♖", 'B': "♗", 'N': "♘", 'P': "♙",
	'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟",
	'A': "△", 'a': "▲", '_': "□",
}

// ToASCII returns src with CQL 6.2's Unicode symbols spelled in ASCII.
func ToASCII(src []byte) []byte {
	return convert(src, func(t, _ token, raw string) string {
		if isASCII(raw) || t.kind == tString {
			return raw
		}
		// The arrows keep their precedence (looser than |) only as arrows: the words
		// attacks and attackedby bind more tightly than &.
		switch raw {
		case "→":
			return "->"
		case "←":
			return "<-"
		}
		switch t.kind {
		case tElement:
			return "[element]" // as CQL's -a, which reads it back as ∊
		case tForall:
			return "[forall]"
		case tExists:
			return "" // ∃x∊S is x∊S
		case tPiecePrefix:
			return "[Aa]"
		}
		if t.kind == tCross {
			return "[x]"
		}
		if t.kind == tPiece {
			// Several piece symbols in a row are one designator (♖♗♘♕); in ASCII
			// they need brackets ([RBNQ]), as CQL's -a writes them.
			var pieces, squares strings.Builder
			n, inPieces := 0, true
			for _, r := range raw {
				a, ok := asciiFigurines[r]
				switch {
				case inPieces && ok && r != '▦' && r != '◭':
					pieces.WriteString(a)
					n++
					continue
				case ok:
					squares.WriteString(a)
				default:
					squares.WriteRune(r)
				}
				inPieces = false
			}
			if n > 1 {
				return "[" + pieces.String() + "]" + squares.String()
			}
			return pieces.String() + squares.String()
		}
		return t.text
	}, false)
}

// ToUnicode returns src with the keywords, operators and piece letters that have a CQL 6.2
// symbol spelled with it. The header `cql(...)` is left as it is (file names).
func ToUnicode(src []byte) []byte {
	// The words attacks and attackedby stay words: CQL 6.2's arrows bind more loosely
	// than | (A attacks k|q is (A attacks k)|q, A → k|q is A → (k|q)) and chain into a
	// pin (A → P → k), so an arrow would change the program.
	return convert(src, func(t, _ token, raw string) string {
		switch t.kind {
		case tString:
			return raw
		case tPiece:
			if !isASCII(raw) {
				return raw
			}
			if raw == "." {
				return "▦"
			}
			if _, n, ok := squareDesignator([]byte(raw)); ok && n == len(raw) {
				return raw // a bare square designator: a1 is not ▲1
			}
			// The pieces one symbol each, without brackets ([QRB] is ♕♖♗, [Aa] ◭), as
			// CQL's -u writes them; the squares as they are.
			_, n := pieceTypes([]byte(raw))
			letters := raw[:n]
			if strings.HasPrefix(letters, "[") {
				letters = letters[1 : len(letters)-1]
			}
			if letters == "Aa" || letters == "aA" {
				return "◭" + raw[n:]
			}
			var b strings.Builder
			for i := 0; i < len(letters); i++ {
				if u, ok := unicodePieces[letters[i]]; ok {
					b.WriteString(u)
				} else {
					b.WriteByte(letters[i])
				}
			}
			b.WriteString(raw[n:])
			return b.String()
		}
		if u, ok := unicodeWords[raw]; ok {
			return u
		}
		return raw
	}, true)
}

// convert copies src, replacing each token's text by spell's; a word replacing a symbol
// gets spaces where it would otherwise run into a neighbouring word.
func convert(src []byte, spell func(t, prev token, raw string) string, skipHeader bool) []byte {
	l := newLexer(src)
	var out []byte
	prev := 0
	depth := -1 // inside the header while >= 0
	first := true
	var last token // the previous token
	for {
		t := l.next()
		if t.kind == tEOF {
			break
		}
		out = append(out, src[prev:t.pos.Offset]...)
		raw := string(src[t.pos.Offset:t.end])
		prev = t.end
		if skipHeader && first && t.kind == tIdent && t.text == "cql" {
			depth = 0
		}
		first = false
		if depth >= 0 {
			switch t.kind {
			case tLParen:
				depth++
			case tRParen:
				depth--
				if depth == 0 {
					depth = -1
				}
			}
			out = append(out, raw...)
			continue
		}
		s := spell(t, last, raw)
		last = t
		if s == "" {
			continue
		}
		if s != raw {
			if len(out) > 0 && isIdentByte(out[len(out)-1]) && isIdentByte(s[0]) {
				out = append(out, ' ')
			}
			out = append(out, s...)
			if prev < len(src) && isIdentByte(src[prev]) && isIdentByte(s[len(s)-1]) {
				out = append(out, ' ')
			}
			continue
		}
		out = append(out, raw...)
	}
	return append(out, src[prev:]...)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// HTML returns src as a self-contained HTML page with its keywords, pieces, numbers, strings
// and comments marked for colour (CQL 6.2's -html).
func HTML(title string, src []byte) []byte {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
	b.WriteString(html.EscapeString(title))
	b.WriteString("</title>\n<style>\nbody{font-family:sans-serif}\npre{font-size:15px;line-height:1.4}\n" +
		".kw{color:#00309a;font-weight:bold}.pc{color:#8a2b00}.num{color:#096}.str{color:#a31515}.com{color:#6a737d;font-style:italic}\n</style>\n</head>\n<body>\n<h1>")
	b.WriteString(html.EscapeString(title))
	b.WriteString("</h1>\n<pre>")
	l := newLexer(src)
	prev := 0
	for {
		t := l.next()
		if t.kind == tEOF {
			break
		}
		writeBetween(&b, string(src[prev:t.pos.Offset]))
		raw := string(src[t.pos.Offset:t.end])
		prev = t.end
		class := ""
		switch t.kind {
		case tIdent:
			if keywords[t.text] {
				class = "kw"
			}
		case tPiece:
			class = "pc"
		case tNumber:
			class = "num"
		case tString:
			class = "str"
		}
		if class == "" {
			b.WriteString(html.EscapeString(raw))
		} else {
			b.WriteString(`<span class="` + class + `">` + html.EscapeString(raw) + "</span>")
		}
	}
	writeBetween(&b, string(src[prev:]))
	b.WriteString("</pre>\n</body>\n</html>\n")
	return []byte(b.String())
}

// writeBetween writes the text between tokens: space and comments (marked).
func writeBetween(b *strings.Builder, s string) {
	for s != "" {
		i := strings.Index(s, "//")
		j := strings.Index(s, "/*")
		if i < 0 && j < 0 {
			b.WriteString(html.EscapeString(s))
			return
		}
		var start, end int
		if j >= 0 && (i < 0 || j < i) {
			start = j
			end = strings.Index(s[j+2:], "*/")
			if end < 0 {
				end = len(s)
			} else {
				end += j + 4
			}
		} else {
			start = i
			end = strings.IndexByte(s[i:], '\n')
			if end < 0 {
				end = len(s)
			} else {
				end += i
			}
		}
		b.WriteString(html.EscapeString(s[:start]))
		b.WriteString(`<span class="com">` + html.EscapeString(s[start:end]) + "</span>")
		s = s[end:]
	}
}

// BodyOffset returns the byte offset of the first token after the header `cql(...)` (or of
// the first token when there is no header), where filters can be added to the body. A
// header that does not parse gives 0; parsing the whole program reports that error.
func BodyOffset(src []byte) (off int) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			off = 0
		}
	}()
	p := newParser("", src)
	if p.isKw("cql") {
		p.parseHeader()
	}
	return p.tok.pos.Offset
}
