package shard

import (
	"context"
	"fmt"

	"github.com/cqlgo/cql/pgn"
)

// Split is what one shard's own parse found. Offsets count from the shard's base: the
// decompressed offset of its first byte (Start for a Bytes shard; for a Frames shard the
// sum of the BodyLen of the shards before it). Lines count line ends from Begin.
type Split struct {
	Empty bool  // no `[Event ` line starts in the range: the parse did not run
	Begin int64 // where the parse began
	Games int   // the games it found before Stop
	// Starts are where the first of those games start (at most KeepStarts of them), in
	// order, and Lines the line ends between Begin and each. Where the file's parse falls
	// in step with a shard's is found among these; a shard that would fall in step later is
	// not trusted and Resolve re-reads that stretch, so the job's memory stays small.
	Starts    []int64
	Lines     []int
	Stop      int64 // the first game start at or after BodyLen, or the end of the input
	StopLines int   // line ends between Begin and Stop
	EOF       bool  // Stop is the end of the input
	BodyLen   int64 // decompressed bytes of the shard's own range
}

// KeepStarts is how many game starts a Split records: a file's parse falls in step with a
// shard's at its first game, or a few games later when the shard began inside a comment.
const KeepStarts = 256

// splitBlock is the block size a split reads with: pgn's default (1 MB), but no more than
// the bytes of a small shard, since each block is allocated whole (FuzzExact's shards of a
// few hundred bytes allocated 2 MB each input; a game that does not fit grows the block).
func (s Shard) splitBlock() int {
	if s.Kind != Bytes {
		return 0
	}
	return int(min(max(s.End-s.Start, 4<<10), 1<<20))
}

// Split parses the shard's games (splitting only, no replay; see the package comment).
func (s Shard) Split(ctx context.Context) (Split, error) { return s.split(ctx, KeepStarts) }

func (s Shard) split(ctx context.Context, keep int) (Split, error) {
	r, err := s.Open()
	if err != nil {
		return Split{}, err
	}
	defer r.Close()
	var sp Split
	begin := int64(-1)
	stopped := false
	c, err := pgn.Starts(ctx, r, s.File, pgn.Options{BlockSize: s.splitBlock()}, func(off int64, lines int) error {
		if begin < 0 {
			// The parse's offsets count from the first byte Read returned, at Begin. (Read
			// ran before this call in the pipeline's order, so this sees its value.)
			begin = r.Begin()
		}
		off += begin
		if bl := r.BodyLen(); bl >= 0 && off >= bl {
			sp.Stop, sp.StopLines, stopped = off, lines, true
			return pgn.ErrStop
		}
		sp.Games++
		if len(sp.Starts) < keep {
			sp.Starts = append(sp.Starts, off)
			sp.Lines = append(sp.Lines, lines)
		}
		return nil
	})
	if err != nil {
		return Split{}, fmt.Errorf("%s: %w", s.File, err)
	}
	sp.Begin, sp.BodyLen = r.Begin(), r.BodyLen()
	if sp.Begin < 0 {
		return Split{Empty: true, BodyLen: sp.BodyLen}, nil
	}
	if !stopped {
		sp.Stop, sp.StopLines, sp.EOF = sp.Begin+c.Bytes, c.Lines, true
	}
	if sp.BodyLen < 0 {
		return Split{}, fmt.Errorf("%s: shard %v: its range was not read to its end", s.File, s)
	}
	return sp, nil
}
