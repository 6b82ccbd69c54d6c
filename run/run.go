// Package run runs a compiled CQL query over a source of games and writes what matched.
//
// It is the query pipeline shared by the command line, the index and distributed
// runners: a Source hands games to parallel workers and their results back in game
// order; Run evaluates the query in the workers, formats each matching game (PGN with
// match comments, or the matching positions as FEN, EPD or JSON lines), and writes the
// output in game order, or sorted by the query's sort values. Output is the same for any
// number of workers.
package run

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/groupby"
	"github.com/cqlgo/cql/internal/plural"
	"github.com/cqlgo/cql/pgn"
)

// MaxThreads is the most worker threads a run may have. Each holds an evaluator
// and chunks of games read ahead; --threads 1000000000 ended in "fatal error:
// out of memory". It does not depend on the machine, so that a script that runs
// on one runs on every other.
const MaxThreads = 1024

// CheckThreads refuses a number of threads below 1 or above MaxThreads, with
// the message the commands give for --threads.
func CheckThreads(n int) error {
	if n < 1 {
		return fmt.Errorf("--threads must be at least 1, got %d", n)
	}
	if n > MaxThreads {
		return fmt.Errorf("--threads must be at most %d, got %d", MaxThreads, n)
	}
	return nil
}

// Options say how a query runs and what it writes.
type Options struct {
	// Format is the output: "pgn" (matching games), "fen", "epd", "jsonl", "csv" or "html"
	// (matching positions; see WantsMarks).
	Format string
	// Count writes only the number of matching games.
	Count bool
	// Threads is the number of workers; 0 or less means 1, more than MaxThreads is refused.
	Threads int
	// Errors receives problems in games ("cql: " and the problem), one a line; nil
	// discards them.
	Errors io.Writer
	// Messages receives the texts of message filters, one a line, in game order, each
	// prefixed as MessageLine does; nil means Errors. (CQL writes them on standard output;
	// a command writing games there sends them to standard error instead.)
	Messages io.Writer
	// OnGame, if set, is called once per game read, in game order (e.g. for a progress bar).
	OnGame func()
	// OnGameEnd, if set, is called with where each game read ends in its (decompressed)
	// file, in game order: a progress bar counts the input consumed, not read ahead.
	OnGameEnd func(end int64)
	// Persistent receives the values of the query's persistent variables after the last
	// game, `name: value` a line, as CQL prints them; nil means Errors.
	Persistent io.Writer
	// ShowDictionaries prints the persistent dictionaries after the persistent variables
	// (CQLi's --showdictionaries), as str writes them.
	ShowDictionaries bool
	// OnMatch, if set, is called with each matching game's number and file, in game order,
	// and the number of its matching positions: 0 for a game the source decided without
	// evaluating the query (see Decided), which has at least one.
	OnMatch func(game int, file string, positions int)
	// NoHeader leaves out the {cql: game N of FILE} comment of PGN output.
	NoHeader bool
	// HideWarnings counts problems in games (Stats.Warnings) without writing them.
	HideWarnings bool
	// Verbose also writes the games' warnings (pgn.Game.Warnings: a set-up position whose
	// side not to move is in check, which is read and evaluated as CQL does).
	Verbose bool
	// Limit > 0 stops reading after this many matching games.
	Limit int
	// NoSort writes matching games in game order even when the query sorts.
	NoSort bool
	// SortMemory is how many bytes of a sorting run's output are kept in memory
	// (0: DefaultSortMemory); the rest waits in a temporary file (os.TempDir).
	SortMemory int
	// Tags chooses the tags of jsonl and csv records (nil: every tag; see Record).
	Tags []string
	// Tally, if set, counts the matching games by year, ECO, result and player.
	Tally *Tally
	// Groups, if set, counts every game read (but duplicates skipped by Dedupe "skip") in
	// its groups, with its matching positions: --group-by. The table has the one query.
	Groups *groupby.Table
	// Dedupe "report" names each game whose players, date and main-line moves repeat an
	// earlier game's (on Errors); "skip" also leaves it out of the run.
	Dedupe string
	// Matches, if set, receives each matching game's output and sort values in game order,
	// and nothing is written (sorted or not, no csv header or html page either): for a
	// runner that merges the results of several runs, sorts them with SortMatches and writes
	// them with Pages.
	Matches func(Match)
	// Totals, if set, receives the sums of an additive query's persistent variables
	// (Query.Additive) at the end, in the order Query.FormatPersistent takes them: the sums
	// of runs over parts of the input add up to the run over all of it.
	Totals *[]int
	// Inputs are the input files (os.Stat's; standard input's File.Stat): writefile
	// refuses to write to them (filter.Evaluator.RefuseWritesTo).
	Inputs []os.FileInfo
	// CSVRaw writes csv values that start with = + - @ as they are (Record.CSVRaw); by
	// default they get a leading ', so that spreadsheets do not run them as formulas.
	CSVRaw bool
	// AppendPosition, if set, writes the matched positions of the jsonl format instead of
	// its JSON lines: node i of g with the squares and comments of rec, appended to the
	// game's output (dst is empty at the game's first position). For a caller that keeps
	// its own records of the positions (cql serve), with Matches.
	AppendPosition func(dst []byte, g *pgn.Game, i int32, rec *Record) []byte
	// HTMLQuery and HTMLInputs are what the html page says it shows: the query's text
	// and the inputs' names.
	HTMLQuery  string
	HTMLInputs []string
	// Style is how PGN output's move text is written (nil: the default).
	Style *pgn.Style
	// SeparateComments writes each text a query adds at a position as a comment of its
	// own ({CQL} {text}), as CQLi does, instead of one merged comment, as CQL does.
	SeparateComments bool
	// IncludeTags, if set, keeps in PGN output only the tags whose names it matches;
	// ExcludeTags, if set, leaves out those it matches (CQLi's --includetagpattern and
	// --excludetagpattern). The Seven Tag Roster is always written ("?" for one left out).
	IncludeTags, ExcludeTags *regexp.Regexp
	// NestedComments reads balanced braces inside a PGN comment as part of it (CQLi's
	// --nestedcomments; pgn.Options.NestedComments).
	NestedComments bool
	// VariantAliases and SkipUnknownVariants: CQLi's --variantalias and
	// --skipunknownvariants (pgn.Options): a skipped game is read but not evaluated.
	VariantAliases      map[string]string
	SkipUnknownVariants bool
	// Split, if set, sends each matching game's PGN output to a file of its own: the one
	// Split.Name gives for the output game (its tags after the query's settag) instead of
	// to Run's writer, which gets nothing.
	Split Splitter
}

// Splitter chooses and writes the files of a run whose output is split into several.
type Splitter interface {
	// Name is the file of one output game; it is called in the workers, at once.
	Name(g *pgn.Game) string
	// Write writes a game's output to the file Name gave, in game order (sorted order
	// when the query sorts).
	Write(name string, p []byte) error
}

// keptTags returns the tags that IncludeTags and ExcludeTags keep (a new slice).
func (o *Options) keptTags(tags []pgn.Tag) []pgn.Tag {
	out := make([]pgn.Tag, 0, len(tags))
	for _, t := range tags {
		if o.IncludeTags != nil && !o.IncludeTags.MatchString(t.Name) || o.ExcludeTags != nil && o.ExcludeTags.MatchString(t.Name) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// Stats counts what a run saw.
type Stats struct {
	GamesRead, GamesMatched, PositionsMatched, GamesWithErrors int
	Warnings                                                   int  // problems found in games
	Duplicates                                                 int  // games repeating an earlier one (Options.Dedupe)
	LimitReached                                               bool // the run stopped at Options.Limit
	// Decided counts the matching games a source settled without evaluating the query
	// (see Decided): they are in GamesMatched, their positions not in PositionsMatched.
	Decided int
}

// Counts is the start of the one-line summary both commands print: "N games read, M
// matched (P positions), E with errors", each noun in the singular for 1.
func (st Stats) Counts() string {
	return fmt.Sprintf("%s read, %d matched (%s), %d with errors",
		plural.N(st.GamesRead, "game"), st.GamesMatched, plural.N(st.PositionsMatched, "position"), st.GamesWithErrors)
}

// SummaryNotes is what follows the counts in the one-line summary both commands print:
// warnings hidden by quiet, duplicate games (skipped with dedupe "skip"), a stop at limit.
func (st Stats) SummaryNotes(quiet bool, dedupe string, limit int) string {
	notes := ""
	if quiet && st.Warnings > 0 {
		notes += fmt.Sprintf(", %s not shown (--quiet)", plural.N(st.Warnings, "warning"))
	}
	if st.Duplicates > 0 {
		notes += fmt.Sprintf(", %s", plural.N(st.Duplicates, "duplicate game"))
		if dedupe == "skip" {
			notes += " skipped"
		}
	}
	if st.LimitReached {
		notes += fmt.Sprintf(", stopped at --limit %d", limit)
	}
	return notes
}

// Source hands games to the workers. Games calls work concurrently (worker is
// 0..opt.Workers-1) on each game and emit with the results in game order, one call at a
// time, the way pgn.ScanParallel does. A game is valid only during work. opt says which
// lines to read (Variations) and how many workers to use.
type Source interface {
	Games(ctx context.Context, opt pgn.Options, work func(worker int, g *pgn.Game) Result, emit func(Result) error) error
}

// Result is what a worker hands back for one game; a Source passes it through unchanged.
type Result struct {
	out       []byte
	errs      []error
	warns     []error   // the game's warnings, with Options.Verbose
	number    int       // the game's number in its file
	end       int64     // where the game ends in its file (Options.OnGameEnd)
	file      string    // and the file
	info      *gameInfo // for Options.Tally
	dup       uint64    // for Options.Dedupe
	messages  []string  // message filters' texts, for Options.Errors
	positions int
	matched   bool
	decided   bool     // matched, not evaluated (see Decided)
	keys      []int    // sort values
	skeys     []string // values of string sorts (filter.SortKey.String)
	hasKeys   []bool
	game      *pgn.Game // a serial query's game, evaluated in emit (see filter.Query.Serial)
	deltas    []int     // what the game added to an additive query's tallies (filter.Query.Additive)
	fatal     error     // a runtime failure of the query: the run stops
	nodes     []int32   // the matching positions, for a tag pass's position records (runner.keepNodes)
	parts     []Result  // a tag pass: each query's result for this game (tag.go)
	groupVals groupby.Values
	dest      string // Options.Split: the file the game goes to
}

// CheckFormat reports whether format is one Run writes.
func CheckFormat(format string) error {
	switch format {
	case "pgn", "fen", "epd", "jsonl", "csv", "html":
		return nil
	}
	return fmt.Errorf("unknown --format %q (want pgn, fen, epd, jsonl, csv or html)", format)
}

// WantsMarks reports whether the output of opt shows the squares the query marked (the
// jsonl and csv squares field, the html boards): the query should then be compiled with
// filter.Options.Marks, and only then, since marking costs a little per position.
func WantsMarks(opt Options) bool {
	if opt.Count {
		return false
	}
	switch opt.Format {
	case "jsonl", "csv", "html":
		return true
	}
	return false
}

// ReadOptions returns the pgn options a source must read games with for q and opt:
// PGN output writes whole games, variations included, even when the query looks at the
// main line only, and hhdb cooked reads the comments of variations.
func ReadOptions(q *filter.Query, opt Options) pgn.Options {
	return pgn.Options{Workers: max(opt.Threads, 1), Variations: q.Variations() || (opt.Format == "pgn" && !opt.Count) || q.ReadsAllComments(),
		NestedComments: opt.NestedComments, VariantAliases: opt.VariantAliases, SkipUnknownVariants: opt.SkipUnknownVariants}
}

// Run evaluates q over the games of src and writes the output to out. With Count, out
// gets the number of matching games. Output already produced is written (sorted output
// too) even when the source fails; the source's error is returned with the stats.
func Run(ctx context.Context, q *filter.Query, src Source, out io.Writer, opt Options) (Stats, error) {
	r, err := newRunner(q, src, opt)
	if err != nil {
		return Stats{}, err
	}
	defer r.spill.close()
	bw := r.start(out)
	err = src.Games(ctx, ReadOptions(q, r.opt), r.work, func(res Result) error { return r.emit(res, bw) })
	return r.stats, r.finish(bw, err)
}

// newRunner checks opt and makes the runner of q over src with one evaluator per worker.
func newRunner(q *filter.Query, src Source, opt Options) (*runner, error) {
	if err := CheckFormat(opt.Format); err != nil {
		return nil, err
	}
	if opt.Threads > MaxThreads {
		return nil, CheckThreads(opt.Threads)
	}
	if opt.Threads < 1 {
		opt.Threads = 1
	}
	if opt.Errors == nil {
		opt.Errors = io.Discard
	}
	if opt.Messages == nil {
		opt.Messages = opt.Errors
	}
	h := q.Header()
	r := &runner{q: q, opt: opt, silent: h.Silent, quiet: h.Quiet, sortMatchCount: h.SortMatchCount,
		evals: make([]*filter.Evaluator, opt.Threads), added: make([][]addedComment, opt.Threads),
		mergeScratch: make([][]addedComment, opt.Threads),
		fens:         make([]chess.FENWriter, opt.Threads)}
	for i := range r.evals {
		r.evals[i] = q.NewEvaluator()
		r.evals[i].RefuseWritesTo(opt.Inputs)
	}
	r.matchString = "CQL"
	if h.MatchString != nil {
		r.matchString = *h.MatchString
	}
	r.sorted = (len(q.Sorts()) > 0 || h.SortMatchCount) && !opt.NoSort
	r.serial = q.Serial()
	r.src = src
	r.additive = q.Additive()
	r.lastGame = LastGame(q, opt)
	r.spill.limit = opt.SortMemory
	return r, nil
}

// start returns the buffered writer of the run's output, with what comes before the first
// game (the csv header, the html page's head) written.
func (r *runner) start(out io.Writer) *bufio.Writer {
	bw := bufio.NewWriterSize(out, 256<<10)
	if r.opt.Format == "csv" && !r.opt.Count && r.opt.Matches == nil {
		bw.Write(CSVHeader(r.opt.Tags))
	}
	if r.opt.Format == "html" && !r.opt.Count && r.opt.Matches == nil {
		r.pager = &htmlPager{}
		bw.Write(appendHTMLHead(nil, r.opt))
	}
	return bw
}

// finish writes what follows the last game (persistent variables, sorted output, the html
// page's end, the count) and flushes bw; err is the source's error, returned unless a
// query failed or a write did.
func (r *runner) finish(bw *bufio.Writer, err error) error {
	q, opt := r.q, r.opt
	if r.fatal != nil {
		return r.fatal // nothing more is written: the output is not a result
	}
	if opt.Totals != nil {
		*opt.Totals = r.totals
	}
	if r.serial || r.additive {
		pw := opt.Persistent
		if pw == nil {
			pw = opt.Errors
		}
		lines := q.FormatPersistent(r.totals)
		if r.serial {
			lines = r.evals[0].PersistentValues()
			if opt.ShowDictionaries {
				lines = append(lines, r.evals[0].PersistentDictionaries()...)
			}
		}
		for _, line := range lines {
			fmt.Fprintln(pw, line)
		}
	}
	if r.sorted {
		if serr := r.writeSorted(bw); err == nil {
			err = serr
		}
	}
	if r.pager != nil {
		bw.Write(r.pager.end(nil, r.stats.PositionsMatched))
	}
	if opt.Count {
		fmt.Fprintln(bw, r.stats.GamesMatched)
	}
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}

// runner evaluates a query over a source and writes what matched.
type runner struct {
	q   *filter.Query
	opt Options
	// flushed is when the output was last flushed while games were written (see emit)
	flushed        time.Time
	silent, quiet  bool
	sortMatchCount bool
	// lastGame is the end of the query's gamenumber range (0: none): later games of a file
	// are not read (cql stops there, as CQL does) or, from a source that reads on (a shard
	// of a file), left out, so that every runner counts the same games.
	lastGame int
	evals    []*filter.Evaluator // one per worker
	added    [][]addedComment    // annotate's scratch, one per worker
	// mergeScratch: mergeAdded's, one per worker
	mergeScratch [][]addedComment
	fens         []chess.FENWriter // fen output's writers, one per worker
	matchString  string
	sorted       bool
	held         []heldGame // sorted output waits for every game
	spill        sortSpill  // and goes to a temporary file past Options.SortMemory
	stats        Stats
	seen         map[uint64]gameRef // Options.Dedupe: the first game of each key
	groupPos     [1]int             // Options.Groups: the game's matching positions, -1 unmatched
	pager        *htmlPager         // html output: the page sections
	pagerBuf     []byte
	// serial: the query keeps state from game to game, so workers only read games and
	// emit evaluates them in game order with evals[0] (output identical for any Threads).
	serial bool
	// additive: the query's persistent state is tallies only; games are evaluated in the
	// workers and emit sums what each added, in game order.
	additive bool
	totals   []int
	fatal    error // the first runtime failure; later games are not evaluated
	// failedAt is the first game of each file whose evaluation failed, as the
	// workers found them: later games of that file are not evaluated (a worker
	// has a chunk of many games; each may take long to fail, such as x += x in
	// a loop), earlier ones are, so that the failure reported is the first.
	anyFailed atomic.Bool
	failMu    sync.Mutex
	failedAt  map[string]int

	// A tag pass's settings of its runners (tag.go): keepNodes keeps the matching positions
	// (Result.nodes); cloneOut annotates a copy of the game for PGN output, since the next
	// query evaluates the game as read.
	keepNodes, cloneOut bool

	src       Source
	lastMu    sync.Mutex
	lastGames map[string]int // lastgamenumber of each input file, counted when first needed
}

// LastGame is the number of the last game of each file that a run of q with opt reads: the
// end of the query's gamenumber range (CQL stops reading there), 0 for every game (no range,
// or -dedupe, which compares every game with the earlier ones). A source that can stop
// reading there should (Files.LastGame); the run leaves out any later game it is given.
func LastGame(q *filter.Query, opt Options) int {
	if h := q.Header(); h.GameNumber != nil && opt.Dedupe == "" {
		return h.GameNumber.Max
	}
	return 0
}

// emit takes one game's result, in game order: problems and messages go to opt.Errors,
// the output is written or held for sorting.
func (r *runner) emit(res Result, w *bufio.Writer) error {
	if r.stats.LimitReached {
		return pgn.ErrStop // the rest of this source, and of the next ones
	}
	if r.fatal != nil {
		return r.fatal
	}
	if r.lastGame > 0 && res.number > r.lastGame {
		return nil // past the gamenumber range in a source that read on: not read
	}
	if res.game != nil {
		res = r.evaluate(0, res.game, res)
	}
	if res.fatal != nil {
		r.fatal = res.fatal
		return r.fatal
	}
	if r.additive && res.deltas != nil {
		if r.totals == nil {
			r.totals = make([]int, len(res.deltas))
		}
		for i, d := range res.deltas {
			r.totals[i] += d
		}
	}
	if r.opt.OnGame != nil {
		r.opt.OnGame()
	}
	if r.opt.OnGameEnd != nil && res.end > 0 {
		r.opt.OnGameEnd(res.end)
	}
	r.stats.GamesRead++
	r.stats.Warnings += len(res.errs)
	for _, e := range res.errs {
		if !r.opt.HideWarnings {
			fmt.Fprintln(r.opt.Errors, "cql:", e)
		}
	}
	for _, w := range res.warns {
		fmt.Fprintln(r.opt.Errors, "cql: warning:", w)
	}
	for _, m := range res.messages {
		fmt.Fprintln(r.opt.Messages, m)
	}
	if len(res.errs) > 0 {
		r.stats.GamesWithErrors++
	}
	if r.opt.Dedupe != "" {
		if first, ok := r.seen[res.dup]; ok {
			r.stats.Duplicates++
			if first.number == res.number && sameInput(first.file, res.file) {
				fmt.Fprintf(r.opt.Errors, "cql: game %d of %s is read again (the file is given twice)\n", res.number, res.file)
			} else {
				fmt.Fprintf(r.opt.Errors, "cql: game %d of %s duplicates game %d of %s\n", res.number, res.file, first.number, first.file)
			}
			if r.opt.Dedupe == "skip" {
				return nil
			}
		} else {
			if r.seen == nil {
				r.seen = map[uint64]gameRef{}
			}
			r.seen[res.dup] = gameRef{res.number, res.file}
		}
	}
	if r.opt.Groups != nil {
		r.groupPos[0] = -1
		if res.matched {
			r.groupPos[0] = res.positions
		}
		r.opt.Groups.Add(res.groupVals, r.groupPos[:])
	}
	if !res.matched {
		return nil
	}
	if r.opt.Tally != nil {
		r.opt.Tally.add(res.info)
	}
	r.stats.GamesMatched++
	r.stats.PositionsMatched += res.positions
	if res.decided {
		r.stats.Decided++
	}
	if r.opt.OnMatch != nil {
		r.opt.OnMatch(res.number, res.file, res.positions)
	}
	if r.opt.Limit > 0 && r.stats.GamesMatched >= r.opt.Limit {
		r.stats.LimitReached = true
	}
	if r.opt.Matches != nil {
		r.opt.Matches(Match{Out: res.out, Keys: res.keys, SKeys: res.skeys, HasKeys: res.hasKeys, Positions: res.positions})
	} else if r.sorted {
		if err := r.hold(&res); err != nil {
			return err
		}
	} else if !r.opt.Count {
		if _, err := r.write(w, &res); err != nil {
			return err
		}
		putOutBuffer(res.out) // written: the buffer can take another game's output
		// The first game goes out at once, and the others at least every 100 ms while
		// games are written: a query whose matches are few and far apart (a tenth of a
		// second of analysis or replay each) showed nothing until 256 KB of them were
		// there (issue 35). A game written after a pause waits for the next flush.
		if now := time.Now(); r.stats.GamesMatched == 1 || now.Sub(r.flushed) >= 100*time.Millisecond {
			r.flushed = now
			if err := w.Flush(); err != nil {
				return err
			}
		}
	}
	if r.stats.LimitReached {
		return pgn.ErrStop
	}
	return nil
}

// work runs in a worker goroutine: evaluate the query on g and format the output.
func (r *runner) work(worker int, g *pgn.Game) Result {
	res := Result{number: g.Number, file: g.File, end: g.Offset + int64(g.Length)}
	if len(g.Errors) > 0 {
		res.errs = append(res.errs, g.Errors...)
	}
	if r.opt.Verbose && len(g.Warnings) > 0 {
		res.warns = append(res.warns, g.Warnings...)
	}
	if r.opt.Dedupe != "" {
		res.dup = dupKey(g)
	}
	if r.opt.Groups != nil {
		res.groupVals = groupby.Read(r.opt.Groups.Keys(), g)
	}
	if g.Skipped || !r.q.Selected(g) {
		return res
	}
	if r.serial {
		res.game = g.Clone()
		return res
	}
	return r.evaluate(worker, g, res)
}

// failed records that the evaluation of g failed.
func (r *runner) failed(g *pgn.Game) {
	r.failMu.Lock()
	defer r.failMu.Unlock()
	if r.failedAt == nil {
		r.failedAt = map[string]int{}
	}
	if n, ok := r.failedAt[g.File]; !ok || g.Number < n {
		r.failedAt[g.File] = g.Number
	}
	r.anyFailed.Store(true)
}

// failedBefore reports whether an earlier game of g's file failed.
func (r *runner) failedBefore(g *pgn.Game) bool {
	if !r.anyFailed.Load() {
		return false
	}
	r.failMu.Lock()
	defer r.failMu.Unlock()
	n, ok := r.failedAt[g.File]
	return ok && n < g.Number
}

// evaluate runs the query on g with the worker's evaluator and formats the output into res.
func (r *runner) evaluate(worker int, g *pgn.Game, res Result) Result {
	ev := r.evals[worker]
	res.game = nil
	if r.failedBefore(g) {
		return res // never emitted: the run stops at the earlier failure
	}
	if r.q.UsesLastGameNumber() {
		ev.SetLastGameNumber(r.lastGameNumber(g.File))
	}
	matches := ev.Game(g)
	if err := ev.Err(); err != nil {
		r.failed(g)
		res.fatal = err
		return res
	}
	if r.additive {
		res.deltas = ev.PersistentDeltas(nil)
	}
	for _, a := range ev.Messages() {
		res.messages = append(res.messages, MessageLine(g.Number, a))
	}
	if !r.q.MatchCountOK(len(matches)) {
		return res
	}
	res.matched = true
	res.positions = len(matches)
	if r.keepNodes {
		res.nodes = append([]int32(nil), matches...)
	}
	res.number, res.file = g.Number, g.File
	if r.opt.Tally != nil {
		res.info = infoOf(g)
	}
	if r.sorted {
		n := len(r.q.Sorts())
		res.keys, res.hasKeys = make([]int, n+1), make([]bool, n+1)
		for i := 0; i < n; i++ {
			res.keys[i], res.hasKeys[i] = ev.SortValue(i)
			if r.q.Sorts()[i].String {
				if res.skeys == nil {
					res.skeys = make([]string, n)
				}
				res.skeys[i], res.hasKeys[i] = ev.SortString(i)
			}
		}
		if r.sortMatchCount {
			res.keys[n], res.hasKeys[n] = len(matches), true
		}
	}
	if r.opt.Count {
		return res
	}
	switch r.opt.Format {
	case "pgn":
		if r.cloneOut {
			g = g.Clone()
		}
		if !r.silent {
			r.annotate(g, matches, worker)
		}
		// Sized once: the text read (none for a game replayed from an index) and a comment
		// and a move at every position, where appending grew the buffer some ten times.
		if r.opt.Split != nil {
			res.dest = r.opt.Split.Name(g)
		}
		tags := g.Tags
		if r.opt.IncludeTags != nil || r.opt.ExcludeTags != nil {
			g.Tags = r.opt.keptTags(tags)
		}
		res.out = pgn.AppendGameCQLStyle(outBuffer(len(g.Text)+16*len(g.Nodes)+512), g, r.opt.Style)
		g.Tags = tags
	default:
		rec := Record{Tags: r.opt.Tags, CSVRaw: r.opt.CSVRaw}
		if (r.opt.Format == "fen" || r.opt.Format == "epd") && res.out == nil {
			res.out = outBuffer(72 * len(matches)) // a FEN line is 60-70 bytes: one allocation
		}
		if r.opt.Format == "html" { // one JSON object of the game's cards
			res.out = appendHTMLGame(res.out, g, matches, ev)
			break
		}
		for _, i := range matches {
			switch r.opt.Format {
			case "fen":
				res.out = r.fens[worker].Append(res.out, &g.Nodes[i].Pos)
				res.out = append(res.out, '\n')
			case "epd":
				res.out = AppendEPD(res.out, &g.Nodes[i].Pos)
				res.out = append(res.out, '\n')
			case "jsonl", "csv":
				rec.Comments = rec.Comments[:0]
				rec.Squares = ev.Marked(i)
				for _, a := range ev.Annotations() {
					if a.Node == i && !a.Message {
						rec.Comments = append(rec.Comments, a.Text)
					}
				}
				if r.opt.Format == "csv" {
					res.out = AppendCSV(res.out, g, i, &rec)
				} else if r.opt.AppendPosition != nil {
					res.out = r.opt.AppendPosition(res.out, g, i, &rec)
				} else {
					res.out = AppendJSONL(res.out, g, i, &rec)
					res.out = append(res.out, '\n')
				}
			}
		}
	}
	return res
}

// annotate adds the header comment (the game's number in its file), the texts of comment
// filters, and the match comments. The comment of a node follows the move that led to it;
// the root's comes before move one.
func (r *runner) annotate(g *pgn.Game, matches []int32, worker int) {
	// annotate runs on every worker: its scratch is its own, kept from game to game (one
	// slice per game was half of what a pgn output run allocated, and through an index,
	// whose live heap is small, that made the collector run four times as often as a scan).
	ev := r.evals[worker]
	added := r.added[worker][:0]
	for _, a := range ev.Annotations() {
		if !a.Message && !a.Late {
			added = append(added, addedComment{a.Node, a.Text})
		}
	}
	// CQL writes a text once at a position (unless -nouniquecomments), the marker
	// too. The query's texts are once already: only the marker may repeat one,
	// and the first of the two stays. before has the nodes where the query wrote
	// the marker's text ahead of the marker.
	unique := r.q.UniqueComments() && !r.quiet
	var before map[int32]bool
	if unique {
		for _, a := range ev.Annotations() {
			if !a.Message && !a.Late && a.Text == r.matchString {
				if before == nil {
					before = map[int32]bool{}
				}
				before[a.Node] = true
			}
		}
	}
	if !r.quiet {
		for _, i := range matches {
			if !before[i] {
				added = append(added, addedComment{i, r.matchString})
			}
		}
	}
	// What a sort kept, CQL writes at the end of the game: after the marker.
	for _, a := range ev.Annotations() {
		if !a.Message && a.Late {
			if unique && a.Text == r.matchString {
				if _, marked := slices.BinarySearch(matches, a.Node); marked {
					continue
				}
			}
			added = append(added, addedComment{a.Node, a.Text})
		}
	}
	sep := " "
	if r.opt.SeparateComments {
		sep = pgn.CommentSep
	}
	r.mergeScratch[worker] = mergeAdded(g, added, sep, r.mergeScratch[worker])
	clear(added) // the texts are the game's now
	r.added[worker] = added[:0]
	// The header comment: where the game came from, and its sort values. -noheader
	// leaves out where from; the sort values stay, as in CQL (only silent drops them).
	var parts []string
	if !r.opt.NoHeader {
		parts = append(parts, fmt.Sprintf("cql: game %d of %s", g.Number, g.File))
	}
	for i, k := range r.q.Sorts() {
		if k.Quiet {
			continue
		}
		label := k.Label
		if label == "" {
			label = "sort"
		}
		if k.String {
			if v, ok := ev.SortString(i); ok {
				parts = append(parts, fmt.Sprintf("%s %s", label, v))
			}
		} else if v, ok := ev.SortValue(i); ok {
			parts = append(parts, fmt.Sprintf("%s %d", label, v))
		}
	}
	if r.sortMatchCount {
		parts = append(parts, fmt.Sprintf("matchcount %d", len(matches)))
	}
	if len(parts) == 0 {
		return
	}
	header := strings.Join(parts, "; ")
	g.SetComment(0, joinWith(header, g.Comment(0), sep))
}

// joinWith joins two comments' texts with sep between them when both have one.
func joinWith(a, b, sep string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + sep + b
}

// outBuffers holds output buffers written out, for the workers to fill again: a game's
// text allocated afresh was most of what a run writing every position allocated (2.1 GB of
// FEN lines for masters-463k). A pool, not a channel: the games of an index chunk are
// written in a burst of 256. One for the package, since a source (the index) fills
// buffers too (CountedFEN); a pool holds nothing a run can see.
var outBuffers sync.Pool

// outBuffer returns an empty buffer of at least size bytes, one written out before when
// there is one.
func outBuffer(size int) []byte {
	if b, _ := outBuffers.Get().(*[]byte); b != nil && cap(*b) >= size {
		return (*b)[:0]
	}
	// Room to spare, so that the buffers going round soon fit most games.
	return make([]byte, 0, size+size/2)
}

// putOutBuffer gives a buffer whose text is written back to the pool.
func putOutBuffer(b []byte) {
	if cap(b) == 0 {
		return
	}
	b = b[:0]
	outBuffers.Put(&b)
}

// write writes one matching game's output (inside the html pages when there are some).
func (r *runner) write(w *bufio.Writer, res *Result) (int, error) {
	if r.opt.Split != nil {
		return len(res.out), r.opt.Split.Write(res.dest, res.out)
	}
	if r.pager != nil {
		r.pagerBuf = r.pager.game(r.pagerBuf[:0], res.positions, res.out)
		return w.Write(r.pagerBuf)
	}
	return w.Write(res.out)
}

// lastGameNumber is the value of lastgamenumber for a file: the number of its last game
// (pgn.Count splits the file into games without parsing them), or the end of the header's
// gamenumber range when that comes first; 0 when the file cannot be read again (stdin).
func (r *runner) lastGameNumber(file string) int {
	r.lastMu.Lock()
	defer r.lastMu.Unlock()
	if n, ok := r.lastGames[file]; ok {
		return n
	}
	if r.lastGames == nil {
		r.lastGames = map[string]int{}
	}
	n := 0
	open := pgn.Open
	if fs, ok := r.src.(Files); ok && fs.Open != nil {
		open = fs.Open
	}
	if file != "-" {
		if rc, err := open(file); err == nil {
			if c, err := pgn.Count(context.Background(), rc, file, pgn.Options{}); err == nil {
				n = c.Games
			}
			rc.Close()
		}
	}
	if gr := r.q.Header().GameNumber; gr != nil && n > gr.Max {
		n = gr.Max
	}
	r.lastGames[file] = n
	return n
}

// MessageLine is a message filter's line as the runner prints it: the text prefixed, as
// CQL 9.493 prints it (commentnode.cpp), by the game number and the position's name
// (its move number counted from 1 and the side to move, and in a variation its position
// id): "Game: 3 move 12(btm): text", "Game: 3 move 12(wtm)[41]: text". `message quiet`
// prints the text alone.
func MessageLine(game int, a filter.Annotation) string {
	if a.Quiet {
		return a.Text
	}
	side := "btm"
	if a.WhiteToMove {
		side = "wtm"
	}
	if a.PositionID >= 0 {
		return fmt.Sprintf("Game: %d move %d(%s)[%d]: %s", game, a.MoveNumber, side, a.PositionID, a.Text)
	}
	return fmt.Sprintf("Game: %d move %d(%s): %s", game, a.MoveNumber, side, a.Text)
}

// sameInput says whether two input names are one file: the same name, or two paths to it
// (s20.pgn and ./s20.pgn), so --dedupe does not call a game a duplicate of itself.
func sameInput(a, b string) bool {
	if a == b {
		return true
	}
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
