package pgn

import (
	"bufio"
	"errors"
	"io"

	"github.com/klauspost/compress/gzip"
)

// Warning is a read problem that loses no games: the scan reports it and the run
// does not fail (as gzip -t's "decompression OK, trailing garbage ignored").
type Warning struct{ Msg string }

func (w *Warning) Error() string { return w.Msg }

var errTrailingGarbage = &Warning{Msg: "decompression OK, trailing garbage ignored: the bytes after the gzip data are not gzip"}

// gzipReader reads the members of a gzip file one at a time, deciding what follows each
// as gzip -t does: nothing or only zero bytes ends the file; a gzip header starts the next
// member, and a member cut inside its header is truncation (klauspost's multistream reader
// takes a header cut in its file name for the end of the file); anything else is trailing
// garbage, ignored with a warning. klauspost's decoder is kept: it is faster than
// compress/gzip's, and the check runs once per member.
type gzipReader struct {
	br  *bufio.Reader
	z   *gzip.Reader
	err error
}

func newGzipReader(br *bufio.Reader) (*gzipReader, error) {
	z, err := gzip.NewReader(br)
	if err != nil {
		return nil, gzipHeaderError(err)
	}
	z.Multistream(false)
	return &gzipReader{br: br, z: z}, nil
}

// gzipHeaderError names a header cut short (io.EOF inside the name or comment,
// io.ErrUnexpectedEOF in the fixed part) as truncation.
func gzipHeaderError(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return ErrTruncated
	}
	return err
}

func (g *gzipReader) Read(p []byte) (int, error) {
	for g.err == nil {
		n, err := g.z.Read(p)
		if err == io.EOF {
			err = g.next()
		}
		if err != nil {
			g.err = truncated(err)
		}
		if n > 0 || g.err != nil {
			return n, nil
		}
	}
	return 0, g.err
}

// next is called at the end of a member: it starts the next one, or says why there is none.
func (g *gzipReader) next() error {
	b, err := g.br.Peek(2)
	if len(b) < 2 && err != nil && err != io.EOF {
		return err
	}
	switch {
	case len(b) == 0:
		return io.EOF
	case b[0] == 0:
		for {
			c, err := g.br.ReadByte()
			if err == io.EOF {
				return io.EOF // zero padding to the end (a tape block): gzip -t accepts it
			}
			if err != nil {
				return err
			}
			if c != 0 {
				return errTrailingGarbage
			}
		}
	case len(b) == 1:
		return ErrTruncated // gzip -t: "unexpected end of file"
	case b[0] == 0x1f && b[1] == 0x8b:
		if err := g.z.Reset(g.br); err != nil {
			return gzipHeaderError(err)
		}
		g.z.Multistream(false)
		return nil
	}
	return errTrailingGarbage
}
