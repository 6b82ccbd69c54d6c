package main

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// filesUnder lists the files under dir (relative names, sorted) with their contents.
func filesUnder(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			got[rel] = string(b)
		}
		return nil
	})
	return got
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// -o with %{Tag} writes each game to the file its tag names. What each file holds is checked
// against an independent run: the same query with -result for that file's result writes the
// same games, byte for byte. games.pgn's results: 1-0 (game 1), * (game 2), 1/2-1/2 (game 3);
// / and * are not kept in a file name ("1_2-1_2", "_"). With --maxopenoutputfiles 1 every
// game closes the file before it, and the files are the same.
func TestSplitOutputByTag(t *testing.T) {
	for _, maxOpen := range []string{"", "1"} {
		t.Run("maxopen="+maxOpen, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"--createdirectories", "-o", filepath.Join(dir, "by", "%{Result}.pgn"), "true", games, games}
			if maxOpen != "" {
				args = append([]string{"--maxopenoutputfiles", maxOpen}, args...)
			}
			st, _, errs := runCLI(t, args...)
			if st != 0 {
				t.Fatalf("status %d: %s", st, errs)
			}
			got := filesUnder(t, dir)
			want := map[string]string{}
			for name, result := range map[string]string{"1-0.pgn": "1-0", "_.pgn": "*", "1_2-1_2.pgn": "1/2-1/2"} {
				st, out, errs := runCLI(t, "-result", result, "true", games, games)
				if st != 0 {
					t.Fatalf("-result %s: status %d: %s", result, st, errs)
				}
				want[filepath.Join("by", name)] = out
			}
			if strings.Join(keys(got), " ") != strings.Join(keys(want), " ") {
				t.Fatalf("files %v, want %v", keys(got), keys(want))
			}
			for name := range want {
				if got[name] != want[name] {
					t.Errorf("%s:\n%s\nwant:\n%s", name, got[name], want[name])
				}
				if c := strings.Count(got[name], "[Event "); c != 2 { // each game of the file given twice
					t.Errorf("%s has %d games, want 2", name, c)
				}
			}
			if !strings.Contains(errs, "3 output files: ") {
				t.Errorf("summary does not name the files: %s", errs)
			}
		})
	}
}

// A query's value goes to a file name through settag: the value is the output game's tag.
func TestSplitOutputBySettag(t *testing.T) {
	dir := t.TempDir()
	st, _, errs := runCLI(t, "-o", filepath.Join(dir, "%{Kind}.pgn"), `if mate settag("Kind" "mate") else settag("Kind" "other") true`, games)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	got := filesUnder(t, dir)
	if strings.Join(keys(got), " ") != "mate.pgn other.pgn" {
		t.Fatalf("files %v", keys(got))
	}
	if !strings.Contains(got["mate.pgn"], `[Event "Scholar's mate"]`) || strings.Count(got["mate.pgn"], "[Event ") != 1 {
		t.Errorf("mate.pgn:\n%s", got["mate.pgn"])
	}
	if strings.Count(got["other.pgn"], "[Event ") != 2 || strings.Contains(got["other.pgn"], "Scholar") {
		t.Errorf("other.pgn:\n%s", got["other.pgn"])
	}
}

// A split output is written as -o's one is: nothing of a run that fails (the query stops at
// game 3, after games 1 and 2 went to their files), an earlier file as it was, the directories
// it made gone; never over an input; -noclobber; no directory made without
// --createdirectories.
func TestSplitOutputSafety(t *testing.T) {
	failing := `gamenumber < 3 or str(movenumber) + "x" ~~ ".*x"` // stops at run time in game 3
	t.Run("failed run", func(t *testing.T) {
		dir := t.TempDir()
		old := filepath.Join(dir, "1-0.pgn")
		os.WriteFile(old, []byte("old\n"), 0o644)
		st, _, errs := runCLI(t, "--createdirectories", "-o", filepath.Join(dir, "%{Result}.pgn"), failing, games)
		if st != exitError {
			t.Fatalf("status %d, want %d: %s", st, exitError, errs)
		}
		st, _, errs = runCLI(t, "--createdirectories", "-o", filepath.Join(dir, "new", "%{Result}.pgn"), failing, games)
		if st != exitError {
			t.Fatalf("status %d, want %d: %s", st, exitError, errs)
		}
		if got := filesUnder(t, dir); len(got) != 1 || got["1-0.pgn"] != "old\n" {
			t.Errorf("files after the failed runs: %v", got)
		}
		if _, err := os.Stat(filepath.Join(dir, "new")); err == nil {
			t.Errorf("the directory the failed run made is left")
		}
	})
	t.Run("input", func(t *testing.T) {
		dir := t.TempDir()
		in := filepath.Join(dir, "A.pgn")
		data := "[Event \"e\"]\n[White \"B\"]\n\n1. e4 *\n\n[Event \"e\"]\n[White \"A\"]\n\n1. d4 *\n"
		os.WriteFile(in, []byte(data), 0o644)
		st, _, errs := runCLI(t, "-o", filepath.Join(dir, "%{White}.pgn"), "true", in)
		if st != exitError || !strings.Contains(errs, "is also an input; refusing to overwrite it") {
			t.Fatalf("status %d: %s", st, errs)
		}
		if got := filesUnder(t, dir); len(got) != 1 || got["A.pgn"] != data {
			t.Errorf("files: %v", got)
		}
	})
	t.Run("noclobber", func(t *testing.T) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "_.pgn"), []byte("old\n"), 0o644)
		st, _, errs := runCLI(t, "--noclobber", "-o", filepath.Join(dir, "%{Result}.pgn"), "true", games)
		if st != exitError || !strings.Contains(errs, "-noclobber forbids overwriting it") {
			t.Fatalf("status %d: %s", st, errs)
		}
		if got := filesUnder(t, dir); len(got) != 1 || got["_.pgn"] != "old\n" {
			t.Errorf("files: %v", got)
		}
	})
	t.Run("no directory", func(t *testing.T) {
		dir := t.TempDir()
		st, _, errs := runCLI(t, "-o", filepath.Join(dir, "%{Result}", "g.pgn"), "true", games)
		if st != exitError || !strings.Contains(errs, "--createdirectories makes it") {
			t.Fatalf("status %d: %s", st, errs)
		}
		if got := filesUnder(t, dir); len(got) != 0 {
			t.Errorf("files: %v", got)
		}
	})
	t.Run("append", func(t *testing.T) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "1-0.pgn"), []byte("old\n"), 0o644)
		st, _, errs := runCLI(t, "--append", "--maxopenoutputfiles", "1", "-o", filepath.Join(dir, "%{Result}.pgn"), "true", games, games)
		if st != 0 {
			t.Fatalf("status %d: %s", st, errs)
		}
		got := filesUnder(t, dir)
		if !strings.HasPrefix(got["1-0.pgn"], "old\n[Event \"Scholar's mate\"]") || strings.Count(got["1-0.pgn"], "[Event ") != 2 {
			t.Errorf("1-0.pgn:\n%s", got["1-0.pgn"])
		}
		// A failing run appends nothing: the file is cut back to what it was.
		before := got["1-0.pgn"]
		st, _, _ = runCLI(t, "--append", "--maxopenoutputfiles", "1", "-o", filepath.Join(dir, "%{Result}.pgn"), failing, games)
		if st != exitError {
			t.Fatalf("failing append: status %d", st)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "1-0.pgn")); string(b) != before {
			t.Errorf("1-0.pgn after a failed append:\n%s", b)
		}
	})
	t.Run("not with count", func(t *testing.T) {
		st, _, errs := runCLI(t, "--count", "-o", filepath.Join(t.TempDir(), "%{Result}.pgn"), "true", games)
		if st != exitError || !strings.Contains(errs, "splits PGN games into files") {
			t.Fatalf("status %d: %s", st, errs)
		}
	})
}

// At most --maxopenoutputfiles files are open at once, whatever order the games come in.
func TestSplitOutputOpenFiles(t *testing.T) {
	dir := t.TempDir()
	s := newSplitOutput(context.Background(), "x", nil, nil, false, false, false, 2)
	defer s.discard()
	for i, n := range []string{"a", "b", "c", "a", "d", "b", "b", "c", "a"} {
		if err := s.Write(filepath.Join(dir, n+".pgn"), []byte{byte('0' + i)}); err != nil {
			t.Fatal(err)
		}
		open := 0
		for _, f := range s.byTarget {
			if !f.out.paused {
				open++
			}
		}
		if open > 2 || s.lru.Len() != open {
			t.Fatalf("after write %d: %d files open (list %d), want at most 2", i, open, s.lru.Len())
		}
	}
	if err := s.commit(); err != nil {
		t.Fatal(err)
	}
	got := filesUnder(t, dir)
	want := map[string]string{"a.pgn": "038", "b.pgn": "156", "c.pgn": "27", "d.pgn": "4"}
	for n, w := range want {
		if got[n] != w {
			t.Errorf("%s = %q, want %q", n, got[n], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("files %v", keys(got))
	}
}

func TestOutputTemplate(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"plain.pgn", "", ""},
		{"100%.pgn", "", ""},
		{"a/%{ECO}-%%-%{White}.pgn", "a/|ECO|-%-|White|.pgn", ""},
		{"%{ECO.pgn", "", "without its }"},
		{"%{}.pgn", "", "not a tag name"},
	} {
		parts, ok, err := parseOutputTemplate(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		var b strings.Builder
		for _, p := range parts {
			if p.tag {
				b.WriteString("|" + p.text + "|")
			} else {
				b.WriteString(p.text)
			}
		}
		if ok != (c.want != "") || ok && b.String() != c.want {
			t.Errorf("%s: %q %v, want %q", c.in, b.String(), ok, c.want)
		}
	}
	for in, want := range map[string]string{"": "_", "..": "_", "a/b": "a_b", "1/2-1/2": "1_2-1_2", " x ": "x",
		"?": "_", strings.Repeat("é", 60): strings.Repeat("é", 50)} {
		if got := fileNamePart(in); got != want {
			t.Errorf("fileNamePart(%q) = %q, want %q", in, got, want)
		}
	}
}
