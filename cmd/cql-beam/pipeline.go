package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
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
	Path             string // the piece's output file; "" for --count
	Log              []byte // problems in games and message texts, as cql writes them to standard error
	Messages         []byte // message texts, with runOptions.MessagesOut
	// Matches are the sort values of the matching games of a query that sorts, and Offs
	// where each one's output starts in the file (it ends where the next starts).
	Matches []run.Match
	Offs    []int64
	Stats   run.Stats
	Totals  []int  // an additive query's tallies over the piece
	Tally   []byte // --stats: the piece's run.Tally as JSON
	// Fatal is the query's runtime failure in this piece (filter.RuntimeError: assert, a
	// number where a filter is matched, ...), which stops cql: the piece's output is
	// dropped, its Log and Messages end at the failing game.
	Fatal string
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
	Format      string
	Count       bool
	Threads     int
	NoHeader    bool
	Quiet       bool // as cql --quiet: warnings counted, not written
	NoSort      bool
	Tags        []string
	Limit       int      // serial stage only
	Dedupe      string   // serial stage only
	Stats       bool     // tally the matching games (cql --stats)
	StatsFormat string   // "text" or "json"
	MessagesOut bool     // message texts go to standard output, as cql's go with -o or --count
	Inputs      []string // the input files, which writefile must not write to (run.Options.Inputs)
	HTMLQuery   string   // what the html page says it shows, as cql's (run.Options.HTMLQuery)
	HTMLInputs  []string
}

// evalFn evaluates the query on one shard with the run library. The query is compiled
// once per DoFn instance (Setup), not per shard.
type evalFn struct {
	Query querySpec
	Run   runOptions
	Files staged
	q     *filter.Query
}

func (f *evalFn) Setup() error {
	q, _, err := f.Query.compile()
	f.q = q
	return err
}

func (f *evalFn) ProcessElement(ctx context.Context, p pieceSpec, emit func(shardResult)) error {
	res := shardResult{FileIndex: p.FileIndex, Index: p.Seq}
	var log, msgs bytes.Buffer
	opt := f.Run.options(&log, &msgs)
	if f.q.Additive() {
		// Tallies of persistent variables: each piece's sums, added up by the writer.
		opt.Totals, opt.Persistent = &res.Totals, io.Discard
	}
	if f.Run.Stats {
		opt.Tally = run.NewTally()
	}
	run1 := func(w io.Writer) error {
		var err error
		res.Stats, err = run.Run(ctx, f.q, pieceSource{p.piece()}, w, opt)
		return err
	}
	var err error
	if f.Run.Count {
		err = run1(io.Discard) // the writer prints the total
	} else {
		res.Path = f.Files.piece(p.FileIndex, p.Seq)
		// The output goes to a file of its own beside the job's output, written whole and
		// renamed into place (a retried worker replaces it); the writer only concatenates.
		err = writeStaged(res.Path, func(w io.Writer) error {
			bw := bufio.NewWriterSize(w, 256<<10)
			var off int64
			if f.Run.merged(f.q) {
				opt.Matches = func(m run.Match) {
					res.Offs = append(res.Offs, off)
					n, _ := bw.Write(m.Out) // an error is kept by bw and returned by Flush
					off += int64(n)
					m.Out = nil
					res.Matches = append(res.Matches, m)
				}
			}
			if err := run1(bw); err != nil {
				return err
			}
			return bw.Flush()
		})
	}
	if fatal(err) {
		// Not a failure of the worker (a retry fails the same way): the writer reports the
		// first one in input order, as cql reports the first in game order.
		res.Fatal, res.Path, res.Matches, res.Offs, err = err.Error(), "", nil, nil, nil
	}
	if err != nil {
		return err
	}
	res.Log, res.Messages = log.Bytes(), msgs.Bytes()
	if opt.Tally != nil {
		if res.Tally, err = json.Marshal(opt.Tally); err != nil {
			return err
		}
	}
	st := res.Stats
	gamesRead.Inc(ctx, int64(st.GamesRead))
	gamesMatched.Inc(ctx, int64(st.GamesMatched))
	positionsMatched.Inc(ctx, int64(st.PositionsMatched))
	gamesWithErrors.Inc(ctx, int64(st.GamesWithErrors))
	emit(res)
	return nil
}

func (o runOptions) options(log, msgs io.Writer) run.Options {
	opt := run.Options{Format: o.Format, Count: o.Count, Threads: o.Threads, Errors: log, NoHeader: o.NoHeader, HideWarnings: o.Quiet,
		NoSort: o.NoSort, Tags: o.Tags, Limit: o.Limit, Dedupe: o.Dedupe}
	if o.MessagesOut {
		opt.Messages = msgs
	}
	opt.HTMLQuery, opt.HTMLInputs = o.HTMLQuery, o.HTMLInputs
	for _, in := range o.Inputs {
		if st, err := os.Stat(in); err == nil {
			opt.Inputs = append(opt.Inputs, st)
		}
	}
	return opt
}

// sorted says whether the output is sorted (the writer merges the pieces' sort values).
func (o runOptions) sorted(q *filter.Query) bool {
	return (len(q.Sorts()) > 0 || q.Header().SortMatchCount) && !o.NoSort
}

// merged says whether the writer writes the games' outputs one by one (sorted, or with the
// csv header or html pages around them) rather than concatenating the pieces' outputs.
func (o runOptions) merged(q *filter.Query) bool {
	return o.sorted(q) || o.Format == "csv" || o.Format == "html"
}

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
	Out, Log, Messages, Persistent, Summary, Tally string
	Fatal                                          string // the query's runtime failure, if it failed
	Pieces                                         string // the pieces' output files are named from this prefix
}

// piece names the output file of one piece.
func (s staged) piece(file, seq int) string {
	return fmt.Sprintf("%s.%d.%d.piece", s.Pieces, file, seq)
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
	var log, msgs bytes.Buffer
	for i, r := range all {
		log.Write(r.Log)
		msgs.Write(r.Messages)
		addStats(&total, r.Stats)
		if r.Fatal != "" {
			// cql stops at the query's first runtime failure: what came before it in
			// input order is reported, no output is written.
			for _, r := range all {
				if r.Path != "" {
					os.Remove(r.Path)
				}
			}
			return writeFatal(f.Files, log.Bytes(), msgs.Bytes(), all[i].Fatal)
		}
	}
	err := writeStaged(f.Files.Out, func(w io.Writer) error {
		switch {
		case f.Run.Count:
			_, err := fmt.Fprintln(w, total.GamesMatched)
			return err
		case f.Run.merged(f.q):
			return writeMerged(f.q, f.Run, w, all, total.PositionsMatched)
		}
		// Each piece's output is already in its file: concatenate them in order (io.Copy
		// between files lets the kernel copy).
		for _, r := range all {
			if err := appendFile(w, r.Path); err != nil {
				return err
			}
		}
		return nil
	})
	for _, r := range all {
		if r.Path != "" {
			os.Remove(r.Path)
		}
	}
	if err != nil {
		return err
	}
	if err := writeStaged(f.Files.Log, func(w io.Writer) error { _, err := w.Write(log.Bytes()); return err }); err != nil {
		return err
	}
	if err := writeStaged(f.Files.Messages, func(w io.Writer) error { _, err := w.Write(msgs.Bytes()); return err }); err != nil {
		return err
	}
	if f.q.Additive() {
		var sums []int
		for _, r := range all {
			sums = append(sums, make([]int, max(0, len(r.Totals)-len(sums)))...)
			for i, v := range r.Totals {
				sums[i] += v
			}
		}
		if err := writeLines(f.Files.Persistent, f.q.FormatPersistent(sums)); err != nil {
			return err
		}
	}
	if f.Run.Stats {
		t := run.NewTally()
		for _, r := range all {
			var pt run.Tally
			if err := json.Unmarshal(r.Tally, &pt); err != nil {
				return fmt.Errorf("a piece's --stats: %w", err)
			}
			addTally(t, &pt)
		}
		if err := writeTally(f.Files.Tally, t, f.Run.StatsFormat); err != nil {
			return err
		}
	}
	return writeSummary(f.Files.Summary, total)
}

// addTally adds what o counted to t.
func addTally(t, o *run.Tally) {
	t.Games += o.Games
	for _, m := range [][2]map[string]int{{t.Years, o.Years}, {t.ECO, o.ECO}, {t.Results, o.Results}, {t.Players, o.Players}} {
		for k, v := range m[1] {
			m[0][k] += v
		}
	}
}

func writeTally(path string, t *run.Tally, format string) error {
	return writeStaged(path, func(w io.Writer) error {
		if format == "json" {
			return t.WriteJSON(w)
		}
		return t.WriteText(w)
	})
}

func writeLines(path string, lines []string) error {
	return writeStaged(path, func(w io.Writer) error {
		for _, l := range lines {
			if _, err := fmt.Fprintln(w, l); err != nil {
				return err
			}
		}
		return nil
	})
}

func appendFile(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("a piece's output: %w", err)
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}

// writeMerged writes the games' outputs one by one from the pieces' files: sorted as cql
// sorts them (ties in input order) when the query sorts, and with the csv header or the
// html pages around them.
func writeMerged(q *filter.Query, o runOptions, w io.Writer, all []shardResult, positions int) error {
	type ref struct{ piece, i int }
	var ms []run.Match
	var refs []ref
	for p, r := range all {
		for i, m := range r.Matches {
			m.Out = binary.AppendUvarint(nil, uint64(len(refs))) // which ref, carried through the sort
			ms = append(ms, m)
			refs = append(refs, ref{p, i})
		}
	}
	if o.sorted(q) {
		run.SortMatches(q, ms)
	}
	data := make([][]byte, len(all))
	for p, r := range all {
		if len(r.Matches) == 0 {
			continue
		}
		b, err := os.ReadFile(r.Path)
		if err != nil {
			return fmt.Errorf("a piece's output: %w", err)
		}
		data[p] = b
	}
	pages := run.NewPages(o.options(nil, nil))
	bw := bufio.NewWriterSize(w, 256<<10)
	var buf []byte
	bw.Write(pages.Head(buf[:0]))
	for _, m := range ms {
		k, _ := binary.Uvarint(m.Out)
		rf := refs[k]
		r := all[rf.piece]
		end := int64(len(data[rf.piece]))
		if rf.i+1 < len(r.Offs) {
			end = r.Offs[rf.i+1]
		}
		buf = pages.Game(buf[:0], m.Positions, data[rf.piece][r.Offs[rf.i]:end])
		bw.Write(buf)
	}
	bw.Write(pages.End(buf[:0], positions))
	return bw.Flush()
}

func addStats(t *run.Stats, s run.Stats) {
	t.GamesRead += s.GamesRead
	t.GamesMatched += s.GamesMatched
	t.PositionsMatched += s.PositionsMatched
	t.GamesWithErrors += s.GamesWithErrors
	t.Warnings += s.Warnings
	t.Duplicates += s.Duplicates
	t.LimitReached = t.LimitReached || s.LimitReached
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
	var log, msgs, persistent bytes.Buffer
	opt := f.Run.options(&log, &msgs)
	opt.Persistent = &persistent
	if f.Run.Stats {
		opt.Tally = run.NewTally()
	}
	var st run.Stats
	err := writeStaged(f.Files.Out, func(w io.Writer) error {
		var err error
		st, err = run.Run(ctx, f.q, orderedShards(all), w, opt)
		return err
	})
	if fatal(err) {
		return writeFatal(f.Files, log.Bytes(), msgs.Bytes(), err.Error())
	}
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
	if err := writeStaged(f.Files.Messages, func(w io.Writer) error { _, err := w.Write(msgs.Bytes()); return err }); err != nil {
		return err
	}
	if err := writeStaged(f.Files.Persistent, func(w io.Writer) error { _, err := w.Write(persistent.Bytes()); return err }); err != nil {
		return err
	}
	if opt.Tally != nil {
		if err := writeTally(f.Files.Tally, opt.Tally, f.Run.StatsFormat); err != nil {
			return err
		}
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

// fatal reports whether err is the query's runtime failure, which stops the run (cql prints
// it and writes no output), rather than a failure to read or write.
func fatal(err error) bool {
	var re *filter.RuntimeError
	return errors.As(err, &re)
}

// writeFatal leaves the problems and messages up to a runtime failure, and the failure,
// for the launcher; no output or summary is written.
func writeFatal(files staged, log, msgs []byte, msg string) error {
	if err := writeStaged(files.Log, func(w io.Writer) error { _, err := w.Write(log); return err }); err != nil {
		return err
	}
	if err := writeStaged(files.Messages, func(w io.Writer) error { _, err := w.Write(msgs); return err }); err != nil {
		return err
	}
	return writeStaged(files.Fatal, func(w io.Writer) error { _, err := io.WriteString(w, msg); return err })
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
		_, err := fmt.Fprintf(w, "%d %d %d %d %d %d %t\n", st.GamesRead, st.GamesMatched, st.PositionsMatched, st.GamesWithErrors, st.Warnings, st.Duplicates, st.LimitReached)
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
	results := beam.ParDo(s, &evalFn{Query: qs, Run: ro, Files: files}, pieces)
	beam.ParDo0(s, &writeFn{Query: qs, Run: ro, Files: files}, beam.GroupByKey(s, beam.AddFixedKey(s, results)))
	return p
}
