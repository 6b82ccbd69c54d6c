package main

import (
	"strings"
	"testing"
)

// Events as go test -json writes them (recorded from a run of ./gnugo and ./pgn without the
// shared data, cut down), with a failing test and go's own messages between them.
const events = `go: downloading example.com/x v1.0.0
{"Action":"start","Package":"p/a"}
{"Action":"run","Package":"p/a","Test":"TestOK"}
{"Action":"output","Package":"p/a","Test":"TestOK","Output":"=== RUN   TestOK\n"}
{"Action":"pass","Package":"p/a","Test":"TestOK","Elapsed":0}
{"Action":"run","Package":"p/a","Test":"TestCorpus"}
{"Action":"output","Package":"p/a","Test":"TestCorpus","Output":"=== RUN   TestCorpus\n"}
{"Action":"output","Package":"p/a","Test":"TestCorpus","Output":"    corpus_test.go:20: shared test data missing: stat /x/shared/data/masters-10k.pgn: no such file or directory\n"}
{"Action":"output","Package":"p/a","Test":"TestCorpus","Output":"--- SKIP: TestCorpus (0.00s)\n"}
{"Action":"skip","Package":"p/a","Test":"TestCorpus","Elapsed":0}
{"Action":"run","Package":"p/a","Test":"TestOracle"}
{"Action":"output","Package":"p/a","Test":"TestOracle","Output":"    oracle_test.go:47: gnugo is not installed (apt-get install gnugo): the GNU Go oracle test is skipped\n"}
{"Action":"skip","Package":"p/a","Test":"TestOracle","Elapsed":0}
{"Action":"run","Package":"p/a","Test":"TestAgainstCQL"}
{"Action":"output","Package":"p/a","Test":"TestAgainstCQL","Output":"    x_test.go:9: set CQL_BINARY and CQL_EXAMPLES_PGN to compare\n"}
{"Action":"skip","Package":"p/a","Test":"TestAgainstCQL","Elapsed":0}
{"Action":"output","Package":"p/a","Output":"PASS\n"}
{"Action":"output","Package":"p/a","Output":"ok  \tp/a\t0.01s\n"}
{"Action":"pass","Package":"p/a","Elapsed":0.01}
{"Action":"run","Package":"p/b","Test":"TestBad"}
{"Action":"output","Package":"p/b","Test":"TestBad","Output":"=== RUN   TestBad\n"}
{"Action":"output","Package":"p/b","Test":"TestBad","Output":"    bad_test.go:3: got 2, want 3\n"}
{"Action":"output","Package":"p/b","Test":"TestBad","Output":"--- FAIL: TestBad (0.00s)\n"}
{"Action":"fail","Package":"p/b","Test":"TestBad","Elapsed":0}
{"Action":"output","Package":"p/b","Output":"FAIL\n"}
{"Action":"output","Package":"p/b","Output":"FAIL\tp/b\t0.01s\n"}
{"Action":"fail","Package":"p/b","Elapsed":0.01}
{"Action":"output","Package":"p/c","Output":"?   \tp/c\t[no test files]\n"}
{"Action":"skip","Package":"p/c","Elapsed":0}
`

func TestSummary(t *testing.T) {
	s := newSummary()
	var out strings.Builder
	if err := s.read(strings.NewReader(events), &out); err != nil {
		t.Fatal(err)
	}
	want := "go: downloading example.com/x v1.0.0\n" +
		"ok  \tp/a\t0.01s\n" +
		"=== RUN   TestBad\n    bad_test.go:3: got 2, want 3\n--- FAIL: TestBad (0.00s)\n" +
		"FAIL\n" + "FAIL\tp/b\t0.01s\n" +
		"?   \tp/c\t[no test files]\n"
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
	line := s.line()
	wantLine := "tests (subtests included): 5 run, 1 passed, 1 failed, 3 skipped: " +
		"1 without the shared data (/x/shared/data/masters-10k.pgn not found: put it at ../shared or set CQL_SHARED; README.md says what it holds); " +
		"1 without a program (gnugo); 1 opt-in (a CQL_* variable unset, or -short)"
	if line != wantLine {
		t.Errorf("line:\n%s\nwant:\n%s", line, wantLine)
	}
	if s.failed != 1 || s.packageFailures != 1 {
		t.Errorf("failed %d, package failures %d", s.failed, s.packageFailures)
	}
}

// A build failure counts as a failed package even though no test ran.
func TestSummaryBuildFailure(t *testing.T) {
	s := newSummary()
	var out strings.Builder
	in := `{"ImportPath":"p/d [p/d.test]","Action":"build-output","Output":"# p/d\n"}
{"ImportPath":"p/d [p/d.test]","Action":"build-output","Output":"./d_test.go:3:1: syntax error\n"}
{"ImportPath":"p/d [p/d.test]","Action":"build-fail"}
{"Action":"output","Package":"p/d","Output":"FAIL\tp/d [build failed]\n"}
{"Action":"fail","Package":"p/d","Elapsed":0}
`
	if err := s.read(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "syntax error") || !strings.Contains(out.String(), "[build failed]") {
		t.Errorf("output:\n%s", out.String())
	}
	if s.packageFailures != 1 || !strings.HasSuffix(s.line(), ", 1 package failed") {
		t.Errorf("line %q, package failures %d", s.line(), s.packageFailures)
	}
}
