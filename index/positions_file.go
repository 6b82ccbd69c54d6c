package index

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
)

// The exact-position table is a file of its own in the index directory (tableName), not
// Badger keys: Badger writes each of its tables through a memory map and msyncs it, and
// cleaning the mapped pages of the table's 222 MB (masters-463k) cost the build about
// 1 s of CPU in TLB shootdowns; a sequential write and one fsync cost a fraction of that.
// Lookups read a bucket with two preads.
//
// Layout: tableMagic, then the buckets in bucket order (each encoded by encodeBucket and
// followed by the encoding's CRC-32C, big-endian), then the directory: 1<<bucketBits + 1
// big-endian uint64 offsets, bucket b being the bytes from offset b to offset b+1 (none:
// an empty bucket), in groups of dirGroup buckets, each group the dirGroup+1 offsets of
// its buckets' starts and ends and their CRC-32C; then the footer: the directory's offset
// (uint64) and tableMagic again. A lookup reads one group and one bucket, and checks both.
const (
	tableName    = "positions.table"
	tableMagic   = "CQLPOS\x00\x02"
	tableBuckets = 1 << bucketBits
	dirGroup     = 64
	dirGroupSize = (dirGroup+1)*8 + 4
	tableDirSize = tableBuckets / dirGroup * dirGroupSize
	tableFooter  = 16 // the directory offset and tableMagic
)

var errBadTable = errors.New("bad exact-position table file")

// tableWriter writes a table file; buckets come in increasing order.
type tableWriter struct {
	f    *os.File
	w    *bufio.Writer
	off  uint64
	dir  []uint64 // offsets of the buckets started so far
	name string
}

func createTable(dir string) (*tableWriter, error) {
	name := filepath.Join(dir, tableName)
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	t := &tableWriter{f: f, w: bufio.NewWriterSize(f, 1<<20), name: name, dir: make([]uint64, 0, tableBuckets+1)}
	if err := t.write([]byte(tableMagic)); err != nil {
		t.abort()
		return nil, err
	}
	return t, nil
}

func (t *tableWriter) write(b []byte) error {
	if _, err := t.w.Write(b); err != nil {
		return fmt.Errorf("write %s: %w", t.name, err)
	}
	t.off += uint64(len(b))
	return nil
}

// add writes bucket's encoding v, after every bucket before it.
func (t *tableWriter) add(bucket uint16, v []byte) error {
	if int(bucket) < len(t.dir) {
		return fmt.Errorf("write %s: bucket %d after %d", t.name, bucket, len(t.dir)-1)
	}
	for len(t.dir) <= int(bucket) { // the empty buckets before it end where it starts
		t.dir = append(t.dir, t.off)
	}
	if err := t.write(v); err != nil {
		return err
	}
	return t.write(binary.BigEndian.AppendUint32(nil, crc32.Checksum(v, castagnoli)))
}

// close writes the directory and the footer and syncs the file to disk (an index is
// swapped in only once whole).
func (t *tableWriter) close() error {
	for len(t.dir) <= tableBuckets {
		t.dir = append(t.dir, t.off)
	}
	at := t.off
	buf := make([]byte, 0, tableDirSize+tableFooter)
	for g := 0; g < tableBuckets; g += dirGroup {
		from := len(buf)
		for _, o := range t.dir[g : g+dirGroup+1] {
			buf = binary.BigEndian.AppendUint64(buf, o)
		}
		buf = binary.BigEndian.AppendUint32(buf, crc32.Checksum(buf[from:], castagnoli))
	}
	buf = binary.BigEndian.AppendUint64(buf, at)
	buf = append(buf, tableMagic...)
	err := t.write(buf)
	if err == nil {
		err = t.w.Flush()
	}
	if err == nil {
		err = t.f.Sync()
	}
	if cerr := t.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", t.name, err)
	}
	return nil
}

// abort closes the file without finishing it (the build's directory is removed).
func (t *tableWriter) abort() { t.f.Close() }

// tableFile is an open table file.
type tableFile struct {
	f     io.ReaderAt
	c     io.Closer
	dirAt int64 // offset of the directory
}

func openTable(dir string) (*tableFile, error) {
	f, err := os.Open(filepath.Join(dir, tableName))
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil {
		var t *tableFile
		if t, err = checkTable(f, st.Size()); err == nil {
			t.c = f
			return t, nil
		}
	}
	f.Close()
	return nil, err
}

// checkTable reads the footer of a table file of size bytes and checks that the file is
// as long as it says.
func checkTable(f io.ReaderAt, size int64) (*tableFile, error) {
	if size < int64(len(tableMagic)+tableDirSize+tableFooter) {
		return nil, fmt.Errorf("%w: %d bytes", errBadTable, size)
	}
	var foot [tableFooter]byte
	if _, err := f.ReadAt(foot[:], size-tableFooter); err != nil {
		return nil, err
	}
	at := binary.BigEndian.Uint64(foot[:])
	if string(foot[8:]) != tableMagic || at != uint64(size-tableFooter-tableDirSize) {
		return nil, fmt.Errorf("%w: bad footer", errBadTable)
	}
	head := make([]byte, len(tableMagic))
	if _, err := f.ReadAt(head, 0); err != nil || string(head) != tableMagic {
		return nil, fmt.Errorf("%w: bad header", errBadTable)
	}
	return &tableFile{f: f, dirAt: int64(at)}, nil
}

func (t *tableFile) close() error {
	if t.c == nil {
		return nil
	}
	return t.c.Close()
}

// span checks a bucket's offsets from the directory.
func (t *tableFile) span(start, end uint64) error {
	if start < uint64(len(tableMagic)) || start > end || end > uint64(t.dirAt) {
		return fmt.Errorf("%w: bucket at %d-%d", errBadTable, start, end)
	}
	return nil
}

// group reads and checks the directory's group g into raw (dirGroupSize bytes).
func (t *tableFile) group(g int, raw []byte) error {
	if _, err := t.f.ReadAt(raw, t.dirAt+int64(g)*dirGroupSize); err != nil {
		return err
	}
	if crc32.Checksum(raw[:dirGroupSize-4], castagnoli) != binary.BigEndian.Uint32(raw[dirGroupSize-4:]) {
		return fmt.Errorf("%w: the directory of buckets %d to %d does not match its checksum", errBadTable, g*dirGroup, g*dirGroup+dirGroup-1)
	}
	return nil
}

// checkBucket checks the CRC at the end of bucket b's bytes v and returns the encoding.
func checkBucket(b int, v []byte) ([]byte, error) {
	if len(v) < 4 || crc32.Checksum(v[:len(v)-4], castagnoli) != binary.BigEndian.Uint32(v[len(v)-4:]) {
		return nil, fmt.Errorf("%w: bucket %d does not match its checksum", errBadTable, b)
	}
	return v[:len(v)-4], nil
}

// bucket returns bucket b's encoding (empty for an empty bucket), read into buf's
// storage when it is large enough.
func (t *tableFile) bucket(b uint16, buf []byte) ([]byte, error) {
	var raw [dirGroupSize]byte
	if err := t.group(int(b)/dirGroup, raw[:]); err != nil {
		return nil, err
	}
	i := int(b) % dirGroup * 8
	start, end := binary.BigEndian.Uint64(raw[i:]), binary.BigEndian.Uint64(raw[i+8:])
	if err := t.span(start, end); err != nil {
		return nil, err
	}
	if end == start {
		return nil, nil
	}
	n := int(end - start)
	if cap(buf) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	if _, err := t.f.ReadAt(buf, int64(start)); err != nil {
		return nil, err
	}
	return checkBucket(int(b), buf)
}

// directory reads the whole directory.
func (t *tableFile) directory() ([]uint64, error) {
	raw := make([]byte, dirGroupSize)
	dir := make([]uint64, 0, tableBuckets+1)
	for g := range tableBuckets / dirGroup {
		if err := t.group(g, raw); err != nil {
			return nil, err
		}
		if g > 0 && binary.BigEndian.Uint64(raw) != dir[len(dir)-1] {
			return nil, fmt.Errorf("%w: the directory's groups %d and %d disagree", errBadTable, g-1, g)
		}
		if g > 0 {
			dir = dir[:len(dir)-1] // the group's first offset is the last one's last
		}
		for i := range dirGroup + 1 {
			dir = append(dir, binary.BigEndian.Uint64(raw[8*i:]))
		}
	}
	for b := range tableBuckets {
		if err := t.span(dir[b], dir[b+1]); err != nil {
			return nil, err
		}
	}
	return dir, nil
}

// each calls fn with every non-empty bucket in bucket order; v is valid during the call.
func (t *tableFile) each(fn func(bucket uint16, v []byte) error) error {
	dir, err := t.directory()
	if err != nil {
		return err
	}
	r := bufio.NewReaderSize(io.NewSectionReader(t.f, int64(dir[0]), int64(dir[tableBuckets]-dir[0])), 1<<20)
	var v []byte
	for b := range tableBuckets {
		n := int(dir[b+1] - dir[b])
		if n == 0 {
			continue
		}
		if cap(v) < n {
			v = make([]byte, n)
		}
		v = v[:n]
		if _, err := io.ReadFull(r, v); err != nil {
			return err
		}
		enc, err := checkBucket(b, v)
		if err != nil {
			return err
		}
		if err := fn(uint16(b), enc); err != nil {
			return err
		}
	}
	return nil
}

// stats returns the bytes of the buckets and the number of non-empty ones.
func (t *tableFile) stats() (bytes int64, buckets int, err error) {
	dir, err := t.directory()
	if err != nil {
		return 0, 0, err
	}
	for b := range tableBuckets {
		if dir[b+1] > dir[b] {
			buckets++
		}
	}
	return int64(dir[tableBuckets] - dir[0]), buckets, nil
}
