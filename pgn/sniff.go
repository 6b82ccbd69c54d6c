package pgn

import (
	"bytes"
	"fmt"
	"strings"
)

// SniffBytes is how much of the start of an input is looked at to tell whether it is PGN.
const SniffBytes = 64 << 10

// NotPGNError says that an input does not look like PGN: it is reported once, instead of
// the thousands of problems its "games" would have (issue 30: a README, an .xz file).
type NotPGNError struct {
	Format string // a known format recognised by its magic bytes ("zip archive"), or ""
	Start  string // the first bytes, printable
}

func (e *NotPGNError) Error() string {
	if e.Format != "" {
		return "not PGN: it is " + e.Format
	}
	return fmt.Sprintf("does not look like PGN: it does not start with a game (a tag pair such as [Event \"...\"], or 1. e4) and has no tag pair in its first %d KB; it starts %q", SniffBytes>>10, e.Start)
}

// otherFormats are formats recognised by their first bytes, which no PGN file starts with.
var otherFormats = []struct{ magic, name string }{
	{"PK\x03\x04", "a zip archive: unzip it first"},
	{"7z\xbc\xaf\x27\x1c", "a 7-Zip archive: extract it first"},
	{"Rar!\x1a\x07", "a RAR archive: extract it first"},
	{"\x04\x22\x4d\x18", "lz4-compressed: decompress it first (lz4 -d)"},
	{"\x89PNG", "a PNG image"},
	{"%PDF", "a PDF document"},
	{"\x7fELF", "an executable (ELF)"},
	{"SQLite format 3\x00", "an SQLite database"},
}

// Sniff returns a *NotPGNError when b, the first bytes of an input (all of it when eof),
// shows nothing of PGN: no tag pair at a line start, no move number followed by a move, no
// result. An empty or blank input is no games, not an error; text before the first game
// (a header, a note) is fine as long as a game starts within the bytes looked at.
func Sniff(b []byte, eof bool) error {
	for _, f := range otherFormats {
		if bytes.HasPrefix(b, []byte(f.magic)) {
			return &NotPGNError{Format: f.name}
		}
	}
	if len(b) >= 262 && string(b[257:262]) == "ustar" {
		return &NotPGNError{Format: "a tar archive: extract it first"}
	}
	if len(bytes.TrimSpace(b)) == 0 || looksLikePGN(b) {
		return nil
	}
	for _, m := range []string{"\x1f\x8b", "\x28\xb5\x2f\xfd", "BZh", "\xfd7zXZ\x00"} {
		if eof && len(b) < len(m) && strings.HasPrefix(m, string(b)) {
			return nil // the start of a compressed file cut short: a few bytes of text, no games
		}
	}
	if !eof && len(b) < SniffBytes {
		return nil // too little to tell (a short read): let the parser report what it finds
	}
	start := b[:min(len(b), 40)]
	return &NotPGNError{Start: string(start)}
}

// looksLikePGN finds PGN in b: a tag pair at a line start ([Name "...) anywhere, or a game
// at its start (after white space, comments and escape lines): a tag pair, a numbered move
// (1. e4, 12...Nf6), a move (e4, Nf3) or a result. Text about chess (a README with 1. e4 in
// it) has no tag pair and starts with something else.
func looksLikePGN(b []byte) bool {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) // a byte order mark
	for i := 0; i < len(b); i++ {
		if b[i] == '[' && (i == 0 || b[i-1] == '\n' || b[i-1] == '\r') && tagStart(b[i+1:]) {
			return true
		}
	}
	i := 0
	for i < len(b) {
		switch c := b[i]; {
		case isCSpace(c):
			i++
		case c == '%' || c == ';':
			for i < len(b) && b[i] != '\n' {
				i++
			}
		case c == '{':
			j := bytes.IndexByte(b[i:], '}')
			if j < 0 {
				return true // a comment longer than what is looked at
			}
			i += j + 1
		case c >= '0' && c <= '9':
			return numberedMove(b[i:])
		case c == '*':
			return i+1 == len(b) || isCSpace(b[i+1])
		default:
			return sanWord(b[i:])
		}
	}
	return false
}

// sanWord: b starts with a move in SAN (e4, Nf3, exd5, Qh4#, O-O) ended by a space, a
// comment or the end.
func sanWord(b []byte) bool {
	j := 0
	for j < len(b) && j < 8 && !isCSpace(b[j]) && b[j] != '{' {
		j++
	}
	if j == 8 {
		return false
	}
	if w := bytes.TrimRight(b[:j], "+#!?"); string(w) == "O-O" || string(w) == "O-O-O" || string(w) == "--" {
		return true
	}
	w := bytes.TrimRight(b[:j], "+#!?")
	if len(w) > 0 && bytes.IndexByte([]byte("KQRBN"), w[0]) >= 0 {
		w = w[1:]
	}
	w = bytes.Replace(w, []byte("x"), nil, 1)
	if len(w) == 3 && (w[0] >= 'a' && w[0] <= 'h' || w[0] >= '1' && w[0] <= '8') {
		w = w[1:] // a disambiguation
	}
	return len(w) == 2 && w[0] >= 'a' && w[0] <= 'h' && w[1] >= '1' && w[1] <= '8'
}

// tagStart: b follows a '[': a tag name, spaces, a quote (or the end of b, for an input
// cut inside its first tag).
func tagStart(b []byte) bool {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i == len(b) {
		return true
	}
	n := i
	for i < len(b) && (b[i] >= 'A' && b[i] <= 'Z' || b[i] >= 'a' && b[i] <= 'z' || b[i] >= '0' && b[i] <= '9' || b[i] == '_') {
		i++
	}
	if i == n {
		return false
	}
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i == len(b) || b[i] == '"'
}

// numberedMove: b starts with digits, dots and maybe spaces, then a move (e4, Nf3, exd5,
// O-O), or it is a result (1-0, 0-1 after a 0, 1/2-1/2).
func numberedMove(b []byte) bool {
	i := 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	rest := b[i:]
	if bytes.HasPrefix(b, []byte("1-0")) || bytes.HasPrefix(b, []byte("0-1")) || bytes.HasPrefix(b, []byte("1/2-1/2")) {
		return true
	}
	if len(rest) == 0 || rest[0] != '.' {
		return false
	}
	for len(rest) > 0 && (rest[0] == '.' || rest[0] == ' ' || rest[0] == '\t') {
		rest = rest[1:]
	}
	// A move: a piece letter (of any language) or a figurine or nothing, then a square in
	// its first few bytes.
	if bytes.HasPrefix(rest, []byte("O-O")) || bytes.HasPrefix(rest, []byte("0-0")) || len(rest) > 0 && rest[0] >= 0x80 {
		return true
	}
	j := 0
	if j < len(rest) && rest[j] >= 'A' && rest[j] <= 'Z' {
		j++
	}
	for k := j; k < len(rest) && k < j+4; k++ {
		if rest[k] >= 'a' && rest[k] <= 'h' && k+1 < len(rest) && rest[k+1] >= '1' && rest[k+1] <= '8' {
			return true
		}
		if !(rest[k] >= 'a' && rest[k] <= 'h' || rest[k] >= '1' && rest[k] <= '8' || rest[k] == 'x' || rest[k] == ':' || rest[k] == '-') {
			return false
		}
	}
	return false
}
