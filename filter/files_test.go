package filter

import (
	"errors"
	"testing"

	"github.com/cqlgo/cql/query"
)

// Under Options.Secure every way a query names a file is refused at its place, and a
// query that names none compiles as without it.
func TestSecureRefusesFileAccess(t *testing.T) {
	for _, tc := range []struct {
		src, filter string
		line, col   int
	}{
		{`readfile "/etc/passwd" == ""`, "readfile", 1, 1},
		{"mate\n  writefile (\"../../x\" \"a\")", "writefile", 2, 3},
		{`flipcolor { x = "n" + "ame" writefile (x "t") }`, "writefile", 1, 29},
		{`cql(input a.pgn) mate`, "the header's input", 1, 5},
		{`cql(quiet output out.pgn) mate`, "the header's output", 1, 11},
	} {
		src := tc.src
		p, err := query.Parse("q.cql", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if _, err := CompileWith(p, Options{}); err != nil {
			t.Fatalf("%s without Secure: %v", src, err)
		}
		_, err = CompileWith(p, Options{Secure: true})
		var qe *query.Error
		if !errors.As(err, &qe) {
			t.Fatalf("%s: got %v, want a *query.Error", src, err)
		}
		if want := tc.filter + " is refused: " + SecureRefusal; qe.Msg != want {
			t.Errorf("%s: message %q, want %q", src, qe.Msg, want)
		}
		if qe.Pos.Line != tc.line || qe.Pos.Col != tc.col {
			t.Errorf("%s: at %d:%d, want %d:%d", src, qe.Pos.Line, qe.Pos.Col, tc.line, tc.col)
		}
	}
	p, err := query.Parse("q", []byte(`cql(quiet) mate comment("x")`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CompileWith(p, Options{Secure: true}); err != nil {
		t.Errorf("a query without files under Secure: %v", err)
	}
}

// Files lists the header's files, then readfile's and writefile's, once each even
// inside a transform, with the name when it is a literal.
func TestQueryFiles(t *testing.T) {
	q := compileText(t, "cql(input a.pgn input b.pgn output o.pgn)\n"+
		"flipcolor { readfile \"/etc/x\" == \"\" }\nwritefile (\"w\" + \"x\" \"t\")")
	got := q.Files()
	want := []FileUse{
		{Filter: "input", Name: "a.pgn", At: query.Pos{Line: 1, Col: 5}},
		{Filter: "input", Name: "b.pgn", At: query.Pos{Line: 1, Col: 17}},
		{Filter: "output", Name: "o.pgn", At: query.Pos{Line: 1, Col: 29}},
		{Filter: "readfile", Name: "/etc/x", At: query.Pos{Line: 2, Col: 13}},
		{Filter: "writefile", Name: "", At: query.Pos{Line: 3, Col: 1}},
	}
	if len(got) != len(want) {
		t.Fatalf("Files() = %+v, want %+v", got, want)
	}
	for i := range want {
		g := got[i]
		g.At.Offset = 0
		if g != want[i] {
			t.Errorf("Files()[%d] = %+v, want %+v", i, g, want[i])
		}
	}
}
