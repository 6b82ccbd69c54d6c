package index

import (
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

// QuerySourceCandidates is QuerySource, and the number of games the summaries could not
// rule out (-1 when every game is read), for a summary that says what was examined.
func QuerySourceCandidates(ix *Index, prog *query.Program, q *filter.Query, opt run.Options, prune bool) (run.Source, int, error) {
	candidates := -1
	src, err := querySource(ix, prog, q, opt, prune, &candidates)
	if last := run.LastGame(q, opt); err == nil && last > 0 {
		src = StopAfter(src, last) // as the scan stops each file there
	}
	return src, candidates, err
}

func querySource(ix *Index, prog *query.Program, q *filter.Query, opt run.Options, prune bool, candidates *int) (run.Source, error) {
	if !prune {
		return ix.Games(nil), nil
	}
	only := run.MatchesOnly(q, opt)
	cand, decided, err := ix.Analyse(prog, q.Variations(), only)
	if err != nil {
		return nil, err
	}
	if cand != nil {
		*candidates = int(cand.GetCardinality())
	}
	if only && q.PositionLocal() && !q.Variations() {
		return ix.GamesCounted(cand, decided, q), nil
	}
	if run.FENsOnly(q, opt) && q.PositionLocal() && !q.Variations() {
		return ix.GamesFEN(cand, q), nil // decided is nil: only is false
	}
	if run.UnmatchedSilent(q, opt) && q.PositionLocal() && !q.Variations() {
		return ix.GamesPrefiltered(cand, q), nil
	}
	if decided == nil {
		return ix.Games(cand), nil
	}
	return ix.GamesDecided(cand, decided), nil
}
