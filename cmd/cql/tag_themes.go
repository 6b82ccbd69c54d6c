package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/cqlgo/cql/themes"
)

// addThemeFlags adds cql tags' options for the built-in themes (package themes).
func addThemeFlags(fl *pflag.FlagSet, f *tagFlags) {
	fl.StringArrayVar(&f.themes, "theme", nil, "a built-in theme by name (repeatable; cql themes list names them)")
	fl.BoolVar(&f.allThemes, "themes", false, "every built-in theme")
}

// themeSources are the themes the options name: every one with --themes (then in name
// order, before any --theme), each --theme in the order given; a theme named twice is read once.
func themeSources(f *tagFlags) ([]tagSource, error) {
	var out []tagSource
	seen := map[string]bool{}
	add := func(t themes.Theme) {
		if !seen[t.Name] {
			seen[t.Name] = true
			out = append(out, tagSource{name: t.Name, file: "theme " + t.Name, text: []byte(t.Source)})
		}
	}
	if f.allThemes {
		for _, t := range themes.All() {
			add(t)
		}
	}
	for _, name := range f.themes {
		t, ok := themes.Lookup(name)
		if !ok {
			return nil, fmt.Errorf("--theme %s: no such built-in theme (cql themes list names them)%s", name, nearTheme(name))
		}
		add(t)
	}
	return out, nil
}

// nearTheme suggests the themes whose names contain name, if any.
func nearTheme(name string) string {
	var near []string
	for _, t := range themes.All() {
		if strings.Contains(t.Name, strings.ToLower(name)) {
			near = append(near, t.Name)
		}
	}
	if len(near) == 0 || len(near) > 5 {
		return ""
	}
	return "; did you mean " + strings.Join(near, " or ") + "?"
}
