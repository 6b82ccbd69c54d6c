package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/cqlgo/cql/internal/preamble"
	"github.com/cqlgo/cql/query"
)

const queryUsage = `usage: cql [options] QUERY [FILE...]
       cql [options] SCRIPT.cql [FILE...]
       cql index|validate|export|perft|board|go|serve|tags|themes|man|completion ...   (cql COMMAND --help)

cql runs a CQL (Chess Query Language 6.1/6.2) query over every position of every game in
PGN files and writes the matching games as PGN, with a {CQL} comment after the move that
led to each matched position. QUERY is CQL text or a .cql script, so CQL's own command
line works unchanged:
  cql -i games.pgn script.cql
  cql -gamenumber 1 100 script.cql games.pgn
  cql 'mate flipcolor {Q attacks k}' games.pgn
  cql --format jsonl check games.pgn.zst
  zcat games.pgn.gz | cql -count stalemate
Input comes from the files, -i, the header's input parameter, or standard input when it is
not a terminal; .gz, .bz2 and .zst are decompressed. Options take one dash or two, in any
letter case (-gameNumber, --GAMENUMBER); a range option takes one or two numbers.

Exit status: 0 when some game matched, 1 when none did, 2 on an error (grep's convention).

Options:
`

func printHelp(w io.Writer) {
	io.WriteString(w, queryUsage)
	io.WriteString(w, optionsHelp())
}

// version is set at build time (-ldflags "-X main.version=v1.2.3"); otherwise it is the
// module version from the build information (go install ...@v0.9.0), or devVersion with the
// commit as build metadata.
var version = ""

// devVersion is the version of a build from a checkout: the next release, as a semantic
// version's pre-release.
const devVersion = "v0.9.0-dev"

// printVersion prints the version, the commit it was built from, and the Go version.
func printVersion(w io.Writer) {
	v, commit := versionInfo()
	fmt.Fprintf(w, "cql %s\ncommit %s\n%s %s/%s\n", v, commit, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// versionInfo returns the semantic version and the commit (with "(modified)" and its time)
// this binary was built from.
func versionInfo() (v, commit string) {
	info, _ := debug.ReadBuildInfo()
	return semanticVersion(version, info)
}

// semanticVersion is versionInfo for a given -X version and build information (nil: none).
// A build from a checkout is devVersion+REVISION (12 hex digits; .dirty when modified).
func semanticVersion(set string, info *debug.BuildInfo) (v, commit string) {
	v, commit = set, "unknown (built without VCS information: not from a git checkout, or -buildvcs=false)"
	revision, modified, when := "", false, ""
	if info != nil {
		// Go 1.24 and later stamp a checkout's build with a pseudo-version; v0.0.0-... says
		// only that no release tag precedes the commit, which devVersion says better.
		if m := info.Main.Version; v == "" && m != "" && m != "(devel)" && !strings.HasPrefix(m, "v0.0.0-") {
			v = m
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			case "vcs.time":
				when = s.Value
			}
		}
	}
	if revision != "" {
		commit = revision
	}
	if v == "" {
		v = devVersion
		if revision != "" {
			v += "+" + revision[:min(12, len(revision))]
			if modified {
				v += ".dirty"
			}
		}
	}
	if modified {
		commit += " (modified)"
	}
	if when != "" {
		commit += " " + when
	}
	return v, commit
}

// convertScript handles -a, -u and -html: the script is read, checked, and written in the
// other spelling (to standard output, or -o) or as HTML (to FILE-cql.html, or -o).
func convertScript(f *queryFlags, stdout, stderr io.Writer) error {
	name, conv, what := f.toASCII, query.ToASCII, "-a"
	switch {
	case f.toUnicode != "":
		name, conv, what = f.toUnicode, query.ToUnicode, "-u"
	case f.html != "":
		name, what = f.html, "-html"
	}
	src, err := preamble.ReadScript(name)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if _, err := query.Parse(name, src); err != nil {
		return err
	}
	var out []byte
	dest := f.output
	if what == "-html" {
		out = query.HTML(name, src)
		if dest == "" {
			dest = strings.TrimSuffix(name, ".cql") + "-cql.html"
		}
	} else {
		out = conv(src)
		// The converted script must mean what the original meant.
		a, err1 := query.Parse(name, src)
		b, err2 := query.Parse(name, out)
		if err1 != nil || err2 != nil || a.String() != b.String() {
			return fmt.Errorf("%s: the converted script does not parse to the same program; please report this (%v)", what, err2)
		}
	}
	if dest == "" || dest == "-" || strings.EqualFold(dest, "stdout") {
		_, err := stdout.Write(out)
		return err
	}
	o, err := createOutput(context.Background(), dest, statInputs([]string{name}, nil), false, f.noClobber)
	if err != nil {
		return err
	}
	defer o.discard()
	if _, err := o.Write(out); err != nil {
		return err
	}
	if err := o.commit(); err != nil {
		return err
	}
	_, err = fmt.Fprintf(stderr, "cql: wrote %s\n", dest)
	return err
}
