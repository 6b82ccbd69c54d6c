package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/query"
)

// -gui speaks CQL's protocol for programs that run cql and read its standard output
// (gadycosteff.com/cql-6-0-5/gui.html): every line for the calling program starts with
// <CqlGui. At the start, the variables version and build; on an error, for a query error
// linenumbererror and columnnumbererror, then <CqlGuiError>message</CqlGuiError> and exit
// status 1; at the end of a run, numbermatches (matching games), numbergamesexamined,
// seconds, numberthreads and outputfile, the persistent variables and --stats tables as a
// <CqlGuiMessage>...</CqlGuiMessage>, and <CqlGuiNormalExit> with exit status 0 (whether
// or not a game matched). Since standard output carries the protocol, the games go to the
// -o file, which -gui requires; problems in games are still written to standard error.

// guiRun collects what the end of a -gui run reports.
type guiRun struct {
	matches, games, threads int
	seconds                 float64
	output                  string
	messages                bytes.Buffer // persistent variables and statistics
}

// guiVar writes one <CqlGuiVariable> line.
func guiVar(b *strings.Builder, name string, value any) {
	fmt.Fprintf(b, "<CqlGuiVariable> %s %v\n", name, value)
}

// runGUI runs the query command with the -gui protocol on standard output.
func runGUI(cmd *cobra.Command, f *queryFlags, rest []string, parseErr error) error {
	var b strings.Builder
	v, commit := versionInfo()
	guiVar(&b, "version", v)
	guiVar(&b, "build", commit)
	out := cmd.OutOrStdout()
	fmt.Fprint(out, b.String())
	b.Reset()
	err := parseErr
	if err == nil {
		f.gui = &guiRun{}
		err = runQuery(cmd, f, rest)
	}
	var st exitStatus
	if err == nil || errors.As(err, &st) && int(st) == exitNoMatch {
		if g := f.gui; g != nil && g.output != "" {
			guiVar(&b, "numbermatches", g.matches)
			guiVar(&b, "numbergamesexamined", g.games)
			guiVar(&b, "seconds", fmt.Sprintf("%.3g", g.seconds))
			guiVar(&b, "numberthreads", g.threads)
			guiVar(&b, "outputfile", g.output)
			if m := strings.TrimRight(g.messages.String(), "\n"); m != "" {
				fmt.Fprintf(&b, "<CqlGuiMessage>%s</CqlGuiMessage>\n", m)
			}
		}
		b.WriteString("<CqlGuiNormalExit>\n")
		fmt.Fprint(out, b.String())
		return nil
	}
	msg := err.Error()
	if errors.As(err, &st) { // the run failed; its errors are on standard error
		msg = "the run failed: see the messages on standard error"
	} else {
		fmt.Fprintln(cmd.ErrOrStderr(), "cql:", err)
	}
	var qe *query.Error
	if errors.As(err, &qe) {
		b.WriteString("\n")
		guiVar(&b, "linenumbererror", qe.Pos.Line)
		guiVar(&b, "columnnumbererror", qe.Pos.Col)
	}
	fmt.Fprintf(&b, "<CqlGuiError>%s</CqlGuiError>\n", strings.TrimRight(msg, "\n"))
	fmt.Fprint(out, b.String())
	return exitStatus(1)
}

// hasGUIOption reports whether the command line asks for -gui, for a command line that
// could not be parsed (its error is then reported the -gui way).
func hasGUIOption(args []string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		if len(a) > 1 && a[0] == '-' {
			if opt := lookupOption(strings.TrimPrefix(a[1:], "-")); opt != nil && opt.names[0] == "gui" {
				return true
			}
		}
	}
	return false
}
