package main

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/cqlgo/cql/query"
)

// docs/cli.md's option reference is what the option tables give now: an option added,
// renamed or changed in args.go or a subcommand's flags without `go generate ./cmd/cql`
// fails here.
func TestCLIReferenceUpToDate(t *testing.T) {
	doc, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	have, _, _, err := referenceIn(doc)
	if err != nil {
		t.Fatalf("docs/cli.md: %v", err)
	}
	var want bytes.Buffer
	writeReference(&want)
	if !bytes.Equal(have, want.Bytes()) {
		h, w := strings.Split(string(have), "\n"), strings.Split(want.String(), "\n")
		for i := 0; i < len(h) || i < len(w); i++ {
			var hl, wl string
			if i < len(h) {
				hl = h[i]
			}
			if i < len(w) {
				wl = w[i]
			}
			if hl != wl {
				t.Fatalf("docs/cli.md's option reference differs from the option tables (run go generate ./cmd/cql); first at its line %d:\n have: %s\n want: %s", i+1, hl, wl)
			}
		}
	}
}

// The reference names every visible option of the query command and every flag of every
// command, and no hidden one outside its "left out of -help" lines.
func TestReferenceCoversOptions(t *testing.T) {
	var b bytes.Buffer
	writeReference(&b)
	ref := b.String()
	for _, o := range queryOptions {
		for _, n := range optionNames(o) {
			if !strings.Contains(ref, "`"+n+"`") {
				t.Errorf("option %s missing from the reference", n)
			}
		}
	}
	cmds := documentedCommands()
	if len(cmds) < 15 {
		t.Fatalf("only %d commands documented", len(cmds))
	}
	for _, d := range cmds {
		if !strings.Contains(ref, "### `"+usageLine(d.path, d.cmd)+"`") {
			t.Errorf("%s missing", d.path)
		}
		for _, f := range commandFlags(d.cmd) {
			if !strings.Contains(ref, "`--"+f.Name+"`") {
				t.Errorf("%s --%s missing", d.path, f.Name)
			}
		}
	}
	for _, want := range []string{"### `cql index build", "### `cql serve", "### `cql go eyes", "### `cql completion bash|zsh|fish|powershell`"} {
		if !strings.Contains(ref, want) {
			t.Errorf("reference lacks %q", want)
		}
	}
	if strings.Contains(ref, "update-reference") {
		t.Error("the hidden --update-reference is in the reference")
	}
}

// cql man writes a manual page with every visible option and command; groff, when
// installed, reads it without a warning.
func TestManPage(t *testing.T) {
	st, out, errs := runCLI(t, "man")
	if st != 0 || errs != "" {
		t.Fatalf("cql man: status %d: %s", st, errs)
	}
	if !strings.HasPrefix(out, ".TH CQL 1 ") {
		t.Fatalf("no .TH line: %.80q", out)
	}
	for _, sec := range []string{".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH COMMANDS", ".SH EXIT STATUS"} {
		if !strings.Contains(out, "\n"+sec+"\n") {
			t.Errorf("no %s", sec)
		}
	}
	for _, o := range queryOptions {
		if !o.hidden && !strings.Contains(out, `\fB`+roff("-"+o.names[0])+`\fR`) {
			t.Errorf("option -%s missing", o.names[0])
		}
	}
	for _, d := range documentedCommands() {
		if !strings.Contains(out, ".SS "+roff(usageLine(d.path, d.cmd))+"\n") {
			t.Errorf("command %s missing", d.path)
		}
	}
	for i, line := range strings.Split(out, "\n") {
		if i > 0 && (strings.HasPrefix(line, "'") || strings.HasPrefix(line, ".") && !regexp.MustCompile(`^\.(TH|SH|SS|TP|PP|B|br)( |$)`).MatchString(line)) {
			t.Errorf("line %d starts a roff request by accident: %q", i+1, line)
		}
	}
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Log("groff is not installed: the page's roff is not read by it")
		return
	}
	cmd := exec.Command(groff, "-man", "-ww", "-z")
	cmd.Stdin = strings.NewReader(out)
	if msg, err := cmd.CombinedOutput(); err != nil || len(msg) > 0 {
		t.Errorf("groff -man -ww: %v\n%s", err, msg)
	}
}

// cql completion writes each shell's script, and the words the script asks for are the
// commands, their flags and the query command's options.
func TestCompletion(t *testing.T) {
	for shell, marker := range map[string]string{
		"bash":       "complete -o default -F __start_cql cql",
		"zsh":        "#compdef cql",
		"fish":       "complete -c cql",
		"powershell": "Register-ArgumentCompleter",
	} {
		st, out, errs := runCLI(t, "completion", shell)
		if st != 0 || !strings.Contains(out, marker) {
			t.Errorf("cql completion %s: status %d, no %q in the script (%s)", shell, st, marker, errs)
		}
	}
	if st, _, errs := runCLI(t, "completion", "tcsh"); st != 2 || !strings.Contains(errs, "tcsh") {
		t.Errorf("cql completion tcsh: status %d: %s", st, errs)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "-gamen"}, "-gamenumber\t"},
		{[]string{"__complete", "--form"}, "--format\t"},
		{[]string{"__complete", "ind"}, "index\t"},
		{[]string{"__complete", "comp"}, "completion\t"},
		{[]string{"__complete", "index", "bu"}, "build\t"},
		{[]string{"__complete", "index", "build", "--no-p"}, "--no-positions\t"},
		{[]string{"__complete", "completion", "z"}, "zsh"},
	} {
		st, out, errs := runCLI(t, c.args...)
		if st != 0 || !strings.Contains(out, c.want) {
			t.Errorf("cql %s: status %d, want %q in:\n%s%s", strings.Join(c.args, " "), st, c.want, out, errs)
		}
	}
	// The query is still the query: completion's helpers are no CQL words either.
	for _, w := range []string{"__complete", "__completeNoDesc"} {
		if _, err := query.Parse("", []byte(w)); err == nil || !strings.Contains(err.Error(), "unknown filter") {
			t.Errorf("%s: %v", w, err)
		}
	}
}

// A script named like a command runs through -f or with its .cql.
func TestScriptNamedLikeACommand(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("man.cql", []byte("mate\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pgn := "[Event \"?\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
	if err := os.WriteFile("g.pgn", []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--count", "-f", "man", "g.pgn"}, {"--count", "man.cql", "g.pgn"}} {
		if st, out, errs := runCLI(t, args...); st != 0 || strings.TrimSpace(out) != "1" {
			t.Errorf("cql %s: status %d, %q %s", strings.Join(args, " "), st, out, errs)
		}
	}
}

// semverRE is semver.org's pattern for a version, with the v Go puts first.
var semverRE = regexp.MustCompile(`^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)

// --version is a semantic version: -X main.version, else the module's version, else the
// development version with the commit as build metadata.
func TestSemanticVersion(t *testing.T) {
	rev := "256ad71d0123456789abcdef0123456789abcdef"
	info := func(mod string, settings ...debug.BuildSetting) *debug.BuildInfo {
		bi := &debug.BuildInfo{Settings: settings}
		bi.Main.Version = mod
		return bi
	}
	for _, c := range []struct {
		set    string
		info   *debug.BuildInfo
		want   string
		commit string
	}{
		{"", nil, "v0.9.0-dev", "unknown"},
		{"", info("(devel)"), "v0.9.0-dev", "unknown"},
		{"", info("(devel)", debug.BuildSetting{Key: "vcs.revision", Value: rev}), "v0.9.0-dev+256ad71d0123", rev},
		{"", info("(devel)", debug.BuildSetting{Key: "vcs.revision", Value: rev}, debug.BuildSetting{Key: "vcs.modified", Value: "true"}), "v0.9.0-dev+256ad71d0123.dirty", rev + " (modified)"},
		{"", info("v0.9.1", debug.BuildSetting{Key: "vcs.revision", Value: rev}), "v0.9.1", rev},
		{"", info("v0.9.2-0.20261202070744-256ad71d0123"), "v0.9.2-0.20261202070744-256ad71d0123", "unknown"},
		{"v1.0.0", info("v0.9.1"), "v1.0.0", "unknown"},
		// Go's stamp of a checkout with no release tag before it
		{"", info("v0.0.0-20261202071638-256ad71d0123+dirty", debug.BuildSetting{Key: "vcs.revision", Value: rev}, debug.BuildSetting{Key: "vcs.modified", Value: "true"}), "v0.9.0-dev+256ad71d0123.dirty", rev},
	} {
		v, commit := semanticVersion(c.set, c.info)
		if v != c.want || !strings.HasPrefix(commit, c.commit) {
			t.Errorf("semanticVersion(%q, %v) = %q, %q; want %q, %q...", c.set, c.info, v, commit, c.want, c.commit)
		}
		if !semverRE.MatchString(v) {
			t.Errorf("%q is not a semantic version", v)
		}
	}
	st, out, _ := runCLI(t, "--version")
	first, _, _ := strings.Cut(out, "\n")
	v := strings.TrimPrefix(first, "cql ")
	if st != 0 || !semverRE.MatchString(v) {
		t.Errorf("cql --version: status %d, first line %q is not cql VERSION", st, first)
	}
}
