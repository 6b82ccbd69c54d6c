package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/preamble"
	"github.com/cqlgo/cql/query"
	cqlrun "github.com/cqlgo/cql/run"
)

// tagSource is one query of cql tag before it is compiled: its name and CQL text.
type tagSource struct {
	name, file string // file: where the text came from ("" for --cql and built-in themes)
	text       []byte
}

// tagScripts reads the -q arguments: a .cql file (named by its base name without .cql), or
// a directory, whose .cql files (not those of its subdirectories) are read in name order.
func tagScripts(args []string) ([]tagSource, error) {
	var out []tagSource
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			if _, err2 := os.Stat(a + ".cql"); err2 == nil {
				a, st, err = a+".cql", nil, nil
			} else {
				return nil, fmt.Errorf("-q %s: %w", a, err)
			}
		}
		if st != nil && st.IsDir() {
			ents, err := os.ReadDir(a)
			if err != nil {
				return nil, fmt.Errorf("-q %s: %w", a, err)
			}
			var names []string
			for _, e := range ents {
				if !e.IsDir() && strings.HasSuffix(e.Name(), ".cql") {
					names = append(names, e.Name())
				}
			}
			if len(names) == 0 {
				return nil, fmt.Errorf("-q %s: the directory has no .cql files", a)
			}
			sort.Strings(names)
			for _, n := range names {
				s, err := tagScript(filepath.Join(a, n))
				if err != nil {
					return nil, err
				}
				out = append(out, s)
			}
			continue
		}
		s, err := tagScript(a)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func tagScript(file string) (tagSource, error) {
	b, err := preamble.ReadScript(file)
	if err != nil {
		return tagSource{}, fmt.Errorf("-q: %w", err)
	}
	return tagSource{name: strings.TrimSuffix(filepath.Base(file), ".cql"), file: file, text: b}, nil
}

// tagTexts are the --cql queries, each named by its text (spaces collapsed).
func tagTexts(texts []string) []tagSource {
	out := make([]tagSource, 0, len(texts))
	for _, t := range texts {
		out = append(out, tagSource{name: strings.Join(strings.Fields(t), " "), text: []byte(t)})
	}
	return out
}

// compileTag parses and compiles one query of cql tag as cql compiles it alone: with CQL's
// automatic comments when its PGN is written (cql -o), without them for a count.
func compileTag(s tagSource, comments bool) (*filter.Query, error) {
	where := s.file // the name parse errors start with
	if where == "" {
		where = "--cql " + s.name
	}
	prog, err := query.Parse(where, s.text)
	if err != nil {
		return nil, err
	}
	if prog.Header == nil {
		prog.Header = &query.Header{}
	}
	q, err := filter.CompileWith(prog, filter.Options{NoAutoComments: !comments})
	if err != nil {
		var qe *query.Error
		if errors.As(err, &qe) && qe.Line == "" {
			qe.Filename = where
			if lines := strings.Split(string(s.text), "\n"); qe.Pos.Line >= 1 && qe.Pos.Line <= len(lines) {
				qe.Line = strings.TrimRight(lines[qe.Pos.Line-1], "\r")
			}
			return nil, err
		}
		return nil, fmt.Errorf("query %s: %w", s.name, err)
	}
	return q, nil
}

// pgnFileName is the file of a query's games in --pgn-dir: its name with each character
// that is not a letter, digit, dot, dash or underscore made an underscore, and .pgn.
func pgnFileName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	n := strings.Trim(b.String(), ".")
	if n == "" {
		n = "query"
	}
	if len(n) > 100 {
		n = n[:100]
	}
	return n + ".pgn"
}

// tagQueries compiles the sources into the tag pass's queries and checks them together.
func tagQueries(srcs []tagSource, comments bool) ([]cqlrun.TagQuery, error) {
	if len(srcs) == 0 {
		return nil, errors.New("no query: give -q FILE or DIR, --cql TEXT, --theme NAME or --themes")
	}
	qs := make([]cqlrun.TagQuery, 0, len(srcs))
	for _, s := range srcs {
		q, err := compileTag(s, comments)
		if err != nil {
			return nil, err
		}
		qs = append(qs, cqlrun.TagQuery{Name: s.name, Query: q})
	}
	return qs, cqlrun.CheckTagQueries(qs)
}
