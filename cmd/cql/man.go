package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// newManCmd is cql man: the manual page, in roff, from the same option tables as -help and
// docs/cli.md (`cql man | man -l -`, or `cql man > cql.1`).
func newManCmd() *cobra.Command {
	var update string
	cmd := &cobra.Command{
		Use:   "man",
		Short: "Write the manual page (roff) to standard output: cql man | man -l -",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if update != "" {
				return updateReference(update)
			}
			writeMan(cmd.OutOrStdout())
			return nil
		},
	}
	cmd.Flags().StringVar(&update, "update-reference", "", "rewrite the generated option reference in this Markdown file (go generate)")
	cmd.Flags().MarkHidden("update-reference")
	return cmd
}

// roff escapes text for a roff line: backslashes, dashes, and a leading . or '.
func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// writeMan writes the manual page.
func writeMan(w io.Writer) {
	var b bytes.Buffer
	v, _ := versionInfo()
	fmt.Fprintf(&b, ".TH CQL 1 \"\" \"cql %s\" \"User Commands\"\n", roff(v))
	b.WriteString(".SH NAME\ncql \\- Chess Query Language over PGN databases\n")
	b.WriteString(".SH SYNOPSIS\n")
	b.WriteString(".B cql\n[\\fIoptions\\fR] \\fIQUERY\\fR [\\fIFILE\\fR...]\n.br\n")
	b.WriteString(".B cql\n[\\fIoptions\\fR] \\fISCRIPT.cql\\fR [\\fIFILE\\fR...]\n.br\n")
	b.WriteString(".B cql\n\\fICOMMAND\\fR ...\n")
	b.WriteString(".SH DESCRIPTION\n")
	for _, p := range []string{
		"cql runs a CQL (Chess Query Language 6.1/6.2) query over every position of every game in PGN files and writes the matching games as PGN, with a {CQL} comment after the move that led to each matched position, or the matching positions as FEN, EPD, JSON lines, CSV or an HTML gallery.",
		"QUERY is CQL text or the path of a .cql script. Input comes from the files, -i, the script header's input parameter, or standard input when it is not a terminal; .gz, .bz2, .zst and .xz files are decompressed.",
		"Options take one dash or two, in any letter case (-gameNumber, --GAMENUMBER); a range option takes one or two numbers (-gamenumber 1 100, or 1-100). No command name is a CQL word: cql check games.pgn runs the filter check.",
	} {
		b.WriteString(".PP\n" + roff(p) + "\n")
	}
	b.WriteString(".SH OPTIONS\n")
	for _, o := range queryOptions {
		if o.hidden {
			continue
		}
		names := optionNames(o)
		for i := range names {
			names[i] = `\fB` + roff(names[i]) + `\fR`
		}
		line := strings.Join(names, ", ")
		if o.arg != "" {
			line += ` \fI` + roff(o.arg) + `\fR`
		}
		fmt.Fprintf(&b, ".TP\n%s\n%s\n", line, roff(o.help))
	}
	b.WriteString(".SH COMMANDS\n")
	for _, d := range documentedCommands() {
		fmt.Fprintf(&b, ".SS %s\n%s.\n", roff(usageLine(d.path, d.cmd)), roff(strings.TrimSpace(d.cmd.Short)))
		for _, f := range commandFlags(d.cmd) {
			name := `\fB\-\-` + roff(f.Name) + `\fR`
			if f.Shorthand != "" {
				name = `\fB\-` + roff(f.Shorthand) + `\fR, ` + name
			}
			if t := f.Value.Type(); t != "bool" {
				name += ` \fI` + roff(t) + `\fR`
			}
			usage := f.Usage
			if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "[]" && f.DefValue != "0" {
				usage += " (default " + f.DefValue + ")"
			}
			fmt.Fprintf(&b, ".TP\n%s\n%s\n", name, roff(usage))
		}
	}
	b.WriteString(".SH EXIT STATUS\n0 when some game matched, 1 when none did, 2 on an error (grep's convention). " +
		"A run stopped by SIGINT or SIGTERM ends by that signal (130 or 143 in a shell).\n")
	b.WriteString(".SH ENVIRONMENT\n")
	for _, e := range [][2]string{
		{"TMPDIR", "where a sorting query's output waits past 32 MiB"},
		{"CQL_GNUGO_DIR", "GNU Go's pattern databases for cql go (also $XDG_DATA_HOME/cql/gnugo)"},
	} {
		fmt.Fprintf(&b, ".TP\n.B %s\n%s\n", e[0], roff(e[1]))
	}
	b.WriteString(".SH SEE ALSO\n" + roff("cql COMMAND --help; the documents in the source tree's docs/ directory (cli.md, language.md, formats.md, index.md, serve.md).") + "\n")
	w.Write(b.Bytes())
}
