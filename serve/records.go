package serve

import (
	"encoding/binary"
	"errors"
	"strconv"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/run"
)

// A run keeps each matching game as one compact record (run.Options.AppendPosition writes
// it in the worker): where the game is (its file and number, and for PGN files its text),
// the players' ratings (for the statistics), then each matched position's node, ply,
// whether it lies in a variation, the squares the query marked and its comments. Boards and
// cards are drawn from the game parsed again when a page is shown: a 400,000-position
// result holds some 20 bytes a position (plus the games' text for PGN files).

// position is one matched position of a record.
type position struct {
	node      int32
	ply       int32
	variation bool
	marked    chess.Bitboard
	comments  []string
}

// gameRecord is a decoded record.
type gameRecord struct {
	ref       gameRef
	elo       [2]int // WhiteElo, BlackElo; 0 when unknown
	positions []position
}

// appendPosition is run.Options.AppendPosition for the database.
func (d *database) appendPosition(dst []byte, g *pgn.Game, i int32, rec *run.Record) []byte {
	if len(dst) == 0 {
		dst = binary.AppendUvarint(dst, uint64(d.fileIndex(g.File)+1))
		dst = binary.AppendUvarint(dst, uint64(g.Number))
		dst = binary.AppendUvarint(dst, uint64(elo(g.Tag("WhiteElo"))))
		dst = binary.AppendUvarint(dst, uint64(elo(g.Tag("BlackElo"))))
		if d.ix == nil {
			dst = binary.AppendUvarint(dst, uint64(len(g.Text)))
			dst = append(dst, g.Text...)
		}
	}
	n := &g.Nodes[i]
	dst = binary.AppendUvarint(dst, uint64(i))
	dst = binary.AppendUvarint(dst, uint64(n.Ply))
	flags := byte(0)
	if n.Variation {
		flags = 1
	}
	dst = append(dst, flags)
	dst = binary.LittleEndian.AppendUint64(dst, uint64(rec.Squares))
	dst = binary.AppendUvarint(dst, uint64(len(rec.Comments)))
	for _, c := range rec.Comments {
		dst = binary.AppendUvarint(dst, uint64(len(c)))
		dst = append(dst, c...)
	}
	return dst
}

// elo reads a rating tag; 0 when it is not a plausible rating.
func elo(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 100 || n > 4000 {
		return 0
	}
	return n
}

var errBadRecord = errors.New("serve: damaged record")

// decodeRecord reads a record of positions matched positions written by appendPosition;
// withText says whether it holds the game's text (PGN files). Comments and text alias b.
func decodeRecord(b []byte, positions int, withText bool) (gameRecord, error) {
	r := recordReader{b: b}
	var g gameRecord
	g.ref.file = int(r.uvarint()) - 1
	g.ref.number = int(r.uvarint())
	g.elo[0], g.elo[1] = int(r.uvarint()), int(r.uvarint())
	if withText {
		g.ref.text = r.bytes(int(r.uvarint()))
	}
	g.positions = make([]position, 0, positions)
	for k := 0; k < positions && !r.bad; k++ {
		var p position
		p.node = int32(r.uvarint())
		p.ply = int32(r.uvarint())
		p.variation = r.byte() == 1
		p.marked = chess.Bitboard(binary.LittleEndian.Uint64(r.bytes(8)))
		for c := r.uvarint(); c > 0 && !r.bad; c-- {
			p.comments = append(p.comments, string(r.bytes(int(r.uvarint()))))
		}
		g.positions = append(g.positions, p)
	}
	if r.bad {
		return g, errBadRecord
	}
	return g, nil
}

type recordReader struct {
	b   []byte
	bad bool
}

func (r *recordReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.bad = true
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *recordReader) byte() byte {
	if len(r.b) == 0 {
		r.bad = true
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *recordReader) bytes(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.bad = true
		return make([]byte, 8) // enough for the caller's read; bad says the record is not used
	}
	s := r.b[:n:n]
	r.b = r.b[n:]
	return s
}
