package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// cliTest is one case of testdata/cli.yaml, in the manner of gojq's cli/test.yaml: a command
// line, its standard input and files, and what must come out.
type cliTest struct {
	Name      string            `yaml:"name"`
	Args      []string          `yaml:"args"`
	Stdin     *string           `yaml:"stdin"`        // nil: no standard input at all (a terminal)
	Setup     map[string]string `yaml:"setup"`        // files created in $TMP first
	Exit      int               `yaml:"exit"`         // the exit status
	Stdout    *string           `yaml:"stdout"`       // exact standard output
	StdoutHas []string          `yaml:"stdout_has"`   // substrings of standard output
	StdoutNot []string          `yaml:"stdout_not"`   // substrings standard output must not have
	StdoutOrd []string          `yaml:"stdout_order"` // substrings of standard output, in this order
	StderrHas []string          `yaml:"stderr_has"`   // substrings of standard error
	StderrNot []string          `yaml:"stderr_not"`
	Files     map[string]string `yaml:"files"`    // exact contents of files afterwards
	FileHas   map[string]string `yaml:"file_has"` // a substring of a file afterwards
	NoFiles   []string          `yaml:"no_files"` // files that must not exist afterwards
}

// TestCLITable runs every case of testdata/cli*.yaml (cli.yaml, and one file per concern
// beside it). $TMP in arguments and file names is a fresh directory per case; $Q is the
// directory of the hand-checked query test games.
func TestCLITable(t *testing.T) {
	tables, err := filepath.Glob("testdata/cli*.yaml")
	if err != nil || len(tables) == 0 {
		t.Fatalf("no testdata/cli*.yaml: %v", err)
	}
	var cases []cliTest
	for _, table := range tables {
		data, err := os.ReadFile(table)
		if err != nil {
			t.Fatal(err)
		}
		var more []cliTest
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true) // a misspelt key would make a case that cannot fail
		if err := dec.Decode(&more); err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		cases = append(cases, more...)
	}
	q, err := filepath.Abs("../../testdata/query")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, c := range cases {
		if names[c.Name] {
			t.Fatalf("two cases named %q", c.Name)
		}
		names[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			tmp := t.TempDir()
			expand := func(s string) string {
				return strings.NewReplacer("$TMP", tmp, "$Q", q).Replace(s)
			}
			for name, content := range c.Setup {
				if err := os.WriteFile(filepath.Join(tmp, name), []byte(expand(content)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			args := make([]string, len(c.Args))
			for i, a := range c.Args {
				args[i] = expand(a)
			}
			var stdin io.Reader
			if c.Stdin != nil {
				stdin = strings.NewReader(expand(*c.Stdin))
			}
			var out, errb bytes.Buffer
			st := run(args, stdin, &out, &errb)
			so, se := out.String(), errb.String()
			if st != c.Exit {
				t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", st, c.Exit, so, se)
			}
			if c.Stdout != nil && so != expand(*c.Stdout) {
				t.Errorf("stdout:\n%s\nwant:\n%s\nstderr:\n%s", so, expand(*c.Stdout), se)
			}
			for _, s := range c.StdoutHas {
				if !strings.Contains(so, expand(s)) {
					t.Errorf("stdout lacks %q:\n%s\nstderr:\n%s", expand(s), so, se)
				}
			}
			last := -1
			for _, s := range c.StdoutOrd {
				i := strings.Index(so, expand(s))
				if i <= last {
					t.Errorf("stdout lacks %q after the previous ones:\n%s", expand(s), so)
				}
				last = i
			}
			for _, s := range c.StdoutNot {
				if strings.Contains(so, expand(s)) {
					t.Errorf("stdout has %q:\n%s", expand(s), so)
				}
			}
			for _, s := range c.StderrHas {
				if !strings.Contains(se, expand(s)) {
					t.Errorf("stderr lacks %q:\n%s", expand(s), se)
				}
			}
			for _, s := range c.StderrNot {
				if strings.Contains(se, expand(s)) {
					t.Errorf("stderr has %q:\n%s", expand(s), se)
				}
			}
			for name, want := range c.Files {
				b, err := os.ReadFile(filepath.Join(tmp, name))
				if err != nil || string(b) != expand(want) {
					t.Errorf("file %s: %v\n%s\nwant:\n%s", name, err, b, expand(want))
				}
			}
			for name, want := range c.FileHas {
				b, err := os.ReadFile(filepath.Join(tmp, name))
				if err != nil || !strings.Contains(string(b), expand(want)) {
					t.Errorf("file %s lacks %q: %v\n%s", name, expand(want), err, b)
				}
			}
			for _, name := range c.NoFiles {
				if _, err := os.Stat(filepath.Join(tmp, name)); err == nil {
					t.Errorf("file %s exists", name)
				}
			}
			// No temporary output file is ever left behind.
			entries, _ := os.ReadDir(tmp)
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".tmp") {
					t.Errorf("temporary file left: %s", e.Name())
				}
			}
		})
	}
}

// The query command's usage names every other command, and each one's help reads
// "cql NAME ...".
func TestUsageNamesEveryCommand(t *testing.T) {
	line := strings.SplitN(queryUsage, "\n", 4)[2]
	for name := range subcommands {
		if !strings.Contains(line, name) {
			t.Errorf("usage line %q does not name %s", line, name)
		}
		st, stdout, _ := runCLI(t, name, "--help")
		if st != 0 || !strings.Contains(stdout, "Usage:\n  cql "+name) {
			t.Errorf("cql %s --help: status %d, usage not under cql:\n%s", name, st, stdout)
		}
	}
}
