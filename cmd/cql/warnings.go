package main

import (
	"fmt"
	"os"
)

// optionWarnings says which of the given options the run will ignore (they were ignored
// silently: `--count --format html` printed a count), and which inputs are named twice
// (their games are read twice).
func optionWarnings(f *queryFlags, files []string) []string {
	var w []string
	if f.count && f.format != "pgn" {
		w = append(w, fmt.Sprintf("--count prints only the number of matching games: --format %s is ignored", f.format))
	}
	if len(f.tags) > 0 && (f.count || f.format != "jsonl" && f.format != "csv") {
		what := "--format " + f.format
		if f.count {
			what = "--count"
		}
		w = append(w, fmt.Sprintf("--tags chooses the tags of jsonl and csv records: ignored with %s", what))
	}
	var seen []os.FileInfo
	for _, name := range files {
		st, err := os.Stat(name)
		if name == "-" || err != nil {
			continue
		}
		for _, s := range seen {
			if os.SameFile(s, st) {
				w = append(w, fmt.Sprintf("%s is given twice as input: its games are read twice", name))
				break
			}
		}
		seen = append(seen, st)
	}
	return w
}
