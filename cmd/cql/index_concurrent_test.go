package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Queries while build and add replace the index again and again get the answer of one
// whole index: the one before a swap or the one after, never parts of both. The sources
// have the same number of games (so that mixed parts are not caught by a count), and
// different games, positions and players. The reader opened its parts by path one after
// another, so a swap could land in between: find gave 0 occurrences and jsonl another
// index's players.
func TestIndexConcurrentRebuild(t *testing.T) {
	tmp := t.TempDir()
	text, err := os.ReadFile("../../testdata/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games := regexp.MustCompile(`(?m)^\[Event `).FindAllIndex(text, -1)
	per := len(games) / 4
	var part [4]string // a, c (added to a), b, d (added to b)
	for i := range part {
		end := len(text)
		if i < 3 {
			end = games[(i+1)*per][0]
		}
		part[i] = filepath.Join(tmp, fmt.Sprintf("part%d.pgn", i))
		if err := os.WriteFile(part[i], text[games[i*per][0]:end], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The sequence the builder repeats; each step's index is one of the answers allowed.
	steps := [][]string{
		{"build", part[0]},
		{"add", part[1]},
		{"build", part[2]},
		{"add", part[3]},
	}
	e4 := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	queries := [][]string{
		{"--count", "check"},
		{"--format", "jsonl", "--tags", "White,Black,Date", "mate"},
		{"index", "find", "--count", "--fen", e4},
		{"index", "find", "--fen", e4},
	}
	ask := func(dir string, q []string) string {
		args := append(append([]string(nil), q...), "--index", dir)
		if q[0] == "index" {
			args = append(append([]string(nil), q...), "-x", dir)
		}
		st, out, errs := runCLI(t, args...)
		if st == exitError {
			return fmt.Sprintf("status %d: %s", st, errs)
		}
		return fmt.Sprintf("status %d: %s", st, out)
	}
	// The answers of each step's index, built on its own.
	want := make([]map[string]bool, len(queries))
	for q := range want {
		want[q] = map[string]bool{}
	}
	live := filepath.Join(tmp, "live")
	for i, s := range steps {
		dir := filepath.Join(tmp, fmt.Sprintf("step%d", i))
		if s[0] == "add" {
			if st, _, errs := runCLI(t, "index", "build", "-x", dir, steps[i-1][1], s[1]); st != 0 {
				t.Fatalf("build %d: %s", i, errs)
			}
		} else if st, _, errs := runCLI(t, "index", "build", "-x", dir, s[1]); st != 0 {
			t.Fatalf("build %d: %s", i, errs)
		}
		for q := range queries {
			a := ask(dir, queries[q])
			if strings.HasPrefix(a, fmt.Sprintf("status %d", exitError)) {
				t.Fatalf("step %d, %q: %s", i, queries[q], a)
			}
			want[q][strings.ReplaceAll(a, dir, live)] = true
		}
	}
	for q := range queries {
		if len(want[q]) < 2 {
			t.Fatalf("%q: the steps' indexes give the same answer: a mixed read could not be told", queries[q])
		}
	}
	if st, _, errs := runCLI(t, "index", "build", "-x", live, part[0]); st != 0 {
		t.Fatal(errs)
	}

	var stop sync.WaitGroup
	done := make(chan struct{})
	var mu sync.Mutex
	var builds int
	var buildErr error
	var buildFailed atomic.Bool
	stop.Add(1)
	go func() {
		defer stop.Done()
		for {
			for _, s := range steps {
				select {
				case <-done:
					return
				default:
				}
				if st, _, errs := runCLI(t, "index", s[0], "-x", live, s[1]); st != 0 {
					buildErr = fmt.Errorf("%s %s: status %d: %s", s[0], s[1], st, errs)
					buildFailed.Store(true)
					return
				}
				mu.Lock()
				builds++
				mu.Unlock()
			}
		}
	}()
	var asked int
	seen := map[string]bool{}
	var wrong []string
	for r := 0; r < 2; r++ {
		stop.Add(1)
		go func() {
			defer stop.Done()
			for i := r; ; i++ {
				select {
				case <-done:
					return
				default:
				}
				q := i % len(queries)
				a := ask(live, queries[q])
				mu.Lock()
				asked++
				seen[a] = true
				if !want[q][a] && len(wrong) < 5 {
					wrong = append(wrong, fmt.Sprintf("%q: %.300s", queries[q], a))
				}
				mu.Unlock()
			}
		}()
	}
	// A few seconds, and two rounds of the steps at least (a build takes a few tenths of
	// a second here, more on a loaded machine)
	start := time.Now()
	for {
		time.Sleep(100 * time.Millisecond)
		mu.Lock()
		n := builds
		mu.Unlock()
		if el := time.Since(start); el > 2*time.Second && n >= 2*len(steps) || el > 20*time.Second || buildFailed.Load() {
			break
		}
	}
	close(done)
	stop.Wait()
	if buildErr != nil {
		t.Error(buildErr)
	}
	for _, w := range wrong {
		t.Errorf("an answer of no whole index: %s", w)
	}
	t.Logf("%d queries during %d builds and adds, %d answers", asked, builds, len(seen))
	if len(seen) <= len(queries) {
		t.Errorf("%d answers to %d queries: the queries saw one index", len(seen), len(queries))
	}
	if builds < 2 || asked < 10 {
		t.Errorf("%d queries during %d builds and adds: too few to test anything", asked, builds)
	}
	if ents, _ := filepath.Glob(live + ".tmp-*"); len(ents) != 0 {
		t.Errorf("old generations left: %v", ents)
	}
}
