package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/themes"
)

// newThemesCmd is `cql themes`: the built-in theme library (mate patterns, tactics, endgame
// classes, pawn structures), each a CQL query shipped in the binary.
func newThemesCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "themes list | show NAME...",
		Short: "List the built-in chess themes or print one's CQL text",
		Long: `The built-in theme library: CQL queries for mate patterns, tactics, special moves,
endgame classes and pawn structures, named as chess players name them.

  cql themes list          the names and one-line definitions
  cql themes show NAME     the theme's CQL text, to copy and change:
                           cql themes show smothered-mate > s.cql; cql s.cql games.pgn`,
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "list",
		Short: "Print every theme's name and one-line definition",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return listThemes(cmd.OutOrStdout())
		},
	})
	cmd.AddCommand(&cobra.Command{
		Use:   "show NAME...",
		Short: "Print the CQL text of the named themes",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			for i, name := range args {
				th, ok := themes.Lookup(name)
				if !ok {
					return fmt.Errorf("no theme %q (cql themes list names them)%s", name, nearThemes(name))
				}
				if i > 0 {
					fmt.Fprintln(out)
				}
				io.WriteString(out, th.Source)
				if !strings.HasSuffix(th.Source, "\n") {
					fmt.Fprintln(out)
				}
			}
			return nil
		},
	})
	return cmd
}

// listThemes writes "NAME  SUMMARY" lines, the summaries aligned.
func listThemes(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, th := range themes.All() {
		fmt.Fprintf(tw, "%s\t%s\n", th.Name, th.Summary)
	}
	return tw.Flush()
}

// nearThemes names the themes whose names contain name (or name's words), as a hint.
func nearThemes(name string) string {
	var near []string
	low := strings.ToLower(name)
	for _, th := range themes.All() {
		for _, w := range strings.FieldsFunc(low, func(r rune) bool { return r == '-' || r == ' ' || r == '_' }) {
			if len(w) >= 3 && strings.Contains(th.Name, w) {
				near = append(near, th.Name)
				break
			}
		}
	}
	if len(near) == 0 || len(near) > 8 {
		return ""
	}
	return "; did you mean " + strings.Join(near, ", ") + "?"
}
