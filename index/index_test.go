package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/RoaringBitmap/roaring/v2"
	badger "github.com/dgraph-io/badger/v4"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/query"
	"github.com/cqlgo/cql/run"
)

// equivalenceQueries are the queries of the project's tests: the oracle's (filter),
// the command line's (cmd/cql) and the sample scripts (query/testdata/cql), with queries
// aimed at each pruning rule. Each is run over a corpus by a scan and through the index.
var equivalenceQueries = []string{
	// pruning rules first: the short run takes these
	"mate",
	"stalemate",
	"move o-o-o",
	"move promote N",
	"flipcolor {Qa8}",
	"cql(variations) mate",
	"move enpassant",
	"Rd4 or kh1",
	"if check then Qd4 else stalemate",
	"Q attacks k",
	// the oracle's queries
	"power A >= power a + 5",
	"abs(power A - power a) <= 1 and #[Qq] == 0",
	"move capture Q",
	"move previous promote [QRBN]",
	"move previous capture .",
	"move previous o-o-o",
	// the command line's
	"(square x in h1-8 {R attacks x x attacks K}) == [h3,h7]",
	"square x in h1-8 {R attacks x x attacks K}",
	"initial and wtm and R",
	"cql(matchcount 4) btm",
	"cql(matchcount 0) mate",
	"up K == [f6,f7,f8]",
	"diagonal 1 1 K == [e4,g4,e6,g6]",
	`mate comment ("mated by" from)`,
	`check not initial message ("check from" from)`,
	"elo > 2600",
	"year == 2021",
	"cql(sort matchcount) Q attacks k",
	`sort "power" power A check`,
	"flip {Ng5 Bc4 move previous capture f7}",
	"cql(variations) move promote B",
	"shift {Kg1 Rf1}",
	"not mate",
	"true",
}

// scripts returns the bodies of the sample scripts (headers name inputs the test replaces).
func scripts(t *testing.T) []string {
	files, _ := filepath.Glob("../query/testdata/cql/*.cql")
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

func compileQuery(t testing.TB, src string) (*query.Program, *filter.Query, bool) {
	t.Helper()
	prog, err := query.Parse("test", []byte(src))
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	q, err := filter.Compile(prog)
	if err != nil {
		if strings.Contains(err.Error(), "not supported") {
			return nil, nil, false
		}
		t.Fatalf("%q: %v", src, err)
	}
	return prog, q, true
}

func buildIndex(t testing.TB, files ...string) *Index {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ix")
	if _, err := Build(context.Background(), dir, files, BuildOptions{Threads: 2}); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

type runOutput struct {
	out, errs string
	stats     run.Stats
}

func runOn(t testing.TB, q *filter.Query, src run.Source, format string) runOutput {
	t.Helper()
	var out, errs bytes.Buffer
	st, err := run.Run(context.Background(), q, src, &out, run.Options{Format: format, Threads: 2, Errors: &errs})
	if err != nil {
		t.Fatal(err)
	}
	return runOutput{out.String(), errs.String(), st}
}

// checkEquivalent runs every query over files by a scan and through ix, pruned and not:
// output, problems, messages and counts must be the same, byte for byte.
func checkEquivalent(t *testing.T, ix *Index, files []string, queries []string, formats []string) {
	for _, qs := range queries {
		prog, q, ok := compileQuery(t, qs)
		if !ok {
			t.Logf("skipped (not supported yet): %q", qs)
			continue
		}
		cand, err := ix.Candidates(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range formats {
			scan := runOn(t, q, run.Files{Names: files}, format)
			pruned := runOn(t, q, ix.Games(cand), format)
			if scan != pruned {
				t.Errorf("%q --format %s: the index's answer differs from the scan's (scan %+v, index %+v)", qs, format, scan.stats, pruned.stats)
				diffHint(t, scan.out, pruned.out)
			}
		}
		if cand != nil {
			t.Logf("%q: %d candidates of %d games", firstLine(qs), cand.GetCardinality(), ix.Meta.Games)
		}
		// A count through the index counts the games the summaries decide without replaying them.
		if !run.MatchesOnly(q, run.Options{Count: true}) {
			continue
		}
		if q.PositionLocal() && !q.Variations() {
			checkCounted(t, ix, files, qs, q, cand)
		}
		decided, err := ix.Decided(prog, q.Variations())
		if err != nil {
			t.Fatal(err)
		}
		if decided == nil || decided.IsEmpty() {
			continue
		}
		scan, counted := runCount(t, q, run.Files{Names: files}), runCount(t, q, ix.GamesDecided(cand, decided))
		if scan.out != counted.out || scan.errs != counted.errs || scan.stats.GamesRead != counted.stats.GamesRead {
			t.Errorf("%q --count: the scan says %q (%q), the index %q (%q)", qs, scan.out, scan.errs, counted.out, counted.errs)
		}
		t.Logf("%q --count: %d games decided", firstLine(qs), counted.stats.Decided)
	}
}

// checkCounted: a count of a position-local query, replayed without a game tree
// (GamesCounted), gives the scan's count, problems and number of matching positions; with
// the decided games too, the scan's count.
func checkCounted(t *testing.T, ix *Index, files []string, qs string, q *filter.Query, cand *roaring.Bitmap) {
	t.Helper()
	scan, counted := runCount(t, q, run.Files{Names: files}), runCount(t, q, ix.GamesCounted(cand, nil, q))
	if scan.out != counted.out || scan.errs != counted.errs || scan.stats != counted.stats {
		t.Errorf("%q --count without a game tree: the scan says %q (%q, %+v), the index %q (%q, %+v)", qs, scan.out, scan.errs, scan.stats, counted.out, counted.errs, counted.stats)
	}
	prog, _, _ := compileQuery(t, qs)
	decided, err := ix.Decided(prog, q.Variations())
	if err != nil {
		t.Fatal(err)
	}
	both := runCount(t, q, ix.GamesCounted(cand, decided, q))
	if scan.out != both.out || scan.errs != both.errs || scan.stats.GamesRead != both.stats.GamesRead {
		t.Errorf("%q --count without a game tree and with decided games: the scan says %q (%q), the index %q (%q)", qs, scan.out, scan.errs, both.out, both.errs)
	}
}

func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

func diffHint(t *testing.T, a, b string) {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			lo := max(0, i-200)
			t.Logf("first difference at byte %d:\nscan:  %q\nindex: %q", i, a[lo:min(len(a), i+100)], b[lo:min(len(b), i+100)])
			return
		}
	}
	t.Logf("lengths %d and %d", len(a), len(b))
}

// TestIndexEquivalence: through the index, every test query gives the scan's output. The
// short run takes the pruning queries on lichess-10k; the default run adds masters-10k and
// the oracle and command-line queries; CQL_INDEX_ALL=1 runs every query in every format.
func TestIndexEquivalence(t *testing.T) {
	queries := equivalenceQueries
	corpora := []string{"lichess-10k.pgn", "masters-10k.pgn"}
	formats := []string{"pgn"}
	all := os.Getenv("CQL_INDEX_ALL") != ""
	switch {
	case all:
		queries = append(queries, scripts(t)...)
		formats = []string{"pgn", "fen", "epd", "jsonl"}
	case testing.Short():
		queries, corpora = queries[:4], corpora[:1]
	default:
		queries = queries[:6]
	}
	for _, name := range corpora {
		file := testdata.File(t, name)
		t.Run(name, func(t *testing.T) {
			ix := buildIndex(t, file)
			checkEquivalent(t, ix, []string{file}, queries, formats)
		})
	}
}

// The edge corpus holds damaged games: the index keeps every game a scan reads and reports
// the same problems in the same order.
func TestIndexEdgeFiles(t *testing.T) {
	all, _ := filepath.Glob(filepath.Join(testdata.Dir(t), "edge", "*", "*.pgn"))
	var files []string
	for _, f := range all {
		if st, err := os.Stat(f); err == nil && st.Size() < 256<<10 { // the small ones: a few seconds
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		t.Skip("no edge files")
	}
	ix := buildIndex(t, files...)
	checkEquivalent(t, ix, files, []string{"mate", "true", "cql(variations) check"}, []string{"pgn"})
}

func TestIndexAddEqualsBuild(t *testing.T) {
	a, b := "../testdata/query/games.pgn", "../testdata/query/elo.pgn"
	dir := filepath.Join(t.TempDir(), "ix")
	ctx := context.Background()
	if _, err := Build(ctx, dir, []string{a}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	meta, err := Add(ctx, dir, []string{b}, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if meta.Games != 5 || meta.Files != 2 {
		t.Errorf("after add: %+v, want 5 games in 2 files", meta)
	}
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	checkEquivalent(t, ix, []string{a, b}, []string{"mate", "true", "elo > 2600", "stalemate"}, []string{"pgn"})
	// The largest chunk is the larger of the two files' (each its own chunk).
	largest := 0
	err = ix.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(keyChunk)})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			v, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			_, n := binary.Uvarint(v)
			recs, err := decodeRecords(nil, v[n:], 0, true)
			if err != nil {
				return err
			}
			largest = max(largest, len(recs))
		}
		return nil
	})
	if err != nil || largest == 0 || ix.Meta.MaxChunk != largest {
		t.Errorf("after add: MaxChunk %d, the largest chunk decodes to %d bytes (%v)", ix.Meta.MaxChunk, largest, err)
	}
	if _, err := Add(ctx, dir, []string{b}, BuildOptions{}); err == nil || !strings.Contains(err.Error(), "already") {
		t.Errorf("adding a file twice: %v", err)
	}
}

func TestIndexLockAndVersion(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ix")
	unlock, err := lock(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Build(context.Background(), dir, []string{"../testdata/query/games.pgn"}, BuildOptions{})
	if !errors.Is(err, ErrLocked) {
		t.Errorf("second builder: %v, want ErrLocked", err)
	}
	unlock()
	if _, err := Build(context.Background(), dir, []string{"../testdata/query/games.pgn"}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	// An index of another format version is refused with a message to rebuild.
	db, err := badgerOpenRW(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := setKey(db, keyVersion, "0"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "rebuild") {
		t.Errorf("old format: %v", err)
	}
	if _, err := Open(filepath.Join(t.TempDir(), "none")); !errors.Is(err, ErrNoIndex) {
		t.Errorf("no index: %v", err)
	}
	// A directory that is not an index is not replaced.
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "notes.txt"), []byte("keep"), 0o644)
	if _, err := Build(context.Background(), other, []string{"../testdata/query/games.pgn"}, BuildOptions{}); err == nil {
		t.Error("built over a directory that is not an index")
	}
}

func TestIndexStaleAndVerify(t *testing.T) {
	src, err := os.ReadFile("../testdata/query/games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	file := filepath.Join(tmp, "g.pgn")
	os.WriteFile(file, src, 0o644)
	dir := filepath.Join(tmp, "ix")
	if _, err := Build(context.Background(), dir, []string{file}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	ctx := context.Background()
	if c, m, tc := ix.Stale(ctx); len(c)+len(m)+len(tc) != 0 {
		t.Errorf("fresh index stale: %v %v %v", c, m, tc)
	}
	if p, err := ix.Verify(ctx, VerifyOptions{Threads: 2, Deep: true}); err != nil || len(p) != 0 {
		t.Errorf("verify fresh: %v %v", p, err)
	}
	// A new time, the same bytes (a copy, a touch): not changed, but touched.
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(file, later, later); err != nil {
		t.Fatal(err)
	}
	if c, m, tc := ix.Stale(ctx); len(c)+len(m) != 0 || len(tc) != 1 {
		t.Errorf("touched source: changed %v, missing %v, touched %v; want touched alone", c, m, tc)
	}
	if p, err := ix.Verify(ctx, VerifyOptions{Threads: 2, Deep: true}); err != nil || len(p) != 0 {
		t.Errorf("verify touched: %v %v", p, err)
	}
	// Refresh writes a new generation and swaps it in: the index open meanwhile still
	// reads the old one whole (removed from the directory, held open).
	if r, err := Refresh(ctx, dir); err != nil || len(r) != 1 {
		t.Fatalf("Refresh: %v %v, want the one source", r, err)
	}
	if p, err := ix.Verify(ctx, VerifyOptions{Threads: 2, Deep: true}); err != nil || len(p) != 0 {
		t.Errorf("verify the index open during Refresh: %v %v", p, err)
	}
	ix.Close()
	if ix, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	defer func() { ix.Close() }()
	if c, m, tc := ix.Stale(ctx); len(c)+len(m)+len(tc) != 0 {
		t.Errorf("after Refresh: %v %v %v, want nothing stale", c, m, tc)
	}
	if _, err := os.Stat(filepath.Join(dir, "DISCARD")); err == nil {
		t.Error("Refresh left Badger's DISCARD file")
	}
	// The same size, other bytes, a new time: changed.
	os.WriteFile(file, bytes.Replace(src, []byte("Qxf7#"), []byte("Qxf7 "), 1), 0o644)
	even := time.Now().Add(2 * time.Hour)
	os.Chtimes(file, even, even)
	if c, _, tc := ix.Stale(ctx); len(c) != 1 || len(tc) != 0 {
		t.Errorf("edited source: changed %v, touched %v; want changed", c, tc)
	}
	if p, err := ix.Verify(ctx, VerifyOptions{Threads: 2, Deep: true}); err != nil || len(p) != 1 || !strings.Contains(p[0], "changed") {
		t.Errorf("verify changed: %v %v", p, err)
	}
	os.Remove(file)
	if _, m, _ := ix.Stale(ctx); len(m) != 1 {
		t.Errorf("missing source not reported: %v", m)
	}
}

// candidateGames lists the games the summaries leave for src; ok is false when the query
// is not supported.
func candidateGames(t testing.TB, ix *Index, src string) (games []uint32, ok bool) {
	t.Helper()
	prog, q, ok := compileQuery(t, src)
	if !ok {
		return nil, false
	}
	cand, err := ix.Candidates(prog, q.Variations())
	if err != nil {
		t.Fatal(err)
	}
	return bitmapOf(cand, ix.Meta.Games), true
}

// bitmapOf lists a candidate set (nil: every game) for messages.
func bitmapOf(bm *roaring.Bitmap, games int) []uint32 {
	if bm == nil {
		bm = roaring.New()
		bm.AddRange(0, uint64(games))
	}
	return bm.ToArray()
}

// A game the scan cuts at the size limit (8 MiB by default) keeps the scan's problems and
// output through the index, as do the games around it.
func TestIndexCutGame(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads a 10 MB game")
	}
	var b strings.Builder
	b.WriteString("[Event \"huge\"]\n\n1. e4 e5 ")
	b.WriteString(strings.Repeat("$1 $2 ", 1_600_000))
	b.WriteString("2. Nf3 1-0\n\n[Event \"after\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n")
	file := filepath.Join(t.TempDir(), "cut.pgn")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ix := buildIndex(t, file)
	checkEquivalent(t, ix, []string{file}, []string{"mate", "true", "cql(variations) check"}, []string{"pgn", "fen"})
	// and the problems are there to compare
	_, q, _ := compileQuery(t, "true")
	if out := runOn(t, q, ix.Games(nil), "fen"); !strings.Contains(out.errs, "per-game limit") {
		t.Errorf("no cut reported: %s %+v", out.errs, out.stats)
	}
}
