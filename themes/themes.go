// Package themes is cql's library of chess themes: mate patterns, tactics, special moves,
// endgame classes and pawn structures, each a CQL query embedded in the binary.
//
// Each theme is a file NAME.cql in this directory whose first lines are comments:
//
//	// theme: NAME
//	// summary: one line a chess player accepts as the definition
//	//
//	// a longer description, where the query matches, and what it leaves out
//
// followed by the CQL text. The file's name (without .cql) must be the theme's name.
package themes

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// Theme is one query of the library.
type Theme struct {
	Name    string // as chess players name it, in lower case with hyphens: "back-rank-mate"
	Summary string // a one-line definition
	Source  string // the CQL text (the whole file, header comments included)
}

//go:embed *.cql
var files embed.FS

// All returns every theme, sorted by name.
func All() []Theme {
	ts, err := load(files)
	if err != nil {
		// The files are part of the binary and TestAllThemesLoad reads each of them, so
		// this is a build defect, never a user's error.
		panic(err)
	}
	return ts
}

// Lookup returns the theme called name (its exact name, or the name in any case).
func Lookup(name string) (Theme, bool) {
	for _, t := range All() {
		if strings.EqualFold(t.Name, name) {
			return t, true
		}
	}
	return Theme{}, false
}

// load reads the themes of fsys: every *.cql file at its top.
func load(fsys fs.FS) ([]Theme, error) {
	names, err := fs.Glob(fsys, "*.cql")
	if err != nil {
		return nil, err
	}
	ts := make([]Theme, 0, len(names))
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		t, err := parse(string(b))
		if err != nil {
			return nil, fmt.Errorf("themes: %s: %v", n, err)
		}
		if t.Name+".cql" != n {
			return nil, fmt.Errorf("themes: %s: the header names theme %q", n, t.Name)
		}
		ts = append(ts, t)
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].Name < ts[j].Name })
	return ts, nil
}

// parse reads a theme file's header: "// theme: NAME" and "// summary: TEXT" among its
// leading comment lines.
func parse(src string) (Theme, error) {
	t := Theme{Source: src}
	for _, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "//") {
			break
		}
		body := strings.TrimSpace(strings.TrimPrefix(line, "//"))
		if v, ok := strings.CutPrefix(body, "theme:"); ok {
			t.Name = strings.TrimSpace(v)
		} else if v, ok := strings.CutPrefix(body, "summary:"); ok {
			t.Summary = strings.TrimSpace(v)
		}
	}
	switch {
	case t.Name == "":
		return t, fmt.Errorf("no \"// theme: NAME\" line in the leading comments")
	case t.Summary == "":
		return t, fmt.Errorf("no \"// summary: TEXT\" line in the leading comments")
	case strings.ContainsAny(t.Name, " \t/\\") || strings.ToLower(t.Name) != t.Name:
		return t, fmt.Errorf("theme name %q: want lower case words joined by hyphens", t.Name)
	}
	return t, nil
}
