package weiqi

import (
	"math/bits"

	"github.com/cqlgo/cql/pattern"
)

// Analysis is the string table of a position: which string each stone belongs to and the
// liberties of every string. It is scratch space for EyeSpaces and SimpleDead, reused between
// positions without allocating.
type Analysis struct {
	b     *Board
	rows  [3][MaxSize]uint64          // each colour's stones by row (bit f is file f)
	strs  [pattern.MaxSquares]wideSet // each string's stones
	libs  [pattern.MaxSquares]wideSet // and liberties
	nlibs [pattern.MaxSquares]int16   // liberty count of each string
	nstr  int
	stack [pattern.MaxSquares]int16

	// Analyze's runs (maximal horizontal runs of stones of one colour, numbered row by row):
	// union-find parents (a root is its string's first run) and then string ids, and the run
	// starting at each point
	parent [pattern.MaxSquares]int16
	runStr [pattern.MaxSquares]int16
	runAt  [pattern.MaxSquares]int16

	lively [3]pattern.Set // EyeSpaces' lively stones of each colour

	rd       *Reader     // the tactical reader of the position, made on first use
	region   pattern.Set // SetRegion's points (empty: the whole board)
	spaceOf  []int32     // halfAndFalse's eye space of each point (-1 none)
	nbrs     []int8      // its neighbours in the same space
	margNbrs []int8      // and those of them marginal
}

// rowBits is row r of s as a bit mask of its files.
func (g *Grid) rowBits(s *pattern.Set, r int) uint64 {
	at := g.rows[r]
	v := s[at.word] >> at.shift
	if at.spill {
		v |= s[at.word+1] << (64 - at.shift)
	}
	return v & g.rowMask
}

// wideSet is a pattern.Set with a word more, always zero, so that a row of points starting in the
// last word may be added without testing whether it crosses into the next.
type wideSet [pattern.MaxWords + 1]uint64

// set is w as a pattern.Set.
func (w *wideSet) set() pattern.Set { return pattern.Set(w[:pattern.MaxWords]) }

// orRow adds files m of the row starting at point off (m fits in the row: the last row's bits
// never reach the extra word).
func (w *wideSet) orRow(off int, m uint64) {
	sh := uint(off & 63)
	w[off>>6] |= m << sh
	w[off>>6+1] |= m >> 1 >> (63 - sh) // m >> (64-sh), 0 for sh 0, without a test for it
}

// color is the colour on p.
func (a *Analysis) color(p int) Color {
	w, bit := p>>6, uint64(1)<<(uint(p)&63)
	switch {
	case a.b.stones[Black][w]&bit != 0:
		return Black
	case a.b.stones[White][w]&bit != 0:
		return White
	}
	return Empty
}

// strOf is the string id of the stone of colour c on p: that of the run holding it, which starts
// after the last gap west of p in its row.
func (a *Analysis) strOf(p int, c Color) int16 {
	g := a.b.grid
	r := int(g.rank[p])
	base := r * g.size
	start := bits.Len64(^a.rows[c][r] & (1<<uint(p-base) - 1))
	return a.runStr[a.runAt[base+start]]
}

// Analyze builds the string table of a position from the horizontal runs of stones of each row:
// a run joins the runs of its colour it touches in the row below (union-find over runs, a few per
// row instead of one per stone), and a string's liberties are its runs' empty neighbours, found a
// row at a time.
func (a *Analysis) Analyze(b *Board) {
	a.b = b
	a.rd = nil
	a.region = pattern.Set{}
	g := b.grid
	size := g.size
	rows := &a.rows
	var empty [MaxSize + 2]uint64 // empty points by row + 1, none off the board
	for r := 0; r < size; r++ {
		rows[Black][r] = g.rowBits(&b.stones[Black], r)
		rows[White][r] = g.rowBits(&b.stones[White], r)
		empty[r+1] = g.rowMask &^ (rows[Black][r] | rows[White][r])
	}
	parent := &a.parent
	nruns := 0
	for r := 0; r < size; r++ {
		for c := Black; c <= White; c++ {
			below := uint64(0)
			if r > 0 {
				below = rows[c][r-1]
			}
			for x := rows[c][r]; x != 0; {
				m := x &^ (x + x&-x) // the lowest run
				x &^= m
				id := int16(nruns)
				nruns++
				parent[id] = id
				a.runAt[r*size+bits.TrailingZeros64(m)] = id
				// each run of stones both here and below lies in a different run below
				for ov := below & m; ov != 0; {
					ol := ov & -ov
					ov &^= ov &^ (ov + ol)
					// the run below starts after the last gap below ol; join the two trees
					// under the lower root
					start := bits.Len64(^below & (ol - 1))
					ry, rx := a.find(a.runAt[(r-1)*size+start]), a.find(id)
					if ry < rx {
						parent[rx] = ry
					} else if rx < ry {
						parent[ry] = rx
					}
				}
			}
		}
	}
	// the runs again in the same order: a run's parent is lower, so resolved already, and its
	// parent's parent is the root
	a.nstr = 0
	id := int16(0)
	for r := 0; r < size; r++ {
		off := r * size
		for c := Black; c <= White; c++ {
			for x := rows[c][r]; x != 0; id++ {
				m := x &^ (x + x&-x)
				x &^= m
				root := parent[parent[id]]
				parent[id] = root
				var sid int16
				if root == id {
					sid = int16(a.nstr)
					a.nstr++
					a.strs[sid], a.libs[sid] = wideSet{}, wideSet{}
				} else {
					sid = a.runStr[root]
				}
				a.runStr[id] = sid
				a.strs[sid].orRow(off, m)
				libs := &a.libs[sid]
				libs.orRow(off, (m<<1|m>>1)&empty[r+1])
				if l := m & empty[r+2]; l != 0 {
					libs.orRow(off+size, l)
				}
				if l := m & empty[r]; l != 0 {
					libs.orRow(off-size, l)
				}
			}
		}
	}
	for id := 0; id < a.nstr; id++ {
		l := &a.libs[id]
		a.nlibs[id] = int16(bits.OnesCount64(l[0]) + bits.OnesCount64(l[1]) + bits.OnesCount64(l[2]) +
			bits.OnesCount64(l[3]) + bits.OnesCount64(l[4]) + bits.OnesCount64(l[5]))
	}
}

// SetRegion restricts the next EyeSpacesInto's half and false eyes to the spaces that have a
// point in region (the others get none: their values are not wanted, as in a life-and-death
// search looking at one group). Analyze clears it; an empty region is the whole board.
func (a *Analysis) SetRegion(region pattern.Set) { a.region = region }

// Board is the position last analysed.
func (a *Analysis) Board() *Board { return a.b }

// ReadDead is the set of stones GNU Go takes as dead for its eye spaces: the strings that can be
// captured and not defended (its worms that are not lively), read tactically.
func (a *Analysis) ReadDead() pattern.Set {
	var dead pattern.Set
	rd := a.Reader()
	for id := 0; id < a.nstr; id++ {
		if a.nlibs[id] >= 4 {
			continue // the reader attacks no string of four or more liberties
		}
		str := a.stones(int16(id))
		p := first(str)
		if ac, _ := rd.Attack(p); ac != 0 {
			if dc, _ := rd.Defend(p); dc == 0 {
				dead = dead.Or(str)
			}
		}
	}
	return dead
}

// find is the root of run id's tree (path halving).
func (a *Analysis) find(id int16) int16 {
	parent := &a.parent
	for parent[id] != id {
		parent[id] = parent[parent[id]]
		id = parent[id]
	}
	return id
}

// ReadDead is Analysis.ReadDead on a position.
func ReadDead(b *Board) pattern.Set {
	var a Analysis
	a.Analyze(b)
	return a.ReadDead()
}
