// Package shard cuts PGN input files into pieces that separate workers can read on their own,
// so that together they read every game exactly once, numbered as a scan of the whole file
// numbers them, whatever the files hold.
//
// It works in three steps:
//
//  1. Plan cuts a file into shards: byte ranges of a plain PGN file, runs of whole frames of a
//     multi-frame .zst (a single-frame .zst, a .gz or .bz2 file is one shard: its
//     decompression cannot start in the middle).
//  2. Shard.Split (in parallel, one shard each) parses a shard's games the way pgn.Scan splits
//     them, without replaying them: from the first `[Event ` that begins a line in its range
//     (from byte 0 for a file's first shard) on, past the range's end, up to the first game
//     that starts at or after the end: where the shard stopped. It records every game start.
//     A guess: that `[Event ` may lie inside a multi-line comment, and then the shard's parse
//     is out of step with the file's until both see a game start at the same byte.
//  3. Resolve (once per file, in order) keeps only what is certain: the file's first shard
//     parses from byte 0 as a whole-file scan does, so its games and where it stopped are
//     exact. Where the file's true parse stands at a game start T, a shard whose parse also
//     starts a game at T is in step from there on (the splitter's state at a game start is
//     always the same), so its games from T up to where it stopped are exact, and so is its
//     stop. Where no shard's parse starts a game at T, Resolve re-reads the file from T in
//     order (the fallback) until the first game start that some shard shares. The result is
//     a list of Pieces, byte ranges from one true game start to another with the counts of
//     games, lines and bytes before them: each is read exactly, with no guessing left.
//
// A shard's `[Event ` is the file's own game start in all but malformed or unusual files (a
// `[Event ` line inside a comment), so the fallback costs nothing in practice; where it is
// needed it is correct.
package shard

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cqlgo/cql/pgn"
)

// Kind says how a shard's bytes are read.
type Kind int

const (
	Whole  Kind = iota // the whole file through pgn.Open (any compression)
	Bytes              // a byte range of a plain PGN file
	Frames             // a run of whole zstd frames; Start and End are compressed offsets
)

func (k Kind) String() string {
	switch k {
	case Whole:
		return "whole"
	case Bytes:
		return "bytes"
	case Frames:
		return "frames"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Shard is one piece of one input file.
type Shard struct {
	File  string // path as given
	Index int    // 0-based position among the shards of its file
	Count int    // number of shards of the file
	Kind  Kind
	// Start and End are the nominal range: file offsets for Bytes and Frames (frame starts),
	// unused for Whole. Which games are the shard's is decided by Split and Resolve.
	Start, End int64
	Size       int64 // the file's size when planned
}

func (s Shard) String() string {
	if s.Kind == Whole {
		return fmt.Sprintf("%s (whole)", s.File)
	}
	return fmt.Sprintf("%s [%d,%d) %s %d/%d", s.File, s.Start, s.End, s.Kind, s.Index+1, s.Count)
}

// Plan cuts one file into shards of about target bytes (compressed bytes for .zst).
// target <= 0 means one shard per file (a plain file is still a Bytes shard).
func Plan(file string, target int64) ([]Shard, error) {
	if file == "-" {
		return nil, fmt.Errorf("standard input cannot be sharded: give file names")
	}
	st, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory", file)
	}
	if !st.Mode().IsRegular() || st.Size() == 0 {
		// A FIFO, a device, or a special file that says it is empty and is not
		// (/proc/self/status): read as a stream, in one shard, opened only then (a FIFO's
		// open waits for its writer, and its bytes can be read once).
		return []Shard{{File: file, Count: 1, Kind: Whole, Size: st.Size()}}, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := st.Size()
	var magic [4]byte
	n, _ := f.ReadAt(magic[:], 0)
	m := string(magic[:n])
	sniffPlain := func() error {
		// Input that is not PGN is refused once, as cql refuses it (pgn.Sniff).
		b := make([]byte, min(size, pgn.SniffBytes))
		n, err := f.ReadAt(b, 0)
		if err != nil && err != io.EOF {
			return err
		}
		if err := pgn.Sniff(b[:n], int64(n) == size); err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		return nil
	}
	lower := strings.ToLower(file)
	switch {
	case strings.HasSuffix(lower, ".zst") || strings.HasSuffix(lower, ".zstd") || m == zstdMagic:
		frames, err := ListFrames(f, size)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if len(frames) < 2 || target <= 0 {
			return []Shard{{File: file, Count: 1, Kind: Whole, Size: size}}, nil
		}
		return group(file, Frames, frames, size, target), nil
	case strings.HasSuffix(lower, ".gz") || strings.HasPrefix(m, "\x1f\x8b"),
		strings.HasSuffix(lower, ".bz2") || strings.HasPrefix(m, "BZh"):
		return []Shard{{File: file, Count: 1, Kind: Whole, Size: size}}, nil
	case strings.HasSuffix(lower, ".xz") || m == "\xfd7zX":
		return []Shard{{File: file, Count: 1, Kind: Whole, Size: size}}, nil
	}
	if err := sniffPlain(); err != nil {
		return nil, err
	}
	n64 := int64(1)
	if target > 0 {
		n64 = max(1, (size+target-1)/target)
	}
	cuts := make([]int64, n64)
	for i := range cuts {
		cuts[i] = size * int64(i) / n64
	}
	return group(file, Bytes, cuts, size, 0), nil
}

// group makes shards from cut points (ascending, the first 0): with target > 0, consecutive
// cuts closer than target are merged.
func group(file string, kind Kind, cuts []int64, size, target int64) []Shard {
	var starts []int64
	for _, c := range cuts {
		if len(starts) == 0 || target <= 0 || c-starts[len(starts)-1] >= target {
			starts = append(starts, c)
		}
	}
	out := make([]Shard, len(starts))
	for i, s := range starts {
		end := size
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		out[i] = Shard{File: file, Index: i, Count: len(starts), Kind: kind, Start: s, End: end, Size: size}
	}
	return out
}

// Open returns the decompressed PGN bytes that the shard's own parse reads: from the first
// Marker at a line start in its range (from its start for the first shard of a file) to the
// end of the file. Which of those games are the shard's is decided by Split and Resolve.
func (s Shard) Open() (*ShardReader, error) {
	if s.Kind == Whole {
		rc, err := pgn.Open(s.File)
		if err != nil {
			return nil, err
		}
		r := newReader(rc, eofReader{}, true, true)
		return &ShardReader{Reader: r, c: rc}, nil
	}
	f, err := openPlanned(s.File, s.Size)
	if err != nil {
		return nil, err
	}
	r := newReader(nil, nil, s.Start == 0, false)
	switch s.Kind {
	case Bytes:
		r.body = io.NewSectionReader(f, s.Start, s.End-s.Start)
		r.tail = io.NewSectionReader(f, s.End, s.Size-s.End)
		if s.Start > 0 {
			var b [1]byte
			if _, err := f.ReadAt(b[:], s.Start-1); err != nil {
				f.Close()
				return nil, fmt.Errorf("%s: %w", s.File, err)
			}
			r.lineStart = b[0] == '\n' || b[0] == '\r'
		}
	case Frames:
		body := &frameReader{f: f, off: s.Start, end: s.End, size: s.Size, onFrame: r.frameStart}
		tail := &frameReader{f: f, off: s.End, end: s.Size, size: s.Size, onFrame: r.frameStart}
		r.body, r.tail = body, tail
		r.lineStart = true // a frame start counts as a line start (see frameStarts)
		r.closers = append(r.closers, body.close, tail.close)
	default:
		f.Close()
		return nil, fmt.Errorf("shard: unknown kind %v", s.Kind)
	}
	return &ShardReader{Reader: r, c: f}, nil
}

// ShardReader is a Reader over a file, to be closed.
type ShardReader struct {
	*Reader
	c io.Closer
}

func (r *ShardReader) Close() error {
	for _, c := range r.closers {
		c()
	}
	return r.c.Close()
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// openPlanned opens file, which had size bytes when the job was planned: a file that has
// changed since would put the planned cuts in the wrong places.
func openPlanned(file string, size int64) (*os.File, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st.Size() != size {
		f.Close()
		return nil, fmt.Errorf("%s: size changed from %d to %d bytes since the job was planned", file, size, st.Size())
	}
	return f, nil
}
