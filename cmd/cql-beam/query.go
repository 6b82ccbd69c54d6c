package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/query"
)

// querySpec is everything a worker needs to compile the query itself: the text and the
// flags that change it. It travels inside the DoFns (exported fields are serialised).
type querySpec struct {
	Name, Src   string
	GameNumber  string // N or N-M, "" for the header's
	MatchCount  string
	MatchString string
	HasMatchStr bool
	Result      string
	Silent      bool
	Quiet       bool
	Variations  bool
	Mainline    bool
	Marks       bool // the output shows the squares the query marked (run.WantsMarks)
}

// compile parses and compiles the query; errors show file, line and caret as in cql.
func (s querySpec) compile() (*filter.Query, *query.Program, error) {
	prog, err := query.Parse(s.Name, []byte(s.Src))
	if err != nil {
		return nil, nil, err
	}
	if prog.Header == nil {
		prog.Header = &query.Header{}
	}
	h := prog.Header
	if s.GameNumber != "" {
		if h.GameNumber, err = parseRange("--gamenumber", s.GameNumber); err != nil {
			return nil, nil, err
		}
	}
	if s.MatchCount != "" {
		if h.MatchCount, err = parseRange("--matchcount", s.MatchCount); err != nil {
			return nil, nil, err
		}
	}
	if s.HasMatchStr {
		ms := s.MatchString
		h.MatchString = &ms
	}
	if s.Result != "" {
		h.Result = s.Result
	}
	h.Silent = h.Silent || s.Silent
	h.Quiet = h.Quiet || s.Quiet
	if s.Mainline {
		h.Variations = false
	}
	q, err := filter.CompileWith(prog, filter.Options{Variations: s.Variations && !s.Mainline, Marks: s.Marks})
	if err != nil {
		var qe *query.Error
		if errors.As(err, &qe) && qe.Line == "" {
			qe.Filename = s.Name
			if lines := strings.Split(s.Src, "\n"); qe.Pos.Line >= 1 && qe.Pos.Line <= len(lines) {
				qe.Line = strings.TrimRight(lines[qe.Pos.Line-1], "\r")
			}
		}
		return nil, nil, err
	}
	return q, prog, nil
}

// parseRange reads N or N-M (also N:M).
func parseRange(flag, s string) (*query.Range, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == ':' || r == ' ' })
	bad := fmt.Errorf("%s: want N or N-M, got %q", flag, s)
	if len(fields) < 1 || len(fields) > 2 {
		return nil, bad
	}
	lo, err := strconv.Atoi(fields[0])
	if err != nil || lo < 0 {
		return nil, bad
	}
	hi := lo
	if len(fields) == 2 {
		if hi, err = strconv.Atoi(fields[1]); err != nil || hi < lo {
			return nil, bad
		}
	}
	return &query.Range{Min: lo, Max: hi}, nil
}

// querySource finds the query text among the arguments: -f script, --cql text, a .cql
// file or the first argument; the rest are inputs.
func querySource(script string, cql []string, args []string) (name, src string, inputs []string, err error) {
	extra := strings.Join(cql, "\n")
	switch {
	case script != "":
		b, err := os.ReadFile(script)
		if err != nil {
			return "", "", nil, err
		}
		name, src = script, string(b)
		if extra != "" {
			src += "\n" + extra
		}
		return name, src, args, nil
	case extra != "":
		return "--cql", extra, args, nil
	case len(args) == 0:
		return "", "", nil, errors.New("no query: give CQL text or a .cql script")
	case strings.HasSuffix(args[0], ".cql"):
		b, err := os.ReadFile(args[0])
		if err != nil {
			return "", "", nil, err
		}
		return args[0], string(b), args[1:], nil
	}
	return "query", args[0], args[1:], nil
}
