package index

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTable writes buckets (by number) with tableWriter into a new directory.
func writeTable(t testing.TB, buckets map[uint16][]byte) string {
	t.Helper()
	dir := t.TempDir()
	w, err := createTable(dir)
	if err != nil {
		t.Fatal(err)
	}
	for b := range tableBuckets {
		if v, ok := buckets[uint16(b)]; ok {
			if err := w.add(uint16(b), v); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestTableFileRoundTrip(t *testing.T) {
	buckets := map[uint16][]byte{0: []byte("first"), 7: []byte("seventh bucket"), 8: {1}, 65535: []byte("last")}
	dir := writeTable(t, buckets)
	st, err := os.Stat(filepath.Join(dir, tableName))
	if err != nil {
		t.Fatal(err)
	}
	// magic, 5+14+1+4 bytes of buckets and their CRCs, the directory, the footer
	if want := int64(8 + 24 + 4*4 + 1024*(65*8+4) + 16); st.Size() != want {
		t.Errorf("file of %d bytes, want %d", st.Size(), want)
	}
	tf, err := openTable(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tf.close()
	for _, b := range []uint16{0, 1, 6, 7, 8, 9, 1000, 65534, 65535} {
		v, err := tf.bucket(b, nil)
		if err != nil || !bytes.Equal(v, buckets[b]) {
			t.Errorf("bucket %d: %q %v, want %q", b, v, err, buckets[b])
		}
	}
	var seen []uint16
	err = tf.each(func(b uint16, v []byte) error {
		seen = append(seen, b)
		if !bytes.Equal(v, buckets[b]) {
			t.Errorf("each: bucket %d: %q, want %q", b, v, buckets[b])
		}
		return nil
	})
	if err != nil || len(seen) != 4 || seen[0] != 0 || seen[1] != 7 || seen[2] != 8 || seen[3] != 65535 {
		t.Errorf("each visited %v (%v)", seen, err)
	}
	if n, k, err := tf.stats(); n != 24+4*4 || k != 4 || err != nil {
		t.Errorf("stats: %d bytes, %d buckets, %v", n, k, err)
	}

	// buckets out of order are refused
	w, err := createTable(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer w.abort()
	if err := w.add(5, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := w.add(5, []byte("y")); err == nil {
		t.Error("bucket 5 written twice")
	}
}

// A damaged or cut table file is an error naming the table, never a panic or a read
// beyond the buckets.
func TestTableFileDamage(t *testing.T) {
	dir := writeTable(t, map[uint16][]byte{3: []byte("abc"), 4: []byte("defg")})
	name := filepath.Join(dir, tableName)
	good, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	dirAt := len(good) - tableFooter - tableDirSize
	damage := map[string]func([]byte) []byte{
		"cut by one byte":  func(b []byte) []byte { return b[:len(b)-1] },
		"only the buckets": func(b []byte) []byte { return b[:dirAt] },
		"empty":            func(b []byte) []byte { return nil },
		"bad magic":        func(b []byte) []byte { b[0] ^= 1; return b },
		"bad footer":       func(b []byte) []byte { b[len(b)-9] ^= 1; return b },
		"bucket beyond the directory": func(b []byte) []byte {
			b[dirAt+8*4+6] = 0xff // bucket 4 starts far out
			return b
		},
		"a bucket's byte":            func(b []byte) []byte { b[16] ^= 1; return b },
		"a bucket's CRC":             func(b []byte) []byte { b[21] ^= 1; return b },
		"the directory's CRC":        func(b []byte) []byte { b[dirAt+dirGroupSize-1] ^= 1; return b },
		"the directory's last group": func(b []byte) []byte { b[dirAt+tableDirSize-5] ^= 1; return b },
		"bucket ending before it starts": func(b []byte) []byte {
			b[dirAt+8*5+7] = 9 // bucket 4 ends at 9, before its start at 11
			return b
		},
	}
	for what, f := range damage {
		b := f(bytes.Clone(good))
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
		tf, err := openTable(dir)
		if err == nil {
			_, err = tf.bucket(4, nil)
			if err == nil {
				err = tf.each(func(uint16, []byte) error { return nil })
			}
			tf.close()
		}
		if !errors.Is(err, errBadTable) {
			t.Errorf("%s: %v, want %v", what, err, errBadTable)
		}
	}
}

// An index whose table file is missing or damaged is refused with a message to rebuild.
func TestIndexWithoutItsTableFile(t *testing.T) {
	dir := buildIndex(t, "../testdata/query/games.pgn").Dir
	name := filepath.Join(dir, tableName)
	if err := os.Truncate(name, 100); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "rebuild") {
		t.Errorf("cut table: %v", err)
	}
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "rebuild") {
		t.Errorf("no table: %v", err)
	}
	// and an index built without the table does not look for one
	np := filepath.Join(t.TempDir(), "np")
	if _, err := Build(context.Background(), np, []string{"../testdata/query/games.pgn"}, BuildOptions{NoPositions: true}); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(np)
	if err != nil {
		t.Fatal(err)
	}
	ix.Close()
}
