package shard

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/pgn"
)

// tricky is PGN where `[Event ` lines that begin a line are not game starts, and where a
// parse that starts at one of them reads the following bytes differently from a parse of
// the whole file: inside multi-line comments, after `{` inside a `;` comment, on `%` escape
// lines, with `}` on escape lines, in variations, before games without tags. Every game
// says in its Event or first comment what it is, so a mistake shows in the digests.
var tricky = []string{
	"junk before the first game\n",
	"[Event \"A\"]\n[Site \"s\"]\n[Result \"*\"]\n\n1. e4 { a comment over lines\n[Event \"fake A1\"]\n[Site \"fake\"]\n\n1. d4 d5 } e5 2. Nf3 *\n\n",
	"[Event \"B\"]\n[Result \"1-0\"]\n\n1. e4 { one\n[Event \"fake B1\"]\n; a rest-of-line comment { that is no comment here } e5 2. Nf3 { another\n[Event \"fake B2\"]\n} 2... Nc6 1-0\n\n",
	"[Event \"C\"]\n\n1. d4 ; a semicolon comment with a brace {\n[Event \"C2 is real\"]\n\n1. c4 { closing } *\n\n",
	"[Event \"D\"]\n\n1. e4 {\n% an escape line inside a comment }\n[Event \"fake D1\"]\n} e5 *\n\n",
	"[Event \"E\"]\n\n1. e4 e5\n%escape line with a brace {\n[Event \"E2 is real\"]\n\n1. d4 { x\n[Event \"fake E3\"] } d5 *\n\n",
	"{ a comment before a game without tags\n[Event \"fake F0\"] }\n1. e4 e5 2. Nf3 *\n\n",
	"[Event \"G\"]\n\n1. e4 ( 1. d4 { in a variation\n[Event \"fake G1\"]\n( } d5 ) e5 *\n\n",
	"1. c4 c5 *\n\n",
	"[Event \"H\"]\n[White \"w\"]\n\n1. e4 { one line } e5 { two\n[Event \"fake H1\"]\n[Event \"fake H2\"]\n[Black \"b\"]\n} 2. Nf3 Nc6 1/2-1/2\n\n",
	"[Event \"I\"]\r\n\r\n1. e4 {crlf\r\n[Event \"fake I1\"]\r\n} e5 0-1\r\n\r\n",
	"[Event \"J\"]\n\n1. e4 {\n[Event \"fake J1\"]\n\n1. d4 *\n\n[Event \"fake J2\"]\n\n} *\n",
}

func trickyFile() []byte { return []byte(strings.Join(tricky, "")) }

// byteShards cuts data (in file path) at the given offsets.
func byteShards(path string, size int64, cuts ...int64) []Shard {
	starts := append([]int64{0}, cuts...)
	out := make([]Shard, len(starts))
	for i, s := range starts {
		end := size
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		out[i] = Shard{File: path, Index: i, Count: len(starts), Kind: Bytes, Start: s, End: end, Size: size}
	}
	return out
}

// ownRecs is what the shards' own parses say without Resolve: each shard's games from its
// first `[Event ` line up to the first game at or after its end. This is how sharding
// worked before Resolve; the test shows that it loses or repeats games on tricky input.
func ownRecs(t testing.TB, shards []Shard) []gameRec {
	var recs []gameRec
	before := pgn.Counts{}
	data, err := os.ReadFile(shards[0].File)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range shards {
		sp, err := s.Split(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if sp.Empty {
			continue
		}
		p := Piece{File: s.File, Kind: s.Kind, Size: s.Size, From: s.Start + sp.Begin, To: s.Start + sp.Stop}
		r, err := p.Open()
		if err != nil {
			t.Fatal(err)
		}
		before.Bytes = p.From
		before.Lines = bytes.Count(data[:p.From], []byte{'\n'})
		got := scanRecs(t, r, before)
		r.Close()
		recs = append(recs, got...)
		before.Games += len(got)
	}
	return recs
}

// TestExactAtEveryByte cuts the tricky file into two shards at every byte, into three at
// many pairs of bytes, and into shards of 1 to 40 bytes: the games read through the pieces,
// with their numbers, lines, offsets and contents, are those of a scan of the whole file.
func TestExactAtEveryByte(t *testing.T) {
	data := trickyFile()
	path := filepath.Join(t.TempDir(), "tricky.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	size := int64(len(data))
	whole := scanRecs(t, bytes.NewReader(data), pgn.Counts{})
	if len(whole) < 12 {
		t.Fatalf("the tricky file has %d games", len(whole))
	}
	fallbacks, wrongWithout := 0, 0
	check := func(what string, shards []Shard) {
		t.Helper()
		recs, pieces := pieceRecs(t, shards)
		sameRecs(t, what, recs, whole)
		for _, p := range pieces {
			if p.Fallback {
				fallbacks++
			}
		}
	}
	for cut := int64(1); cut < size; cut++ {
		shards := byteShards(path, size, cut)
		check(fmt.Sprintf("cut at %d", cut), shards)
		if cut%3 == 0 {
			// Splits that keep one game start: a later fall into step is re-read.
			recs, _ := pieceRecsKeep(t, shards, 1)
			sameRecs(t, fmt.Sprintf("cut at %d keeping 1 start", cut), recs, whole)
		}
		if cut%5 != 0 && (testing.Short() || raceDetector) {
			continue // the test's teeth need a sample only
		}
		if own := ownRecs(t, shards); !equalRecs(own, whole) {
			wrongWithout++
		}
	}
	// The test has teeth: without Resolve, some cuts lose or repeat games, and some need
	// the fallback.
	if wrongWithout == 0 || fallbacks == 0 {
		t.Fatalf("%d cuts wrong without Resolve, %d fallback pieces: the tricky file tests nothing", wrongWithout, fallbacks)
	}
	t.Logf("%d single cuts wrong without Resolve (of %d, or of every fifth with -short or -race); %d fallback pieces", wrongWithout, size-1, fallbacks)
	step := int64(13)
	if testing.Short() || raceDetector {
		step = 29
	}
	for a := int64(1); a < size; a += step {
		for b := a + 1; b < size; b += step + 2 {
			check(fmt.Sprintf("cuts at %d, %d", a, b), byteShards(path, size, a, b))
		}
	}
	for target := int64(1); target <= 40; target++ {
		shards, err := Plan(path, target)
		if err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("target %d", target), shards)
	}
}

func equalRecs(a, b []gameRec) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestExactFrames compresses the tricky file into zstd frames of n bytes each (a frame
// start counts as a line start for choosing where a shard's parse begins, so frames add
// cases of their own) and reads it through frame shards of one frame and of several.
func TestExactFrames(t *testing.T) {
	data := trickyFile()
	whole := scanRecs(t, bytes.NewReader(data), pgn.Counts{})
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sizes := []int{1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144}
	if raceDetector {
		sizes = []int{1, 3, 8, 21, 55, 144}
	}
	for _, n := range sizes {
		var z []byte
		for i := 0; i < len(data); i += n {
			z = enc.EncodeAll(data[i:min(i+n, len(data))], z)
		}
		path := filepath.Join(dir, fmt.Sprintf("frames-%d.pgn.zst", n))
		if err := os.WriteFile(path, z, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, target := range []int64{1, 3 * int64(len(z)) / int64(len(data)/n+1), int64(len(z)) / 3} {
			shards, err := Plan(path, max(target, 1))
			if err != nil {
				t.Fatal(err)
			}
			if len(shards) > 1 && shards[0].Kind != Frames {
				t.Fatalf("frames of %d: %v", n, shards[0])
			}
			sameRecs(t, fmt.Sprintf("frames of %d bytes, %d shards", n, len(shards)), shardRecs(t, shards), whole)
		}
	}
}

// TestExactRandom builds files from random fragments of the tricky file and of real-looking
// games, and cuts them at random bytes.
func TestExactRandom(t *testing.T) {
	frags := append([]string{
		"[Event \"r\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n",
		"{\n[Event \"in a comment\"]\n",
		"}\n",
		"; {\n",
		"%{\n",
		"% }\n",
		"[Event \"open\n",
		"(\n",
		") *\n\n",
		"1. d4 ",
		"\n",
	}, tricky...)
	rounds := 300
	if testing.Short() || raceDetector {
		rounds = 60
	}
	dir := t.TempDir()
	for round := range rounds {
		rng := rand.New(rand.NewPCG(uint64(round), 16))
		var b strings.Builder
		for range 5 + rng.IntN(20) {
			b.WriteString(frags[rng.IntN(len(frags))])
		}
		data := []byte(b.String())
		path := filepath.Join(dir, fmt.Sprintf("r%d.pgn", round))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		whole := scanRecs(t, bytes.NewReader(data), pgn.Counts{})
		size := int64(len(data))
		var cuts []int64
		for c := int64(0); ; {
			c += 1 + rng.Int64N(max(size/4, 1))
			if c >= size {
				break
			}
			cuts = append(cuts, c)
		}
		sameRecs(t, fmt.Sprintf("round %d cuts %v", round, cuts), shardRecs(t, byteShards(path, size, cuts...)), whole)
		// Splits that keep only the first one or two game starts: where a shard falls in
		// step later, Resolve re-reads.
		keep := 1 + round%2
		recs, _ := pieceRecsKeep(t, byteShards(path, size, cuts...), keep)
		sameRecs(t, fmt.Sprintf("round %d cuts %v keeping %d starts", round, cuts, keep), recs, whole)
	}
}

// fuzzBlock is the block size FuzzExact's scans read with.
const fuzzBlock = 1 << 10

// FuzzExact: any bytes, cut at any two places, read through the pieces as the whole file.
func FuzzExact(f *testing.F) {
	// Seeds of one tricky case each, twice: the fuzzer minimises every input that finds new
	// code, with a number of runs that grows as the square of its size, so the 1.5 KB of
	// trickyFile kept a worker minimising for the whole of CI's 15 s (TestExact reads it).
	for _, s := range tricky {
		f.Add([]byte(s+s), uint16(len(s)/2), uint16(len(s)+3))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte, a, b uint16) {
		if len(data) < 3 || len(data) > 4<<10 {
			return // larger inputs find nothing more, and minimising them took CI's 15 s
		}
		path := filepath.Join(dir, "f.pgn")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		size := int64(len(data))
		ca, cb := 1+int64(a)%(size-1), 1+int64(b)%(size-1)
		if ca > cb {
			ca, cb = cb, ca
		}
		cuts := []int64{ca}
		if cb > ca {
			cuts = append(cuts, cb)
		}
		// Blocks of 1 KB: pgn's default 1 MB block, allocated by each of the scans, took
		// 2.6 ms an input (3.8 MB allocated), so that minimising one input of 16 KB took most
		// of CI's 15 s; the block size does not change what is read (pgn's TestBlockSizesAgree).
		whole := scanRecsBlock(t, bytes.NewReader(data), pgn.Counts{}, fuzzBlock)
		recs, _ := pieceRecsBlock(t, byteShards(path, size, cuts...), KeepStarts, fuzzBlock)
		sameRecs(t, fmt.Sprintf("cuts %v", cuts), recs, whole)
	})
}
