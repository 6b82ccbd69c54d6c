package main

import (
	"strings"
	"testing"
)

// A number where a filter is matched: CQL 9.493's -parse prints the
// program, and its run stops when it evaluates the number there ("An
// attempt to match a position against the number: 3"), not before: where
// the number is never reached (the right side of an or whose left side
// always matches) CQL runs to the end (countmoves -- or 3 and isunbound v or
// 2: all 253 games of its sample.pgn). So does ours, with the number's place.
func TestMatchedNumberStopsTheRun(t *testing.T) {
	st, _, stderr := runCLI(t, "--count", "check 3", games)
	if st != 2 || !strings.Contains(stderr, "1:7: the number 3 stands where a filter is matched") {
		t.Errorf("run: status %d, %q", st, stderr)
	}
	if st, stdout, stderr := runCLI(t, "-parse", "check 3"); st != 0 || !strings.Contains(stdout, "check 3") {
		t.Errorf("-parse: status %d, %q %q", st, stdout, stderr)
	}
	_, all, _ := runCLI(t, "--count", "true", games)
	for _, q := range []string{"countmoves -- or 3", "isunbound v or 2"} {
		if st, stdout, stderr := runCLI(t, "--count", q, games); st != 0 || stdout != all {
			t.Errorf("%s: status %d, %q (every game: %q) %s", q, st, stdout, all, stderr)
		}
	}
	if st, _, stderr := runCLI(t, "--count", "x = 2 x", games); st != 2 || !strings.Contains(stderr, "the number variable x stands where a filter is matched") {
		t.Errorf("x = 2 x: status %d, %q", st, stderr)
	}
}

// The manual's snippets abs #A - #a, black, if check "In check", max(#R #Q)
// and currenttransform, run as whole scripts: CQL 9.493 stops on each on its
// sample.pgn ("Attempt to match an absolute value node", "unexpected call to
// match_position on colorvaluenode", "Attempt to match the position to a
// string literal", ...), and runs ply > 1000 and abs 3 (0 games: never
// reached) and x = {check abs 3} x > 1 (228 games).
func TestMatchedValuesStopTheRun(t *testing.T) {
	for q, want := range map[string]string{
		"abs #A - #a":         "1:1: abs stands where a filter is matched",
		"black":               "1:1: black stands where a filter is matched",
		`if check "In check"`: `1:10: the string "In check" stands where a filter is matched`,
		"max(#R #Q)":          "1:1: max stands where a filter is matched",
		"currenttransform":    "1:1: currenttransform stands where a filter is matched",
		// an if with else, both branches values: CQL stops on the branch it
		// matches ("The string literal is: not", "against the number: 4")
		`if check "In check" else "not"`: `1:26: the string "not" stands where a filter is matched`,
		"if check 3 else 4":              "1:17: the number 4 stands where a filter is matched",
	} {
		if st, _, stderr := runCLI(t, "--count", q, games); st != 2 || !strings.Contains(stderr, want) {
			t.Errorf("%s: status %d, %q", q, st, stderr)
		}
	}
	// on these games, as on CQL's: no game for the first, the games with a check for the second
	_, checks, _ := runCLI(t, "--count", "check", games)
	for q, want := range map[string]string{"ply > 1000 and abs 3": "0\n", "x = {check abs 3} x > 1": checks, "x = if check 3 else 4 x == 3": checks} {
		if st, stdout, stderr := runCLI(t, "--count", q, games); st > 1 || stdout != want {
			t.Errorf("%s: status %d, %q, want %q %s", q, st, stdout, want, stderr)
		}
	}
}
