package serve

import (
	"errors"
	"strings"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/query"
)

// queryName is what errors call the query, as cql calls query text given as an argument.
const queryName = "query"

// refusal ends the message of a query refused for naming a file.
const refusal = "cql serve runs no query that reads or writes files: it reads only the databases it was started with"

// compile parses and compiles a query for the server: as cql compiles it, except that a
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
	if err := refuseFiles(prog); err != nil {
		return nil, nil, withLine(err, src)
	}
	q, err := filter.CompileWith(prog, filter.Options{Marks: marks})
	if err != nil {
		return nil, nil, withLine(err, src)
	}
	return prog, q, nil
}

// refuseFiles refuses the filters and header parameters that name a file.
func refuseFiles(prog *query.Program) error {
	h := prog.Header
	if len(h.Input) > 0 {
		return &query.Error{Pos: h.At, Msg: "the header's input is refused: " + refusal}
	}
	if h.Output != "" {
		return &query.Error{Pos: h.At, Msg: "the header's output is refused: " + refusal}
	}
	var found error
	query.Inspect(prog.Body, func(n query.Node) bool {
		if b, ok := n.(*query.Builtin); ok && (b.Name == "readfile" || b.Name == "writefile") && found == nil {
			found = &query.Error{Pos: b.Pos(), Msg: b.Name + " is refused: " + refusal}
		}
		return found == nil
	})
	return found
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
