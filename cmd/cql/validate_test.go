package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

// cliCase is one command line run: want* fields are checked when set.
type cliCase struct {
	name       string
	args       []string
	stdin      string
	stdinFile  string // read stdin from this file
	wantStatus int
	wantOut    string   // exact standard output
	outHas     []string // lines standard output must contain
	outSub     []string // substrings standard output must contain (text that may wrap)
	errHas     []string // substrings standard error must contain
}

func runCases(t *testing.T, cases []cliCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stdin := []byte(c.stdin)
			if c.stdinFile != "" {
				var err error
				if stdin, err = os.ReadFile(c.stdinFile); err != nil {
					t.Fatal(err)
				}
			}
			var out, errb bytes.Buffer
			var in io.Reader // no standard input unless the case gives some
			if len(stdin) > 0 {
				in = bytes.NewReader(stdin)
			}
			st := run(c.args, in, &out, &errb)
			if st != c.wantStatus {
				t.Errorf("status %d, want %d; stderr: %s", st, c.wantStatus, errb.String())
			}
			if c.wantOut != "" && out.String() != c.wantOut {
				t.Errorf("stdout:\n%s\nwant:\n%s", out.String(), c.wantOut)
			}
			lines := strings.Split(out.String(), "\n")
			for _, want := range c.outHas {
				found := false
				for _, l := range lines {
					if l == want {
						found = true
					}
				}
				if !found {
					t.Errorf("stdout lacks line %q:\n%s", want, out.String())
				}
			}
			for _, want := range c.outSub {
				if !strings.Contains(out.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, out.String())
				}
			}
			for _, want := range c.errHas {
				if !strings.Contains(errb.String(), want) {
					t.Errorf("stderr lacks %q: %s", want, errb.String())
				}
			}
		})
	}
}

const small = "../../testdata/pgn/small.pgn"

func TestCheckCommand(t *testing.T) {
	runCases(t, []cliCase{
		{
			name:       "problems are located and summed up",
			args:       []string{"validate", small},
			wantStatus: 1,
			// Hand-checked: the bishop on f1 cannot reach f7; 3+3+5 positions.
			wantOut: small + ":19:13: game 2: illegal move: no bishop can move to f7 (Bxf7+)\n" +
				"3 games, 11 positions, 1 error in 1 game\n",
		},
		{
			name:       "one thread gives the same report",
			args:       []string{"validate", "--threads", "1", small},
			wantStatus: 1,
			wantOut: small + ":19:13: game 2: illegal move: no bishop can move to f7 (Bxf7+)\n" +
				"3 games, 11 positions, 1 error in 1 game\n",
		},
		{
			name:       "threads must be positive",
			args:       []string{"export", "--threads", "0", small},
			wantStatus: 2,
			errHas:     []string{"--threads must be at least 1, got 0"},
		},
		{
			name:       "clean file",
			args:       []string{"validate", "../../testdata/pgn/lichess-5.pgn"},
			wantStatus: 0,
			// 599 moves counted by a regular expression over the file, plus 5 start positions.
			outHas: []string{"5 games, 604 positions, 0 errors in 0 games"},
		},
		{
			name:       "gzip from standard input",
			args:       []string{"validate", "-"},
			stdinFile:  small + ".gz",
			wantStatus: 1,
			outHas:     []string{"(standard input):19:13: game 2: illegal move: no bishop can move to f7 (Bxf7+)", "3 games, 11 positions, 1 error in 1 game"},
		},
		{
			name:       "missing file",
			args:       []string{"validate", "no-such-file.pgn"},
			wantStatus: 2,
			errHas:     []string{"no-such-file.pgn"},
		},
		{
			name:       "no file",
			args:       []string{"validate"},
			wantStatus: 2,
		},
		{
			name:       "truncated input",
			args:       []string{"validate", "-"},
			stdin:      "[Event \"x\"]\n\n1. e4 e5 2. Nf",
			wantStatus: 1,
			outHas:     []string{"(standard input):3:13: game 1: malformed move (Nf)", "1 game, 3 positions, 2 errors in 1 game"},
		},
	})
}
