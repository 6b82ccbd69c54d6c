package index

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
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
// game is replayed and the rest listed from the table and the names column (limitGames).
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
	return ix.list(ctx, fen, threads, limit, fromTable, fn, func(src occSource, check func() (bool, error)) (int, error) {
		if held, err := check(); err != nil || !held {
			return 0, err
		}
		es, err := src.all()
		if err != nil {
			return 0, err
		}
		return ix.listEach(ctx, es, fn)
	})
}

// list looks fen up and gives each occurrence to fn, or, when the table's entries of its
// hash are one position, gives those of the first limit games and their check to table
// (see limitGames): table must list nothing unless check says the entries are fen's.
func (ix *Index) list(ctx context.Context, fen string, threads, limit int, fromTable bool, fn func(*Occurrence) error,
	table func(src occSource, check func() (bool, error)) (int, error)) (int, error) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return 0, err
	}
	var cand *roaring.Bitmap
	if ix.Meta.PositionTable {
		h := positionHash(&pos) >> (64 - hashBits)
		o, n, err := ix.lookupReader(h)
		if err != nil || n == 0 {
			return 0, err
		}
		if alone, err := ix.hashAlone(h); err != nil {
			return 0, err
		} else if alone && fromTable {
			src, err := ix.readerSource(o, n, limit)
			if err != nil {
				return 0, err
			}
			return table(src, func() (bool, error) { return ix.holds(src.es[0].game, &pos) })
		}
		es, ok := o.read(make([]occEntry, 0, n), n)
		if !ok {
			return 0, ix.damage(tableName, errBadBucket)
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
	// Absent in an index added to, or under damage: then every hash is checked by a replay.
	err := ix.view(func(txn *badger.Txn) error {
		item, err := txn.Get([]byte(keyCollisions))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		return item.Value(func(v []byte) error {
			if len(v)%8 != 0 {
				return ix.damage("the collision list", errors.New("bad length"))
			}
			n := len(v) / 8
			i := sort.Search(n, func(i int) bool { return binary.BigEndian.Uint64(v[8*i:]) >= h })
			alone = i == n || binary.BigEndian.Uint64(v[8*i:]) != h
			return nil
		})
	})
	return alone, err
}

// limitGames returns the entries es of one hash that stands for one position only, of
// the first limit games (limit > 0). They are listed from the table and the names column
// without reading the games, once holds has checked one of them: if it does not hold the
// position looked up, that position is not indexed, and the entries are another
// position's. Two positions whose 64-bit hashes agree would pass as one; among N indexed
// positions a given one has such a twin with probability N/2^64.
func limitGames(es []occEntry, limit int) []occEntry {
	if limit <= 0 {
		return es
	}
	for i := 1; i < len(es); i++ {
		if es[i].game != es[i-1].game {
			if limit--; limit == 0 {
				return es[:i]
			}
		}
	}
	return es
}

// holds says whether game id holds pos (variations included).
func (ix *Index) holds(id uint32, pos *chess.Position) (bool, error) {
	return ix.replayOne(id, func(g *pgn.Game) bool {
		for i := range g.Nodes {
			if samePosition(&g.Nodes[i].Pos, pos) {
				return true
			}
		}
		return false
	})
}

// listEach gives fn the occurrences es (sorted by game), from the table and the names column.
func (ix *Index) listEach(ctx context.Context, es []occEntry, fn func(*Occurrence) error) (int, error) {
	r, err := ix.newNamesReader()
	if err != nil {
		return 0, err
	}
	// One Occurrence filled in place: a slice of them (four strings each) for a listing
	// of 196,613 lines cost more in the collector's write barriers and scanning than the
	// lookup itself.
	var o Occurrence
	src := 0
	for e, games := 0, 0; e < len(es); games++ {
		if games%1024 == 1023 {
			if err := ctx.Err(); err != nil {
				return e, err
			}
		}
		id := es[e].game
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
	return len(es), nil
}

// replayOne replays game id (variations included) and returns what fn says of it. It reads
// the one chunk that holds the game, found by a reverse seek, where a scan of candidates
// walks every chunk key (and Badger copies each value it passes).
func (ix *Index) replayOne(id uint32, fn func(*pgn.Game) bool) (bool, error) {
	j := &job[bool]{}
	err := ix.view(func(txn *badger.Txn) error {
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
		return false, ix.damage("game records", err)
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
	if err := s.chunk(0, newReplayer(pgn.Options{Variations: true}), tc, j, &buf, &g, func(_ int, g *pgn.Game) bool { return fn(g) }); err != nil {
		return false, err
	}
	return j.res[id-j.first], nil
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
