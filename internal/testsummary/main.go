// Command testsummary reads `go test -json` events on standard input and writes what
// `go test` writes without -v (a line per package, the output of failed tests in full), then
// one line that counts the tests passed, failed and skipped and says why they skipped: Go
// prints nothing of a passing package's skips, so 111 tests skipped for want of ../shared
// looked like 111 passes. .ci/test, the README's test command, runs it.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

func main() {
	s := newSummary()
	if err := s.read(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "testsummary:", err)
		os.Exit(2)
	}
	fmt.Fprintln(os.Stdout, s.line())
	if s.failed > 0 || s.packageFailures > 0 {
		os.Exit(1)
	}
}

// read copies the events' human output to w as they come and counts the results.
func (s *summary) read(r io.Reader, w io.Writer) error {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		for _, out := range s.event(sc.Bytes()) {
			bw.WriteString(out)
		}
		if bw.Buffered() > 0 {
			bw.Flush()
		}
	}
	return sc.Err()
}
