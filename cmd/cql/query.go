package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// queryFlags are the flags of the main command; CQL's own flags keep CQL's names.
type queryFlags struct {
	inputs      []string
	output      string
	script      string
	cql         string
	gameNumber  string
	matchCount  string
	matchString string
	format      string
	variations  bool
	silent      bool
	quiet       bool
	count       bool
	threads     int
	cpuProfile  string
}

const queryLong = `cql runs a CQL (Chess Query Language 6.1/6.2) query over every position of every game
in PGN files and writes the matching games as PGN, with a {CQL} comment after the move that
led to each matched position (before the first move when the start position matches).

QUERY is CQL text, or the path of a .cql script, so CQL's own call works unchanged:
  cql -i games.pgn script.cql
  cql 'mate flipcolor {Q attacks k}' games.pgn
  cql 'square x in h1-8 {R attacks x x attacks K}' games.pgn
  cql --format fen 'stalemate' games.pgn.zst
Input files come from the command line, from -i, or from the script header's input
parameter; .gz, .bz2 and .zst files are decompressed and - is standard input. CQL's
single-dash long flags (-input, -output, -gamenumber, -matchcount, -variations, -threads,
-cql, ...) are accepted too. A query that is exactly a subcommand name (check, export,
perft, board) must be given with --cql.

Exit status: 0 when some game matched, 1 when none did, 2 on an error (grep's convention).`

func addQueryFlags(cmd *cobra.Command, f *queryFlags) {
	fl := cmd.Flags()
	fl.StringArrayVarP(&f.inputs, "input", "i", nil, "input PGN file (repeatable); .gz, .bz2, .zst decompressed, - is stdin")
	fl.StringVarP(&f.output, "output", "o", "", "write the output to this file instead of standard output")
	fl.StringVarP(&f.script, "file", "f", "", "read the query from this CQL script")
	fl.StringVar(&f.cql, "cql", "", "CQL filters given on the command line (added to the script's body if -f is also given)")
	fl.StringVarP(&f.gameNumber, "gamenumber", "g", "", "only examine games with these numbers: N or N-M")
	fl.StringVar(&f.matchCount, "matchcount", "", "a game matches when this many positions do: N or N-M (default 1 or more)")
	fl.StringVar(&f.matchString, "matchstring", "", "comment written at each matched position (default CQL)")
	fl.StringVar(&f.format, "format", "pgn", "output: pgn (matching games), fen, epd or jsonl (matching positions)")
	fl.BoolVar(&f.variations, "variations", false, "search variations as well as the main line")
	fl.BoolVar(&f.silent, "silent", false, "add no comments to the output games")
	fl.BoolVar(&f.quiet, "quiet", false, "add only the header comment (game number) to output games, and no summary")
	fl.BoolVar(&f.count, "count", false, "print only the number of matching games")
	fl.IntVar(&f.threads, "threads", runtime.GOMAXPROCS(0), "number of worker threads")
	fl.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile to this file (for developers)")
	fl.MarkHidden("cpuprofile")
}

// cqlLongFlags are the flags CQL spells with a single dash; pflag would read -input as -i -n...
var cqlLongFlags = map[string]bool{
	"input": true, "output": true, "gamenumber": true, "matchcount": true, "matchstring": true,
	"variations": true, "silent": true, "quiet": true, "threads": true, "cql": true,
}

// normalizeCQLArgs turns CQL's single-dash long flags into pflag's double-dash form.
func normalizeCQLArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) > 2 && a[0] == '-' && a[1] != '-' {
			name, _, _ := strings.Cut(a[1:], "=")
			if cqlLongFlags[name] {
				a = "-" + a
			}
		}
		out = append(out, a)
	}
	return out
}

func runQuery(cmd *cobra.Command, f *queryFlags, args []string) error {
	stderr := cmd.ErrOrStderr()
	name, src, files, err := querySource(f, args)
	if err != nil {
		return err
	}
	prog, err := query.Parse(name, src)
	if err != nil {
		return err
	}
	if prog.Header == nil {
		prog.Header = &query.Header{}
	}
	h := prog.Header
	if f.gameNumber != "" {
		if h.GameNumber, err = parseRange("--gamenumber", f.gameNumber); err != nil {
			return err
		}
	}
	if f.matchCount != "" {
		if h.MatchCount, err = parseRange("--matchcount", f.matchCount); err != nil {
			return err
		}
	}
	if f.matchString != "" {
		h.MatchString = &f.matchString
	}
	h.Silent = h.Silent || f.silent
	h.Quiet = h.Quiet || f.quiet
	q, err := filter.CompileWith(prog, filter.Options{Variations: f.variations})
	if err != nil {
		var qe *query.Error
		if errors.As(err, &qe) && qe.Line == "" {
			// Show the evaluator's complaint like a parse error: file, line, caret.
			qe.Filename = name
			if lines := strings.Split(string(src), "\n"); qe.Pos.Line >= 1 && qe.Pos.Line <= len(lines) {
				qe.Line = strings.TrimRight(lines[qe.Pos.Line-1], "\r")
			}
		}
		return err
	}
	if len(files) == 0 {
		files = h.Input
	}
	if len(files) == 0 {
		return errors.New("no input: give PGN files after the query, with -i, or in the header's input parameter")
	}
	switch f.format {
	case "pgn", "fen", "epd", "jsonl":
	default:
		return fmt.Errorf("unknown --format %q (want pgn, fen, epd or jsonl)", f.format)
	}
	if f.threads < 1 {
		return fmt.Errorf("--threads must be at least 1, got %d", f.threads)
	}

	var out io.Writer = cmd.OutOrStdout()
	outName := f.output
	if outName == "" {
		outName = h.Output
	}
	var outFile *outputFile
	if outName != "" && !f.count {
		if outFile, err = createOutput(outName, files); err != nil {
			return err
		}
		defer outFile.discard() // unless committed below
		out = outFile.f
	}
	bw := bufio.NewWriterSize(out, 256<<10)

	r := &runner{q: q, f: f, h: h, evals: make([]*filter.Evaluator, f.threads)}
	for i := range r.evals {
		r.evals[i] = q.NewEvaluator()
	}
	r.matchString = "CQL"
	if h.MatchString != nil {
		r.matchString = *h.MatchString
	}
	r.sorted = len(q.Sorts()) > 0 || h.SortMatchCount

	if f.cpuProfile != "" {
		pf, err := os.Create(f.cpuProfile)
		if err != nil {
			return err
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	bar := newProgress(stderr, "cql")
	start := time.Now()
	// Whole games are written, variations included, so PGN output reads them; the query
	// itself still looks at the main line only unless variations are asked for.
	opt := pgn.Options{Workers: f.threads, Variations: q.Variations() || (f.format == "pgn" && !f.count)}
	failed := !scanFiles(cmd, files, bar, opt, r.work, func(res gameResult) error { return r.emit(res, bar, stderr, bw) })
	bar.Finish()
	if r.sorted {
		r.writeSorted(bw)
	}
	if f.count {
		fmt.Fprintln(bw, r.gamesMatched)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if outFile != nil && !failed { // a failed run leaves an earlier output file as it was
		if err := outFile.commit(); err != nil {
			return err
		}
	}
	if !h.Quiet {
		el := time.Since(start).Seconds()
		fmt.Fprintf(stderr, "cql: %d games read, %d matched (%d positions), %d with errors, %.2fs, %.0f games/s\n",
			r.gamesRead, r.gamesMatched, r.positionsMatched, r.gamesWithErrors, el, float64(r.gamesRead)/el)
	}
	switch {
	case failed:
		return exitStatus(exitError)
	case r.gamesMatched == 0:
		return exitStatus(exitNoMatch)
	}
	return nil
}

// querySource finds the query text and the input files among the arguments.
func querySource(f *queryFlags, args []string) (name string, src []byte, files []string, err error) {
	files = append(files, f.inputs...)
	switch {
	case f.script != "":
		src, err = os.ReadFile(f.script)
		name = f.script
		if f.cql != "" {
			src = append(append(src, '\n'), f.cql...)
		}
		files = append(files, args...)
	case f.cql != "":
		name, src = "--cql", []byte(f.cql)
		files = append(files, args...)
	case len(args) == 0:
		err = errors.New("no query: give CQL text or a .cql script (see cql --help)")
	case strings.HasSuffix(args[0], ".cql"):
		src, err = os.ReadFile(args[0])
		name = args[0]
		files = append(files, args[1:]...)
	default:
		name, src = "query", []byte(args[0])
		files = append(files, args[1:]...)
	}
	return name, src, files, err
}

// parseRange reads N or N-M (also N:M or "N M").
func parseRange(flag, s string) (*query.Range, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == ':' || r == ' ' })
	bad := fmt.Errorf("%s: want N or N-M, got %q", flag, s)
	if len(fields) < 1 || len(fields) > 2 {
		return nil, bad
	}
	lo, err := strconv.Atoi(fields[0])
	if err != nil || lo < 0 {
		return nil, bad
	}
	hi := lo
	if len(fields) == 2 {
		if hi, err = strconv.Atoi(fields[1]); err != nil || hi < lo {
			return nil, bad
		}
	}
	return &query.Range{Min: lo, Max: hi}, nil
}

// runner evaluates a query over input files and writes what matched.
type runner struct {
	q           *filter.Query
	f           *queryFlags
	h           *query.Header
	evals       []*filter.Evaluator // one per worker
	matchString string
	sorted      bool
	held        []gameResult // sorted output waits for every game

	gamesRead, gamesMatched, positionsMatched, gamesWithErrors int
}

// gameResult is what a worker hands back, in file order, for one game.
type gameResult struct {
	out       []byte
	errs      []error
	messages  []string // message filters' texts, for standard error
	positions int
	matched   bool
	order     int   // arrival order, for stable sorting
	keys      []int // sort values
	hasKeys   []bool
}

// emit takes one game's result, in file order: problems and messages go to standard error,
// the output is written or held for sorting.
func (r *runner) emit(res gameResult, bar *progress, stderr io.Writer, w *bufio.Writer) error {
	bar.Item()
	r.gamesRead++
	for _, e := range res.errs {
		fmt.Fprintln(stderr, "cql:", e)
	}
	for _, m := range res.messages {
		fmt.Fprintln(stderr, m)
	}
	if len(res.errs) > 0 {
		r.gamesWithErrors++
	}
	if !res.matched {
		return nil
	}
	r.gamesMatched++
	r.positionsMatched += res.positions
	if r.sorted {
		res.order = len(r.held)
		r.held = append(r.held, res)
		return nil
	}
	if !r.f.count {
		_, err := w.Write(res.out)
		return err
	}
	return nil
}

// work runs in a worker goroutine: evaluate the query on g and format the output.
func (r *runner) work(worker int, g *pgn.Game) gameResult {
	var res gameResult
	if len(g.Errors) > 0 {
		res.errs = append(res.errs, g.Errors...)
	}
	if !r.q.Selected(g) {
		return res
	}
	ev := r.evals[worker]
	matches := ev.Game(g)
	if !r.q.MatchCountOK(len(matches)) {
		return res
	}
	res.matched = true
	res.positions = len(matches)
	for _, a := range ev.Annotations() {
		if a.Message {
			res.messages = append(res.messages, fmt.Sprintf("game %d: %s", g.Number, a.Text))
		}
	}
	if r.sorted {
		n := len(r.q.Sorts())
		res.keys, res.hasKeys = make([]int, n+1), make([]bool, n+1)
		for i := 0; i < n; i++ {
			res.keys[i], res.hasKeys[i] = ev.SortValue(i)
		}
		if r.h.SortMatchCount {
			res.keys[n], res.hasKeys[n] = len(matches), true
		}
	}
	if r.f.count {
		return res
	}
	switch r.f.format {
	case "pgn":
		if !r.h.Silent {
			r.annotate(g, matches, ev)
		}
		res.out = pgn.AppendGame(nil, g)
	default:
		for _, i := range matches {
			switch r.f.format {
			case "fen":
				res.out = g.Nodes[i].Pos.AppendFEN(res.out)
			case "epd":
				res.out = appendEPD(res.out, &g.Nodes[i].Pos)
			case "jsonl":
				res.out = appendJSONL(res.out, g, i)
			}
			res.out = append(res.out, '\n')
		}
	}
	return res
}

// annotate adds the header comment (the game's number in its file), the texts of comment
// filters, and the match comments. The comment of a node follows the move that led to it;
// the root's comes before move one.
func (r *runner) annotate(g *pgn.Game, matches []int32, ev *filter.Evaluator) {
	for _, a := range ev.Annotations() {
		if !a.Message {
			g.SetComment(a.Node, joinComment(g.Comment(a.Node), a.Text))
		}
	}
	if !r.h.Quiet {
		for _, i := range matches {
			g.SetComment(i, joinComment(g.Comment(i), r.matchString))
		}
	}
	// The header comment: where the game came from, and its sort values.
	header := fmt.Sprintf("cql: game %d of %s", g.Number, g.File)
	for i, k := range r.q.Sorts() {
		if v, ok := ev.SortValue(i); ok {
			label := k.Label
			if label == "" {
				label = "sort"
			}
			header += fmt.Sprintf("; %s %d", label, v)
		}
	}
	if r.h.SortMatchCount {
		header += fmt.Sprintf("; matchcount %d", len(matches))
	}
	g.SetComment(0, joinComment(header, g.Comment(0)))
}

func joinComment(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " " + b
}

// writeSorted writes held games by their sort values: the sort filters in order (largest
// first, or smallest for `sort min`), then the matched-position count for `sort matchcount`;
// ties keep input order.
func (r *runner) writeSorted(w *bufio.Writer) {
	sorts := r.q.Sorts()
	sort.SliceStable(r.held, func(a, b int) bool {
		x, y := &r.held[a], &r.held[b]
		for k := range x.keys {
			if x.hasKeys[k] != y.hasKeys[k] {
				return x.hasKeys[k] // games with a value first
			}
			if x.keys[k] == y.keys[k] {
				continue
			}
			if k < len(sorts) && sorts[k].Min {
				return x.keys[k] < y.keys[k]
			}
			return x.keys[k] > y.keys[k]
		}
		return x.order < y.order
	})
	if r.f.count {
		return
	}
	for _, res := range r.held {
		w.Write(res.out)
	}
}

// outputFile is an output PGN file written under a temporary name and renamed into place only
// when the run succeeds, so that a failed run never truncates an earlier result.
type outputFile struct {
	f    *os.File
	name string
	done bool
}

// createOutput refuses to write over one of the inputs.
func createOutput(name string, inputs []string) (*outputFile, error) {
	if st, err := os.Stat(name); err == nil {
		for _, in := range inputs {
			if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
				return nil, fmt.Errorf("output %s is also an input; refusing to overwrite it", name)
			}
		}
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return nil, err
	}
	return &outputFile{f: f, name: name}, nil
}

func (o *outputFile) commit() error {
	if err := o.f.Close(); err != nil {
		return err
	}
	if err := os.Rename(o.f.Name(), o.name); err != nil {
		return err
	}
	o.done = true
	return nil
}

func (o *outputFile) discard() {
	if !o.done {
		o.f.Close()
		os.Remove(o.f.Name())
	}
}
