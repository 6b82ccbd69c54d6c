package index

import (
	"fmt"
	"runtime"
	"sync"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"
)

// compressor compresses chunk values and writes them in background goroutines: the
// ordered emit of a build, the one goroutine that sees the games in order, then does not
// wait for zstd (it measured a sixth of a build's time there).
type compressor struct {
	wb   *badger.WriteBatch // Set is safe for concurrent use; key order does not matter to it
	jobs chan compressJob
	wg   sync.WaitGroup
	mu   sync.Mutex
	err  error
}

type compressJob struct {
	key, prefix, data []byte
}

func newCompressor(wb *badger.WriteBatch) *compressor {
	c := &compressor{wb: wb, jobs: make(chan compressJob, 8)}
	for i := 0; i < runtime.GOMAXPROCS(0); i++ {
		c.wg.Add(1)
		go c.work()
	}
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
		if enc == nil || c.failed() {
			continue
		}
		v := enc.EncodeAll(j.data, j.prefix)
		if err := c.wb.Set(j.key, v); err != nil {
			c.fail(fmt.Errorf("write index: %w", err))
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

// add queues a value: prefix followed by data compressed. data is the compressor's now.
func (c *compressor) add(key, prefix, data []byte) error {
	c.mu.Lock()
	err := c.err
	c.mu.Unlock()
	if err != nil {
		return err
	}
	c.jobs <- compressJob{key, prefix, data}
	return nil
}

// close waits for the queued values and returns the first error.
func (c *compressor) close() error {
	if c.jobs != nil {
		close(c.jobs)
		c.wg.Wait()
		c.jobs = nil
	}
	return c.err
}
