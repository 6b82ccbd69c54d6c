package index

import (
	"bytes"
	"fmt"
	"slices"
	"sync"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/pb"
	"github.com/dgraph-io/ristretto/v2/z"
)

// sink writes a new index with Badger's StreamWriter, which builds the SSTables itself, in
// background goroutines while the build goes on, where a WriteBatch puts every value
// through the write-ahead log and the memtables, and at the end flushes and compacts them
// on one thread (0.9 s CPU after the parse of masters-463k with the position table, 0.5 s
// without).
//
// A stream is the keys of one prefix byte (so the streams' key ranges are disjoint, as
// StreamWriter wants), written in increasing order. The game records, tag columns, names
// columns and the position table are written in order as the build makes them; the keys
// of other prefixes (posting lists, string table, sources, meta) are kept and written
// sorted by flush.
type sink struct {
	sw      *badger.StreamWriter
	space   *diskSpace
	ordered map[byte]*stream
	flushed bool
	// resident drops the tables' pages from the process's RSS as they are written
	// (resident.go; the tables stay mapped until the store is closed)
	resident *residentDropper

	mu    sync.Mutex
	loose map[byte][]kvPair
	count int // keys set
}

type kvPair struct{ key, value []byte }

// stream collects one ordered stream's keys into buffers for StreamWriter.Write.
type stream struct {
	mu   sync.Mutex
	sw   *badger.StreamWriter
	id   uint32
	buf  *z.Buffer
	last []byte
	// space is checked before Badger is given the buffer: bytes and entries in it
	space    *diskSpace
	bytes    int64
	entries  int
	resident *residentDropper
	closed   bool // by closeStreams
}

// streamBuffer is the size of the buffer a stream hands to StreamWriter at once.
const streamBuffer = 4 << 20

func newSink(db *badger.DB, orderedPrefixes string, space *diskSpace) (*sink, error) {
	sw := db.NewStreamWriter()
	if err := sw.Prepare(); err != nil {
		return nil, fmt.Errorf("write index: %w", err)
	}
	s := &sink{sw: sw, ordered: map[byte]*stream{}, loose: map[byte][]kvPair{}, space: space,
		resident: &residentDropper{dir: db.Opts().Dir}}
	for i := range len(orderedPrefixes) {
		p := orderedPrefixes[i]
		s.ordered[p] = &stream{sw: sw, id: uint32(p), space: space, resident: s.resident}
	}
	return s, nil
}

// set writes key. A key of an ordered prefix must come after the previous one of its
// prefix. The sink may keep value.
func (s *sink) set(key, value []byte) error {
	if len(key) == 0 {
		return fmt.Errorf("write index: empty key")
	}
	s.mu.Lock()
	s.count++
	s.mu.Unlock()
	if st := s.ordered[key[0]]; st != nil {
		return st.add(key, value)
	}
	s.mu.Lock()
	s.loose[key[0]] = append(s.loose[key[0]], kvPair{key, value})
	s.mu.Unlock()
	return nil
}

func (st *stream) add(key, value []byte) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.closed {
		return fmt.Errorf("write index: key %q after its stream was closed", key)
	}
	if st.last != nil && bytes.Compare(key, st.last) <= 0 {
		return fmt.Errorf("write index: key %q after %q", key, st.last)
	}
	st.last = append(st.last[:0], key...)
	if st.buf == nil {
		st.buf = z.NewBuffer(streamBuffer+streamBuffer/4, "index")
	}
	badger.KVToBuffer(&pb.KV{Key: key, Value: value, Version: 1, StreamId: st.id}, st.buf)
	st.bytes += int64(len(key) + len(value))
	st.entries++
	if st.buf.LenNoPadding() >= streamBuffer {
		return st.flushLocked()
	}
	return nil
}

func (st *stream) flushLocked() error {
	if st.buf == nil || st.buf.LenNoPadding() == 0 {
		return nil
	}
	if err := st.space.badger(st.bytes, st.entries); err != nil {
		return err
	}
	err := st.sw.Write(st.buf)
	st.buf.Reset()
	st.resident.add(int(st.bytes))
	st.bytes, st.entries = 0, 0
	if err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	return nil
}

func (st *stream) release() {
	if st.buf != nil {
		st.buf.Release()
		st.buf = nil
	}
}

// closeStreams writes what is buffered of the ordered streams of prefixes and closes them:
// Badger finishes their last tables and lets their table builders go (16 MB and more each,
// which stayed allocated while the posting lists and the position table were written at
// the end of a build). No key of those prefixes may be set after.
func (s *sink) closeStreams(prefixes string) error {
	for i := range len(prefixes) {
		st := s.ordered[prefixes[i]]
		if st == nil {
			continue
		}
		st.mu.Lock()
		err := st.flushLocked()
		if err == nil && st.last != nil { // Badger knows of the stream only once written to
			buf := z.NewBuffer(1<<10, "index")
			badger.KVToBuffer(&pb.KV{StreamId: st.id, StreamDone: true}, buf)
			err = st.sw.Write(buf)
			buf.Release()
			if err != nil {
				err = fmt.Errorf("write index: %w", err)
			}
		}
		st.release()
		st.closed = true
		st.mu.Unlock()
		if err != nil {
			return err
		}
	}
	return nil
}

// keys returns the number of keys set so far.
func (s *sink) keys() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

// flush writes what is buffered and the loose keys, and finishes the index's tables.
func (s *sink) flush() error {
	defer s.release()
	for _, st := range s.ordered {
		st.mu.Lock()
		err := st.flushLocked()
		st.mu.Unlock()
		if err != nil {
			return err
		}
	}
	for p, kvs := range s.loose {
		if s.ordered[p] != nil {
			continue
		}
		slices.SortFunc(kvs, func(a, b kvPair) int { return bytes.Compare(a.key, b.key) })
		st := &stream{sw: s.sw, id: uint32(p), space: s.space, resident: s.resident}
		for _, kv := range kvs {
			if err := st.add(kv.key, kv.value); err != nil {
				st.release()
				return err
			}
		}
		st.mu.Lock()
		err := st.flushLocked()
		st.mu.Unlock()
		st.release()
		if err != nil {
			return err
		}
	}
	s.flushed = true
	if err := s.sw.Flush(); err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	return nil
}

// cancel stops the writer of a build that failed (its directory is then removed); after
// flush it does nothing.
func (s *sink) cancel() {
	if !s.flushed {
		s.sw.Cancel()
		s.release()
	}
}

func (s *sink) release() {
	for _, st := range s.ordered {
		st.mu.Lock()
		st.release()
		st.mu.Unlock()
	}
}
