package pgn

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// commentReference is comment as it was written with strings.Fields: the words the
// writer must produce.
func commentReference(w *lineWriter, text string) {
	words := strings.Fields(strings.ReplaceAll(text, "}", ")"))
	if len(words) == 0 {
		w.word("{}")
		return
	}
	for i, f := range words {
		if i == 0 {
			f = "{" + f
		}
		if i == len(words)-1 {
			f += "}"
		}
		w.word(f)
	}
}

// TestCommentWords: comments wrap into the same lines as strings.Fields splits them, for
// random texts of spaces (ASCII and Unicode), braces, long words and invalid UTF-8,
// written after text of every length up to the line width.
func TestCommentWords(t *testing.T) {
	pieces := []string{" ", "  ", "\t", "\n", "\r\n", "\v", "\f", "\u00a0", "\u0085", "\u2003", "\u3000",
		"}", "{", "a", "CQL", "é", "\xff", "\xe2\x80", strings.Repeat("x", 79), strings.Repeat("y", 85), "mate", "1."}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.IntN(12); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.String()
		before := strings.Repeat("z", rng.IntN(lineWidth+2))
		got := lineWriter{dst: []byte(before), glue: rng.IntN(2) == 0}
		want := got
		want.dst = []byte(before)
		got.comment(text)
		commentReference(&want, text)
		if string(got.dst) != string(want.dst) || got.start != want.start || got.glue != want.glue {
			t.Fatalf("comment(%q) after %d bytes:\n got %q\nwant %q", text, len(before), got.dst, want.dst)
		}
	}
}

// appendMoveNumber writes what strconv writes.
func TestAppendMoveNumber(t *testing.T) {
	for n := 0; n <= 70000; n++ {
		if got, want := string(appendMoveNumber([]byte("x"), n)), "x"+strconv.Itoa(n); got != want {
			t.Fatalf("%d: got %q, want %q", n, got, want)
		}
	}
}

// A word appended between begin and end lands where wordBytes puts it, after text of every
// length up to the line width, glued after "(" or not.
func TestBeginEndEqualsWordBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		word := strings.Repeat("w", 1+rng.IntN(lineWidth+4))
		before := strings.Repeat("z", rng.IntN(lineWidth+2))
		glue := rng.IntN(2) == 0
		got := lineWriter{dst: []byte("x\n" + before), start: 2, glue: glue}
		want := lineWriter{dst: []byte("x\n" + before), start: 2, glue: glue}
		at, col := got.begin()
		got.dst = append(got.dst, word...)
		got.end(at, col)
		want.wordBytes([]byte(word))
		if string(got.dst) != string(want.dst) || got.start != want.start || got.glue != want.glue {
			t.Fatalf("%d-byte word after %d bytes, glue %v:\n got %q\nwant %q", len(word), len(before), glue, got.dst, want.dst)
		}
	}
}

// TestCommentSimpleWords: texts of ASCII words with one space between them (which the
// writer puts in one piece when they fit on the line, else splits without the rune
// loops) wrap as strings.Fields splits them,
// written one after another on one line, after text of every length up to the line width.
func TestCommentSimpleWords(t *testing.T) {
	words := []string{"a", "CQL", "End", "line", "of", "length", "3", "12(btm)", "{", "x" + strings.Repeat("-", 30), strings.Repeat("y", 79), strings.Repeat("z", 85)}
	rng := rand.New(rand.NewPCG(3, 4))
	simple := 0
	for i := 0; i < 20000; i++ {
		before := strings.Repeat("z", rng.IntN(lineWidth+2))
		got := lineWriter{dst: []byte(before), glue: rng.IntN(2) == 0}
		want := got
		want.dst = []byte(before)
		for k := rng.IntN(4) + 1; k > 0; k-- {
			var ws []string
			for n := rng.IntN(8) + 1; n > 0; n-- {
				ws = append(ws, words[rng.IntN(len(words))])
			}
			text := strings.Join(ws, " ")
			if countSimpleWords(text) != len(ws) {
				t.Fatalf("countSimpleWords(%q) = %d, want %d", text, countSimpleWords(text), len(ws))
			}
			if len(ws) > 1 && got.fits(len(text)+2) {
				simple++
			}
			got.comment(text)
			commentReference(&want, text)
			if string(got.dst) != string(want.dst) || got.start != want.start || got.glue != want.glue {
				t.Fatalf("comment(%q) after %d bytes:\n got %q\nwant %q", text, len(before), got.dst, want.dst)
			}
		}
	}
	if simple < 1000 {
		t.Errorf("only %d texts of several words fitted on their line", simple)
	}
	for _, text := range []string{"", " a", "a ", "a  b", "a\tb", "a}", "é", "a\x1fb"} {
		if countSimpleWords(text) != 0 {
			t.Errorf("countSimpleWords(%q) = %d, want 0", text, countSimpleWords(text))
		}
	}
}
