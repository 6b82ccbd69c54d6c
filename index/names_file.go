package index

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/dgraph-io/ristretto/v2/z"
)

// The names column (the string ids of each game's White, Black and Date, namesWidth bytes
// a game, for find's listings from the exact-position table) is a file of its own in the
// index directory (namesName), mapped into memory when read. In Badger, 128 games a key,
// a listing of every game (the start position, 463,558 games) stepped through 3,622 keys
// and copied each value, a fifth of its time; a small listing's lookups each sought a key.
// An index built without the table has no use for the column and no file.
//
// Layout: namesMagic, then namesWidth bytes a game in game order, then the number of
// games (big-endian uint64) and namesMagic again.
const (
	namesName   = "names.table"
	namesMagic  = "CQLNAM\x00\x01"
	namesFooter = 16
)

var errBadNames = errors.New("bad names file")

// namesWriter writes a names file, games in order.
type namesWriter struct {
	f     *os.File
	w     *bufio.Writer
	games uint64
	name  string
}

func createNames(dir string) (*namesWriter, error) {
	name := filepath.Join(dir, namesName)
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	w := &namesWriter{f: f, w: bufio.NewWriterSize(f, 256<<10), name: name}
	if _, err := w.w.WriteString(namesMagic); err != nil {
		w.abort()
		return nil, fmt.Errorf("write %s: %w", name, err)
	}
	return w, nil
}

// add writes the entries v of the next games (whole entries).
func (w *namesWriter) add(v []byte) error {
	if len(v)%namesWidth != 0 {
		return fmt.Errorf("write %s: %d bytes are not whole entries", w.name, len(v))
	}
	if _, err := w.w.Write(v); err != nil {
		return fmt.Errorf("write %s: %w", w.name, err)
	}
	w.games += uint64(len(v) / namesWidth)
	return nil
}

// close writes the footer and syncs the file to disk (an index is swapped in only once
// whole).
func (w *namesWriter) close() error {
	foot := binary.BigEndian.AppendUint64(nil, w.games)
	_, err := w.w.Write(append(foot, namesMagic...))
	if err == nil {
		err = w.w.Flush()
	}
	if err == nil {
		err = w.f.Sync()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", w.name, err)
	}
	return nil
}

// abort closes the file without finishing it (the build's directory is removed).
func (w *namesWriter) abort() { w.f.Close() }

// namesFile is an open names file: its entries, mapped.
type namesFile struct {
	mapped  []byte // the whole file, to unmap
	entries []byte // namesWidth bytes a game
}

// openNames maps the names file of an index of games games.
func openNames(dir string, games int) (*namesFile, error) {
	f, err := os.Open(filepath.Join(dir, namesName))
	if err != nil {
		return nil, err
	}
	defer f.Close() // the mapping stays
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	// the size is checked before mapping: a mapping past the end of a file faults on use
	if want := int64(len(namesMagic)) + int64(games)*namesWidth + namesFooter; st.Size() != want {
		return nil, fmt.Errorf("%w: %d bytes for %d games, want %d", errBadNames, st.Size(), games, want)
	}
	m, err := z.Mmap(f, false, st.Size())
	if err != nil {
		return nil, err
	}
	n, err := checkNames(m, games)
	if err != nil {
		z.Munmap(m)
		return nil, err
	}
	n.mapped = m
	return n, nil
}

// checkNames reads a names file's bytes b, which must hold the entries of games games.
func checkNames(b []byte, games int) (*namesFile, error) {
	if games < 0 || games > len(b)/namesWidth {
		return nil, fmt.Errorf("%w: %d bytes for %d games", errBadNames, len(b), games)
	}
	end := len(namesMagic) + games*namesWidth
	if len(b) != end+namesFooter {
		return nil, fmt.Errorf("%w: %d bytes for %d games", errBadNames, len(b), games)
	}
	if string(b[:len(namesMagic)]) != namesMagic || string(b[end+8:]) != namesMagic {
		return nil, fmt.Errorf("%w: bad header or footer", errBadNames)
	}
	if n := binary.BigEndian.Uint64(b[end:]); n != uint64(games) {
		return nil, fmt.Errorf("%w: %d games, the index has %d", errBadNames, n, games)
	}
	return &namesFile{entries: b[len(namesMagic):end:end]}, nil
}

func (n *namesFile) close() error {
	if n.mapped == nil {
		return nil
	}
	err := z.Munmap(n.mapped)
	n.mapped, n.entries = nil, nil
	return err
}

// entry returns game id's entry; nil past the last game.
func (n *namesFile) entry(id uint32) []byte {
	at := uint64(id) * namesWidth
	if at+namesWidth > uint64(len(n.entries)) {
		return nil
	}
	return n.entries[at : at+namesWidth : at+namesWidth]
}
