package chess

// Set-wise board geometry: one-step shifts and occluded fills in the eight
// directions (Kogge-Stone: three shift-and-mask rounds instead of a loop over
// squares), light squares, and pawn spans. CQL's ray, xray, between and pawn
// structure filters are built from these.

// Direction is one of the eight directions of the board.
type Direction uint8

// The eight directions. Opposite(d) is d^1.
const (
	North Direction = iota
	South
	East
	West
	NorthEast
	SouthWest
	NorthWest
	SouthEast
)

// Opposite returns the reverse direction.
func (d Direction) Opposite() Direction { return d ^ 1 }

// Orthogonal reports whether d runs along a rank or a file.
func (d Direction) Orthogonal() bool { return d <= West }

// LightSquares is the set of light squares (h1 is light, a1 dark).
const LightSquares Bitboard = 0x55AA55AA55AA55AA

const (
	notFileA Bitboard = ^Bitboard(0x0101010101010101)
	fileHBB  Bitboard = 0x8080808080808080
)

// entry[d] is the set of squares a one-step move in direction d can land on
// (a step east never lands on the a-file, and so on).
var entry = [8]Bitboard{
	North: ^Bitboard(0), South: ^Bitboard(0),
	East: notFileA, West: ^fileHBB, NorthEast: notFileA, SouthWest: ^fileHBB,
	NorthWest: ^fileHBB, SouthEast: notFileA,
}

// shiftBy returns b moved by n squares up the bit order (negative: down),
// without wrap masking.
func shiftBy(b Bitboard, n int) Bitboard {
	if n >= 0 {
		return b << uint(n)
	}
	return b >> uint(-n)
}

var step = [8]int{North: 8, South: -8, East: 1, West: -1, NorthEast: 9, SouthWest: -9, NorthWest: 7, SouthEast: -7}

// Shift moves every square of b one step in direction d; squares that would
// leave the board are dropped.
func Shift(b Bitboard, d Direction) Bitboard { return shiftBy(b, step[d]) & entry[d] }

// Fill returns gen together with every square reachable from it in direction d
// through squares of pro (Kogge-Stone occluded fill).
func Fill(gen, pro Bitboard, d Direction) Bitboard {
	s := step[d]
	pro &= entry[d]
	gen |= pro & shiftBy(gen, s)
	pro &= shiftBy(pro, s)
	gen |= pro & shiftBy(gen, 2*s)
	pro &= shiftBy(pro, 2*s)
	gen |= pro & shiftBy(gen, 4*s)
	return gen
}

// Slide returns the squares a line piece on each square of from would reach
// moving in direction d: the empty squares up to and including the first
// occupied one. from itself is not included (unless reached from another
// square of from).
func Slide(from, empty Bitboard, d Direction) Bitboard {
	return Shift(Fill(from, empty, d), d)
}

// northFill and southFill smear each square of b to the edge along its file
// (three shifts: no file wraps on a vertical shift).
func northFill(b Bitboard) Bitboard {
	b |= b << 8
	b |= b << 16
	return b | b<<32
}

func southFill(b Bitboard) Bitboard {
	b |= b >> 8
	b |= b >> 16
	return b | b>>32
}

// FrontSpan returns the squares strictly in front of each pawn of b (north
// for White, south for Black) on its own file.
func FrontSpan(c Color, b Bitboard) Bitboard {
	if c == White {
		return northFill(b) << 8
	}
	return southFill(b) >> 8
}

// FileFill returns every square of each file that holds a square of b.
func FileFill(b Bitboard) Bitboard { return northFill(b) | southFill(b) }

// Neighbours returns the squares one step east or west of a square of b.
func Neighbours(b Bitboard) Bitboard { return Shift(b, East) | Shift(b, West) }

// rays[d][s] is the empty-board ray from s in direction d, s excluded.
var rays = func() (t [8][64]Bitboard) {
	for d := North; d <= SouthEast; d++ {
		for s := Square(0); s < 64; s++ {
			t[d][s] = Slide(SquareBB(s), ^Bitboard(0), d)
		}
	}
	return t
}()

// Ray returns the squares from s in direction d to the edge of the board, s
// excluded. RookAttacks or BishopAttacks masked with it give a slide from one
// square with one table lookup.
func Ray(s Square, d Direction) Bitboard { return rays[d][s] }
