package index

import (
	"bufio"
	"bytes"
	"container/heap"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/RoaringBitmap/roaring/v2"
	badger "github.com/dgraph-io/badger/v4"

	"github.com/cqlgo/cql/query"
)

// A build's posting lists do not stay in memory (issue 35): at 10 million games the 808
// lists of a bit a game and the material lists (17 ids a game) held about 1 KB a game.
// Instead:
//
//   - the lists of a bit a game (pieces on squares, flags, king attacks) are kept in memory
//     for one segment of segmentGames games at a time; when a segment is done each is
//     written, as a serialized roaring bitmap, to the list spill file;
//   - each parse worker's material lists are written to the worker's run file, sorted by
//     signature, whenever they hold matRunIDs ids, and at the end;
//   - at the end the lists are made one at a time, in key order: a list of a bit a game
//     from its segments, a material list by merging the runs by signature, each joined with
//     the list of the index being added to, if any; encoded on every thread and written in
//     order to Badger's stream (no list waits in memory for the others).
//
// So a build's memory for the lists is about a segment's (808 lists of 32 KB at most) and
// the workers' runs, whatever the number of games; its disk for them is that of the lists
// themselves, about twice.
const (
	segmentGames = 1 << 18 // games a segment; a multiple of 65,536 (a roaring container)
	matRunIDs    = 1 << 21 // a worker's material ids before they are written as a run
	numDense     = 12*64 + 12 + numLists
)

// denseKey is the key of list i of postings.dense.
func denseKey(i int) []byte {
	switch {
	case i < 12*64:
		return bitmapKey(modeAll, occName(query.Piece(i/64), i%64))
	case i < 12*65:
		return bitmapKey(modeAll, occAnyName(query.Piece(i-12*64)))
	default:
		return []byte(listKeys[i-12*65])
	}
}

// listFile is a spill file of the build, written through a buffer: spilled data is read
// back once the writing is done.
type listFile struct {
	f    *os.File
	w    *bufio.Writer
	size int64
	room allowance
	err  error
}

func newListFile(dir, name string, space *diskSpace) (*listFile, error) {
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		return nil, err
	}
	return &listFile{f: f, w: bufio.NewWriterSize(f, 256<<10), room: allowance{s: space}}, nil
}

func (lf *listFile) write(b []byte) error {
	if lf.err != nil {
		return lf.err
	}
	if err := lf.room.take(len(b)); err != nil {
		lf.err = err
		return err
	}
	if _, err := lf.w.Write(b); err != nil {
		lf.err = fmt.Errorf("posting list spill: %w", err)
		return lf.err
	}
	lf.size += int64(len(b))
	return nil
}

// done flushes the buffer: the file is read from then on.
func (lf *listFile) done() error {
	if lf.err != nil {
		return lf.err
	}
	if err := lf.w.Flush(); err != nil {
		lf.err = fmt.Errorf("posting list spill: %w", err)
	}
	return lf.err
}

func (lf *listFile) close() {
	if lf != nil {
		lf.f.Close()
	}
}

// read returns the bytes of bl.
func (lf *listFile) read(bl spillBlock) ([]byte, error) {
	b := make([]byte, bl.n)
	if _, err := lf.f.ReadAt(b, bl.off); err != nil {
		return nil, fmt.Errorf("posting list spill: %w", err)
	}
	return b, nil
}

// listSpill holds the build's spilled lists: the segments of the dense lists and the
// workers' material runs.
type listSpill struct {
	segments *listFile
	dense    [numDense][]spillBlock
	runs     []*listFile // one per parse worker
	runBlock [][]spillBlock
	// segGames and runIDs are segmentGames and matRunIDs but in tests
	segGames uint32
	runIDs   int
}

func newListSpill(dir string, workers int, space *diskSpace, segGames uint32, runIDs int) (*listSpill, error) {
	s := &listSpill{segGames: segGames, runIDs: runIDs}
	if s.segGames == 0 {
		s.segGames = segmentGames
	}
	if s.runIDs == 0 {
		s.runIDs = matRunIDs
	}
	var err error
	if s.segments, err = newListFile(dir, "lists", space); err != nil {
		return nil, err
	}
	for w := range workers {
		f, err := newListFile(dir, fmt.Sprintf("mat-%03d", w), space)
		if err != nil {
			s.close()
			return nil, err
		}
		s.runs = append(s.runs, f)
	}
	s.runBlock = make([][]spillBlock, workers)
	return s, nil
}

func (s *listSpill) close() {
	s.segments.close()
	for _, f := range s.runs {
		f.close()
	}
}

// endSegment writes the dense lists of the segment from ps.base on and empties them.
func (s *listSpill) endSegment(ps *postings) error {
	ps.flushBlock()
	for i := range ps.dense {
		d := &ps.dense[i]
		if len(*d) == 0 {
			continue
		}
		bm := roaring.FromDense(*d, false)
		*d = (*d)[:0]
		if bm.IsEmpty() {
			continue
		}
		if ps.base > 0 {
			bm = roaring.AddOffset64(bm, int64(ps.base))
		}
		bm.RunOptimize()
		v, err := bm.ToBytes()
		if err != nil {
			return err
		}
		at := s.segments.size
		if err := s.segments.write(v); err != nil {
			return err
		}
		s.dense[i] = append(s.dense[i], spillBlock{at, len(v)})
	}
	return nil
}

// denseList returns dense list i, from its segments.
func (s *listSpill) denseList(i int) (*roaring.Bitmap, error) {
	parts := make([]*roaring.Bitmap, 0, len(s.dense[i]))
	for _, bl := range s.dense[i] {
		v, err := s.segments.read(bl)
		if err != nil {
			return nil, err
		}
		bm := roaring.New()
		if err := bm.UnmarshalBinary(v); err != nil {
			return nil, fmt.Errorf("posting list spill: %w", err)
		}
		parts = append(parts, bm)
	}
	switch len(parts) {
	case 0:
		return roaring.New(), nil
	case 1:
		return parts[0], nil
	}
	return roaring.FastOr(parts...), nil
}

// writeRun writes worker w's material lists as a run (sorted by signature: the signature,
// the number of ids, the ids as uvarint gaps) and empties them.
func (s *listSpill) writeRun(w int, ml *matLists) error {
	if len(ml.keys) == 0 {
		return nil
	}
	order := make([]int, len(ml.keys))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return ml.keys[order[a]] < ml.keys[order[b]] })
	f := s.runs[w]
	at := f.size
	var buf []byte
	for _, i := range order {
		buf = binary.BigEndian.AppendUint64(buf[:0], ml.keys[i])
		ids := ml.ids[i]
		buf = binary.AppendUvarint(buf, uint64(len(ids)))
		prev := uint32(0)
		for _, id := range ids {
			buf = binary.AppendUvarint(buf, uint64(id-prev))
			prev = id
		}
		if err := f.write(buf); err != nil {
			return err
		}
	}
	s.runBlock[w] = append(s.runBlock[w], spillBlock{at, int(f.size - at)})
	ml.reset()
	return nil
}

// runReader reads a run: next reads a signature and its count, ids then the ids.
type runReader struct {
	r   *bufio.Reader
	key uint64
	n   int
	seq int // the run's place, for a stable order of pieces
}

func (rr *runReader) next() (bool, error) {
	var k [8]byte
	if _, err := io.ReadFull(rr.r, k[:]); err == io.EOF {
		return false, nil
	} else if err != nil {
		return false, fmt.Errorf("material list spill: %w", err)
	}
	n, err := binary.ReadUvarint(rr.r)
	if err != nil {
		return false, fmt.Errorf("material list spill: %w", err)
	}
	rr.key, rr.n = binary.BigEndian.Uint64(k[:]), int(n)
	return true, nil
}

func (rr *runReader) ids(ids []uint32) ([]uint32, error) {
	ids = slices.Grow(ids[:0], rr.n)[:rr.n]
	prev := uint32(0)
	for i := range ids {
		g, err := binary.ReadUvarint(rr.r)
		if err != nil {
			return nil, fmt.Errorf("material list spill: %w", err)
		}
		prev += uint32(g)
		ids[i] = prev
	}
	return ids, nil
}

type runHeap []*runReader

func (h runHeap) Len() int { return len(h) }
func (h runHeap) Less(i, j int) bool {
	return h[i].key < h[j].key || h[i].key == h[j].key && h[i].seq < h[j].seq
}
func (h runHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *runHeap) Push(x any)   { *h = append(*h, x.(*runReader)) }
func (h *runHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// matMerge gives the material lists in signature order, merged from the runs.
type matMerge struct {
	h   runHeap
	ids []uint32 // a run's ids of a signature, reused
}

func (s *listSpill) mergeRuns() (*matMerge, error) {
	m := &matMerge{}
	for w, f := range s.runs {
		if err := f.done(); err != nil {
			return nil, err
		}
		for _, bl := range s.runBlock[w] {
			rr := &runReader{r: bufio.NewReaderSize(io.NewSectionReader(f.f, bl.off, int64(bl.n)), 32<<10), seq: len(m.h)}
			ok, err := rr.next()
			if err != nil {
				return nil, err
			}
			if ok {
				m.h = append(m.h, rr)
			}
		}
	}
	heap.Init(&m.h)
	return m, nil
}

// peek returns the next signature, if any.
func (m *matMerge) peek() (uint64, bool) {
	if len(m.h) == 0 {
		return 0, false
	}
	return m.h[0].key, true
}

// take returns the list of the next signature, merged from the runs that have it: a
// bitmap, at most N/8 bytes, where the runs' ids of a signature that most games reach
// take 4 bytes a game (at 10M games the jobs in flight held 1.4 GB of them).
func (m *matMerge) take() (*roaring.Bitmap, error) {
	key := m.h[0].key
	bm := roaring.New()
	for len(m.h) > 0 && m.h[0].key == key {
		rr := m.h[0]
		var err error
		if m.ids, err = rr.ids(m.ids); err != nil {
			return nil, err
		}
		bm.AddMany(m.ids)
		ok, err := rr.next()
		if err != nil {
			return nil, err
		}
		if ok {
			heap.Fix(&m.h, 0)
		} else {
			heap.Pop(&m.h)
		}
	}
	return bm, nil
}

// listJob is one posting list to make and encode.
type listJob struct {
	key   []byte
	dense int             // index in postings.dense, or -1
	mat   *roaring.Bitmap // the material list, merged from the runs
	old   bool            // the index added to has the list
	out   []byte
	err   error
	done  chan struct{}
}

// writeLists makes, encodes and writes every posting list in key order (see above).
func (b *builder) writeLists() error {
	s := b.lists
	if err := s.endSegment(b.ps); err != nil {
		return err
	}
	if err := s.segments.done(); err != nil {
		return err
	}
	for w := range b.mats {
		if err := s.writeRun(w, &b.mats[w]); err != nil {
			return err
		}
	}
	// The parse's lists are on disk now: their buffers (a segment's lists, the workers'
	// material lists: 110 MB at 2 million games) go before the end's work.
	b.mats = nil
	for i := range b.ps.dense {
		b.ps.dense[i] = nil
	}
	mats, err := s.mergeRuns()
	if err != nil {
		return err
	}
	// The lists every build writes, and those of the index added to, by key.
	static := make(map[string]int, numDense+len(b.oldLists))
	for i := range numDense {
		static[string(denseKey(i))] = i
	}
	for _, k := range b.oldLists {
		if _, ok := static[k]; !ok {
			static[k] = -1
		}
	}
	keys := make([]string, 0, len(static))
	for k := range static {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	old := make(map[string]bool, len(b.oldLists))
	for _, k := range b.oldLists {
		old[k] = true
	}

	workers := max(b.workers, 1)
	jobs := make(chan *listJob, 2*workers)
	order := make(chan *listJob, 4*workers)
	var stop atomic.Bool
	var produceErr error
	b.meta.MatLists = 0
	go func() { // the producer: the keys in order
		defer close(jobs)
		defer close(order)
		send := func(j *listJob) {
			j.done = make(chan struct{})
			if bytes.HasPrefix(j.key[2:], []byte(matPrefix)) {
				b.meta.MatLists++
			}
			order <- j
			jobs <- j
		}
		for i := 0; i < len(keys) || len(mats.h) > 0; {
			if stop.Load() {
				return
			}
			var sk []byte
			if i < len(keys) {
				sk = []byte(keys[i])
			}
			var mk []byte
			if k, ok := mats.peek(); ok {
				mk = bitmapKey(modeAll, materialName(k))
			}
			j := &listJob{dense: -1}
			if sk != nil && (mk == nil || bytes.Compare(sk, mk) <= 0) {
				j.key, j.dense, j.old = sk, static[keys[i]], old[keys[i]]
				i++
			}
			if mk != nil && (j.key == nil || bytes.Equal(j.key, mk)) {
				bm, err := mats.take()
				if err != nil {
					produceErr = err
					stop.Store(true)
					return
				}
				j.key, j.mat = mk, bm
			}
			send(j)
		}
	}()
	games := uint32(b.meta.Games)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var enc listEncoder
			for j := range jobs {
				if !stop.Load() {
					j.out, j.err = b.makeList(j, &enc, games)
				}
				close(j.done)
			}
		}()
	}
	var werr error
	for j := range order {
		<-j.done
		if werr != nil || stop.Load() {
			continue
		}
		werr = j.err
		if werr == nil {
			werr = b.sink.set(j.key, j.out)
		}
		if werr != nil {
			stop.Store(true)
		}
	}
	wg.Wait()
	if werr != nil {
		return werr
	}
	return produceErr
}

// makeList makes job j's list and encodes it.
func (b *builder) makeList(j *listJob, enc *listEncoder, games uint32) ([]byte, error) {
	bm := roaring.New()
	if j.dense >= 0 {
		var err error
		if bm, err = b.lists.denseList(j.dense); err != nil {
			return nil, err
		}
	}
	if j.mat != nil {
		bm.Or(j.mat)
	}
	if j.old {
		ix := b.copyFrom
		err := ix.view(func(txn *badger.Txn) error {
			item, err := txn.Get(j.key)
			if err != nil {
				return fmt.Errorf("index %s: %s: %w", ix.Dir, j.key, err)
			}
			ix.resident.add(int(item.EstimatedSize())) // resident.go
			return item.Value(func(v []byte) error {
				old, err := decodeList(v, ix.Meta.Games)
				if err != nil {
					return fmt.Errorf("index %s: %s: %w", ix.Dir, j.key, err)
				}
				bm.Or(old)
				return nil
			})
		})
		if err != nil {
			return nil, err
		}
	}
	// an empty list is written too: a reader takes a list it does not find for damage
	// (Badger gives a damaged block's keys as not found)
	data, err := enc.encode(bm, games)
	if err != nil {
		return nil, err
	}
	return bytes.Clone(data), nil
}
