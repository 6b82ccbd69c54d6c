package filter

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/query"
)

// TestCompileScripts compiles the front end's sample scripts: every
// construct they use must be supported by the evaluator, except the few
// listed as not yet implemented.
func TestCompileScripts(t *testing.T) {
	files, err := filepath.Glob("../query/testdata/cql/*.cql")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no sample scripts")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := query.Parse(f, src)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if _, err := Compile(p); err != nil {
			if strings.Contains(err.Error(), "not supported") {
				t.Logf("%s: %v", filepath.Base(f), err)
				continue
			}
			t.Errorf("%s: %v", f, err)
		}
	}
}
