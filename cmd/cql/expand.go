package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// pgnSuffixes are the names of the files a directory input contributes.
var pgnSuffixes = []string{".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.zst", ".pgn.zstd", ".pgn.xz"}

// expandInputs turns the inputs as given into files, as cql-beam does: a name that exists
// is kept (a file, or - for standard input); a quoted glob (`'games/*.pgn'`, no such file)
// is expanded in sorted order, as a shell would, and matching nothing is an error; a
// directory stands for the PGN files under it (sorted by path, compressed ones too), and
// holding none is an error.
func expandInputs(names []string) ([]string, error) {
	var out []string
	for _, name := range names {
		st, err := os.Stat(name)
		switch {
		case name == "-":
			out = append(out, name)
		case err == nil && st.IsDir():
			files, err := pgnFilesUnder(name)
			if err != nil {
				return nil, fmt.Errorf("input: %w", err)
			}
			if len(files) == 0 {
				return nil, fmt.Errorf("input %s: a directory with no PGN files (%s)", name, strings.Join(pgnSuffixes, " "))
			}
			out = append(out, files...)
		case err != nil && strings.ContainsAny(name, "*?["):
			m, gerr := filepath.Glob(name)
			if gerr != nil {
				return nil, fmt.Errorf("input %q: %w", name, gerr)
			}
			if len(m) == 0 {
				return nil, fmt.Errorf("input %q: no file matches", name)
			}
			expanded, err := expandInputs(m) // a directory matched stands for its files
			if err != nil {
				return nil, err
			}
			out = append(out, expanded...)
		default:
			out = append(out, name) // a file, or a missing one: reported as before
		}
	}
	return out, nil
}

// pgnFilesUnder lists the PGN files under dir, sorted.
func pgnFilesUnder(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && path != dir && strings.HasPrefix(e.Name(), ".") {
			return filepath.SkipDir
		}
		lower := strings.ToLower(e.Name())
		for _, s := range pgnSuffixes {
			if !e.IsDir() && strings.HasSuffix(lower, s) && !strings.HasPrefix(lower, ".") {
				files = append(files, path)
				break
			}
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}
