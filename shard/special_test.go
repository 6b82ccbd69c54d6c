package shard

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/cqlgo/cql/pgn"
)

// TestPlanSpecialFiles: a FIFO and a special file whose size says 0 (/proc/self/status) are
// planned as one whole-file shard without being opened, and that shard reads their bytes
// as a stream (issue 30: cql-beam hung on a FIFO and read /proc/self/status as 0 games).
func TestPlanSpecialFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "games.pgn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	const games = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5 0-1\n"
	planned := make(chan []Shard, 1)
	go func() {
		ss, err := Plan(fifo, 1<<20)
		if err != nil {
			t.Error(err)
		}
		planned <- ss
	}()
	var ss []Shard
	select {
	case ss = <-planned:
	case <-time.After(10 * time.Second):
		t.Fatal("Plan opened the FIFO: it waits for a writer")
	}
	if len(ss) != 1 || ss[0].Kind != Whole {
		t.Fatalf("FIFO planned as %v", ss)
	}
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			t.Error(err)
			return
		}
		io.WriteString(w, games)
		w.Close()
	}()
	r, err := ss[0].Open()
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	r.Close()
	if err != nil || string(b) != games {
		t.Errorf("FIFO read %q, %v", b, err)
	}

	if st, err := os.Stat("/proc/self/status"); err != nil || st.Size() != 0 {
		t.Logf("no size-0 /proc/self/status here (%v): that case is not checked", err)
		return
	}
	ss, err = Plan("/proc/self/status", 1<<20)
	if err != nil || len(ss) != 1 || ss[0].Kind != Whole {
		t.Fatalf("/proc/self/status planned as %v, %v", ss, err)
	}
	// Read, it is found not to be PGN (it was read as empty, 0 games).
	_, err = ss[0].Open()
	var np *pgn.NotPGNError
	if !errors.As(err, &np) {
		t.Errorf("/proc/self/status opened: %v, want it named as not PGN", err)
	}
}

// TestPlanRefusesNotPGN: a plain file that is not PGN is refused when planned, before the
// job starts, as cql refuses it.
func TestPlanRefusesNotPGN(t *testing.T) {
	_, err := Plan("../README.md", 1<<20)
	var np *pgn.NotPGNError
	if !errors.As(err, &np) {
		t.Errorf("README.md planned: %v, want a NotPGNError", err)
	}
}
