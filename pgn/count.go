package pgn

import (
	"context"
	"io"
)

// Counts is what Count finds in an input.
type Counts struct {
	Games int   // games, as Scan would number them
	Lines int   // line ends (LF, CRLF, or a lone CR), as Scan counts lines
	Bytes int64 // bytes
}

// Count splits r into games the way Scan does, without parsing them. With the counts of the
// pieces before it, a piece of a file (a shard) numbers its games, lines and offsets as a
// scan of the whole file would (Options.GamesBefore, LinesBefore, OffsetBefore).
func Count(ctx context.Context, r io.Reader, file string, opt Options) (Counts, error) {
	opt = opt.withDefaults()
	opt.Workers = 1
	lc := &lineCounter{r: r}
	var c Counts
	pl := &pipeline[struct{}]{opt: opt, file: file, r: lc}
	pl.proc = func(*parser, int, *chunk[struct{}]) {}
	pl.emit = func(ch *chunk[struct{}]) error {
		c.Games += len(ch.spans)
		return nil
	}
	err := pl.run(ctx)
	c.Lines, c.Bytes = lc.lines, lc.n
	return c, err
}

// lineCounter counts the bytes and line ends that pass through it, like countLines.
type lineCounter struct {
	r      io.Reader
	n      int64
	lines  int
	lastCR bool // the previous byte was a CR: an LF at the start of the next read ends no line
}

func (lc *lineCounter) Read(p []byte) (int, error) {
	n, err := lc.r.Read(p)
	b := p[:n]
	if n > 0 {
		lc.lines += countLines(b)
		if lc.lastCR && b[0] == '\n' {
			lc.lines-- // CR LF across two reads: one line end, counted for the CR
		}
		lc.lastCR = b[n-1] == '\r'
		lc.n += int64(n)
	}
	return n, err
}
