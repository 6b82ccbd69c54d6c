package layers

import (
	"os/exec"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/cqlgo/cql/"

// layer is each package's place in docs/design.md's table: a package imports only packages
// of lower layers. A new package must be given one here and there.
var layer = map[string]int{
	"chess": 0, "pattern": 0, "themes": 0,
	"internal/printable": 0, "internal/plural": 0, "internal/fspath": 0,
	"pgn": 1, "query": 1, "weiqi": 1, "internal/testsummary": 1,
	"filter": 2, "sgf": 2, "gnugo": 2, "shard": 2, "groupby": 2,
	"run": 3, "internal/preamble": 3,
	"index":   4,
	"serve":   5,
	"cmd/cql": 6,
}

// The chess side and the Go (board game) side share only pattern; only a command joins them.
var (
	chessSide = []string{"chess", "pgn", "query", "filter", "run", "index", "serve", "shard", "groupby", "themes"}
	goSide    = []string{"weiqi", "sgf", "gnugo"}
)

// libraries are where each library may be imported (module path prefixes).
var libraries = map[string][]string{
	"github.com/dgraph-io/badger":      {"index"},
	"github.com/dgraph-io/ristretto":   {"index"},
	"github.com/RoaringBitmap/roaring": {"index", "serve"},
	"github.com/spf13/cobra":           {"cmd/cql"},
	"github.com/spf13/pflag":           {"cmd/cql"},
	"golang.org/x/term":                {"cmd/cql"},
	"github.com/klauspost/compress":    {"pgn", "shard", "index"},
	"github.com/ulikunitz/xz":          {"pgn"},
	"github.com/apache/beam":           {},
	"github.com/notnil/chess":          {},
	"github.com/chromedp/chromedp":     {},
	"google.golang.org/protobuf":       {"index"},
	"golang.org/x/sys":                 {"index"},
}

func TestImportLayers(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH: the imports cannot be listed")
	}
	out, err := exec.Command(goTool, "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	side := map[string]string{}
	for _, p := range chessSide {
		side[p] = "chess"
	}
	for _, p := range goSide {
		side[p] = "Go"
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], module)
		if pkg == "internal/layers" {
			continue
		}
		seen++
		l, ok := layer[pkg]
		if !ok {
			t.Errorf("%s has no layer: give it one in internal/layers and in docs/design.md", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			if dep, own := strings.CutPrefix(imp, module); own {
				dl, ok := layer[dep]
				switch {
				case strings.HasPrefix(dep, "cmd/"):
					t.Errorf("%s imports the command %s", pkg, dep)
				case ok && dl >= l:
					t.Errorf("%s (layer %d) imports %s (layer %d): only lower layers", pkg, l, dep, dl)
				case side[pkg] != "" && side[dep] != "" && side[pkg] != side[dep]:
					t.Errorf("%s (%s side) imports %s (%s side)", pkg, side[pkg], dep, side[dep])
				}
				continue
			}
			for lib, where := range libraries {
				if strings.HasPrefix(imp, lib) && !contains(where, pkg) {
					t.Errorf("%s imports %s; docs/design.md keeps %s to %v", pkg, imp, lib, where)
				}
			}
		}
	}
	if seen < len(layer)-1 {
		var names []string
		for p := range layer {
			names = append(names, p)
		}
		sort.Strings(names)
		t.Errorf("go list gave %d packages, the table has %d: %v", seen, len(layer), names)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
