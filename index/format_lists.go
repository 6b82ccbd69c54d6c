package index

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"unsafe"

	"github.com/RoaringBitmap/roaring/v2"
)

// Posting list values. Most lists are neither sparse enough for roaring's arrays nor dense
// enough for its runs: a square a piece type stood on in a tenth of the games costs roaring
// a bit per game, where coding the gaps between game ids (Rice codes, near the entropy of
// such a list) costs about half a bit. So a list is stored in whichever of the two codings
// is smaller, named by the value's first byte:
//
//	listRoaring: a serialized roaring bitmap follows
//	listGaps:    uvarint universe, uvarint count, Rice parameter k, then the Rice-coded gaps
//	             between the count ids of the list (the first gap counted from -1)
//	listGapsNot: the same, coding the ids below universe that are not in the list, for
//	             lists holding most games
//
// A gap g >= 1 is coded as (g-1)>>k in unary (that many 0 bits, then a 1 bit) followed by
// its k low bits; bits are packed from the least significant bit of each byte on.
const (
	listRoaring byte = 0
	listGaps    byte = 1
	listGapsNot byte = 2
)

// maxRiceK bounds the Rice parameter: gaps are below 2^32.
const maxRiceK = 31

// listEncoder encodes posting lists, reusing its buffers from list to list.
type listEncoder struct {
	ids []uint32
	out []byte
}

// encode returns the smallest value for bm, a list of ids below universe. The result is
// valid until the next call.
func (e *listEncoder) encode(bm *roaring.Bitmap, universe uint32) ([]byte, error) {
	bm.RunOptimize()
	card := bm.GetCardinality()
	rsize := bm.GetSerializedSizeInBytes()
	kind, set := listGaps, bm
	if card > uint64(universe)/2 {
		kind, set = listGapsNot, roaring.Flip(bm, 0, uint64(universe))
	}
	e.ids = e.ids[:0]
	it := set.ManyIterator()
	for {
		if cap(e.ids)-len(e.ids) < 1024 {
			e.ids = append(e.ids, make([]uint32, 1024)...)[:len(e.ids)]
		}
		n := it.NextMany(e.ids[len(e.ids):cap(e.ids)])
		if n == 0 {
			break
		}
		e.ids = e.ids[:len(e.ids)+n]
	}
	if len(e.ids) > 0 && e.ids[len(e.ids)-1] >= universe {
		return nil, fmt.Errorf("posting list holds game %d of %d", e.ids[len(e.ids)-1], universe)
	}
	k, gapBits := riceParameter(e.ids)
	header := 1 + binary.MaxVarintLen32*2 + 1
	if uint64(header)+(gapBits+7)/8 >= rsize+1 {
		out := append(e.out[:0], listRoaring)
		buf, err := bm.ToBytes()
		if err != nil {
			return nil, err
		}
		e.out = append(out, buf...)
		return e.out, nil
	}
	out := append(e.out[:0], kind)
	out = binary.AppendUvarint(out, uint64(universe))
	out = binary.AppendUvarint(out, uint64(len(e.ids)))
	out = append(out, byte(k))
	e.out = appendRice(out, e.ids, k)
	return e.out, nil
}

// riceParameter picks the Rice parameter that codes the gaps of ids (ascending) in the
// fewest bits, and that number of bits.
func riceParameter(ids []uint32) (k int, size uint64) {
	if len(ids) == 0 {
		return 0, 0
	}
	// For geometric gaps of mean m the best k is near log2(m * ln 2); try its neighbours.
	mean := (uint64(ids[len(ids)-1]) + 1) / uint64(len(ids))
	k0 := max(bits.Len64(mean*7/10)-1, 0)
	lo, hi := max(k0-1, 0), min(k0+1, maxRiceK)
	var sums [3]uint64 // the third is unused when hi-lo is 1
	prev := int64(-1)
	s0, s1, s2 := uint(lo), uint(lo+1), uint(lo+2)
	for _, id := range ids {
		v := uint64(int64(id) - prev - 1)
		prev = int64(id)
		sums[0] += v >> s0
		sums[1] += v >> s1
		sums[2] += v >> s2
	}
	size = ^uint64(0)
	for j := 0; j <= hi-lo; j++ {
		s := sums[j] + uint64(len(ids))*uint64(lo+j+1)
		if s < size {
			k, size = lo+j, s
		}
	}
	return k, size
}

// appendRice appends the Rice codes of the gaps of ids with parameter k.
func appendRice(out []byte, ids []uint32, k int) []byte {
	var acc uint64                  // bits not yet written, from bit 0
	var n uint                      // how many
	put := func(v uint64, w uint) { // w <= 32, and n < 32 before: the bits fit
		acc |= v << n
		n += w
		if n >= 32 {
			out = binary.LittleEndian.AppendUint32(out, uint32(acc))
			acc >>= 32
			n -= 32
		}
	}
	low := uint64(1)<<uint(k) - 1
	prev := int64(-1)
	for _, id := range ids {
		v := uint64(int64(id) - prev - 1)
		prev = int64(id)
		for q := v >> uint(k); ; q -= 32 {
			if q < 32 {
				put(1<<q, uint(q)+1) // q zeros, then a one
				break
			}
			put(0, 32)
		}
		put(v&low, uint(k))
	}
	for ; n > 0; n -= min(n, 8) {
		out = append(out, byte(acc))
		acc >>= 8
	}
	return out
}

var errBadList = errors.New("bad posting list")

// decodeList reads a posting list value written by listEncoder.encode for an index of
// games games. The bitmap does not refer to v.
func decodeList(v []byte, games int) (*roaring.Bitmap, error) {
	if len(v) == 0 {
		return nil, errBadList
	}
	kind, v := v[0], v[1:]
	if kind == listRoaring {
		// FromUnsafeBytes reads the containers in place, as []uint16 and []uint64: v
		// (after the kind byte, in Badger's table) is not aligned for them (checkptr,
		// on under -race, stops the program there), so it reads an 8-aligned copy,
		// which the bitmap then keeps.
		words := make([]uint64, len(v)/8+1)
		buf := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(words)*8)[:len(v)]
		copy(buf, v)
		bm := roaring.New()
		if _, err := bm.FromUnsafeBytes(buf); err != nil {
			return nil, fmt.Errorf("%w: %w", errBadList, err)
		}
		return bm, nil
	}
	if kind != listGaps && kind != listGapsNot {
		return nil, fmt.Errorf("%w: encoding %d", errBadList, kind)
	}
	universe, n := binary.Uvarint(v)
	if n <= 0 || universe > uint64(games) {
		return nil, errBadList
	}
	v = v[n:]
	count, n := binary.Uvarint(v)
	if n <= 0 || count > universe || len(v) < n+1 {
		return nil, errBadList
	}
	k := uint(v[n])
	v = v[n+1:]
	if k > maxRiceK {
		return nil, errBadList
	}
	if count*uint64(k+1) > 8*uint64(len(v)) {
		return nil, errBadList // every gap takes k+1 bits at least
	}
	ids := make([]uint32, count)
	if err := riceDecode(v, ids, k, universe); err != nil {
		return nil, err
	}
	if kind == listGaps && count < universe/32 {
		bm := roaring.New()
		bm.AddMany(ids)
		return bm, nil
	}
	words := make([]uint64, (universe+63)/64)
	for _, id := range ids {
		words[id>>6] |= 1 << (id & 63)
	}
	if kind == listGapsNot {
		for i := range words {
			words[i] = ^words[i]
		}
		if r := universe % 64; r != 0 {
			words[len(words)-1] &= 1<<r - 1
		}
	}
	return roaring.FromDense(words, false), nil
}

// riceDecode reads into ids the ids whose gaps src codes with parameter k; every id must
// be below universe.
func riceDecode(src []byte, ids []uint32, k uint, universe uint64) error {
	var acc uint64 // unread bits, from bit 0
	var n uint     // how many
	pos := 0
	refill := func() {
		for n <= 56 && pos < len(src) {
			acc |= uint64(src[pos]) << n
			pos++
			n += 8
		}
	}
	id := int64(-1)
	for i := range ids {
		var q uint64
		for {
			refill()
			if acc != 0 { // then its lowest one bit is below n
				z := uint(bits.TrailingZeros64(acc))
				q += uint64(z)
				acc >>= z + 1
				n -= z + 1
				break
			}
			if n == 0 {
				return errBadList
			}
			q += uint64(n)
			n = 0
		}
		if k > 0 {
			refill()
			if n < k {
				return errBadList
			}
			q = q<<k | acc&(1<<k-1)
			acc >>= k
			n -= k
		}
		id += int64(q) + 1
		if uint64(id) >= universe {
			return errBadList
		}
		ids[i] = uint32(id)
	}
	return nil
}
