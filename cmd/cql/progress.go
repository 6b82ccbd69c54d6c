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
// message is torn by it; so are the results when standard output is a terminal too
// (Clearing); the bar is drawn again at the next tick.
//
// The percentage counts input consumed, not read: the reader runs ahead of the games
// handed out by megabytes (a small file is read whole before its first game is done), so
// the bytes read of the current file are scaled by the share of its decompressed bytes
// that the games emitted so far end at (GameEnd).
type progress struct {
	w     io.Writer
	fd    int // w's terminal, for its width
	label string
	mu    sync.Mutex // orders drawing and writing
	drawn bool       // the bar is on the screen
	// lineIncrement > 0 prints a line every lineIncrement games (CQL's -lineincrement).
	lineIncrement int
	total         atomic.Int64 // bytes expected, 0 if unknown
	preset        atomic.Bool  // total was set for all files at once (SetTotal)
	finished      atomic.Int64 // bytes of the files done
	fileSize      atomic.Int64 // the current file's size, 0 if unknown
	done          atomic.Int64 // bytes read of the current file (compressed)
	inflated      atomic.Int64 // bytes decompressed of the current file
	consumed      atomic.Int64 // where the last game emitted ends, in decompressed bytes; -1 none
	gameEnds      atomic.Bool  // GameEnd is called (the query command): -1 means none consumed
	items         atomic.Int64 // games seen
	enabled       bool
	stop          chan struct{}
	wg            sync.WaitGroup
	start         time.Time
}

// newProgress starts a bar on w if w is a terminal; otherwise it draws nothing.
func newProgress(w io.Writer, label string) *progress {
	p := &progress{w: w, label: label, stop: make(chan struct{}), start: time.Now(), fd: -1}
	p.consumed.Store(-1)
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.fd = int(f.Fd())
		p.enabled = true
		p.wg.Add(1)
		go p.loop()
	}
	return p
}

// SetTotal sets the number of bytes of all the files to be read: the percentage is of all
// of them from the first (else of the files opened so far).
func (p *progress) SetTotal(n int64) {
	p.total.Store(n)
	p.preset.Store(true)
}

// StartFile says the next file, of size bytes (0: unknown, standard input), is being read.
func (p *progress) StartFile(size int64) {
	p.finished.Add(p.fileSize.Swap(size))
	p.done.Store(0)
	p.inflated.Store(0)
	p.consumed.Store(-1)
	if !p.preset.Load() {
		p.total.Add(size)
	}
}

// Add records n more bytes read.
func (p *progress) Add(n int64) { p.done.Add(n) }

// GameEnd records that the games of the current file up to decompressed offset end are done.
func (p *progress) GameEnd(end int64) { p.consumed.Store(end) }

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
	p.clear()
	return p.w.Write(b)
}

func (p *progress) clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

// Clearing returns w, through which writes clear the bar first when w is the terminal
// the bar is drawn on (a result sharing the bar's line: cql --format fen mate f.pgn).
func (p *progress) Clearing(w io.Writer) io.Writer {
	if f, ok := w.(*os.File); ok && p.enabled && term.IsTerminal(int(f.Fd())) {
		return clearingWriter{w: w, p: p}
	}
	return w
}

type clearingWriter struct {
	w io.Writer
	p *progress
}

func (c clearingWriter) Write(b []byte) (int, error) {
	c.p.mu.Lock()
	defer c.p.mu.Unlock()
	c.p.clear()
	return c.w.Write(b)
}

// Reader counts the bytes read through r.
func (p *progress) Reader(r io.Reader) io.Reader { return &countReader{r: r, n: &p.done} }

// Inflated counts the decompressed bytes read through rc.
func (p *progress) Inflated(rc io.ReadCloser) io.ReadCloser {
	return struct {
		io.Reader
		io.Closer
	}{&countReader{r: rc, n: &p.inflated}, rc}
}

type countReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
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
			p.clear()
			p.mu.Unlock()
			return
		case <-t.C:
			p.draw()
		}
	}
}

// fraction is the share of the input consumed, or -1 when the total is unknown.
func (p *progress) fraction() float64 {
	total := p.total.Load()
	if total <= 0 {
		return -1
	}
	cur := float64(p.done.Load())
	if size := p.fileSize.Load(); size > 0 {
		cur = min(cur, float64(size))
		// Before the file's first game ends nothing of it is consumed, however far the
		// reader has run ahead (it showed 95% after 4 games).
		if c, in := p.consumed.Load(), p.inflated.Load(); c < 0 && p.gameEnds.Load() {
			cur = 0
		} else if c >= 0 && in > 0 {
			cur *= min(float64(c)/float64(in), 1)
		}
	}
	return min((float64(p.finished.Load())+cur)/float64(total), 1)
}

// width is the terminal's width in columns (80 when unknown).
func (p *progress) width() int {
	if p.fd >= 0 {
		if w, _, err := term.GetSize(p.fd); err == nil && w > 0 {
			return w
		}
	}
	return 80
}

func (p *progress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.drawn = true
	fmt.Fprintf(p.w, "\r%s\x1b[K", p.line(p.width(), time.Since(p.start)))
}

// line is the bar's text for a terminal of cols columns after elapsed: the label, a bar
// when there is room, the percentage, the games, their rate and the time left; never more
// than cols-1 characters, so that it never wraps.
func (p *progress) line(cols int, elapsed time.Duration) string {
	items := p.items.Load()
	secs := elapsed.Seconds()
	rate := ""
	if secs > 0 {
		rate = fmt.Sprintf(" %.0f games/s", float64(items)/secs)
	}
	frac := p.fraction()
	if frac < 0 {
		return fit(fmt.Sprintf("%s %d MB %d games%s", p.label, p.done.Load()>>20, items, rate), cols)
	}
	eta := ""
	if frac > 0.01 && secs >= 1 && frac < 1 {
		eta = " ETA " + time.Duration(secs*(1-frac)/frac*float64(time.Second)).Round(time.Second).String()
	}
	tail := fmt.Sprintf(" %3.0f%% %d games%s%s", frac*100, items, rate, eta)
	room := cols - 1 - len(p.label) - len(tail) - 3 // " [" and "]"
	if room < 10 {
		return fit(p.label+tail, cols)
	}
	n := min(int(frac*float64(room)), room)
	return fmt.Sprintf("%s [%s%s]%s", p.label, strings.Repeat("=", n), strings.Repeat(" ", room-n), tail)
}

// fit cuts s to cols-1 characters (the bar is ASCII).
func fit(s string, cols int) string {
	if cols > 1 && len(s) > cols-1 {
		return s[:cols-1]
	}
	return s
}

// Finish removes the bar.
func (p *progress) Finish() {
	if p.enabled {
		close(p.stop)
		p.wg.Wait()
		p.enabled = false
	}
}
