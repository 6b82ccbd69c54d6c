package index

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// The exact-position table maps the Zobrist hash of a position (positionHash) to the
// places it occurs: (game id, ply, variation or not). Its layout:
//
//   - only the top hashBits bits of the 64-bit hash are kept; of them the top bucketBits
//     name the bucket; the buckets are in a file of their own (positions_file.go);
//   - a bucket's value holds its entries sorted by hash, then game: a header of uvarints
//     (distinct hashes, entries, Rice parameter, bits per game id, bits per ply value),
//     then a bit stream: per distinct hash the gap to the previous one (Rice-coded), its
//     number of entries (Elias gamma), the first game id (fixed width) and each next one
//     as a gap (gamma), and per entry ply<<1|variation (fixed width).
//
// With 24 million distinct positions in 39 million entries (masters-463k) that is about
// 5 bytes an entry. Two different positions share a 48-bit hash with probability 2^-48:
// a lookup among N distinct indexed positions returns a stranger with probability about
// N/2^48 (1e-7 for 24 million). Find replays the games it lists and drops any such.
const (
	hashBits   = 48
	bucketBits = 16
	restBits   = hashBits - bucketBits // bits of a hash kept inside a bucket
	// build spill parts, by the top partBits bits of the hash: at the end of the build a
	// part is sorted in memory, 1/1024 of the entries in 62 bytes each (two posEntry and
	// the spilled record), on each of the threads: 2.4 MB at masters-463k, 50 MB at 10
	// million games (issue 35); the 256 parts before held 4 times that
	partBits   = 10
	spillParts = 1 << partBits
)

// posEntry is one occurrence: the hash's top hashBits bits, the game id, ply<<1|variation.
type posEntry struct {
	hash uint64 // top hashBits bits of the Zobrist hash, right-aligned
	game uint32
	pv   uint32
	// check is the 16 bits of the hash below those kept, known while building (not
	// stored): entries of one kept hash with different checks are two positions.
	check uint16
}

// occEntry is an entry of a hash as a lookup lists it: the game id, ply<<1|variation.
type occEntry struct{ game, pv uint32 }

const maxPV = 1<<24 - 1 // ply values are spilled in 3 bytes

// gamePositions appends the hash and ply value of every node of g (variations included),
// in node order. A node's hash is its parent's changed by what differs between the two
// positions (a move changes two to four squares), which costs less than hashing the
// board afresh.
func gamePositions(dst []posEntry, g *pgn.Game) []posEntry {
	start := len(dst)
	dst = slices.Grow(dst, len(g.Nodes))
	for i := range g.Nodes {
		n := &g.Nodes[i]
		pv := uint32(n.Ply) << 1
		if n.Variation {
			pv |= 1
		}
		var base uint64 // without the en-passant key, which a parent does not pass on
		if n.Parent < 0 {
			base = boardHash(&n.Pos)
		} else {
			base = dst[start+int(n.Parent)].hash ^ boardDiff(&g.Nodes[n.Parent].Pos, &n.Pos)
		}
		dst = append(dst, posEntry{hash: base, pv: min(pv, maxPV)})
	}
	for i := range g.Nodes {
		h := dst[start+i].hash
		if ep := epSquare(&g.Nodes[i].Pos); ep != chess.NoSquare {
			h ^= zobrist.ep[ep.File()]
		}
		dst[start+i].hash = h // the full hash; cut to hashBits below, once every parent is read
	}
	for i := start; i < len(dst); i++ {
		dst[i].check = uint16(dst[i].hash)
		dst[i].hash >>= 64 - hashBits
	}
	return dst
}

// positionSpill collects a build's entries in spill files, by the top partBits of the hash
// (the part); finish sorts each part's entries by hash, then game, and writes the buckets.
// Each parse worker spills the games it parsed to a file of its own (one goroutine per
// file, so no lock, and none of the work on the build's one ordered goroutine): a worker's
// entries of a part are in game order, and finish merges the workers' by game.
type positionSpill struct {
	dir string
	// copied holds the entries of the index being added to, in its bucket order (by hash,
	// then game): all of its games come before the new ones
	copied  *spillWriter
	workers []*spillWriter
	entries int64
	// collisions are the kept hashes that stand for more than one position; with
	// unchecked entries (copied from an index being added to) the list is incomplete
	mu        sync.Mutex
	collide   []uint64
	unchecked bool
	// room is the disk space granted to the table's writer (build_space.go)
	room allowance
}

// spillWriter spills one goroutine's entries: a buffer per part, written when full to the
// writer's file as a block, whose place is noted under the part.
type spillWriter struct {
	f       *os.File
	size    int64
	buf     [spillParts][]byte // records not yet written, up to spillBuffer bytes
	blocks  [spillParts][]spillBlock
	entries int64
	// room is the disk space granted to the writer (build_space.go)
	room allowance
	// err is the first write error: once a write fails the writer takes nothing more (the
	// parse goes on for a while before the build sees the error, and a buffer that could
	// not be written has no room left)
	err error
}

type spillBlock struct {
	off int64
	n   int
}

const (
	// 5 bytes of hash below the part's bits, 4 of game id, 3 of ply value, 2 of check
	spillRecord = 14
	spillBuffer = 16 * spillRecord * 64 // 14 KB: 3 writers of 1,024 parts hold 44 MB
)

// newPositionSpill makes the spill of a build with the given number of parse workers.
func newPositionSpill(dir string, workers int, space *diskSpace) (*positionSpill, error) {
	s := &positionSpill{dir: dir, room: allowance{s: space}}
	for i := range workers + 1 {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("pos-%03d", i)))
		if err != nil {
			s.close()
			return nil, err
		}
		w := &spillWriter{f: f, room: allowance{s: space}}
		if i == 0 {
			s.copied = w
		} else {
			s.workers = append(s.workers, w)
		}
	}
	return s, nil
}

func (s *positionSpill) close() {
	for _, w := range append([]*spillWriter{s.copied}, s.workers...) {
		if w != nil {
			w.f.Close()
		}
	}
}

// add spills the entries es of game.
func (w *spillWriter) add(game uint32, es []posEntry) error {
	if w.err != nil {
		return w.err
	}
	for _, e := range es {
		part := e.hash >> (hashBits - partBits)
		rest := e.hash & (1<<(hashBits-partBits) - 1)
		b := w.buf[part]
		if b == nil {
			b = make([]byte, 0, spillBuffer)
		}
		// The record in three stores (a buffer is flushed before it has no room for one).
		n := len(b)
		b = b[:n+spillRecord]
		binary.BigEndian.PutUint64(b[n:], rest<<24|uint64(game>>8))
		binary.BigEndian.PutUint16(b[n+8:], uint16(game)<<8|uint16(e.pv>>16))
		binary.BigEndian.PutUint32(b[n+10:], e.pv<<16|uint32(e.check))
		w.buf[part] = b
		if len(b)+spillRecord > spillBuffer {
			if err := w.flush(int(part)); err != nil {
				return err
			}
		}
	}
	w.entries += int64(len(es))
	return nil
}

// flush writes part's buffer as a block.
func (w *spillWriter) flush(part int) error {
	b := w.buf[part]
	if len(b) == 0 {
		return nil
	}
	if w.err != nil {
		return w.err
	}
	if err := w.room.take(len(b)); err != nil {
		w.err = err
		return err
	}
	if _, err := w.f.Write(b); err != nil {
		w.err = fmt.Errorf("position table spill: %w", err)
		return w.err
	}
	w.blocks[part] = append(w.blocks[part], spillBlock{w.size, len(b)})
	w.size += int64(len(b))
	w.buf[part] = b[:0]
	return nil
}

// read appends the records of part to dst.
func (w *spillWriter) read(part int, dst []byte) ([]byte, error) {
	for _, bl := range w.blocks[part] {
		at := len(dst)
		dst = slices.Grow(dst, bl.n)[:at+bl.n]
		if _, err := w.f.ReadAt(dst[at:], bl.off); err != nil {
			return dst, fmt.Errorf("position table spill: %w", err)
		}
	}
	return dst, nil
}

// mergeByGame appends to dst the entries of the sections of es (each in game order, no
// game in two sections) in game order.
func mergeByGame(dst, es []posEntry, sections [][2]int) []posEntry {
	heads := slices.Clone(sections)
	for {
		best := -1
		for i, h := range heads {
			if h[0] < h[1] && (best < 0 || es[h[0]].game < es[heads[best][0]].game) {
				best = i
			}
		}
		if best < 0 {
			return dst
		}
		// Take the best section's run of entries up to the next section's game.
		h := &heads[best]
		limit := ^uint32(0)
		for i, o := range heads {
			if i != best && o[0] < o[1] {
				limit = min(limit, es[o[0]].game)
			}
		}
		end := h[0]
		for end < h[1] && es[end].game < limit {
			end++
		}
		dst = append(dst, es[h[0]:end]...)
		h[0] = end
	}
}

// finish sorts every spill file on up to threads goroutines and writes its buckets to
// table, and the list of colliding hashes with set.
func (s *positionSpill) finish(threads int, table *tableWriter, set func(key, value []byte) error) error {
	for _, w := range append([]*spillWriter{s.copied}, s.workers...) {
		for part := range spillParts {
			if err := w.flush(part); err != nil {
				return err
			}
			w.buf[part] = nil
		}
		s.entries += w.entries
	}
	// A part's buckets are encoded one after another into one buffer (ends[i] is where
	// bucket i ends), which goes back to the pool once written: a fresh slice per bucket
	// made the 222 MB of masters-463k's table new memory, page faults included.
	type partOut struct {
		buckets []uint16
		ends    []int
		data    *[]byte
		err     error
	}
	pool := sync.Pool{New: func() any { return new([]byte) }}
	threads = max(threads, 1)
	outs := make([]chan partOut, spillParts)
	for i := range outs {
		outs[i] = make(chan partOut, 1)
	}
	parts := make(chan int)
	tokens := make(chan struct{}, 2*threads)
	var stop atomic.Bool
	go func() {
		defer close(parts)
		for part := range spillParts {
			tokens <- struct{}{}
			parts <- part
		}
	}()
	for range threads {
		go func() {
			var buf, tmp []posEntry
			var raw []byte
			for part := range parts {
				if stop.Load() {
					outs[part] <- partOut{}
					continue
				}
				var out partOut
				buf, tmp, raw, out.err = s.readPart(part, buf, tmp, raw)
				if out.err == nil {
					buf, tmp = radixSortByHash(buf, tmp)
					s.findCollisions(buf)
					for start := 0; start < len(buf); {
						bucket := buf[start].hash >> restBits
						end := start
						for end < len(buf) && buf[end].hash>>restBits == bucket {
							end++
						}
						if out.data == nil {
							out.data = pool.Get().(*[]byte)
							*out.data = (*out.data)[:0]
						}
						*out.data = encodeBucket(*out.data, buf[start:end])
						out.buckets = append(out.buckets, uint16(bucket))
						out.ends = append(out.ends, len(*out.data))
						start = end
					}
				}
				outs[part] <- out
			}
		}()
	}
	var err error
	for part := range spillParts {
		out := <-outs[part]
		<-tokens
		if err != nil {
			continue // the others are being told to stop
		}
		err = out.err
		at := 0
		for i, b := range out.buckets {
			if err == nil {
				if err = s.room.take(out.ends[i] - at); err == nil {
					err = table.add(b, (*out.data)[at:out.ends[i]])
				}
			}
			at = out.ends[i]
		}
		if out.data != nil {
			pool.Put(out.data)
		}
		if err != nil {
			stop.Store(true)
		}
	}
	if err != nil {
		return err
	}
	if s.unchecked {
		return nil
	}
	slices.Sort(s.collide)
	v := []byte{}
	for _, h := range s.collide {
		v = binary.BigEndian.AppendUint64(v, h)
	}
	return set([]byte(keyCollisions), v)
}

// findCollisions notes the hashes of es (sorted by hash) whose entries disagree in their
// check bits.
func (s *positionSpill) findCollisions(es []posEntry) {
	var found []uint64
	for i := 1; i < len(es); i++ {
		if es[i].hash == es[i-1].hash && es[i].check != es[i-1].check &&
			(len(found) == 0 || found[len(found)-1] != es[i].hash) {
			found = append(found, es[i].hash)
		}
	}
	if len(found) > 0 {
		s.mu.Lock()
		s.collide = append(s.collide, found...)
		s.mu.Unlock()
	}
}

// readPart returns the entries of part in game order (so that a stable sort by hash puts
// a hash's entries in game order), reusing buf, tmp and raw.
func (s *positionSpill) readPart(part int, buf, tmp []posEntry, raw []byte) (_, _ []posEntry, _ []byte, err error) {
	if raw, err = s.copied.read(part, raw[:0]); err != nil {
		return buf, tmp, raw, err
	}
	buf = decodeSpill(raw, uint64(part), buf[:0])
	copied := len(buf)
	var sections [][2]int
	for _, w := range s.workers {
		if raw, err = w.read(part, raw[:0]); err != nil {
			return buf, tmp, raw, err
		}
		at := len(buf)
		buf = decodeSpill(raw, uint64(part), buf)
		if len(buf) > at {
			sections = append(sections, [2]int{at, len(buf)})
		}
	}
	if len(sections) > 1 {
		tmp = mergeByGame(append(tmp[:0], buf[:copied]...), buf, sections)
		buf, tmp = tmp, buf
	}
	return buf, tmp, raw, nil
}

func decodeSpill(raw []byte, part uint64, dst []posEntry) []posEntry {
	for ; len(raw) >= spillRecord; raw = raw[spillRecord:] {
		rest := uint64(raw[0])<<32 | uint64(raw[1])<<24 | uint64(raw[2])<<16 | uint64(raw[3])<<8 | uint64(raw[4])
		dst = append(dst, posEntry{
			hash:  part<<(hashBits-partBits) | rest,
			game:  binary.BigEndian.Uint32(raw[5:]),
			pv:    uint32(raw[9])<<16 | uint32(raw[10])<<8 | uint32(raw[11]),
			check: uint16(raw[12])<<8 | uint16(raw[13]),
		})
	}
	return dst
}

// radixSortByHash sorts es by hash, stably (so entries of one hash stay in game order),
// with tmp as scratch; it returns the sorted slice and the other buffer.
func radixSortByHash(es, tmp []posEntry) ([]posEntry, []posEntry) {
	if cap(tmp) < len(es) {
		tmp = make([]posEntry, len(es))
	}
	tmp = tmp[:len(es)]
	// The top partBits bits are the spill part, equal for all: sort on the hashBits-partBits
	// below, in digits of 10 bits (four passes; counts of 8 KB stay in the first-level cache).
	const digit = 10
	for shift := 0; shift < hashBits-partBits; shift += digit {
		var count [1<<digit + 1]int
		for i := range es {
			count[(es[i].hash>>shift)&(1<<digit-1)+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for i := range es {
			b := (es[i].hash >> shift) & (1<<digit - 1)
			tmp[count[b]] = es[i]
			count[b]++
		}
		es, tmp = tmp, es
	}
	return es, tmp
}

// encodeBucket appends the encoding of es (one bucket, sorted by hash, then game).
func encodeBucket(dst []byte, es []posEntry) []byte {
	const restMask = 1<<restBits - 1
	distinct, maxGame, maxPV := 0, uint32(0), uint32(0)
	for i := range es {
		if i == 0 || es[i].hash != es[i-1].hash {
			distinct++
		}
		maxGame = max(maxGame, es[i].game)
		maxPV = max(maxPV, es[i].pv)
	}
	// Rice parameter: about log2 of the mean gap between distinct hashes.
	k := 0
	if distinct > 0 {
		if mean := uint64(1<<restBits) / uint64(distinct); mean > 1 {
			k = bits.Len64(mean) - 1
		}
	}
	gw, pw := bits.Len32(maxGame), bits.Len32(maxPV)
	dst = binary.AppendUvarint(dst, uint64(distinct))
	dst = binary.AppendUvarint(dst, uint64(len(es)))
	dst = append(dst, byte(k), byte(gw), byte(pw))
	w := bitWriter{b: dst}
	prev := uint64(0)
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && es[j].hash == es[i].hash {
			j++
		}
		rest := es[i].hash & restMask
		gap := rest - prev
		prev = rest
		if q := gap >> k; j-i == 1 && q+2+uint64(k) <= 32 {
			// One entry (most hashes): the Rice code and the count's gamma code (a one
			// bit) in one write.
			w.bits32(((1<<(q+1)-2)<<k|gap&(1<<k-1))<<1|1, int(q)+2+k)
		} else {
			w.rice(gap, k)
			w.gamma(uint64(j - i))
		}
		if gw+pw <= 32 { // game and ply value in one write, as they mostly fit
			w.bits32(uint64(es[i].game)<<pw|uint64(es[i].pv), gw+pw)
		} else {
			w.bits32(uint64(es[i].game), gw)
			w.bits32(uint64(es[i].pv), pw)
		}
		for e := i + 1; e < j; e++ {
			w.gamma(uint64(es[e].game-es[e-1].game) + 1)
			w.bits32(uint64(es[e].pv), pw)
		}
		i = j
	}
	return w.flush()
}

// bucketReader decodes a bucket value in order.
type bucketReader struct {
	r                 bitReader
	distinct, entries int
	k, gw, pw         int
	bucket            uint64
	prev              uint64
	done              int // distinct hashes read
}

var errBadBucket = errors.New("bad position table bucket")

func newBucketReader(bucket uint16, v []byte) (bucketReader, error) {
	d, n1 := binary.Uvarint(v)
	if n1 <= 0 {
		return bucketReader{}, errBadBucket
	}
	e, n2 := binary.Uvarint(v[n1:])
	if n2 <= 0 || len(v) < n1+n2+3 {
		return bucketReader{}, errBadBucket
	}
	h := v[n1+n2:]
	br := bucketReader{distinct: int(d), entries: int(e), k: int(h[0]), gw: int(h[1]), pw: int(h[2]), bucket: uint64(bucket)}
	if br.k > 63 || br.gw > 32 || br.pw > 32 {
		return bucketReader{}, errBadBucket
	}
	br.r = bitReader{b: h[3:]}
	return br, nil
}

// next reads the next distinct hash and appends its entries to dst.
func (br *bucketReader) next(dst []posEntry) (uint64, []posEntry, bool) {
	if br.done == br.distinct {
		return 0, dst, false
	}
	br.done++
	br.prev += br.r.rice(br.k)
	hash := br.bucket<<restBits | br.prev
	n := br.r.gamma()
	if n > uint64(br.entries) || n > br.r.left()+1 {
		br.r.err = true
		return 0, dst, false
	}
	dst = slices.Grow(dst, int(n)) // a common position has 10^5 entries: one allocation
	game := uint32(br.r.bits(br.gw))
	dst = append(dst, posEntry{hash: hash, game: game, pv: uint32(br.r.bits(br.pw))})
	for i := uint64(1); i < n; i++ {
		game += uint32(br.r.gamma() - 1)
		dst = append(dst, posEntry{hash: hash, game: game, pv: uint32(br.r.bits(br.pw))})
	}
	return hash, dst, !br.r.err
}

// nextHead reads the next distinct hash and its number of entries, which are read next
// (occurrences) or skipped (skip).
func (br *bucketReader) nextHead() (hash uint64, n int, ok bool) {
	if br.done == br.distinct {
		return 0, 0, false
	}
	br.done++
	br.prev += br.r.rice(br.k)
	hash = br.bucket<<restBits | br.prev
	c := br.r.gamma()
	if c > uint64(br.entries) || c > br.r.left()+1 {
		br.r.err = true
		return 0, 0, false
	}
	return hash, int(c), !br.r.err
}

// occurrences appends the n entries of the hash nextHead read last.
func (br *bucketReader) occurrences(dst []occEntry, n int) ([]occEntry, bool) {
	o := occReader{br: br, left: n}
	return o.read(slices.Grow(dst, n), n)
}

// occReader reads the entries of the hash nextHead read last, in pieces: a listing
// formats the first while the rest are read.
type occReader struct {
	br      *bucketReader
	left    int // entries not read
	game    uint32
	started bool
}

// read appends up to max more entries. The common positions' listings read 10^5 entries
// or more, most of them a one-bit gap to the next game and a ply value: as many as fit are
// read from one window of the stream (a load, a count of zeros and two shifts each), not
// by two calls each.
func (o *occReader) read(dst []occEntry, max int) ([]occEntry, bool) {
	r := &o.br.r
	pw := o.br.pw
	n := min(max, o.left)
	o.left -= n
	game := o.game
	if n > 0 && !o.started {
		o.started = true
		game = uint32(r.bits(o.br.gw))
		dst = append(dst, occEntry{game, uint32(r.bits(pw))})
		n--
	}
	b, pos := r.b, r.pos
	for n > 0 {
		used := 0
		if at := pos >> 3; at+8 <= len(b) {
			// 57 bits or more of w are the stream's; zeros follow them
			w := binary.BigEndian.Uint64(b[at:]) << (pos & 7)
			for n > 0 {
				z := bits.LeadingZeros64(w)
				l := 2*z + 1 // the gamma code of the gap, then pw bits
				if used+l+pw > 57 {
					break
				}
				game += uint32(w<<z>>(63-z)) - 1
				dst = append(dst, occEntry{game, uint32(w << l >> (64 - pw))})
				w <<= l + pw
				used += l + pw
				n--
			}
		}
		if used == 0 { // near the end, or a code longer than a window
			r.pos = pos
			gap := r.gamma()
			pv := r.bits(pw)
			game += uint32(gap - 1)
			dst = append(dst, occEntry{game, uint32(pv)})
			used = r.pos - pos
			n--
		}
		pos += used
	}
	r.pos = pos
	o.game = game
	return dst, !r.err
}

// skip passes over the n entries of the hash nextHead read last.
func (br *bucketReader) skip(n int) bool {
	br.games(n)
	return !br.r.err
}

// games passes over the n entries of the hash nextHead read last and returns the number
// of games they are in: as read does, as many entries as fit from one window of the bits.
func (br *bucketReader) games(n int) int {
	if n <= 0 {
		return 0
	}
	r := &br.r
	pw := br.pw
	r.bits(br.gw)
	r.bits(pw)
	games := 1
	n--
	b, pos := r.b, r.pos
	for n > 0 {
		used := 0
		if at := pos >> 3; at+8 <= len(b) {
			w := binary.BigEndian.Uint64(b[at:]) << (pos & 7)
			for n > 0 {
				z := bits.LeadingZeros64(w)
				l := 2*z + 1
				if used+l+pw > 57 {
					break
				}
				if z > 0 { // a gap of one or more games (gamma codes the gap plus one)
					games++
				}
				w <<= l + pw
				used += l + pw
				n--
			}
		}
		if used == 0 {
			r.pos = pos
			if r.gamma() > 1 {
				games++
			}
			r.bits(pw)
			used = r.pos - pos
			n--
		}
		pos += used
	}
	r.pos = pos
	return games
}

// nextCount reads the next distinct hash like next, returning how many entries it has and
// in how many games, without keeping them (a count of a common position reads 10^5).
func (br *bucketReader) nextCount() (hash uint64, entries, games int, ok bool) {
	hash, n, ok := br.nextHead()
	if !ok {
		return 0, 0, 0, false
	}
	games = br.games(n)
	return hash, n, games, !br.r.err
}

// readBucket calls fn with a reader of the bucket that would hold hash (its
// top hashBits bits); fn is not called when the bucket is absent.
func (ix *Index) readBucket(hash uint64, fn func(br *bucketReader) error) error {
	if ix.table == nil {
		return nil
	}
	bucket := uint16(hash >> restBits)
	v, err := ix.table.bucket(bucket, nil)
	if err != nil {
		return ix.damage(tableName, err)
	}
	if len(v) == 0 {
		return nil
	}
	br, err := newBucketReader(bucket, v)
	if err != nil {
		return ix.damage(tableName, err)
	}
	return fn(&br)
}

// countPositions returns the number of entries of hash (its top hashBits bits) and of
// games they are in.
func (ix *Index) countPositions(hash uint64) (entries, games int, err error) {
	err = ix.readBucket(hash, func(br *bucketReader) error {
		for {
			h, n, g, ok := br.nextCount()
			if !ok {
				if br.r.err {
					return ix.damage(tableName, errBadBucket)
				}
				return nil
			}
			if h == hash {
				entries, games = n, g
				return nil
			}
			if h > hash {
				return nil
			}
		}
	})
	return entries, games, err
}

// lookupPositions returns the entries of hash (its top hashBits bits).
func (ix *Index) lookupPositions(hash uint64) ([]occEntry, error) {
	o, n, err := ix.lookupReader(hash)
	if err != nil || n == 0 {
		return nil, err
	}
	es, ok := o.read(make([]occEntry, 0, n), n)
	if !ok {
		return nil, ix.damage(tableName, errBadBucket)
	}
	return es, nil
}

// lookupReader returns a reader of the entries of hash (its top hashBits bits) and their
// number (0: none).
func (ix *Index) lookupReader(hash uint64) (*occReader, int, error) {
	var o *occReader
	n := 0
	err := ix.readBucket(hash, func(br *bucketReader) error {
		for {
			h, c, ok := br.nextHead()
			if ok && h == hash {
				o, n = &occReader{br: br, left: c}, c
				return nil
			} else if ok && h < hash {
				ok = br.skip(c)
			} else if ok {
				return nil
			}
			if !ok {
				if br.r.err {
					return ix.damage(tableName, errBadBucket)
				}
				return nil
			}
		}
	})
	if err != nil {
		return nil, 0, err
	}
	return o, n, nil
}

// eachPosition calls fn with every entry of the table, bucket by bucket (by hash).
func (ix *Index) eachPosition(fn func(posEntry) error) error {
	if ix.table == nil {
		return nil
	}
	var es []posEntry
	err := ix.table.each(func(bucket uint16, v []byte) error {
		return eachEntry(bucket, v, &es, func(es []posEntry) error {
			for _, e := range es {
				if err := fn(e); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if err != nil {
		return ix.damage(tableName, err)
	}
	return nil
}

// eachEntry decodes bucket's encoding v and calls fn with the entries of each of its
// hashes in turn (in *es, reused).
func eachEntry(bucket uint16, v []byte, es *[]posEntry, fn func([]posEntry) error) error {
	br, err := newBucketReader(bucket, v)
	if err != nil {
		return err
	}
	for {
		var ok bool
		_, *es, ok = br.next((*es)[:0])
		if !ok {
			if br.r.err {
				return errBadBucket
			}
			return nil
		}
		if err := fn(*es); err != nil {
			return err
		}
	}
}

// bitWriter appends bits to b, most significant first.
type bitWriter struct {
	b    []byte
	acc  uint64 // the last nacc < 32 bits not yet in b
	nacc int
}

func (w *bitWriter) bits(v uint64, n int) {
	for n > 32 {
		w.bits(v>>32, n-32)
		n = 32
	}
	w.bits32(v&(1<<n-1), n)
}

// bits32 writes v, which has n <= 32 bits (none above them); small enough to be inlined.
func (w *bitWriter) bits32(v uint64, n int) {
	w.acc = w.acc<<n | v
	if w.nacc += n; w.nacc >= 32 {
		w.word()
	}
}

// word moves the accumulator's oldest 32 bits to the output.
func (w *bitWriter) word() {
	w.nacc -= 32
	w.b = binary.BigEndian.AppendUint32(w.b, uint32(w.acc>>w.nacc))
}

// rice writes v>>k in unary (ones ended by a zero), then the k low bits: in one write when
// they fit in 32 bits, as they mostly do.
func (w *bitWriter) rice(v uint64, k int) {
	q := v >> k
	for ; q > 31; q -= 31 {
		w.bits32(1<<31-1, 31)
	}
	if n := int(q) + 1 + k; n <= 32 {
		w.bits32((1<<(q+1)-2)<<k|v&(1<<k-1), n)
		return
	}
	w.bits32(1<<(q+1)-2, int(q)+1)
	w.bits(v, k)
}

// gamma writes v >= 1 as Elias gamma: len-1 zeros, then v's len bits (which is v in
// 2*len-1 bits).
func (w *bitWriter) gamma(v uint64) {
	n := bits.Len64(v)
	if 2*n-1 <= 32 {
		w.bits32(v, 2*n-1)
		return
	}
	w.bits(0, n-1)
	w.bits(v, n)
}

func (w *bitWriter) flush() []byte {
	for w.nacc > 0 {
		if w.nacc >= 8 {
			w.nacc -= 8
			w.b = append(w.b, byte(w.acc>>w.nacc))
			continue
		}
		w.b = append(w.b, byte(w.acc<<(8-w.nacc)))
		w.nacc = 0
	}
	return w.b
}

// bitReader reads what bitWriter wrote; reading past the end sets err.
type bitReader struct {
	b   []byte
	pos int // in bits
	err bool
}

// left is the number of bits not read yet: every entry of a bucket after a hash's first
// takes one at least, so a count beyond it is damage (found before allocating for it).
func (r *bitReader) left() uint64 {
	if r.pos >= 8*len(r.b) {
		return 0
	}
	return uint64(8*len(r.b) - r.pos)
}

func (r *bitReader) bit() uint64 {
	i := r.pos >> 3
	if i >= len(r.b) {
		r.err = true
		return 0
	}
	v := uint64(r.b[i]>>(7-r.pos&7)) & 1
	r.pos++
	return v
}

// window returns the bits from r.pos on, the next at the top, and how many of them there
// are (at least 57 where 8 bytes are left; zeros follow the last). A listing of a common
// position reads 10^5 entries: the codes are read from it with a shift and a count of
// leading zeros or ones, not bit by bit (bitsSlow, riceSlow and gammaSlow do that, for
// codes longer than a window and at the end of the data).
func (r *bitReader) window() (uint64, int) {
	i := r.pos >> 3
	var w uint64
	if i+8 <= len(r.b) {
		w = binary.BigEndian.Uint64(r.b[i:])
	} else {
		for k := i; k < i+8; k++ {
			w <<= 8
			if k < len(r.b) {
				w |= uint64(r.b[k])
			}
		}
	}
	return w << (r.pos & 7), 8*len(r.b) - r.pos
}

func (r *bitReader) bits(n int) uint64 {
	if n <= 0 || n > 57 {
		return r.bitsSlow(n)
	}
	w, avail := r.window()
	if n > avail {
		return r.bitsSlow(n)
	}
	r.pos += n
	return w >> (64 - n)
}

func (r *bitReader) bitsSlow(n int) uint64 {
	var v uint64
	for n > 0 {
		i := r.pos >> 3
		if i >= len(r.b) {
			r.err = true
			return 0
		}
		off := r.pos & 7
		take := min(8-off, n)
		b := uint64(r.b[i]>>(8-off-take)) & (1<<take - 1)
		v = v<<take | b
		r.pos += take
		n -= take
	}
	return v
}

// rice reads q in unary (ones ended by a zero) and k more bits: q<<k | those bits.
func (r *bitReader) rice(k int) uint64 {
	w, avail := r.window()
	q := bits.LeadingZeros64(^w)
	if n := q + 1 + k; k >= 0 && n <= 57 && n <= avail {
		r.pos += n
		return uint64(q)<<k | w<<(q+1)>>(64-k)&(1<<k-1)
	}
	return r.riceSlow(k)
}

func (r *bitReader) riceSlow(k int) uint64 {
	var q uint64
	for r.bit() == 1 {
		q++
		if r.err {
			return 0
		}
	}
	return q<<k | r.bits(k)
}

// gamma reads Elias gamma: n zeros, then n+1 bits that start with a one.
func (r *bitReader) gamma() uint64 {
	w, avail := r.window()
	n := bits.LeadingZeros64(w)
	if l := 2*n + 1; l <= 57 && l <= avail {
		r.pos += l
		return w << n >> (63 - n)
	}
	return r.gammaSlow()
}

func (r *bitReader) gammaSlow() uint64 {
	n := 0
	for r.bit() == 0 {
		if n++; n > 63 || r.err {
			r.err = true
			return 1
		}
	}
	return 1<<n | r.bits(n)
}

// copyPositions spills the entries of the table of an index being added to. Their check
// bits are not stored, so the new index has no complete collision list.
func copyPositions(from *tableFile, s *positionSpill) error {
	s.unchecked = true
	var es []posEntry
	return from.each(func(bucket uint16, v []byte) error {
		return eachEntry(bucket, v, &es, func(es []posEntry) error {
			for i := range es {
				if err := s.copied.add(es[i].game, es[i:i+1]); err != nil {
					return err
				}
			}
			return nil
		})
	})
}
