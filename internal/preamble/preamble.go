// Package preamble turns the command-line options that are CQL filters (-cql, -fen, -white,
// -player, -year, -result, -flipcolor, ...) into CQL text added to the query, where CQL puts
// them: the game filters of -player and -year first, then the transforms, which wrap the
// other options' filters (in the order given) and the body, so that `-flipcolor -white X`
// also looks for X as Black. cmd/cql and cmd/cql-beam both read these options through it, so
// a query means the same to both.
package preamble

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/query"
)

// Preamble is the filters the options added, in the order given.
type Preamble struct {
	Inject      []string // filters before the body, inside the transforms
	Transforms  []string // transforms wrapping them and the body, outermost first
	GameFilters []string // -player and -year: before everything, no transform changes them
	// CQLGiven: -cql was given, so every argument is an input (no query text among them).
	CQLGiven bool
	// Variations: an option needs variations searched (-virtualmainline).
	Variations bool
	player     string
}

// Transforms are the transform options, each named after its CQL filter.
var Transforms = []string{"flip", "flipcolor", "reversecolor", "shift", "rotate90", "rotate45",
	"fliphorizontal", "flipvertical", "shifthorizontal", "shiftvertical"}

// Options are the options Add takes besides the transforms, with the number of values each
// takes (year: one or two numbers, given as two).
var Options = map[string]int{"cql": 1, "fen": 1, "wtm": 0, "btm": 0, "virtualmainline": 0, "assign": 2,
	"white": 1, "black": 1, "player": 1, "event": 1, "site": 1, "result": 1, "year": 2}

// Add records the option name (without dashes, lower case) with its values.
func (p *Preamble) Add(name string, vals ...string) error {
	for _, t := range Transforms {
		if name == t {
			p.Transforms = append(p.Transforms, t)
			return nil
		}
	}
	if n, ok := Options[name]; !ok || len(vals) != n {
		return fmt.Errorf("preamble: option -%s with %d values", name, len(vals))
	}
	switch name {
	case "cql":
		v := vals[0]
		if strings.TrimSpace(v) == "" {
			return errors.New("-cql: empty filter")
		}
		p.Inject, p.CQLGiven = append(p.Inject, FilterText(v)), true
	case "fen", "event", "site":
		q, err := Quote(name, vals[0])
		p.Inject = append(p.Inject, name+" "+q)
		return err
	case "white", "black":
		// The names are regular expressions, searched for in the tag, as CQL's ~~ does.
		q, err := Quote(name, vals[0])
		p.Inject = append(p.Inject, "player "+name+" ~~ "+q)
		return err
	case "wtm", "btm":
		p.Inject = append(p.Inject, name)
	case "virtualmainline":
		p.Inject, p.Variations = append(p.Inject, "virtualmainline"), true
	case "assign":
		v, val := vals[0], vals[1]
		if !isIdent(v) {
			return fmt.Errorf("-assign: %q is not a variable name", v)
		}
		q, err := Quote("assign", val)
		if _, e := strconv.Atoi(val); e == nil {
			q, err = val, nil
		} else if val == "" {
			q, err = `""`, nil
		}
		p.Inject = append(p.Inject, v+" = "+q)
		return err
	case "player":
		v := vals[0]
		if p.player != "" {
			return fmt.Errorf("-player %q: -player was already given (%q); CQL takes one", v, p.player)
		}
		q, err := Quote("player", v)
		p.player = v
		p.GameFilters = append(p.GameFilters, "{player white ~~ "+q+"} or {player black ~~ "+q+"}")
		return err
	case "result":
		v := vals[0]
		switch v {
		case "1-0", "0-1", "1/2-1/2", "*":
		case "1/2", "=", "draw":
			v = "1/2-1/2"
		default:
			return fmt.Errorf("-result: want 1-0, 0-1, 1/2-1/2 or *, got %q", v)
		}
		p.Inject = append(p.Inject, "result \""+v+"\"")
	case "year":
		p.GameFilters = append(p.GameFilters, fmt.Sprintf("year >= %s year <= %s", vals[0], vals[1]))
	}
	return nil
}

// Empty reports whether no option added a filter or a transform.
func (p *Preamble) Empty() bool {
	return len(p.Inject)+len(p.Transforms)+len(p.GameFilters) == 0
}

// Filters reports whether an option added a filter (the arguments may then be all inputs).
func (p *Preamble) Filters() bool { return len(p.Inject)+len(p.GameFilters) > 0 }

// Apply returns src with the filters and transforms added to its body. Nothing is inserted
// before the body's first token, so the lines of the script keep their numbers in error
// messages (but after a -cql text with a line comment).
func (p *Preamble) Apply(src []byte) ([]byte, error) {
	if p.Empty() {
		return src, nil
	}
	// Every filter an option needs must exist; say which option needs which missing filter.
	for _, text := range append(append([]string{}, p.GameFilters...), p.Inject...) {
		if err := supported(text); err != nil {
			return nil, fmt.Errorf("the option that adds the filter `%s` cannot be used: %v", text, err)
		}
	}
	for _, t := range p.Transforms {
		if err := supported(t + " {true}"); err != nil {
			return nil, fmt.Errorf("-%s needs the CQL filter %s, which is not supported yet (%v)", t, t, err)
		}
	}
	off := query.BodyOffset(src)
	var b strings.Builder
	b.Write(src[:off])
	for _, text := range p.GameFilters {
		b.WriteString(text + " ")
	}
	for _, t := range p.Transforms {
		b.WriteString(t + " {")
	}
	for _, text := range p.Inject {
		b.WriteString(text + " ")
	}
	b.Write(src[off:])
	if len(p.Transforms) > 0 {
		b.WriteString("\n" + strings.Repeat("}", len(p.Transforms)))
	}
	return []byte(b.String()), nil
}

// supported reports whether text parses and compiles on its own.
func supported(text string) error {
	prog, err := query.Parse("", []byte(text))
	if err == nil {
		_, err = filter.Compile(prog)
	}
	if err != nil {
		// Only the message: the position is that of our own text.
		var list query.ErrorList
		var qe *query.Error
		switch {
		case errors.As(err, &list) && len(list) > 0:
			return errors.New(list[0].Msg)
		case errors.As(err, &qe):
			return errors.New(qe.Msg)
		}
	}
	return err
}

// Quote writes an option's text as a CQL string, which has no escapes (a regular
// expression such as \d reaches ~~ as it is), so it cannot hold a quote or a line
// break; nor can CQL's, which puts the text between quotes too.
func Quote(opt, v string) (string, error) {
	switch {
	case v == "":
		return "", fmt.Errorf("-%s: empty argument", opt)
	case strings.ContainsAny(v, "\"\n\r"):
		return "", fmt.Errorf("-%s %q: a CQL string cannot hold a quotation mark or a line break", opt, v)
	}
	return `"` + v + `"`, nil
}

// FilterText is a -cql text as one filter: in braces, as CQL adds it, and with a
// newline before the closing brace when a line comment could run to the end (-cql
// "/// mate"); only then do the script's lines move down one.
func FilterText(v string) string {
	if strings.Contains(v, "//") || strings.Contains(v, ";") {
		return "{" + v + "\n}"
	}
	return "{" + v + "}"
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
