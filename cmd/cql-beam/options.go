package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/query"
)

// The options that are CQL filters (-cql, -result) and the query's source are read as cql
// reads them (cmd/cql/args.go, query.go, inject.go): the filters are added before the
// script's body in the order given, so that a script, a .cql file or no script at all give
// the query cql runs.

// injected is one option that adds a filter: its name and its value as given.
type injected struct{ option, value string }

type injectList []injected

// injectFlag records one option's values in the shared list, keeping the order of the
// command line across options.
type injectFlag struct {
	list   *injectList
	option string
}

func (f injectFlag) String() string {
	if f.list == nil {
		return ""
	}
	var vs []string
	for _, in := range *f.list {
		if in.option == f.option {
			vs = append(vs, in.value)
		}
	}
	return strings.Join(vs, ",")
}

func (f injectFlag) Set(v string) error {
	*f.list = append(*f.list, injected{f.option, v})
	return nil
}

// filters returns the CQL text of each option's filter, and whether -cql was given (then
// every argument is an input, as for cql).
func (l injectList) filters() (texts []string, cqlGiven bool, err error) {
	for _, in := range l {
		switch in.option {
		case "cql":
			if strings.TrimSpace(in.value) == "" {
				return nil, false, errors.New("-cql: empty filter")
			}
			// In braces, so that `-cql 'a or b'` stays one filter; a line comment in it ends
			// before the closing brace.
			text := "{" + in.value + "}"
			if strings.Contains(in.value, "//") || strings.Contains(in.value, ";") {
				text = "{" + in.value + "\n}"
			}
			texts, cqlGiven = append(texts, text), true
		case "result":
			v := in.value
			switch v {
			case "1-0", "0-1", "1/2-1/2", "*":
			case "1/2", "=", "draw":
				v = "1/2-1/2"
			default:
				return nil, false, fmt.Errorf("-result: want 1-0, 0-1, 1/2-1/2 or *, got %q", v)
			}
			texts = append(texts, `result "`+v+`"`)
		}
	}
	return texts, cqlGiven, nil
}

// rangeOptions take one or two numbers, as in cql: `-gamenumber 3 40` is `-gamenumber 3-40`.
var rangeOptions = map[string]bool{"gamenumber": true, "g": true, "matchcount": true}

// cqlArgs rewrites the arguments as Go's flag package reads them, where cql reads them
// otherwise: an option's name in any letter case (-Count) is lower-cased when only that
// spelling is defined, and a range option's second number is joined to its first (the flag
// package takes one value; cql takes the number after a single number).
func cqlArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) < 2 || a[0] != '-' {
			out = append(out, a)
			continue
		}
		dashes := "-"
		if strings.HasPrefix(a, "--") {
			dashes = "--"
		}
		name, value, inline := strings.Cut(a[len(dashes):], "=")
		f := flag.CommandLine.Lookup(name)
		if f == nil {
			if lf := flag.CommandLine.Lookup(strings.ToLower(name)); lf != nil {
				f, name = lf, lf.Name
				a = dashes + name
				if inline {
					a += "=" + value
				}
			}
		}
		out = append(out, a)
		if f == nil || inline {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		// The option's value is the next argument, left as it is.
		if i+1 < len(args) {
			i++
			out = append(out, args[i])
			if rangeOptions[name] && i+1 < len(args) && isNumber(args[i]) && isNumber(args[i+1]) {
				out[len(out)-1] += " " + args[i+1]
				i++
			}
		}
	}
	return out
}

func isNumber(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// querySource finds the query text among the arguments as cql does: -f script, a .cql
// file, a script named without its .cql (with -i), only the options' filters (-cql given,
// or the first argument an input file), or the first argument as text; the rest are
// inputs. The options' filters are added before the body.
func querySource(script string, inject injectList, haveInputs bool, args []string) (name, src string, inputs []string, err error) {
	texts, cqlGiven, err := inject.filters()
	if err != nil {
		return "", "", nil, err
	}
	var b []byte
	switch {
	case script != "":
		name, inputs = script, args
		b, err = readScript(script)
	case len(args) > 0 && strings.HasSuffix(args[0], ".cql"):
		name, inputs = args[0], args[1:]
		b, err = readScript(args[0])
	case len(args) == 1 && haveInputs && isCQLScriptStem(args[0]):
		name = args[0] + ".cql"
		b, err = os.ReadFile(name)
	case cqlGiven || len(texts) > 0 && (len(args) == 0 || looksLikeInput(args[0])):
		name, inputs = "-cql", args
	case len(args) == 0:
		return "", "", nil, errors.New("no query: give CQL text or a .cql script")
	default:
		name, b, inputs = "query", []byte(args[0]), args[1:]
	}
	if err != nil {
		return "", "", nil, err
	}
	return name, injectFilters(string(b), texts), inputs, nil
}

// injectFilters adds the filters at the start of the body, after the header: nothing comes
// before the body's first token, so the script's lines keep their numbers.
func injectFilters(src string, texts []string) string {
	if len(texts) == 0 {
		return src
	}
	off := query.BodyOffset([]byte(src))
	var b strings.Builder
	b.WriteString(src[:off])
	for _, t := range texts {
		b.WriteString(t + " ")
	}
	b.WriteString(src[off:])
	return b.String()
}

// readScript reads a CQL script; CQL lets the .cql extension be left out.
func readScript(name string) ([]byte, error) {
	b, err := os.ReadFile(name)
	if err != nil && !strings.HasSuffix(name, ".cql") {
		if b2, err2 := os.ReadFile(name + ".cql"); err2 == nil {
			return b2, nil
		}
	}
	return b, err
}

// isCQLScriptStem reports whether arg names a script without its .cql: no such file, no
// extension, and arg.cql exists.
func isCQLScriptStem(arg string) bool {
	if filepath.Ext(arg) != "" || looksLikeInput(arg) {
		return false
	}
	st, err := os.Stat(arg + ".cql")
	return err == nil && !st.IsDir()
}

// looksLikeInput reports whether a first argument is a file rather than query text.
func looksLikeInput(arg string) bool {
	st, err := os.Stat(arg)
	return err == nil && !st.IsDir()
}

// commentLevel is the -silent or -quiet given; commentErr refuses a second one, as cql does
// (CQL takes only one of them).
var (
	commentLevel string
	commentErr   error
)

// commentFlag is -silent or -quiet.
type commentFlag struct {
	level string
	on    *bool
}

func (c commentFlag) IsBoolFlag() bool { return true }

func (c commentFlag) String() string {
	if c.on != nil && *c.on {
		return "true"
	}
	return "false"
}

func (c commentFlag) Set(v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil || !b {
		return err
	}
	if commentLevel != "" && commentErr == nil {
		commentErr = fmt.Errorf("-%s: the comment level was already given (-%s)", c.level, commentLevel)
	}
	commentLevel, *c.on = c.level, true
	return nil
}

// choiceFlag is --variations or --mainline: the last given is the choice.
type choiceFlag struct {
	name   string
	choice *string
}

func (c choiceFlag) IsBoolFlag() bool { return true }

func (c choiceFlag) String() string {
	if c.choice != nil && *c.choice == c.name {
		return "true"
	}
	return "false"
}

func (c choiceFlag) Set(v string) error {
	b, err := strconv.ParseBool(v)
	if err == nil && b {
		*c.choice = c.name
	}
	return err
}
