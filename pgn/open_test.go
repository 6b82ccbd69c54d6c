package pgn

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cqlgo/cql/internal/testdata"
)

// TestOpenCompressed: every compression gives the same bytes as the plain file.
func TestOpenCompressed(t *testing.T) {
	const base = "../testdata/pgn/small.pgn"
	want, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{base, base + ".gz", base + ".bz2", base + ".zst"} {
		r, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		r.Close()
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes, %v", name, len(got), err)
		}
		// By magic bytes, without the extension.
		raw, _ := os.ReadFile(name)
		r2, err := NewReader(io.NopCloser(bytes.NewReader(raw)), "-")
		if err != nil {
			t.Fatal(err)
		}
		got, err = io.ReadAll(r2)
		r2.Close()
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s by magic: %d bytes, %v", name, len(got), err)
		}
	}
	if _, err := Open("no/such/file.pgn"); err == nil {
		t.Error("no error for a missing file")
	}
	bad := []byte("\x28\xb5\x2f\xfd garbage")
	r, err := NewReader(io.NopCloser(bytes.NewReader(bad)), "x.zst")
	if err == nil {
		_, err = io.ReadAll(r)
		r.Close()
	}
	if err == nil {
		t.Error("no error for a corrupt zstd stream")
	}
}

// TestLimits: hostile input is stopped by the limits and loses only its game.
func TestLimits(t *testing.T) {
	deep := "[Event \"deep\"]\n\n1. e4 " + strings.Repeat("(1. d4 ", 5000) + strings.Repeat(")", 5000) + " e5 *\n\n"
	huge := "[Event \"huge\"]\n\n1. e4 {" + strings.Repeat("x", 3<<20) + "} *\n\n"
	long := "[Event \"long\"]\n\n" + strings.Repeat("1. Nf3 Nf6 2. Ng1 Ng8 ", 300) + "*\n\n"
	next := "[Event \"next\"]\n\n1. d4 *\n"
	in := deep + huge + long + next
	var got []string
	err := Scan(context.Background(), strings.NewReader(in), "h", Options{Variations: true, MaxGameBytes: 1 << 20, MaxNodes: 1000},
		func(g *Game) error {
			s := fmt.Sprintf("%s %d", g.Tag("Event"), len(g.Nodes))
			for _, e := range g.Errors {
				s += "; " + e.(*Error).Reason
			}
			got = append(got, s)
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		// 1. e4, 100 nested d4s kept, then e5.
		"deep 103; variations nested too deeply",
		"huge 2; comment runs past the per-game limit of 1048576 bytes: the game is cut there",
		"long 1000; too many moves in one game",
		"next 2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestGamePlaces: Offset, Length and Line locate each game in its file.
func TestGamePlaces(t *testing.T) {
	for _, name := range []string{"cql-sample.pgn", "edge/realworld/pgnmentor-Miles-crlf-nul-tail.pgn", "edge/synthetic/broken.pgn", "edge/python-chess/utf8-bom.pgn", "edge/synthetic/mixed-eol.pgn"} {
		data, err := os.ReadFile(testdata.File(t, name))
		if err != nil {
			t.Fatal(err)
		}
		end := int64(-1)
		n := 0
		err = Scan(context.Background(), bytes.NewReader(data), name, Options{BlockSize: 4096}, func(g *Game) error {
			n++
			if g.Number != n {
				t.Fatalf("%s: game %d numbered %d", name, n, g.Number)
			}
			if end >= 0 && g.Offset != end {
				t.Errorf("%s game %d: starts at %d, the previous one ends at %d", name, n, g.Offset, end)
			}
			end = g.Offset + int64(g.Length)
			// Line ends counted independently: CRLF once, a lone CR or LF once.
			line := 1
			for i := int64(0); i < g.Offset; i++ {
				if data[i] == '\n' || data[i] == '\r' && (i+1 >= int64(len(data)) || data[i+1] != '\n') {
					line++
				}
			}
			if line != g.Line {
				t.Errorf("%s game %d: line %d, counted %d", name, n, g.Line, line)
			}
			if c := data[g.Offset]; c != '[' && (c < '0' || c > '9') {
				t.Errorf("%s game %d starts with %q", name, n, data[g.Offset:g.Offset+10])
			}
			// The game's bytes alone give the same game.
			one := readBytes(t, data[g.Offset:end], name, Options{})
			if len(one) != 1 || signature(one[0]) != signature(g) {
				t.Errorf("%s game %d: its bytes alone read differently", name, n)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if end != int64(len(data)) {
			t.Errorf("%s: games end at %d of %d bytes", name, end, len(data))
		}
	}
}

// Problems in files with old-Mac CR line ends are placed on the right line and column.
func TestCROnlyLocations(t *testing.T) {
	data := []byte("[Event \"a\"]\r[Result \"*\"]\r\r1. e4 e5\r2. Zz5 *\r")
	games := readBytes(t, data, "cr.pgn", Options{})
	if len(games) != 1 || len(games[0].Errors) == 0 {
		t.Fatalf("want one game with a problem, got %d games", len(games))
	}
	// Zz5 stands on line 5 (the blank line is line 3), column 4.
	var e *Error
	if !errors.As(games[0].Errors[0], &e) || e.Line != 5 || e.Col != 4 {
		t.Errorf("problem at %v", games[0].Errors[0])
	}
}

// TestCheckInput: an input is refused before reading when it is missing, a directory or a
// regular file that does not open; standard input and a FIFO pass without being opened (a
// FIFO's open would wait for its writer).
func TestCheckInput(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(good, []byte("*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"-", good} {
		if err := CheckInput(name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := CheckInput(dir); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("directory: %v", err)
	}
	if err := CheckInput(filepath.Join(dir, "nope.pgn")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err == nil {
		done := make(chan error, 1)
		go func() { done <- CheckInput(fifo) }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("fifo: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("CheckInput opened the FIFO and waits for a writer")
		}
	}
	locked := filepath.Join(dir, "locked.pgn")
	if err := os.WriteFile(locked, []byte("*\n"), 0o000); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		t.Log("running as root: every file opens, the mode 000 case is not checked")
	} else if err := CheckInput(locked); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("mode 000: %v", err)
	}
}
