package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"sort"
	"strconv"

	"github.com/RoaringBitmap/roaring/v2"
	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// Occurrence is one place where a position occurs.
type Occurrence struct {
	File      string
	Game      int // number in its file
	Ply       int
	Variation bool
	White     string
	Black     string
	Date      string
}

// Find lists every occurrence of the position of fen (placement, side to move, castling
// rights and an en-passant square where an en-passant capture is legal, as FIDE's
// repetition rule counts them; the move counters are ignored) in the indexed games,
// variations included, in index order: transpositions are found, since positions are
// compared, not move sequences. limit > 0 lists the occurrences of the first limit games
// only.
//
// With the exact-position table the candidates are the games the table lists for the
// position's hash; without it, the games in which every piece of the position stood on
// its square. Either way the candidates are replayed and their positions compared, so a
// hash collision is never listed.
//
// A build checks which hashes of the table stand for one position only; for those, one
// game is replayed and the rest listed from the table and the tag column (listEntries).
func (ix *Index) Find(ctx context.Context, fen string, threads, limit int) ([]Occurrence, error) {
	var out []Occurrence
	_, err := ix.FindEach(ctx, fen, threads, limit, func(o *Occurrence) error {
		out = append(out, *o)
		return nil
	})
	return out, err
}

// FindEach calls fn with every occurrence Find lists, in the same order, and returns
// their number; it stops at fn's first error and returns it. o is reused from call to
// call: copy it to keep it. A listing of the whole table's largest entries (hundreds of
// thousands of lines) is written this way without holding it in memory.
func (ix *Index) FindEach(ctx context.Context, fen string, threads, limit int, fn func(o *Occurrence) error) (int, error) {
	return ix.find(ctx, fen, threads, limit, true, fn)
}

// find is FindEach; fromTable false replays every listed game even for a hash that stands
// for one position.
func (ix *Index) find(ctx context.Context, fen string, threads, limit int, fromTable bool, fn func(*Occurrence) error) (int, error) {
	return ix.list(ctx, fen, threads, limit, fromTable, fn, func(es []posEntry, games []uint32) (int, error) {
		return ix.listEach(ctx, es, games, fn)
	})
}

// WriteFind writes the occurrences FindEach lists to w, each as the line AppendText makes
// and a newline, and returns their number. Lines listed from the table are formatted
// straight from it and the names column into one buffer, written whenever it fills.
func (ix *Index) WriteFind(ctx context.Context, w io.Writer, fen string, threads, limit int) (int, error) {
	buf := make([]byte, 0, textFlush+4<<10)
	n, err := ix.list(ctx, fen, threads, limit, true, func(o *Occurrence) error {
		buf, _ = o.AppendText(buf)
		buf = append(buf, '\n')
		if len(buf) < textFlush {
			return nil
		}
		_, err := w.Write(buf)
		buf = buf[:0]
		return err
	}, func(es []posEntry, games []uint32) (n int, err error) {
		n, buf, err = ix.listText(ctx, w, buf, es, games)
		return n, err
	})
	if err == nil && len(buf) > 0 {
		_, err = w.Write(buf)
	}
	return n, err
}

// textFlush is the size at which WriteFind writes its buffer: few writes, of a buffer that
// stays in the cache.
const textFlush = 256 << 10

// list looks fen up and gives each occurrence to fn, or, when the table's entries of its
// hash are one position, gives them and their games to table (see listEntries).
func (ix *Index) list(ctx context.Context, fen string, threads, limit int, fromTable bool, fn func(*Occurrence) error, table func(es []posEntry, games []uint32) (int, error)) (int, error) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return 0, err
	}
	var cand *roaring.Bitmap
	if ix.Meta.PositionTable {
		h := positionHash(&pos) >> (64 - hashBits)
		es, err := ix.lookupPositions(h)
		if err != nil || len(es) == 0 {
			return 0, err
		}
		if alone, err := ix.hashAlone(h); err != nil {
			return 0, err
		} else if alone && fromTable {
			es, games, err := ix.listEntries(&pos, es, limit)
			if err != nil || len(games) == 0 {
				return 0, err
			}
			return table(es, games)
		}
		cand = roaring.New()
		for _, e := range es {
			cand.Add(e.game)
		}
	} else if cand, err = ix.occupancyCandidates(&pos); err != nil {
		return 0, err
	}
	if cand != nil && cand.IsEmpty() {
		return 0, nil
	}
	hash := positionHash(&pos)
	occupied := pos.Occupied()
	// The limit counts games that hold the position, not candidates: a candidate may not
	// (without the table, every game whose squares held the pieces is one).
	n, games := 0, 0
	err = scanGames(ctx, ix, cand, pgn.Options{Variations: true, Workers: max(threads, 1)},
		func(_ int, g *pgn.Game) []Occurrence {
			var found []Occurrence
			for i := range g.Nodes {
				n := &g.Nodes[i]
				if n.Pos.Occupied() != occupied || positionHash(&n.Pos) != hash || !samePosition(&n.Pos, &pos) {
					continue
				}
				found = append(found, Occurrence{File: g.File, Game: g.Number, Ply: int(n.Ply), Variation: n.Variation,
					White: lastTag(g, "White"), Black: lastTag(g, "Black"), Date: lastTag(g, "Date")})
			}
			return found
		},
		func(found []Occurrence) error {
			if len(found) == 0 {
				return nil
			}
			if limit > 0 && games == limit {
				return errListed
			}
			games++
			for i := range found {
				if err := fn(&found[i]); err != nil {
					return err
				}
				n++
			}
			return nil
		})
	if errors.Is(err, errListed) {
		err = nil
	}
	return n, err
}

// errListed stops a replay once the games a limit allows are listed.
var errListed = errors.New("listed")

// lastTag is the value of the last tag called name, as the query evaluator reads tags
// (and the tag column stores them).
func lastTag(g *pgn.Game, name string) string {
	for i := len(g.Tags) - 1; i >= 0; i-- {
		if g.Tags[i].Name == name {
			return g.Tags[i].Value
		}
	}
	return ""
}

// hashAlone says whether the build checked that every entry of the table's hash h is one
// position: it kept 16 more bits of each entry's hash while building and listed the
// hashes whose entries disagree in them (an index added to has no such list).
func (ix *Index) hashAlone(h uint64) (bool, error) {
	alone := false
	err := ix.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get([]byte(keyCollisions))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		return item.Value(func(v []byte) error {
			if len(v)%8 != 0 {
				return fmt.Errorf("index %s: bad collision list", ix.Dir)
			}
			n := len(v) / 8
			i := sort.Search(n, func(i int) bool { return binary.BigEndian.Uint64(v[8*i:]) >= h })
			alone = i == n || binary.BigEndian.Uint64(v[8*i:]) != h
			return nil
		})
	})
	return alone, err
}

// listEntries checks the table's entries es of one hash that stands for one position only,
// to list them from the table and the names column without reading their games: one game
// is replayed to check that it is pos (if not, pos is not indexed, and the entries are
// another position's: none are returned). It returns the entries of the first limit games
// (limit > 0) and those games. Two positions whose 64-bit hashes agree would pass as one;
// among N indexed positions a given one has such a twin with probability N/2^64.
func (ix *Index) listEntries(pos *chess.Position, es []posEntry, limit int) ([]posEntry, []uint32, error) {
	found, err := ix.replayOne(es[0].game, func(g *pgn.Game) bool {
		for i := range g.Nodes {
			if samePosition(&g.Nodes[i].Pos, pos) {
				return true
			}
		}
		return false
	})
	if err != nil || !found {
		return nil, nil, err
	}
	games := make([]uint32, 0, len(es))
	for i, e := range es {
		if i == 0 || e.game != es[i-1].game {
			if limit > 0 && len(games) == limit {
				es = es[:i]
				break
			}
			games = append(games, e.game)
		}
	}
	return es, games, nil
}

// listEach gives fn the occurrences es of games, from the table and the names column.
func (ix *Index) listEach(ctx context.Context, es []posEntry, games []uint32, fn func(*Occurrence) error) (int, error) {
	r, err := ix.newNamesReader()
	if err != nil {
		return 0, err
	}
	defer r.close()
	// One Occurrence filled in place: a slice of them (four strings each) for a listing
	// of 196,613 lines cost more in the collector's write barriers and scanning than the
	// lookup itself.
	var o Occurrence
	src, e := 0, 0
	for i, id := range games {
		if i%1024 == 1023 {
			if err := ctx.Err(); err != nil {
				return e, err
			}
		}
		names, err := r.get(id)
		if err != nil {
			return e, err
		}
		for src+1 < len(ix.Sources) && id >= ix.Sources[src+1].FirstID {
			src++
		}
		s := &ix.Sources[src]
		o = Occurrence{File: s.Path, Game: int(id-s.FirstID) + 1, White: names.white, Black: names.black, Date: names.date}
		for ; e < len(es) && es[e].game == id; e++ {
			o.Ply, o.Variation = int(es[e].pv>>1), es[e].pv&1 != 0
			if err := fn(&o); err != nil {
				return e, err
			}
		}
	}
	return e, nil
}

// listText appends the lines of the occurrences es of games to buf as AppendText makes
// them, writing buf to w whenever it holds textFlush bytes; it returns their number and
// what is left of buf. Everything a line is made of is a local variable: as fields of a
// struct on the heap, each line's pointer writes went through the collector's write
// barrier, which cost as much as the formatting.
func (ix *Index) listText(ctx context.Context, w io.Writer, buf []byte, es []posEntry, games []uint32) (int, []byte, error) {
	r, err := ix.newNamesReader()
	if err != nil {
		return 0, buf, err
	}
	defer r.close()
	src, e := -1, 0
	var head string // the source's "path: game "
	for i, id := range games {
		if i%1024 == 1023 {
			if err := ctx.Err(); err != nil {
				return e, buf, err
			}
		}
		names, err := r.get(id)
		if err != nil {
			return e, buf, err
		}
		if src < 0 || src+1 < len(ix.Sources) && id >= ix.Sources[src+1].FirstID {
			for src++; src+1 < len(ix.Sources) && id >= ix.Sources[src+1].FirstID; src++ {
			}
			head = ix.Sources[src].Path + ": game "
		}
		number := int64(id-ix.Sources[src].FirstID) + 1
		for ; e < len(es) && es[e].game == id; e++ {
			buf = append(buf, head...)
			buf = strconv.AppendInt(buf, number, 10)
			buf = append(buf, ", ply "...)
			buf = strconv.AppendInt(buf, int64(es[e].pv>>1), 10)
			if es[e].pv&1 != 0 {
				buf = append(buf, " (variation)"...)
			}
			buf = append(buf, ": "...)
			buf = append(buf, names.white...)
			buf = append(buf, " - "...)
			buf = append(buf, names.black...)
			buf = append(buf, ", "...)
			buf = append(buf, names.date...)
			buf = append(buf, '\n')
		}
		if len(buf) >= textFlush {
			if _, err := w.Write(buf); err != nil {
				return e, buf[:0], err
			}
			buf = buf[:0]
		}
	}
	return e, buf, nil
}

// replayOne replays game id (variations included) and returns what fn says of it. It reads
// the one chunk that holds the game, found by a reverse seek, where a scan of candidates
// walks every chunk key (and Badger copies each value it passes).
func (ix *Index) replayOne(id uint32, fn func(*pgn.Game) bool) (bool, error) {
	j := &job[bool]{}
	err := ix.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(keyChunk), Reverse: true})
		defer it.Close()
		it.Seek(chunkKey(id, math.MaxUint32)) // the last chunk starting at or before id
		if !it.Valid() {
			return fmt.Errorf("no chunk holds game %d", id)
		}
		key := it.Item().Key()
		if len(key) != 9 {
			return fmt.Errorf("bad chunk key %q", key)
		}
		j.first, j.games = binary.BigEndian.Uint32(key[1:]), int(binary.BigEndian.Uint32(key[5:]))
		if id < j.first || id-j.first >= uint32(j.games) {
			return fmt.Errorf("no chunk holds game %d", id)
		}
		var err error
		j.value, err = it.Item().ValueCopy(nil)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("index %s: %w", ix.Dir, err)
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return false, err
	}
	defer dec.Close()
	s := &scanner[bool]{ix: ix, cand: roaring.BitmapOf(id)}
	var g pgn.Game
	var buf []byte
	tc := &tagColumn{ix: ix, dec: dec}
	if err := s.chunk(0, newReplayer(pgn.Options{Variations: true}), tc, j, dec, &buf, &g, func(_ int, g *pgn.Game) bool { return fn(g) }); err != nil {
		return false, err
	}
	return j.res[id-j.first], nil
}

// gameNames are what a listing shows of a game besides its place.
type gameNames struct{ white, black, date string }

// namesReader reads the names column entries of games in increasing order: one iterator,
// stepping or seeking column to column (Badger copies every value it passes, two a seek,
// which is why a column holds few games; Get would allocate and copy each three times).
type namesReader struct {
	ix    *Index
	sv    *stringView
	txn   *badger.Txn
	it    *badger.Iterator
	key   []byte
	first uint32 // the first game of col
	col   []byte // a copy of the last column read
}

func (ix *Index) newNamesReader() (*namesReader, error) {
	sv, err := ix.stringTable()
	if err != nil {
		return nil, err
	}
	txn := ix.db.NewTransaction(false)
	return &namesReader{ix: ix, sv: sv, txn: txn, it: txn.NewIterator(badger.IteratorOptions{Prefix: []byte(keyNames)})}, nil
}

func (r *namesReader) close() {
	r.it.Close()
	r.txn.Discard()
}

// get returns game id's names.
func (r *namesReader) get(id uint32) (gameNames, error) {
	if r.col == nil || id < r.first || id-r.first >= namesGames {
		if err := r.load(id &^ (namesGames - 1)); err != nil {
			return gameNames{}, fmt.Errorf("index %s: names of game %d: %w", r.ix.Dir, id, err)
		}
	}
	at := int(id-r.first) * namesWidth
	if at+namesWidth > len(r.col) {
		return gameNames{}, fmt.Errorf("index %s: names of game %d: column too short", r.ix.Dir, id)
	}
	var n [3]string
	offs := r.sv.offs
	for k := range n {
		// stringView.get, without its error's formatting in the way of inlining
		s := uint64(binary.BigEndian.Uint32(r.col[at+4*k:]))
		if 2*s+1 >= uint64(len(offs)) {
			_, err := r.sv.get(uint32(s))
			return gameNames{}, fmt.Errorf("index %s: names of game %d: %w", r.ix.Dir, id, err)
		}
		n[k] = r.sv.data[offs[2*s]:offs[2*s+1]]
	}
	return gameNames{n[0], n[1], n[2]}, nil
}

// load reads the column of the games from first on.
func (r *namesReader) load(first uint32) error {
	it := r.it
	r.key = namesKey(first)
	// A column a few keys on is reached by stepping, cheaper than a seek.
	for step := 0; step < 4 && it.Valid() && bytes.Compare(it.Item().Key(), r.key) < 0; step++ {
		it.Next()
	}
	if !it.Valid() || !bytes.Equal(it.Item().Key(), r.key) {
		it.Seek(r.key)
	}
	if !it.Valid() || !bytes.Equal(it.Item().Key(), r.key) {
		r.col = nil
		return errors.New("no column")
	}
	var err error
	if r.col, err = it.Item().ValueCopy(r.col[:0]); err != nil {
		r.col = nil
		return err
	}
	r.first = first
	return nil
}

// PositionCount is what the exact-position table says about a position without replaying
// anything: its occurrences and the games they are in. A 48-bit hash stands for the
// position, so a count may include another position's with probability about
// (distinct indexed positions) / 2^48.
type PositionCount struct {
	Occurrences, Games int
}

// CountPosition answers from the exact-position table alone; an index built with
// --no-positions has none (an error says so).
func (ix *Index) CountPosition(fen string) (PositionCount, error) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return PositionCount{}, err
	}
	if !ix.Meta.PositionTable {
		return PositionCount{}, fmt.Errorf("index %s was built with --no-positions: it has no exact-position table to count from", ix.Dir)
	}
	n, games, err := ix.countPositions(positionHash(&pos) >> (64 - hashBits))
	return PositionCount{Occurrences: n, Games: games}, err
}

// occupancyCandidates returns the games in which every piece of pos stood on its square.
func (ix *Index) occupancyCandidates(pos *chess.Position) (*roaring.Bitmap, error) {
	p := pruner{ix: ix, mode: modeAll, cache: map[string]*roaring.Bitmap{}}
	c := allGames
	for k, pc := range queryPieces {
		for bb := uint64(pos.Pieces(pc.c, pc.t)); bb != 0; bb &= bb - 1 {
			c = and(c, p.flag(modeAll, occName(query.Piece(k), bits.TrailingZeros64(bb))))
		}
	}
	if p.err != nil {
		return nil, p.err
	}
	if c.all {
		return nil, nil
	}
	return c.bm, nil
}

// String writes an occurrence as one line.
func (o Occurrence) String() string {
	b, _ := o.AppendText(nil)
	return string(b)
}

// AppendText appends the line String returns (without fmt: a listing can have 10^5 lines).
func (o Occurrence) AppendText(b []byte) ([]byte, error) {
	b = append(b, o.File...)
	b = append(b, ": game "...)
	b = strconv.AppendInt(b, int64(o.Game), 10)
	b = append(b, ", ply "...)
	b = strconv.AppendInt(b, int64(o.Ply), 10)
	if o.Variation {
		b = append(b, " (variation)"...)
	}
	b = append(b, ": "...)
	b = append(b, o.White...)
	b = append(b, " - "...)
	b = append(b, o.Black...)
	b = append(b, ", "...)
	b = append(b, o.Date...)
	return b, nil
}
