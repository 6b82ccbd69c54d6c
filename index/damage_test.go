package index

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/query"
	"github.com/cqlgo/cql/run"
)

// damageProbe is what the damage tests ask of an index: the queries of the issue's
// findings (a count pruned by the material lists, one pruned by the tag column and the
// flag lists, a listing with tags, find from the exact-position table and its names) and
// a replay of every game.
type damageProbe struct {
	files   []string
	queries []string
	progs   []*query.Program
	qs      []*filter.Query
	fens    []string
	want    []string // the answers of a sound index, the scan's where a scan answers
}

// fenAfter1e4 is reached in many of masters-10k's first games.
const fenAfter1e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"

func newDamageProbe(t *testing.T, files []string, ix *Index) *damageProbe {
	p := &damageProbe{
		files:   files,
		queries: []string{"power A >= power a + 5", "elo > 2600 and check", "true"},
		fens:    []string{fenAfter1e4},
	}
	for _, qs := range p.queries {
		prog, q, _ := compileQuery(t, qs)
		p.progs, p.qs = append(p.progs, prog), append(p.qs, q)
		var out, errs bytes.Buffer
		st, err := run.Run(context.Background(), q, run.Files{Names: files}, &out, run.Options{Format: "jsonl", Threads: 2, Errors: &errs})
		if err != nil {
			t.Fatal(err)
		}
		p.want = append(p.want, fmt.Sprintf("%d games, %d positions\n%s%s", st.GamesMatched, st.PositionsMatched, out.String(), errs.String()))
	}
	got, err := p.answers(ix)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got[:len(p.queries)], p.want) {
		t.Fatal("the sound index does not answer as the scan does")
	}
	p.want = got
	for i, fen := range p.fens {
		if !strings.Contains(got[len(p.queries)+i], "\n") {
			t.Fatalf("%s: no occurrence to test with", fen)
		}
	}
	return p
}

// answers runs every probe through ix.
func (p *damageProbe) answers(ix *Index) ([]string, error) {
	var out []string
	for i, q := range p.qs {
		cand, err := ix.Candidates(p.progs[i], q.Variations())
		if err != nil {
			return nil, err
		}
		var buf, errs bytes.Buffer
		st, err := run.Run(context.Background(), q, ix.Games(cand), &buf, run.Options{Format: "jsonl", Threads: 2, Errors: &errs})
		if err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprintf("%d games, %d positions\n%s%s", st.GamesMatched, st.PositionsMatched, buf.String(), errs.String()))
	}
	for _, fen := range p.fens {
		var buf bytes.Buffer
		n, err := ix.WriteFind(context.Background(), &buf, fen, 2, 0)
		if err != nil {
			return nil, err
		}
		c, err := ix.CountPosition(fen)
		if err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprintf("%d found, %+v\n%s", n, c, buf.String()))
	}
	return out, nil
}

// trial opens dir and asks the probe; the outcome must be the sound answers or a clean
// error that says the index is to be rebuilt. A hang fails the test.
func (p *damageProbe) trial(t *testing.T, dir, what string) (damaged bool) {
	t.Helper()
	type result struct {
		got []string
		err error
	}
	done := make(chan result, 1)
	go func() {
		ix, err := Open(dir)
		if err != nil {
			done <- result{err: err}
			return
		}
		got, err := p.answers(ix)
		ix.Close()
		done <- result{got, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s: no answer after 30 s", what)
	}
	if r.err != nil {
		if os.Getenv("DAMAGE_LOG") != "" {
			t.Logf("%s: %v", what, r.err)
		}
		if msg := r.err.Error(); !strings.Contains(msg, "cql index build") && !strings.Contains(msg, "must be built again") {
			t.Errorf("%s: the error does not say to rebuild the index: %v", what, r.err)
		}
		return true
	}
	for i := range p.want {
		if r.got[i] != p.want[i] {
			t.Errorf("%s: a wrong answer, without an error: %s", what, firstDiff(p.want[i], r.got[i]))
			return false
		}
	}
	return false
}

func firstDiff(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	cut := func(s string) string { return s[i:min(len(s), i+80)] }
	return fmt.Sprintf("at byte %d: want %q, got %q (%q)", i, cut(want), cut(got), firstLine(want))
}

// damageIndex builds a small index of the first games of masters-10k for the damage tests.
func damageIndex(t *testing.T, games int) (dir string, p *damageProbe) {
	file := firstGames(t, testdata.File(t, "masters-10k.pgn"), games)
	dir = filepath.Join(t.TempDir(), "ix")
	if _, err := Build(context.Background(), dir, []string{file}, BuildOptions{Threads: 2}); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	return dir, newDamageProbe(t, []string{file}, ix)
}

// indexFiles returns the files of the index in dir, by name, the largest .sst first.
func indexFiles(t *testing.T, dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	size := func(n string) int64 {
		st, err := os.Stat(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}
	slices.SortStableFunc(names, func(a, b string) int {
		as, bs := strings.HasSuffix(a, ".sst"), strings.HasSuffix(b, ".sst")
		switch {
		case as && bs:
			return int(size(b) - size(a))
		case as:
			return -1
		case bs:
			return 1
		}
		return strings.Compare(a, b)
	})
	return names
}

// damage applies one change to file's bytes b, written to the file; restore undoes it.
type damage struct {
	kind string // flip, zero, cut, delete
	at   int
	n    int // bytes zeroed; the bit flipped
}

func (d damage) String() string {
	switch d.kind {
	case "flip":
		return fmt.Sprintf("bit %d of byte %d flipped", d.n, d.at)
	case "zero":
		return fmt.Sprintf("%d bytes zeroed at %d", d.n, d.at)
	case "cut":
		return fmt.Sprintf("cut to %d bytes", d.at)
	}
	return "deleted"
}

func (d damage) apply(t *testing.T, name string, b []byte) {
	t.Helper()
	var err error
	switch d.kind {
	case "flip":
		c := bytes.Clone(b)
		c[d.at] ^= 1 << d.n
		err = os.WriteFile(name, c, 0o644)
	case "zero":
		c := bytes.Clone(b)
		clear(c[d.at:min(len(c), d.at+d.n)])
		err = os.WriteFile(name, c, 0o644)
	case "cut":
		err = os.Truncate(name, int64(d.at))
	case "delete":
		err = os.Remove(name)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// The findings of issue 31, on an index of the first 80 games of masters-10k: bytes of
// the largest table zeroed, 4 KB of names.table zeroed, each byte of the bucket of
// positions.table that find reads zeroed, a table cut by one byte. Each gave a wrong
// answer (or a panic) with exit 0; now each is the sound answer or an error.
func TestDamageFindings(t *testing.T) {
	dir, p := damageIndex(t, 80)
	files := indexFiles(t, dir)
	sst := files[0]
	if !strings.HasSuffix(sst, ".sst") {
		t.Fatalf("no table in %v", files)
	}
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := chess.ParseFEN(fenAfter1e4)
	if err != nil {
		t.Fatal(err)
	}
	bucket := positionHash(&pos) >> (64 - hashBits) >> restBits
	table, err := ix.table.directory()
	ix.Close()
	if err != nil {
		t.Fatal(err)
	}
	var inBucket []int
	for at := table[bucket]; at < table[bucket+1]; at++ {
		inBucket = append(inBucket, int(at))
	}
	every := func(n, step int) (offs []int) {
		for at := 0; at < n; at += step {
			offs = append(offs, at)
		}
		return offs
	}
	cases := []struct {
		file string
		kind string
		n    int
		offs func(size int) []int
	}{
		{sst, "zero", 1, func(size int) []int { return every(size, 409) }},
		{namesName, "zero", 4096, func(size int) []int { return every(size, 64) }},
		{tableName, "zero", 1, func(int) []int { return inBucket }},
		{sst, "cut", 0, func(size int) []int { return []int{size - 1} }},
	}
	for _, c := range cases {
		name := filepath.Join(dir, c.file)
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var offs []int
		for _, at := range c.offs(len(b)) {
			if c.kind != "zero" || c.n > 1 || b[at] != 0 { // zeroing a zero damages nothing
				offs = append(offs, at)
			}
		}
		damaged := 0
		for _, at := range offs {
			d := damage{kind: c.kind, at: at, n: c.n}
			d.apply(t, name, b)
			if p.trial(t, dir, c.file+": "+d.String()) {
				damaged++
			}
			if err := os.WriteFile(name, b, 0o644); err != nil {
				t.Fatal(err)
			}
			if t.Failed() {
				return
			}
		}
		t.Logf("%s, %s: %d trials, %d errors, the others the sound answer", c.file, c.kind, len(offs), damaged)
		if c.file != sst && damaged != len(offs) {
			t.Errorf("%s: %d trials of %d read the damage and answered soundly", c.file, len(offs)-damaged, len(offs))
		}
	}
}

// TestDamageSuite damages each file of a small index at many offsets (a bit flipped, bytes
// zeroed, the file cut there, the file deleted): every trial ends in the sound answer or an
// error that says to rebuild, never a wrong answer, a panic or a hang.
func TestDamageSuite(t *testing.T) {
	dir, p := damageIndex(t, 12)
	files := indexFiles(t, dir)
	rng := rand.New(rand.NewPCG(31, 2026))
	trials, errs := 0, 0
	start := time.Now()
	for _, f := range files {
		name := filepath.Join(dir, f)
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var ds []damage
		offset := func() int {
			// a third near each end (headers, footers, directories), a third anywhere
			switch rng.IntN(3) {
			case 0:
				return rng.IntN(min(len(b), 256))
			case 1:
				return len(b) - 1 - rng.IntN(min(len(b), 256))
			}
			return rng.IntN(len(b))
		}
		per := 40
		if strings.HasSuffix(f, ".sst") || f == tableName || f == namesName {
			per = 70
		}
		for range per {
			if len(b) == 0 {
				break
			}
			ds = append(ds,
				damage{kind: "flip", at: offset(), n: rng.IntN(8)},
				damage{kind: "zero", at: offset(), n: 1 + rng.IntN(64)},
				damage{kind: "cut", at: offset()})
		}
		ds = append(ds, damage{kind: "delete"})
		fileErrs := 0
		for _, d := range ds {
			d.apply(t, name, b)
			if p.trial(t, dir, f+": "+d.String()) {
				fileErrs++
			}
			if err := os.WriteFile(name, b, 0o644); err != nil {
				t.Fatal(err)
			}
			if t.Failed() {
				return
			}
		}
		t.Logf("%s (%d bytes): %d trials, %d errors, the others the sound answer", f, len(b), len(ds), fileErrs)
		trials += len(ds)
		errs += fileErrs
	}
	if trials < 2000 {
		t.Errorf("%d trials, want 2,000 or more", trials)
	}
	t.Logf("%d trials in %v: %d errors, the others the sound answer", trials, time.Since(start).Round(time.Millisecond), errs)
}
