package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	badger "github.com/dgraph-io/badger/v4"
)

// WriteFind writes the occurrences FindEach lists to w, each as the line AppendText makes
// and a newline, and returns their number. Lines listed from the table are formatted
// straight from it and the names column into buffers written whenever they fill, by up to
// threads goroutines when there are many.
func (ix *Index) WriteFind(ctx context.Context, w io.Writer, fen string, threads, limit int) (int, error) {
	var buf []byte
	n, err := ix.list(ctx, fen, threads, limit, true, func(o *Occurrence) error {
		buf, _ = o.AppendText(buf)
		buf = append(buf, '\n')
		if len(buf) < textFlush {
			return nil
		}
		_, err := w.Write(buf)
		buf = buf[:0]
		return err
	}, func(es []posEntry, check func() (bool, error)) (int, error) {
		return ix.listText(ctx, w, es, check, threads)
	})
	if err == nil && len(buf) > 0 {
		_, err = w.Write(buf)
	}
	return n, err
}

const (
	// textFlush is the size at which a listing's buffer is written: few writes, of a buffer
	// that stays in the cache.
	textFlush = 256 << 10
	// textBlock is about the number of occurrences formatted at a time (whole games): by a
	// goroutine when several do (about 100 KB of lines), between checks of the context.
	textBlock = 1024
)

// errNotHeld says the game checked does not hold the position looked up.
var errNotHeld = errors.New("position not held")

// listText writes the lines of the occurrences es (sorted by game) to w, by up to threads
// goroutines, once check says the entries are the position's (it is run meanwhile).
func (ix *Index) listText(ctx context.Context, w io.Writer, es []posEntry, check func() (bool, error), threads int) (int, error) {
	type result struct {
		held bool
		err  error
	}
	checked := make(chan result, 1)
	go func() {
		held, err := check()
		checked <- result{held, err}
	}()
	waiting := true
	wait := func() error {
		if waiting {
			waiting = false
			r := <-checked
			if r.err == nil && !r.held {
				r.err = errNotHeld
			}
			return r.err
		}
		return nil
	}
	write := func(b []byte) error {
		if err := wait(); err != nil {
			return err
		}
		_, err := w.Write(b)
		return err
	}
	var n int
	var err error
	if threads > 1 && len(es) > textBlock {
		n, err = ix.listTextParallel(ctx, write, es, threads)
	} else {
		n, err = ix.listTextSerial(ctx, write, es)
	}
	if werr := wait(); err == nil || errors.Is(werr, errNotHeld) {
		err = werr
	}
	if errors.Is(err, errNotHeld) {
		return 0, nil
	}
	return n, err
}

// gameEnd returns the index in es, from i on, where a game starts (or len(es)).
func gameEnd(es []posEntry, i int) int {
	for i > 0 && i < len(es) && es[i].game == es[i-1].game {
		i++
	}
	return min(i, len(es))
}

// listTextSerial formats and writes the lines in one goroutine.
func (ix *Index) listTextSerial(ctx context.Context, write func([]byte) error, es []posEntry) (int, error) {
	f, err := ix.newTextFormatter()
	if err != nil {
		return 0, err
	}
	defer f.close()
	buf := make([]byte, 0, min(textFlush, 128*len(es))+4<<10)
	n := 0
	for lo := 0; lo < len(es); {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		hi := gameEnd(es, lo+textBlock)
		var err error
		if buf, err = f.format(buf, es[lo:hi]); err != nil {
			return n, err
		}
		if lo = hi; len(buf) >= textFlush || lo == len(es) {
			if err := write(buf); err != nil {
				return n, err
			}
			buf, n = buf[:0], lo
		}
	}
	return n, nil
}

// listTextParallel formats blocks of about textBlock occurrences in threads goroutines
// and writes them in order. A goroutine takes a free buffer before it takes the next
// block, so the first block not written always has one: 2 buffers a goroutine bound the
// memory.
func (ix *Index) listTextParallel(ctx context.Context, write func([]byte) error, es []posEntry, threads int) (int, error) {
	type block struct {
		buf []byte
		n   int // occurrences
		err error
	}
	blocks := (len(es) + textBlock - 1) / textBlock
	threads = min(threads, blocks)
	done := make([]chan block, blocks)
	for k := range done {
		done[k] = make(chan block, 1)
	}
	free := make(chan []byte, 2*threads)
	for range 2 * threads {
		free <- nil
	}
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var f *textFormatter
			for buf := range free {
				k := int(next.Add(1) - 1)
				if k >= blocks || stop.Load() {
					break
				}
				var err error
				if f == nil {
					if f, err = ix.newTextFormatter(); err != nil {
						f = nil
					}
				}
				if buf == nil {
					buf = make([]byte, 0, 128*textBlock)
				}
				// block k is whole games: the one at k*textBlock is in the block before
				lo, hi := gameEnd(es, k*textBlock), gameEnd(es, (k+1)*textBlock)
				if err == nil {
					buf, err = f.format(buf[:0], es[lo:hi])
				}
				if err == nil {
					err = ctx.Err()
				}
				done[k] <- block{buf, hi - lo, err}
			}
			if f != nil {
				f.close()
			}
		}()
	}
	// Stop the goroutines and wait for them: each holds a transaction of ix.
	defer func() {
		stop.Store(true)
		close(free)
		wg.Wait()
	}()
	n := 0
	for k := range done {
		b := <-done[k]
		if b.err != nil {
			return n, b.err
		}
		if len(b.buf) > 0 {
			if err := write(b.buf); err != nil {
				return n, err
			}
		}
		n += b.n
		free <- b.buf[:0]
	}
	return n, nil
}

// textFormatter formats the lines of a listing, game after game in increasing order.
type textFormatter struct {
	ix    *Index
	names *namesReader
	src   int    // the source of the last game formatted (-1: none yet)
	head  string // its "path: game "
}

func (ix *Index) newTextFormatter() (*textFormatter, error) {
	r, err := ix.newNamesReader()
	if err != nil {
		return nil, err
	}
	return &textFormatter{ix: ix, names: r, src: -1}, nil
}

func (f *textFormatter) close() { f.names.close() }

// format appends the lines of the occurrences es (whole games, sorted by game) to buf as
// AppendText makes them. What a line is made of is in local variables: as fields of a
// struct on the heap, each line's pointer writes went through the collector's write
// barrier, which cost as much as the formatting.
func (f *textFormatter) format(buf []byte, es []posEntry) ([]byte, error) {
	sources := f.ix.Sources
	src, head := f.src, f.head
	for e := 0; e < len(es); {
		id := es[e].game
		names, err := f.names.get(id)
		if err != nil {
			return buf, err
		}
		if src < 0 || src+1 < len(sources) && id >= sources[src+1].FirstID {
			for src = max(src, 0); src+1 < len(sources) && id >= sources[src+1].FirstID; src++ {
			}
			head = sources[src].Path + ": game "
		}
		number := id - sources[src].FirstID + 1
		for ; e < len(es) && es[e].game == id; e++ {
			buf = append(buf, head...)
			buf = appendUint(buf, number)
			buf = append(buf, ", ply "...)
			buf = appendUint(buf, es[e].pv>>1)
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
	}
	f.src, f.head = src, head
	return buf, nil
}

// appendUint appends v in decimal as strconv.AppendUint does, two digits a step, without
// its calls: a line took 17 ns with strconv, 13.5 with this (two numbers a line).
func appendUint(b []byte, v uint32) []byte {
	if v < 10 {
		return append(b, byte('0'+v))
	}
	if v < 100 {
		return append(b, digitPairs[2*v], digitPairs[2*v+1])
	}
	var d [10]byte
	i := len(d)
	for v >= 100 {
		q := v / 100
		r := 2 * (v - 100*q)
		i -= 2
		d[i], d[i+1] = digitPairs[r], digitPairs[r+1]
		v = q
	}
	if v >= 10 {
		i -= 2
		d[i], d[i+1] = digitPairs[2*v], digitPairs[2*v+1]
	} else {
		i--
		d[i] = byte('0' + v)
	}
	return append(b, d[i:]...)
}

// digitPairs holds 00 to 99.
const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

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
