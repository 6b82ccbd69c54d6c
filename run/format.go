package run

import (
	"strconv"
	"unicode/utf8"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// AppendEPD appends the first four FEN fields.
func AppendEPD(dst []byte, p *chess.Position) []byte {
	start := len(dst)
	dst = p.AppendFEN(dst)
	fields := 0
	for i := start; i < len(dst); i++ {
		if dst[i] == ' ' {
			fields++
			if fields == 4 {
				return dst[:i]
			}
		}
	}
	return dst
}

// AppendJSONL appends node i of g as one JSON object: file, game, ply, fen, san (the move
// that led here), variation when it is not on the main line, and the White, Black, Event,
// Date and Result tags.
func AppendJSONL(dst []byte, g *pgn.Game, i int32) []byte {
	n := &g.Nodes[i]
	dst = append(dst, `{"file":`...)
	dst = appendJSONString(dst, g.File)
	dst = append(dst, `,"game":`...)
	dst = strconv.AppendInt(dst, int64(g.Number), 10)
	dst = append(dst, `,"ply":`...)
	dst = strconv.AppendInt(dst, int64(n.Ply), 10)
	dst = append(dst, `,"fen":"`...)
	dst = n.Pos.AppendFEN(dst)
	dst = append(dst, `","san":"`...)
	if n.Parent >= 0 {
		dst = g.Nodes[n.Parent].Pos.AppendSAN(dst, n.Move)
	}
	dst = append(dst, '"')
	if n.Variation {
		dst = append(dst, `,"variation":true`...)
	}
	for _, tag := range [...]string{"White", "Black", "Event", "Date", "Result"} {
		v := g.Tag(tag)
		if tag == "Result" && v == "" {
			v = g.Result
		}
		dst = append(dst, ',', '"')
		dst = append(dst, tag...)
		dst = append(dst, '"', ':')
		dst = appendJSONString(dst, v)
	}
	return append(dst, '}')
}

// appendJSONString appends s as a JSON string; bytes that are not UTF-8
// (Latin-1 names are common in PGN) become U+FFFD.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c < 0x20:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, `\ufffd`...)
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}
