package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/query"
)

// Options such as -white, -fen and -flipcolor are CQL filters given on the command line.
// They are added to the program's text, so the parser and checker treat them like any other
// filter, where CQL puts them: the game filters of -player and -year first, then the
// transforms, which wrap the other options' filters (CQL's preamble: -cql, -fen, -white,
// -result, ... in the order given) and the body, so that `-flipcolor -white X` also looks
// for X as Black. Nothing is inserted before the body's first token, so the lines of the
// script keep their numbers in error messages (but after a -cql text with a line comment).

// injectFilters returns src with f's filters and transforms added to its body.
func injectFilters(f *queryFlags, src []byte) ([]byte, error) {
	if len(f.inject)+len(f.transforms)+len(f.gameFilters) == 0 {
		return src, nil
	}
	// Every filter an option needs must exist; say which option needs which missing filter.
	for _, text := range append(append([]string{}, f.gameFilters...), f.inject...) {
		if err := supported(text); err != nil {
			return nil, fmt.Errorf("the option that adds the filter `%s` cannot be used: %v", text, err)
		}
	}
	for _, t := range f.transforms {
		if err := supported(t + " {true}"); err != nil {
			return nil, fmt.Errorf("-%s needs the CQL filter %s, which is not supported yet (%v)", t, t, err)
		}
	}
	off := query.BodyOffset(src)
	var b strings.Builder
	b.Write(src[:off])
	for _, text := range f.gameFilters {
		b.WriteString(text + " ")
	}
	for _, t := range f.transforms {
		b.WriteString(t + " {")
	}
	for _, text := range f.inject {
		b.WriteString(text + " ")
	}
	b.Write(src[off:])
	if len(f.transforms) > 0 {
		b.WriteString("\n" + strings.Repeat("}", len(f.transforms)))
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
