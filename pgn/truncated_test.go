package pgn

import (
	"bytes"
	"compress/bzip2"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// numberedGames is n short complete games whose Event tags are "first+1" ... "first+n".
func numberedGames(first, n int) []byte {
	var b bytes.Buffer
	for i := first + 1; i <= first+n; i++ {
		fmt.Fprintf(&b, "[Event \"%d\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n", i)
	}
	return b.Bytes()
}

// compressor writes one compressed stream (gzip member, zstd frame, bzip2 stream) of plain.
type compressor struct {
	ext      string
	compress func(t *testing.T, plain []byte) []byte
}

func compressors(t *testing.T) []compressor {
	cs := []compressor{
		{".gz", func(t *testing.T, plain []byte) []byte {
			var b bytes.Buffer
			w := gzip.NewWriter(&b)
			w.Write(plain)
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			return b.Bytes()
		}},
		{".zst", func(t *testing.T, plain []byte) []byte {
			var b bytes.Buffer
			w, err := zstd.NewWriter(&b)
			if err != nil {
				t.Fatal(err)
			}
			w.Write(plain)
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			return b.Bytes()
		}},
	}
	if _, err := exec.LookPath("bzip2"); err == nil {
		cs = append(cs, compressor{".bz2", func(t *testing.T, plain []byte) []byte {
			cmd := exec.Command("bzip2", "-c")
			cmd.Stdin = bytes.NewReader(plain)
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			return out
		}})
	} else {
		t.Log("no bzip2 binary: .bz2 cases use testdata/pgn/small.pgn.bz2 only")
	}
	return cs
}

// scanEvents scans data as the named file through NewReader and returns the Event tags
// of the games read, and the scan's error.
func scanEvents(t *testing.T, data []byte, name string) ([]string, error) {
	t.Helper()
	r, err := NewReader(io.NopCloser(bytes.NewReader(data)), name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var events []string
	err = Scan(context.Background(), r, name, Options{BlockSize: 64 << 10}, func(g *Game) error {
		events = append(events, g.Tag("Event"))
		return nil
	})
	return events, err
}

// eventsIn lists the Event tags in plain PGN text, in order, found independently of the
// parser; a tag cut short at the end of the text is listed as "?".
func eventsIn(plain []byte) []string {
	var ev []string
	lines := strings.Split(string(plain), "\n")
	for i, line := range lines {
		if i == len(lines)-1 && line != "" && strings.HasPrefix(`[Event "`, line) {
			line = `[Event "` // cut inside the tag's name
		}
		if v, ok := strings.CutPrefix(line, "[Event \""); ok {
			if !strings.HasSuffix(v, "\"]") {
				v = "?\"]"
			}
			ev = append(ev, strings.TrimSuffix(v, "\"]"))
		}
	}
	return ev
}

// sameEvents compares the games read with the Event tags of the text; "?" matches any.
func sameEvents(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] && want[i] != "?" {
			return false
		}
	}
	return true
}

// TestTruncatedCompressed: a compressed file cut short (an interrupted download) reads the
// games before the cut, then ends with ErrTruncated naming the file, whether the cut falls
// mid-game or exactly between two games (a complete stream followed by a cut one).
func TestTruncatedCompressed(t *testing.T) {
	a := numberedGames(0, 15000) // about 1.2 MB: more than one read-ahead block
	b := numberedGames(15000, 100)
	for _, c := range compressors(t) {
		za, zb := c.compress(t, a), c.compress(t, b)
		name := "games.pgn" + c.ext
		t.Run(c.ext, func(t *testing.T) {
			// Whole: every game, no error.
			whole := append(append([]byte{}, za...), zb...)
			events, err := scanEvents(t, whole, name)
			if err != nil || len(events) != 15100 {
				t.Fatalf("whole: %d games, %v", len(events), err)
			}
			// Cut mid-stream: the games whose Event line was decompressed before the cut
			// come first (the last one may be incomplete), then the error.
			for _, cut := range []int{len(za) / 2, len(za) - 1} {
				events, err := scanEvents(t, za[:cut], name)
				if !errors.Is(err, ErrTruncated) || !strings.HasPrefix(err.Error(), name+": ") {
					t.Errorf("cut at %d of %d: error %v, want %s: %v", cut, len(za), err, name, ErrTruncated)
				}
				prefix := decompressPrefix(t, c.ext, za[:cut])
				want := eventsIn(prefix)
				if !sameEvents(events, want) {
					t.Errorf("cut at %d: %d games read, %d in the decompressed prefix", cut, len(events), len(want))
				}
			}
			// Cut exactly between games: a's stream complete, b's cut inside its header or data.
			for _, keep := range []int{1, 20, len(zb) / 2} {
				events, err := scanEvents(t, append(append([]byte{}, za...), zb[:keep]...), name)
				if !errors.Is(err, ErrTruncated) {
					t.Errorf("second stream cut at %d: error %v, want %v", keep, err, ErrTruncated)
				}
				if len(events) < 15000 || events[14999] != "15000" {
					t.Errorf("second stream cut at %d: %d games read, want a's 15000 first", keep, len(events))
				}
			}
		})
	}
	// The committed bzip2 file, for machines without the bzip2 binary.
	bz, err := os.ReadFile("../testdata/pgn/small.pgn.bz2")
	if err != nil {
		t.Fatal(err)
	}
	for _, data := range [][]byte{bz[:len(bz)/2], bz[:len(bz)-1], append(append([]byte{}, bz...), bz[:20]...)} {
		if _, err := scanEvents(t, data, "small.pgn.bz2"); !errors.Is(err, ErrTruncated) {
			t.Errorf("small.pgn.bz2 cut to %d bytes: %v, want %v", len(data), err, ErrTruncated)
		}
	}
}

// decompressPrefix is what the decompressor gives of a cut stream before it fails.
func decompressPrefix(t *testing.T, ext string, data []byte) []byte {
	t.Helper()
	var r io.Reader
	switch ext {
	case ".gz":
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case ".zst":
		zr, err := zstd.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		r = zr
	case ".bz2":
		r = bzip2.NewReader(bytes.NewReader(data))
	}
	out, err := io.ReadAll(r)
	if err == nil {
		t.Fatalf("%s: a cut stream decompressed without error", ext)
	}
	return out
}

// TestEmptyCompressed: an empty file named as compressed is an error that says so, not a bare EOF.
func TestEmptyCompressed(t *testing.T) {
	for _, name := range []string{"e.pgn.gz", "e.pgn.zst", "e.pgn.bz2"} {
		_, err := scanEvents(t, nil, name)
		if err == nil || !strings.Contains(err.Error(), name+": empty file") {
			t.Errorf("%s: %v", name, err)
		}
	}
	// An empty plain file is no games, no error.
	if events, err := scanEvents(t, nil, "e.pgn"); err != nil || len(events) != 0 {
		t.Errorf("empty e.pgn: %d games, %v", len(events), err)
	}
}
