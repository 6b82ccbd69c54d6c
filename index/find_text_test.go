package index

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/internal/testdata"
)

const (
	startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	afterE4  = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
)

// WriteFind's lines, written out by hand: names with letters outside ASCII, a game with no
// White, Black or Date tag, a tag given twice (the last counts), an occurrence in a
// variation, a position twice in one game, games past the first names column (128 games)
// and a second file; from the table and, built --no-positions, from replays alike.
func TestWriteFindLines(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn")
	games := []string{`[White "Müller, Jürgen"]
[Black "Ñíguez, Saúl"]
[Date "2020.01.02"]

1. e4 e5 *`}
	for i := 2; i <= 201; i++ {
		games = append(games, fmt.Sprintf("[White \"W%d\"]\n[Black \"B%d\"]\n[Date \"1999.??.??\"]\n\n1. d4 d5 *", i, i))
	}
	games = append(games, `[Event "202"]

1. d4 (1. e4 d5) 1... d5 *`, `[White "First"]
[Black "李"]
[White "Zweiter Ö"]

1. Nf3 Nf6 2. Ng1 Ng8 3. e4 *`)
	if err := os.WriteFile(a, []byte(strings.Join(games, "\n\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("[White \"É\"]\n[Black \"Ø\"]\n[Date \"2001.01.01\"]\n\n1. e4 c5 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e4 := a + ": game 1, ply 1: Müller, Jürgen - Ñíguez, Saúl, 2020.01.02\n" +
		a + ": game 202, ply 1 (variation):  - , \n" +
		a + ": game 203, ply 5: Zweiter Ö - 李, \n" +
		b + ": game 1, ply 1: É - Ø, 2001.01.01\n"
	start := a + ": game 1, ply 0: Müller, Jürgen - Ñíguez, Saúl, 2020.01.02\n"
	for i := 2; i <= 201; i++ {
		start += fmt.Sprintf("%s: game %d, ply 0: W%d - B%d, 1999.??.??\n", a, i, i, i)
	}
	start += a + ": game 202, ply 0:  - , \n" +
		a + ": game 203, ply 0: Zweiter Ö - 李, \n" +
		a + ": game 203, ply 4: Zweiter Ö - 李, \n" +
		b + ": game 1, ply 0: É - Ø, 2001.01.01\n"
	ctx := context.Background()
	noPos := filepath.Join(dir, "np")
	if _, err := Build(ctx, noPos, []string{a, b}, BuildOptions{Threads: 2, NoPositions: true}); err != nil {
		t.Fatal(err)
	}
	without, err := Open(noPos)
	if err != nil {
		t.Fatal(err)
	}
	defer without.Close()
	for name, ix := range map[string]*Index{"with the table": buildIndex(t, a, b), "without it": without} {
		for _, c := range []struct {
			fen   string
			limit int
			want  string
		}{
			{afterE4, 0, e4},
			{afterE4, 2, strings.Join(strings.SplitAfter(e4, "\n")[:2], "")},
			{startFEN, 0, start},
			{"8/8/8/4k3/8/8/2R5/4K3 w - - 0 1", 0, ""},
		} {
			var out bytes.Buffer
			n, err := ix.WriteFind(ctx, &out, c.fen, 2, c.limit)
			if err != nil || out.String() != c.want || n != strings.Count(c.want, "\n") {
				t.Errorf("%s: %s, limit %d: %d lines (%v)\n%s\nwant\n%s", name, c.fen, c.limit, n, err, out.String(), c.want)
			}
		}
	}
}

// A listing longer than WriteFind's buffer is the lines FindEach gives, written in pieces;
// a writer's error stops it and is returned.
func TestWriteFindLongListing(t *testing.T) {
	ix := buildIndex(t, testdata.File(t, "masters-10k.pgn"))
	ctx := context.Background()
	var want []byte
	n, err := ix.FindEach(ctx, startFEN, 2, 0, func(o *Occurrence) error {
		want, _ = o.AppendText(want)
		want = append(want, '\n')
		return nil
	})
	if err != nil || len(want) < 2*textFlush {
		t.Fatalf("start position: %d lines, %d bytes (%v); want more than %d bytes", n, len(want), err, 2*textFlush)
	}
	w := &countWriter{}
	got, err := ix.WriteFind(ctx, w, startFEN, 2, 0)
	if err != nil || got != n || !bytes.Equal(w.buf.Bytes(), want) || w.writes < 2 {
		t.Errorf("WriteFind: %d lines in %d writes, %d bytes (%v); want %d lines, %d bytes", got, w.writes, w.buf.Len(), err, n, len(want))
	}
	full := errors.New("full")
	w = &countWriter{fail: 2, err: full}
	if _, err := ix.WriteFind(ctx, w, startFEN, 2, 0); !errors.Is(err, full) || w.writes != 2 {
		t.Errorf("a writer failing at its 2nd write: %d writes, error %v", w.writes, err)
	}
}

// WriteFind lists what FindEach lists, with any limit (one within the first piece of
// entries read, one beyond it) and any number of goroutines: the entries read while the
// first are formatted end up in the same blocks' lines.
func TestWriteFindPiecesAndLimits(t *testing.T) {
	ix := buildIndex(t, testdata.File(t, "masters-10k.pgn"))
	ctx := context.Background()
	for _, fen := range []string{startFEN, afterE4} {
		for _, limit := range []int{0, 1, 7, textBlock + 300, 1 << 20} {
			var want []byte
			n, err := ix.FindEach(ctx, fen, 1, limit, func(o *Occurrence) error {
				want, _ = o.AppendText(want)
				want = append(want, '\n')
				return nil
			})
			if err != nil || n == 0 {
				t.Fatalf("%s, limit %d: %d lines (%v)", fen, limit, n, err)
			}
			for _, threads := range []int{1, 2, 3} {
				var w bytes.Buffer
				got, err := ix.WriteFind(ctx, &w, fen, threads, limit)
				if err != nil || got != n || !bytes.Equal(w.Bytes(), want) {
					t.Errorf("%s, limit %d, %d threads: %d lines, %d bytes (%v); want %d lines, %d bytes", fen, limit, threads, got, w.Len(), err, n, len(want))
				}
			}
		}
	}
}

// countWriter counts its writes and fails the fail-th one (0: none) with err.
type countWriter struct {
	buf    bytes.Buffer
	writes int
	fail   int
	err    error
}

func (w *countWriter) Write(p []byte) (int, error) {
	if w.writes++; w.writes == w.fail {
		return 0, w.err
	}
	return w.buf.Write(p)
}

// Nothing is written when the check of the table's entries fails or says they are another
// position's, whether the lines are formatted by one goroutine or several.
func TestListTextWaitsForCheck(t *testing.T) {
	ix := buildIndex(t, testdata.File(t, "masters-10k.pgn"))
	ctx := context.Background()
	pos, err := chess.ParseFEN(startFEN)
	if err != nil {
		t.Fatal(err)
	}
	all, err := ix.lookupPositions(positionHash(&pos) >> (64 - hashBits))
	if err != nil {
		t.Fatal(err)
	}
	bad := errors.New("unreadable")
	for _, limit := range []int{5, 0} { // one goroutine, several
		es := limitGames(all, limit)
		for _, threads := range []int{1, 2} {
			w := &countWriter{}
			if n, err := ix.listText(ctx, w, sliceSource(es), func() (bool, error) { return false, nil }, threads); n != 0 || err != nil || w.writes != 0 {
				t.Errorf("limit %d, threads %d, not held: %d lines in %d writes (%v), want none", limit, threads, n, w.writes, err)
			}
			if n, err := ix.listText(ctx, w, sliceSource(es), func() (bool, error) { return true, bad }, threads); n != 0 || !errors.Is(err, bad) || w.writes != 0 {
				t.Errorf("limit %d, threads %d, check failing: %d lines in %d writes (%v), want none and its error", limit, threads, n, w.writes, err)
			}
			if n, err := ix.listText(ctx, w, sliceSource(es), func() (bool, error) { return true, nil }, threads); n != len(es) || err != nil || w.writes == 0 {
				t.Errorf("limit %d, threads %d, held: %d lines in %d writes (%v), want %d", limit, threads, n, w.writes, err, len(es))
			}
		}
	}
}

// appendUint writes what strconv writes, at every number of digits and at the edges.
func TestAppendUint(t *testing.T) {
	vs := []uint32{0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 4096, 99999, 100000, 463564, 1<<31 - 1, 1 << 31, 1<<32 - 1}
	for v := uint64(1); v < 1<<32; v = v*7 + 3 {
		vs = append(vs, uint32(v), uint32(v-1), uint32(v+1))
	}
	for _, v := range vs {
		if got, want := string(appendUint([]byte("x"), v)), "x"+strconv.FormatUint(uint64(v), 10); got != want {
			t.Errorf("appendUint(%d) = %q, want %q", v, got, want)
		}
	}
}
