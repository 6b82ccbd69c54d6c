package chess

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// FENWriter appends the FENs of positions written one after another, as a game's are: a
// rank whose squares hold what they held when the writer last made that rank's text is
// copied from that text instead of being made again (a move changes one or two ranks).
// Its FENs are AppendFEN's, whatever the order of the positions. The zero value is ready.
type FENWriter struct {
	rows [8][8]Piece  // each rank's squares when its text was made
	text [8][2]uint64 // each rank's text and a '/', as the little-endian bytes of two words
	n    [8]uint8     // the length of text with its '/'; 0 before the first
}

// Append appends the FEN of p to dst. Like append, it writes into dst's spare capacity
// (up to 128 bytes of it, whatever the FEN's length).
func (w *FENWriter) Append(dst []byte, p *Position) []byte {
	// The FEN is written straight into dst's spare capacity (128 bytes are enough for
	// its board and the rest; the 16-byte copies may write past its end, within them).
	n0 := len(dst)
	dst = slices.Grow(dst, 128)
	b := (*[128]byte)(dst[n0 : n0+128])
	i := 0
	for r := 7; r >= 0; r-- {
		row := [8]Piece(p.board[8*r : 8*r+8])
		if w.n[r] == 0 || row != w.rows[r] {
			w.rows[r] = row
			lo, n := rankWord(uint8(p.byType[0]>>(8*r)), &row)
			// The '/' after the text: in the first word, or alone in the second when the
			// rank is eight letters.
			hi := uint64('/')
			if n < 8 {
				lo |= '/' << (8 * n)
				hi = 0
			}
			w.text[r] = [2]uint64{lo, hi}
			w.n[r] = uint8(n + 1)
		}
		// Every rank's text and its '/' are copied whole, as two 8-byte words made in
		// registers (the rank's bytes stored one by one and read back as 16, the read
		// waited for the stores to drain), and i moves on by their length; i is below 64
		// here (seven ranks of at most nine bytes).
		at := i & 63
		binary.LittleEndian.PutUint64(b[at:at+8], w.text[r][0])
		binary.LittleEndian.PutUint64(b[at+8:at+16], w.text[r][1])
		i += int(w.n[r])
	}
	return dst[:n0+p.fenRest(b, i-1)] // without the last rank's '/'
}

// rankWord returns the FEN text of one rank, whose occupied files are the bits of occ and
// whose pieces are row, as the little-endian bytes of a word, and its length: the rank's
// shape (its digits, and where each piece's letter goes) from a table, then a letter a
// piece put in with a shift.
func rankWord(occ uint8, row *[8]Piece) (text uint64, n int) {
	sh := &rankShapes[occ]
	text = binary.LittleEndian.Uint64(sh.text[:])
	for j := 0; occ != 0; occ &= occ - 1 {
		text |= uint64(fenLetters[row[bits.TrailingZeros8(occ)&7]&15]) << (8 * (sh.slot[j&7] & 7))
		j++
	}
	return text, int(sh.n)
}

// rankShape is the FEN text of a rank's occupancy with its pieces' letters left out: the
// digits of the empty runs in text, the place of the k-th piece (from the a-file) in slot[k].
type rankShape struct {
	text [8]byte
	slot [8]uint8
	n    uint8
}

var rankShapes = func() (t [256]rankShape) {
	for occ := range t {
		sh := &t[occ]
		i, f, k := 0, 0, 0
		for at := 0; at < 8; at++ {
			if occ&(1<<at) == 0 {
				continue
			}
			if at > f {
				sh.text[i] = byte('0' + at - f)
				i++
			}
			sh.slot[k] = uint8(i)
			k++
			i++
			f = at + 1
		}
		if f < 8 {
			sh.text[i] = byte('0' + 8 - f)
			i++
		}
		sh.n = uint8(i)
	}
	return t
}()
