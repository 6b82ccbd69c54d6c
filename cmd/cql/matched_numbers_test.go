package main

import (
	"strings"
	"testing"
)

// A number where a filter is matched: CQL 9.493's -parse prints the
// program, its run stops ("An attempt to match a position against the
// number: 3"); so does ours, with the place.
func TestMatchedNumberRefusedBeforeRun(t *testing.T) {
	st, _, stderr := runCLI(t, "--count", "check 3", games)
	if st != 2 || !strings.Contains(stderr, "1:7: the number 3 stands where a filter is matched") || !strings.Contains(stderr, "check 3\n      ^") {
		t.Errorf("run: status %d, %q", st, stderr)
	}
	if st, stdout, stderr := runCLI(t, "-parse", "check 3"); st != 0 || !strings.Contains(stdout, "check 3") {
		t.Errorf("-parse: status %d, %q %q", st, stdout, stderr)
	}
}
