package index

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/RoaringBitmap/roaring/v2"
	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/run"
)

// Stale lists the sources that changed or went missing since they were indexed. Size and
// modification time are compared first; a source of the same size whose time alone moved
// (copied without keeping times, touched, restored from a backup) is hashed, and it is
// changed only when its content is: touched lists those whose content is the same (a
// query may use them; Refresh records their new times so that they are not hashed again).
func (ix *Index) Stale(ctx context.Context) (changed, missing, touched []string) {
	for _, s := range ix.Sources {
		st, err := os.Stat(s.Abs)
		switch {
		case err != nil:
			missing = append(missing, s.Path)
		case st.Size() != s.Size:
			changed = append(changed, s.Path)
		case st.ModTime().UnixNano() != s.ModTime:
			if sameContent(ctx, s) {
				touched = append(touched, s.Path)
			} else {
				changed = append(changed, s.Path)
			}
		}
	}
	return changed, missing, touched
}

// TimeMoved lists the sources of the same size whose modification time changed since
// they were indexed, by their size and time alone (nothing is read): the ones Stale
// hashes, and Refresh may record.
func (ix *Index) TimeMoved() []string {
	var moved []string
	for _, s := range ix.Sources {
		if st, err := os.Stat(s.Abs); err == nil && st.Size() == s.Size && st.ModTime().UnixNano() != s.ModTime {
			moved = append(moved, s.Path)
		}
	}
	return moved
}

// sameContent reports whether s's file still has the size and content hash it was indexed
// with; a file that cannot be read is not the same.
func sameContent(ctx context.Context, s Source) bool {
	now, hashed, err := describe(ctx, s.Abs)
	if err != nil || now.Size != s.Size {
		if hashed != nil {
			hashed()
		}
		return false
	}
	sum, err := hashed()
	return err == nil && sum == s.SHA256
}

// Refresh records the new modification time of every source of the index at dir whose
// time alone changed (see Stale), so that queries need not hash it again; it returns their
// paths. It takes the build lock and writes a new generation, as a build does: a copy of
// the index (hard links to the parts that do not change), updated and swapped in whole,
// so that queries running meanwhile read the old index or the new one.
func Refresh(ctx context.Context, dir string) (refreshed []string, err error) {
	given := filepath.Clean(dir)
	if dir, err = buildTarget(given); err != nil {
		return nil, err
	}
	unlock, err := lock(dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	ix, err := Open(dir)
	if err != nil {
		return nil, err
	}
	var update []int
	for i, s := range ix.Sources {
		if st, err := os.Stat(s.Abs); err == nil && st.Size() == s.Size && st.ModTime().UnixNano() != s.ModTime && sameContent(ctx, s) {
			ix.Sources[i].ModTime = st.ModTime().UnixNano()
			update = append(update, i)
		}
	}
	sources := ix.Sources
	if err := ix.Close(); err != nil || len(update) == 0 {
		return nil, err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), filepath.Base(dir)+".tmp-")
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", given, err)
	}
	defer retire(tmp) // after the swap it holds the previous generation
	if err := cloneGeneration(dir, tmp); err != nil {
		return nil, fmt.Errorf("index %s: copy it to record the sources' times: %w", given, err)
	}
	// One transaction: Badger applies it whole or not at all. No compactors: the index's
	// tables stay as the build wrote them.
	db, err := badger.Open(badgerOptions(tmp).WithNumCompactors(0).WithMemTableSize(8 << 20))
	if err != nil {
		return nil, fmt.Errorf("open index %s for writing: %w", given, err)
	}
	err = db.Update(func(txn *badger.Txn) error {
		for _, i := range update {
			v, err := json.Marshal(sources[i])
			if err != nil {
				return err
			}
			if err := txn.Set(sourceKey(i), v); err != nil {
				return err
			}
			refreshed = append(refreshed, sources[i].Path)
		}
		return nil
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("index %s: record the sources' times: %w", given, err)
	}
	// As after a build: the value log's garbage statistics are of no use to a reader.
	if err := os.Remove(filepath.Join(tmp, "DISCARD")); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err := writeMarker(tmp); err != nil {
		return nil, err
	}
	if err := swap(tmp, dir); err != nil {
		return nil, err
	}
	return refreshed, nil
}

// Games returns a run.Source of the indexed games, in index order (the order of a scan of
// the sources as given to build and add). Only the games in cand are parsed and handed to
// the workers; the others reach emit as empty results, so that counts of games read stay
// those of a scan. A nil cand means every game.
func (ix *Index) Games(cand *roaring.Bitmap) run.Source { return &source{ix: ix, cand: cand} }

// GamesDecided is Games, except that the games of decided (see Decided) reach emit as
// run.Decided results without being read or replayed: for a run where run.MatchesOnly
// holds. A chunk of games that are all decided or not candidates is not even read.
func (ix *Index) GamesDecided(cand, decided *roaring.Bitmap) run.Source {
	return &source{ix: ix, cand: cand, decided: decided}
}

// GamesCounted is GamesDecided (decided may be nil) for a query that is position-local
// (filter.Query.PositionLocal) and searches the main line only, in a run where
// run.MatchesOnly holds: the candidates are replayed without a game tree, their moves
// played into one position that q is asked about at each step (run.Counted), instead of
// being handed to the run's workers. Games stored as text go the usual way.
func (ix *Index) GamesCounted(cand, decided *roaring.Bitmap, q *filter.Query) run.Source {
	return &source{ix: ix, cand: cand, decided: decided, count: q}
}

// GamesFEN is GamesCounted for a run where run.FENsOnly holds: each game replayed without
// a game tree is handed out with the FEN lines of its matching positions (run.CountedFEN).
func (ix *Index) GamesFEN(cand *roaring.Bitmap, q *filter.Query) run.Source {
	return &source{ix: ix, cand: cand, count: q, fens: true}
}

// GamesPrefiltered is Games for a query that is position-local and searches the main
// line only, in a run where run.UnmatchedSilent holds: each candidate is first replayed
// without a game tree, as GamesCounted does; one with no matching position is handed out
// as a zero run.Result, and only the others are replayed into a game tree for the run's
// workers, which write them out. Most candidates of an unprunable query do not match (the
// seed's square query: 9,954 of 463,558 games), and the tree-less replay costs a fraction
// of the tree's.
func (ix *Index) GamesPrefiltered(cand *roaring.Bitmap, q *filter.Query) run.Source {
	return &source{ix: ix, cand: cand, count: q, prefilter: true}
}

type source struct {
	ix            *Index
	cand, decided *roaring.Bitmap
	count         *filter.Query // see GamesCounted
	fens          bool          // see GamesFEN
	prefilter     bool          // see GamesPrefiltered
	lastGame      int           // see StopAfter
	lo, hi        uint32        // the games read when hi > 0 (a ranged source's range)
}

// StopAfter makes src, a source of this package, hand out no game numbered above last in
// its file (last > 0), as a scan stops reading each file after the end of the query's
// gamenumber range: the run then counts the games a scan reads.
func StopAfter(src run.Source, last int) run.Source {
	switch s := src.(type) {
	case *source:
		s.lastGame = last
	case *rangedSource:
		s.lastGame = last
	}
	return src
}

func (s *source) Games(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) run.Result, emit func(run.Result) error) error {
	sc := &scanner[run.Result]{ix: s.ix, cand: s.cand, lastGame: s.lastGame, lo: s.lo, hi: s.hi}
	if s.decided != nil && !s.decided.IsEmpty() {
		replay := s.cand
		if replay == nil {
			replay = roaring.New()
			replay.AddRange(0, uint64(s.ix.Meta.Games))
		}
		sc.cand = roaring.AndNot(replay, s.decided)
		sc.decided = s.decided
		sc.mark = func(id uint32) run.Result {
			src := s.ix.sourceOf(id)
			return run.Decided(int(id-src.FirstID)+1, src.Path)
		}
	}
	// A prefilter replays the main line alone even when the run reads variations (to
	// write them out): the query searches the main line only.
	if s.count != nil && s.count.PositionLocal() && (!opt.Variations || s.prefilter) {
		evals := make([]*filter.Evaluator, max(opt.Workers, 1))
		for i := range evals {
			evals[i] = s.count.NewEvaluator()
		}
		scratch := make([][]byte, len(evals)) // a worker's FEN lines, copied by CountedFEN when a game matches
		rates := make([]matchRate, len(evals))
		sc.count = func(w int, rp *replayer, body []byte, at *place, g *pgn.Game) (run.Result, bool, error) {
			var fens *[]byte
			if s.fens {
				scratch[w] = scratch[w][:0]
				fens = &scratch[w]
			}
			st := &rates[w]
			if s.prefilter && !st.worthTrying() {
				return run.Result{}, false, nil
			}
			before := *at
			n, ok, err := rp.countPositions(body, g, at, evals[w], fens)
			if !ok || err != nil {
				*at = before // replayed again, into a tree, from the same place
				return run.Result{}, false, err
			}
			if s.prefilter {
				st.add(n > 0)
				if n == 0 {
					return run.Result{}, true, nil
				}
				*at = before // the game is replayed again, into a tree, from the same place
				return run.Result{}, false, nil
			}
			if s.fens {
				return run.CountedFEN(g.Number, g.File, n, *fens), true, nil
			}
			return run.Counted(g.Number, g.File, n), true, nil
		}
	}
	return sc.scan(ctx, opt, work, emit)
}

// matchRate follows how many of the games a worker prefilters match. A matching game is
// replayed twice (without a tree and then into one), so prefiltering pays only while most
// candidates do not match: the tree-less replay costs about 0.6 of the tree's, so while
// more than a third match, only every 32nd game is prefiltered, to follow the rate. The
// counts are halved every 1,024 games, so that the rate follows the database's stretches.
// Either way a game's result is the same.
type matchRate struct {
	tried, hits, passed int
}

func (m *matchRate) worthTrying() bool {
	if m.tried < 64 || 3*m.hits <= m.tried {
		return true
	}
	m.passed++
	return m.passed%32 == 0
}

func (m *matchRate) add(hit bool) {
	m.tried++
	if hit {
		m.hits++
	}
	if m.tried == 1024 {
		m.tried, m.hits = m.tried/2, m.hits/2
	}
}

// sourceOf returns the source of game id.
func (ix *Index) sourceOf(id uint32) *Source {
	k := len(ix.Sources) - 1
	for k > 0 && ix.Sources[k].FirstID > id {
		k--
	}
	return &ix.Sources[k]
}

// job is one chunk on its way through the workers.
type job[R any] struct {
	first uint32
	games int
	value []byte // nil when the chunk holds no candidate
	res   []R
	err   error
	done  chan struct{}
}

// scanGames hands the games of ix in cand (nil: all) to work in parallel workers, and
// emits every game's result in index order; games outside cand give R's zero value.
func scanGames[R any](ctx context.Context, ix *Index, cand *roaring.Bitmap, opt pgn.Options, work func(int, *pgn.Game) R, emit func(R) error) error {
	return (&scanner[R]{ix: ix, cand: cand}).scan(ctx, opt, work, emit)
}

func (s *scanner[R]) scan(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) R, emit func(R) error) error {
	workers := max(opt.Workers, 1)
	// Chunk values and result slices go round through free lists instead of being
	// allocated per chunk (a full replay of masters-463k reads 1,811 chunks).
	s.values = make(chan []byte, workers*8)
	s.results = make(chan []R, workers*8)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.ctx = ctx
	jobs := make(chan *job[R], workers*2)
	ordered := make(chan *job[R], workers*4)
	readErr := make(chan error, 1)
	go func() {
		readErr <- s.read(ctx, jobs, ordered)
		close(jobs)
		close(ordered)
	}()
	for w := 0; w < workers; w++ {
		go s.worker(w, opt, jobs, work)
	}
	var err error
	for j := range ordered {
		<-j.done
		if err == nil && j.err != nil {
			err = j.err
		}
		if err == nil {
			for i := 0; i < j.games; i++ {
				if id := j.first + uint32(i); s.lastGame > 0 && id-s.ix.sourceOf(id).FirstID >= uint32(s.lastGame) {
					continue // past the gamenumber range: a scan does not read it
				}
				var r R
				if j.res != nil {
					r = j.res[i]
				} else if id := j.first + uint32(i); s.decided != nil && s.decided.Contains(id) {
					r = s.mark(id)
				}
				if e := emit(r); e != nil {
					err = e
					break
				}
			}
		}
		if j.res != nil {
			select {
			case s.results <- j.res:
			default:
			}
			j.res = nil
		}
		if err != nil {
			cancel()
		}
	}
	if rerr := <-readErr; err == nil && rerr != nil && !errors.Is(rerr, context.Canceled) {
		err = rerr
	}
	if err == nil {
		err = ctx.Err()
	}
	if errors.Is(err, pgn.ErrStop) {
		return nil
	}
	return err
}

// scanner walks the chunks in order and hands those with candidates to the workers.
type scanner[R any] struct {
	ix   *Index
	cand *roaring.Bitmap // games to replay (nil: all)
	// decided games are not replayed: their result is mark's
	decided *roaring.Bitmap
	mark    func(id uint32) R
	// lastGame > 0: the games numbered above it in their file are not emitted (StopAfter)
	lastGame int
	// lo and hi, when hi > 0, are the games read and emitted, [lo, hi): a chunk starts at
	// each (rangedSource)
	lo, hi uint32
	// count, when set, evaluates a game itself from its record (ok), without work
	// (GamesCounted); at is updated only when ok.
	count func(w int, rp *replayer, body []byte, at *place, g *pgn.Game) (res R, ok bool, err error)
	// free lists of chunk values and result slices (nil channels: none, always allocate)
	values  chan []byte
	results chan []R
	// ctx is the scan's: a chunk's games stop when it ends (count evaluates a slow query
	// game by game, 256 games to a chunk; the workers' work looks at it itself)
	ctx context.Context
}

// value returns a buffer for a chunk value, from the free list when it has one.
func (s *scanner[R]) value() []byte {
	select {
	case v := <-s.values:
		return v[:0]
	default:
		return nil
	}
}

// resultsFor returns n zero results, from the free list when it has a slice that fits.
func (s *scanner[R]) resultsFor(n int) []R {
	select {
	case r := <-s.results:
		if cap(r) >= n {
			r = r[:n]
			clear(r)
			return r
		}
	default:
	}
	return make([]R, n)
}

// seekAfter is how far ahead a candidate must be for the scanner to seek to its chunk
// instead of stepping through the keys between.
const seekAfter = 4 * chunkGames

func (s *scanner[R]) read(ctx context.Context, jobs, ordered chan<- *job[R]) error {
	games := uint32(s.ix.Meta.Games)
	end := games // where the scan ends
	if s.hi > 0 {
		end = s.hi
	}
	next := s.lo // the first game of the next chunk: a gap is a damaged block
	// skip hands the games from next to end, not read, to the consumer as one job.
	skip := func(end uint32) error {
		if end <= next {
			return nil
		}
		j := &job[R]{first: next, games: int(end - next), done: make(chan struct{})}
		close(j.done)
		next = end
		select {
		case ordered <- j:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return s.ix.view(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(keyChunk), PrefetchValues: false})
		defer it.Close()
		it.Seek(chunkKey(next, 0))
		for {
			if next >= end && end < games {
				return nil // the end of the range
			}
			if !it.Valid() {
				if next != games {
					return s.ix.damage("game records", fmt.Errorf("the chunks end at game %d of %d", next, games))
				}
				return nil
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			item := it.Item()
			key := item.Key()
			if len(key) != 9 {
				return s.ix.damage("game records", fmt.Errorf("bad chunk key %q", key))
			}
			j := &job[R]{first: binary.BigEndian.Uint32(key[1:]), games: int(binary.BigEndian.Uint32(key[5:])), done: make(chan struct{})}
			if j.first != next || j.games <= 0 || j.games > chunkGames {
				return s.ix.damage("game records", fmt.Errorf("chunk of %d games at game %d, after game %d", j.games, j.first, next))
			}
			next += uint32(j.games)
			s.ix.resident.add(int(item.EstimatedSize())) // its block is read (resident.go)
			if s.cand == nil || anyIn(s.cand, j.first, j.first+uint32(j.games)) {
				v, err := item.ValueCopy(s.value())
				if err != nil {
					return s.ix.damage("game records", err)
				}
				j.value = v
				select {
				case ordered <- j:
				case <-ctx.Done():
					return ctx.Err()
				}
				select {
				case jobs <- j:
				case <-ctx.Done():
					// The consumer waits for every job it was handed: one no worker will
					// take is done here (it hung a find whose --limit was reached).
					j.err = ctx.Err()
					close(j.done)
					return ctx.Err()
				}
			} else {
				close(j.done)
				select {
				case ordered <- j:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			if s.cand != nil {
				// Stepping through the keys reads their blocks (and checks their checksums):
				// 50 MB of masters-463k's for a query of a few thousand candidates, a sixth
				// of its CPU. A candidate chunks away is sought; past the last one nothing
				// is read.
				c, ok := nextIn(s.cand, next)
				if !ok || c >= end {
					return skip(end)
				}
				if c >= next+seekAfter {
					// the chunk holding c starts at most chunkGames-1 games before it
					it.Seek(chunkKey(c-(chunkGames-1), 0))
					first := uint32(0)
					if it.Valid() && len(it.Item().Key()) == 9 {
						first = binary.BigEndian.Uint32(it.Item().Key()[1:])
					}
					if !it.Valid() || first < next || first > c {
						return s.ix.damage("game records", fmt.Errorf("no chunk holds game %d", c))
					}
					if err := skip(first); err != nil {
						return err
					}
					continue
				}
			}
			it.Next()
		}
	})
}

// nextIn returns the smallest id of bm from lo on.
func nextIn(bm *roaring.Bitmap, lo uint32) (uint32, bool) {
	it := bm.Iterator()
	it.AdvanceIfNeeded(lo)
	if !it.HasNext() {
		return 0, false
	}
	return it.PeekNext(), true
}

// anyIn reports whether bm holds an id in [lo, hi).
func anyIn(bm *roaring.Bitmap, lo, hi uint32) bool {
	it := bm.Iterator()
	it.AdvanceIfNeeded(lo)
	return it.HasNext() && it.PeekNext() < hi
}

func (s *scanner[R]) worker(w int, opt pgn.Options, jobs <-chan *job[R], work func(int, *pgn.Game) R) {
	dec, _ := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	defer dec.Close()
	var g pgn.Game
	var buf []byte
	rp := newReplayer(opt)
	tc := &tagColumn{ix: s.ix, dec: dec}
	for j := range jobs {
		j.err = s.chunk(w, rp, tc, j, &buf, &g, work)
		// The value is decoded (or failed): its buffer can carry another chunk.
		select {
		case s.values <- j.value:
		default:
		}
		j.value = nil
		close(j.done)
	}
}

// chunk replays the candidate games of one chunk and runs work on them.
func (s *scanner[R]) chunk(w int, rp *replayer, tc *tagColumn, j *job[R], buf *[]byte, g *pgn.Game, work func(int, *pgn.Game) R) error {
	fileID, n := binary.Uvarint(j.value)
	if n <= 0 || int(fileID) >= len(s.ix.Sources) {
		return s.ix.damage("game records", fmt.Errorf("bad chunk %d", j.first))
	}
	data, err := decodeRecords((*buf)[:0], j.value[n:], s.ix.Meta.MaxChunk, false)
	if err != nil {
		return s.ix.damage("game records", fmt.Errorf("chunk %d: %w", j.first, err))
	}
	*buf = data
	src := &s.ix.Sources[fileID]
	strs, err := s.ix.stringTable()
	if err != nil {
		return err
	}
	j.res = s.resultsFor(j.games)
	r := byteReader{b: data}
	var at place
	for i := 0; i < j.games; i++ {
		body := r.bytes(r.uvarint())
		if r.bad {
			return s.ix.damage("game records", fmt.Errorf("chunk %d: %w", j.first, errBadRecord))
		}
		id := j.first + uint32(i)
		if s.decided != nil && s.decided.Contains(id) {
			j.res[i] = s.mark(id)
		}
		if s.cand != nil && !s.cand.Contains(id) {
			// Skipped, but its place is the next one's reference.
			pr := byteReader{b: body}
			end := at.end + pr.varint()
			end += int64(pr.uvarint())
			at.line += int(pr.varint())
			at.end = end
			continue
		}
		g.File, g.Number = src.Path, int(id-src.FirstID)+1
		if s.count != nil {
			if s.ctx != nil && s.ctx.Err() != nil {
				return s.ctx.Err() // the consumer ends with the context's error
			}
			res, ok, err := s.count(w, rp, body, &at, g)
			if err != nil {
				return fmt.Errorf("index %s: game %d of %s: %w", s.ix.Dir, g.Number, src.Path, err)
			}
			if ok {
				j.res[i] = res
				continue
			}
		}
		entry, err := tc.entry(id)
		if err != nil {
			return err
		}
		if err := rp.replay(body, g, &at, columnTags{entry, strs}); err != nil {
			return fmt.Errorf("index %s: game %d of %s: %w", s.ix.Dir, g.Number, src.Path, err)
		}
		j.res[i] = work(w, g)
	}
	return nil
}
