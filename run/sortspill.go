package run

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
)

// DefaultSortMemory is how many bytes of output a sorting run keeps in memory
// (Options.SortMemory) before it moves them to a temporary file: a sorted run
// held every matching game's output until the end, with its Result, and took
// about 4 times the output's size in memory (691 MB peak RSS for 179 MB of
// PGN; now 202 MB, the most of it the per-game sort values and the reading).
const DefaultSortMemory = 32 << 20

// heldGame is what a sorting run keeps of a matching game until every game is
// read: its sort values and its output, in memory (out) or in the spill file
// (n bytes at off).
type heldGame struct {
	vals      sortValues
	order     int // arrival order, for stable sorting
	positions int
	out       []byte
	off       int64
	n         int
	dest      string // Options.Split's file
}

// sortSpill is the temporary file a sorting run's outputs move to once they
// pass the memory limit. The file is removed as soon as it is made (where the
// system allows it: an open file that has no name), so that nothing is left
// behind, whatever ends the run.
type sortSpill struct {
	limit int // Options.SortMemory, or DefaultSortMemory
	inMem int // bytes (capacity) of the held outputs in memory
	f     *os.File
	w     *bufio.Writer
	size  int64 // bytes written to f
}

// hold keeps a matching game of a sorting run.
func (r *runner) hold(res *Result) error {
	h := heldGame{vals: res.sortValues(), order: len(r.held), positions: res.positions, out: res.out, dest: res.dest}
	r.held = append(r.held, h)
	s := &r.spill
	s.inMem += cap(res.out)
	if s.limit <= 0 {
		s.limit = DefaultSortMemory
	}
	if s.inMem <= s.limit {
		return nil
	}
	return r.spillHeld()
}

// spillHeld moves the outputs held in memory to the spill file.
func (r *runner) spillHeld() error {
	s := &r.spill
	if s.f == nil {
		f, err := os.CreateTemp("", "cql-sort-*.tmp")
		if err != nil {
			return fmt.Errorf("sorting: a temporary file for the output held: %w", err)
		}
		os.Remove(f.Name()) // the open file stays readable; no name is left behind
		s.f, s.w = f, bufio.NewWriterSize(f, 1<<20)
	}
	for i := range r.held {
		h := &r.held[i]
		if h.out == nil {
			continue
		}
		if _, err := s.w.Write(h.out); err != nil {
			return fmt.Errorf("sorting: writing the temporary file: %w", err)
		}
		h.off, h.n = s.size, len(h.out)
		s.size += int64(len(h.out))
		putOutBuffer(h.out)
		h.out = nil
	}
	s.inMem = 0
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("sorting: writing the temporary file: %w", err)
	}
	return nil
}

// close removes the spill file.
func (s *sortSpill) close() {
	if s.f != nil {
		name := s.f.Name()
		s.f.Close()
		os.Remove(name) // where it could not be removed while open
		s.f = nil
	}
}

// writeSorted writes held games by their sort values: the sort filters in order (largest
// first, or smallest for `sort min`), then the matched-position count for `sort matchcount`;
// ties keep game order.
func (r *runner) writeSorted(w *bufio.Writer) error {
	defer r.spill.close()
	sorts := r.q.Sorts()
	sort.SliceStable(r.held, func(a, b int) bool {
		x, y := &r.held[a], &r.held[b]
		if c := compareKeys(sorts, x.vals, y.vals); c != 0 {
			return c < 0
		}
		return x.order < y.order
	})
	if r.opt.Count {
		return nil
	}
	var buf []byte
	for i := range r.held {
		h := &r.held[i]
		res := Result{out: h.out, positions: h.positions, dest: h.dest}
		if h.out == nil && h.n > 0 {
			if cap(buf) < h.n {
				buf = make([]byte, h.n)
			}
			buf = buf[:h.n]
			if _, err := r.spill.f.ReadAt(buf, h.off); err != nil && err != io.EOF {
				return fmt.Errorf("sorting: reading the temporary file: %w", err)
			}
			res.out = buf
		}
		if _, err := r.write(w, &res); err != nil {
			return err
		}
	}
	return nil
}
