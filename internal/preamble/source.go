package preamble

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// ErrNoQuery says the arguments hold no query and no option gave one.
var ErrNoQuery = errors.New("no query: give CQL text or a .cql script")

// Source finds the query among the arguments as cql reads them: the -f script, a .cql file
// first, a script named without its .cql when it is the only argument and inputs came
// with -i (CQL's `cql -i games.pgn script`), only the options' filters (-cql given, or
// the first argument an input file), or the first argument as CQL text. It returns the
// query's name and text (the options' filters not yet applied) and the other arguments,
// which are inputs. cql and cql-beam both read their arguments through it.
func (p *Preamble) Source(script string, haveInputs bool, args []string) (name string, src []byte, inputs []string, err error) {
	switch {
	case script != "":
		src, err = ReadScript(script)
		return script, src, args, err
	case len(args) > 0 && strings.HasSuffix(args[0], ".cql"):
		src, err = ReadScript(args[0])
		return args[0], src, args[1:], err
	case len(args) == 1 && haveInputs && isScriptStem(args[0]):
		name = args[0] + ".cql"
		src, err = os.ReadFile(name)
		return name, src, nil, err
	case p.CQLGiven || p.Filters() && (len(args) == 0 || looksLikeInput(args[0])):
		return "-cql", nil, args, nil
	case len(args) == 0:
		return "", nil, nil, ErrNoQuery
	}
	return "query", []byte(args[0]), args[1:], nil
}

// ReadScript reads a CQL script; CQL lets the .cql extension be left out.
func ReadScript(name string) ([]byte, error) {
	b, err := os.ReadFile(name)
	if err != nil && !strings.HasSuffix(name, ".cql") {
		if b2, err2 := os.ReadFile(name + ".cql"); err2 == nil {
			return b2, nil
		}
	}
	return b, err
}

// isScriptStem reports whether arg names a script without its .cql: no such file, no
// extension, and arg.cql exists.
func isScriptStem(arg string) bool {
	if filepath.Ext(arg) != "" || looksLikeInput(arg) {
		return false
	}
	st, err := os.Stat(arg + ".cql")
	return err == nil && !st.IsDir()
}

// IsFile reports whether name is an existing file (not a directory).
func IsFile(name string) bool {
	st, err := os.Stat(name)
	return err == nil && !st.IsDir()
}

// looksLikeInput reports whether a first argument is an input (a file, or - for standard
// input) rather than query text.
func looksLikeInput(arg string) bool {
	return arg == "-" || IsFile(arg)
}
