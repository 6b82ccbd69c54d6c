package shard

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/cqlgo/cql/pgn"
)

// Piece is an exact stretch of one input file: it begins at the file's start or where a
// game begins, and ends where a game begins or at the file's end, as a scan of the whole
// file splits it. Read alone with Options, its games are exactly those of the whole-file
// scan there, with the same numbers, lines and offsets.
type Piece struct {
	File string
	Seq  int // position among the pieces of its file
	Kind Kind
	Size int64 // the file's size when planned
	// From and To are decompressed offsets; To < 0: to the end of the file.
	From, To int64
	// FrameStart is the compressed offset of the frame run a Frames piece is decompressed
	// from, and Base the decompressed offset of that frame.
	FrameStart, Base int64
	// What precedes From in the file.
	GamesBefore, LinesBefore int
	Fallback                 bool // re-read in order by Resolve (no shard's parse was in step here)
}

func (p Piece) String() string {
	to := "end"
	if p.To >= 0 {
		to = fmt.Sprint(p.To)
	}
	return fmt.Sprintf("%s piece %d [%d,%s) after %d games", p.File, p.Seq, p.From, to, p.GamesBefore)
}

// Options returns opt numbering games, lines and offsets after what precedes the piece.
func (p Piece) Options(opt pgn.Options) pgn.Options {
	opt.GamesBefore, opt.LinesBefore, opt.OffsetBefore = p.GamesBefore, p.LinesBefore, p.From
	return opt
}

// Open returns the piece's decompressed bytes.
func (p Piece) Open() (io.ReadCloser, error) {
	if p.Kind == Whole {
		if p.From != 0 || p.To >= 0 {
			return nil, fmt.Errorf("%s: a whole-file piece cannot start at %d", p.File, p.From)
		}
		return pgn.Open(p.File)
	}
	f, err := openPlanned(p.File, p.Size)
	if err != nil {
		return nil, err
	}
	switch p.Kind {
	case Bytes:
		end := p.Size
		if p.To >= 0 {
			end = p.To
		}
		return readCloser{io.NewSectionReader(f, p.From, end-p.From), f.Close}, nil
	case Frames:
		fr := &frameReader{f: f, off: p.FrameStart, end: p.Size, size: p.Size}
		closeAll := func() error { fr.close(); return f.Close() }
		if _, err := io.CopyN(io.Discard, fr, p.From-p.Base); err != nil {
			closeAll()
			return nil, fmt.Errorf("%s: decompressing to byte %d: %w", p.File, p.From, truncated(err))
		}
		var r io.Reader = fr
		if p.To >= 0 {
			r = io.LimitReader(fr, p.To-p.From)
		}
		return readCloser{r, closeAll}, nil
	}
	f.Close()
	return nil, fmt.Errorf("shard: unknown kind %v", p.Kind)
}

type readCloser struct {
	io.Reader
	close func() error
}

func (r readCloser) Close() error { return r.close() }

// Resolve turns the shards of one file, in order, and their splits (splits[i] is
// shards[i].Split's result; unused for a file of one shard) into the file's exact pieces,
// re-reading the file in order where no shard's parse was in step (see the package comment).
func Resolve(ctx context.Context, shards []Shard, splits []Split) ([]Piece, error) {
	if len(shards) == 0 {
		return nil, nil
	}
	s0 := shards[0]
	if len(shards) == 1 {
		return []Piece{{File: s0.File, Kind: s0.Kind, Size: s0.Size, From: 0, To: -1}}, nil
	}
	if len(splits) != len(shards) {
		return nil, fmt.Errorf("%s: %d shards, %d splits", s0.File, len(shards), len(splits))
	}
	// The decompressed offset of each shard's first byte.
	base := make([]int64, len(shards))
	for i := range shards {
		switch {
		case shards[i].Kind == Bytes:
			base[i] = shards[i].Start
		case i > 0:
			base[i] = base[i-1] + splits[i-1].BodyLen
		}
	}
	// inStep finds a shard whose parse starts a game at t (the first shard also at its
	// beginning, byte 0): the one that reaches furthest. It returns the shard and the line
	// ends between its Begin and t, or -1.
	inStep := func(t int64) (best, lines int) {
		best = -1
		for i, sp := range splits {
			if sp.Empty {
				continue
			}
			rel := t - base[i]
			if rel < sp.Begin || rel >= sp.Stop {
				continue
			}
			l := -1
			if k := sort.Search(len(sp.Starts), func(k int) bool { return sp.Starts[k] >= rel }); k < len(sp.Starts) && sp.Starts[k] == rel {
				l = sp.Lines[k]
			} else if i == 0 && rel == sp.Begin {
				l = 0
			}
			if l >= 0 && (best < 0 || base[i]+sp.Stop > base[best]+splits[best].Stop) {
				best, lines = i, l
			}
		}
		return best, lines
	}
	frameOf := func(off int64) (start, b int64) {
		if s0.Kind != Frames {
			return 0, 0
		}
		i := sort.Search(len(base), func(i int) bool { return base[i] > off }) - 1
		return shards[i].Start, base[i]
	}
	var out []Piece
	var t int64 // where the file's true parse stands: at a game start, or byte 0
	games, lines := 0, 0
	for eof := false; !eof; {
		p := Piece{File: s0.File, Seq: len(out), Kind: s0.Kind, Size: s0.Size, From: t, GamesBefore: games, LinesBefore: lines}
		p.FrameStart, p.Base = frameOf(t)
		if i, l := inStep(t); i >= 0 {
			sp := splits[i]
			rel := t - base[i]
			k := sort.Search(len(sp.Starts), func(k int) bool { return sp.Starts[k] >= rel })
			games += sp.Games - k
			lines += sp.StopLines - l
			t = base[i] + sp.Stop
			eof = sp.EOF
		} else {
			// Fallback: read on from t in order up to a game start some shard shares.
			p.Fallback, p.To = true, -1
			r, err := p.Open()
			if err != nil {
				return nil, err
			}
			stopped := false
			c, err := pgn.Starts(ctx, r, s0.File, p.Options(pgn.Options{}), func(off int64, l int) error {
				if off > p.From {
					if j, _ := inStep(off); j >= 0 {
						t, lines, stopped = off, l, true
						return pgn.ErrStop
					}
				}
				games++
				return nil
			})
			r.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", s0.File, err)
			}
			if !stopped {
				t, lines, eof = p.From+c.Bytes, p.LinesBefore+c.Lines, true
			}
		}
		p.To = t
		if eof {
			p.To = -1
		}
		out = append(out, p)
	}
	return out, nil
}
