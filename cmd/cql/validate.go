package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/internal/plural"
	"github.com/cqlgo/cql/pgn"
	cqlrun "github.com/cqlgo/cql/run"
)

// openInput opens a PGN file ("-" is stdin), decompressing by name or magic
// bytes, and counts the bytes read from disk into bar.
func openInput(name string, stdin io.Reader, bar *progress) (io.ReadCloser, error) {
	if name == "-" {
		bar.StartFile(0)
		rc, err := pgn.NewReader(io.NopCloser(bar.Reader(stdin)), cqlrun.StdinName)
		if err != nil {
			return nil, err
		}
		return bar.Inflated(rc), nil
	}
	f, err := openFile(name)
	if err != nil {
		return nil, err
	}
	size := int64(0)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	bar.StartFile(size)
	rc, err := pgn.NewReader(struct {
		io.Reader
		io.Closer
	}{bar.Reader(f), f}, name)
	if err != nil {
		return nil, err
	}
	return bar.Inflated(rc), nil
}

// inputsExist checks that every named input (not -) exists, before anything is read.
func inputsExist(files []string) error {
	for _, name := range files {
		if name == "-" {
			continue
		}
		if _, err := os.Stat(name); err != nil {
			return fmt.Errorf("input: %w", err)
		}
	}
	return nil
}

// scanFiles reads the named PGN inputs in turn with pgn.ScanParallel: work runs in the
// workers, emit gets the results in file order. A file that cannot be read is reported on
// standard error and the others are still read; the result says whether all were read.
func scanFiles[R any](cmd *cobra.Command, files []string, bar *progress, opt pgn.Options,
	work func(int, *pgn.Game) R, emit func(R) error) bool {
	ok := true
	for _, name := range files {
		rc, err := openInput(name, cmd.InOrStdin(), bar)
		if err == nil {
			err = pgn.ScanParallel(cmd.Context(), rc, cqlrun.InputName(name), opt, work, emit)
			rc.Close()
		}
		if err != nil {
			bar.Finish()
			if cause := context.Cause(cmd.Context()); cause != nil {
				err = cause // interrupted: say by what, once, and read no more files
			}
			fmt.Fprintln(cmd.ErrOrStderr(), "cql:", err)
			ok = false
			if cmd.Context().Err() != nil {
				break
			}
		}
	}
	return ok
}

// threadsFlag adds --threads to a subcommand; workers checks and returns its value.
func threadsFlag(cmd *cobra.Command) (workers func() (int, error)) {
	n := cmd.Flags().Int("threads", runtime.GOMAXPROCS(0), "number of worker threads (at most 1024)")
	return func() (int, error) {
		if err := cqlrun.CheckThreads(*n); err != nil {
			return 0, err
		}
		return *n, nil
	}
}

func newValidateCmd() *cobra.Command {
	var mainOnly bool
	var workers func() (int, error)
	cmd := &cobra.Command{
		Use:   "validate FILE...",
		Short: "Validate PGN files and report every problem with its location",
		Long: `Validate reads PGN files (.gz, .bz2 and .zst are decompressed; - is standard input),
replays every move, and prints each problem as FILE:LINE:COL: game N: reason (move text),
then a summary. The exit status is 0 when there is no problem, 1 when there are some,
and 2 when a file cannot be read.`,
		Args: needFiles("PGN files to validate (- for standard input)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			threads, err := workers()
			if err != nil {
				return err
			}
			// A missing file is an error before any output: no clean summary of nothing.
			if err := inputsExist(args); err != nil {
				return err
			}
			out := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
			defer out.Flush()
			stderr := cmd.ErrOrStderr()
			bar := newProgress(stderr, "validate")
			defer bar.Finish()
			opt := pgn.Options{Variations: !mainOnly, Workers: threads}
			var games, positions, problems, badGames int
			// Games are checked in the workers; only their problems travel.
			type result struct {
				positions int
				errors    []error
			}
			failed := !scanFiles(cmd, args, bar, opt,
				func(_ int, g *pgn.Game) result {
					r := result{positions: len(g.Nodes)}
					if len(g.Errors) > 0 {
						r.errors = append([]error(nil), g.Errors...)
					}
					return r
				},
				func(r result) error {
					bar.Item()
					games++
					positions += r.positions
					if len(r.errors) > 0 {
						badGames++
					}
					for _, e := range r.errors {
						problems++
						fmt.Fprintln(out, e)
					}
					return nil
				})
			bar.Finish()
			fmt.Fprintf(out, "%s, %s, %s in %s\n", plural.N(games, "game"), plural.N(positions, "position"), plural.N(problems, "error"), plural.N(badGames, "game"))
			if err := out.Flush(); err != nil {
				return err
			}
			switch {
			case failed:
				return exitStatus(exitError)
			case problems > 0:
				return exitStatus(exitNoMatch)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&mainOnly, "main-line", false, "check the main lines only, skipping variations")
	workers = threadsFlag(cmd)
	return cmd
}
