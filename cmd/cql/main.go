// Command cql answers chess-position questions (CQL queries) over PGN databases.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/cqlgo/cql/query"
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
	temps := &tempFiles{}
	ctx, stop := notifySignals(context.Background(), temps, os.Stderr)
	status := runContext(ctx, temps, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop() // ends the process by the signal that interrupted the run, if any
	os.Exit(status)
}

// subcommands are the commands other than the query. None of their names is a CQL word, so
// `cql check games.pgn` is the query `check` (tested against the CQL keyword list).
var subcommands = map[string]func() *cobra.Command{
	"validate": newValidateCmd,
	"export":   newExportCmd,
	"perft":    newPerftCmd,
	"board":    newBoardCmd,
	"go":       newGoCmd,
	"index":    newIndexCmd,
	"serve":    newServeCmd,
	"tags":     newTagCmd,
	"themes":   newThemesCmd,
}

// The commands that describe the command line itself (they read subcommands, so they are
// added here rather than in its initializer).
func init() {
	subcommands["man"] = newManCmd
	subcommands["completion"] = newCompletionCmd
}

// run executes the command line and returns the exit status; tests call it directly.
// A subcommand is recognised only as the first argument; anything else is the query
// command, whose options are parsed in args.go.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runContext(context.Background(), &tempFiles{}, args, stdin, stdout, stderr)
}

// runContext is run with the context that signals cancel and the run's temporary files,
// which are removed however the run ends: a panic too is an error here, exit status 2.
func runContext(ctx context.Context, temps *tempFiles, args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer temps.removeAll()
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "cql: internal error (please report it): %v\n%s", p, debug.Stack())
			status = exitError
		}
	}()
	if stdin == nil {
		stdin = noInput{}
	}
	var cmd *cobra.Command
	if completionRequest(args) {
		cmd = completionTree() // the shell completion script asking for words
	} else if len(args) > 0 && subcommands[args[0]] != nil {
		// The subcommand hangs under a root named cql, so that its help reads "cql index
		// build ..." and cobra adds no completion command of its own (`cql export
		// completion` wrote a completion script for a program named export).
		sub := subcommands[args[0]]()
		sub.SilenceUsage, sub.SilenceErrors = true, true
		if sub.HasSubCommands() && !sub.Runnable() {
			// Under a root, cobra shows a group's help for any argument: a word that is
			// none of its commands is an error, as it was when the group was the root.
			if w := unknownSubcommand(sub, args[1:]); w != "" {
				fmt.Fprintf(stderr, "cql: unknown command %q for \"cql %s\"\n", w, sub.Name())
				return exitError
			}
			if len(args) > 1 && args[1] == "help" { // cql index help build
				args = append(append([]string{args[0]}, args[2:]...), "--help")
			}
		}
		cmd = &cobra.Command{Use: "cql", SilenceUsage: true, SilenceErrors: true}
		cmd.CompletionOptions.DisableDefaultCmd = true
		cmd.AddCommand(sub)
		if sub.HasSubCommands() && !sub.Runnable() && len(args) == 1 {
			// cql index: its commands, and exit status 2 as bare cql gives
			fmt.Fprintf(stderr, "cql: give a command of cql %s\n%s", sub.Name(), sub.UsageString())
			return exitError
		}
		args = longOptionDashes(cmd, args)
	} else {
		if len(args) > 0 {
			if name := nearSubcommand(args[0]); name != "" {
				fmt.Fprintf(stderr, "cql: %q is no command and no CQL filter; did you mean cql %s?\n", args[0], name)
				return exitError
			}
		}
		cmd = newRootCmd()
	}
	cmd.SetArgs(args)
	cmd.SetIn(stdin)
	cmd.SetOut(stdout)
	cmd.SetErr(stderr)
	err := cmd.ExecuteContext(withTempFiles(ctx, temps))
	if err == nil {
		return exitMatch
	}
	var st exitStatus
	if errors.As(err, &st) {
		return int(st)
	}
	if errors.Is(err, context.Canceled) && context.Cause(ctx) != nil {
		err = context.Cause(ctx) // interrupted: say by what, not "context canceled"
	}
	fmt.Fprintln(stderr, "cql:", err)
	return exitError
}

// nearSubcommand returns the subcommand one edit (a transposition counts as one) from word
// when word is no CQL word: `cql valdiate f.pgn` would run the query valdiate. Names of
// fewer than four letters (go) are left out: one edit from go is -o, or to.
func nearSubcommand(word string) string {
	if strings.HasPrefix(word, "-") {
		return ""
	}
	for name := range subcommands {
		if len(name) < 4 {
			continue
		}
		if editDistance(word, name) == 1 || isTransposition(word, name) {
			if _, err := query.Parse("", []byte(word)); err != nil && strings.Contains(err.Error(), "unknown filter") {
				return name
			}
		}
	}
	return ""
}

// isTransposition reports whether a becomes b by swapping two adjacent letters.
func isTransposition(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// longOptionDashes gives a subcommand's long options the two dashes pflag wants when they
// come with one, as the query command takes them (cql validate -main-line f.pgn): an
// argument -NAME or -NAME=V where NAME is a long option of the command args run.
func longOptionDashes(root *cobra.Command, args []string) []string {
	target, _, err := root.Find(args)
	if err != nil || target == nil {
		return args
	}
	out := append([]string(nil), args...)
	for i, a := range out {
		if a == "--" {
			break
		}
		if len(a) < 3 || a[0] != '-' || a[1] == '-' {
			continue
		}
		name, _, _ := strings.Cut(a[1:], "=")
		if target.Flags().Lookup(name) != nil || target.InheritedFlags().Lookup(name) != nil {
			out[i] = "-" + a
		}
	}
	return out
}

// needFiles is a command's argument check: at least one, or an error that says what to give
// (cobra's said "requires at least 1 arg(s), only received 0").
func needFiles(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return fmt.Errorf("give the %s: %s", what, cmd.UseLine())
		}
		return nil
	}
}

// unknownSubcommand returns the first word of args (after a "help") when it names none of
// group's commands (a flag, or no word, is not one).
func unknownSubcommand(group *cobra.Command, args []string) string {
	if len(args) > 0 && args[0] == "help" {
		args = args[1:]
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return ""
	}
	for _, c := range group.Commands() {
		if c.Name() == args[0] || c.HasAlias(args[0]) {
			return ""
		}
	}
	return args[0]
}

// newRootCmd is the query command. Cobra only carries the standard streams and the
// context; the arguments are read by parseQueryArgs.
func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:                "cql [options] QUERY [FILE...]",
		Short:              "Chess Query Language over PGN databases",
		Args:               cobra.ArbitraryArgs,
		DisableFlagParsing: true,
		SilenceUsage:       true,
		SilenceErrors:      true,
		RunE: func(cmd *cobra.Command, args []string) error {
			f, rest, err := parseQueryArgs(args)
			if f != nil && f.guiFlag || err != nil && hasGUIOption(args) {
				return runGUI(cmd, f, rest, err)
			}
			if err != nil {
				return err
			}
			return runQuery(cmd, f, rest)
		},
	}
	root.CompletionOptions.DisableDefaultCmd = true
	return root
}

// noInput is standard input when there is none (tests): empty, and treated as a terminal,
// so it is never read as PGN.
type noInput struct{}

func (noInput) Read([]byte) (int, error) { return 0, io.EOF }

// stdinIsTerminal reports whether r is a terminal (or no input at all): then a query without
// input files is an error rather than a wait for typed PGN.
func stdinIsTerminal(r io.Reader) bool {
	switch r := r.(type) {
	case noInput:
		return true
	case *os.File:
		return term.IsTerminal(int(r.Fd()))
	}
	return false
}
