package filter

import (
	"fmt"
	"os"

	"github.com/cqlgo/cql/query"
)

// A query can name files: the header's input and output, readfile and writefile.
// Options.Secure refuses them all when the query is compiled (CQLi's --secure), for
// queries from people who may not touch the machine's files (the web server's);
// Query.Files lists them, for --dryrun.

// SecureRefusal ends the message of the *query.Error that Options.Secure gives a
// query naming a file: "readfile is refused: " + SecureRefusal.
const SecureRefusal = "the query may not read or write files (--secure)"

// FileUse is one place where the query names a file.
type FileUse struct {
	// Filter is "readfile", "writefile", "input" or "output" (the header's).
	Filter string
	// Name is the file's name when the query gives it as a literal; "" when it is
	// computed while the query runs.
	Name string
	At   query.Pos
}

// Files returns the files the query names, the header's first, then readfile's and
// writefile's in source order. Paths are as the query gives them: relative to the
// working directory, or absolute, through symbolic links.
func (q *Query) Files() []FileUse { return q.files }

// secureHeader refuses a header that names files, under Options.Secure.
func secureHeader(h *query.Header) error {
	if len(h.Input) > 0 {
		at := h.At
		if len(h.InputAt) > 0 {
			at = h.InputAt[0]
		}
		return &query.Error{Pos: at, Msg: "the header's input is refused: " + SecureRefusal}
	}
	if h.Output != "" {
		at := h.OutputAt
		if at.Line == 0 {
			at = h.At
		}
		return &query.Error{Pos: at, Msg: "the header's output is refused: " + SecureRefusal}
	}
	return nil
}

// headerFiles are the header's files as FileUses.
func headerFiles(h *query.Header) []FileUse {
	var out []FileUse
	for i, name := range h.Input {
		at := h.At
		if i < len(h.InputAt) {
			at = h.InputAt[i]
		}
		out = append(out, FileUse{Filter: "input", Name: name, At: at})
	}
	if h.Output != "" {
		out = append(out, FileUse{Filter: "output", Name: h.Output, At: h.OutputAt})
	}
	return out
}

// fileFilter records readfile or writefile n, or refuses it under Options.Secure.
// A transform compiles its body more than once: each place is recorded once.
func (c *compiler) fileFilter(n *query.Builtin) error {
	if c.secure {
		return errorf(n, "%s is refused: %s", n.Name, SecureRefusal)
	}
	for _, u := range c.q.files {
		if u.At == n.Pos() && u.Filter == n.Name {
			return nil
		}
	}
	u := FileUse{Filter: n.Name, At: n.Pos()}
	if s, ok := n.Args[0].(*query.StringLit); ok {
		u.Name = s.Value
	}
	c.q.files = append(c.q.files, u)
	return nil
}

// RefuseWritesTo gives the evaluator the run's input files (os.Stat's, or standard input's
// File.Stat), which writefile must not append to: it stops the run instead, as it does for a
// file it cannot write.
func (e *Evaluator) RefuseWritesTo(inputs []os.FileInfo) { e.inputs = inputs }

// refuseInput says whether f, opened by writefile as name, is one of the run's inputs.
func (e *Evaluator) refuseInput(f *os.File, name string) error {
	if len(e.inputs) == 0 {
		return nil
	}
	st, err := f.Stat()
	if err != nil {
		return err
	}
	for _, in := range e.inputs {
		if os.SameFile(st, in) {
			return fmt.Errorf("%s is an input of this run; refusing to write to it", name)
		}
	}
	return nil
}
