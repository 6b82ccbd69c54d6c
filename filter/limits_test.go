package filter

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/query"
)

// Strings a query builds or reads are bounded (Options.MaxString): past the
// bound the run stops with an error naming the filter and its place, where
// Go used to end the process with "fatal error: out of memory". A small
// bound keeps the test from allocating much.
func TestStringLimit(t *testing.T) {
	const limit = 1024
	dir := t.TempDir()
	atLimit, overLimit := filepath.Join(dir, "at"), filepath.Join(dir, "over")
	if err := os.WriteFile(atLimit, []byte(strings.Repeat("a", limit)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(overLimit, []byte(strings.Repeat("a", limit+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ src, want string }{
		{`x = "ab" loop { x += x }`, "query 1:17: x +=: the string would have 2048 bytes, more than 1024 bytes"},
		{`x = "abc" loop { x = x + x }`, "query 1:24: +: the string would have 1536 bytes, more than 1024 bytes"},
		{`x = "abc" loop { x = str(x x) }`, "query 1:22: str: the string would have 1536 bytes"},
		{`x = "abc" loop { x[0] = x }`, "x[...] =: the string would have 1025 bytes"},
		{`x = readfile "/dev/zero" x`, "readfile: /dev/zero: more than 1024 bytes, the largest string a query may hold"},
		{`x = readfile "` + overLimit + `" x`, "readfile: " + overLimit + ": more than 1024 bytes"},
		{`x = readfile "` + atLimit + `" #x == 1024`, ""},
		{`x = "ab" loop { x += "c" #x < 1024 }`, ""}, // 1,023 bytes: within
	} {
		p, err := query.Parse("q", []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		q, err := CompileWith(p, Options{MaxString: limit})
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		e := q.NewEvaluator()
		m := e.Game(readGames(t, stringsPGN)[0])
		err = e.Err()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.src, err)
		case c.want == "" && len(m) == 0:
			t.Errorf("%s: no match", c.src)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want it to contain %q", c.src, err, c.want)
		}
	}
}

// The default bound is the documented 64 MiB.
func TestDefaultMaxString(t *testing.T) {
	if DefaultMaxString != 64<<20 {
		t.Fatalf("DefaultMaxString = %d, docs/language.md says 64 MiB", DefaultMaxString)
	}
}

// The texts of a game's comments and messages are bounded together as one string:
// each comment copies its text, so a large string commented at every position or in a
// loop took that much again each time.
func TestCommentTextLimit(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`x = "abcdefghijklmnopqrstuvwxyz" loop { comment(x) }`, "query 1:41: comment (the texts of the game's comments and messages): the string would have 1040 bytes, more than 1024 bytes"},
		{`x = "abcdefghijklmnopqrstuvwxyz" loop { message(x x) }`, "message (the texts of the game's comments and messages): the string would have 1040 bytes"},
		{`x = "abcdefghijklmnopqrstuvwxyz" comment(x)`, ""}, // once at each of 8 positions: 208 bytes
	} {
		p, err := query.Parse("q", []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		q, err := CompileWith(p, Options{MaxString: 1024})
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		e := q.NewEvaluator()
		e.Game(readGames(t, stringsPGN)[0])
		err = e.Err()
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
}
