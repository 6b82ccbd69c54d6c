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

// The job: shards -> each shard's own split (where its games start) -> per file, the exact
// pieces (package shard: Resolve re-reads in order where a shard's parse was out of step)
// -> each piece evaluated with the run library -> one ordered writer. Elements are whole
// shards and pieces, never games: an element costs the engine about 5 µs, a game about 7 µs
// of our own work.

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

// shardSplit is a shard with what its own parse found (nothing for a file's only shard).
type shardSplit struct {
	Shard shardSpec
	Split shard.Split
}

// pieceSpec is one exact piece of one input file (shard.Piece), with the file's position
// among the inputs.
type pieceSpec struct {
	FileIndex                int
	File                     string
	Seq                      int
	Kind                     int
	Size, From, To           int64
	FrameStart, Base         int64
	GamesBefore, LinesBefore int
}

func (p pieceSpec) piece() shard.Piece {
	return shard.Piece{File: p.File, Seq: p.Seq, Kind: shard.Kind(p.Kind), Size: p.Size, From: p.From, To: p.To,
		FrameStart: p.FrameStart, Base: p.Base, GamesBefore: p.GamesBefore, LinesBefore: p.LinesBefore}
}

// shardResult is one piece's output: in game order, or the matches with their sort
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
	fallbackPieces   = beam.NewCounter("cql", "fallback_pieces")
)

func init() {
	beam.RegisterType(reflect.TypeOf(shardSpec{}))
	beam.RegisterType(reflect.TypeOf(shardSplit{}))
	beam.RegisterType(reflect.TypeOf(pieceSpec{}))
	beam.RegisterType(reflect.TypeOf(shardResult{}))
	register.DoFn3x1[context.Context, shardSpec, func(int, shardSplit), error](&splitFn{})
	register.DoFn4x1[context.Context, int, func(*shardSplit) bool, func(pieceSpec), error](&resolveFn{})
	register.DoFn3x1[context.Context, pieceSpec, func(shardResult), error](&evalFn{})
	register.DoFn3x1[context.Context, int, func(*shardResult) bool, error](&writeFn{})
	register.DoFn3x1[context.Context, int, func(*shardSpec) bool, error](&serialFn{})
	register.Emitter2[int, shardSplit]()
	register.Emitter1[pieceSpec]()
	register.Emitter1[shardResult]()
	register.Iter1[shardSplit]()
	register.Iter1[shardResult]()
	register.Iter1[shardSpec]()
}

// splitFn finds where the games of each shard of a file of several shards start, keyed by
// the file.
type splitFn struct{}

func (f *splitFn) ProcessElement(ctx context.Context, s shardSpec, emit func(int, shardSplit)) error {
	out := shardSplit{Shard: s}
	if s.Count > 1 {
		sp, err := s.shard().Split(ctx)
		if err != nil {
			return err
		}
		out.Split = sp
	}
	emit(s.FileIndex, out)
	return nil
}

// resolveFn turns one file's shards and splits into its exact pieces (shard.Resolve).
type resolveFn struct{}

func (f *resolveFn) ProcessElement(ctx context.Context, file int, splits func(*shardSplit) bool, emit func(pieceSpec)) error {
	var all []shardSplit
	var s shardSplit
	for splits(&s) {
		all = append(all, s)
		s = shardSplit{}
	}
	slices.SortFunc(all, func(a, b shardSplit) int { return a.Shard.Index - b.Shard.Index })
	shards := make([]shard.Shard, len(all))
	sps := make([]shard.Split, len(all))
	for i, s := range all {
		shards[i], sps[i] = s.Shard.shard(), s.Split
	}
	pieces, err := shard.Resolve(ctx, shards, sps)
	if err != nil {
		return err
	}
	for _, p := range pieces {
		if p.Fallback {
			fallbackPieces.Inc(ctx, 1)
		}
		emit(pieceSpec{FileIndex: file, File: p.File, Seq: p.Seq, Kind: int(p.Kind), Size: p.Size, From: p.From, To: p.To,
			FrameStart: p.FrameStart, Base: p.Base, GamesBefore: p.GamesBefore, LinesBefore: p.LinesBefore})
	}
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

func (f *evalFn) ProcessElement(ctx context.Context, p pieceSpec, emit func(shardResult)) error {
	res := shardResult{FileIndex: p.FileIndex, Index: p.Seq}
	var out, log bytes.Buffer
	opt := f.Run.options(&log)
	opt.Matches = func(m run.Match) { res.Matches = append(res.Matches, m) }
	if !sorts(f.q) {
		opt.Matches = nil
	}
	st, err := run.Run(ctx, f.q, pieceSource{p.piece()}, &out, opt)
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

// pieceSource reads one exact piece's games, numbered as in the whole file.
type pieceSource struct{ p shard.Piece }

func (src pieceSource) Games(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) run.Result, emit func(run.Result) error) error {
	r, err := src.p.Open()
	if err != nil {
		return err
	}
	defer r.Close()
	return pgn.ScanParallel(ctx, r, src.p.File, src.p.Options(opt), work, emit)
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
		p := shard.Piece{File: s.File, Kind: shard.Kind(s.Kind), Size: s.Size, To: -1}
		if err := (pieceSource{p}).Games(ctx, opt, work, emit); err != nil {
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
	splits := beam.ParDo(s, &splitFn{}, col)
	pieces := beam.ParDo(s, &resolveFn{}, beam.GroupByKey(s, splits))
	pieces = beam.Reshuffle(s, pieces)
	results := beam.ParDo(s, &evalFn{Query: qs, Run: ro}, pieces)
	beam.ParDo0(s, &writeFn{Query: qs, Run: ro, Files: files}, beam.GroupByKey(s, beam.AddFixedKey(s, results)))
	return p
}
