package index

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"strings"

	"github.com/klauspost/compress/s2"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// A game record holds what a query needs of one game without its PGN text: tags, result,
// start position, the moves as a byte stream (movecode.go: a byte per move, with tokens
// for null moves, variations and notes), and the comments and NAGs. Replaying it plays the moves with
// the move generator's Play: no SAN parsing, no PGN lexing. A game with problems (errors,
// warnings, a cut) is stored as its text instead and parsed again, so that its problems
// are reported exactly as a scan reports them.
//
// Layout (numbers uvarint unless said otherwise):
//
//	the place: offset - end of the previous game of the block (varint), length in bytes,
//	line - line of the previous game of the block (varint)
//	flags byte (recText, recCut, recFEN, rec960)
//	recText: the game's text (the rest of the record)
//	else: result code byte; tag count; per tag a name code byte (tags.go: a standard
//	      name's number or tagLiteral, plus tagFromColumn), the name's length if literal,
//	      the value's length unless from the column; the literal names' and the values'
//	      bytes; token count; tokens (2 bytes little-endian each); notes (the rest): per
//	      tokNote, a flags byte (noteBefore, noteAfter, noteCQL), the comments (length,
//	      bytes), with noteCQL where CQL's view of the comment after differs from it (its
//	      place in it: offset, length), NAG count, NAGs
//
// A tag marked tagFromColumn has no value in the record: it is the one the game's tag
// column entry keeps (White, Black, ECO, Date by string id, the Elos as numbers, the
// result by code), so a record does not store it twice. On masters-463k this took the
// game records from 52.5 MB to 41.1 MB.
const (
	recText = 1 << iota
	recCut
	recFEN
	rec960
)

const (
	noteBefore = 1 << iota
	noteAfter
	noteCQL // CQL's view of the comment after (pgn.Game.CQLComment) is not all of it
)

var resultCodes = [...]string{"", "1-0", "0-1", "1/2-1/2", "*"}

func resultCode(r string) (byte, bool) {
	for i, s := range resultCodes {
		if s == r {
			return byte(i), true
		}
	}
	return 0, false
}

// place is where the previous game of a block ended and began: offsets and lines of the
// next are stored as differences from it.
type place struct {
	end  int64
	line int
}

// recordWriter encodes games; one per goroutine, its buffers reused.
type recordWriter struct {
	toks  []byte
	notes []byte
	stack []int32
	slots []encSlots // after each node
	ok    bool       // the notes could be encoded
}

// gamePlace is where a game is in its file.
type gamePlace struct {
	offset       int64
	length, line int
}

// castagnoli is the CRC-32C table (the CPU's crc32 instruction computes it).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// errRecordsChecksum says that a chunk's records are not the ones written.
var errRecordsChecksum = errors.New("game records damaged (checksum mismatch)")

// decodeRecords decompresses a chunk's game records (their CRC-32C, then S2) into dst's
// array when it is large enough, and with check compares them with the checksum. A chunk
// whose decoded length is over limit (Meta.MaxChunk; 0: no limit) is refused before
// anything is allocated for it.
//
// Queries pass check false: the chunk's bytes are a Badger value, whose block checksum
// Badger has checked when it read them (index.go), and checking the same bytes twice
// cost queries that read most chunks 5-11% more CPU (docs/index.md). verify checks both,
// so a chunk rewritten through Badger with valid blocks and other records is found there.
func decodeRecords(dst, src []byte, limit int, check bool) ([]byte, error) {
	if len(src) < 4 {
		return nil, errBadRecord
	}
	sum, src := binary.LittleEndian.Uint32(src), src[4:]
	n, err := s2.DecodedLen(src)
	if err != nil {
		return nil, err
	}
	if limit > 0 && n > limit {
		return nil, fmt.Errorf("%w: %d bytes of records, the largest chunk built had %d", errBadRecord, n, limit)
	}
	if cap(dst) < n {
		dst = make([]byte, n)
	}
	if dst, err = s2.Decode(dst[:n], src); err != nil {
		return nil, err
	}
	if check && crc32.Checksum(dst, castagnoli) != sum {
		return nil, errRecordsChecksum
	}
	return dst, nil
}

func placeOf(g *pgn.Game) gamePlace { return gamePlace{g.Offset, g.Length, g.Line} }

// appendRecord appends a record, length first, to dst: the game's place (at is updated to
// it) and body, the record without its place (see encode).
func appendRecord(dst []byte, g gamePlace, at *place, body []byte) []byte {
	var buf [3 * binary.MaxVarintLen64]byte
	pl := binary.AppendVarint(buf[:0], g.offset-at.end)
	pl = binary.AppendUvarint(pl, uint64(g.length))
	pl = binary.AppendVarint(pl, int64(g.line-at.line))
	at.end, at.line = g.offset+int64(g.length), g.line
	dst = binary.AppendUvarint(dst, uint64(len(pl)+len(body)))
	dst = append(dst, pl...)
	return append(dst, body...)
}

// encode appends g's record body (all but the place, which depends on the game before)
// to dst. It runs in parallel workers; appendRecord puts the records in order.
func (w *recordWriter) encode(dst []byte, g *pgn.Game) []byte {
	flags := byte(0)
	text := len(g.Errors) > 0 || len(g.Warnings) > 0 || g.Cut || len(g.Nodes) == 0
	result, okResult := resultCode(g.Result)
	if !text {
		if g.Nodes[0].Pos.Chess960() {
			flags |= rec960
		}
		if g.Tag("FEN") != "" {
			flags |= recFEN
		}
		start, err := startPosition(g, flags)
		text = err != nil || start != g.Nodes[0].Pos || !okResult || !w.tree(g)
	}
	if text {
		flags = recText
		if g.Cut {
			flags |= recCut
		}
	}
	dst = append(dst, flags)
	if text {
		return append(dst, g.Text...)
	}
	dst = append(dst, result)
	dst = appendTags(dst, g.Tags)
	dst = binary.AppendUvarint(dst, uint64(len(w.toks)))
	dst = append(dst, w.toks...)
	return append(dst, w.notes...)
}

// tree encodes g's move tree into w.toks and w.notes so that replaying them creates g's
// nodes in g's order (the parser's, which follows the text: a variation may stand after
// the move it replaces or after that move's first reply, and both make the same tree).
// It reports whether it could.
func (w *recordWriter) tree(g *pgn.Game) bool {
	w.toks, w.notes, w.ok = w.toks[:0], w.notes[:0], true
	root, ok := newEncSlots(&g.Nodes[0].Pos)
	if !ok {
		return false
	}
	w.note(g, 0)
	if linear(g) {
		// Most games have no variation: the slots run along the one line, none kept per node.
		for k := int32(1); int(k) < len(g.Nodes); k++ {
			if w.toks, ok = appendMove(w.toks, &g.Nodes[k-1].Pos, g.Nodes[k].Move, &root); !ok {
				return false
			}
			w.note(g, k)
		}
		return w.ok
	}
	w.slots = append(w.slots[:0], root)
	cur, last := int32(0), int32(-1)
	w.stack = w.stack[:0]
	for k := int32(1); int(k) < len(g.Nodes); k++ {
		p := g.Nodes[k].Parent
		for p != cur {
			if last >= 0 && p == g.Nodes[last].Parent {
				w.toks = append(w.toks, codeEscape, codeOpen)
				w.stack = append(w.stack, last)
				cur, last = p, -1
				break
			}
			if len(w.stack) == 0 {
				return false
			}
			w.toks = append(w.toks, codeEscape, codeClose)
			last = w.stack[len(w.stack)-1]
			w.stack = w.stack[:len(w.stack)-1]
			cur = last
		}
		s := w.slots[p]
		if w.toks, ok = appendMove(w.toks, &g.Nodes[p].Pos, g.Nodes[k].Move, &s); !ok {
			return false
		}
		w.slots = append(w.slots, s)
		w.note(g, k)
		cur, last = k, k
	}
	for range w.stack {
		w.toks = append(w.toks, codeEscape, codeClose)
	}
	return w.ok
}

// linear reports whether every node of g follows the one before it (no variation).
func linear(g *pgn.Game) bool {
	for k := 1; k < len(g.Nodes); k++ {
		if g.Nodes[k].Parent != int32(k-1) {
			return false
		}
	}
	return true
}

// note encodes node n's comments and NAGs, if it has any.
func (w *recordWriter) note(g *pgn.Game, n int32) {
	before, after, cql, nags := g.CommentBefore(n), g.Comment(n), g.CQLComment(n), g.NAGs(n)
	if before == "" && after == "" && len(nags) == 0 {
		return
	}
	if len(nags) > 255 {
		w.ok = false
		return
	}
	w.toks = append(w.toks, codeEscape, codeNote)
	flags := byte(0)
	if before != "" {
		flags |= noteBefore
	}
	if after != "" {
		flags |= noteAfter
	}
	// CQL's view is a part of the comment after (the last brace comment of several):
	// its text is found there again, wherever it occurs.
	at := 0
	if cql != after {
		flags |= noteCQL
		if at = strings.LastIndex(after, cql); at < 0 {
			w.ok = false
			return
		}
	}
	w.notes = append(w.notes, flags)
	for _, c := range [2]string{before, after} {
		if c != "" {
			w.notes = binary.AppendUvarint(w.notes, uint64(len(c)))
			w.notes = append(w.notes, c...)
		}
	}
	if flags&noteCQL != 0 {
		w.notes = binary.AppendUvarint(w.notes, uint64(at))
		w.notes = binary.AppendUvarint(w.notes, uint64(len(cql)))
	}
	w.notes = append(w.notes, byte(len(nags)))
	w.notes = append(w.notes, nags...)
}

// startPosition is the root of a record with these flags, as the parser sets it up.
func startPosition(g *pgn.Game, flags byte) (chess.Position, error) {
	pos := chess.StartPosition()
	if flags&recFEN != 0 {
		var err error
		if pos, err = pgn.ParseFENTag(g.Tag("FEN")); err != nil {
			return pos, err
		}
	}
	if flags&rec960 != 0 {
		pos.SetChess960(true)
	}
	return pos, nil
}

var errBadRecord = errors.New("bad game record")

// replayer turns records back into games; one per goroutine.
type replayer struct {
	parser     *pgn.Parser // for games stored as text
	variations bool
	stack      []int32
	slots      []pieceSlots // after each node of the game being replayed
	tagLens    []uint64     // scratch: a game's tag name and value lengths
	tagCodes   []byte       // scratch: a game's tag name codes
	numbers    []string     // decimal texts of small numbers (Elos), made once
	fen        chess.FENWriter
}

func newReplayer(opt pgn.Options) *replayer {
	return &replayer{parser: pgn.NewParser(opt), variations: opt.Variations}
}

// byteReader reads a record.
type byteReader struct {
	b   []byte
	bad bool
}

func (r *byteReader) uvarint() uint64 {
	// Most numbers of a record (tag lengths, places) fit one byte: no call for them.
	if len(r.b) > 0 && r.b[0] < 0x80 {
		v := uint64(r.b[0])
		r.b = r.b[1:]
		return v
	}
	return r.uvarintLong()
}

func (r *byteReader) uvarintLong() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.bad = true
		r.b = nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

// varint undoes binary.AppendVarint's zig-zag over uvarint.
func (r *byteReader) varint() int64 {
	u := r.uvarint()
	v := int64(u >> 1)
	if u&1 != 0 {
		v = ^v
	}
	return v
}

func (r *byteReader) byte() byte {
	if len(r.b) == 0 {
		r.bad = true
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *byteReader) bytes(n uint64) []byte {
	if n > uint64(len(r.b)) {
		r.bad = true
		r.b = nil
		return nil
	}
	b := r.b[:n]
	r.b = r.b[n:]
	return b
}

// replay fills g (whose File and Number the caller sets) from the record body and the
// game's tag column entry (col, for the tags the record leaves to it); at is updated to g. Options are the replayer's: without variations only the main line is
// built, as the parser builds it.
func (rp *replayer) replay(body []byte, g *pgn.Game, at *place, col columnTags) error {
	r := byteReader{b: body}
	offset := at.end + r.varint()
	length := r.uvarint()
	line := at.line + int(r.varint())
	flags := r.byte()
	if r.bad || length > 1<<40 {
		return errBadRecord
	}
	at.end, at.line = offset+int64(length), line
	if flags&recText != 0 {
		g.Offset, g.Line = offset, line
		if flags&recCut != 0 {
			rp.parser.ParseCut(r.b, g)
		} else {
			rp.parser.Parse(r.b, g)
		}
		return nil
	}
	g.Reset()
	g.Offset, g.Line, g.Length = offset, line, int(length)
	result := r.byte()
	if int(result) >= len(resultCodes) {
		return errBadRecord
	}
	g.Result = resultCodes[result]
	ntags := r.uvarint()
	if ntags > uint64(len(r.b)) {
		return errBadRecord
	}
	if err := rp.tags(&r, int(ntags), g, col); err != nil {
		return err
	}
	start, err := startPosition(g, flags)
	if err != nil {
		return fmt.Errorf("%w: %v", errBadRecord, err)
	}
	toks := r.bytes(r.uvarint())
	if r.bad {
		return errBadRecord
	}
	notes := byteReader{b: r.b}
	var noteText string
	if len(notes.b) > 0 {
		noteText = string(notes.b) // one string for all comments; each is a piece of it
	}
	root := g.AddRoot(&start)
	slots := startSlots
	if flags&recFEN != 0 {
		var ok bool
		if slots, ok = newSlots(&start); !ok {
			return errBadRecord
		}
	}
	rp.slots = append(rp.slots[:0], slots)
	cur, last := root, int32(-1)
	depth := 0
	rp.stack = rp.stack[:0]
	for i := 0; i < len(toks); {
		c := toks[i]
		if c == codeEscape && i+1 < len(toks) && toks[i+1] >= codeToken {
			i += 2
			switch toks[i-1] {
			case codeOpen:
				depth++
				if !rp.variations {
					continue
				}
				if last < 0 {
					return errBadRecord
				}
				rp.stack = append(rp.stack, last)
				cur, last = g.Nodes[last].Parent, -1
			case codeClose:
				if depth == 0 {
					return errBadRecord
				}
				depth--
				if !rp.variations {
					continue
				}
				last = rp.stack[len(rp.stack)-1]
				rp.stack = rp.stack[:len(rp.stack)-1]
				cur = last
			case codeNote:
				target := last
				if target < 0 {
					target = root
				}
				if err := rp.note(&notes, noteText, g, target, depth > 0 && !rp.variations); err != nil {
					return err
				}
			case codeNull:
				if depth > 0 && !rp.variations {
					continue
				}
				rp.slots = append(rp.slots, rp.slots[cur])
				cur = g.AddMove(cur, chess.NullMove, depth > 0)
				last = cur
			default:
				return errBadRecord
			}
			continue
		}
		if depth > 0 && !rp.variations {
			i += codeLen(c)
			continue
		}
		s := rp.slots[cur]
		m, n, ok := decodeMove(toks[i:], &g.Nodes[cur].Pos, &s)
		if !ok {
			return fmt.Errorf("%w: move code %#02x cannot be played", errBadRecord, c)
		}
		i += n
		rp.slots = append(rp.slots, s)
		cur = g.AddMove(cur, m, depth > 0)
		last = cur
	}
	if depth != 0 || len(notes.b) != 0 {
		return errBadRecord
	}
	return nil
}

// note reads the next note and gives it to node n (unless skip).
func (rp *replayer) note(r *byteReader, text string, g *pgn.Game, n int32, skip bool) error {
	flags := r.byte()
	var cs [2]string
	for k, bit := range [2]byte{noteBefore, noteAfter} {
		if flags&bit != 0 {
			l := r.uvarint()
			if l > uint64(len(r.b)) {
				return errBadRecord
			}
			off := len(text) - len(r.b)
			cs[k] = text[off : off+int(l)]
			r.b = r.b[l:]
		}
	}
	cql := cs[1]
	if flags&noteCQL != 0 {
		at, l := r.uvarint(), r.uvarint()
		if at > uint64(len(cs[1])) || l > uint64(len(cs[1]))-at {
			return errBadRecord
		}
		cql = cs[1][at : at+l]
	}
	nags := r.bytes(uint64(r.byte()))
	if r.bad {
		return errBadRecord
	}
	if skip {
		return nil
	}
	if cs[0] != "" {
		g.SetCommentBefore(n, cs[0])
	}
	if cs[1] != "" || cql != "" {
		g.SetComments(n, cs[1], cql)
	}
	for _, nag := range nags {
		g.AddNAG(n, nag)
	}
	return nil
}
