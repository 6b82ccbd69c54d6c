package index

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
)

// TestListCodingRoundTrip encodes lists of every shape (empty, one id, sparse, dense, nearly
// all, runs, ids at the universe's ends) and checks that decoding gives the same ids, and
// that the chosen coding is the smallest the encoder knows.
func TestListCodingRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 14))
	type tc struct {
		name     string
		universe uint32
		bm       *roaring.Bitmap
	}
	var cases []tc
	add := func(name string, universe uint32, ids ...uint32) {
		cases = append(cases, tc{name, universe, roaring.BitmapOf(ids...)})
	}
	add("empty", 100)
	add("first", 1, 0)
	add("last", 1000, 999)
	add("ends", 1<<20, 0, 1<<20-1)
	add("huge gap", 1<<31, 5, 1<<31-1)
	for _, p := range []float64{0.0001, 0.003, 0.05, 0.2, 0.5, 0.8, 0.97, 0.9999, 1} {
		for _, universe := range []uint32{1, 63, 64, 65, 5000, 70000, 300001} {
			bm := roaring.New()
			for id := uint32(0); id < universe; id++ {
				if r.Float64() < p {
					bm.Add(id)
				}
			}
			cases = append(cases, tc{"random", universe, bm})
		}
	}
	runs := roaring.New()
	runs.AddRange(1000, 90000)
	runs.AddRange(200000, 200100)
	cases = append(cases, tc{"runs", 300000, runs})

	var enc listEncoder
	for _, c := range cases {
		want := c.bm.Clone()
		v, err := enc.encode(c.bm, c.universe)
		if err != nil {
			t.Fatalf("%s/%d: %v", c.name, c.universe, err)
		}
		got, err := decodeList(v, int(c.universe))
		if err != nil {
			t.Fatalf("%s/%d (%d ids, coding %d): %v", c.name, c.universe, want.GetCardinality(), v[0], err)
		}
		if !got.Equals(want) {
			t.Fatalf("%s/%d (coding %d): decoded %d ids, want %d", c.name, c.universe, v[0], got.GetCardinality(), want.GetCardinality())
		}
		want.RunOptimize()
		if v[0] != listRoaring && uint64(len(v)) > 1+want.GetSerializedSizeInBytes() {
			t.Errorf("%s/%d: gap coding %d bytes, roaring %d", c.name, c.universe, len(v), want.GetSerializedSizeInBytes())
		}
	}
}

// TestListCodingSize checks the point of the gap coding on a list where a tenth of the
// games are in at random: the entropy is 0.469 bits a game (H(0.1)); roaring spends one
// bit (its bitmap containers), Rice codes must come within 5% of the entropy.
func TestListCodingSize(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 14))
	const universe = 400000
	bm := roaring.New()
	for id := uint32(0); id < universe; id++ {
		if r.Float64() < 0.1 {
			bm.Add(id)
		}
	}
	var enc listEncoder
	v, err := enc.encode(bm, universe)
	if err != nil {
		t.Fatal(err)
	}
	if v[0] != listGaps {
		t.Fatalf("coding %d, want gaps", v[0])
	}
	if bitsPerGame := float64(8*len(v)) / universe; bitsPerGame > 0.469*1.05 {
		t.Errorf("%.3f bits a game, entropy 0.469", bitsPerGame)
	}
}

// TestListCodingBad checks that damaged values give an error, never a panic.
func TestListCodingBad(t *testing.T) {
	for _, v := range [][]byte{
		nil,
		{9},
		{listGaps},
		{listGaps, 10},
		{listGaps, 10, 3, 0},          // three ids, no bits
		{listGaps, 10, 1, 0, 0, 0},    // a unary code that never ends
		{listGaps, 4, 1, 0, 0b1000},   // id 3 of 4: fine
		{listGaps, 4, 1, 0, 0b10000},  // id 4 of 4
		{listGapsNot, 4, 1, 40, 0xff}, // k too large
		{listRoaring, 1, 2, 3},        // not a roaring bitmap
		{listGaps, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, // universe too large
	} {
		_, err := decodeList(v, 1000)
		if err != nil && !errors.Is(err, errBadList) {
			t.Errorf("%v: %v does not wrap errBadList", v, err)
		}
	}
	if bm, err := decodeList([]byte{listGaps, 4, 1, 0, 0b1000}, 4); err != nil || !bm.Equals(roaring.BitmapOf(3)) {
		t.Errorf("id 3 of 4: %v %v", bm, err)
	}
	if _, err := decodeList([]byte{listGaps, 4, 1, 0, 0b10000}, 4); err == nil {
		t.Error("id 4 of a universe of 4 accepted")
	}
}

// FuzzDecodeList: no value makes decodeList panic, and what it accepts re-encodes to the
// same ids.
func FuzzDecodeList(f *testing.F) {
	var enc listEncoder
	for _, ids := range [][]uint32{{}, {0}, {1, 5, 9}, {0, 1, 2, 3, 4, 5, 6, 7}} {
		v, _ := enc.encode(roaring.BitmapOf(ids...), 10)
		f.Add(append([]byte(nil), v...))
	}
	f.Fuzz(func(t *testing.T, v []byte) {
		if len(v) > 1 && v[0] != listRoaring {
			bm, err := decodeList(v, 1<<20)
			if err != nil {
				return
			}
			universe := uint32(1)
			if !bm.IsEmpty() {
				universe = bm.Maximum() + 1
			}
			w, err := enc.encode(bm.Clone(), universe)
			if err != nil {
				t.Fatal(err)
			}
			back, err := decodeList(w, 1<<20)
			if err != nil || !back.Equals(bm) {
				t.Fatalf("re-encoded %v: %v %v", bm, back, err)
			}
		}
	})
}

// TestListCodingLongCodes codes gaps whose unary part and low bits are both long (a
// quotient of 31 and k up to 31), where a writer that packs a whole code at once into the
// bits left over from the codes before would overflow its 64-bit buffer.
func TestListCodingLongCodes(t *testing.T) {
	for _, k := range []int{5, 17, 20, 25, 26} {
		var ids []uint32
		for id, step := uint64(0), uint64(31)<<k|(1<<k-1)+1; id < 1<<32; id += step - uint64(len(ids)%3) {
			ids = append(ids, uint32(id))
		}
		v := appendRice(nil, ids, k)
		got := make([]uint32, len(ids))
		if err := riceDecode(v, got, uint(k), 1<<32); err != nil {
			t.Fatalf("k %d: %v", k, err)
		}
		for i := range ids {
			if got[i] != ids[i] {
				t.Fatalf("k %d: id %d decoded as %d", k, ids[i], got[i])
			}
		}
	}
}
