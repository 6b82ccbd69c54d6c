package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The option reference of docs/cli.md and the manual page (cql man) are written from the
// tables the program reads its command line with: queryOptions for the query command, and
// each subcommand's cobra flag set. TestCLIReferenceUpToDate fails when docs/cli.md's copy
// differs from what writeReference writes now; `go generate ./cmd/cql` rewrites it.

//go:generate go run . man --update-reference ../../docs/cli.md

// Markers around the generated part of docs/cli.md.
const (
	referenceBegin = "<!-- BEGIN OPTION REFERENCE: written by `go generate ./cmd/cql` from the program's option tables; do not edit by hand -->"
	referenceEnd   = "<!-- END OPTION REFERENCE -->"
)

// commandDoc is one command of the reference: its path (cql index build), its cobra command.
type commandDoc struct {
	path string
	cmd  *cobra.Command
}

// documentedCommands lists every runnable subcommand, in the order of the sorted names of
// subcommands and, below a group, in cobra's order of its commands (sorted by name).
func documentedCommands() []commandDoc {
	names := make([]string, 0, len(subcommands))
	for name := range subcommands {
		names = append(names, name)
	}
	sort.Strings(names)
	var out []commandDoc
	var walk func(path string, c *cobra.Command)
	walk = func(path string, c *cobra.Command) {
		if c.Hidden || c.Name() == "help" {
			return
		}
		if c.Runnable() {
			out = append(out, commandDoc{path, c})
		}
		for _, sub := range c.Commands() {
			walk(path+" "+sub.Name(), sub)
		}
	}
	for _, name := range names {
		walk("cql "+name, subcommands[name]())
	}
	return out
}

// optionNames returns an option's names as -help shows them, shortest first.
func optionNames(o option) []string {
	names := make([]string, 0, len(o.names))
	for _, n := range o.names {
		names = append(names, "-"+n)
	}
	sort.SliceStable(names, func(i, j int) bool { return len(names[i]) < len(names[j]) })
	return names
}

// commandFlags lists a command's own and inherited flags that are not hidden, by name.
func commandFlags(c *cobra.Command) []*pflag.Flag {
	var out []*pflag.Flag
	seen := map[string]bool{}
	add := func(f *pflag.Flag) {
		if !f.Hidden && !seen[f.Name] && f.Name != "help" {
			seen[f.Name] = true
			out = append(out, f)
		}
	}
	c.LocalFlags().VisitAll(add)
	c.InheritedFlags().VisitAll(add)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// usageLine is a command's use line under its full path: "cql index build [flags] -x DIR FILE...".
func usageLine(path string, c *cobra.Command) string {
	use := c.Use
	if i := strings.IndexByte(use, ' '); i >= 0 {
		return path + use[i:]
	}
	return path
}

// mdCell escapes text for a Markdown table cell.
func mdCell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

// writeReference writes the Markdown option reference, markers included.
func writeReference(w io.Writer) {
	var b bytes.Buffer
	fmt.Fprintln(&b, referenceBegin)
	fmt.Fprintln(&b, "## Option reference")
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, "### `cql [options] QUERY [FILE...]`, `cql [options] SCRIPT.cql [FILE...]`")
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, "Options take one dash or two, in any letter case (`-gamenumber`, `--GameNumber`), and `-name=value`;")
	fmt.Fprintln(&b, "a range option (`N [M]`) takes one or two numbers, or `N-M`.")
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, "| option | argument | meaning |")
	fmt.Fprintln(&b, "|---|---|---|")
	var compat, developer []string
	for _, o := range queryOptions {
		names := optionNames(o)
		if o.hidden {
			spelled := "`" + strings.Join(names, "`, `") + "`"
			if o.arg != "" {
				spelled += " " + o.arg
			}
			if o.help == "" {
				compat = append(compat, spelled)
			} else {
				developer = append(developer, spelled+" ("+strings.TrimSuffix(o.help, " (for developers)")+")")
			}
			continue
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", strings.Join(names, "`, `"), mdCell(o.arg), mdCell(o.help))
	}
	fmt.Fprintln(&b)
	fmt.Fprintf(&b, "Accepted as CQL 9.493 reads them, and left out of `-help`: %s.\n", strings.Join(compat, ", "))
	fmt.Fprintf(&b, "For developers, also left out of `-help`: %s.\n", strings.Join(developer, "; "))
	for _, d := range documentedCommands() {
		fmt.Fprintln(&b)
		fmt.Fprintf(&b, "### `%s`\n", usageLine(d.path, d.cmd))
		fmt.Fprintln(&b)
		fmt.Fprintln(&b, strings.TrimSpace(d.cmd.Short)+".")
		flags := commandFlags(d.cmd)
		if len(flags) == 0 {
			continue
		}
		fmt.Fprintln(&b)
		fmt.Fprintln(&b, "| flag | type | default | meaning |")
		fmt.Fprintln(&b, "|---|---|---|---|")
		for _, f := range flags {
			name := "--" + f.Name
			if f.Shorthand != "" {
				name = "-" + f.Shorthand + "`, `" + name
			}
			def := f.DefValue
			if def == "" || def == "[]" {
				def = " "
			} else {
				def = "`" + mdCell(def) + "`"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", name, f.Value.Type(), def, mdCell(f.Usage))
		}
	}
	fmt.Fprintln(&b, referenceEnd)
	w.Write(b.Bytes())
}

// referenceIn returns the generated part of a document (markers included) and where it is.
func referenceIn(doc []byte) (part []byte, start, end int, err error) {
	start = bytes.Index(doc, []byte(referenceBegin))
	e := bytes.Index(doc, []byte(referenceEnd))
	if start < 0 || e < start {
		return nil, 0, 0, fmt.Errorf("no generated option reference (between %q and %q)", referenceBegin, referenceEnd)
	}
	end = e + len(referenceEnd)
	if end < len(doc) && doc[end] == '\n' {
		end++
	}
	return doc[start:end], start, end, nil
}

// updateReference rewrites the generated part of the document at path.
func updateReference(path string) error {
	doc, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	_, start, end, err := referenceIn(doc)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	var b bytes.Buffer
	b.Write(doc[:start])
	writeReference(&b)
	b.Write(doc[end:])
	return os.WriteFile(path, b.Bytes(), 0o644)
}
