package index

import (
	"encoding/binary"
	"hash/crc32"
	"runtime"
	"sync"

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
)

// compressor compresses chunk values in background goroutines, so that the ordered emit of
// a build, the one goroutine that sees the games in order, does not wait for zstd (it
// measured a sixth of a build's time there); one more goroutine writes the values in the
// order they were added, as the index's ordered streams want them.
type compressor struct {
	set   func(key, value []byte) error
	jobs  chan *compressJob // to the compressing goroutines
	order chan *compressJob // to the writer, in the order of add
	wg    sync.WaitGroup
	mu    sync.Mutex
	err   error
}

type compressJob struct {
	key, prefix, data []byte
	s2                bool // S2 instead of zstd (the game records)
	out               []byte
	done              chan struct{} // closed when out is ready
}

func newCompressor(set func(key, value []byte) error) *compressor {
	n := runtime.GOMAXPROCS(0)
	c := &compressor{set: set, jobs: make(chan *compressJob, 8), order: make(chan *compressJob, 8+4*n)}
	for i := 0; i < n; i++ {
		c.wg.Add(1)
		go c.work()
	}
	c.wg.Add(1)
	go c.write()
	return c
}

func (c *compressor) work() {
	defer c.wg.Done()
	// The fastest level: on masters-463k's game records it costs 2% in size (52.5 MB
	// against 51.5) and saves two thirds of the compression time.
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
	if err != nil {
		c.fail(err)
	}
	for j := range c.jobs {
		switch {
		case enc == nil || c.failed():
		case j.s2:
			// S2's blocks carry no checksum: a CRC-32C of the records goes first, so
			// that a damaged value is an error, not other moves (zstd's frames had one).
			out := make([]byte, len(j.prefix)+4+s2.MaxEncodedLen(len(j.data)))
			n := copy(out, j.prefix)
			binary.LittleEndian.PutUint32(out[n:], crc32.Checksum(j.data, castagnoli))
			n += 4
			j.out = out[:n+len(s2.Encode(out[n:], j.data))]
		default:
			j.out = enc.EncodeAll(j.data, j.prefix)
		}
		close(j.done)
	}
}

func (c *compressor) write() {
	defer c.wg.Done()
	for j := range c.order {
		<-j.done
		if j.out == nil || c.failed() {
			continue
		}
		if err := c.set(j.key, j.out); err != nil {
			c.fail(err)
		}
	}
}

func (c *compressor) fail(err error) {
	c.mu.Lock()
	if c.err == nil {
		c.err = err
	}
	c.mu.Unlock()
}

func (c *compressor) failed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err != nil
}

// add queues a value: prefix followed by data compressed with zstd. data is the
// compressor's now.
func (c *compressor) add(key, prefix, data []byte) error { return c.queue(key, prefix, data, false) }

// addS2 queues a value like add, compressed with S2: the game records, which zstd (at its
// fastest) made 9% smaller for three times the CPU of S2 in the build and of its decoding
// in every query that replays games.
func (c *compressor) addS2(key, prefix, data []byte) error { return c.queue(key, prefix, data, true) }

func (c *compressor) queue(key, prefix, data []byte, useS2 bool) error {
	c.mu.Lock()
	err := c.err
	c.mu.Unlock()
	if err != nil {
		return err
	}
	j := &compressJob{key: key, prefix: prefix, data: data, s2: useS2, done: make(chan struct{})}
	c.order <- j
	c.jobs <- j
	return nil
}

// close waits for the queued values and returns the first error.
func (c *compressor) close() error {
	if c.jobs != nil {
		close(c.jobs)
		close(c.order)
		c.wg.Wait()
		c.jobs = nil
	}
	return c.err
}
