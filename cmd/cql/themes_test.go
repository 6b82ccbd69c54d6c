package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/themes"
)

// cql themes list names every theme with its summary, one a line; show prints the CQL text,
// which runs as a script file; an unknown name is an error naming near themes.
func TestThemesCommand(t *testing.T) {
	st, out, errs := runCLI(t, "themes", "list")
	if st != 0 || errs != "" {
		t.Fatalf("themes list: status %d: %s", st, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	all := themes.All()
	if len(lines) != len(all) {
		t.Fatalf("themes list: %d lines for %d themes", len(lines), len(all))
	}
	for i, th := range all {
		name, summary, _ := strings.Cut(lines[i], " ")
		if name != th.Name || strings.TrimSpace(summary) != th.Summary {
			t.Errorf("line %d: %q, want %s and its summary", i+1, lines[i], th.Name)
		}
	}

	st, out, errs = runCLI(t, "themes", "show", "smothered-mate")
	th, _ := themes.Lookup("smothered-mate")
	if st != 0 || out != th.Source || errs != "" {
		t.Fatalf("themes show: status %d, %q %s", st, out, errs)
	}
	// The printed text is a script: the smothered mate of 1.e4 c6 ... 6.Nd6# is found.
	dir := t.TempDir()
	script, games := filepath.Join(dir, "s.cql"), filepath.Join(dir, "g.pgn")
	os.WriteFile(script, []byte(out), 0o644)
	os.WriteFile(games, []byte("[Event \"a\"]\n\n1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. Nxe4 Nd7 5. Qe2 Ngf6 6. Nd6# 1-0\n\n"+
		"[Event \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n"), 0o644)
	st, out, errs = runCLI(t, "--count", script, games)
	if st != 0 || !strings.Contains(errs, "2 games read, 1 matched (1 position)") {
		t.Errorf("the shown script: status %d %q %q", st, out, errs)
	}

	st, out, errs = runCLI(t, "themes", "show", "smothered", "x")
	if st != 2 || out != "" || !strings.Contains(errs, `no theme "smothered"`) || !strings.Contains(errs, "smothered-mate") {
		t.Errorf("themes show smothered: status %d %q %q", st, out, errs)
	}
	if st, _, errs = runCLI(t, "themes", "list", "x"); st != 2 || errs == "" {
		t.Errorf("themes list x: status %d %q", st, errs)
	}
	if st, _, errs = runCLI(t, "themes"); st != 2 || !strings.Contains(errs, "give a command of cql themes") {
		t.Errorf("themes: status %d %q", st, errs)
	}
}
