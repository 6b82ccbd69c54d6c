package index

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"sync/atomic"
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
	}, func(src occSource, check func() (bool, error)) (int, error) {
		return ix.listText(ctx, w, src, check, threads)
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

// occSource is the entries of a listing (sorted by game): es[:1] read, and room for the
// rest, which fill reads into es from the front. fill calls ready(end) whenever the
// entries before end are read and end is where a game starts (or the last end), textBlock
// entries or more after the end before (and at the last), stops early when stop says so,
// and returns the number of entries read.
type occSource struct {
	es   []occEntry
	fill func(ready func(end int), stop func() bool) (int, error)
}

// all reads every entry.
func (s occSource) all() ([]occEntry, error) {
	n, err := s.fill(func(int) {}, func() bool { return false })
	return s.es[:n], err
}

// sliceSource is the entries es, read already.
func sliceSource(es []occEntry) occSource {
	return occSource{es, func(ready func(int), _ func() bool) (int, error) {
		for lo := 0; lo < len(es); {
			lo = gameEnd(es, lo+textBlock)
			ready(lo)
		}
		return len(es), nil
	}}
}

// readerSource is the n entries o reads (n > 0), of the first limit games (limit > 0),
// read now with a limit, else as fill is called.
func (ix *Index) readerSource(o *occReader, n, limit int) (occSource, error) {
	bad := ix.damage(tableName, errBadBucket)
	if limit > 0 {
		// in pieces, to stop at the limit: the start position's 463,564 entries took 2 ms
		var es []occEntry
		for games := 0; n > len(es); {
			at := len(es)
			var ok bool
			if es, ok = o.read(es, textBlock); !ok {
				return occSource{}, bad
			}
			for i := at; i < len(es); i++ {
				if i == 0 || es[i].game != es[i-1].game {
					if games++; games > limit {
						return sliceSource(es[:i]), nil
					}
				}
			}
		}
		return sliceSource(es), nil
	}
	es, ok := o.read(make([]occEntry, 0, n), 1)
	if !ok {
		return occSource{}, bad
	}
	es = es[:n]
	return occSource{es, func(ready func(int), stop func() bool) (int, error) {
		read, last := 1, 0
		for read < n {
			if stop() {
				return read, nil
			}
			got, ok := o.read(es[:read], textBlock)
			if !ok {
				return read, bad
			}
			read = len(got)
			// the last game start in the entries read, if far enough from the last end
			if end := read - 1; end-last >= textBlock {
				for end > last && es[end].game == es[end-1].game {
					end--
				}
				if end-last >= textBlock {
					ready(end)
					last = end
				}
			}
		}
		if read > last {
			ready(read)
		}
		return read, nil
	}}, nil
}

// listText writes the lines of the occurrences of src to w, by up to threads goroutines,
// once check says the entries are the position's (it is run meanwhile).
func (ix *Index) listText(ctx context.Context, w io.Writer, src occSource, check func() (bool, error), threads int) (int, error) {
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
	if threads > 1 && len(src.es) > textBlock {
		n, err = ix.listTextParallel(ctx, write, src, threads)
	} else {
		var es []occEntry
		if es, err = src.all(); err == nil {
			n, err = ix.listTextSerial(ctx, write, es)
		}
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
func gameEnd(es []occEntry, i int) int {
	for i > 0 && i < len(es) && es[i].game == es[i-1].game {
		i++
	}
	return min(i, len(es))
}

// listTextSerial formats and writes the lines in one goroutine.
func (ix *Index) listTextSerial(ctx context.Context, write func([]byte) error, es []occEntry) (int, error) {
	f, err := ix.newTextFormatter()
	if err != nil {
		return 0, err
	}
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

// listTextParallel formats the blocks src's fill makes ready (about textBlock entries,
// whole games) in threads goroutines while fill reads the rest in one more, and writes them
// in order. A goroutine takes a free buffer before it takes the next block, so the first
// block not written always has one: 2 buffers a goroutine bound the memory.
func (ix *Index) listTextParallel(ctx context.Context, write func([]byte) error, src occSource, threads int) (int, error) {
	type block struct {
		buf []byte
		n   int // occurrences
		err error
	}
	// every block but the last has textBlock entries or more
	maxBlocks := len(src.es)/textBlock + 1
	threads = min(threads, maxBlocks)
	// bounds[k+1] is where block k ends, set before ready[k] is closed; blocks is their
	// number and fillErr fill's error, set before filled is closed
	bounds := make([]int, maxBlocks+1)
	ready := make([]chan struct{}, maxBlocks)
	done := make([]chan block, maxBlocks)
	for k := range ready {
		ready[k], done[k] = make(chan struct{}), make(chan block, 1)
	}
	filled := make(chan struct{})
	var blocks int
	var fillErr error
	var stop atomic.Bool
	go func() {
		defer close(filled)
		k := 0
		_, fillErr = src.fill(func(end int) {
			if k < maxBlocks && end > bounds[k] {
				bounds[k+1] = end
				close(ready[k])
				k++
			}
		}, stop.Load)
		blocks = k
	}()
	// isReady waits until block k is ready, or says there is no such block.
	isReady := func(k int) bool {
		select {
		case <-ready[k]:
			return true
		case <-filled:
			return k < blocks
		}
	}
	free := make(chan []byte, 2*threads)
	for range 2 * threads {
		free <- nil
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var f *textFormatter
			for buf := range free {
				k := int(next.Add(1) - 1)
				if k >= maxBlocks || stop.Load() || !isReady(k) {
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
				lo, hi := bounds[k], bounds[k+1]
				if err == nil {
					buf, err = f.format(buf[:0], src.es[lo:hi])
				}
				if err == nil {
					err = ctx.Err()
				}
				done[k] <- block{buf, hi - lo, err}
			}
		}()
	}
	// Stop the goroutines and wait for them: they read ix.
	defer func() {
		stop.Store(true)
		close(free)
		wg.Wait()
		<-filled
	}()
	n := 0
	for k := 0; k < maxBlocks && isReady(k); k++ {
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
	<-filled
	return n, fillErr
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

// padCopy is the number of bytes putPadded copies at once.
const padCopy = 32

// lineRoom is what a line needs besides its path and names: two numbers of 10 digits,
// ", ply ", " (variation)" and the separators, and room for the names' padded copies.
const lineRoom = 2*10 + len(", ply  (variation): - , \n") + 3*padCopy

// format appends the lines of the occurrences es (whole games, sorted by game) to buf as
// AppendText makes them. What a line is made of is in local variables: as fields of a
// struct on the heap, each line's pointer writes went through the collector's write
// barrier, which cost as much as the formatting. The names are copied by putPadded:
// copied by append, their lengths, different from line to line, made the copy's branches
// mispredicted, a third of a line's time.
func (f *textFormatter) format(buf []byte, es []occEntry) ([]byte, error) {
	sources := f.ix.Sources
	src, head := f.src, f.head
	strs := f.names.sv.padded
	for e := 0; e < len(es); {
		id := es[e].game
		w0, w1, b0, b1, d0, d1, ok := f.names.spans(id)
		if !ok {
			return buf, f.names.err(id)
		}
		if src < 0 || src+1 < len(sources) && id >= sources[src+1].FirstID {
			for src = max(src, 0); src+1 < len(sources) && id >= sources[src+1].FirstID; src++ {
			}
			head = sources[src].Path + ": game "
		}
		number := id - sources[src].FirstID + 1
		room := len(head) + int(w1-w0+b1-b0+d1-d0) + lineRoom
		for ; e < len(es) && es[e].game == id; e++ {
			if cap(buf)-len(buf) < room {
				buf = slices.Grow(buf, max(room, len(buf)))
			}
			buf = append(buf, head...)
			buf = appendUint(buf, number)
			buf = append(buf, ", ply "...)
			buf = appendUint(buf, es[e].pv>>1)
			if es[e].pv&1 != 0 {
				buf = append(buf, " (variation)"...)
			}
			b := buf[:cap(buf)]
			at := len(buf)
			b[at], b[at+1] = ':', ' '
			at = putPadded(b, at+2, strs, w0, w1)
			b[at], b[at+1], b[at+2] = ' ', '-', ' '
			at = putPadded(b, at+3, strs, b0, b1)
			b[at], b[at+1] = ',', ' '
			at = putPadded(b, at+2, strs, d0, d1)
			b[at] = '\n'
			buf = buf[:at+1]
		}
	}
	f.src, f.head = src, head
	return buf, nil
}

// putPadded copies src[from:to] to dst[at:] and returns where it ends. It copies padCopy
// bytes whatever the length (one move of a constant size, no branch on it), and the rest
// of a longer string after them: src has padCopy bytes past to, dst room for as many past
// at (or to-from, if more).
func putPadded(dst []byte, at int, src []byte, from, to uint32) int {
	*(*[padCopy]byte)(dst[at:]) = *(*[padCopy]byte)(src[from:])
	if n := int(to - from); n > padCopy {
		copy(dst[at+padCopy:at+n], src[from+padCopy:to])
	}
	return at + int(to-from)
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

// namesReader gives games' names from the names column and the string table.
type namesReader struct {
	ix    *Index
	sv    *stringView
	names *namesFile
}

func (ix *Index) newNamesReader() (*namesReader, error) {
	sv, err := ix.padTable()
	if err != nil {
		return nil, err
	}
	if ix.names == nil {
		return nil, fmt.Errorf("index %s has no names column", ix.Dir)
	}
	return &namesReader{ix: ix, sv: sv, names: ix.names}, nil
}

// get returns game id's names.
func (r *namesReader) get(id uint32) (gameNames, error) {
	w0, w1, b0, b1, d0, d1, ok := r.spans(id)
	if !ok {
		return gameNames{}, r.err(id)
	}
	full, err := r.ix.stringTable() // its data: r.sv's may be the mapping's, without strings
	if err != nil {
		return gameNames{}, err
	}
	d := full.data
	return gameNames{d[w0:w1], d[b0:b1], d[d0:d1]}, nil
}

// spans returns where game id's White, Black and Date are in the string table's data, or
// false if its entry is missing or names a string the table does not have. (Six results,
// in registers: as an array returned through memory, two copies each stalled on stores
// not forwarded to loads, a sixth of a listing's time.)
func (r *namesReader) spans(id uint32) (w0, w1, b0, b1, d0, d1 uint32, ok bool) {
	col := r.names.entry(id)
	if col == nil {
		return
	}
	offs := r.sv.offs
	w, b, d := uint64(binary.BigEndian.Uint32(col)), uint64(binary.BigEndian.Uint32(col[4:])), uint64(binary.BigEndian.Uint32(col[8:]))
	if n := uint64(len(offs)); 2*w+1 >= n || 2*b+1 >= n || 2*d+1 >= n {
		return
	}
	return offs[2*w], offs[2*w+1], offs[2*b], offs[2*b+1], offs[2*d], offs[2*d+1], true
}

// err says why spans found no names for game id.
func (r *namesReader) err(id uint32) error {
	col := r.names.entry(id)
	if col == nil {
		return r.ix.damage("names.table", r.names.entryErr(id))
	}
	for k := range 3 {
		if _, err := r.sv.get(binary.BigEndian.Uint32(col[4*k:])); err != nil {
			return r.ix.damage("names.table", fmt.Errorf("names of game %d: %w", id, err))
		}
	}
	return r.ix.damage("names.table", fmt.Errorf("names of game %d: bad entry", id))
}
