package themes

import (
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/query"
)

// allCases lists every table of hand-checked cases, for TestEveryThemeHasCases.
var allCases = [][]themeCase{mateCases, tacticCases, specialCases, endgameCases, structureCases}

// TestAllThemesLoad: every embedded file has a header naming it and a summary, the list is
// sorted, and every theme parses and compiles.
func TestAllThemesLoad(t *testing.T) {
	ts, err := load(files)
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) == 0 {
		t.Fatal("no themes")
	}
	if !sort.SliceIsSorted(ts, func(i, j int) bool { return ts[i].Name < ts[j].Name }) {
		t.Error("All is not sorted by name")
	}
	for _, th := range ts {
		if strings.Contains(th.Summary, "\n") || len(th.Summary) > 200 {
			t.Errorf("%s: the summary is not one short line: %q", th.Name, th.Summary)
		}
		p, err := query.Parse(th.Name+".cql", []byte(th.Source))
		if err != nil {
			t.Errorf("%s: %v", th.Name, err)
			continue
		}
		if _, err := filter.Compile(p); err != nil {
			t.Errorf("%s: %v", th.Name, err)
		}
		if got, ok := Lookup(th.Name); !ok || got != th {
			t.Errorf("Lookup(%q) = %v, %v", th.Name, got.Name, ok)
		}
	}
	if _, ok := Lookup("no-such-theme"); ok {
		t.Error("Lookup found a theme that does not exist")
	}
	if got, ok := Lookup(strings.ToUpper(ts[0].Name)); !ok || got.Name != ts[0].Name {
		t.Errorf("Lookup in upper case: %v %v", got.Name, ok)
	}
}

// TestLoadRefusesBadHeaders: a file without a name or summary, or whose name is not its
// file's, is refused with the file named.
func TestLoadRefusesBadHeaders(t *testing.T) {
	for _, c := range []struct{ file, text, want string }{
		{"a.cql", "// summary: x\ncheck\n", "a.cql: no \"// theme: NAME\""},
		{"a.cql", "// theme: a\ncheck\n", "a.cql: no \"// summary: TEXT\""},
		{"a.cql", "// theme: b\n// summary: x\ncheck\n", "a.cql: the header names theme \"b\""},
		{"A b.cql", "// theme: A b\n// summary: x\ncheck\n", "want lower case"},
		{"a.cql", "check\n// theme: a\n// summary: x\n", "no \"// theme: NAME\""},
	} {
		_, err := load(fstest.MapFS{c.file: {Data: []byte(c.text)}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
	ts, err := load(fstest.MapFS{"b.cql": {Data: []byte("// theme: b\n// summary:  two\ncheck\n")},
		"a.cql": {Data: []byte("// theme: a\n// summary: one\n//\n// more\nmate\n")}})
	if err != nil || len(ts) != 2 || ts[0].Name != "a" || ts[0].Summary != "one" || ts[1].Summary != "two" || ts[0].Source != "// theme: a\n// summary: one\n//\n// more\nmate\n" {
		t.Errorf("load: %+v %v", ts, err)
	}
}
