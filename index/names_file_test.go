package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeNames writes a names file of the given entries and strings into a new directory.
func writeNames(t testing.TB, entries []byte, strs ...string) string {
	dir := t.TempDir()
	w, err := createNames(dir)
	if err != nil {
		t.Fatal(err)
	}
	// in two pieces, as a build adds an index's entries and then each game's
	half := len(entries) / namesWidth / 2 * namesWidth
	if err := w.add(entries[:half]); err != nil {
		t.Fatal(err)
	}
	if err := w.add(entries[half:]); err != nil {
		t.Fatal(err)
	}
	if err := w.close(strs); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A names file reads back its entries, game by game; past the last game there is none.
func TestNamesFileRoundTrip(t *testing.T) {
	const games = 300
	var entries []byte
	for g := range games {
		for k := range 3 {
			entries = binary.BigEndian.AppendUint32(entries, uint32(g*3+k))
		}
	}
	strs := []string{"", "Müller, Jürgen", "", "李", strings.Repeat("x", 300), "1999.??.??"}
	dir := writeNames(t, entries, strs...)
	n, err := openNames(dir, games)
	if err != nil {
		t.Fatal(err)
	}
	defer n.close()
	sv, err := n.stringView(true)
	if err != nil {
		t.Fatal(err)
	}
	// Without its data (find's formatter), the padded bytes are the mapping's, and padCopy
	// of them can be read past the last string.
	pad, err := n.stringView(false)
	if err != nil {
		t.Fatal(err)
	}
	if pad.data != "" || len(pad.padded) < int(pad.offs[len(pad.offs)-1])+padCopy {
		t.Errorf("view without data: data %q, %d padded bytes for strings ending at %d", pad.data, len(pad.padded), pad.offs[len(pad.offs)-1])
	}
	for i, want := range strs {
		dst := make([]byte, len(want)+padCopy)
		if got := string(dst[:putPadded(dst, 0, pad.padded, pad.offs[2*i], pad.offs[2*i+1])]); got != want {
			t.Errorf("string %d put from the mapping = %q, want %q", i, got, want)
		}
		if got, err := sv.get(uint32(i)); got != want || err != nil {
			t.Errorf("string %d = %q (%v), want %q", i, got, err, want)
		}
		if got := string(sv.padded[sv.offs[2*i]:sv.offs[2*i+1]]); got != want {
			t.Errorf("padded string %d = %q, want %q", i, got, want)
		}
	}
	if _, err := sv.get(uint32(len(strs))); err == nil {
		t.Errorf("string %d of %d read", len(strs), len(strs))
	}
	for g := range uint32(games) {
		e := n.entry(g)
		if len(e) != namesWidth || binary.BigEndian.Uint32(e) != g*3 || binary.BigEndian.Uint32(e[8:]) != g*3+2 {
			t.Fatalf("game %d: entry %x", g, e)
		}
	}
	if e := n.entry(games); e != nil {
		t.Errorf("entry past the last game: %x", e)
	}
	if e := n.entry(1<<32 - 1); e != nil {
		t.Errorf("entry of game 2^32-1: %x", e)
	}
	if err := (&namesWriter{name: "x"}).add(make([]byte, 5)); err == nil {
		t.Error("5 bytes added as entries")
	}
}

// A names file of another length, or with a damaged header or footer, or of another
// number of games than the index, is refused.
func TestNamesFileDamage(t *testing.T) {
	entries := bytes.Repeat([]byte{0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0}, 10)
	dir := writeNames(t, entries, "", "ab", "cde")
	// 8 + 120 bytes of entries, 12 of ends, 5 of data, 4 of block CRC, 40 of footer
	name := filepath.Join(dir, namesName)
	good, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	for what, c := range map[string]struct {
		games int
		f     func([]byte) []byte
	}{
		"cut":                {10, func(b []byte) []byte { return b[:len(b)-1] }},
		"longer":             {10, func(b []byte) []byte { return append(b, 0) }},
		"empty":              {0, func(b []byte) []byte { return nil }},
		"bad header":         {10, func(b []byte) []byte { b[0] ^= 1; return b }},
		"bad footer":         {10, func(b []byte) []byte { b[len(b)-1] ^= 1; return b }},
		"count not the meta": {10, func(b []byte) []byte { b[len(b)-33] ^= 1; return b }},
		"more strings":       {10, func(b []byte) []byte { b[len(b)-25] ^= 1; return b }},
		"more data":          {10, func(b []byte) []byte { b[len(b)-17] ^= 1; return b }},
		"strings past the end": {10, func(b []byte) []byte {
			b[len(b)-44-5-1] = 9 // the last string ends at 9, of 5 bytes
			return b
		}},
		"a string ending before it starts": {10, func(b []byte) []byte {
			b[len(b)-44-5-5] = 4 // "ab" ends at 4, "cde" at 3
			b[len(b)-44-5-1] = 3
			return b
		}},
		"a string's byte":  {10, func(b []byte) []byte { b[len(b)-44-2] ^= 1; return b }},
		"a string's end":   {10, func(b []byte) []byte { b[len(b)-44-5-4-1] ^= 1; return b }},
		"the block CRC":    {10, func(b []byte) []byte { b[len(b)-44] ^= 1; return b }},
		"the strings' CRC": {10, func(b []byte) []byte { b[len(b)-16] ^= 1; return b }},
		"an entry":         {10, func(b []byte) []byte { b[8+5*namesWidth+3] ^= 1; return b }},
		"fewer games":      {9, func(b []byte) []byte { return b }},
		"more games":       {11, func(b []byte) []byte { return b }},
		"negative games":   {-1, func(b []byte) []byte { return b }},
	} {
		if err := os.WriteFile(name, c.f(bytes.Clone(good)), 0o644); err != nil {
			t.Fatal(err)
		}
		n, err := openNames(dir, c.games)
		if err == nil {
			_, err = n.stringView(true)
			if err == nil {
				for g := range uint32(c.games) {
					if n.entry(g) == nil {
						err = n.entryErr(g)
						break
					}
				}
			}
			n.close()
		}
		if !errors.Is(err, errBadNames) {
			t.Errorf("%s: %v, want %v", what, err, errBadNames)
		}
	}
}

// An index whose names file is missing or damaged is refused with a message to rebuild;
// one built without the table has no names file and does not look for one.
func TestIndexWithoutItsNamesFile(t *testing.T) {
	dir := buildIndex(t, "../testdata/query/games.pgn").Dir
	name := filepath.Join(dir, namesName)
	if err := os.Truncate(name, 20); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "rebuild") {
		t.Errorf("cut names file: %v", err)
	}
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "rebuild") {
		t.Errorf("no names file: %v", err)
	}
	np := filepath.Join(t.TempDir(), "np")
	if _, err := Build(context.Background(), np, []string{"../testdata/query/games.pgn"}, BuildOptions{NoPositions: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(np, namesName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a build without the table wrote %s (%v)", namesName, err)
	}
}

// Any bytes as a names file: checking it fails cleanly or gives entries that read.
func FuzzNamesFile(f *testing.F) {
	seed, err := os.ReadFile(filepath.Join(writeNames(f, make([]byte, 3*namesWidth), "", "ab", "c"), namesName))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed, 3)
	f.Add([]byte(namesMagic), 0)
	f.Fuzz(func(t *testing.T, data []byte, games int) {
		n, err := checkNames(data, games)
		if err != nil {
			return
		}
		for g := range uint32(games) + 1 {
			// A game's entry is missing only past the last game or where its block fails
			// its checksum, and then entryErr says why.
			e := n.entry(g)
			if e == nil && g < uint32(games) && n.entryErr(g) == nil {
				t.Fatalf("game %d of %d: no entry and no error", g, games)
			}
			if g == uint32(games) && e != nil || e != nil && len(e) != namesWidth {
				t.Fatalf("game %d of %d: entry %x", g, games, e)
			}
		}
		if sv, err := n.stringView(true); err == nil {
			for i := range uint32(len(sv.offs)/2) + 1 {
				sv.get(i)
			}
		}
		if sv, err := n.stringView(false); err == nil {
			for i := 0; i+1 < len(sv.offs); i += 2 {
				dst := make([]byte, int(sv.offs[i+1]-sv.offs[i])+padCopy)
				putPadded(dst, 0, sv.padded, sv.offs[i], sv.offs[i+1])
			}
		}
	})
}

// putPadded copies strings of every length from anywhere, as copy does.
func TestPutPadded(t *testing.T) {
	data := []byte(strings.Repeat("0123456789abcdefghijklmnopqrstuvwxyz", 3))
	src := append(bytes.Clone(data), make([]byte, padCopy)...)
	for from := 0; from <= len(data); from++ {
		for to := from; to <= len(data); to++ {
			dst := bytes.Repeat([]byte{'.'}, 3+len(data)+padCopy)
			end := putPadded(dst, 3, src, uint32(from), uint32(to))
			if got, want := string(dst[:end]), "..."+string(data[from:to]); got != want {
				t.Fatalf("putPadded(%d, %d) = %q, want %q", from, to, got, want)
			}
		}
	}
}
