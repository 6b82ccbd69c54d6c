package index

import (
	"context"
	"errors"

	"github.com/RoaringBitmap/roaring/v2"
	badger "github.com/dgraph-io/badger/v4"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
	"github.com/cqlgo/cql/run"
)

// A query whose pruning reads the tag column (player, event, year, elo, ply, ...) evaluated
// it for every game before the first game was read: 0.64 s at 2 million games, 3 s at 10
// million, before the first line of output (issue 35). A ranged source analyses the games
// range by range instead, each range just before its games are read: the first range is
// firstRange games, each next one twice the last, up to maxRange. The output is the same
// (the ranges are read in order, each as a source of its candidates reads it); only the
// work is spread out, so the first match comes out after one small range's analysis.
const (
	firstRange = 1 << 14
	maxRange   = 1 << 20
)

// Candidates is how many games a query source could not rule out.
type Candidates struct {
	// N is the number of candidates among the first Of games of the index; -1: every game
	// is read (no pruning)
	N int
	// Of is the number of games analysed: all of the index's, but for a ranged source
	// whose run stopped early (--limit), which analysed only the ranges it read
	Of int
}

// rangedSource reads the candidates of prog range by range (see above); make gives the
// source of a range's candidates.
type rangedSource struct {
	ix         *Index
	prog       *query.Program
	variations bool
	make       func(cand *roaring.Bitmap) *source
	lastGame   int
	cands      *Candidates
}

// usesTags reports whether the pruning of prog reads the tag column.
func usesTags(prog *query.Program) bool {
	if prog == nil || prog.Body == nil {
		return false
	}
	probe := summaryEnv{}
	probe.logical(prog.Body)
	return probe.usesTags
}

func (r *rangedSource) Games(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) run.Result, emit func(run.Result) error) error {
	stopped := false
	stop := func(res run.Result) error {
		err := emit(res)
		if errors.Is(err, pgn.ErrStop) {
			stopped = true
		}
		return err
	}
	// The next range is analysed while the games of this one are read (the analysis is
	// one goroutine's; the reading is the workers').
	type analysed struct {
		lo, hi uint32
		cand   *roaring.Bitmap
		err    error
	}
	ranges := make(chan analysed, 1)
	done := make(chan struct{})
	defer close(done)
	go func() {
		defer close(ranges)
		games := uint32(r.ix.Meta.Games)
		base := r.ix.newPruner(r.variations)
		size, most := r.ix.ranges()
		for lo := uint32(0); lo < games; {
			a := analysed{lo: lo}
			a.hi, a.err = r.ix.chunkFrom(lo + size)
			if a.err == nil {
				// a pruner of the range, which keeps the posting lists, signatures and
				// strings read
				p := r.ix.newPruner(r.variations)
				p.cache, p.sigs, p.strs, p.cs, p.lo, p.hi = base.cache, base.sigs, base.strs, base.cs, lo, a.hi
				a.cand, a.err = p.candidates(r.prog)
				base.sigs, base.strs, base.cs = p.sigs, p.strs, p.cs
			}
			select {
			case ranges <- a:
			case <-done:
				return
			}
			if a.err != nil {
				return
			}
			lo, size = a.hi, min(2*size, most)
		}
	}()
	r.cands.N, r.cands.Of = 0, 0
	for a := range ranges {
		if a.err != nil {
			return a.err
		}
		if r.cands.N >= 0 {
			if a.cand == nil {
				r.cands.N = -1
			} else {
				r.cands.N += int(rangeCardinality(a.cand, a.lo, a.hi))
			}
		}
		r.cands.Of = int(a.hi)
		src := r.make(a.cand)
		src.lo, src.hi, src.lastGame = a.lo, a.hi, r.lastGame
		if err := src.Games(ctx, opt, work, stop); err != nil || stopped {
			return err
		}
	}
	return nil
}

// ranges returns the first range's size and the largest.
func (ix *Index) ranges() (first, most uint32) {
	if ix.rangeGames > 0 {
		return ix.rangeGames, ix.rangeGames * (maxRange / firstRange)
	}
	return firstRange, maxRange
}

// rangeCardinality is the number of ids of bm in [lo, hi).
func rangeCardinality(bm *roaring.Bitmap, lo, hi uint32) uint64 {
	n := bm.Rank(hi - 1)
	if lo > 0 {
		n -= bm.Rank(lo - 1)
	}
	return n
}

// chunkFrom returns the first game of the first chunk that starts at game at or after it,
// or the number of games when none does.
func (ix *Index) chunkFrom(at uint32) (uint32, error) {
	games := uint32(ix.Meta.Games)
	if at >= games {
		return games, nil
	}
	first := games
	err := ix.view(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(keyChunk)})
		defer it.Close()
		it.Seek(chunkKey(at, 0))
		if it.Valid() {
			key := it.Item().Key()
			if len(key) != 9 {
				return ix.damage("game records", errors.New("bad chunk key"))
			}
			first = uint32(key[1])<<24 | uint32(key[2])<<16 | uint32(key[3])<<8 | uint32(key[4])
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if first > games {
		return 0, ix.damage("game records", errors.New("a chunk after the last game"))
	}
	return first, nil
}

// rangedQuery reports whether the run of q with opt reads its candidates range by range:
// when it writes games (not only a count: a count waits for the whole run anyway), its
// pruning reads the tag column, and the index has more than two ranges of games.
func rangedQuery(ix *Index, prog *query.Program, q *filter.Query, opt run.Options) bool {
	first, _ := ix.ranges()
	return !run.MatchesOnly(q, opt) && uint32(ix.Meta.Games) > 2*first &&
		len(query.MatchedNumberNodes(prog)) == 0 && usesTags(prog)
}
