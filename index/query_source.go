package index

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/query"
	"github.com/cqlgo/cql/run"
)

// QuerySource returns the games a run of q (compiled from prog) with opt reads from ix:
// with prune, the candidates of the summaries, and when the run needs only the number of
// matching games, the games they decide counted without being replayed; the fastest way
// of handing them out that gives the run the same result. cql and cql serve choose alike.
func QuerySource(ix *Index, prog *query.Program, q *filter.Query, opt run.Options, prune bool) (run.Source, error) {
	src, _, err := QuerySourceCandidates(ix, prog, q, opt, prune)
	return src, err
}

// QuerySourceCandidates is QuerySource, and how many games the summaries could not rule
// out, for a summary that says what was examined: known once the run has read the source
// (a source that writes games may analyse them range by range, as it reads them).
func QuerySourceCandidates(ix *Index, prog *query.Program, q *filter.Query, opt run.Options, prune bool) (run.Source, *Candidates, error) {
	cands := &Candidates{N: -1, Of: ix.Meta.Games}
	src, err := querySource(ix, prog, q, opt, prune, cands)
	if last := run.LastGame(q, opt); err == nil && last > 0 {
		src = StopAfter(src, last) // as the scan stops each file there
	}
	return src, cands, err
}

func querySource(ix *Index, prog *query.Program, q *filter.Query, opt run.Options, prune bool, cands *Candidates) (run.Source, error) {
	if !prune {
		return ix.Games(nil), nil
	}
	// the source of the candidates cand of a run that writes games
	writing := func(cand *roaring.Bitmap) *source {
		if run.FENsOnly(q, opt) && q.PositionLocal() && !q.Variations() {
			return &source{ix: ix, cand: cand, count: q, fens: true} // GamesFEN
		}
		if run.UnmatchedSilent(q, opt) && q.PositionLocal() && !q.Variations() {
			return &source{ix: ix, cand: cand, count: q, prefilter: true} // GamesPrefiltered
		}
		return &source{ix: ix, cand: cand} // Games
	}
	if rangedQuery(ix, prog, q, opt) {
		return &rangedSource{ix: ix, prog: prog, variations: q.Variations(), make: writing, cands: cands}, nil
	}
	only := run.MatchesOnly(q, opt)
	cand, decided, err := ix.Analyse(prog, q.Variations(), only)
	if err != nil {
		return nil, err
	}
	if cand != nil {
		cands.N = int(cand.GetCardinality())
	}
	if only && q.PositionLocal() && !q.Variations() {
		return ix.GamesCounted(cand, decided, q), nil
	}
	if !only {
		return writing(cand), nil // decided is nil: only is false
	}
	if decided == nil {
		return ix.Games(cand), nil
	}
	return ix.GamesDecided(cand, decided), nil
}
