package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/cqlgo/cql/internal/plural"
)

// event is one line of `go test -json` (cmd/test2json's TestEvent).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
	Elapsed float64
}

// summary counts the tests of one or more `go test -json` runs.
type summary struct {
	passed, failed, skipped int
	packageFailures         int
	reasons                 map[string]int // skip reason (a category) -> tests
	sharedPath              string         // the shared data's path, from a skip message
	output                  map[string][]string
}

func newSummary() *summary {
	return &summary{reasons: map[string]int{}, output: map[string][]string{}}
}

// event takes one input line and returns the text to print for it now.
func (s *summary) event(line []byte) []string {
	var e event
	if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
		return []string{string(line) + "\n"} // not an event: go's own messages
	}
	key := e.Package + "\x00" + e.Test
	switch e.Action {
	case "output", "build-output":
		if e.Test == "" {
			if keepPackageLine(e.Output) {
				return []string{e.Output}
			}
			return nil
		}
		s.output[key] = append(s.output[key], e.Output)
	case "build-fail":
		// the package's own fail event follows, "FAIL p [build failed]"
	case "pass", "fail", "skip":
		if e.Test == "" {
			if e.Action == "fail" {
				s.packageFailures++
			}
			return nil
		}
		out := s.output[key]
		delete(s.output, key)
		switch e.Action {
		case "pass":
			s.passed++
		case "fail":
			s.failed++
			return out
		case "skip":
			s.skipped++
			s.reasons[s.reason(out)]++
		}
	}
	return nil
}

// keepPackageLine reports whether a package-level output line is one go test prints without
// -v: "ok  pkg 1.2s", "FAIL pkg", "?   pkg [no test files]", panics and build errors, not
// the PASS line or the === and --- lines of -v.
func keepPackageLine(s string) bool {
	return s != "PASS\n" && s != "testing: warning: no tests to run\n" && !strings.HasPrefix(s, "=== ") && !strings.HasPrefix(s, "--- PASS") &&
		!strings.HasPrefix(s, "--- SKIP") && !strings.HasPrefix(s, "    --- ")
}

var (
	// a t.Log/t.Skip line: "    file_test.go:12: message"
	logLine = regexp.MustCompile(`^\s+[\w.-]+\.go:\d+: (.*)`)
	// internal/testdata's message: "shared test data missing: stat PATH: no such file or directory"
	sharedMissing = regexp.MustCompile(`shared test data missing: (?:stat|lstat) (.*?): `)
	programWords  = regexp.MustCompile(`(?i)\b(?:no (\w[\w.-]*) (?:binary|on PATH|tool)|(\w[\w.-]*) is not installed)`)
)

// reason is the category of a skipped test from its output: the shared data missing, a
// program not installed, an opt-in test whose variable is unset, or the message itself.
func (s *summary) reason(out []string) string {
	msg := ""
	for _, l := range out {
		if m := logLine.FindStringSubmatch(strings.TrimRight(l, "\n")); m != nil {
			msg = m[1] // the last message: t.Skip's
		}
	}
	switch {
	case strings.Contains(msg, "shared test data missing"):
		if m := sharedMissing.FindStringSubmatch(msg); m != nil && s.sharedPath == "" {
			s.sharedPath = m[1]
		}
		return "shared"
	case programWords.MatchString(msg):
		m := programWords.FindStringSubmatch(msg)
		return "program " + m[1] + m[2]
	case strings.Contains(msg, "set CQL_") || strings.HasPrefix(msg, "no CQL_") || strings.HasPrefix(msg, "-short"):
		return "opt-in"
	case msg == "":
		return "other"
	}
	return "other"
}

// line is the closing line: counts, and the skips by reason.
func (s *summary) line() string {
	total := s.passed + s.failed + s.skipped
	head := fmt.Sprintf("tests (subtests included): %d run, %d passed, %d failed, %d skipped", total, s.passed, s.failed, s.skipped)
	if s.packageFailures > s.failed {
		head += ", " + plural.N(s.packageFailures, "package") + " failed"
	}
	if s.skipped == 0 {
		return head
	}
	var parts []string
	if n := s.reasons["shared"]; n > 0 {
		where := "../shared"
		if s.sharedPath != "" {
			where = s.sharedPath
		}
		parts = append(parts, fmt.Sprintf("%d without the shared data (%s not found: put it at ../shared or set CQL_SHARED; README.md says what it holds)", n, where))
	}
	var programs []string
	nprog := 0
	for r, n := range s.reasons {
		if name, ok := strings.CutPrefix(r, "program "); ok {
			programs = append(programs, name)
			nprog += n
		}
	}
	if nprog > 0 {
		sort.Strings(programs)
		parts = append(parts, fmt.Sprintf("%d without a program (%s)", nprog, strings.Join(programs, ", ")))
	}
	if n := s.reasons["opt-in"]; n > 0 {
		parts = append(parts, fmt.Sprintf("%d opt-in (a CQL_* variable unset, or -short)", n))
	}
	if n := s.reasons["other"]; n > 0 {
		parts = append(parts, fmt.Sprintf("%d for other reasons (go test -v shows them)", n))
	}
	return head + ": " + strings.Join(parts, "; ")
}
