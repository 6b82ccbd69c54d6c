package pgn

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// signature identifies a game by its tags and moves.
func signature(g *Game) string {
	var b strings.Builder
	for _, t := range g.Tags {
		b.WriteString(t.Name + "=" + t.Value + ";")
	}
	for _, n := range g.Nodes {
		fmt.Fprintf(&b, "%d/%d,", n.Move, n.Parent)
	}
	return b.String()
}

func scanSigs(t testing.TB, data []byte, opt Options) (sigs []string, errs []string) {
	t.Helper()
	err := Scan(context.Background(), bytes.NewReader(data), "x", opt, func(g *Game) error {
		sigs = append(sigs, fmt.Sprintf("%d@%d+%d:%s:%s", g.Number, g.Offset, g.Length, g.Result, signature(g)))
		for _, e := range g.Errors {
			errs = append(errs, e.Error())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return
}

// TestBlockSizesAgree: however the input is cut into blocks and however many
// workers there are, the games, their places and their problems are the same.
func TestBlockSizesAgree(t *testing.T) {
	var inputs [][]byte
	for _, name := range []string{"cql-sample.pgn", "edge/synthetic/broken.pgn", "edge/scoutfish/chessdoctor.pgn", "edge/synthetic/long-lines.pgn", "edge/realworld/pgnmentor-Miles-crlf-nul-tail.pgn"} {
		data, err := os.ReadFile(testdata.File(t, name))
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, headGames(data, 200<<10))
	}
	for i, data := range inputs {
		want, wantErrs := scanSigs(t, data, Options{Variations: true, Workers: 1, BlockSize: 1 << 24})
		for _, opt := range []Options{
			{Variations: true, Workers: 4, BlockSize: 1},
			{Variations: true, Workers: 3, BlockSize: 777},
			{Variations: true, Workers: 2, BlockSize: 16 << 10},
		} {
			got, gotErrs := scanSigs(t, data, opt)
			if strings.Join(got, "\n") != strings.Join(want, "\n") || strings.Join(gotErrs, "\n") != strings.Join(wantErrs, "\n") {
				t.Errorf("input %d, block %d, workers %d: results differ (%d vs %d games, %d vs %d errors)",
					i, opt.BlockSize, opt.Workers, len(got), len(want), len(gotErrs), len(wantErrs))
			}
		}
	}
}

// TestCorruption inserts random bytes into, cuts bytes from, or truncates a
// real file: every game the damage does not touch is still read intact.
func TestCorruption(t *testing.T) {
	data, err := os.ReadFile(testdata.File(t, "masters-10k.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	data = headGames(data, 60<<10)
	type orig struct {
		off, end int
		sig      string
	}
	var games []orig
	err = Scan(context.Background(), bytes.NewReader(data), "x", Options{}, func(g *Game) error {
		games = append(games, orig{int(g.Offset), int(g.Offset) + g.Length, signature(g)})
		return nil
	})
	if err != nil || len(games) < 50 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	const alphabet = "{}()[]\";%$*.!?-=+#/\\ \n\n\r\t0123456789abcdefghKQRBNOx\x00\xff\xc3"
	rng := rand.New(rand.NewSource(1))
	iters := 300
	if testing.Short() {
		iters = 50
	}
	for it := 0; it < iters; it++ {
		var mutated []byte
		var lo, hi int // damaged byte range of the original
		switch it % 3 {
		case 0: // insert
			at := rng.Intn(len(data) + 1)
			ins := make([]byte, 1+rng.Intn(8))
			for i := range ins {
				ins[i] = alphabet[rng.Intn(len(alphabet))]
			}
			mutated = append(append(append([]byte(nil), data[:at]...), ins...), data[at:]...)
			lo, hi = at, at
		case 1: // cut
			at := rng.Intn(len(data))
			n := 1 + rng.Intn(40)
			if at+n > len(data) {
				n = len(data) - at
			}
			mutated = append(append([]byte(nil), data[:at]...), data[at+n:]...)
			lo, hi = at, at+n
		case 2: // truncate
			at := rng.Intn(len(data))
			mutated = data[:at]
			lo, hi = at, len(data)
		}
		have := map[string]int{}
		err := Scan(context.Background(), bytes.NewReader(mutated), "x", Options{BlockSize: 4096}, func(g *Game) error {
			have[signature(g)]++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range games {
			if g.end >= lo && g.off <= hi {
				continue // touched
			}
			if have[g.sig] == 0 {
				t.Errorf("iteration %d (damage %d..%d): untouched game %d at %d..%d lost", it, lo, hi, i+1, g.off, g.end)
			}
			have[g.sig]--
		}
	}
}

func FuzzTokenizer(f *testing.F) {
	for _, s := range []string{"[Event \"x\"]\n1. e4 {c} (1. d4) $1 e5!? 1-0", "{", "[", "%x\n;y", "\xef\xbb\xbf1...", "e4+= \xc2\xb1 \xe2\x99\x98f3"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sameFast(t, data)
		var tz Tokenizer
		var tok Token
		tz.Reset(data)
		last := 0
		for tz.Next(&tok) {
			if tok.Start < last || tok.End <= tok.Start || tok.End > len(data) {
				t.Fatalf("bad token %+v after %d in %q", tok, last, data)
			}
			last = tok.End
		}
	})
}

// FuzzScan: nothing panics, and cutting the input into tiny blocks changes nothing.
func FuzzScan(f *testing.F) {
	for _, name := range []string{"edge/synthetic/broken.pgn", "edge/synthetic/variations-nested.pgn", "edge/synthetic/null-moves.pgn", "edge/synthetic/fen-setups.pgn"} {
		data, err := os.ReadFile(testdata.File(f, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 600)])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, wantErrs := scanSigs(t, data, Options{Variations: true, Workers: 1, BlockSize: 4096})
		got, gotErrs := scanSigs(t, data, Options{Variations: true, Workers: 2, BlockSize: 7, MaxGameBytes: 1 << 20})
		if strings.Join(got, "\n") != strings.Join(want, "\n") || strings.Join(gotErrs, "\n") != strings.Join(wantErrs, "\n") {
			t.Fatalf("block size changes the result for %q:\n%v\n%v", data, want, got)
		}
		var out []byte
		games, _ := ReadAll(bytes.NewReader(data), "x", Options{Variations: true, BlockSize: 4096})
		for _, g := range games {
			out = AppendGame(out, g)
		}
		ReadAll(bytes.NewReader(out), "y", Options{Variations: true, BlockSize: 4096})
	})
}

func sameSplit(t *testing.T, buf []byte) {
	t.Helper()
	var tz Tokenizer
	for _, final := range []bool{true, false} {
		a, ra := splitGames(&tz, buf, final, nil)
		b, rb := splitGamesRef(&tz, buf, final, nil)
		if ra != rb || fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("final=%v: fast split %v rest %d, reference %v rest %d, input %q", final, a, ra, b, rb, buf)
		}
	}
}

// TestSplitMatchesReference: the fast splitter cuts every file, and every
// prefix of a few, exactly like the token-by-token reference.
func TestSplitMatchesReference(t *testing.T) {
	dir := filepath.Dir(testdata.File(t, "cql-sample.pgn"))
	files, _ := filepath.Glob(filepath.Join(dir, "edge", "*", "*.pgn"))
	files = append(files, filepath.Join(dir, "cql-sample.pgn"), filepath.Join(dir, "lichess-10k.pgn"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		data = headGames(data, 1<<20)
		sameSplit(t, data)
		if strings.Contains(f, "synthetic") && len(data) < 4000 {
			for i := range data {
				sameSplit(t, data[:i])
			}
		}
	}
}

func FuzzSplit(f *testing.F) {
	for _, s := range []string{"[E \"x\"]\n1. e4 1-0 1. d4 *", "1. e4 {a\n\n[Event \"b\"]} *", "e4 Qg20-1 d4 (e5 *) 1/2 - 1/2", "%x\n; y\n1-0"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { sameSplit(t, data) })
}

// splitGamesRef is the reference for splitGames, token by token. It finds the
// games in buf and appends their spans (start and end only). Unless final, the last game is incomplete: it is not appended and
// rest is where it starts. The rules, applied in order, are: a tag pair after
// move text starts a game; a move or move number after a result starts a game
// without tags; everything else up to the next game belongs to the current one.
func splitGamesRef(tz *Tokenizer, buf []byte, final bool, spans []span) ([]span, int) {
	tz.Reset(buf)
	var tok Token
	state := stBetween
	depth := 0
	cur, pend := -1, -1
	for tz.Next(&tok) {
		if !final && tok.End >= len(buf) {
			break // the token may continue in the next block
		}
		spans = split(&tok, spans, &state, &depth, &cur, &pend)
	}
	return lastGame(spans, cur, len(buf), final)
}
