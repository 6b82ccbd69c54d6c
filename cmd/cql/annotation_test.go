package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestAnnotationsThroughIndex: the annotation values (eval, clock, emt, nag) answer through
// an index as the scan of the file does (the index keeps each comment and NAG and sets them
// again on the game it replays), pruned and unpruned, and the scan's answers are the ones
// read off testdata/pgn/annotated.pgn by hand (FEN of each matching position).
func TestAnnotationsThroughIndex(t *testing.T) {
	const file = "../../testdata/pgn/annotated.pgn"
	dir := filepath.Join(t.TempDir(), "ix")
	if st, _, errs := runCLI(t, "index", "build", "-x", dir, file); st != 0 {
		t.Fatalf("build: status %d: %s", st, errs)
	}
	for _, c := range []struct {
		query string
		fens  []string // the scan's matching positions, in order
	}{
		{"eval < -99990", []string{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"}},
		{"sidetomove * (eval - parent:eval) >= 300", []string{
			"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
			"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"}},
		{"clock < 165", []string{
			"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
			"r1bqkbnr/pppp1p1p/2n3p1/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 4"}},
		{"emt > 60", []string{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"}},
		{"nag == 6", []string{"r1bqkbnr/pppp1p1p/2n3p1/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 1 4"}},
		{"nag == 5", []string{"rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2"}},
	} {
		for _, format := range []string{"fen", "pgn"} {
			args := []string{"--variations", "--format", format, c.query}
			st1, out1, err1 := runCLI(t, append(args, file)...)
			st2, out2, err2 := runCLI(t, append(args, "--index", dir)...)
			st3, out3, err3 := runCLI(t, append(args, "--index", dir, "--no-prune")...)
			if st1 != st2 || out1 != out2 || st1 != st3 || out1 != out3 {
				t.Errorf("%q: scan (%d %s) and index (%d %s, unpruned %d %s) differ:\n%s\n---\n%s\n---\n%s", args, st1, err1, st2, err2, st3, err3, out1, out2, out3)
			}
			if format == "fen" {
				if got := strings.Fields(strings.ReplaceAll(out1, " ", "_")); strings.Join(got, "\n") != strings.ReplaceAll(strings.Join(c.fens, "\n"), " ", "_") {
					t.Errorf("%s: the scan matched\n%s\nwant\n%s", c.query, out1, strings.Join(c.fens, "\n"))
				}
			}
		}
	}
}
