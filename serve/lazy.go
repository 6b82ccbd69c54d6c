package serve

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"sort"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/run"
)

// A lazy run (through an index, for a query whose result for a game does not depend on
// the other games) runs as cql --index --count does: no squares marked, no comments, no
// game replayed that the summaries decide. It keeps only each matching game's id and its
// number of matching positions (0 until counted for a game the index decided), 12 bytes a
// game. A page, the game viewer and the statistics run the query again, compiled with
// marks, over the few games they show (run.Run over those games of the index): the
// boards, squares and comments are those of a run that kept them all. The positions of
// decided games are counted as pages reach them, so that until then the result's number
// of positions is a lower bound (one a decided game; status.Exact says when it is not).

// lazyQuery says whether a run of q over db can be lazy: an index, and each game's result
// its own (no state kept from game to game, no sort, no game count of the file).
func lazyQuery(db *database, q *filter.Query) bool {
	h := q.Header()
	return db.ix != nil && !q.Serial() && len(q.Sorts()) == 0 && !h.SortMatchCount && !q.UsesLastGameNumber()
}

// lazyBytes is what a lazy run holds for one matching game: its id, its positions and the
// end of its positions in the result.
const lazyBytes = 4 + 4 + 8

// keepID records one matching game of a lazy run (run.Options.OnMatch, in game order).
func (st *store) keepID(s *session, db *database, number int, file string, positions int) {
	s.matched.Add(1)
	s.positions.Add(int64(positions))
	s.mu.Lock()
	full := s.full
	s.mu.Unlock()
	if full {
		return
	}
	if !st.makeRoom(s, lazyBytes) {
		s.mu.Lock()
		s.full = true
		s.mu.Unlock()
		return
	}
	f := db.fileIndex(file)
	if f < 0 {
		return // not a file of the index: cannot happen
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ids == nil && s.state != stateRunning {
		return // dropped
	}
	s.ids = append(s.ids, db.ix.Sources[f].FirstID+uint32(number-1))
	n := int32(positions)
	if positions == 0 {
		n = -1 // decided by the index: counted when a page reaches it
		s.bound++
	}
	s.npos = append(s.npos, n)
	s.bound += positions
	s.advance()
	s.held += lazyBytes
	st.held.Add(lazyBytes)
}

// advance extends ends over the games whose positions are counted; s.mu is held.
func (s *session) advance() {
	for len(s.ends) < len(s.npos) && s.npos[len(s.ends)] >= 0 {
		s.ends = append(s.ends, s.prefix()+int(s.npos[len(s.ends)]))
	}
}

// prefix is the number of positions in the games of ends; s.mu is held.
func (s *session) prefix() int {
	if len(s.ends) == 0 {
		return 0
	}
	return s.ends[len(s.ends)-1]
}

// counted records that the result's game k has n positions; s.mu is held.
func (s *session) counted(k, n int) {
	if k < len(s.npos) && s.npos[k] < 0 {
		s.npos[k] = int32(n)
		s.bound += n - 1
	}
}

// exact reports whether the number of positions the run shows is final; s.mu is held.
func (s *session) exact() bool {
	return !s.lazy || s.state != stateRunning && len(s.ends) == len(s.npos)
}

// lazyRecords runs the query (with marks) again over the result's games ks and returns
// their records by k. A game that does not match again (it cannot, for an unchanged
// index) has no record.
func (s *Server) lazyRecords(ctx context.Context, ss *session, ks []int) (map[int]gameRecord, error) {
	out := make(map[int]gameRecord, len(ks))
	if len(ks) == 0 {
		return out, nil
	}
	bm := roaring.New()
	byID := make(map[uint32]int, len(ks))
	ss.mu.Lock()
	for _, k := range ks {
		if k < len(ss.ids) {
			bm.Add(ss.ids[k])
			byID[ss.ids[k]] = k
		}
	}
	ss.mu.Unlock()
	var failed error
	opt := run.Options{Format: "jsonl", Threads: s.cfg.Threads, Errors: io.Discard, Persistent: io.Discard,
		AppendPosition: s.db.appendPosition,
		Matches: func(m run.Match) {
			b := append([]byte(nil), m.Out...) // the run reuses its buffers
			rec, err := decodeRecord(b, m.Positions, false)
			if err != nil {
				failed = err
				return
			}
			if rec.ref.file < 0 || rec.ref.file >= len(s.db.ix.Sources) {
				return
			}
			if k, ok := byID[s.db.ix.Sources[rec.ref.file].FirstID+uint32(rec.ref.number-1)]; ok {
				out[k] = rec
			}
		}}
	if _, err := run.Run(ctx, ss.qMarks, upTo(s.db.ix.Games(bm), bm.Maximum()), discard{}, opt); err != nil {
		return nil, fmt.Errorf("running the query again over %d games: %w", len(ks), err)
	}
	return out, failed
}

// upTo stops a source of the index's games in order after game id last.
func upTo(src run.Source, last uint32) run.Source { return stopAfter{src, int64(last) + 1} }

type stopAfter struct {
	src   run.Source
	games int64
}

func (s stopAfter) Games(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) run.Result, emit func(run.Result) error) error {
	var n int64
	return s.src.Games(ctx, opt, work, func(r run.Result) error {
		if err := emit(r); err != nil {
			return err
		}
		if n++; n >= s.games {
			return pgn.ErrStop // the games after the last one wanted are not read
		}
		return nil
	})
}

// lazyPage is session.page for a lazy run: it counts the positions of the decided games
// up to the page first, then runs the query again over the page's games.
func (s *Server) lazyPage(ctx context.Context, ss *session, offset, n int) (_ []pageGame, err error) {
	recs := map[int]gameRecord{}
	for {
		ss.mu.Lock()
		f, need := len(ss.ends), offset+n-ss.prefix()
		var ks []int
		// Each decided game has a position at least: as many games as positions needed
		// (the number of them is bounded, so that each count runs a short while).
		for k := f; k < len(ss.npos) && need > 0 && len(ks) < maxCount; k++ {
			if ss.npos[k] < 0 {
				ks = append(ks, k)
			}
			need -= max(int(ss.npos[k]), 1)
		}
		ss.mu.Unlock()
		if len(ks) == 0 {
			break
		}
		var counts []int
		if len(ks) <= PageSize {
			// A few games (the page's, most often): their records count them, and show them.
			got, err := s.lazyRecords(ctx, ss, ks)
			if err != nil {
				return nil, err
			}
			for _, k := range ks {
				counts = append(counts, len(got[k].positions))
			}
			for k, r := range got {
				recs[k] = r
			}
		} else if counts, err = s.lazyCount(ctx, ss, ks); err != nil {
			return nil, err
		}
		ss.mu.Lock()
		for i, k := range ks {
			ss.counted(k, counts[i])
		}
		ss.advance()
		ss.mu.Unlock()
	}
	type span struct{ k, first, end int }
	var spans []span
	var missing []int
	ss.mu.Lock()
	for k := sort.SearchInts(ss.ends, offset+1); k < len(ss.ends) && n > 0; k++ {
		start := 0
		if k > 0 {
			start = ss.ends[k-1]
		}
		first := max(offset-start, 0)
		end := min(int(ss.npos[k]), first+n)
		n -= end - first
		spans = append(spans, span{k, first, end})
		if _, ok := recs[k]; !ok {
			missing = append(missing, k)
		}
	}
	ss.mu.Unlock()
	got, err := s.lazyRecords(ctx, ss, missing)
	if err != nil {
		return nil, err
	}
	var out []pageGame
	for _, sp := range spans {
		rec, ok := recs[sp.k]
		if !ok {
			rec, ok = got[sp.k]
		}
		if !ok {
			continue
		}
		end := min(sp.end, len(rec.positions))
		out = append(out, pageGame{k: sp.k, rec: rec, first: min(sp.first, end), end: end})
	}
	return out, nil
}

// maxCount bounds the games whose positions one count counts.
const maxCount = 20000

// lazyCount counts the matching positions of the result's games ks, as the run did: the
// query (without marks) runs again over them, as cql --count runs it.
func (s *Server) lazyCount(ctx context.Context, ss *session, ks []int) ([]int, error) {
	bm := roaring.New()
	ss.mu.Lock()
	byID := make(map[uint32]int, len(ks))
	for i, k := range ks {
		bm.Add(ss.ids[k])
		byID[ss.ids[k]] = i
	}
	ss.mu.Unlock()
	src := s.db.ix.Games(bm)
	if ss.q.PositionLocal() && !ss.q.Variations() {
		src = s.db.ix.GamesCounted(bm, nil, ss.q) // replayed without a game tree
	}
	counts := make([]int, len(ks))
	opt := run.Options{Format: "jsonl", Count: true, Threads: s.cfg.Threads, Errors: io.Discard, Persistent: io.Discard,
		OnMatch: func(number int, file string, positions int) {
			if f := s.db.fileIndex(file); f >= 0 {
				if i, ok := byID[s.db.ix.Sources[f].FirstID+uint32(number-1)]; ok {
					counts[i] = positions
				}
			}
		}}
	if _, err := run.Run(ctx, ss.q, upTo(src, bm.Maximum()), discard{}, opt); err != nil {
		return nil, fmt.Errorf("counting the positions of %d games: %w", len(ks), err)
	}
	return counts, nil
}

// lazyGame is session.game for a lazy run.
func (s *Server) lazyGame(ctx context.Context, ss *session, k int) (gameRecord, error) {
	ss.mu.Lock()
	n := len(ss.ids)
	ss.mu.Unlock()
	if k >= n {
		return gameRecord{}, fmt.Errorf("no game %d in this result (it holds %d)", k+1, n)
	}
	got, err := s.lazyRecords(ctx, ss, []int{k})
	if err != nil {
		return gameRecord{}, err
	}
	rec, ok := got[k]
	if !ok {
		return gameRecord{}, errNoGame
	}
	return rec, nil
}

// lazyTally counts the statistics of a lazy run's games: the query runs again over them
// with run.Options.Tally (what cql --stats counts) and keeps each game's ratings.
func (s *Server) lazyTally(ctx context.Context, ss *session) (*run.Tally, map[string]int, error) {
	ss.statsMu.Lock()
	defer ss.statsMu.Unlock()
	ss.mu.Lock()
	t, bands := ss.tally, ss.bands
	bm := roaring.New()
	bm.AddMany(ss.ids)
	ss.mu.Unlock()
	if t != nil {
		return t, bands, nil
	}
	t, bands = run.NewTally(), map[string]int{}
	if !bm.IsEmpty() {
		opt := run.Options{Format: "jsonl", Threads: s.cfg.Threads, Errors: io.Discard, Persistent: io.Discard, Tally: t,
			AppendPosition: appendRatings,
			Matches: func(m run.Match) {
				r := recordReader{b: m.Out}
				bands[ratingBand([2]int{int(r.uvarint()), int(r.uvarint())})]++
			}}
		if _, err := run.Run(ctx, ss.q, upTo(s.db.ix.Games(bm), bm.Maximum()), discard{}, opt); err != nil {
			return nil, nil, fmt.Errorf("counting the statistics: %w", err)
		}
	}
	ss.mu.Lock()
	ss.tally, ss.bands = t, bands
	ss.mu.Unlock()
	return t, bands, nil
}

// appendRatings is run.Options.AppendPosition writing a game's two ratings once.
func appendRatings(dst []byte, g *pgn.Game, _ int32, _ *run.Record) []byte {
	if len(dst) == 0 {
		dst = binary.AppendUvarint(dst, uint64(elo(g.Tag("WhiteElo"))))
		dst = binary.AppendUvarint(dst, uint64(elo(g.Tag("BlackElo"))))
	}
	return dst
}
