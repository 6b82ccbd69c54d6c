package index

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"unsafe"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"
	"golang.org/x/sys/unix"

	"github.com/cqlgo/cql/pgn"
)

// BuildOptions say how to read the PGN files of a build.
type BuildOptions struct {
	Threads int // parallel parsers; 0 means GOMAXPROCS
	// Open opens a PGN file decompressed; nil means pgn.Open.
	Open func(name string) (io.ReadCloser, error)
	// OnGame is called once per game read, in order (for a progress bar); may be nil.
	OnGame func()
	// OnProblem receives each problem found in a game, like a scan reports it; may be nil.
	OnProblem func(err error)
	// NoPositions leaves out the exact-position table (Find then parses candidate games).
	// Add keeps what the index has: a table only when the index has one.
	NoPositions bool

	// freeSpace says how many bytes are free on the filesystem of a directory; nil means
	// statfs (tests give a smaller disk)
	freeSpace func(dir string) (int64, error)
	// segmentGames and runIDs replace segmentGames and matRunIDs when not 0 (tests spill
	// small builds)
	segmentGames uint32
	runIDs       int
}

// Build indexes files into a new index at dir, replacing any index there only when the
// build has succeeded.
func Build(ctx context.Context, dir string, files []string, opt BuildOptions) (Meta, error) {
	return build(ctx, dir, files, opt, false)
}

// Add indexes more files after those of the index at dir (their games come after the
// indexed ones, as if they had been given last to the build). The index is replaced only
// when the whole addition has succeeded.
func Add(ctx context.Context, dir string, files []string, opt BuildOptions) (Meta, error) {
	return build(ctx, dir, files, opt, true)
}

// ErrLocked says that another process is building the same index.
var ErrLocked = errors.New("another process is building this index")

func build(ctx context.Context, dir string, files []string, opt BuildOptions, add bool) (meta Meta, err error) {
	given := filepath.Clean(dir)
	if dir, err = buildTarget(given); err != nil {
		return meta, err
	}
	unlock, err := lock(dir)
	if err != nil {
		return meta, err
	}
	defer unlock()
	if err := checkTarget(dir, given); err != nil {
		return meta, err
	}
	// Leftovers of builds that were killed: nobody else holds the lock, so they are dead
	// (or old generations that readers may still be opening: retire waits for them).
	if old, _ := filepath.Glob(dir + ".tmp-*"); len(old) > 0 {
		for _, o := range old {
			retire(o)
		}
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), filepath.Base(dir)+".tmp-")
	if err != nil {
		return meta, fmt.Errorf("cannot create index %s: %w", given, err)
	}
	defer retire(tmp) // after the swap it holds the previous index
	b := &builder{opt: opt, ps: newPostings(), strs: newStringTable(), workers: opt.Threads}
	if b.workers <= 0 {
		b.workers = runtime.GOMAXPROCS(0)
	}
	if add {
		ix, err := Open(dir)
		if err != nil {
			return meta, err
		}
		defer ix.Close()
		// The previous chunks are copied as they are; the posting lists are extended.
		b.meta, b.sources, b.copyFrom = ix.Meta, ix.Sources, ix
		opt.NoPositions = !ix.Meta.PositionTable
		b.opt.NoPositions = opt.NoPositions
	}
	b.space = newDiskSpace(tmp, given, opt.freeSpace)
	if err := b.space.check(0); err != nil {
		return meta, err
	}
	spillDir, err := os.MkdirTemp(filepath.Dir(dir), filepath.Base(dir)+".tmp-")
	if err != nil {
		return meta, err
	}
	defer os.RemoveAll(spillDir)
	if b.lists, err = newListSpill(spillDir, b.workers, b.space, opt.segmentGames, opt.runIDs); err != nil {
		return meta, err
	}
	defer b.lists.close()
	b.mats = make([]matLists, b.workers)
	if !opt.NoPositions {
		if b.spill, err = newPositionSpill(spillDir, b.workers, b.space); err != nil {
			return meta, err
		}
		defer b.spill.close()
	}
	// Tables of 8 MB (StreamWriter makes them 32 times the base size): a stream holds
	// its tables in memory until written (64 MB ones cost 300 MB more peak memory, 16 MB
	// ones 50,000 more page faults on masters-463k, 4 MB ones 2 ms more to open an index).
	// The memtable, which a StreamWriter does not use, is as small as the largest value
	// kept in the tree allows (the value threshold is at most 15% of it): the default's
	// 64 MB arena was allocated for nothing.
	db, err := badger.Open(badgerOptions(tmp).WithBaseTableSize(256 << 10).WithMemTableSize(8 << 20))
	if err != nil {
		return meta, fmt.Errorf("create index in %s: %w", tmp, err)
	}
	b.db, b.space.db = db, db
	err = b.run(ctx, files)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return meta, err
	}
	// Badger keeps the value log's garbage statistics in a 1 MiB file that only writers
	// use; an index is opened read-only (and the values live in the LSM tree, so the value
	// log holds nothing to collect): the file is a megabyte of nothing on disk.
	if err := os.Remove(filepath.Join(tmp, "DISCARD")); err != nil && !errors.Is(err, os.ErrNotExist) {
		return meta, err
	}
	if err := writeMarker(tmp); err != nil {
		return meta, err
	}
	if err := swap(tmp, dir); err != nil {
		return meta, err
	}
	return b.meta, nil
}

// lock takes dir's build lock, held until unlock; a second builder gets ErrLocked.
//
// The lock is an flock on the file DIR.lock, and unlock removes that file so that no build,
// failed or not, leaves anything behind (only a killed one leaves it; the next build takes
// it over, as the kernel drops a dead process's flock, and removes it). Removing a locked
// file alone would be unsound: a builder that opened the file just before its removal
// would lock the removed file, while another creates a new one under the name and locks
// that. So unlock removes the file while it still holds the lock, and whoever gets the lock
// checks that the file it locked is still the one at the name; if it is not, it has locked
// a removed file, and it tries again. Then only one process at a time holds a lock on the
// file at the name. (A lock inside DIR.tmp-* would not do: every builder has its own.)
func lock(dir string) (unlock func(), err error) {
	name := dir + lockSuffix
	for attempt := 0; ; attempt++ {
		f, err := os.OpenFile(name, os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			return nil, err
		}
		if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, unix.EWOULDBLOCK) {
				return nil, fmt.Errorf("%s: %w (lock %s)", dir, ErrLocked, name)
			}
			return nil, fmt.Errorf("lock %s: %w", name, err)
		}
		held, err1 := f.Stat()
		atName, err2 := os.Stat(name)
		if err1 == nil && err2 == nil && os.SameFile(held, atName) {
			return func() {
				os.Remove(name)
				f.Close()
			}, nil
		}
		f.Close()
		if attempt == 100 {
			// Only a lock file removed and recreated a hundred times in a row gets here.
			return nil, fmt.Errorf("%s: %w (lock %s keeps being replaced)", dir, ErrLocked, name)
		}
	}
}

type builder struct {
	opt     BuildOptions
	workers int // parse workers
	db      *badger.DB
	sink    *sink
	ps      *postings
	meta    Meta
	sources []Source
	comp    *compressor
	// copyFrom is the index being added to
	copyFrom *Index
	// spill collects the exact-position table; nil with NoPositions
	spill *positionSpill
	// lists holds the posting lists spilled; mats are the parse workers' material lists
	// not spilled yet; oldLists are the keys of the lists of the index added to
	lists    *listSpill
	mats     []matLists
	oldLists []string
	// tags is the tag column being filled, of the games from tagsFirst on
	tags      []byte
	tagsFirst uint32
	// strs gives the ids of the tag values in the column
	strs *stringTable
	// names writes the names column; nil with NoPositions (find lists from replays then)
	names *namesWriter
	// space keeps the build inside the disk's free space; namesRoom is the names
	// writer's share (build_space.go)
	space     *diskSpace
	namesRoom allowance

	// the chunk being filled
	chunk      []byte
	chunkFirst uint32
	chunkGames int
	fileID     int
}

func (b *builder) run(ctx context.Context, files []string) error {
	var err error
	// Written in order as the build goes: game records, tag columns.
	if b.sink, err = newSink(b.db, keyChunk+keySummary+keyExplore+keyBitmap, b.space); err != nil {
		return err
	}
	defer b.sink.cancel()
	if b.spill != nil { // with the tag column's string table
		if b.names, err = createNames(b.db.Opts().Dir); err != nil {
			return err
		}
		b.namesRoom = allowance{s: b.space}
		defer func() {
			if b.names != nil {
				b.names.abort()
			}
		}()
	}
	b.comp = newCompressor(b.sink.set)
	defer b.comp.close()
	if err := b.sink.set([]byte(keyVersion), []byte(fmt.Sprint(FormatVersion))); err != nil {
		return err
	}
	if b.copyFrom != nil {
		if err := b.copyPrevious(); err != nil {
			return err
		}
	}
	for _, name := range files {
		if err := b.addFile(ctx, name); err != nil {
			return err
		}
	}
	if err := b.flushSummary(); err != nil {
		return err
	}
	if b.names != nil {
		n := namesFooter + len(namesMagic)
		for _, s := range b.strs.strs {
			n += 4 + len(s)
		}
		err := b.namesRoom.take(n)
		if err == nil {
			err = b.names.close(b.strs.strs)
		}
		b.names = nil
		if err != nil {
			return err
		}
	} else if err := b.comp.add([]byte(keyStrings), nil, encodeStrings(b.strs.strs)); err != nil {
		return err
	}
	if err := b.comp.close(); err != nil {
		return err
	}
	// the game records and the tag and explorer columns are written
	if err := b.sink.closeStreams(keyChunk + keySummary + keyExplore); err != nil {
		return err
	}
	if err := b.writeLists(); err != nil {
		return err
	}
	if b.spill != nil {
		table, err := createTable(b.db.Opts().Dir)
		if err != nil {
			return err
		}
		if err := b.spill.finish(max(b.opt.Threads, runtime.GOMAXPROCS(0)), table, b.sink.set); err != nil {
			table.abort()
			return err
		}
		if err := table.close(); err != nil {
			return err
		}
		b.meta.PositionTable, b.meta.TableEntries = true, b.spill.entries
	}
	for id, s := range b.sources {
		js, _ := json.Marshal(s)
		if err := b.sink.set(sourceKey(id), js); err != nil {
			return err
		}
	}
	b.meta.Files = len(b.sources)
	b.meta.ExploreColumn = true     // flushSummary wrote it
	b.meta.Keys = b.sink.keys() + 1 // and the meta's
	js, _ := json.Marshal(b.meta)
	if err := b.sink.set([]byte(keyMeta), js); err != nil {
		return err
	}
	return b.sink.flush()
}

// copyPrevious copies the chunks of the index being added to, and loads its posting lists.
func (b *builder) copyPrevious() error {
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return err
	}
	defer dec.Close()
	if b.copyFrom.names != nil {
		// its string table, in the names file; first, for its ids to stay the same
		strs, err := b.copyFrom.allStrings()
		if err != nil {
			return err
		}
		for _, s := range strs {
			b.strs.id(s)
		}
	}
	return b.copyFrom.view(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.DefaultIteratorOptions)
		defer it.Close()
		keys := 0
		for it.Rewind(); it.Valid(); it.Next() {
			keys++
			item := it.Item()
			b.copyFrom.resident.add(int(item.EstimatedSize())) // resident.go
			key := item.KeyCopy(nil)
			switch key[0] {
			case keyChunk[0]:
				v, err := item.ValueCopy(nil)
				if err != nil {
					return err
				}
				if err := b.sink.set(key, v); err != nil {
					return err
				}
			case keyBitmap[0]:
				// read again when the lists are written (writeLists), one at a time
				b.oldLists = append(b.oldLists, string(key))
			case keySummary[0]:
				if err := item.Value(func(v []byte) error {
					col, err := dec.DecodeAll(v, nil)
					if err != nil {
						return fmt.Errorf("index %s: tag summary: %w", b.copyFrom.Dir, err)
					}
					return b.copySummary(col)
				}); err != nil {
					return err
				}
			case keyStrings[0]:
				if err := item.Value(func(v []byte) error {
					strs, err := decodeTableValue(dec, v)
					for _, s := range strs {
						b.strs.id(s)
					}
					return err
				}); err != nil {
					return err
				}
			}
		}
		if keys != b.copyFrom.Meta.Keys { // a damaged block's keys are skipped
			return b.copyFrom.damage("its keys", fmt.Errorf("%d of %d", keys, b.copyFrom.Meta.Keys))
		}
		if b.spill == nil || b.copyFrom.table == nil {
			return nil
		}
		if b.copyFrom.names == nil {
			return fmt.Errorf("index %s has no names column", b.copyFrom.Dir)
		}
		if err := b.copyFrom.names.checkEntries(); err != nil {
			return b.copyFrom.damage("names.table", err)
		}
		if err := b.namesRoom.take(len(b.copyFrom.names.entries)); err != nil {
			return err
		}
		if err := b.names.add(b.copyFrom.names.entries); err != nil {
			return err
		}
		if err := copyPositions(b.copyFrom.table, b.spill); err != nil {
			return fmt.Errorf("index %s: %w", b.copyFrom.Dir, err)
		}
		return nil
	})
}

// addFile indexes one PGN file.
func (b *builder) addFile(ctx context.Context, name string) error {
	src, hashed, err := describe(ctx, name)
	if err != nil {
		return err
	}
	defer hashed() // on an early return too: the file is closed before addFile returns
	for _, s := range b.sources {
		if s.Abs == src.Abs {
			return fmt.Errorf("%s is already in the index", name)
		}
	}
	open := b.opt.Open
	if open == nil {
		open = pgn.Open
	}
	rc, err := open(name)
	if err != nil {
		return err
	}
	defer rc.Close()
	b.fileID = len(b.sources)
	src.FirstID = uint32(b.meta.Games)
	b.chunkFirst, b.chunkGames, b.chunk = uint32(b.meta.Games), 0, b.chunk[:0]
	type result struct {
		body   []byte
		place  gamePlace
		number int
		facts  facts
		errs   []error
		fail   error // the build cannot go on
		worker int
		sum    gameSummary
	}
	popt := pgn.Options{Variations: true, Workers: b.workers}
	workers := make([]buildWorker, b.workers)
	var at place
	err = pgn.ScanParallel(ctx, rc, name, popt,
		func(w int, g *pgn.Game) result {
			wk := &workers[w]
			id := src.FirstID + uint32(g.Number-1) // records count games from the file's first (see emit)
			wk.body = wk.rw.encode(wk.body[:0], g)
			r := result{body: wk.bytes.copy(wk.body), place: placeOf(g), number: g.Number, worker: w}
			r.sum.materials = wk.mats[:0]
			r.facts = gameFacts(g, &r.sum)
			wk.mats = r.sum.materials
			if ml := &b.mats[w]; r.fail == nil {
				ml.add(id, wk.mats)
				if ml.n >= b.lists.runIDs {
					r.fail = b.lists.writeRun(w, ml)
				}
			}
			r.sum.materials = nil
			tagSummary(g, &r.sum)
			wk.strs.number(&r.sum)
			if b.spill != nil && r.fail == nil {
				wk.pos = gamePositions(wk.pos[:0], g)
				r.fail = b.spill.workers[w].add(id, wk.pos)
			}
			if len(g.Errors) > 0 {
				r.errs = append(r.errs, g.Errors...)
			}
			return r
		},
		func(r result) error {
			if b.opt.OnGame != nil {
				b.opt.OnGame()
			}
			if b.opt.OnProblem != nil {
				for _, e := range r.errs {
					b.opt.OnProblem(e)
				}
			}
			if r.fail != nil {
				return r.fail
			}
			if r.facts.err {
				src.Errors++
			}
			if r.number != src.Games+1 {
				// Records do not store numbers: they count games from the file's first.
				return fmt.Errorf("%s: game %d read as game %d", name, src.Games+1, r.number)
			}
			id := uint32(b.meta.Games)
			if seg := id / b.lists.segGames * b.lists.segGames; seg != b.ps.base {
				if err := b.lists.endSegment(b.ps); err != nil {
					return err
				}
				b.ps.base = seg
			}
			b.ps.addGame(id, &r.facts, &r.sum)
			b.strs.setWorkerIDs(&r.sum, r.worker)
			if err := b.copySummary(r.sum.tags[:]); err != nil {
				return err
			}
			if b.names != nil {
				var names [namesWidth]byte
				copy(names[:8], r.sum.tags[sumStrs:])    // White, Black
				copy(names[8:], r.sum.tags[sumStrs+12:]) // Date
				if err := b.namesRoom.take(len(names)); err != nil {
					return err
				}
				if err := b.names.add(names[:]); err != nil {
					return err
				}
			}
			b.meta.Games++
			b.meta.Positions += int64(r.facts.nodes)
			src.Games++
			if b.chunkGames == 0 {
				at = place{}
			}
			b.chunk = appendRecord(b.chunk, r.place, &at, r.body)
			b.chunkGames++
			if b.chunkGames == chunkGames {
				return b.flushChunk()
			}
			return nil
		})
	if err != nil {
		return err // the scan's read errors name the file already
	}
	b.strs.resetLocal()
	if err := b.flushChunk(); err != nil {
		return err
	}
	if src.SHA256, err = hashed(); err != nil {
		return err
	}
	b.sources = append(b.sources, src)
	return nil
}

// buildWorker is a parse worker's state: scratch buffers that stay warm from game to game,
// and a slab the records are copied to, to be kept until the ordered emit takes them (where
// each grew by append, several allocations a game). A game's material signatures go to
// the worker's lists, its tag values are numbered by the worker, and its position entries
// go to the worker's spill file straight away.
type buildWorker struct {
	rw    recordWriter
	body  []byte
	mats  []uint64
	strs  localStrings
	pos   []posEntry
	bytes slab[byte]
}

// slab hands out copies carved from large blocks; a block is collected once no copy in it
// is used any more.
type slab[T any] struct{ block []T }

// slabBytes is the size of a slab's blocks.
const slabBytes = 64 << 10

// copy returns a copy of v (nil for an empty v).
func (s *slab[T]) copy(v []T) []T {
	if len(v) == 0 {
		return nil
	}
	if len(v) > cap(s.block)-len(s.block) {
		var zero T
		per := max(slabBytes/max(int(unsafe.Sizeof(zero)), 1), len(v))
		s.block = make([]T, 0, per)
	}
	n := len(s.block)
	s.block = append(s.block, v...)
	return s.block[n:len(s.block):len(s.block)]
}

func (b *builder) flushChunk() error {
	if b.chunkGames == 0 {
		return nil
	}
	v := binary.AppendUvarint(nil, uint64(b.fileID))
	b.meta.MaxChunk = max(b.meta.MaxChunk, len(b.chunk))
	if err := b.comp.addS2(chunkKey(b.chunkFirst, b.chunkGames), v, b.chunk); err != nil {
		return err
	}
	b.chunkFirst += uint32(b.chunkGames)
	b.chunkGames = 0
	b.chunk = make([]byte, 0, 2*len(b.chunk)) // the compressor has the old one
	return nil
}

// ctxReader stops reading once ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// describe records a source file's identity: path, size, time, and its content hash, which
// hashed returns (waiting for it): the hash is computed while the caller reads the file,
// not before (a tenth of a second for masters-463k, on the one thread before the parse).
func describe(ctx context.Context, name string) (src Source, hashed func() (string, error), err error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return Source{}, nil, err
	}
	f, err := os.Open(name)
	if err != nil {
		return Source{}, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return Source{}, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return Source{}, nil, fmt.Errorf("%s: an index needs regular files (it records their size and content)", name)
	}
	var sum string
	done := make(chan error, 1)
	go func() {
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, ctxReader{ctx, f}); err != nil {
			done <- fmt.Errorf("%s: %w", name, err)
			return
		}
		sum = hex.EncodeToString(h.Sum(nil))
		done <- nil
	}()
	var once sync.Once
	var herr error
	hashed = func() (string, error) {
		once.Do(func() { herr = <-done })
		return sum, herr
	}
	return Source{Path: name, Abs: abs, Size: st.Size(), ModTime: st.ModTime().UnixNano()}, hashed, nil
}

// copySummary appends tag column entries (whole games) and writes every full chunk.
func (b *builder) copySummary(v []byte) error {
	for len(v) > 0 {
		n := min(len(v), summaryGames*summaryWidth-len(b.tags))
		b.tags = append(b.tags, v[:n]...)
		v = v[n:]
		if len(b.tags) == summaryGames*summaryWidth {
			if err := b.flushSummary(); err != nil {
				return err
			}
		}
	}
	return nil
}

func (b *builder) flushSummary() error {
	if len(b.tags) == 0 {
		return nil
	}
	if err := b.comp.add(summaryKey(b.tagsFirst), nil, bytes.Clone(b.tags)); err != nil {
		return err
	}
	if err := b.sink.set(exploreKey(b.tagsFirst), exploreValue(b.tags)); err != nil {
		return err
	}
	b.tagsFirst += uint32(len(b.tags) / summaryWidth)
	b.tags = b.tags[:0]
	return nil
}
