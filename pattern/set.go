package pattern

import "math/bits"

// MaxWords is the number of 64-bit words of a Set: 6 words hold 384 squares, enough for a 19x19
// Go board (361), a 15x15 Ludo board (225) and anything up to 19x20.
const MaxWords = 6

// MaxSquares is the largest number of cells a Geometry may have.
const MaxSquares = MaxWords * 64

// Set is a set of squares of a board of any size: bit i is square i (see Geometry.Square). It is a
// value type: copying a Set copies the squares. Boards of at most 64 cells use only word 0, and the
// evaluators have a separate single-word path for them (AllWord, EndsWord).
type Set [MaxWords]uint64

// SetOf returns the set of the given squares.
func SetOf(squares ...int) Set {
	var s Set
	for _, sq := range squares {
		s.Add(sq)
	}
	return s
}

// Has reports whether sq is in the set.
func (s Set) Has(sq int) bool { return sq >= 0 && sq < MaxSquares && s[sq>>6]&(1<<(uint(sq)&63)) != 0 }

// Add puts sq in the set.
func (s *Set) Add(sq int) { s[sq>>6] |= 1 << (uint(sq) & 63) }

// Remove takes sq out of the set.
func (s *Set) Remove(sq int) { s[sq>>6] &^= 1 << (uint(sq) & 63) }

// IsEmpty reports whether the set has no square.
func (s Set) IsEmpty() bool {
	return s[0]|s[1]|s[2]|s[3]|s[4]|s[5] == 0
}

// Count is the number of squares in the set.
// Written out for the 6 words (as IsEmpty is): the loop cost about twice the instructions, and
// Go's eye-space analysis counts sets per string and per space.
func (s Set) Count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) +
		bits.OnesCount64(s[3]) + bits.OnesCount64(s[4]) + bits.OnesCount64(s[5])
}

// And is the intersection of s and t.
func (s Set) And(t Set) Set {
	for i := range s {
		s[i] &= t[i]
	}
	return s
}

// Or is the union of s and t.
func (s Set) Or(t Set) Set {
	for i := range s {
		s[i] |= t[i]
	}
	return s
}

// AndNot is s minus t.
func (s Set) AndNot(t Set) Set {
	for i := range s {
		s[i] &^= t[i]
	}
	return s
}

// Squares appends the squares of s to dst in increasing order and returns it.
func (s Set) Squares(dst []int) []int {
	for i, w := range s {
		for w != 0 {
			dst = append(dst, i*64+bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
	return dst
}

// Word returns a set of a board of at most 64 cells as one word.
func (s Set) Word() uint64 { return s[0] }

// WordSet is the Set holding the squares of one word.
func WordSet(w uint64) Set { return Set{w} }

// Shift moves every square of s by k cells: toward higher indices when k > 0, lower when k < 0.
// Squares pushed beyond either end vanish. It knows nothing of board edges: see Geometry.Step.
func (s Set) Shift(k int) Set {
	if k >= 0 {
		return s.shl(uint(k)>>6, uint(k)&63)
	}
	k = -k
	return s.shr(uint(k)>>6, uint(k)&63)
}

func (s Set) shl(ws, bs uint) Set {
	var r Set
	if ws >= MaxWords {
		return r
	}
	if bs == 0 {
		for i := MaxWords - 1; i >= int(ws); i-- {
			r[i] = s[i-int(ws)]
		}
		return r
	}
	for i := MaxWords - 1; i > int(ws); i-- {
		r[i] = s[i-int(ws)]<<bs | s[i-int(ws)-1]>>(64-bs)
	}
	r[ws] = s[0] << bs
	return r
}

func (s Set) shr(ws, bs uint) Set {
	var r Set
	if ws >= MaxWords {
		return r
	}
	last := MaxWords - 1 - int(ws)
	if bs == 0 {
		for i := 0; i <= last; i++ {
			r[i] = s[i+int(ws)]
		}
		return r
	}
	for i := 0; i < last; i++ {
		r[i] = s[i+int(ws)]>>bs | s[i+int(ws)+1]<<(64-bs)
	}
	r[last] = s[MaxWords-1] >> bs
	return r
}
