package pgn

import (
	"bufio"
	"compress/bzip2"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

// Open opens a PGN file for reading, decompressing .gz, .bz2, .zst and .xz files
// (recognised by name or by their magic bytes). An input that does not look like PGN
// is refused with a *NotPGNError before any game is read. "-" is standard input, which
// is not closed. Decompression runs in its own goroutine.
func Open(name string) (io.ReadCloser, error) {
	var f io.ReadCloser
	if name == "-" {
		f = io.NopCloser(os.Stdin)
	} else {
		var err error
		f, err = os.Open(name)
		if err != nil {
			return nil, err
		}
	}
	r, err := NewReader(f, name)
	if err != nil {
		f.Close()
		return nil, err
	}
	return r, nil
}

// CheckInput says whether the input name can be read, without reading it, so that a run can
// refuse its inputs before reading any (a total counted over part of them would look like
// an answer): it must exist and not be a directory, and a regular file must open. "-" is
// standard input. A FIFO or device is not opened: opening a FIFO waits for its writer.
func CheckInput(name string) error {
	if name == "-" {
		return nil
	}
	st, err := os.Stat(name)
	if err != nil {
		return err
	}
	if st.IsDir() {
		return fmt.Errorf("%s: is a directory, not a PGN file (give the files in it: %s/*.pgn)", name, strings.TrimRight(name, "/"))
	}
	if st.Mode().IsRegular() {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		f.Close()
	}
	return nil
}

// ErrTruncated is the read error of a compressed file whose compressed data
// ends before its stream does: an interrupted download or copy. The games
// before the cut are read normally; the error comes after them.
var ErrTruncated = errors.New("compressed data ends early: the file is truncated")

// NewReader returns a reader of the decompressed bytes of rc, closing rc when
// it is closed. The compression is chosen by name's extension or the magic bytes.
// The first 64 KB are looked at: input that does not look like PGN is a *NotPGNError.
func NewReader(rc io.ReadCloser, name string) (io.ReadCloser, error) {
	r, err := newReader(rc, name)
	if err != nil {
		return nil, err
	}
	br, ok := r.(*plainReader)
	var peek *bufio.Reader
	if ok {
		peek = br.Reader
	} else {
		peek = bufio.NewReaderSize(r, SniffBytes)
		r = &plainReader{peek, r}
	}
	b, err := peek.Peek(SniffBytes)
	if err == nil || err == io.EOF {
		if err := Sniff(b, err == io.EOF); err != nil {
			r.Close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return r, nil
}

// plainReader reads a bufio.Reader and closes what is under it.
type plainReader struct {
	*bufio.Reader
	io.Closer
}

func newReader(rc io.ReadCloser, name string) (io.ReadCloser, error) {
	br := bufio.NewReaderSize(rc, 256<<10)
	magic, peekErr := br.Peek(6)
	if len(magic) == 0 && peekErr != nil && peekErr != io.EOF {
		// A directory, an unreadable device: nothing to decompress.
		if _, ok := peekErr.(*fs.PathError); ok {
			return nil, peekErr // names the file already
		}
		return nil, fmt.Errorf("%s: %w", name, peekErr)
	}
	lower := strings.ToLower(name)
	var format string
	switch {
	case strings.HasSuffix(lower, ".zst") || strings.HasSuffix(lower, ".zstd") || hasMagic(magic, "\x28\xb5\x2f\xfd"):
		format = "zstd"
	case strings.HasSuffix(lower, ".gz") || hasMagic(magic, "\x1f\x8b"):
		format = "gzip"
	case strings.HasSuffix(lower, ".bz2") || hasMagic(magic, "BZh"):
		format = "bzip2"
	case strings.HasSuffix(lower, ".xz") || hasMagic(magic, "\xfd7zXZ\x00"):
		format = "xz"
	default:
		return &plainReader{br, rc}, nil
	}
	if len(magic) == 0 {
		// Not even a header: gzip would say only "EOF" and zstd would read no games at all.
		return nil, fmt.Errorf("%s: empty file: no %s data", name, format)
	}
	switch format {
	case "zstd":
		// Two decoder goroutines used less CPU than one in measurements.
		d, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(2), zstd.WithDecoderLowmem(false))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return readAhead(d, func() error { d.Close(); return rc.Close() }), nil
	case "xz":
		d, err := xz.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, truncated(err))
		}
		return readAhead(d, rc.Close), nil
	case "gzip":
		d, err := newGzipReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return readAhead(d, func() error { d.z.Close(); return rc.Close() }), nil
	}
	return readAhead(bzip2.NewReader(br), rc.Close), nil
}

// truncated names the decompressors' io.ErrUnexpectedEOF for what it means
// here: the compressed file was cut short.
func truncated(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return ErrTruncated
	}
	return err
}

func hasMagic(b []byte, m string) bool { return len(b) >= len(m) && string(b[:len(m)]) == m }

// asyncReader decompresses in its own goroutine, a few blocks ahead.
type asyncReader struct {
	full   chan []byte
	free   chan []byte
	errc   chan error
	stop   chan struct{}
	cur    []byte
	curBuf []byte
	err    error
	closed bool
}

const aheadBlock = 1 << 20

func readAhead(r io.Reader, closeFn func() error) io.ReadCloser {
	a := &asyncReader{
		full: make(chan []byte, 4),
		free: make(chan []byte, 4),
		errc: make(chan error, 1),
		stop: make(chan struct{}),
	}
	for i := 0; i < 4; i++ {
		a.free <- make([]byte, aheadBlock)
	}
	go func() {
		// The reader is closed by the goroutine that reads it, when it stops.
		defer closeFn()
		defer close(a.full)
		for {
			var b []byte
			select {
			case b = <-a.free:
			case <-a.stop:
				return
			}
			n, err := fill(r, b[:cap(b)])
			if n > 0 {
				select {
				case a.full <- b[:n]:
				case <-a.stop:
					return
				}
			}
			if err != nil {
				a.errc <- truncated(err)
				return
			}
		}
	}()
	return a
}

// fill reads into b until it is full or r fails. Unlike io.ReadFull it returns r's
// own error: a short last block ends with io.EOF, a cut stream with the decompressor's
// io.ErrUnexpectedEOF, and the two must not be confused.
func fill(r io.Reader, b []byte) (int, error) {
	n := 0
	for empty := 0; n < len(b); {
		m, err := r.Read(b[n:])
		n += m
		if err != nil {
			return n, err
		}
		if m == 0 {
			if empty++; empty >= 100 {
				return n, io.ErrNoProgress
			}
		}
	}
	return n, nil
}

func (a *asyncReader) Read(p []byte) (int, error) {
	for len(a.cur) == 0 {
		if a.err != nil {
			return 0, a.err
		}
		if a.curBuf != nil {
			a.free <- a.curBuf
			a.curBuf = nil
		}
		b, ok := <-a.full
		if !ok {
			a.err = <-a.errc
			continue
		}
		a.cur, a.curBuf = b, b
	}
	n := copy(p, a.cur)
	a.cur = a.cur[n:]
	return n, nil
}

func (a *asyncReader) Close() error {
	if a.closed {
		return nil
	}
	a.closed = true
	close(a.stop)
	return nil
}
