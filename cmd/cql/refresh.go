package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/index"
)

func newIndexRefreshCmd() *cobra.Command {
	var dir string
	var workers func() (int, error)
	cmd := &cobra.Command{
		Use:   "refresh -x DIR",
		Short: "Bring an index up to date with its sources (the files it records): rebuild it when any grew or was rewritten, and say what changed",
		Long: `refresh reads again the sources the index records (no paths to give): a file whose
size and time are as indexed is unchanged; one whose content is the same under a new time
is unchanged (the time is recorded); one that grew by games appended, or was rewritten,
makes refresh build the index again from all of its sources, in their order, as
cql index build would (with or without the exact-position table as before), and swap it
in whole. It says what it found: "2 files unchanged, games.pgn grew by 120 games: index
rebuilt from its 3 sources (463,678 games)". A missing source is an error and the index
is left as it is (it still holds that file's games): build it again with the files wanted.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := needIndexDir(dir); err != nil {
				return err
			}
			threads, err := workers()
			if err != nil {
				return err
			}
			boundBuildMemory()
			stderr := cmd.ErrOrStderr()
			bar := newProgress(stderr, "index")
			problems := 0
			opt := index.BuildOptions{
				Threads: threads,
				Open:    func(name string) (io.ReadCloser, error) { return openInput(name, nil, bar) },
				OnGame:  bar.Item,
				OnProblem: func(err error) {
					problems++
					fmt.Fprintln(stderr, "cql:", err)
				},
			}
			r, err := index.RefreshSources(cmd.Context(), dir, opt)
			bar.Finish()
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "index %s: %s\n", dir, r)
			return nil
		},
	}
	cmd.Flags().StringVarP(&dir, "index", "x", "", "index directory")
	workers = threadsFlag(cmd)
	return cmd
}
