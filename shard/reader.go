package shard

import (
	"bytes"
	"io"
	"slices"
	"sync/atomic"
)

// Marker is what a game starts with for the purpose of cutting: it must begin a line.
const Marker = "[Event "

var marker = []byte(Marker)

// Reader reads one shard's input for its own parse: body (the shard's nominal range) followed
// by tail (everything after it), from the first Marker at a line start in body (from the
// first byte of body when first is set) to the end of tail. Where the shard's games end is
// decided by the parse (see Shard.Split), not here: a Marker inside a comment is no game.
type Reader struct {
	body, tail io.Reader
	first      bool // the file's first shard: start at once, skip nothing
	// lineStart says whether body's first byte begins a line (the byte before it is not read).
	lineStart bool
	// frameStarts are the stream positions where zstd frames begin (Frames shards): each
	// counts as a line start, since the shard that starts there cannot see the byte before.
	frameStarts []int64
	closers     []func()

	buf     []byte       // unread bytes from position pos
	pos     int64        // stream position of buf[0]; body then tail
	bodyLen atomic.Int64 // -1 until body is exhausted; read by other goroutines
	begin   int64        // stream position of the first byte returned; -1 for none
	inTail  bool
	eof     bool  // no more input
	err     error // a read error, returned after buf
	state   int
	prev    byte // byte before buf[0], 0 if none
	step    int  // bytes to read next
}

const (
	seekStart = iota
	copying
	finished
)

// NewReader returns the shard reader of body followed by tail (see Reader); first and
// lineStart as in Reader.
func NewReader(body, tail io.Reader, first, lineStart bool) *Reader {
	return newReader(body, tail, first, lineStart)
}

func newReader(body, tail io.Reader, first, lineStart bool) *Reader {
	r := &Reader{body: body, tail: tail, first: first, lineStart: lineStart, begin: -1}
	r.bodyLen.Store(-1)
	return r
}

// BodyLen is the length of body, once it has been read to its end; -1 before. It may be
// called while another goroutine reads.
func (r *Reader) BodyLen() int64 { return r.bodyLen.Load() }

// Begin is the stream position (from the start of body) of the first byte Read returned, or
// -1 when the shard holds no Marker and Read returned nothing. Call it after reading.
func (r *Reader) Begin() int64 { return r.begin }

// frameStart records that a zstd frame starts at the next byte read into buf.
func (r *Reader) frameStart() {
	r.frameStarts = append(r.frameStarts, r.pos+int64(len(r.buf)))
}

// fill reads more input into buf; false at the end of input.
func (r *Reader) fill() bool {
	if r.eof {
		return false
	}
	// Reads start small, since a shard may be empty and decide so from a few bytes, and grow
	// to 64 KiB; the buffer grows beyond that only while a marker is sought.
	r.step = min(max(2*r.step, 64), 64<<10)
	if cap(r.buf)-len(r.buf) < r.step {
		nb := make([]byte, len(r.buf), max(2*cap(r.buf), len(r.buf)+r.step))
		copy(nb, r.buf)
		r.buf = nb
	}
	src := r.body
	if r.inTail {
		src = r.tail
	}
	n, err := src.Read(r.buf[len(r.buf) : len(r.buf)+r.step])
	r.buf = r.buf[:len(r.buf)+n]
	if err == io.EOF {
		if !r.inTail {
			r.inTail = true
			r.bodyLen.Store(r.pos + int64(len(r.buf)))
		} else {
			r.eof = true
		}
		return true
	}
	if err != nil {
		r.err, r.eof = err, true
	}
	return n > 0 || !r.eof
}

// atLineStart says whether buf[i] begins a line.
func (r *Reader) atLineStart(i int) bool {
	p := r.pos + int64(i)
	if p == 0 {
		return r.lineStart
	}
	if len(r.frameStarts) > 0 {
		if _, ok := slices.BinarySearch(r.frameStarts, p); ok {
			return true
		}
	}
	var b byte
	if i > 0 {
		b = r.buf[i-1]
	} else {
		b = r.prev
	}
	return b == '\n' || b == '\r'
}

// find returns the index in buf of the first Marker at a line start from index from on, or
// -1 with keep, the bytes at the end of buf that may begin one, when there is none yet.
func (r *Reader) find(from int) (at, keep int) {
	for {
		i := bytes.Index(r.buf[from:], marker)
		if i < 0 {
			break
		}
		if r.atLineStart(from + i) {
			return from + i, 0
		}
		from += i + 1
	}
	keep = min(len(marker)-1, len(r.buf))
	for keep > 0 && !bytes.HasPrefix(marker, r.buf[len(r.buf)-keep:]) {
		keep--
	}
	return -1, keep
}

// drop discards the first n bytes of buf.
func (r *Reader) drop(n int) {
	if n == 0 {
		return
	}
	r.prev = r.buf[n-1]
	r.pos += int64(n)
	r.buf = r.buf[:copy(r.buf, r.buf[n:])]
}

func (r *Reader) Read(p []byte) (int, error) {
	for {
		switch r.state {
		case finished:
			if r.err != nil {
				return 0, r.err
			}
			return 0, io.EOF
		case seekStart:
			if r.first {
				r.state, r.begin = copying, 0
				continue
			}
			if r.buf == nil || len(r.buf) < len(marker) {
				if r.fill() {
					continue
				}
			}
			at, keep := r.find(0)
			bodyLen := r.bodyLen.Load()
			switch {
			case at >= 0 && bodyLen >= 0 && r.pos+int64(at) >= bodyLen:
				r.state = finished // no game starts in this shard
			case at >= 0:
				r.drop(at)
				r.state, r.begin = copying, r.pos
			case bodyLen >= 0 && r.pos+int64(len(r.buf)-keep) >= bodyLen:
				r.state = finished
			default:
				r.drop(len(r.buf) - keep)
				if !r.fill() {
					r.state = finished
				}
			}
		case copying:
			if len(r.buf) == 0 && !r.fill() {
				r.state = finished
				continue
			}
			n := copy(p, r.buf)
			r.drop(n)
			return n, nil
		}
	}
}
