package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/run"
	"github.com/cqlgo/cql/shard"
)

// The job: shards -> (counts of games before each shard) -> each shard evaluated with the
// run library -> one ordered writer. Elements are whole shards, never games: an element
// costs the engine about 5 µs, a game about 7 µs of our own work.

// shardSpec is one shard of one input file (see package shard), with the file's position
// among the inputs.
type shardSpec struct {
	FileIndex        int
	File             string
	Index, Count     int
	Kind             int
	Start, End, Size int64
}

func (s shardSpec) shard() shard.Shard {
	return shard.Shard{File: s.File, Index: s.Index, Count: s.Count, Kind: shard.Kind(s.Kind), Start: s.Start, End: s.End, Size: s.Size}
}

// shardCount is what a shard holds, for numbering the games of the shards after it.
type shardCount struct {
	FileIndex, Index int
	Counts           pgn.Counts
}

// shardResult is one shard's output: in game order, or the matches with their sort
// values when the query sorts.
type shardResult struct {
	FileIndex, Index int
	Out              []byte
	Log              []byte // problems in games and message texts, as cql writes them to standard error
	Matches          []run.Match
	Stats            run.Stats
}

// The counters, reported as Beam metrics and printed like cql's summary.
var (
	gamesRead        = beam.NewCounter("cql", "games_read")
	gamesMatched     = beam.NewCounter("cql", "games_matched")
	positionsMatched = beam.NewCounter("cql", "positions_matched")
	gamesWithErrors  = beam.NewCounter("cql", "games_with_errors")
)

func init() {
	beam.RegisterType(reflect.TypeOf(shardSpec{}))
	beam.RegisterType(reflect.TypeOf(shardCount{}))
	beam.RegisterType(reflect.TypeOf(shardResult{}))
	register.DoFn3x1[context.Context, shardSpec, func(shardCount), error](&countFn{})
	register.DoFn4x1[context.Context, shardSpec, func(*shardCount) bool, func(shardResult), error](&evalFn{})
	register.DoFn3x1[context.Context, int, func(*shardResult) bool, error](&writeFn{})
	register.DoFn3x1[context.Context, int, func(*shardSpec) bool, error](&serialFn{})
	register.Emitter1[shardCount]()
	register.Emitter1[shardResult]()
	register.Iter1[shardCount]()
	register.Iter1[shardResult]()
	register.Iter1[shardSpec]()
}

// countFn counts the games, lines and bytes of each shard that has shards after it.
type countFn struct{}

func (f *countFn) ProcessElement(ctx context.Context, s shardSpec, emit func(shardCount)) error {
	if s.Index == s.Count-1 {
		return nil // nothing after it to number
	}
	r, err := s.shard().Open()
	if err != nil {
		return err
	}
	defer r.Close()
	c, err := pgn.Count(ctx, r, s.File, pgn.Options{})
	if err != nil {
		return fmt.Errorf("%s: %w", s.File, err)
	}
	emit(shardCount{FileIndex: s.FileIndex, Index: s.Index, Counts: c})
	return nil
}

// runOptions are the cql flags that shape a run's output.
type runOptions struct {
	Format   string
	Count    bool
	Threads  int
	NoHeader bool
	Quiet    bool // as cql --quiet: warnings counted, not written
}

// evalFn evaluates the query on one shard with the run library. The query is compiled
// once per DoFn instance (Setup), not per shard.
type evalFn struct {
	Query querySpec
	Run   runOptions
	q     *filter.Query
}

func (f *evalFn) Setup() error {
	q, _, err := f.Query.compile()
	f.q = q
	return err
}

func (f *evalFn) ProcessElement(ctx context.Context, s shardSpec, counts func(*shardCount) bool, emit func(shardResult)) error {
	var before pgn.Counts
	var c shardCount
	for counts(&c) {
		if c.FileIndex == s.FileIndex && c.Index < s.Index {
			before.Games += c.Counts.Games
			before.Lines += c.Counts.Lines
			before.Bytes += c.Counts.Bytes
		}
	}
	res := shardResult{FileIndex: s.FileIndex, Index: s.Index}
	var out, log bytes.Buffer
	opt := f.Run.options(&log)
	opt.Matches = func(m run.Match) { res.Matches = append(res.Matches, m) }
	if !sorts(f.q) {
		opt.Matches = nil
	}
	st, err := run.Run(ctx, f.q, shardSource{s: s, before: before}, &out, opt)
	if err != nil {
		return err
	}
	res.Out, res.Log, res.Stats = out.Bytes(), log.Bytes(), st
	if f.Run.Count {
		res.Out = nil // the writer prints the total
	}
	gamesRead.Inc(ctx, int64(st.GamesRead))
	gamesMatched.Inc(ctx, int64(st.GamesMatched))
	positionsMatched.Inc(ctx, int64(st.PositionsMatched))
	gamesWithErrors.Inc(ctx, int64(st.GamesWithErrors))
	emit(res)
	return nil
}

func (o runOptions) options(log io.Writer) run.Options {
	return run.Options{Format: o.Format, Count: o.Count, Threads: o.Threads, Errors: log, NoHeader: o.NoHeader, HideWarnings: o.Quiet}
}

func sorts(q *filter.Query) bool { return len(q.Sorts()) > 0 || q.Header().SortMatchCount }

// shardSource reads one shard's games, numbered as in the whole file.
type shardSource struct {
	s      shardSpec
	before pgn.Counts
}

func (src shardSource) Games(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) run.Result, emit func(run.Result) error) error {
	r, err := src.s.shard().Open()
	if err != nil {
		return err
	}
	defer r.Close()
	opt.GamesBefore, opt.LinesBefore, opt.OffsetBefore = src.before.Games, src.before.Lines, src.before.Bytes
	return pgn.ScanParallel(ctx, r, src.s.File, opt, work, emit)
}

// staged names the files the writer leaves for the launcher.
type staged struct {
	Out, Log, Persistent, Summary string
}

// writeFn gathers every shard's result and writes the output in input order (or sorted as
// cql sorts), to staged files: a temporary file renamed to its staged name, so that a
// retried writer replaces rather than adds.
type writeFn struct {
	Query querySpec
	Run   runOptions
	Files staged
	q     *filter.Query
}

func (f *writeFn) Setup() error {
	q, _, err := f.Query.compile()
	f.q = q
	return err
}

func (f *writeFn) ProcessElement(ctx context.Context, _ int, results func(*shardResult) bool) error {
	var all []shardResult
	var r shardResult
	for results(&r) {
		all = append(all, r)
		r = shardResult{}
	}
	slices.SortFunc(all, func(a, b shardResult) int {
		if a.FileIndex != b.FileIndex {
			return a.FileIndex - b.FileIndex
		}
		return a.Index - b.Index
	})
	var total run.Stats
	var log bytes.Buffer
	for _, r := range all {
		log.Write(r.Log)
		addStats(&total, r.Stats)
	}
	err := writeStaged(f.Files.Out, func(w io.Writer) error {
		switch {
		case f.Run.Count:
			_, err := fmt.Fprintln(w, total.GamesMatched)
			return err
		case sorts(f.q):
			var ms []run.Match
			for _, r := range all {
				ms = append(ms, r.Matches...)
			}
			run.SortMatches(f.q, ms)
			for _, m := range ms {
				if _, err := w.Write(m.Out); err != nil {
					return err
				}
			}
		default:
			for _, r := range all {
				if _, err := w.Write(r.Out); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := writeStaged(f.Files.Log, func(w io.Writer) error { _, err := w.Write(log.Bytes()); return err }); err != nil {
		return err
	}
	return writeSummary(f.Files.Summary, total)
}

func addStats(t *run.Stats, s run.Stats) {
	t.GamesRead += s.GamesRead
	t.GamesMatched += s.GamesMatched
	t.PositionsMatched += s.PositionsMatched
	t.GamesWithErrors += s.GamesWithErrors
	t.Warnings += s.Warnings
}

// serialFn runs a query with persistent state, which needs every game in order, over all
// shards in one final ordered stage: one worker, the whole input, exactly as cql runs it.
type serialFn struct {
	Query querySpec
	Run   runOptions
	Files staged
	q     *filter.Query
}

func (f *serialFn) Setup() error {
	q, _, err := f.Query.compile()
	f.q = q
	return err
}

func (f *serialFn) ProcessElement(ctx context.Context, _ int, shards func(*shardSpec) bool) error {
	var all []shardSpec
	var s shardSpec
	for shards(&s) {
		all = append(all, s)
	}
	slices.SortFunc(all, func(a, b shardSpec) int {
		if a.FileIndex != b.FileIndex {
			return a.FileIndex - b.FileIndex
		}
		return a.Index - b.Index
	})
	var log, persistent bytes.Buffer
	opt := f.Run.options(&log)
	opt.Persistent = &persistent
	var st run.Stats
	err := writeStaged(f.Files.Out, func(w io.Writer) error {
		var err error
		st, err = run.Run(ctx, f.q, orderedShards(all), w, opt)
		return err
	})
	if err != nil {
		return err
	}
	gamesRead.Inc(ctx, int64(st.GamesRead))
	gamesMatched.Inc(ctx, int64(st.GamesMatched))
	positionsMatched.Inc(ctx, int64(st.PositionsMatched))
	gamesWithErrors.Inc(ctx, int64(st.GamesWithErrors))
	if err := writeStaged(f.Files.Log, func(w io.Writer) error { _, err := w.Write(log.Bytes()); return err }); err != nil {
		return err
	}
	if err := writeStaged(f.Files.Persistent, func(w io.Writer) error { _, err := w.Write(persistent.Bytes()); return err }); err != nil {
		return err
	}
	return writeSummary(f.Files.Summary, st)
}

// orderedShards reads whole files' shards one after the other (serial queries plan one
// shard per file).
type orderedShards []shardSpec

func (o orderedShards) Games(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) run.Result, emit func(run.Result) error) error {
	for _, s := range o {
		if err := (shardSource{s: s}).Games(ctx, opt, work, emit); err != nil {
			return err
		}
	}
	return nil
}

// writeStaged writes a file through a temporary name in the same directory and renames it
// into place: a retried stage replaces the file whole.
func writeStaged(path string, write func(io.Writer) error) error {
	if path == "" {
		return nil
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

func writeSummary(path string, st run.Stats) error {
	return writeStaged(path, func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "%d %d %d %d %d\n", st.GamesRead, st.GamesMatched, st.PositionsMatched, st.GamesWithErrors, st.Warnings)
		return err
	})
}

// buildPipeline makes the job for the planned shards.
func buildPipeline(shards []shardSpec, qs querySpec, ro runOptions, files staged, serial bool) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	col := beam.CreateList(s, shards)
	if serial {
		beam.ParDo0(s, &serialFn{Query: qs, Run: ro, Files: files}, beam.GroupByKey(s, beam.AddFixedKey(s, col)))
		return p
	}
	col = beam.Reshuffle(s, col)
	counts := beam.ParDo(s, &countFn{}, col)
	results := beam.ParDo(s, &evalFn{Query: qs, Run: ro}, col, beam.SideInput{Input: counts})
	beam.ParDo0(s, &writeFn{Query: qs, Run: ro, Files: files}, beam.GroupByKey(s, beam.AddFixedKey(s, results)))
	return p
}
