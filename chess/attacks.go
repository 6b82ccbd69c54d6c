package chess

import "math/bits"

// Attack tables are computed once at package initialisation and never change afterwards.
// Sliders use magic bitboards: the relevant occupancy of a square is multiplied by a magic
// number whose top bits index a table of precomputed attack sets.

type magic struct {
	mask    Bitboard
	magic   uint64
	attacks []Bitboard
	shift   uint8
}

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	rookMagics    [64]magic
	bishopMagics  [64]magic
	betweenBB     [64][64]Bitboard
	// Empty-board slider attacks: small tables that answer "could a slider on this line
	// matter at all?" before the large between, line and magic tables are touched.
	pseudoBishop [64]Bitboard
	pseudoRook   [64]Bitboard
	pseudoQueen  [64]Bitboard
	pseudoSlider [8][64]Bitboard // by piece type: the three above for Bishop, Rook, Queen
	lineBB       [64][64]Bitboard
	rookTable    [0x19000]Bitboard
	bishopTable  [0x1480]Bitboard
)

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			knightAttacks[s] |= bbAt(f+d[0], r+d[1])
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					kingAttacks[s] |= bbAt(f+df, r+dr)
				}
			}
		}
		pawnAttacks[White][s] = bbAt(f-1, r+1) | bbAt(f+1, r+1)
		pawnAttacks[Black][s] = bbAt(f-1, r-1) | bbAt(f+1, r-1)
	}
	for s := Square(0); s < 64; s++ {
		pseudoBishop[s] = slide(s, 0, bishopDirs[:])
		pseudoRook[s] = slide(s, 0, rookDirs[:])
		pseudoQueen[s] = pseudoBishop[s] | pseudoRook[s]
		pseudoSlider[Bishop][s], pseudoSlider[Rook][s], pseudoSlider[Queen][s] = pseudoBishop[s], pseudoRook[s], pseudoQueen[s]
	}
	initMagics(&rookMagics, rookTable[:], rookDirs, &knownRookMagics)
	initMagics(&bishopMagics, bishopTable[:], bishopDirs, &knownBishopMagics)
	for a := Square(0); a < 64; a++ {
		for _, dirs := range [2][4][2]int{rookDirs, bishopDirs} {
			for _, d := range dirs {
				ray := slide(a, 0, [][2]int{d})
				back := slide(a, 0, [][2]int{{-d[0], -d[1]}})
				for x := ray; x != 0; {
					b := x.PopFirst()
					lineBB[a][b] = ray | back | SquareBB(a)
					betweenBB[a][b] = ray & slide(b, 0, [][2]int{{-d[0], -d[1]}})
				}
			}
		}
	}
	startPosition = mustFEN(StartFEN)
}

// bbAt returns the square (f, r) as a set, or the empty set off the board.
func bbAt(f, r int) Bitboard {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return 0
	}
	return SquareBB(SquareAt(f, r))
}

// slide computes slider attacks the slow way; used only to build the tables.
func slide(s Square, occ Bitboard, dirs [][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			b := SquareBB(SquareAt(f, r))
			att |= b
			if occ&b != 0 {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

// prng is xorshift64*; the seeds below make the magic search fast and deterministic.
type prng uint64

func (p *prng) next() uint64 {
	*p ^= *p >> 12
	*p ^= *p << 25
	*p ^= *p >> 27
	return uint64(*p) * 2685821657736338717
}

// sparse returns a number with few bits set, as magic candidates should have.
func (p *prng) sparse() uint64 {
	a, b := p.next(), p.next()
	return a & b & p.next()
}

// rayTable is slide for one slider's four directions, for the magic tables' 107,648
// occupancies: each direction's ray from the square, cut after its first blocker (the
// nearest bit of ray & occ, a count of zeros), not walked square by square. Walking took
// 1.5 ms of every process's start.
type rayTable struct {
	ray [4][64]Bitboard
	up  [4]bool // the ray goes to higher squares: its nearest blocker is the lowest bit
}

func newRayTable(dirs [4][2]int) *rayTable {
	t := &rayTable{}
	for d, dir := range dirs {
		t.up[d] = dir[0]+8*dir[1] > 0
		for s := Square(0); s < 64; s++ {
			t.ray[d][s] = slide(s, 0, [][2]int{dir})
		}
	}
	return t
}

// attacks is slide(s, occ, dirs). A sentinel blocker on the ray's last square (63 for a
// ray to higher squares, 0 for one to lower squares, where the ray from it is empty) makes
// every direction take the same path, without a branch on whether the ray is blocked.
func (t *rayTable) attacks(s Square, occ Bitboard) Bitboard {
	var att Bitboard
	for d := range t.ray {
		att |= t.along(d, s, occ)
	}
	return att
}

// along is the attacks from s in direction d alone, given the occupancy occ.
func (t *rayTable) along(d int, s Square, occ Bitboard) Bitboard {
	ray := t.ray[d][s]
	var first int
	if t.up[d] {
		first = bits.TrailingZeros64(uint64(ray&occ) | 1<<63)
	} else {
		first = 63 - bits.LeadingZeros64(uint64(ray&occ)|1)
	}
	return ray &^ t.ray[d][first]
}

// fillKnown fills m's table (its mask, shift and slice set) for a magic that maps no two
// occupancies with different attacks to one entry (the stored ones: TestKnownMagics,
// TestMagicTablesExhaustive). An occupancy of the mask is one of each ray's, and its
// attack set the union of theirs: with each ray's (at most 64) occupancies and attacks
// made first, an entry is two unions, a multiplication and a store. The ray walk of each
// of the 107,648 occupancies, and the search's check of every entry, were half of every
// process's start.
func fillKnown(m *magic, s Square, rays *rayTable) {
	var occs, atts [4][64]Bitboard
	var n [4]int
	for d := range 4 {
		rel := rays.ray[d][s] & m.mask
		for b := Bitboard(0); ; {
			occs[d][n[d]], atts[d][n[d]] = b, rays.along(d, s, b)
			n[d]++
			if b = (b - rel) & rel; b == 0 {
				break
			}
		}
	}
	for i0 := range n[0] {
		o0, a0 := occs[0][i0], atts[0][i0]
		for i1 := range n[1] {
			o1, a1 := o0|occs[1][i1], a0|atts[1][i1]
			for i2 := range n[2] {
				o2, a2 := o1|occs[2][i2], a1|atts[2][i2]
				for i3, o3 := range occs[3][:n[3]] {
					m.attacks[uint64(o2|o3)*m.magic>>m.shift] = a2 | atts[3][i3]
				}
			}
		}
	}
}

// known holds the magics an earlier search found (magics_known.go): using
// them saves the search, most of a process's start-up time. A square whose
// known magic is 0 is searched.
func initMagics(ms *[64]magic, table []Bitboard, dirs [4][2]int, known *[64]uint64) {
	offset := 0
	rays := newRayTable(dirs)
	var search *magicSearch
	for s := Square(0); s < 64; s++ {
		m := &ms[s]
		edges := ((rank1 | rank8) &^ RankBB(s.Rank())) | ((fileA | fileH) &^ FileBB(s.File()))
		m.mask = slide(s, 0, dirs[:]) &^ edges
		n := m.mask.Count()
		m.shift = uint8(64 - n)
		m.attacks = table[offset : offset+1<<n]
		offset += 1 << n
		if known[s] != 0 {
			m.magic = known[s]
			fillKnown(m, s, rays)
			continue
		}
		if search == nil {
			search = &magicSearch{}
		}
		search.find(m, s, rays)
	}
}

// magicSearch finds magics by trial: a candidate is kept when no two occupancies of the
// mask with different attack sets share an entry.
type magicSearch struct {
	occs, refs [4096]Bitboard
	epoch      [4096]int
	cnt        int
}

// find sets m.magic and fills m's table (its mask, shift and slice set).
func (t *magicSearch) find(m *magic, s Square, rays *rayTable) {
	seeds := [8]uint64{728, 10316, 55013, 32803, 12281, 15100, 16645, 255}
	// Enumerate all subsets of the mask (Carry-Rippler) with their attack sets.
	size := 0
	for b := Bitboard(0); ; {
		t.occs[size], t.refs[size] = b, rays.attacks(s, b)
		size++
		if b = (b - m.mask) & m.mask; b == 0 {
			break
		}
	}
	rng := prng(seeds[s.Rank()])
	for {
		for {
			m.magic = rng.sparse()
			if Bitboard((uint64(m.mask)*m.magic)>>56).Count() >= 6 {
				break
			}
		}
		t.cnt++
		ok := true
		for i := range size {
			idx := m.index(t.occs[i])
			if t.epoch[idx] < t.cnt {
				t.epoch[idx] = t.cnt
				m.attacks[idx] = t.refs[i]
			} else if m.attacks[idx] != t.refs[i] {
				ok = false
				break
			}
		}
		if ok {
			return
		}
	}
}

func (m *magic) index(occ Bitboard) uint {
	return uint((uint64(occ&m.mask) * m.magic) >> m.shift)
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// PawnSetAttacks returns the squares the pawns of colour c on the squares of pawns attack.
func PawnSetAttacks(c Color, pawns Bitboard) Bitboard {
	if c == White {
		return (pawns&^fileA)<<7 | (pawns&^fileH)<<9
	}
	return (pawns&^fileA)>>9 | (pawns&^fileH)>>7
}

// RookAttacks returns the squares a rook on s attacks given the occupied squares occ.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return m.attacks[m.index(occ)]
}

// BishopAttacks returns the squares a bishop on s attacks given the occupied squares occ.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return m.attacks[m.index(occ)]
}

// QueenAttacks returns the squares a queen on s attacks given the occupied squares occ.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// Attacks returns the squares a piece of type t and colour c on s attacks.
func Attacks(c Color, t PieceType, s Square, occ Bitboard) Bitboard {
	switch t {
	case Pawn:
		return pawnAttacks[c][s]
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Queen:
		return QueenAttacks(s, occ)
	case King:
		return kingAttacks[s]
	}
	return 0
}

// EmptyBoardAttacks returns the squares a piece of colour c and type t on s would attack on an
// empty board: a superset of its attacks in any position, from small tables, so a caller can
// rule a target out before computing the real attack set.
func EmptyBoardAttacks(c Color, t PieceType, s Square) Bitboard {
	switch t {
	case Pawn:
		return pawnAttacks[c][s]
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return pseudoBishop[s]
	case Rook:
		return pseudoRook[s]
	case Queen:
		return pseudoQueen[s]
	case King:
		return kingAttacks[s]
	}
	return 0
}

// Between returns the squares strictly between a and b when they share a line, else 0.
func Between(a, b Square) Bitboard { return betweenBB[a][b] }

// Line returns the whole line (rank, file or diagonal) through a and b, else 0.
func Line(a, b Square) Bitboard { return lineBB[a][b] }
