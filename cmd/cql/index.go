package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/index"
	"github.com/cqlgo/cql/internal/plural"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
	cqlrun "github.com/cqlgo/cql/run"
)

// addIndexOptions adds the query command's index options.
func addIndexOptions(str func(names, arg, help string, set func(*queryFlags, string) error), flag func(names, help string, set func(*queryFlags))) {
	str("index", "DIR", "answer from the index in DIR (see cql index build) instead of PGN files; repeat it for several indexes, read in the order given",
		func(f *queryFlags, v string) error { f.indexes = append(f.indexes, v); return nil })
	flag("noprune", "with -index, examine every game (to check the pruning)", func(f *queryFlags) { f.noPrune = true })
}

// openIndexSources opens the indexes for a query: their games, in the order of dirs (each
// index's in its order), pruned to the candidates of prog. A changed source is an error
// (the index would answer for the old text); a missing one is reported, since the index
// holds its games.
func openIndexSources(ctx context.Context, dirs, files []string, prog *query.Program, q *filter.Query, noPrune bool, stderr io.Writer) (*indexSource, error) {
	if len(files) > 0 {
		return nil, fmt.Errorf("--index %s answers for the indexed files; give no PGN files (%s)", strings.Join(dirs, " --index "), strings.Join(files, " "))
	}
	s := &indexSource{prog: prog, q: q, prune: !noPrune}
	for _, dir := range dirs {
		ix, err := index.Open(dir)
		if err != nil {
			s.close()
			return nil, err
		}
		s.ixs = append(s.ixs, ix)
		changed, missing, touched := ix.Stale(ctx)
		for _, m := range missing {
			fmt.Fprintf(stderr, "cql: %s: source %s is missing (the index still holds its games)\n", dir, m)
		}
		for _, m := range touched {
			fmt.Fprintf(stderr, "cql: %s: source %s has a new modification time but the same content (checked by its SHA-256 at every query until cql index verify -x %s records the time)\n", dir, m, dir)
		}
		if len(changed) > 0 {
			s.close()
			return nil, fmt.Errorf("%s: source changed since it was indexed: %s (cql index refresh -x %s brings the index up to date)", dir, strings.Join(changed, ", "), dir)
		}
	}
	return s, nil
}

// indexSource is the open indexes and the query they answer.
type indexSource struct {
	ixs   []*index.Index
	prog  *query.Program
	q     *filter.Query
	prune bool
	// cands are the games each index could not rule out, counted as the run reads them
	cands []*index.Candidates
}

func (s *indexSource) close() {
	for _, ix := range s.ixs {
		ix.Close()
	}
}

// summary is the run's summary line after "cql: ". The index reads only the games it
// cannot rule out, so "N games read" at millions of games a second would misstate the
// work: it says how many games the index holds and how many were examined.
func (s *indexSource) summary(st cqlrun.Stats, secs float64) string {
	examined := ""
	if n, of, games := s.candidates(); n >= 0 && s.q.Header().GameNumber == nil {
		if of < games { // a run stopped early, whose source analysed only what it read
			examined = fmt.Sprintf(" (%d of the first %s the index could not rule out)", n, plural.N(of, "game"))
		} else {
			examined = fmt.Sprintf(" (%s the index could not rule out)", plural.N(n, "game"))
		}
	}
	positions := plural.N(st.PositionsMatched, "position")
	if st.Decided > 0 {
		// Games the index's summaries decided were counted, not evaluated.
		positions = fmt.Sprintf("%d decided by the index, %s in the others", st.Decided, positions)
	}
	where := "the index"
	if len(s.ixs) > 1 {
		where = fmt.Sprintf("%d indexes", len(s.ixs))
	}
	return fmt.Sprintf("%s in %s%s, %d matched (%s), %d with errors, %.2fs",
		plural.N(st.GamesRead, "game"), where, examined, st.GamesMatched, positions, st.GamesWithErrors, secs)
}

// source returns the games a run with opt reads: the candidates, and when the run needs
// only the number of matching games, the games the summaries decide are counted without
// being replayed; of each index in turn.
func (s *indexSource) source(opt cqlrun.Options) (cqlrun.Source, error) {
	var srcs chainedSources
	s.cands = nil
	for _, ix := range s.ixs {
		src, cands, err := index.QuerySourceCandidates(ix, s.prog, s.q, opt, s.prune)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, src)
		s.cands = append(s.cands, cands)
	}
	if len(srcs) == 1 {
		return srcs[0], nil
	}
	return srcs, nil
}

// candidates returns the number of games the indexes could not rule out (-1: every game
// was read) among the first of games analysed, and the number of games of the indexes.
func (s *indexSource) candidates() (n, of, games int) {
	some := false
	for i, c := range s.cands {
		games += s.ixs[i].Meta.Games
		of += c.Of
		if c.N >= 0 {
			some = true
			n += c.N
		} else {
			n += c.Of
		}
	}
	if !some {
		return -1, of, games
	}
	return n, of, games
}

// chainedSources reads its sources one after the other, as a scan reads its files.
type chainedSources []cqlrun.Source

func (c chainedSources) Games(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) cqlrun.Result, emit func(cqlrun.Result) error) error {
	for _, src := range c {
		if err := src.Games(ctx, opt, work, emit); err != nil {
			return err
		}
	}
	return nil
}

func newIndexCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "index",
		Short: "Build and inspect a position index of PGN files (then query it with cql --index DIR)",
		Long: `An index keeps the games of PGN files with posting lists of what their positions
contain (pieces on squares, check, mate, stalemate, castling, en passant, promotion), so
that cql --index DIR QUERY examines only the games that can match and answers exactly as
a scan of the files would, in the same order.`,
	}
	cmd.AddCommand(newIndexBuildCmd(false), newIndexBuildCmd(true), newIndexInfoCmd(), newIndexVerifyCmd(), newIndexFindCmd(), newIndexExploreCmd(), newIndexRefreshCmd())
	return cmd
}

// needIndexDir says to give -x when it is missing (without it, the error named an index "").
func needIndexDir(dir string) error {
	if dir == "" {
		return errors.New("give the index directory with -x DIR")
	}
	return nil
}

// buildMemoryLimit is the Go runtime's soft memory limit of a build, add or refresh
// (docs/scale.md): the collector otherwise lets the heap grow to twice what is live, and
// the end of a build of 2 million games held 1,071 MB of anonymous memory for 550-840 MB
// live.
const buildMemoryLimit = 1 << 30

// boundBuildMemory sets buildMemoryLimit, unless GOMEMLIMIT says otherwise.
func boundBuildMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(buildMemoryLimit)
	}
}

func newIndexBuildCmd(add bool) *cobra.Command {
	var dir string
	var noPositions bool
	var cpuProfile string
	var workers func() (int, error)
	use, short := "build -x DIR FILE...", "Index PGN files into DIR (replacing an index there when done)"
	if add {
		use, short = "add -x DIR FILE...", "Add PGN files to the index in DIR (their games come after the indexed ones)"
	}
	cmd := &cobra.Command{
		Use:   use,
		Short: short,
		Args:  needFiles("PGN files to index"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := needIndexDir(dir); err != nil {
				return err
			}
			threads, err := workers()
			if err != nil {
				return err
			}
			if cpuProfile != "" {
				stop, err := startCPUProfile(cpuProfile)
				if err != nil {
					return err
				}
				defer stop()
			}
			boundBuildMemory()
			stderr := cmd.ErrOrStderr()
			bar := newProgress(stderr, "index")
			problems := 0
			opt := index.BuildOptions{
				Threads: threads,
				Open:    func(name string) (io.ReadCloser, error) { return openInput(name, nil, bar) },
				OnGame:  bar.Item,
				// add keeps the index's choice
				NoPositions: noPositions,
				OnProblem: func(err error) {
					problems++
					fmt.Fprintln(stderr, "cql:", err)
				},
			}
			build := index.Build
			if add {
				build = index.Add
			}
			meta, err := build(cmd.Context(), dir, args, opt)
			bar.Finish()
			if err != nil {
				return err
			}
			fmt.Fprintf(stderr, "cql: index %s: %s, %s, %s, %s in games\n", dir, plural.N(meta.Games, "game"), plural.N(int(meta.Positions), "position"), plural.N(meta.Files, "file"), plural.N(problems, "problem"))
			return nil
		},
	}
	cmd.Flags().StringVarP(&dir, "index", "x", "", "index directory")
	cmd.Flags().StringVar(&cpuProfile, "cpuprofile", "", "write a CPU profile of the build to FILE (for developers)")
	if !add {
		cmd.Flags().BoolVar(&noPositions, "no-positions", false, "leave out the exact-position table (smaller, faster build; find --fen then parses candidate games)")
	}
	workers = threadsFlag(cmd)
	return cmd
}

func newIndexInfoCmd() *cobra.Command {
	var dir string
	cmd := &cobra.Command{
		Use:   "info -x DIR",
		Short: "Describe an index: games, positions, size on disk, sources and whether they changed",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := needIndexDir(dir); err != nil {
				return err
			}
			ix, err := index.Open(dir)
			if err != nil {
				return err
			}
			defer ix.Close()
			out := cmd.OutOrStdout()
			size, _ := ix.DiskSize()
			fmt.Fprintf(out, "index %s: format %d, %d games, %d positions, %d bytes on disk\n", dir, index.FormatVersion, ix.Meta.Games, ix.Meta.Positions, size)
			if sz, err := ix.Sizes(); err == nil {
				fmt.Fprintf(out, "game records %d bytes in %d chunks, posting lists %d bytes in %d lists\n", sz.Games, sz.Chunks, sz.Postings, sz.Lists)
				if ix.Meta.PositionTable {
					per := 0.0
					if ix.Meta.TableEntries > 0 {
						per = float64(sz.Positions) / float64(ix.Meta.TableEntries)
					}
					fmt.Fprintf(out, "exact-position table %d bytes in %d buckets, %d positions stored (%.2f bytes each)\n", sz.Positions, sz.Buckets, ix.Meta.TableEntries, per)
				} else {
					fmt.Fprintln(out, "no exact-position table (built with --no-positions)")
				}
			}
			changed, missing, touched := ix.Stale(cmd.Context())
			state := map[string]string{}
			for _, c := range touched {
				state[c] = " (new modification time, same content: cql index verify records it)"
			}
			for _, c := range changed {
				state[c] = " CHANGED since indexed"
			}
			for _, m := range missing {
				state[m] = " MISSING"
			}
			for _, s := range ix.Sources {
				fmt.Fprintf(out, "source %s: %d bytes, %d games (%d with problems), sha256 %s%s\n", s.Path, s.Size, s.Games, s.Errors, s.SHA256, state[s.Path])
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&dir, "index", "x", "", "index directory")
	return cmd
}

func newIndexVerifyCmd() *cobra.Command {
	var dir string
	var deep bool
	var workers func() (int, error)
	cmd := &cobra.Command{
		Use:   "verify -x DIR",
		Short: "Check every checksum of every part of an index and its sources' content hashes; --deep: compare it all with a fresh parse of the sources",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := needIndexDir(dir); err != nil {
				return err
			}
			threads, err := workers()
			if err != nil {
				return err
			}
			ix, err := index.Open(dir)
			if err != nil {
				return err
			}
			open := func(name string) (io.ReadCloser, error) { return pgn.Open(name) }
			problems, err := ix.Verify(cmd.Context(), index.VerifyOptions{Threads: threads, Open: open, Deep: deep})
			// Verify hashed every source; Refresh hashes again, under the lock, the ones
			// whose time moved, before it records anything.
			touched := ix.TimeMoved()
			ix.Close()
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			for _, p := range problems {
				fmt.Fprintln(out, p)
			}
			if len(problems) > 0 {
				return exitStatus(exitNoMatch)
			}
			if deep {
				fmt.Fprintf(out, "index %s: every checksum matches; %d games in %d sources agree with a fresh parse of them\n", dir, ix.Meta.Games, len(ix.Sources))
			} else {
				fmt.Fprintf(out, "index %s: every checksum matches; %s of %s unchanged since indexed (--deep compares every game with them)\n", dir, plural.N(len(ix.Sources), "source"), plural.N(int(ix.Meta.Games), "game"))
			}
			if len(touched) == 0 {
				return nil // nothing to write: a read-only index verifies too
			}
			// Every game agrees: a source whose time alone changed can be trusted by its time
			// again. Not recording it changes no answer (queries hash it), so it is a note.
			refreshed, err := index.Refresh(cmd.Context(), dir)
			if err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "cql: %s: the new modification times of %s could not be recorded (queries go on hashing them): %v\n", dir, strings.Join(touched, ", "), err)
				return nil
			}
			for _, r := range refreshed {
				fmt.Fprintf(out, "%s: same content under a new modification time, recorded\n", r)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&dir, "index", "x", "", "index directory")
	cmd.Flags().BoolVar(&deep, "deep", false, "also build an index afresh from the sources (beside DIR) and compare every part with it")
	workers = threadsFlag(cmd)
	return cmd
}

// startCPUProfile profiles the process into file until stop.
func startCPUProfile(file string) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func newIndexFindCmd() *cobra.Command {
	var dir, fen string
	var limit int
	var count bool
	var cpuProfile string
	var workers func() (int, error)
	cmd := &cobra.Command{
		Use:   "find -x DIR --fen FEN",
		Short: "List every occurrence of a position in the indexed games (transpositions and variations included)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := needIndexDir(dir); err != nil {
				return err
			}
			if fen == "" {
				return errors.New("give the position with --fen FEN")
			}
			threads, err := workers()
			if err != nil {
				return err
			}
			if cpuProfile != "" {
				stop, err := startCPUProfile(cpuProfile)
				if err != nil {
					return err
				}
				defer stop()
			}
			// The heap of a find is the table's entries of the position (3.7 MB for the start
			// position of masters-463k, 11 MB before format 16) and a few buffers, kept to the
			// end: a collection started when they are allocated slowed the listing down more
			// than it freed (start position, median of 21 runs: 55 -> 35 ms).
			debug.SetGCPercent(400)
			ix, err := index.Open(dir)
			if err != nil {
				return err
			}
			defer ix.Close()
			out := cmd.OutOrStdout()
			if count {
				c, err := ix.CountPosition(fen)
				if err != nil {
					return err
				}
				fmt.Fprintf(out, "%d occurrences in %d games\n", c.Occurrences, c.Games)
				if c.Occurrences == 0 {
					return exitStatus(exitNoMatch)
				}
				return nil
			}
			if limit < 0 {
				return fmt.Errorf("--limit %d: want a number of games, 0 for all", limit)
			}
			// Written as it is found, buffered: a listing can be hundreds of thousands of lines.
			found, err := ix.WriteFind(cmd.Context(), out, fen, threads, limit)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "cql: %d occurrences\n", found)
			if found == 0 {
				return exitStatus(exitNoMatch)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&dir, "index", "x", "", "index directory")
	cmd.Flags().StringVar(&fen, "fen", "", "the position (the move counters are ignored)")
	cmd.Flags().IntVar(&limit, "limit", 0, "list the occurrences in the first N games only (0: all)")
	cmd.Flags().StringVar(&cpuProfile, "cpuprofile", "", "write a CPU profile of the lookup to FILE (for developers)")
	cmd.Flags().BoolVar(&count, "count", false, "print the number of occurrences and games from the exact-position table alone (no game is read)")
	workers = threadsFlag(cmd)
	return cmd
}
