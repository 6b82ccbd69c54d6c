package shard

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

const zstdMagic = "\x28\xb5\x2f\xfd"

// ListFrames lists the compressed offsets at which the zstd frames of r (size bytes) start,
// reading frame and block headers only (skippable frames count as frames).
func ListFrames(r io.ReaderAt, size int64) ([]int64, error) {
	var starts []int64
	for off := int64(0); off < size; {
		end, err := frameEnd(r, off, size)
		if err != nil {
			return nil, err
		}
		starts = append(starts, off)
		off = end
	}
	return starts, nil
}

// frameEnd returns the offset just after the zstd frame that starts at off.
func frameEnd(r io.ReaderAt, off, size int64) (int64, error) {
	var hdr [zstd.HeaderMaxSize]byte
	n, err := r.ReadAt(hdr[:], off)
	if n == 0 && err != nil {
		return 0, fmt.Errorf("zstd frame at byte %d: %w", off, truncated(err))
	}
	var h zstd.Header
	if err := h.Decode(hdr[:n]); err != nil {
		return 0, fmt.Errorf("zstd frame at byte %d: %w", off, err)
	}
	if h.Skippable {
		return off + int64(h.HeaderSize) + int64(h.SkippableSize), nil
	}
	// Walk the blocks: each has a 3-byte header with its type and size.
	p := off + int64(h.HeaderSize)
	for last := false; !last; {
		var b [4]byte
		if _, err := r.ReadAt(b[:3], p); err != nil {
			return 0, fmt.Errorf("zstd frame at byte %d: block header at %d: %w", off, p, truncated(err))
		}
		bh := binary.LittleEndian.Uint32(b[:])
		typ, bsize := (bh>>1)&3, int64(bh>>3)
		last = bh&1 == 1
		p += 3
		switch typ {
		case 0, 2: // raw, compressed
			p += bsize
		case 1: // RLE: one byte repeated
			p++
		default:
			return 0, fmt.Errorf("zstd frame at byte %d: reserved block type at %d", off, p-3)
		}
	}
	if h.HasCheckSum {
		p += 4
	}
	if p > size {
		return 0, fmt.Errorf("zstd frame at byte %d: %w", off, io.ErrUnexpectedEOF)
	}
	return p, nil
}

func truncated(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// frameReader decompresses the frames in [off, end) of f one frame at a time, calling
// onFrame before the first byte of each, so that its reader knows where frames begin.
type frameReader struct {
	f        io.ReaderAt
	off, end int64 // the next frame's offset, and where to stop
	size     int64 // the file's size
	dec      *zstd.Decoder
	cur      bool // dec is reading a frame
	onFrame  func()
}

func (fr *frameReader) Read(p []byte) (int, error) {
	for {
		if fr.cur {
			n, err := fr.dec.Read(p)
			if err == io.EOF {
				fr.cur = false
				if n > 0 {
					return n, nil
				}
				continue
			}
			if err != nil {
				err = fmt.Errorf("zstd frame ending at byte %d: %w", fr.off, err)
			}
			return n, err
		}
		if fr.off >= fr.end {
			return 0, io.EOF
		}
		next, err := frameEnd(fr.f, fr.off, fr.size)
		if err != nil {
			return 0, err
		}
		sec := io.NewSectionReader(fr.f, fr.off, next-fr.off)
		fr.off = next
		if fr.dec == nil {
			d, err := zstd.NewReader(sec, zstd.WithDecoderConcurrency(1))
			if err != nil {
				return 0, err
			}
			fr.dec = d
		} else if err := fr.dec.Reset(sec); err != nil {
			return 0, err
		}
		fr.cur = true
		if fr.onFrame != nil {
			fr.onFrame()
		}
	}
}

func (fr *frameReader) close() {
	if fr.dec != nil {
		fr.dec.Close()
	}
}
