package pgn

import "unicode/utf8"

// TextUTF8 is s as UTF-8, each byte that is not part of valid UTF-8 read as Latin-1 (the
// usual encoding of old databases), as every text output (JSONL, CSV, HTML) writes the
// file's text. Filters read tags and comments through it, so that they compare the text the
// output shows (issue 30: JSONL showed "Wälbers", -player 'Wälbers' found nothing and
// 'W.lbers' the game). Valid UTF-8 is returned as it is, without a copy.
func TextUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string(AppendUTF8(make([]byte, 0, len(s)+len(s)/4), s))
}

// AppendUTF8 appends s to dst, reading each byte that is not part of valid UTF-8 as Latin-1.
func AppendUTF8(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = utf8.AppendRune(dst, rune(c))
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return dst
}
