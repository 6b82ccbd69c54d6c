package index

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"sync/atomic"

	"github.com/dgraph-io/ristretto/v2/z"
)

// The names column (the string ids of each game's White, Black and Date, namesWidth bytes
// a game, for find's listings from the exact-position table) is a file of its own in the
// index directory (namesName), mapped into memory when read. In Badger, 128 games a key,
// a listing of every game (the start position, 463,558 games) stepped through 3,622 keys
// and copied each value, a fifth of its time; a small listing's lookups each sought a key.
// The file holds the tag column's string table too, uncompressed with the strings' end
// offsets: read from Badger, zstd-compressed, it was decompressed and parsed before the
// first line of any listing, 1.2 ms. An index built without the table has no use for the
// column and no file; its string table stays in Badger (keyStrings).
//
// Layout: namesMagic, then namesWidth bytes a game in game order, then the end of each
// string (big-endian uint32, string i being the data from the end of string i-1, or 0, to
// its end), then the strings' data; then a CRC-32C of each block of namesBlock games'
// entries (big-endian uint32 each); then the footer: the number of games, of strings and
// of bytes of data (big-endian uint64 each), the CRC-32C of the ends and the data, that of
// the block CRCs and the footer's bytes before it, and namesMagic again. A block's CRC is
// checked when an entry of it is first read, the strings' when the string table is.
const (
	namesName   = "names.table"
	namesMagic  = "CQLNAM\x00\x03"
	namesFooter = 3*8 + 2*4 + 8 // the counts, the CRCs, namesMagic
	namesBlock  = 4096          // games a block
)

var errBadNames = errors.New("bad names file")

// namesWriter writes a names file, games in order.
type namesWriter struct {
	f     *os.File
	w     *bufio.Writer
	games uint64
	name  string
	crcs  []byte // of the blocks before the one being written
	crc   uint32 // of the block being written, so far
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
	for len(v) > 0 {
		n := min(len(v)/namesWidth, namesBlock-int(w.games%namesBlock))
		w.crc = crc32.Update(w.crc, castagnoli, v[:n*namesWidth])
		v = v[n*namesWidth:]
		w.games += uint64(n)
		if w.games%namesBlock == 0 {
			w.crcs = binary.BigEndian.AppendUint32(w.crcs, w.crc)
			w.crc = 0
		}
	}
	return nil
}

// close writes the string table strs and the footer, and syncs the file to disk (an index
// is swapped in only once whole).
func (w *namesWriter) close(strs []string) error {
	var err error
	var end uint64
	b := make([]byte, 0, 4*len(strs))
	for _, s := range strs {
		end += uint64(len(s))
		b = binary.BigEndian.AppendUint32(b, uint32(end))
	}
	if end > math.MaxUint32 {
		err = fmt.Errorf("%d bytes of strings", end)
	}
	if err == nil {
		_, err = w.w.Write(b)
	}
	strsCRC := crc32.Checksum(b, castagnoli)
	for _, s := range strs {
		if err == nil {
			_, err = w.w.WriteString(s)
			strsCRC = crc32.Update(strsCRC, castagnoli, []byte(s))
		}
	}
	if w.games%namesBlock != 0 {
		w.crcs = binary.BigEndian.AppendUint32(w.crcs, w.crc)
	}
	foot := binary.BigEndian.AppendUint64(w.crcs, w.games)
	foot = binary.BigEndian.AppendUint64(foot, uint64(len(strs)))
	foot = binary.BigEndian.AppendUint64(foot, end)
	foot = binary.BigEndian.AppendUint32(foot, strsCRC)
	foot = binary.BigEndian.AppendUint32(foot, crc32.Checksum(foot, castagnoli))
	if err == nil {
		_, err = w.w.Write(append(foot, namesMagic...))
	}
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

// namesFile is an open names file: its entries and string table, mapped.
type namesFile struct {
	mapped  []byte // the whole file, to unmap
	entries []byte // namesWidth bytes a game
	ends    []byte // 4 bytes a string
	data    []byte // the strings
	padded  []byte // the strings and the footer: padCopy bytes past the data's end
	crcs    []byte // of the blocks of entries
	strsCRC uint32 // of ends and data
	// checked has a bit per block whose CRC matched (set once, read by many goroutines)
	checked []atomic.Uint32
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
	if min := int64(len(namesMagic)) + int64(games)*namesWidth + namesFooter; st.Size() < min {
		return nil, fmt.Errorf("%w: %d bytes for %d games, want %d or more", errBadNames, st.Size(), games, min)
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
	if games < 0 || games > len(b)/namesWidth || len(b) < len(namesMagic)+namesFooter {
		return nil, fmt.Errorf("%w: %d bytes for %d games", errBadNames, len(b), games)
	}
	foot := b[len(b)-namesFooter:]
	if string(b[:len(namesMagic)]) != namesMagic || string(foot[namesFooter-len(namesMagic):]) != namesMagic {
		return nil, fmt.Errorf("%w: bad header or footer", errBadNames)
	}
	if n := binary.BigEndian.Uint64(foot); n != uint64(games) {
		return nil, fmt.Errorf("%w: %d games, the index has %d", errBadNames, n, games)
	}
	strs, data := binary.BigEndian.Uint64(foot[8:]), binary.BigEndian.Uint64(foot[16:])
	blocks := (uint64(games) + namesBlock - 1) / namesBlock
	at := uint64(len(namesMagic)) + uint64(games)*namesWidth
	if strs > uint64(len(b)) || data > uint64(len(b)) || at+4*strs+data+4*blocks+uint64(namesFooter) != uint64(len(b)) {
		return nil, fmt.Errorf("%w: %d bytes for %d games, %d strings and %d bytes of them", errBadNames, len(b), games, strs, data)
	}
	endsAt := at + 4*strs
	crcsAt := endsAt + data
	sealed := b[crcsAt : len(b)-4-len(namesMagic)]
	if crc32.Checksum(sealed, castagnoli) != binary.BigEndian.Uint32(b[len(b)-4-len(namesMagic):]) {
		return nil, fmt.Errorf("%w: its footer's checksum does not match", errBadNames)
	}
	return &namesFile{
		entries: b[len(namesMagic):at:at],
		ends:    b[at:endsAt:endsAt],
		data:    b[endsAt:crcsAt:crcsAt],
		padded:  b[endsAt:len(b):len(b)],
		crcs:    b[crcsAt : crcsAt+4*blocks],
		strsCRC: binary.BigEndian.Uint32(foot[24:]),
		checked: make([]atomic.Uint32, (blocks+31)/32),
	}, nil
}

// checkBlock checks the CRC of the entries' block k, once.
func (n *namesFile) checkBlock(k int) error {
	if n.checked[k/32].Load()&(1<<(k%32)) != 0 {
		return nil
	}
	from := k * namesBlock * namesWidth
	to := min(from+namesBlock*namesWidth, len(n.entries))
	if crc32.Checksum(n.entries[from:to], castagnoli) != binary.BigEndian.Uint32(n.crcs[4*k:]) {
		return fmt.Errorf("%w: the entries of games %d to %d do not match their checksum", errBadNames, k*namesBlock, to/namesWidth-1)
	}
	n.checked[k/32].Or(1 << (k % 32))
	return nil
}

// checkEntries checks every block of entries.
func (n *namesFile) checkEntries() error {
	for k := range len(n.crcs) / 4 {
		if err := n.checkBlock(k); err != nil {
			return err
		}
	}
	return nil
}

// stringView makes a view of the file's string table. Its padded bytes are the mapping's
// (the footer's 32 bytes follow the data: padCopy bytes can be read past any string); its
// data, the strings handed out, is a copy, made only with withData: a string of the
// mapping would outlive Close. A listing's formatter needs no data, and copying 0.5 MB it
// does not read was a tenth of a small listing's whole command.
func (n *namesFile) stringView(withData bool) (stringView, error) {
	if crc32.Update(crc32.Checksum(n.ends, castagnoli), castagnoli, n.data) != n.strsCRC {
		return stringView{}, fmt.Errorf("%w: the string table does not match its checksum", errBadNames)
	}
	count := len(n.ends) / 4
	sv := stringView{offs: make([]uint32, 2*count), padded: n.padded}
	if withData {
		sv.data = string(n.data)
	}
	prev := uint32(0)
	for i := range count {
		end := binary.BigEndian.Uint32(n.ends[4*i:])
		if end < prev || uint64(end) > uint64(len(n.data)) {
			return stringView{}, fmt.Errorf("%w: string %d ends at %d, after %d, of %d bytes", errBadNames, i, end, prev, len(n.data))
		}
		sv.offs[2*i], sv.offs[2*i+1] = prev, end
		prev = end
	}
	return sv, nil
}

func (n *namesFile) close() error {
	if n.mapped == nil {
		return nil
	}
	err := z.Munmap(n.mapped)
	n.mapped, n.entries, n.ends, n.data, n.padded = nil, nil, nil, nil, nil
	return err
}

// entry returns game id's entry; nil past the last game or when its block does not match
// its checksum (entryErr says).
func (n *namesFile) entry(id uint32) []byte {
	at := uint64(id) * namesWidth
	if at+namesWidth > uint64(len(n.entries)) {
		return nil
	}
	if k := id / namesBlock; n.checked[k/32].Load()&(1<<(k%32)) == 0 && n.checkBlock(int(k)) != nil {
		return nil
	}
	return n.entries[at : at+namesWidth : at+namesWidth]
}

// entryErr says why entry gave no entry for game id.
func (n *namesFile) entryErr(id uint32) error {
	if uint64(id)*namesWidth+namesWidth > uint64(len(n.entries)) {
		return fmt.Errorf("%w: no entry for game %d", errBadNames, id)
	}
	return n.checkBlock(int(id / namesBlock))
}
