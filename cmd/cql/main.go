// Command cql answers chess-position questions (CQL queries) over PGN databases.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
)

// Exit statuses follow grep: 0 when something matched, 1 when nothing did, 2 on error.
const (
	exitMatch   = 0
	exitNoMatch = 1
	exitError   = 2
)

// exitStatus lets a command choose the process exit status without printing an error.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line and returns the exit status; tests call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd(stdin, stdout, stderr)
	root.SetArgs(normalizeCQLArgs(args))
	err := root.Execute()
	if err == nil {
		return exitMatch
	}
	var st exitStatus
	if errors.As(err, &st) {
		return int(st)
	}
	fmt.Fprintln(stderr, "cql:", err)
	return exitError
}

func newRootCmd(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	var qf queryFlags
	root := &cobra.Command{
		Use:           "cql [flags] QUERY [FILE...]",
		Short:         "Chess Query Language over PGN databases",
		Long:          queryLong,
		Args:          cobra.ArbitraryArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runQuery(cmd, &qf, args)
		},
	}
	root.CompletionOptions.DisableDefaultCmd = true
	addQueryFlags(root, &qf)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	// Subcommands, one file each.
	root.AddCommand(newPerftCmd())
	root.AddCommand(newBoardCmd())
	root.AddCommand(newCheckCmd())
	root.AddCommand(newExportCmd())
	return root
}
