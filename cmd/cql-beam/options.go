package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/internal/preamble"
)

// The options that are CQL filters (-cql, -fen, -player, -year, -result, -flipcolor, ...)
// and the query's source are read as cql reads them (cmd/cql/args.go, query.go), through
// package preamble: the filters are added before the script's body in the order given, so a
// script, a .cql file or no script at all give the query cql runs.

// injected is one option that adds a filter or a transform: its name and its values.
type injected struct {
	option string
	values []string
}

type injectList []injected

// injectFlag records one option's values in the shared list, keeping the order of the
// command line across options. An option with two values (-assign VAR VALUE, -year N M)
// gets them joined by cqlArgs.
type injectFlag struct {
	list   *injectList
	option string
}

func (f injectFlag) IsBoolFlag() bool { return preamble.Options[f.option] == 0 }

func (f injectFlag) String() string { return "" }

func (f injectFlag) Set(v string) error {
	var vals []string
	switch preamble.Options[f.option] {
	case 0:
		b, err := strconv.ParseBool(v)
		if err != nil || !b {
			return err
		}
	case 1:
		vals = []string{v}
	case 2:
		vals = strings.SplitN(v, pairSep, 2)
		if f.option == "year" {
			// Years start at 1: cql (and CQL) refuse 0.
			r, err := parseRange("-year", strings.ReplaceAll(v, pairSep, " "))
			switch {
			case err != nil:
				optionErr(err)
				return nil
			case r.Min < 1:
				optionErr(fmt.Errorf("-year: want numbers of at least 1, got %d", r.Min))
				return nil
			}
			vals = []string{strconv.Itoa(r.Min), strconv.Itoa(r.Max)}
		}
		if len(vals) != 2 {
			optionErr(fmt.Errorf("-%s needs two arguments", f.option))
			return nil
		}
	}
	if f.option == "virtualmainline" {
		*fl.lines = "variations" // it searches variations, as --variations would
	}
	*f.list = append(*f.list, injected{f.option, vals})
	return nil
}

// registerPreamble defines cql's filter options as flags.
func registerPreamble(list *injectList) {
	help := map[string]string{
		"cql":             "CQL filters every position must also match (repeatable; added before the script's body)",
		"fen":             "only positions with this board (the filter fen \"FEN\")",
		"wtm":             "only positions with White to move",
		"btm":             "only positions with Black to move",
		"virtualmainline": "search variations, only positions on the virtual main line",
		"assign":          "VAR VALUE: set variable VAR to VALUE before the body",
		"white":           "only games where the white player's name contains a match of REGEX",
		"black":           "only games where the black player's name contains a match of REGEX",
		"player":          "only games where either player's name contains a match of REGEX (given once)",
		"event":           "only games whose Event tag contains TEXT",
		"site":            "only games whose Site tag contains TEXT",
		"result":          "only games with this result: 1-0, 0-1, 1/2-1/2 (or 1/2), *",
		"year":            "N [M]: only games played in years N to M",
	}
	for name := range preamble.Options {
		flag.Var(injectFlag{list, name}, name, help[name])
	}
	for _, t := range preamble.Transforms {
		flag.Var(injectFlag{list, t}, t, "wrap the body and the options' filters (not -player, -year) in the transform "+t)
	}
}

// optionErr keeps the first error in an option's value, reported as cql reports it (the flag
// package would print its usage).
func optionErr(err error) {
	if optionError == nil {
		optionError = err
	}
}

// pairSep joins an option's two values into one argument.
const pairSep = "\x00"

// rangeOptions take one or two numbers, as in cql: `-gamenumber 3 40` is `-gamenumber 3-40`.
var rangeOptions = map[string]bool{"gamenumber": true, "g": true, "matchcount": true, "year": true}

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
			switch {
			case rangeOptions[name] && i+1 < len(args) && isNumber(args[i]) && isNumber(args[i+1]):
				out[len(out)-1] += " " + args[i+1]
				i++
			case preamble.Options[name] == 2 && !rangeOptions[name] && i+1 < len(args):
				out[len(out)-1] += pairSep + args[i+1]
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

// querySource finds the query text among the arguments as cql does (preamble.Source) and
// adds the options' filters before its body; the rest are inputs.
func querySource(script string, inject injectList, haveInputs bool, args []string) (name, src string, inputs []string, err error) {
	var pre preamble.Preamble
	for _, in := range inject {
		if err := pre.Add(in.option, in.values...); err != nil {
			return "", "", nil, err
		}
	}
	name, b, inputs, err := pre.Source(script, haveInputs, args)
	if err == nil {
		b, err = pre.Apply(b)
	}
	if err != nil {
		return "", "", nil, err
	}
	return name, string(b), inputs, nil
}

// commentLevel is the -silent or -quiet given; optionError refuses a second one, as cql does
// (CQL takes only one of them).
var (
	commentLevel string
	optionError  error
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
	if commentLevel != "" && optionError == nil {
		optionError = fmt.Errorf("-%s: the comment level was already given (-%s)", c.level, commentLevel)
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
