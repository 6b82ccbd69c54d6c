package index

import (
	"os"
	"strings"
	"syscall"
	"testing"
)

// A spill writer whose file cannot be written (here /dev/full: every write is ENOSPC)
// reports the cause, and keeps reporting it: the parse goes on for a while before the
// build sees the error, and the writer's full buffer once overflowed on the next game
// ("slice bounds out of range [:57358] with capacity 57344" building masters-463k onto a
// 20 MB tmpfs).
func TestSpillWriteError(t *testing.T) {
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer f.Close()
	w := &spillWriter{f: f}
	es := make([]posEntry, 50)
	var first error
	for game := uint32(0); game < 2000; game++ {
		err := w.add(game, es) // every entry in part 0
		if err != nil && first == nil {
			first = err
		}
		if first != nil && err == nil {
			t.Fatalf("game %d: added after the write error %v", game, first)
		}
	}
	if first == nil {
		t.Fatal("no error writing to /dev/full")
	}
	if !strings.Contains(first.Error(), syscall.ENOSPC.Error()) {
		t.Errorf("error %q does not name the cause", first)
	}
}
