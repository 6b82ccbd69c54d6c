package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/term"
)

// progress draws a progress bar on standard error, only when it is a terminal.
// Add may be called from any goroutine. Other lines for standard error are written
// through the progress (it is an io.Writer), which clears the bar first so that no
// message is torn by it; the bar is drawn again at the next tick.
type progress struct {
	w     io.Writer
	label string
	mu    sync.Mutex // orders drawing and writing
	drawn bool       // the bar is on the screen
	// lineIncrement > 0 prints a line every lineIncrement games (CQL's -lineincrement).
	lineIncrement int
	total         atomic.Int64 // bytes expected, 0 if unknown
	done          atomic.Int64 // bytes read
	items         atomic.Int64 // games seen
	enabled       bool
	stop          chan struct{}
	wg            sync.WaitGroup
	start         time.Time
}

// newProgress starts a bar on w if w is a terminal; otherwise it draws nothing.
func newProgress(w io.Writer, label string) *progress {
	p := &progress{w: w, label: label, stop: make(chan struct{}), start: time.Now()}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.enabled = true
		p.wg.Add(1)
		go p.loop()
	}
	return p
}

// AddTotal adds to the number of bytes expected.
func (p *progress) AddTotal(n int64) { p.total.Add(n) }

// Add records n more bytes read.
func (p *progress) Add(n int64) { p.done.Add(n) }

// Item records one more game.
func (p *progress) Item() {
	n := p.items.Add(1)
	if p.lineIncrement > 0 && n%int64(p.lineIncrement) == 0 {
		fmt.Fprintf(p, "%s: %d games\n", p.label, n)
	}
}

// Write writes b to the underlying writer, removing the bar first.
func (p *progress) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
	return p.w.Write(b)
}

// Reader counts the bytes read through r.
func (p *progress) Reader(r io.Reader) io.Reader { return &countReader{r: r, p: p} }

type countReader struct {
	r io.Reader
	p *progress
}

func (c *countReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.p.Add(int64(n))
	return n, err
}

func (p *progress) loop() {
	defer p.wg.Done()
	t := time.NewTicker(200 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			p.mu.Lock()
			if p.drawn {
				fmt.Fprint(p.w, "\r\x1b[K")
				p.drawn = false
			}
			p.mu.Unlock()
			return
		case <-t.C:
			p.draw()
		}
	}
}

func (p *progress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.drawn = true
	done, total, items := p.done.Load(), p.total.Load(), p.items.Load()
	secs := time.Since(p.start).Seconds()
	rate := ""
	if secs > 0 {
		rate = fmt.Sprintf(" %.0f games/s", float64(items)/secs)
	}
	if total > 0 {
		frac := float64(done) / float64(total)
		if frac > 1 {
			frac = 1
		}
		const width = 30
		n := int(frac * width)
		fmt.Fprintf(p.w, "\r%s [%s%s] %3.0f%% %d games%s\x1b[K", p.label,
			strings.Repeat("=", n), strings.Repeat(" ", width-n), frac*100, items, rate)
		return
	}
	fmt.Fprintf(p.w, "\r%s %d MB %d games%s\x1b[K", p.label, done>>20, items, rate)
}

// Finish removes the bar.
func (p *progress) Finish() {
	if p.enabled {
		close(p.stop)
		p.wg.Wait()
		p.enabled = false
	}
}
