package query

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the .ast golden files of testdata/cql")

// TestScripts parses every script in testdata/cql and compares its
// S-expression with the .ast golden file next to it (go test -update
// rewrites them; review the diff).
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/cql/*.cql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts in testdata/cql: %v", err)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := Parse(name, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		got := prog.String() + "\n"
		golden := strings.TrimSuffix(name, ".cql") + ".ast"
		if *update {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Errorf("%s: %v (run go test -update to create it)", name, err)
			continue
		}
		if got != string(want) {
			t.Errorf("%s:\n got %s\nwant %s", name, got, want)
		}
	}
}
