// Package weiqi is Go (the board game, 囲碁/圍棋) on the pattern core: a square board of any size up
// to 19x19 built on pattern.Geometry, stones held as pattern.Set values, strings, liberties,
// captures and legal play (no suicide, simple ko), and the GTP names of points (A1..T19, no I).
//
// Squares are pattern's: square i is file i%size (A from the west) and rank i/size (1 in the south).
package weiqi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/pattern"
)

// MaxSize is the largest board side: GTP names files A..T without I, 19 letters.
const MaxSize = 19

// Color is the colour of a stone or of the player to move.
type Color int8

// The colours. Empty is the colour of an empty point.
const (
	Empty Color = iota
	Black
	White
)

// Opponent is the other colour (Empty stays Empty).
func (c Color) Opponent() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "empty"
}

// Pass is the point of a pass move.
const Pass = -1

// Grid is the geometry of a Go board: a pattern.Geometry with neighbour tables and the masks the
// set operations need. It is immutable once built and may be shared by many boards.
type Grid struct {
	geo   *pattern.Geometry
	size  int
	valid pattern.Set
	notW  pattern.Set // squares with a west neighbour
	notE  pattern.Set // squares with an east neighbour
	nbr   [][4]int16  // orthogonal neighbours, -1 off the board
	// nbrOrPad are the orthogonal neighbours with pad, a point past the board (in no set of
	// points on it), off the board: no test for -1 where a set membership test follows
	nbrOrPad [][4]uint16
	diag     [][4]int16 // diagonal neighbours, -1 off the board
	edges    []uint8    // number of orthogonal neighbours off the board: 0 centre, 1 edge, 2 corner

	edge      pattern.Set    // points on the first line
	corners   pattern.Set    // the corner points
	fileBelow [3]pattern.Set // [k]: points on files 0..size-1-k (may move k files east)
	fileFrom  [3]pattern.Set // [k]: points on files k..size-1 (may move k files west)
	offDiag   []uint8        // diagonals off the board across one edge only (eyes.texi counts them 1)
	rank      []uint8        // the rank (row) of each point
	rows      [MaxSize]rowAt // where each row's points are in a set
	rowMask   uint64         // the files of a row
}

// rowAt is where a row's points are in a set: from bit shift of word on, spilling into the next
// word when the row crosses a word boundary.
type rowAt struct {
	word, shift uint8
	spill       bool
}

// pad is a point past the largest board, in no set of points on the board.
const pad = pattern.MaxSquares - 1

// NewGrid returns the grid of a size x size board (1 to 19).
func NewGrid(size int) (*Grid, error) {
	if size < 1 || size > MaxSize {
		return nil, fmt.Errorf("board size %d: a Go board is 1x1 to %dx%d", size, MaxSize, MaxSize)
	}
	geo, err := pattern.NewGeometry(size, size)
	if err != nil {
		return nil, err
	}
	g := &Grid{geo: geo, size: size, valid: geo.Valid(), rowMask: 1<<uint(size) - 1}
	for r := 0; r < size; r++ {
		off := r * size
		g.rows[r] = rowAt{word: uint8(off >> 6), shift: uint8(off & 63), spill: off&63+size > 64}
	}
	n := size * size
	g.nbr = make([][4]int16, n)
	g.nbrOrPad = make([][4]uint16, n)
	g.diag = make([][4]int16, n)
	g.edges = make([]uint8, n)
	g.offDiag = make([]uint8, n)
	g.rank = make([]uint8, n)
	for sq := 0; sq < n; sq++ {
		f, r := geo.Coords(sq)
		g.rank[sq] = uint8(r)
		for k := 0; k < 3; k++ {
			if f < size-k {
				g.fileBelow[k].Add(sq)
			}
			if f >= k {
				g.fileFrom[k].Add(sq)
			}
		}
		if f == 0 || r == 0 || f == size-1 || r == size-1 {
			g.edge.Add(sq)
		}
		if (f == 0 || f == size-1) && (r == 0 || r == size-1) {
			g.corners.Add(sq)
		}
		if f > 0 {
			g.notW.Add(sq)
		}
		if f < size-1 {
			g.notE.Add(sq)
		}
		for i, st := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			t := geo.Square(f+st[0], r+st[1])
			g.nbr[sq][i] = int16(t)
			g.nbrOrPad[sq][i] = uint16(t)
			if t < 0 {
				g.edges[sq]++
				g.nbrOrPad[sq][i] = pad
			}
		}
		for i, st := range [4][2]int{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}} {
			g.diag[sq][i] = int16(geo.Square(f+st[0], r+st[1]))
			fo := f+st[0] < 0 || f+st[0] >= size
			ro := r+st[1] < 0 || r+st[1] >= size
			if fo != ro {
				g.offDiag[sq]++
			}
		}
	}
	return g, nil
}

// Size is the side of the board.
func (g *Grid) Size() int { return g.size }

// Geometry is the pattern geometry of the board.
func (g *Grid) Geometry() *pattern.Geometry { return g.geo }

// Points is the number of points, Size*Size.
func (g *Grid) Points() int { return g.size * g.size }

// All is the set of every point.
func (g *Grid) All() pattern.Set { return g.valid }

// Neighbors are the up to 4 orthogonal neighbours of sq; -1 entries are off the board.
func (g *Grid) Neighbors(sq int) [4]int16 { return g.nbr[sq] }

// Diagonals are the 4 diagonal neighbours of sq; -1 entries are off the board.
func (g *Grid) Diagonals(sq int) [4]int16 { return g.diag[sq] }

// EdgeCount is 0 for a point in the centre, 1 on the edge, 2 in a corner (1 on a 1-wide board's
// ends is possible too: it counts the missing orthogonal neighbours, up to 4).
func (g *Grid) EdgeCount(sq int) int { return int(g.edges[sq]) }

// Square is the point on file f and rank r (both from 0, rank 0 in the south), or -1.
func (g *Grid) Square(f, r int) int { return g.geo.Square(f, r) }

// Coords is the file and rank of a point.
func (g *Grid) Coords(sq int) (f, r int) { return g.geo.Coords(sq) }

// Adjacent is the set of points orthogonally next to some point of s and not in s.
func (g *Grid) Adjacent(s pattern.Set) pattern.Set {
	return g.grow(s).AndNot(s)
}

// grow is s with its orthogonal neighbours. It is written as one pass over the words (each
// word with its neighbours' spill-over) rather than as whole-set shifts: it runs several times
// per eye-space analysis and the set temporaries cost several times the instructions.
func (g *Grid) grow(s pattern.Set) pattern.Set {
	w, v := uint(g.size)&63, uint(64-g.size)&63 // masked: no test for shifts of 64 or more
	var x [pattern.MaxWords + 2]uint64          // s with a zero word on either side
	copy(x[1:], s[:])
	var r pattern.Set
	for i := range r {
		c, lo, hi := x[i+1], x[i], x[i+2]
		east, west := c>>1|hi<<63, c<<1|lo>>63 // the point east of p, west of p
		r[i] = (c | east&g.notE[i] | west&g.notW[i] | c>>w | hi<<v | c<<w | lo>>v) & g.valid[i]
	}
	return r
}

// touching is the set of points with an orthogonal neighbour in s (those of s among them).
func (g *Grid) touching(s pattern.Set) pattern.Set {
	w, v := uint(g.size)&63, uint(64-g.size)&63 // masked: no test for shifts of 64 or more
	var x [pattern.MaxWords + 2]uint64          // s with a zero word on either side
	copy(x[1:], s[:])
	var r pattern.Set
	for i := range r {
		c, lo, hi := x[i+1], x[i], x[i+2]
		east, west := c>>1|hi<<63, c<<1|lo>>63 // the point east of p, west of p
		r[i] = (east&g.notE[i] | west&g.notW[i] | c>>w | hi<<v | c<<w | lo>>v) & g.valid[i]
	}
	return r
}

// crowded is the set of points of s with two or more orthogonal neighbours in s, in words lo to hi
// (the others are left empty).
func (g *Grid) crowded(s *pattern.Set, lo, hi int) pattern.Set {
	w, v := uint(g.size)&63, uint(64-g.size)&63 // masked: no test for shifts of 64 or more
	var r pattern.Set
	for i := lo; i <= hi; i++ {
		var below, above uint64
		if i > 0 {
			below = s[i-1]
		}
		if i < len(s)-1 {
			above = s[i+1]
		}
		c := s[i]
		n, so := c>>w|above<<v, c<<w|below>>v
		e, we := (c>>1|above<<63)&g.notE[i], (c<<1|below>>63)&g.notW[i]
		r[i] = c & ((n|e)&(so|we) | n&e | so&we)
	}
	return r
}

// grow8 is s with its orthogonal and diagonal neighbours.
func (g *Grid) grow8(s pattern.Set) pattern.Set {
	w, v := uint(g.size)&63, uint(64-g.size)&63 // masked: no test for shifts of 64 or more
	var x [pattern.MaxWords + 2]uint64          // s grown east and west, with a zero word on either side
	for i := range s {
		var lo, hi uint64
		if i > 0 {
			lo = s[i-1]
		}
		if i < len(s)-1 {
			hi = s[i+1]
		}
		c := s[i]
		x[i+1] = c | (c>>1|hi<<63)&g.notE[i] | (c<<1|lo>>63)&g.notW[i]
	}
	var r pattern.Set
	for i := range r {
		c, lo, hi := x[i+1], x[i], x[i+2]
		r[i] = (c | c>>w | hi<<v | c<<w | lo>>v) & g.valid[i]
	}
	return r
}

// shl and shr are Set.Shift(k) and Shift(-k) for 0 < k < 64 with the words unrolled: the board
// moves by one file or one rank, several times per eye-space analysis.
func shl(s pattern.Set, k uint) pattern.Set {
	j := 64 - k
	return pattern.Set{s[0] << k, s[1]<<k | s[0]>>j, s[2]<<k | s[1]>>j, s[3]<<k | s[2]>>j, s[4]<<k | s[3]>>j, s[5]<<k | s[4]>>j}
}

func shr(s pattern.Set, k uint) pattern.Set {
	j := 64 - k
	return pattern.Set{s[0]>>k | s[1]<<j, s[1]>>k | s[2]<<j, s[2]>>k | s[3]<<j, s[3]>>k | s[4]<<j, s[4]>>k | s[5]<<j, s[5] >> k}
}

// shl and shr are written for sets of 6 words.
var _ = [1]struct{}{}[pattern.MaxWords-6]

// Flood is the connected part of within that holds sq (empty when sq is not in within).
func (g *Grid) Flood(sq int, within pattern.Set) pattern.Set {
	if !within.Has(sq) {
		return pattern.Set{}
	}
	cur := pattern.SetOf(sq)
	for {
		next := g.grow(cur).And(within)
		if next == cur {
			return cur
		}
		cur = next
	}
}

// GTP is the GTP name of a point (A1 in the south-west corner, files without I), or "pass".
func (g *Grid) GTP(sq int) string {
	if sq < 0 {
		return "pass"
	}
	f, r := g.Coords(sq)
	return string(gtpFiles[f]) + strconv.Itoa(r+1)
}

const gtpFiles = "ABCDEFGHJKLMNOPQRST"

// ParseGTP reads a GTP point name (D4, q16, any case) or "pass".
func (g *Grid) ParseGTP(s string) (int, error) {
	if strings.EqualFold(s, "pass") {
		return Pass, nil
	}
	if len(s) < 2 {
		return 0, fmt.Errorf("bad point %q: want a file letter A-T (no I) and a rank number, like D4", s)
	}
	f := strings.IndexByte(gtpFiles, s[0]&^0x20)
	r, err := strconv.Atoi(s[1:])
	if f < 0 || err != nil || s[1] == '+' || s[1] == '-' {
		return 0, fmt.Errorf("bad point %q: want a file letter A-T (no I) and a rank number, like D4", s)
	}
	sq := g.Square(f, r-1)
	if sq < 0 {
		return 0, fmt.Errorf("point %s is off the %dx%d board", strings.ToUpper(s), g.size, g.size)
	}
	return sq, nil
}

// FormatPoints writes points as GTP names separated by spaces, in increasing square order.
func (g *Grid) FormatPoints(s pattern.Set) string {
	var b strings.Builder
	var buf [pattern.MaxSquares]int
	for i, sq := range s.Squares(buf[:0]) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(g.GTP(sq))
	}
	return b.String()
}

// Board is a Go position: the stones of both colours and the simple-ko point.
type Board struct {
	grid   *Grid
	stones [3]pattern.Set // indexed by Color; [Empty] is unused
	ko     int            // the point the side to move may not play at (simple ko), or -1
	koFor  Color          // the colour the ko ban applies to
}

// NewBoard returns an empty board on a grid.
func NewBoard(g *Grid) *Board { return &Board{grid: g, ko: -1} }

// Grid is the board's geometry.
func (b *Board) Grid() *Grid { return b.grid }

// Stones is the set of points holding stones of colour c.
func (b *Board) Stones(c Color) pattern.Set {
	if c != Black && c != White {
		return pattern.Set{}
	}
	return b.stones[c]
}

// Empty is the set of empty points.
func (b *Board) Empty() pattern.Set {
	return b.grid.valid.AndNot(b.stones[Black]).AndNot(b.stones[White])
}

// At is the colour of the stone on sq, or Empty.
func (b *Board) At(sq int) Color {
	switch {
	case b.stones[Black].Has(sq):
		return Black
	case b.stones[White].Has(sq):
		return White
	}
	return Empty
}

// Ko is the simple-ko point and the colour that may not play there, or -1.
func (b *Board) Ko() (int, Color) { return b.ko, b.koFor }

// Set puts a stone of colour c on sq (Empty clears it) without captures: setup stones (SGF AB, AW,
// AE). It clears the ko point.
func (b *Board) Set(sq int, c Color) {
	b.stones[Black].Remove(sq)
	b.stones[White].Remove(sq)
	if c == Black || c == White {
		b.stones[c].Add(sq)
	}
	b.ko = -1
}

// String is the string (chain of stones) holding sq, or the empty set for an empty point.
func (b *Board) String(sq int) pattern.Set {
	c := b.At(sq)
	if c == Empty {
		return pattern.Set{}
	}
	return b.grid.Flood(sq, b.stones[c])
}

// Liberties is the set of empty points next to a set of stones.
func (b *Board) Liberties(str pattern.Set) pattern.Set {
	return b.grid.Adjacent(str).And(b.Empty())
}

// Errors of Play.
var (
	ErrOccupied = errors.New("point is occupied")
	ErrSuicide  = errors.New("suicide")
	ErrKo       = errors.New("retakes a ko")
	ErrColor    = errors.New("no colour to play")
)

// Play plays a stone of colour c on sq (Pass passes): captures the opponent strings left without
// liberties and updates the simple-ko point. An illegal move (occupied point, suicide, retaking a
// ko at once) is an error and leaves the board unchanged. It returns the number of stones captured.
func (b *Board) Play(c Color, sq int) (int, error) {
	return b.play(c, sq, false)
}

// PlayAllowingSuicide is Play under rules that allow suicide (New Zealand, Ing): a move that leaves
// its own string without liberties removes that string.
func (b *Board) PlayAllowingSuicide(c Color, sq int) (int, error) {
	return b.play(c, sq, true)
}

func (b *Board) play(c Color, sq int, suicide bool) (int, error) {
	if c != Black && c != White {
		return 0, ErrColor
	}
	if sq == Pass {
		b.ko = -1
		return 0, nil
	}
	if sq < 0 || sq >= b.grid.Points() {
		return 0, fmt.Errorf("point %d is off the %dx%d board", sq, b.grid.size, b.grid.size)
	}
	if b.At(sq) != Empty {
		return 0, ErrOccupied
	}
	if sq == b.ko && c == b.koFor {
		return 0, ErrKo
	}
	opp := c.Opponent()
	saved := b.stones
	b.stones[c].Add(sq)
	captured := 0
	lastCapture := -1
	for _, n := range b.grid.nbr[sq] {
		if n < 0 || !b.stones[opp].Has(int(n)) {
			continue
		}
		str := b.grid.Flood(int(n), b.stones[opp])
		if b.Liberties(str).IsEmpty() {
			captured += str.Count()
			lastCapture = int(n)
			b.stones[opp] = b.stones[opp].AndNot(str)
		}
	}
	own := b.grid.Flood(sq, b.stones[c])
	libs := b.Liberties(own)
	if libs.IsEmpty() {
		if !suicide {
			b.stones = saved
			return 0, ErrSuicide
		}
		b.stones[c] = b.stones[c].AndNot(own)
	}
	b.ko = -1
	if captured == 1 && own.Count() == 1 && libs.Count() == 1 {
		b.ko, b.koFor = lastCapture, opp
	}
	return captured, nil
}

// Legal reports whether c may play at sq.
func (b *Board) Legal(c Color, sq int) bool {
	if sq == Pass {
		return true
	}
	if b.At(sq) != Empty || (sq == b.ko && c == b.koFor) {
		return false
	}
	for _, n := range b.grid.nbr[sq] {
		if n >= 0 && b.At(int(n)) == Empty {
			return true
		}
	}
	// No empty neighbour: legal when it joins a friendly string with another liberty or
	// captures an opponent string in atari.
	for _, n := range b.grid.nbr[sq] {
		if n < 0 {
			continue
		}
		str := b.grid.Flood(int(n), b.stones[b.At(int(n))])
		libs := b.Liberties(str).Count()
		if b.At(int(n)) == c && libs > 1 {
			return true
		}
		if b.At(int(n)) == c.Opponent() && libs == 1 {
			return true
		}
	}
	return false
}

// Clone is an independent copy of the board.
func (b *Board) Clone() *Board {
	c := *b
	return &c
}

// Draw is the board as text, north at the top: X black, O white, . empty, with GTP coordinates.
// mark may give other characters for some points (0 for none).
func (b *Board) Draw(mark func(sq int) byte) string {
	var s strings.Builder
	n := b.grid.size
	s.WriteString("   ")
	for f := 0; f < n; f++ {
		s.WriteByte(' ')
		s.WriteByte(gtpFiles[f])
	}
	s.WriteByte('\n')
	for r := n - 1; r >= 0; r-- {
		fmt.Fprintf(&s, "%3d", r+1)
		for f := 0; f < n; f++ {
			sq := b.grid.Square(f, r)
			ch := byte('.')
			switch b.At(sq) {
			case Black:
				ch = 'X'
			case White:
				ch = 'O'
			}
			if mark != nil {
				if m := mark(sq); m != 0 {
					ch = m
				}
			}
			s.WriteByte(' ')
			s.WriteByte(ch)
		}
		fmt.Fprintf(&s, " %d\n", r+1)
	}
	return s.String()
}

// ParseDiagram reads a board drawn as rows north to south, one character per point: X or # black,
// O or @ white, . or + empty; spaces are ignored. Every row must have the same length as the number
// of rows (a square board). It returns the board.
func ParseDiagram(text string) (*Board, error) {
	var rows []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.ReplaceAll(strings.TrimSpace(line), " ", "")
		if line != "" {
			rows = append(rows, line)
		}
	}
	g, err := NewGrid(len(rows))
	if err != nil {
		return nil, err
	}
	b := NewBoard(g)
	for i, row := range rows {
		if len(row) != len(rows) {
			return nil, fmt.Errorf("diagram row %d has %d points, want %d", i+1, len(row), len(rows))
		}
		r := len(rows) - 1 - i
		for f := 0; f < len(row); f++ {
			sq := g.Square(f, r)
			switch row[f] {
			case 'X', 'x', '#':
				b.Set(sq, Black)
			case 'O', 'o', '@':
				b.Set(sq, White)
			case '.', '+':
			default:
				return nil, fmt.Errorf("diagram row %d column %d: unknown mark %q", i+1, f+1, row[f])
			}
		}
	}
	return b, nil
}
