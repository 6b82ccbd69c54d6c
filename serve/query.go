package serve

import (
	"errors"
	"strings"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/query"
)

// queryName is what errors call the query, as cql calls query text given as an argument.
const queryName = "query"

// compile parses and compiles a query for the server: as cql --secure compiles it, so that a
// query naming a file (readfile, writefile, the header's input and output) is refused
// before anything runs. Errors are *query.Error with the line and caret cql prints.
func compile(text string, marks bool) (*query.Program, *filter.Query, error) {
	src := []byte(text)
	prog, err := query.Parse(queryName, src)
	if err != nil {
		return nil, nil, err
	}
	if prog.Header == nil {
		prog.Header = &query.Header{}
	}
	q, err := filter.CompileWith(prog, filter.Options{Marks: marks, Secure: true})
	if err != nil {
		return nil, nil, withLine(err, src)
	}
	return prog, q, nil
}

// withLine gives a compiler's error the query's name and the line of its caret, as cql
// shows it.
func withLine(err error, src []byte) error {
	var qe *query.Error
	if errors.As(err, &qe) && qe.Line == "" {
		qe.Filename = queryName
		if lines := strings.Split(string(src), "\n"); qe.Pos.Line >= 1 && qe.Pos.Line <= len(lines) {
			qe.Line = strings.TrimRight(lines[qe.Pos.Line-1], "\r")
		}
	}
	return err
}
