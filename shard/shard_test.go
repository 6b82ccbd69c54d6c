package shard

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
)

var corpora = []string{"lichess-10k.pgn", "masters-10k.pgn"}

// corpus returns the path and bytes of a corpus: under the race detector, its first 1,500
// games only, in a temporary file (the same cases on fewer games).
func corpus(t testing.TB, name string) (string, []byte) {
	t.Helper()
	path := testdata.File(t, name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !raceDetector {
		return path, data
	}
	if ms := markers(data); len(ms) > 1500 {
		data = data[:ms[1500]]
	}
	path = filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, data
}

// gameRec is what a scan says about one game: where it is and a digest of everything read.
type gameRec struct {
	Number, Line int
	Offset       int64
	Digest       uint64
}

func (g gameRec) String() string {
	return fmt.Sprintf("game %d line %d offset %d digest %x", g.Number, g.Line, g.Offset, g.Digest)
}

// scanRecs scans PGN bytes as pgn.Scan numbers them after the given counts.
func scanRecs(t testing.TB, r io.Reader, before pgn.Counts) []gameRec {
	t.Helper()
	return scanRecsBlock(t, r, before, 0)
}

// scanRecsBlock is scanRecs reading blocks of that many bytes (0: pgn's default, 1 MB,
// which each scan allocates: FuzzExact's small inputs use small blocks).
func scanRecsBlock(t testing.TB, r io.Reader, before pgn.Counts, block int) []gameRec {
	t.Helper()
	var recs []gameRec
	opt := pgn.Options{Workers: 2, BlockSize: block, GamesBefore: before.Games, LinesBefore: before.Lines, OffsetBefore: before.Bytes}
	err := pgn.Scan(context.Background(), r, "f.pgn", opt, func(g *pgn.Game) error {
		h := fnv.New64a()
		fmt.Fprintf(h, "%d %d %q %q %q ", g.Length, len(g.Nodes), g.Tags, g.Result, g.Comment(0))
		h.Write(g.Nodes[len(g.Nodes)-1].Pos.AppendFEN(nil))
		for _, e := range g.Errors {
			io.WriteString(h, e.Error())
		}
		recs = append(recs, gameRec{g.Number, g.Line, g.Offset, h.Sum64()})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// markers returns the offsets of the Marker at line starts: the rule, written independently
// of Reader.
func markers(data []byte) []int64 {
	var out []int64
	for i := 0; ; {
		j := bytes.Index(data[i:], marker)
		if j < 0 {
			return out
		}
		p := i + j
		if p == 0 || data[p-1] == '\n' || data[p-1] == '\r' {
			out = append(out, int64(p))
		}
		i = p + 1
	}
}

// TestMarkersAreGameStarts: on the real corpora every `[Event ` line start is where the PGN
// reader starts a game, and each stretch from one to the next, read alone and numbered after
// the counts of what precedes it, is exactly the games the whole-file scan finds there. So
// any cut at those points loses no game and reads none twice.
func TestMarkersAreGameStarts(t *testing.T) {
	for _, name := range corpora {
		t.Run(name, func(t *testing.T) {
			_, data := corpus(t, name)
			whole := scanRecs(t, bytes.NewReader(data), pgn.Counts{})
			ms := markers(data)
			if len(ms) == 0 || len(ms) != len(whole) {
				t.Fatalf("%d markers, %d games", len(ms), len(whole))
			}
			cuts := append(ms, int64(len(data)))
			var before pgn.Counts
			stride := 7
			if testing.Short() {
				stride = 101
			}
			k := 0 // games before cuts[i]
			for i := 0; i+1 < len(cuts); i++ {
				if whole[k].Offset != cuts[i] {
					t.Fatalf("marker at %d, but game %d starts at %d", cuts[i], k+1, whole[k].Offset)
				}
				piece := data[cuts[i]:cuts[i+1]]
				n := 0 // games of the whole scan in this stretch
				for k+n < len(whole) && whole[k+n].Offset < cuts[i+1] {
					n++
				}
				if i%stride == 0 {
					got := scanRecs(t, bytes.NewReader(piece), before)
					for j, g := range got {
						if g != whole[k+j] {
							t.Fatalf("stretch %d: %v, whole file: %v", i, g, whole[k+j])
						}
					}
					c, err := pgn.Count(context.Background(), bytes.NewReader(piece), "f.pgn", pgn.Options{})
					if err != nil {
						t.Fatal(err)
					}
					lines := bytes.Count(piece, []byte{'\n'})
					if len(got) != n || c.Games != n || c.Lines != lines || c.Bytes != int64(len(piece)) {
						t.Fatalf("stretch %d: %d games scanned, %+v counted; want %d games, %d lines, %d bytes", i, len(got), c, n, lines, len(piece))
					}
				}
				k += n
				before.Games += n
				before.Lines += bytes.Count(piece, []byte{'\n'})
				before.Bytes += int64(len(piece))
			}
			if k != len(whole) {
				t.Fatalf("stretches hold %d games, whole file %d", k, len(whole))
			}
		})
	}
}

// shardRecs reads a file as the job does: every shard's split, then Resolve, then each piece
// scanned alone, numbered after what precedes it.
func shardRecs(t testing.TB, shards []Shard) []gameRec {
	t.Helper()
	recs, _ := pieceRecs(t, shards)
	return recs
}

// pieceRecs is shardRecs, also returning the pieces.
func pieceRecs(t testing.TB, shards []Shard) ([]gameRec, []Piece) {
	return pieceRecsKeep(t, shards, KeepStarts)
}

// pieceRecsKeep is pieceRecs with splits that keep that many game starts.
func pieceRecsKeep(t testing.TB, shards []Shard, keep int) ([]gameRec, []Piece) {
	t.Helper()
	return pieceRecsBlock(t, shards, keep, 0)
}

// pieceRecsBlock is pieceRecsKeep reading the pieces in blocks of that many bytes (scanRecsBlock).
func pieceRecsBlock(t testing.TB, shards []Shard, keep, block int) ([]gameRec, []Piece) {
	t.Helper()
	ctx := context.Background()
	splits := make([]Split, len(shards))
	if len(shards) > 1 {
		for i, s := range shards {
			sp, err := s.split(ctx, keep)
			if err != nil {
				t.Fatal(err)
			}
			splits[i] = sp
		}
	}
	pieces, err := Resolve(ctx, shards, splits)
	if err != nil {
		t.Fatal(err)
	}
	var recs []gameRec
	for i, p := range pieces {
		if p.Seq != i || i > 0 && p.From != pieces[i-1].To || (p.To < 0) != (i == len(pieces)-1) {
			t.Fatalf("pieces do not follow each other: %v after %v", p, pieces[max(i-1, 0)])
		}
		r, err := p.Open()
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, scanRecsBlock(t, r, pgn.Counts{Games: p.GamesBefore, Lines: p.LinesBefore, Bytes: p.From}, block)...)
		r.Close()
	}
	return recs, pieces
}

func sameRecs(t testing.TB, what string, got, want []gameRec) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d games, whole file %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: %v, whole file %v", what, got[i], want[i])
		}
	}
}

// TestBoundaryCases puts one shard boundary inside a tag, a comment, a move, exactly at
// `[Event `, just before and after it, and reads the file through Plan-made shards.
func TestBoundaryCases(t *testing.T) {
	for _, name := range corpora {
		t.Run(name, func(t *testing.T) {
			path, data := corpus(t, name)
			whole := scanRecs(t, bytes.NewReader(data), pgn.Counts{})
			ms := markers(data)
			g := int(ms[len(ms)/2]) // a game in the middle
			at := func(sub string, from int) int {
				i := bytes.Index(data[from:], []byte(sub))
				if i < 0 {
					t.Fatalf("%q not found after %d", sub, from)
				}
				return from + i
			}
			moves := at("\n1.", g) + 2
			cases := map[string]int64{
				"at [Event":          int64(g),
				"before [Event":      int64(g - 1),
				"after [":            int64(g + 1),
				"inside the tag":     int64(g + 3),
				"inside a tag value": int64(at(`[White "`, g) + 9),
				"inside a move":      int64(moves + 2),
				"at the result":      int64(at("\n\n", moves) - 2),
			}
			if c := bytes.IndexByte(data[g:], '{'); c >= 0 && c < len(data)-g-5 {
				cases["inside a comment"] = int64(g + c + 3)
			}
			for what, cut := range cases {
				st, _ := os.Stat(path)
				shards := []Shard{
					{File: path, Index: 0, Count: 2, Kind: Bytes, Start: 0, End: cut, Size: st.Size()},
					{File: path, Index: 1, Count: 2, Kind: Bytes, Start: cut, End: st.Size(), Size: st.Size()},
				}
				sameRecs(t, what, shardRecs(t, shards), whole)
			}
			// Plan's own cuts, several sizes, and one random set of uneven cuts.
			targets := []int64{0, 1 << 20, 777_777}
			if testing.Short() {
				targets = targets[2:]
			}
			for _, target := range targets {
				shards, err := Plan(path, target)
				if err != nil {
					t.Fatal(err)
				}
				if target == 0 && len(shards) != 1 {
					t.Fatalf("target 0: %d shards", len(shards))
				}
				sameRecs(t, fmt.Sprintf("target %d (%d shards)", target, len(shards)), shardRecs(t, shards), whole)
			}
			rng := rand.New(rand.NewPCG(1, uint64(len(data))))
			cuts := []int64{0}
			for len(cuts) < 12 {
				cuts = append(cuts, rng.Int64N(int64(len(data))))
			}
			slices.Sort(cuts)
			var shards []Shard
			for i, c := range cuts {
				end := int64(len(data))
				if i+1 < len(cuts) {
					end = cuts[i+1]
				}
				shards = append(shards, Shard{File: path, Index: i, Count: len(cuts), Kind: Bytes, Start: c, End: end, Size: int64(len(data))})
			}
			sameRecs(t, "random cuts", shardRecs(t, shards), whole)
		})
	}
}

// TestFrames compresses a real file as independent zstd frames cut at arbitrary bytes (and
// one cut exactly before a `[Event ` line, one inside the marker), and reads it as frame
// shards: the games, their numbers, lines and offsets are those of the plain file.
func TestFrames(t *testing.T) {
	_, data := corpus(t, "lichess-10k.pgn")
	whole := scanRecs(t, bytes.NewReader(data), pgn.Counts{})
	ms := markers(data)
	n, m := len(data), len(ms)
	cuts := []int{0, n / 60, int(ms[m/33]), int(ms[m/33+1]) + 3, n * 2 / 7, n*2/7 + 1, n * 2 / 3, int(ms[m*4/5]), n}
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	var z []byte
	for i := 0; i+1 < len(cuts); i++ {
		z = enc.EncodeAll(data[cuts[i]:cuts[i+1]], z)
	}
	file := filepath.Join(t.TempDir(), "frames.pgn.zst")
	if err := os.WriteFile(file, z, 0o644); err != nil {
		t.Fatal(err)
	}
	frames, err := ListFrames(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != len(cuts)-1 {
		t.Fatalf("%d frames, want %d", len(frames), len(cuts)-1)
	}
	targets := []int64{1, 600_000, 1 << 40}
	if testing.Short() {
		targets = targets[:1]
	}
	for _, target := range targets {
		shards, err := Plan(file, target)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range shards {
			if s.Kind != Frames {
				t.Fatalf("target %d: shard %v", target, s)
			}
		}
		sameRecs(t, fmt.Sprintf("target %d (%d shards)", target, len(shards)), shardRecs(t, shards), whole)
	}
	// A single-frame file is one shard.
	one := filepath.Join(t.TempDir(), "one.pgn.zst")
	if err := os.WriteFile(one, enc.EncodeAll(data, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	shards, err := Plan(one, 1)
	if err != nil || len(shards) != 1 || shards[0].Kind != Whole {
		t.Fatalf("single frame: %v %v", shards, err)
	}
	sameRecs(t, "single frame", shardRecs(t, shards), whole)
}

// TestFramesDamaged: a truncated multi-frame file fails at planning, with its name.
func TestFramesDamaged(t *testing.T) {
	enc, _ := zstd.NewWriter(nil)
	z := enc.EncodeAll([]byte(strings.Repeat("[Event \"x\"]\n\n1. e4 *\n\n", 1000)), nil)
	z = enc.EncodeAll([]byte("[Event \"y\"]\n\n1. d4 *\n"), z)
	file := filepath.Join(t.TempDir(), "cut.pgn.zst")
	os.WriteFile(file, z[:len(z)-5], 0o644)
	if _, err := Plan(file, 1); err == nil || !strings.Contains(err.Error(), "cut.pgn.zst") {
		t.Fatalf("truncated file: %v", err)
	}
}
