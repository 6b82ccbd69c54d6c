package main

import (
	"bytes"
	"strings"
	"testing"
)

// --threads is at most 1024 (run.MaxThreads), in the query command and in the
// subcommands: --threads 1000000000 ended in "fatal error: out of memory".
func TestThreadsBound(t *testing.T) {
	for _, args := range [][]string{
		{"--threads", "1000000000", "mate", "nosuch.pgn"},
		{"-threads", "1025", "mate", "nosuch.pgn"},
		{"validate", "--threads", "1000000000", "nosuch.pgn"},
		{"export", "--threads", "5000", "nosuch.pgn"},
	} {
		var so, se bytes.Buffer
		st := run(args, nil, &so, &se)
		if st != 2 || !strings.Contains(se.String(), "--threads must be at most 1024") {
			t.Errorf("%q: status %d, stderr %q", args, st, se.String())
		}
	}
}
