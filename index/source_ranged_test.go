package index

import (
	"bytes"
	"context"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/run"
)

// A query whose pruning reads the tag column is read range by range (ranges of 300 games
// and more, so most do not start at a multiple of a chunk, and the first file's last
// chunk is cut short): its output, problems and counts are the scan's,
// and its number of candidates the whole analysis'; with --limit it analyses only the
// ranges it reads.
func TestRangedSourceEqualsScan(t *testing.T) {
	files := []string{"../testdata/query/games.pgn", testdata.File(t, "masters-10k.pgn")}
	ix := buildIndex(t, files...)
	ix.rangeGames = 300
	queries := []string{`ply > 150`, `year < 1960 and mate`, `elo black > 2600 and Ka8`, `result 0-1 and stalemate`,
		`not player black "Kasparov"`}
	for _, qs := range queries {
		prog, q, ok := compileQuery(t, qs)
		if !ok {
			t.Fatalf("%q does not compile", qs)
		}
		cand, err := ix.Candidates(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{"pgn", "fen"} {
			for _, limit := range []int{0, 3} {
				opt := run.Options{Format: format, Threads: 2, Limit: limit}
				src, cands, err := QuerySourceCandidates(ix, prog, q, opt, true)
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := src.(*rangedSource); !ok {
					t.Fatalf("%q --format %s: a %T, not a ranged source", qs, format, src)
				}
				var out, errs, sout, serrs bytes.Buffer
				opt.Errors = &errs
				st, err := run.Run(context.Background(), q, src, &out, opt)
				if err != nil {
					t.Fatal(err)
				}
				opt.Errors = &serrs
				sst, err := run.Run(context.Background(), q, run.Files{Names: files}, &sout, opt)
				if err != nil {
					t.Fatal(err)
				}
				if out.String() != sout.String() || errs.String() != serrs.String() || st != sst {
					t.Errorf("%q --format %s --limit %d: the ranged source's answer differs from the scan's (scan %+v, index %+v)", qs, format, limit, sst, st)
					diffHint(t, sout.String(), out.String())
				}
				if limit == 0 {
					if cands.Of != ix.Meta.Games || cand != nil && cands.N != int(cand.GetCardinality()) || cand == nil && cands.N != -1 {
						t.Errorf("%q: %+v candidates, the whole analysis has %v of %d", qs, *cands, cand.GetCardinality(), ix.Meta.Games)
					}
				} else if st.LimitReached && (cands.Of >= ix.Meta.Games || cands.N > int(cand.GetCardinality())) {
					t.Errorf("%q --limit %d: %+v candidates analysed, of %d games", qs, limit, *cands, ix.Meta.Games)
				}
			}
		}
		t.Logf("%q: %d candidates", qs, cand.GetCardinality())
	}
}
