package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/query"
	cqlrun "github.com/cqlgo/cql/run"
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
	if err := cqlrun.CheckFormat(f.format); err != nil {
		return err
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
	games := cqlrun.Files{
		Names: files,
		Open:  func(name string) (io.ReadCloser, error) { return openInput(name, cmd.InOrStdin(), bar) },
		OnError: func(err error) {
			bar.Finish()
			fmt.Fprintln(stderr, "cql:", err)
		},
	}
	opt := cqlrun.Options{Format: f.format, Count: f.count, Threads: f.threads, Errors: stderr, OnGame: bar.Item}
	if outFile != nil {
		opt.Persistent = cmd.OutOrStdout() // CQL prints persistent variables on standard output
	}
	st, err := cqlrun.Run(cmd.Context(), q, games, out, opt)
	bar.Finish()
	failed := errors.Is(err, cqlrun.ErrSourceFailed)
	if err != nil && !failed {
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
			st.GamesRead, st.GamesMatched, st.PositionsMatched, st.GamesWithErrors, el, float64(st.GamesRead)/el)
	}
	switch {
	case failed:
		return exitStatus(exitError)
	case st.GamesMatched == 0:
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
