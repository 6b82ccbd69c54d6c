package pattern

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Step is a move on the grid: DX files east (negative: west), DY ranks north (negative: south).
type Step struct{ DX, DY int }

// The four built-in directions of the pattern language.
var (
	North = Step{0, 1}
	South = Step{0, -1}
	East  = Step{1, 0}
	West  = Step{-1, 0}
)

// MaxSide is the largest width or height of a board: files are named by one letter, a to z.
const MaxSide = 26

// Geometry is a rectangular board of W files and H ranks, with some cells excluded (not on the
// board), named square types (sets of squares, such as Ludo's stars) and named directions (steps,
// such as a diagonal ne = (1,1)). Square i is file i%W, rank i/W: a1 = 0, b1 = 1, ..., so on 8x8
// the numbering is the usual chess one (a1 = bit 0, h8 = bit 63).
//
// Build a Geometry completely before compiling patterns against it; it must not change after.
type Geometry struct {
	w, h, n  int
	valid    Set
	typeName []string
	typeSet  []Set
	dirName  []string
	dirStep  []Step
}

// NewGeometry returns a plain w x h board: no excluded cell, no square type, only the directions
// n, e, s and w.
func NewGeometry(w, h int) (*Geometry, error) {
	if w < 1 || h < 1 || w > MaxSide || h > MaxSide || w*h > MaxSquares {
		return nil, fmt.Errorf("board size %dx%d: width and height must be 1 to %d and the board at most %d cells", w, h, MaxSide, MaxSquares)
	}
	g := &Geometry{w: w, h: h, n: w * h}
	for i := 0; i < g.n; i++ {
		g.valid.Add(i)
	}
	for _, d := range []struct {
		name string
		st   Step
	}{{"n", North}, {"e", East}, {"s", South}, {"w", West}} {
		g.dirName = append(g.dirName, d.name)
		g.dirStep = append(g.dirStep, d.st)
	}
	return g, nil
}

// Width is the number of files.
func (g *Geometry) Width() int { return g.w }

// Height is the number of ranks.
func (g *Geometry) Height() int { return g.h }

// Cells is Width*Height, excluded cells included.
func (g *Geometry) Cells() int { return g.n }

// Small reports whether the board fits one 64-bit word (AllWord and EndsWord may be used).
func (g *Geometry) Small() bool { return g.n <= 64 }

// Valid is the set of the board's squares: every cell but the excluded ones.
func (g *Geometry) Valid() Set { return g.valid }

// Square is the index of the cell on file f and rank r (both from 0), or -1 outside the rectangle.
func (g *Geometry) Square(f, r int) int {
	if f < 0 || r < 0 || f >= g.w || r >= g.h {
		return -1
	}
	return r*g.w + f
}

// Coords is the file and rank (from 0) of square sq.
func (g *Geometry) Coords(sq int) (f, r int) { return sq % g.w, sq / g.w }

// Exclude takes a cell off the board.
func (g *Geometry) Exclude(sq int) {
	g.valid.Remove(sq)
	for i := range g.typeSet {
		g.typeSet[i].Remove(sq)
	}
}

// Excluded reports whether a cell of the rectangle is not on the board.
func (g *Geometry) Excluded(sq int) bool { return !g.valid.Has(sq) }

// AddSquareType adds squares to the named square type (creating it). Excluded cells are ignored.
func (g *Geometry) AddSquareType(name string, s Set) {
	s = s.And(g.valid)
	for i, n := range g.typeName {
		if n == name {
			g.typeSet[i] = g.typeSet[i].Or(s)
			return
		}
	}
	g.typeName = append(g.typeName, name)
	g.typeSet = append(g.typeSet, s)
}

// SquareTypes lists the names of the square types in the order they were added.
func (g *Geometry) SquareTypes() []string { return append([]string(nil), g.typeName...) }

// SquareType is the set of squares of the named type.
func (g *Geometry) SquareType(name string) (Set, bool) {
	for i, n := range g.typeName {
		if n == name {
			return g.typeSet[i], true
		}
	}
	return Set{}, false
}

// AddDirection names a step (for example ne = Step{1, 1}); a pattern may then use the name as a
// single step. Named steps that are not unit steps (a knight's leap) jump: only the target cell
// must be on the board.
func (g *Geometry) AddDirection(name string, st Step) error {
	if !isIdent(name) {
		return fmt.Errorf("direction name %q is not a name", name)
	}
	if isKeyword(name) {
		return fmt.Errorf("direction name %q is a keyword", name)
	}
	if st.DX == 0 && st.DY == 0 {
		return fmt.Errorf("direction %s does not move", name)
	}
	if abs(st.DX) > MaxSide || abs(st.DY) > MaxSide {
		return fmt.Errorf("direction %s (%d,%d) is longer than any board", name, st.DX, st.DY)
	}
	for i, n := range g.dirName {
		if n == name {
			if g.dirStep[i] != st {
				return fmt.Errorf("direction %s is already defined as (%d,%d)", name, g.dirStep[i].DX, g.dirStep[i].DY)
			}
			return nil
		}
	}
	g.dirName = append(g.dirName, name)
	g.dirStep = append(g.dirStep, st)
	return nil
}

// Direction is the step of a named direction (n, e, s, w or one added with AddDirection).
func (g *Geometry) Direction(name string) (Step, bool) {
	for i, n := range g.dirName {
		if n == name {
			return g.dirStep[i], true
		}
	}
	return Step{}, false
}

// Directions lists the direction names, the built-in n e s w first.
func (g *Geometry) Directions() []string { return append([]string(nil), g.dirName...) }

// Step moves every square of s by st; squares whose target is off the board or excluded vanish.
func (g *Geometry) Step(s Set, st Step) Set {
	j := g.jumpOf([]Step{st})
	return s.And(j.fwd).Shift(j.k)
}

// SquareName is the name of a square: file letter and rank number, a1 to z26, lower case.
func (g *Geometry) SquareName(sq int) string {
	f, r := g.Coords(sq)
	return string(rune('a'+f)) + strconv.Itoa(r+1)
}

// ParseSquare reads a square name (a1, C3, o15; any case). Excluded cells are errors.
func (g *Geometry) ParseSquare(s string) (int, error) {
	sq, err := g.parseCell(s)
	if err != nil {
		return -1, err
	}
	if g.Excluded(sq) {
		return -1, fmt.Errorf("square %s is excluded from the board", strings.ToLower(s))
	}
	return sq, nil
}

func (g *Geometry) parseCell(s string) (int, error) {
	if len(s) < 2 {
		return -1, fmt.Errorf("bad square %q: want a file letter and a rank number, like a1", s)
	}
	c := s[0] | 0x20
	if c < 'a' || c > 'z' {
		return -1, fmt.Errorf("bad square %q: want a file letter and a rank number, like a1", s)
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil || s[1] == '+' || s[1] == '-' {
		return -1, fmt.Errorf("bad square %q: want a file letter and a rank number, like a1", s)
	}
	sq := g.Square(int(c-'a'), r-1)
	if sq < 0 {
		return -1, fmt.Errorf("square %s is off the %dx%d board", strings.ToLower(s), g.w, g.h)
	}
	return sq, nil
}

// Format writes a set as square names separated by spaces, ordered by file then rank
// (a1 a2 b1 ...), as the reference note lists sets.
func (g *Geometry) Format(s Set) string {
	sqs := s.Squares(nil)
	sort.Slice(sqs, func(i, j int) bool {
		fi, ri := g.Coords(sqs[i])
		fj, rj := g.Coords(sqs[j])
		if fi != fj {
			return fi < fj
		}
		return ri < rj
	})
	var b strings.Builder
	for i, sq := range sqs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(g.SquareName(sq))
	}
	return b.String()
}

// Symmetry is one of the 8 symmetries of a square grid.
type Symmetry uint8

// The symmetries. Rotations are counter-clockwise; FlipFiles mirrors east and west, FlipRanks north
// and south, Transpose swaps files and ranks (the a1-h8 diagonal stays), AntiTranspose mirrors in the
// other diagonal.
const (
	Identity Symmetry = iota
	Rotate90
	Rotate180
	Rotate270
	FlipFiles
	FlipRanks
	Transpose
	AntiTranspose
)

var symNames = [...]string{"identity", "rotate90", "rotate180", "rotate270", "flipfiles", "flipranks", "transpose", "antitranspose"}

func (y Symmetry) String() string {
	if int(y) < len(symNames) {
		return symNames[y]
	}
	return "symmetry(" + strconv.Itoa(int(y)) + ")"
}

// Apply maps a step.
func (y Symmetry) Apply(st Step) Step {
	x, v := st.DX, st.DY
	switch y {
	case Rotate90:
		return Step{-v, x}
	case Rotate180:
		return Step{-x, -v}
	case Rotate270:
		return Step{v, -x}
	case FlipFiles:
		return Step{-x, v}
	case FlipRanks:
		return Step{x, -v}
	case Transpose:
		return Step{v, x}
	case AntiTranspose:
		return Step{-v, -x}
	}
	return st
}

// swapsAxes reports whether the symmetry exchanges files and ranks.
func (y Symmetry) swapsAxes() bool {
	return y == Rotate90 || y == Rotate270 || y == Transpose || y == AntiTranspose
}

// Symmetries are the symmetries of the board's rectangle: all 8 on a square board, the 4 that keep
// the axes on a rectangle.
func (g *Geometry) Symmetries() []Symmetry {
	if g.w == g.h {
		return []Symmetry{Identity, Rotate90, Rotate180, Rotate270, FlipFiles, FlipRanks, Transpose, AntiTranspose}
	}
	return []Symmetry{Identity, Rotate180, FlipFiles, FlipRanks}
}

// MapSquare maps a cell by a symmetry about the centre of the board, or returns -1 when the
// symmetry is not one of the board's (a rotation of a rectangle).
func (g *Geometry) MapSquare(sq int, y Symmetry) int {
	if y.swapsAxes() && g.w != g.h {
		return -1
	}
	f, r := g.Coords(sq)
	W, H := g.w-1, g.h-1
	switch y {
	case Rotate90:
		f, r = W-r, f
	case Rotate180:
		f, r = W-f, H-r
	case Rotate270:
		f, r = r, H-f
	case FlipFiles:
		f = W - f
	case FlipRanks:
		r = H - r
	case Transpose:
		f, r = r, f
	case AntiTranspose:
		f, r = W-r, H-f
	}
	return g.Square(f, r)
}

// MapSet maps every cell of s by a symmetry (an empty set for a symmetry that is not the board's).
func (g *Geometry) MapSet(s Set, y Symmetry) Set {
	var out Set
	for _, sq := range s.Squares(make([]int, 0, 64)) {
		if t := g.MapSquare(sq, y); t >= 0 {
			out.Add(t)
		}
	}
	return out
}

// jump is a compiled sequence of steps with no check between them: a translation by the total
// step, allowed from the squares whose whole path stays on the board.
type jump struct {
	total Step
	k     int // index delta of total
	fwd   Set // squares from which the whole path is on the board
	back  Set // the squares the path reaches from fwd
	fw64  uint64
	bk64  uint64
	rot   int  // k modulo 64 as a left rotation, for the single-word path
	left  bool // k >= 0
	ws    uint // |k| / 64 and |k| % 64 for the multi-word path
	bs    uint
}

func (g *Geometry) jumpOf(path []Step) *jump {
	j := &jump{}
	for _, st := range path {
		j.total.DX += st.DX
		j.total.DY += st.DY
	}
	j.k = j.total.DY*g.w + j.total.DX
	for sq := 0; sq < g.n; sq++ {
		if !g.valid.Has(sq) {
			continue
		}
		f, r := g.Coords(sq)
		ok := true
		for _, st := range path {
			f += st.DX
			r += st.DY
			t := g.Square(f, r)
			if t < 0 || !g.valid.Has(t) {
				ok = false
				break
			}
		}
		if ok {
			j.fwd.Add(sq)
			j.back.Add(g.Square(f, r))
		}
	}
	j.fw64, j.bk64 = j.fwd[0], j.back[0]
	j.rot, j.left = j.k, j.k >= 0
	ak := abs(j.k)
	j.ws, j.bs = uint(ak)>>6, uint(ak)&63
	return j
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
