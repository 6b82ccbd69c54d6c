package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/groupby"
	"github.com/cqlgo/cql/internal/plural"
	"github.com/cqlgo/cql/pgn"
	cqlrun "github.com/cqlgo/cql/run"
)

// tagFlags are the settings of cql tag.
type tagFlags struct {
	scripts, texts, themes []string
	allThemes              bool
	output, format, pgnDir string
	positions, allGames    bool
	groupBy, groupFormat   string
	groupOut               string
	groupMin               int
	matrix                 bool
	quiet, noSummary       bool
	verbose, csvRaw        bool
	noHeader               bool
	cpuProfile             string
}

func newTagCmd() *cobra.Command {
	f := &tagFlags{}
	var workers func() (int, error)
	cmd := &cobra.Command{
		Use:   "tags [options] FILE...",
		Short: "Evaluate many queries in one pass: which games and positions match which",
		Long: `Tags reads, parses and replays each game of the PGN files once and evaluates every
query at every position. It writes one record per matching game (JSON lines, or CSV with
--format csv) with the game's number, file and main tags and, for each query it matched,
the number of its matching positions; --positions writes one record per matching position
instead (game, ply, FEN and the queries that matched there). Queries come from -q (a .cql
file or a directory of them, each named by its file name), --cql (CQL text, named by the
text) and the built-in themes (--theme NAME, --themes for all).

--pgn-dir DIR writes each query's matching games to DIR/NAME.pgn, byte for byte what
cql -o writes for that query alone. --group-by counts games and positions by eco,
eco-family, year, decade, rating, result, time-control, player and theme (the query):
a table (--group-format text, csv or json) on standard output instead of the records
(unless -o names their file), or in --group-out FILE; --matrix adds the games matching
each pair of queries. Records are in game order for any --threads.

Queries that read persistent variables or write files (their result depends on the games
before, in order) are refused; additive ones (persistent x += ...) print their sums as
NAME: variable: value after the last game.`,
		Args: needFiles("PGN files to read (- for standard input)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			threads, err := workers()
			if err != nil {
				return err
			}
			return runTag(cmd, f, threads, args)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVarP(&f.scripts, "query", "q", nil, "a CQL script, or a directory of .cql scripts (repeatable)")
	fl.StringArrayVar(&f.texts, "cql", nil, "a query as CQL text, named by its text (repeatable)")
	fl.StringVarP(&f.output, "output", "o", "", "write the records to this file (default standard output)")
	fl.StringVar(&f.format, "format", "jsonl", "records: jsonl or csv")
	fl.BoolVar(&f.positions, "positions", false, "one record per matching position instead of per game")
	fl.BoolVar(&f.allGames, "all-games", false, "a game record for every game read, matching or not")
	fl.StringVar(&f.pgnDir, "pgn-dir", "", "write each query's matching games to DIR/NAME.pgn, as cql -o does")
	fl.BoolVar(&f.noHeader, "noheader", false, "in --pgn-dir files, leave out the {cql: game N of FILE} comment (cql -noheader)")
	fl.StringVar(&f.groupBy, "group-by", "", "count games and positions by these keys, comma-separated: "+strings.Join(groupby.KeyNames(), ", "))
	fl.StringVar(&f.groupFormat, "group-format", "text", "the --group-by table: text, csv or json")
	fl.StringVar(&f.groupOut, "group-out", "", "write the --group-by table to this file")
	fl.IntVar(&f.groupMin, "group-min", 0, "list only groups with at least this many matching games")
	fl.BoolVar(&f.matrix, "matrix", false, "with the table, the games matching each pair of queries (co-occurrence)")
	fl.BoolVar(&f.quiet, "quiet", false, "count problems in games without printing them")
	fl.BoolVar(&f.verbose, "verbose", false, "also print the games' warnings")
	fl.BoolVar(&f.noSummary, "no-summary", false, "no summary line on standard error")
	fl.BoolVar(&f.csvRaw, "csv-raw", false, "write csv values starting with = + - @ as they are")
	addThemeFlags(fl, f)
	fl.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile to this file (for developers)")
	fl.MarkHidden("cpuprofile")
	workers = threadsFlag(cmd)
	return cmd
}

// runTag runs cql tag over the input files.
func runTag(cmd *cobra.Command, f *tagFlags, threads int, files []string) error {
	stderr := cmd.ErrOrStderr()
	if f.format != "jsonl" && f.format != "csv" {
		return fmt.Errorf("unknown --format %q (want jsonl or csv)", f.format)
	}
	if f.positions && f.allGames {
		return errors.New("--all-games writes game records; --positions writes position records: give one")
	}
	var keys []groupby.Key
	if f.groupBy != "" {
		var err error
		if keys, err = groupby.ParseKeys(f.groupBy); err != nil {
			return err
		}
		if err := groupby.CheckFormat(f.groupFormat); err != nil {
			return fmt.Errorf("--group-format: %w", err)
		}
	} else if f.matrix || f.groupOut != "" || f.groupMin != 0 {
		return errors.New("--matrix, --group-out and --group-min go with --group-by")
	}
	srcs, err := tagScripts(f.scripts)
	if err != nil {
		return err
	}
	srcs = append(srcs, tagTexts(f.texts)...)
	th, err := themeSources(f)
	if err != nil {
		return err
	}
	srcs = append(srcs, th...)
	qs, err := tagQueries(srcs, f.pgnDir != "")
	if err != nil {
		return err
	}
	if files, err = expandInputs(files); err != nil {
		return err
	}
	for _, in := range files {
		if err := pgn.CheckInput(in); err != nil {
			return fmt.Errorf("input: %w", err)
		}
	}
	inputs := statInputs(files, cmd.InOrStdin())
	ctx := cmd.Context()

	// The outputs, each written under a temporary name and committed when the pass succeeds.
	var commits []*outputFile
	defer func() {
		for _, o := range commits {
			o.discard() // unless committed
		}
	}()
	create := func(name, what string) (*outputFile, error) {
		o, err := createOutput(ctx, name, inputs, false, false)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		commits = append(commits, o)
		return o, nil
	}
	if f.pgnDir != "" {
		if err := os.MkdirAll(f.pgnDir, 0o777); err != nil {
			return fmt.Errorf("--pgn-dir: %w", err)
		}
		used := map[string]string{}
		for i := range qs {
			name := pgnFileName(qs[i].Name)
			if other, ok := used[strings.ToLower(name)]; ok {
				return fmt.Errorf("--pgn-dir: queries %s and %s would both be written to %s", other, qs[i].Name, name)
			}
			used[strings.ToLower(name)] = qs[i].Name
			o, err := create(filepath.Join(f.pgnDir, name), "--pgn-dir")
			if err != nil {
				return err
			}
			qs[i].PGN = o
		}
	}
	var records io.Writer = cmd.OutOrStdout()
	noRecords := false
	if f.output != "" && f.output != "-" {
		o, err := create(f.output, "-o")
		if err != nil {
			return err
		}
		records = o
	} else if keys != nil && f.groupOut == "" {
		noRecords = true // the table goes to standard output instead
	}
	var groupW io.Writer = cmd.OutOrStdout()
	if f.groupOut != "" {
		o, err := create(f.groupOut, "--group-out")
		if err != nil {
			return err
		}
		groupW = o
	}

	bar := newProgress(stderr, "cql tags")
	bar.gameEnds.Store(true)
	bar.SetTotal(inputSizes(files))
	errw := bar
	names := make([]string, len(qs))
	for i, q := range qs {
		names[i] = q.Name
	}
	opt := cqlrun.TagOptions{Format: f.format, Positions: f.positions, AllGames: f.allGames, NoRecords: noRecords,
		Threads: threads, Errors: errw, Messages: errw, OnGame: bar.Item, OnGameEnd: bar.GameEnd, Inputs: inputs,
		NoHeader: f.noHeader, HideWarnings: f.quiet, Verbose: f.verbose, CSVRaw: f.csvRaw}
	if keys != nil {
		opt.Groups = groupby.New(keys, names)
		opt.Groups.Min = f.groupMin
	}
	src := cqlrun.Files{
		Names:    files,
		Open:     func(name string) (io.ReadCloser, error) { return openInput(name, cmd.InOrStdin(), bar) },
		OnError:  func(err error) { fmt.Fprintln(errw, "cql:", err) },
		LastGame: cqlrun.TagLastGame(qs),
	}
	if f.cpuProfile != "" {
		stop, err := startCPUProfile(f.cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	start := time.Now()
	st, err := cqlrun.Tag(ctx, qs, src, bar.Clearing(records), opt)
	bar.Finish()
	failed := errors.Is(err, cqlrun.ErrSourceFailed)
	if err != nil && !failed {
		return err
	}
	if opt.Groups != nil {
		if err := opt.Groups.Write(groupW, f.groupFormat); err != nil {
			return err
		}
		if f.matrix {
			if f.groupFormat == "text" {
				fmt.Fprintln(groupW)
			}
			if err := opt.Groups.WriteMatrix(groupW, f.groupFormat); err != nil {
				return err
			}
		}
	}
	if !failed {
		for _, o := range commits {
			if err := o.commit(); err != nil {
				return err
			}
		}
	}
	if !f.noSummary {
		el := time.Since(start).Seconds()
		fmt.Fprintf(stderr, "cql tags: %s read, %d matched by some of %s, %d with errors, %.2fs, %.0f games/s\n",
			plural.N(st.GamesRead, "game"), st.GamesMatched, queriesN(len(qs)), st.GamesWithErrors, el, float64(st.GamesRead)/el)
	}
	switch {
	case failed:
		return exitStatus(exitError)
	case st.GamesMatched == 0:
		return exitStatus(exitNoMatch)
	}
	return nil
}

func queriesN(n int) string {
	if n == 1 {
		return "1 query"
	}
	return fmt.Sprintf("%d queries", n)
}
