package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime/pprof"
	"runtime/trace"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/groupby"
	"github.com/cqlgo/cql/internal/plural"
	"github.com/cqlgo/cql/internal/preamble"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
	cqlrun "github.com/cqlgo/cql/run"
)

// runQuery runs the query command: the other actions first (help, version, script
// conversion), then the query over the input files.
func runQuery(cmd *cobra.Command, f *queryFlags, args []string) error {
	stdout := cmd.OutOrStdout()
	switch {
	case (f.help || f.version) && (len(args) > 0 || len(f.inputs) > 0 || f.script != ""):
		return printOnlyError(f.help)
	case f.license:
		printLicense(stdout)
		return nil
	case f.help:
		printHelp(stdout)
		return nil
	case f.version:
		printVersion(stdout)
		return nil
	case f.toASCII != "" || f.toUnicode != "" || f.html != "":
		return convertScript(f, stdout, cmd.ErrOrStderr())
	}
	name, src, files, err := querySource(f, args)
	if err != nil {
		return err
	}
	if src, err = f.pre.Apply(src); err != nil {
		return err
	}
	prog, err := query.ParseDialect(name, src, f.dialect)
	if err != nil {
		if name == "query" && preamble.IsFile(args[0]) { // cql games.pgn mate
			return fmt.Errorf("the query %q is a file: the query comes first, then the files (cql QUERY FILE...)", args[0])
		}
		return err
	}
	if prog.Header == nil {
		prog.Header = &query.Header{}
	}
	h := prog.Header
	if f.gameNumber != nil {
		h.GameNumber = f.gameNumber
	}
	if f.matchCount != nil {
		h.MatchCount = f.matchCount
	}
	if f.matchString != nil {
		h.MatchString = f.matchString
	}
	// The command line's comment level and choice of variations win over the header's, as in CQL.
	if f.comments != "" {
		h.Silent, h.Quiet = f.comments == "silent", f.comments == "quiet"
	}
	if f.variations != nil {
		h.Variations = *f.variations
	}
	if f.sortMatchCount {
		h.SortMatchCount = true
	}
	q, err := filter.CompileWith(prog, filter.Options{AlwaysComment: f.alwaysComment,
		NoSetTag: f.noSetTag, NoRemoveComment: f.noRemoveComment, NoRemoveTag: f.noRemoveTag, KeepAllBest: f.keepAllBest,
		NoUniqueComments: f.noUnique, NoSortComments: f.noSortComments, Marks: cqlrun.WantsMarks(cqlrun.Options{Format: f.format, Count: f.count}),
		NoAutoComments: f.count, Secure: f.secure})
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
	if f.parse {
		_, err := fmt.Fprintln(stdout, prog.String())
		return err
	}
	var indexed *indexSource
	if len(f.indexes) > 0 {
		// -dedupe compares every game with the earlier ones, matching or not; --group-by
		// counts every game read.
		indexed, err = openIndexSources(cmd.Context(), f.indexes, files, prog, q, f.noPrune || f.dedupe != "" || f.groupBy != "", cmd.ErrOrStderr())
		if err != nil {
			return err
		}
		defer indexed.close()
	}
	if len(files) == 0 && indexed == nil {
		files = h.Input
	}
	if len(files) == 0 && indexed == nil {
		if stdinIsTerminal(cmd.InOrStdin()) {
			return errors.New("no input: give PGN files after the query, with -i, in the header's input parameter, or on standard input")
		}
		files = []string{"-"}
	}
	if files, err = expandInputs(files); err != nil { // quoted globs, directories
		return err
	}
	// Every input must exist and open before any work is done (and before a count is printed).
	for _, in := range files {
		if err := pgn.CheckInput(in); err != nil {
			return fmt.Errorf("input: %w", err)
		}
	}
	if err := cqlrun.CheckFormat(f.format); err != nil {
		return err
	}
	for _, w := range optionWarnings(f, files) {
		fmt.Fprintln(cmd.ErrOrStderr(), "cql: warning:", w)
	}

	outName := f.output
	if outName == "" && h.Output != "" {
		if f.count || f.format != "pgn" {
			// The header's output is the file of the matching games: a count or records of
			// another format go to standard output and leave it as it is (-o writes them there).
			if !f.count {
				fmt.Fprintf(cmd.ErrOrStderr(), "cql: the header's output %s is for PGN games and is left as it is: the %s records go to standard output (-o %s writes them there)\n",
					h.Output, f.format, h.Output)
			}
		} else {
			outName = h.Output
		}
	}
	toStdout := outName == "" || outName == "-" || strings.EqualFold(outName, "stdout")
	if f.gui != nil && toStdout && !f.count {
		return errors.New("-gui writes its messages on standard output: give the file for the matching games with -o")
	}
	var splitParts []namePart
	if !toStdout {
		var split bool
		if splitParts, split, err = parseOutputTemplate(outName); err != nil {
			return err
		}
		if !split {
			splitParts = nil
		} else if f.count || f.format != "pgn" || f.gui != nil {
			return fmt.Errorf("output %s: %%{Tag} splits PGN games into files; not with --count, --format %s or -gui", outName, f.format)
		}
	}
	if f.dryRun {
		fmt.Fprintf(stdout, "query: %s (checked)\n", name)
		for _, in := range files {
			fmt.Fprintf(stdout, "input: %s\n", in)
		}
		switch {
		case toStdout:
			fmt.Fprintln(stdout, "output: standard output")
		case splitParts != nil:
			fmt.Fprintf(stdout, "output: %s (one file per value)\n", outName)
		case f.appendOut:
			fmt.Fprintf(stdout, "output: %s (appended)\n", outName)
		default:
			fmt.Fprintf(stdout, "output: %s\n", outName)
		}
		printQueryFiles(stdout, q)
		return nil
	}

	var out io.Writer = stdout
	var outFile *outputFile
	inputs := statInputs(files, cmd.InOrStdin()) // never written: not by -o, not by writefile
	var splitOut *splitOutput
	switch {
	case splitParts != nil:
		splitOut = newSplitOutput(cmd.Context(), outName, splitParts, inputs, f.appendOut, f.noClobber, f.createDirs, f.maxOpenOutputs)
		defer splitOut.discard() // unless committed below
		out = io.Discard         // the runner writes the games to splitOut's files
	case !toStdout:
		if f.createDirs {
			made, err := makeDirs(filepath.Dir(outName))
			defer func() {
				if outFile == nil || !outFile.done { // the run failed: what it made goes
					for i := len(made) - 1; i >= 0; i-- {
						os.Remove(made[i])
					}
				}
			}()
			if err != nil {
				return fmt.Errorf("output %s: %w", outName, err)
			}
		}
		if outFile, err = createOutput(cmd.Context(), outName, inputs, f.appendOut, f.noClobber); err != nil {
			if errors.Is(err, fs.ErrNotExist) && !f.createDirs {
				err = fmt.Errorf("%w (its directory does not exist: --createdirectories makes it)", err)
			}
			return err
		}
		defer outFile.discard() // unless committed below
		out = outFile
	}
	toFile := outFile != nil || splitOut != nil
	var statsFile *outputFile
	if statsToStdout := f.statsOut == "-" || strings.EqualFold(f.statsOut, "stdout"); statsToStdout && toStdout {
		return errors.New("--stats-out -: the matching games (or their count) go to standard output; give them a file with -o, or the tables one with --stats-out FILE")
	} else if f.statsOut != "" && !statsToStdout {
		if statsFile, err = createOutput(cmd.Context(), f.statsOut, inputs, false, f.noClobber); err != nil {
			return fmt.Errorf("--stats-out: %w", err)
		}
		defer statsFile.discard() // unless committed by writeStats
	}
	var groupFile *outputFile
	if groupToStdout := f.groupOut == "-" || strings.EqualFold(f.groupOut, "stdout"); groupToStdout && toStdout {
		return errors.New("--group-out -: the matching games (or their count) go to standard output; give them a file with -o, or the table one with --group-out FILE")
	} else if f.groupOut != "" && !groupToStdout {
		if f.groupBy == "" {
			return errors.New("--group-out goes with --group-by")
		}
		if groupFile, err = createOutput(cmd.Context(), f.groupOut, inputs, false, f.noClobber); err != nil {
			return fmt.Errorf("--group-out: %w", err)
		}
		defer groupFile.discard() // unless committed by writeGroups
	}
	if f.groupBy == "" && (f.groupMin != 0 || f.groupFormat != "" || f.groupOut != "") {
		return errors.New("--group-format, --group-out and --group-min go with --group-by")
	}
	if f.cpuProfile != "" {
		stop, err := startCPUProfile(f.cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	if f.traceFile != "" {
		tf, err := os.Create(f.traceFile)
		if err != nil {
			return err
		}
		defer tf.Close()
		if err := trace.Start(tf); err != nil {
			return err
		}
		defer trace.Stop()
	}
	if f.memProfile != "" {
		defer func() {
			if pf, err := os.Create(f.memProfile); err == nil {
				pprof.Lookup("allocs").WriteTo(pf, 0)
				pf.Close()
			}
		}()
	}
	bar := newProgress(cmd.ErrOrStderr(), "cql")
	bar.gameEnds.Store(true) // OnGameEnd below reports where each game ends
	bar.lineIncrement = f.lineIncrement
	bar.SetTotal(inputSizes(files))
	out = bar.Clearing(out) // a result on the bar's terminal clears the bar first

	stderr := bar // every line written while the bar is up clears it first
	start := time.Now()
	fileSrc := cqlrun.Files{
		Names:   files,
		Open:    func(name string) (io.ReadCloser, error) { return openInput(name, cmd.InOrStdin(), bar) },
		OnError: func(err error) { fmt.Fprintln(stderr, "cql:", err) },
	}
	opt := cqlrun.Options{Format: f.format, Count: f.count, Threads: f.threads, Errors: stderr, OnGame: bar.Item, OnGameEnd: bar.GameEnd,
		Inputs: inputs, CSVRaw: f.csvRaw, NoHeader: f.noHeader, HideWarnings: h.Quiet || indexed != nil && !f.verbose, Verbose: f.verbose, Limit: f.limit, NoSort: f.noSort, Tags: f.tags, Dedupe: f.dedupe}
	fileSrc.LastGame = cqlrun.LastGame(q, opt)
	switch f.warnLevel {
	case 1:
		opt.HideWarnings, opt.Verbose = true, false
	case 2:
		opt.HideWarnings, opt.Verbose = false, false
	case 3:
		opt.HideWarnings, opt.Verbose = false, true
	}
	opt.NestedComments = f.nestedComments
	opt.VariantAliases, opt.SkipUnknownVariants = f.variantAliases, f.skipVariants
	if f.style != (pgn.Style{}) {
		opt.Style = &f.style
	}
	opt.SeparateComments = f.dialect == query.DialectCQLi
	if f.coalesce != nil {
		opt.SeparateComments = !*f.coalesce
	}
	if f.includeTags != "" {
		opt.IncludeTags = regexp.MustCompile(f.includeTags) // checked when the option was read
	}
	if f.excludeTags != "" {
		opt.ExcludeTags = regexp.MustCompile(f.excludeTags)
	}
	if f.format == "html" { // the page says what it shows
		opt.HTMLQuery, opt.HTMLInputs = string(src), files
		if len(f.indexes) > 0 {
			opt.HTMLInputs = []string{"the index " + strings.Join(f.indexes, ", the index ")}
		}
	}
	var games cqlrun.Source = fileSrc
	if f.stats {
		opt.Tally = cqlrun.NewTally()
		opt.Tally.Top = f.statsTop
	}
	if f.groupBy != "" {
		keys, err := groupby.ParseKeys(f.groupBy)
		if err != nil {
			return err
		}
		// The theme key's value is the query's name: its script's file name, as cql tags
		// names a -q query.
		opt.Groups = groupby.New(keys, []string{strings.TrimSuffix(filepath.Base(name), ".cql")})
		opt.Groups.Min = f.groupMin
	}
	if toFile {
		opt.Persistent = bar.Clearing(cmd.OutOrStdout()) // CQL prints persistent variables on standard output
	}
	if splitOut != nil {
		opt.Split = splitOut
	}
	if (toFile || f.count) && f.gui == nil {
		// CQL prints messages on standard output; here only when no games go there.
		opt.Messages = bar.Clearing(cmd.OutOrStdout())
	}
	if f.gui != nil {
		opt.Persistent = &f.gui.messages
	}
	opt.ShowDictionaries = f.showDicts
	if f.showMatches {
		opt.OnMatch = func(game int, file string, _ int) { fmt.Fprintf(stderr, "cql: match: game %d of %s\n", game, file) }
	}
	if indexed != nil {
		if games, err = indexed.source(opt); err != nil {
			return err
		}
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
	var splitNote string
	if splitOut != nil && !failed { // and earlier files of a split output
		if err := splitOut.commit(); err != nil {
			return err
		}
		names := splitOut.names()
		splitNote = fmt.Sprintf(", %s", plural.N(len(names), "output file"))
		if len(names) > 0 {
			shown := names[:min(len(names), 5)]
			splitNote += ": " + strings.Join(shown, ", ")
			if len(names) > len(shown) {
				splitNote += ", ..."
			}
		}
	}
	if opt.Tally != nil {
		if err := writeStats(cmd, f, opt.Tally, toFile, statsFile); err != nil {
			return err
		}
	}
	if opt.Groups != nil && !failed {
		if err := writeGroups(cmd, f, opt.Groups, toFile, groupFile); err != nil {
			return err
		}
	}
	el := time.Since(start).Seconds()
	if f.gui != nil {
		f.gui.matches, f.gui.games, f.gui.threads, f.gui.seconds, f.gui.output = st.GamesMatched, st.GamesRead, f.threads, el, outName
		if toStdout {
			f.gui.output = "stdout"
		}
	}
	summary := "cql: " + st.Counts() + fmt.Sprintf(", %.2fs, %.0f games/s", el, float64(st.GamesRead)/el)
	if indexed != nil {
		summary = "cql: " + indexed.summary(st, el)
		if !h.Quiet && !f.verbose && st.Warnings > 0 {
			// The build reported them; every query through the index repeated them.
			summary += fmt.Sprintf(", %s in games not shown (reported by cql index build; --verbose shows them)", plural.N(st.Warnings, "problem"))
		}
	}
	summary += st.SummaryNotes(h.Quiet, f.dedupe, f.limit) + splitNote
	if f.warnLevel == 1 && !h.Quiet && st.Warnings > 0 {
		summary += fmt.Sprintf(", %s not shown (-w 1)", plural.N(st.Warnings, "warning"))
	}
	if !f.noSummary {
		fmt.Fprintln(cmd.ErrOrStderr(), summary)
	}
	switch {
	case failed:
		return exitStatus(exitError)
	case st.GamesMatched == 0:
		return exitStatus(exitNoMatch)
	}
	return nil
}

// printQueryFiles lists, for --dryrun, the files the query's readfile and writefile
// filters name (the header's are the input and output lines above).
func printQueryFiles(w io.Writer, q *filter.Query) {
	for _, u := range q.Files() {
		verb := "reads"
		switch u.Filter {
		case "input", "output":
			continue
		case "writefile":
			verb = "appends to"
		}
		name := u.Name
		if name == "" {
			name = "a file named at run time"
		}
		fmt.Fprintf(w, "%s (line %d, column %d) %s: %s\n", u.Filter, u.At.Line, u.At.Col, verb, name)
	}
}

// writeStats writes the --stats tables: to --stats-out, else to standard output when the
// matches went to a file, else to standard error (then mixed with the summary line).
func writeStats(cmd *cobra.Command, f *queryFlags, t *cqlrun.Tally, matchesToFile bool, statsFile *outputFile) error {
	write := t.WriteText
	if f.statsFormat == "json" {
		write = t.WriteJSON
	}
	var w io.Writer = cmd.ErrOrStderr()
	switch {
	case f.gui != nil:
		w = &f.gui.messages
	case f.statsOut == "-" || strings.EqualFold(f.statsOut, "stdout") || f.statsOut == "" && matchesToFile:
		w = cmd.OutOrStdout()
	case statsFile != nil:
		if err := write(statsFile); err != nil {
			return err
		}
		return statsFile.commit()
	}
	return write(w)
}

// writeGroups writes the --group-by table where writeStats writes the --stats tables: to
// --group-out, else to standard output when the matches went to a file, else to standard
// error.
func writeGroups(cmd *cobra.Command, f *queryFlags, t *groupby.Table, matchesToFile bool, groupFile *outputFile) error {
	format := f.groupFormat
	if format == "" {
		format = "text"
	}
	var w io.Writer = cmd.ErrOrStderr()
	switch {
	case f.gui != nil:
		w = &f.gui.messages
	case f.groupOut == "-" || strings.EqualFold(f.groupOut, "stdout") || f.groupOut == "" && matchesToFile:
		w = cmd.OutOrStdout()
	case groupFile != nil:
		if err := t.Write(groupFile, format); err != nil {
			return err
		}
		return groupFile.commit()
	}
	return t.Write(w, format)
}

// inputSizes is the bytes of the regular files among the inputs (0 if any is not one, as
// standard input: the bar then shows megabytes read, not a percentage).
func inputSizes(files []string) int64 {
	var n int64
	for _, name := range files {
		st, err := os.Stat(name)
		if name == "-" || err != nil || !st.Mode().IsRegular() {
			return 0
		}
		n += st.Size()
	}
	return n
}

// printOnlyError refuses -help or -version given with a query or files, which would
// otherwise print and silently run nothing (grep users give -v meaning --invert-match).
func printOnlyError(help bool) error {
	if help {
		return errors.New("-help only prints the help: nothing was run (give it alone)")
	}
	return errors.New("-v is -version here, which only prints the version: nothing was run " +
		"(for grep's -v, matches that fail a filter, write not FILTER in the query)")
}

// querySource finds the query text and the input files among the arguments (-i's first).
// Without a script or query text, the options' filters (-cql, -fen, -player, ...) are the query.
func querySource(f *queryFlags, args []string) (name string, src []byte, files []string, err error) {
	name, src, rest, err := f.pre.Source(f.script, len(f.inputs) > 0, args)
	if errors.Is(err, preamble.ErrNoQuery) {
		err = fmt.Errorf("%w (see cql -help)", err)
	}
	return name, src, append(append([]string(nil), f.inputs...), rest...), err
}
