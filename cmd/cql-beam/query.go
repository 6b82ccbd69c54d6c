package main

import (
	"errors"
	"fmt"
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
	Comments    string // "silent" or "quiet" (the option given), "" for the header's
	Lines       string // "variations" or "mainline" (the last given), "" for the header's
	Marks       bool   // the output shows the squares the query marked (run.WantsMarks)
	// cql's options for comments (filter.Options): -alwayscomment, -nosettag,
	// -noremovecomment, -nouniquecomments, -nosortcomments; none written with --count.
	AlwaysComment, NoSetTag, NoRemoveComment, NoUniqueComments, NoSortComments, NoAutoComments bool
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
		if h.GameNumber, err = parseRange("-gamenumber", s.GameNumber); err != nil {
			return nil, nil, err
		}
		// Game numbers start at 1: cql (and CQL) refuse 0.
		if h.GameNumber.Min < 1 {
			return nil, nil, fmt.Errorf("-gamenumber: want numbers of at least 1, got %d", h.GameNumber.Min)
		}
	}
	if s.MatchCount != "" {
		if h.MatchCount, err = parseRange("-matchcount", s.MatchCount); err != nil {
			return nil, nil, err
		}
	}
	if s.HasMatchStr {
		ms := s.MatchString
		h.MatchString = &ms
	}
	// The command line's comment level and choice of variations win over the header's, as
	// in cql (and CQL).
	if s.Comments != "" {
		h.Silent, h.Quiet = s.Comments == "silent", s.Comments == "quiet"
	}
	if s.Lines != "" {
		h.Variations = s.Lines == "variations"
	}
	q, err := filter.CompileWith(prog, filter.Options{Marks: s.Marks, AlwaysComment: s.AlwaysComment,
		NoSetTag: s.NoSetTag, NoRemoveComment: s.NoRemoveComment, NoUniqueComments: s.NoUniqueComments,
		NoSortComments: s.NoSortComments, NoAutoComments: s.NoAutoComments})
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

// parseRange reads N, N-M or N:M, or "N M" (two arguments joined by joinRanges), with
// cql's messages.
func parseRange(flag, s string) (*query.Range, error) {
	bad := fmt.Errorf("%s wants one or two numbers (N, N M or N-M), got %q", flag, s)
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == ':' || r == ' ' })
	if len(fields) < 1 || len(fields) > 2 {
		return nil, bad
	}
	lo, err := strconv.Atoi(fields[0])
	if err != nil || lo < 0 {
		return nil, bad
	}
	hi := lo
	if len(fields) == 2 {
		if hi, err = strconv.Atoi(fields[1]); err != nil || hi < 0 {
			return nil, bad
		}
		if hi < lo {
			return nil, fmt.Errorf("%s %s: the range is empty (the second number must be at least the first)", flag, s)
		}
	}
	return &query.Range{Min: lo, Max: hi}, nil
}
