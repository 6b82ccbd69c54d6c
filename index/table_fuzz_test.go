package index

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// tableFileBytes lays out a table file as tableWriter writes it (TestTableBytesAsWritten checks
// that they agree), in memory: FuzzTableFile builds one for each input.
func tableFileBytes(dst []byte, buckets map[uint16][]byte) []byte {
	keys := slices.Sorted(maps.Keys(buckets))
	dst = append(dst[:0], tableMagic...)
	dir := make([]uint64, tableBuckets+1)
	next := 0 // the first bucket whose start is not set
	for _, b := range keys {
		for ; next <= int(b); next++ {
			dir[next] = uint64(len(dst))
		}
		v := buckets[b]
		dst = append(dst, v...)
		dst = binary.BigEndian.AppendUint32(dst, crc32.Checksum(v, castagnoli))
	}
	for ; next <= tableBuckets; next++ {
		dir[next] = uint64(len(dst))
	}
	at := len(dst)
	for g := 0; g < tableBuckets; g += dirGroup {
		from := len(dst)
		for _, o := range dir[g : g+dirGroup+1] {
			dst = binary.BigEndian.AppendUint64(dst, o)
		}
		dst = binary.BigEndian.AppendUint32(dst, crc32.Checksum(dst[from:], castagnoli))
	}
	dst = binary.BigEndian.AppendUint64(dst, uint64(at))
	return append(dst, tableMagic...)
}

// resealDirectory recomputes the directory groups' checksums of table data whose
// directory starts at dirAt, so that edited offsets reach the checks behind them.
func resealDirectory(data []byte, dirAt int) {
	for g := 0; g < tableBuckets/dirGroup; g++ {
		at := dirAt + g*dirGroupSize
		if at+dirGroupSize > len(data) {
			return
		}
		binary.BigEndian.PutUint32(data[at+dirGroupSize-4:], crc32.Checksum(data[at:at+dirGroupSize-4], castagnoli))
	}
}

func TestTableBytesAsWritten(t *testing.T) {
	buckets := map[uint16][]byte{0: []byte("first"), 7: []byte("seventh"), 64: {1}, 65535: []byte("last")}
	written, err := os.ReadFile(filepath.Join(writeTable(t, buckets), tableName))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(tableFileBytes(nil, buckets), written) {
		t.Fatal("tableFileBytes and tableWriter lay out the table differently")
	}
}

// fuzzBuckets reads spec as buckets: records of a bucket step (the bucket after the last
// one plus this byte), a length and that many bytes (fewer at the end).
func fuzzBuckets(spec []byte) map[uint16][]byte {
	buckets := map[uint16][]byte{}
	b := -1
	for len(spec) >= 2 {
		b += 1 + int(spec[0])
		n := min(int(spec[1]), len(spec)-2)
		if b >= tableBuckets {
			break
		}
		buckets[uint16(b)] = spec[2 : 2+n]
		spec = spec[2+n:]
	}
	return buckets
}

// Table files: opening and reading one fails cleanly or works, and an undamaged one gives
// back its buckets. The input describes a table (spec: its buckets, fuzzBuckets) and damage
// to it (edits: records of an op, a place and a value) rather than being the file's bytes:
// a table file is at least its 536 KB directory, and the fuzzer, minimising inputs of that
// size, ran 3-15 inputs a minute.
func FuzzTableFile(f *testing.F) {
	f.Add([]byte{1, 6, 0x01, 0x01, 3, 2, 2, 0xaa, 0, 2, 'x', 'y'}, []byte{}, uint16(1))
	f.Add([]byte{200, 3, 'a', 'b', 'c', 0, 1, 'd'}, []byte{1, 0x06, 0x4f, 0x7f, 4, 0, 0, 0}, uint16(201))
	f.Add([]byte{0, 1, 'a'}, []byte{2, 0, 3, 1}, uint16(0))
	f.Add([]byte{}, []byte{3, 0, 1, 0}, uint16(7))
	var data []byte
	f.Fuzz(func(t *testing.T, spec, edits []byte, b uint16) {
		if len(spec) > 1024 || len(edits) > 64 {
			return
		}
		buckets := fuzzBuckets(spec)
		data = tableFileBytes(data, buckets)
		dirAt := len(data) - tableFooter - tableDirSize
		damaged, reseal := len(edits) >= 4, false
		for ; len(edits) >= 4 && len(data) > 0; edits = edits[4:] {
			op, at, v := edits[0], int(binary.BigEndian.Uint16(edits[1:])), edits[3]
			switch op & 3 {
			case 0: // the header and the buckets
				data[at%min(dirAt, len(data))] = v
			case 1: // the directory's first groups, or with op&8 anywhere in it
				n := 32 * dirGroupSize
				if op&8 != 0 {
					n = tableDirSize
				}
				if i := dirAt + (at*(1+int(v>>7)))%n; i < len(data) {
					data[i] = v
				}
			case 2: // the footer
				data[max(len(data)-tableFooter, 0)+at%min(tableFooter, len(data))] ^= v | 1
			case 3: // cut
				data = data[:len(data)-1-at%len(data)]
			}
			reseal = reseal || op&4 != 0
		}
		if reseal {
			resealDirectory(data, dirAt)
		}
		tf, err := checkTable(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			if !damaged {
				t.Fatalf("an undamaged table is refused: %v", err)
			}
			return
		}
		v, err := tf.bucket(b, nil)
		if !damaged && (err != nil || !bytes.Equal(v, buckets[b])) {
			t.Fatalf("bucket %d of an undamaged table: %q (%v), want %q", b, v, err, buckets[b])
		}
		if err == nil && len(v) > 0 {
			br, err := newBucketReader(b, v)
			for err == nil {
				if _, _, ok := br.next(nil); !ok {
					break
				}
			}
		}
		// each gives the bytes bucket gives, for every bucket it lists
		seen := 0
		err = tf.each(func(e uint16, ev []byte) error {
			seen++
			got, err := tf.bucket(e, nil)
			if err != nil || !bytes.Equal(got, ev) {
				t.Fatalf("bucket %d: each gives %q, bucket %q (%v)", e, ev, got, err)
			}
			if !damaged && !bytes.Equal(ev, buckets[e]) {
				t.Fatalf("bucket %d of an undamaged table: %q, want %q", e, ev, buckets[e])
			}
			return nil
		})
		if !damaged && (err != nil || seen != len(buckets)) {
			t.Fatalf("undamaged table: each %v (%d buckets), want %d buckets", err, seen, len(buckets))
		}
		if err == nil { // stats reads the directory as each did: a second read only when it is whole
			if _, n, err := tf.stats(); err != nil || n != seen {
				t.Fatalf("stats: %d buckets (%v), each gave %d", n, err, seen)
			}
		}
	})
}
