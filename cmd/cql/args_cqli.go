package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// cqliOptions are more of CQLi's command-line options (docs/cqli.md, "Command-line
// options"): the removetag switch, the variants' tag options, the variations' layout,
// --keepallbest, --noasyncmessages and --license.
func cqliOptions() []option {
	flag := func(names, help string, set func(f *queryFlags)) option {
		k, a, h, s := boolOpt(help, set)
		return option{names: strings.Fields(names), kind: k, arg: a, help: h, set: s}
	}
	return []option{
		flag("noremovetag", "removetag filters match but remove nothing", func(f *queryFlags) { f.noRemoveTag = true }),
		flag("keepallbest", "every path filter keeps the paths as good as the best, as its keepallbest parameter does", func(f *queryFlags) { f.keepAllBest = true }),
		flag("compactvariations", "PGN output: no space inside a variation's parentheses ((1. d4 d5): the default)", func(f *queryFlags) { f.style.SpacedVariations = false }),
		flag("nocompactvariations", "PGN output: a space inside a variation's parentheses (( 1. d4 d5 ))", func(f *queryFlags) { f.style.SpacedVariations = true }),
		flag("skipunknownvariants", "skip, without a report, the games whose Variant tag names a variant whose moves are not played here (Atomic, Crazyhouse, ...)",
			func(f *queryFlags) { f.skipVariants = true }),
		{names: []string{"variantalias"}, kind: optPair, arg: "VARIANT ALIAS",
			help: "read the Variant tag value ALIAS (any letter case) as the variant VARIANT (" + strings.Join(pgn.VariantNames, ", ") + ")",
			set: func(f *queryFlags, v []string, _ *query.Range, _ int) error {
				name, ok := pgn.VariantName(v[0])
				if !ok {
					return fmt.Errorf("-variantalias: %q is no variant; want one of %s", v[0], strings.Join(pgn.VariantNames, ", "))
				}
				alias := strings.ToLower(strings.TrimSpace(v[1]))
				if alias == "" {
					return fmt.Errorf("-variantalias: an empty alias for %s", name)
				}
				if f.variantAliases == nil {
					f.variantAliases = map[string]string{}
				}
				f.variantAliases[alias] = name
				return nil
			}},
		flag("noasyncmessages", "print a game's messages after the game is done (the only way here: messages come out game by game, in game order)",
			func(f *queryFlags) {}),
		flag("license", "print the license and exit", func(f *queryFlags) { f.license = true }),
	}
}

// printLicense prints the program's license notice (the NOTICE file's text).
func printLicense(w io.Writer) {
	fmt.Fprint(w, `cql
Copyright 2026 The cql authors

Licensed under the Apache License, Version 2.0 (the "License"); you may not use this
program except in compliance with the License. You may obtain a copy of the License at
http://www.apache.org/licenses/LICENSE-2.0 (the LICENSE file of the source).
It reads GNU Go's pattern databases (GPL-3.0) at run time from the user's own copy;
none of them is included.
`)
}
