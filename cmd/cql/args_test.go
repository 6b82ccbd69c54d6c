package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/cqlgo/cql/query"
)

// No subcommand may be a CQL word: each name must be rejected by the CQL parser as an unknown
// filter (not merely an unsupported one), and none is among the words of CQL 6.2's
// keyword index that the parser lists as known-but-unsupported.
func TestSubcommandsAreNotCQLWords(t *testing.T) {
	for name := range subcommands {
		_, err := query.Parse("", []byte(name))
		if err == nil {
			t.Errorf("subcommand %q parses as a CQL query", name)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "unknown filter") || strings.Contains(msg, "support") {
			t.Errorf("subcommand %q is a CQL word: %v", name, err)
		}
	}
	// CQL words that once were or could look like commands stay queries.
	for _, w := range []string{"check", "mate", "stalemate", "move", "line", "find", "echo", "sort", "comment"} {
		if subcommands[w] != nil {
			t.Errorf("CQL word %q is a subcommand", w)
		}
	}
}

// Every option is found by each of its names in any case, with one dash or two, and a range
// option reads exactly one or two numbers.
func TestOptionSpellings(t *testing.T) {
	for _, o := range queryOptions {
		for _, n := range o.names {
			for _, spelled := range []string{"-" + n, "--" + n, "-" + strings.ToUpper(n), "--" + strings.ToUpper(n[:1]) + n[1:]} {
				if got := lookupOption(strings.TrimLeft(spelled, "-")); got != &queryOptions[indexOf(o)] {
					t.Errorf("%s does not find option %s", spelled, o.names[0])
				}
			}
		}
	}
	for _, c := range []struct {
		args     []string
		min, max int
		rest     string
	}{
		{[]string{"-gamenumber", "7", "q.cql"}, 7, 7, "q.cql"},
		{[]string{"-gamenumber", "1", "100", "q.cql"}, 1, 100, "q.cql"},
		{[]string{"-g", "1", "100", "mate"}, 1, 100, "mate"},
		{[]string{"-g", "5-9", "12"}, 5, 9, "12"}, // N-M is the whole range: 12 is the query
		{[]string{"--GAMENUMBER=4", "5"}, 4, 4, "5"},
		{[]string{"-matchcount", "2", "3", "x"}, 2, 3, "x"},
		{[]string{"-year", "1990", "2000", "x"}, 1990, 2000, "x"},
	} {
		f, rest, err := parseQueryArgs(c.args)
		if err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		r := f.gameNumber
		if r == nil {
			r = f.matchCount
		}
		if r == nil && len(f.pre.GameFilters) == 1 {
			want := "year >= " + strconv.Itoa(c.min) + " year <= " + strconv.Itoa(c.max)
			if f.pre.GameFilters[0] != want {
				t.Errorf("%q: injected %q, want %q", c.args, f.pre.GameFilters[0], want)
			}
		} else if r == nil || r.Min != c.min || r.Max != c.max {
			t.Errorf("%q: range %v, want %d..%d", c.args, r, c.min, c.max)
		}
		if len(rest) != 1 || rest[0] != c.rest {
			t.Errorf("%q: rest %q, want [%s]", c.args, rest, c.rest)
		}
	}
}

func indexOf(o option) int {
	for i := range queryOptions {
		if queryOptions[i].names[0] == o.names[0] {
			return i
		}
	}
	return -1
}

// Output files get the umask's mode, like files made by a shell redirection.
func TestOutputFileMode(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	out := filepath.Join(t.TempDir(), "out.pgn")
	var so, se bytes.Buffer
	if st := run([]string{"mate", games, "-o", out}, nil, &so, &se); st != exitMatch {
		t.Fatalf("status %d: %s", st, se.String())
	}
	st, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want -rw-r--r--", st.Mode().Perm())
	}
}

// A line written while the progress bar is on the screen clears the bar first.
func TestProgressClearsBeforeLines(t *testing.T) {
	var b bytes.Buffer
	p := &progress{w: &b, label: "cql"}
	p.draw()
	if !strings.HasPrefix(b.String(), "\rcql ") {
		t.Fatalf("bar not drawn: %q", b.String())
	}
	b.Reset()
	p.Write([]byte("cql: a warning\n"))
	if got := b.String(); got != "\r\x1b[Kcql: a warning\n" {
		t.Errorf("got %q, want the bar cleared before the line", got)
	}
	b.Reset()
	p.Write([]byte("second\n")) // the bar is gone: nothing to clear
	if got := b.String(); got != "second\n" {
		t.Errorf("got %q", got)
	}
}
