package pattern

import (
	"fmt"
	"math/bits"
	"strings"
	"sync"
)

// The 8x8 single-word API, for chess. A square set is a uint64 with bit 0 = a1, bit 7 = h1,
// bit 56 = a8, bit 63 = h8 (Geometry.Square on 8x8). Everything here is shifts and masks on one
// word; the direction filters are compiled through the pattern core (Compile8, DirectionFilter)
// and evaluated by its single-word path, which costs about what hand-written shifts do.

// Dir is one of the 8 directions of a chess board.
type Dir uint8

// The directions, named and ordered as CQL documents them (and as query.Direction orders them).
const (
	Up Dir = iota
	Down
	Left
	Right
	NorthEast
	NorthWest
	SouthEast
	SouthWest
)

var dirSteps = [8]Step{{0, 1}, {0, -1}, {-1, 0}, {1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
var dirNames = [8]string{"up", "down", "left", "right", "northeast", "northwest", "southeast", "southwest"}

func (d Dir) String() string { return dirNames[d&7] }

// Step is the direction's step: files east and ranks north.
func (d Dir) Step() Step { return dirSteps[d&7] }

const (
	fileA uint64 = 0x0101010101010101
	fileH uint64 = 0x8080808080808080
)

// shift64Mask[d] keeps the squares that stay on the board; shift64Rot[d] is the rotation that
// moves them (a shift whose wrapped-around bits were masked away).
var shift64Mask = [8]uint64{
	^uint64(0xff00000000000000), ^uint64(0xff), ^fileA, ^fileH,
	^(fileH | 0xff00000000000000), ^(fileA | 0xff00000000000000), ^(fileH | 0xff), ^(fileA | 0xff),
}
var shift64Rot = [8]int{8, -8, -1, 1, 9, 7, -7, -9}

// Shift64 moves every square of b one step in direction d; squares leaving the board vanish.
func Shift64(b uint64, d Dir) uint64 {
	return bits.RotateLeft64(b&shift64Mask[d&7], shift64Rot[d&7])
}

// ShiftN64 moves every square of b n steps in direction d (n >= 0).
func ShiftN64(b uint64, d Dir, n int) uint64 {
	for ; n > 0 && b != 0; n-- {
		b = Shift64(b, d)
	}
	return b
}

// Ray64 is every square a sliding piece on a square of from reaches in direction d: the empty
// squares (not in occ) and the first occupied one, which is included. from itself is not.
func Ray64(from uint64, d Dir, occ uint64) uint64 {
	var r uint64
	for x := Shift64(from, d); x != 0; x = Shift64(x&^occ, d) {
		r |= x
	}
	return r
}

// CQLDirections maps a CQL direction filter's name to its directions: up down left right
// northeast northwest southeast southwest, vertical (up down), horizontal (left right),
// orthogonal (the four), diagonal (the four diagonals), anydirection (all eight).
func CQLDirections(name string) ([]Dir, bool) {
	switch strings.ToLower(name) {
	case "up":
		return []Dir{Up}, true
	case "down":
		return []Dir{Down}, true
	case "right":
		return []Dir{Right}, true
	case "left":
		return []Dir{Left}, true
	case "northeast":
		return []Dir{NorthEast}, true
	case "northwest":
		return []Dir{NorthWest}, true
	case "southeast":
		return []Dir{SouthEast}, true
	case "southwest":
		return []Dir{SouthWest}, true
	case "vertical":
		return []Dir{Up, Down}, true
	case "horizontal":
		return []Dir{Left, Right}, true
	case "orthogonal":
		return []Dir{Up, Down, Left, Right}, true
	case "diagonal":
		return []Dir{NorthEast, NorthWest, SouthEast, SouthWest}, true
	case "anydirection":
		return []Dir{Up, Down, Left, Right, NorthEast, NorthWest, SouthEast, SouthWest}, true
	}
	return nil, false
}

var (
	chessOnce  sync.Once
	chessScope *Scope
	emptyEnv64 = &Env64{Empty: ^uint64(0)}
)

// ChessScope is the scope of 8x8 chess patterns: directions n e s w and ne nw se sw (one diagonal
// step), and the piece types as letters (K Q R B N P, written upper case in patterns since n is
// north; Env64.Types[letter-'A']). It is shared: do not Define names in it, use a copy from
// NewChessScope for that.
func ChessScope() *Scope {
	chessOnce.Do(func() { chessScope = NewChessScope() })
	return chessScope
}

// NewChessScope returns a new scope like ChessScope's, in which names may be defined.
func NewChessScope() *Scope {
	g, _ := NewGeometry(8, 8)
	for _, d := range []Dir{NorthEast, NorthWest, SouthEast, SouthWest} {
		name := map[Dir]string{NorthEast: "ne", NorthWest: "nw", SouthEast: "se", SouthWest: "sw"}[d]
		if err := g.AddDirection(name, d.Step()); err != nil {
			panic(err)
		}
	}
	return NewLetterScope(g)
}

// Compile8 compiles a pattern for the 8x8 board of ChessScope; evaluate it with AllWord and
// EndsWord.
func Compile8(src string) (*Pattern, error) { return ChessScope().Compile(src) }

// DirectionFilter is a CQL direction filter (up 2 X, diagonal 1 7 X, ...) compiled through the
// pattern core: the pattern (d){min..max} for each direction d of the filter.
type DirectionFilter struct {
	Name     string
	Min, Max int // Max < 0: unbounded (to the edge)
	free     *Pattern
	blocked  *Pattern
}

// NewDirectionFilter compiles the CQL direction filter name with distances min..max (max < 0
// means no limit; CQL's own default range is the caller's business).
func NewDirectionFilter(name string, min, max int) (*DirectionFilter, error) {
	dirs, ok := CQLDirections(name)
	if !ok {
		return nil, fmt.Errorf("unknown direction %q", name)
	}
	return NewDirectionFilterDirs(strings.ToLower(name), dirs, min, max)
}

// NewDirectionFilterDirs is NewDirectionFilter for a list of directions (Dir(d) converts a
// query.Direction of one direction: the orders are the same); name is only for messages.
func NewDirectionFilterDirs(name string, dirs []Dir, min, max int) (*DirectionFilter, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("%s: no direction", name)
	}
	if min < 0 || max >= 0 && max < min || max > 64 {
		return nil, fmt.Errorf("%s: bad range %d..%d", name, min, max)
	}
	sc := ChessScope()
	free := &ast{kind: aAlt}
	blocked := &ast{kind: aAlt}
	empty := &ast{kind: aCheck, lit: lit{kind: ckEmpty}}
	for _, d := range dirs {
		step := &ast{kind: aStep, step: d.Step()}
		free.kids = append(free.kids, &ast{kind: aRep, kids: []*ast{step}, min: min, max: max})
		// blocked: (d empty){k-1} d for k in min..max, and the start itself when min is 0
		lo, hi := min-1, max-1
		if lo < 0 {
			lo = 0
		}
		if max < 0 {
			hi = -1
		}
		if max != 0 {
			walk := &ast{kind: aSeq, kids: []*ast{
				{kind: aRep, kids: []*ast{{kind: aSeq, kids: []*ast{step, empty}}}, min: lo, max: hi},
				step,
			}}
			blocked.kids = append(blocked.kids, walk)
		}
	}
	if min == 0 {
		blocked.kids = append(blocked.kids, &ast{kind: aEmpty})
	}
	src := fmt.Sprintf("%s %d %d", name, min, max)
	f := &DirectionFilter{Name: name, Min: min, Max: max}
	var err error
	if f.free, err = sc.compileTree(src, free); err != nil {
		return nil, err
	}
	if f.blocked, err = sc.compileTree(src+" blocked", blocked); err != nil {
		return nil, err
	}
	return f, nil
}

// Squares is the filter's value on a set: the squares at a distance in Min..Max from a square of
// from in one of the filter's directions, pieces ignored (CQL's direction filters).
func (f *DirectionFilter) Squares(from uint64) uint64 {
	return f.free.EndsWord(emptyEnv64, from)
}

// Blocked is the same walk stopped by pieces: the squares at a distance in Min..Max whose squares
// between them and from are all empty (not in occ); the first occupied square is included, as a
// sliding piece's attacks are.
func (f *DirectionFilter) Blocked(from, occ uint64) uint64 {
	e := Env64{Empty: ^occ}
	return f.blocked.EndsWord(&e, from)
}

// Pattern is the compiled pattern behind Squares (for its source, States, ...).
func (f *DirectionFilter) Pattern() *Pattern { return f.free }
