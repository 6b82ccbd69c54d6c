package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/query"
)

// Options such as -player, -fen and -flipcolor are CQL filters given on the command line.
// They are added to the program's text, so the parser and checker treat them like any other
// filter: the injected filters go before the body, and the transforms wrap the body as CQL
// says ("flip the body of the CQL file"). Nothing is inserted before the body's first token,
// so the lines of the script keep their numbers in error messages.

// injectFilters returns src with f's filters and transforms added to its body.
func injectFilters(f *queryFlags, src []byte) ([]byte, error) {
	if len(f.inject) == 0 && len(f.transforms) == 0 {
		return src, nil
	}
	// Every filter an option needs must exist; say which option needs which missing filter.
	for _, text := range f.inject {
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
	for _, text := range f.inject {
		b.WriteString(text + " ")
	}
	for _, t := range f.transforms {
		b.WriteString(t + " {")
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

// fenFilter turns a FEN board (and side to move, if given) into piece designators: one per
// occupied square and one for the empty squares, so the board must be exactly this one.
func fenFilter(fen string) (string, error) {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return "", fmt.Errorf("-fen: empty FEN")
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return "", fmt.Errorf("-fen %q: a board has 8 ranks separated by '/', found %d", fen, len(ranks))
	}
	var parts, empty []string
	for i, rank := range ranks {
		r := 8 - i
		file := 0
		for _, c := range rank {
			switch {
			case c >= '1' && c <= '8':
				for k := 0; k < int(c-'0') && file+k < 8; k++ {
					empty = append(empty, fmt.Sprintf("%c%d", 'a'+file+k, r))
				}
				file += int(c - '0')
			case strings.ContainsRune("KQRBNPkqrbnp", c):
				if file < 8 {
					parts = append(parts, fmt.Sprintf("%c%c%d", c, 'a'+file, r))
				}
				file++
			default:
				return "", fmt.Errorf("-fen %q: unexpected %q in rank %d", fen, c, r)
			}
		}
		if file != 8 {
			return "", fmt.Errorf("-fen %q: rank %d has %d squares, want 8", fen, r, file)
		}
	}
	if len(empty) > 0 {
		parts = append(parts, "_["+strings.Join(empty, ",")+"]")
	}
	if len(fields) > 1 {
		switch fields[1] {
		case "w":
			parts = append(parts, "wtm")
		case "b":
			parts = append(parts, "btm")
		default:
			return "", fmt.Errorf("-fen %q: side to move must be w or b, got %q", fen, fields[1])
		}
	}
	return "{" + strings.Join(parts, " ") + "}", nil
}
