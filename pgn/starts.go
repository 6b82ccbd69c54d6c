package pgn

import (
	"context"
	"io"
)

// Starts splits r into games the way Scan does, without parsing them, and calls fn with where
// each game starts: its offset and the number of line ends before it, both counted on from
// opt.OffsetBefore and opt.LinesBefore. fn may return ErrStop to end early. The counts are of
// all of r when it was read to its end (with the games found); after ErrStop they are not
// meaningful.
//
// A piece of a file that begins where a game begins splits exactly as the whole file does
// from there on: the splitter's state at a game start is always the same. Package shard
// relies on this to cut files exactly.
func Starts(ctx context.Context, r io.Reader, file string, opt Options, fn func(offset int64, lines int) error) (Counts, error) {
	opt = opt.withDefaults()
	opt.Workers = 1
	lc := &lineCounter{r: r}
	var c Counts
	pl := &pipeline[struct{}]{opt: opt, file: file, r: lc}
	pl.proc = func(*parser, int, *chunk[struct{}]) {}
	pl.emit = func(ch *chunk[struct{}]) error {
		for i := range ch.spans {
			s := &ch.spans[i]
			if err := fn(s.offset, s.line-1); err != nil {
				return err
			}
			c.Games++
		}
		return nil
	}
	err := stopOK(pl.run(ctx))
	c.Lines, c.Bytes = lc.lines, lc.n
	return c, err
}
