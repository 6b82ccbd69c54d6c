package chess

import (
	"math/rand"
	"testing"
)

// The magic tables must agree with the slow ray walk for random occupancies.
func TestSliderAttacksMatchRayWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		occ := Bitboard(rng.Uint64() & rng.Uint64())
		s := Square(rng.Intn(64))
		if got, want := RookAttacks(s, occ), slide(s, occ, rookDirs[:]); got != want {
			t.Fatalf("rook %v occ %x: got %v want %v", s, uint64(occ), got, want)
		}
		if got, want := BishopAttacks(s, occ), slide(s, occ, bishopDirs[:]); got != want {
			t.Fatalf("bishop %v occ %x: got %v want %v", s, uint64(occ), got, want)
		}
	}
}

// The tables' builder cuts rays at their first blocker as the ray walk does, on every
// square, with blockers next to the slider, far from it and on no ray.
func TestRayTableMatchesRayWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, dirs := range [][4][2]int{rookDirs, bishopDirs} {
		rt := newRayTable(dirs)
		for s := Square(0); s < 64; s++ {
			for i := 0; i < 500; i++ {
				occ := Bitboard(rng.Uint64())
				for k := i % 4; k > 0; k-- {
					occ &= Bitboard(rng.Uint64())
				}
				if got, want := rt.attacks(s, occ), slide(s, occ, dirs[:]); got != want {
					t.Fatalf("dirs %v, %v, occ %x: got %v want %v", dirs, s, uint64(occ), got, want)
				}
			}
		}
	}
}

// Hand-checked attack sets.
func TestAttackSets(t *testing.T) {
	sq := func(s string) Square { x, _ := ParseSquare(s); return x }
	cases := []struct {
		name string
		got  Bitboard
		want string
	}{
		{"knight a1", KnightAttacks(A1), "{c2,b3}"},
		{"knight e4", KnightAttacks(sq("e4")), "{d2,f2,c3,g3,c5,g5,d6,f6}"},
		{"king h8", KingAttacks(H8), "{g7,h7,g8}"},
		{"white pawn a2", PawnAttacks(White, sq("a2")), "{b3}"},
		{"black pawn e5", PawnAttacks(Black, sq("e5")), "{d4,f4}"},
		{"rook a1 blocked a3 c1", RookAttacks(A1, SquareBB(sq("a3"))|SquareBB(sq("c1"))), "{b1,c1,a2,a3}"},
		{"bishop c1 blocked e3", BishopAttacks(sq("c1"), SquareBB(sq("e3"))), "{b2,d2,a3,e3}"},
		{"between a1 h8", Between(A1, H8), "{b2,c3,d4,e5,f6,g7}"},
		{"between a1 b3", Between(A1, sq("b3")), "{}"},
		{"between e1 e4", Between(E1, sq("e4")), "{e2,e3}"},
		{"line b2 c3", Line(sq("b2"), sq("c3")), "{a1,b2,c3,d4,e5,f6,g7,h8}"},
		{"line a1 b3", Line(A1, sq("b3")), "{}"},
	}
	for _, c := range cases {
		if c.got.String() != c.want {
			t.Errorf("%s: got %v want %s", c.name, c.got, c.want)
		}
	}
}

// EmptyBoardAttacks is a superset of the attacks in any position, and equal on an empty board.
func TestEmptyBoardAttacks(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 20000; i++ {
		occ := Bitboard(rng.Uint64() & rng.Uint64())
		s := Square(rng.Intn(64))
		c := Color(rng.Intn(2))
		for pt := Pawn; pt <= King; pt++ {
			e := EmptyBoardAttacks(c, pt, s)
			if a := Attacks(c, pt, s, occ); a&^e != 0 {
				t.Fatalf("%v %v on %v: attacks %v outside the empty-board set %v", c, pt, s, a, e)
			}
			if a := Attacks(c, pt, s, 0); a != e {
				t.Fatalf("%v %v on %v: empty board %v, table %v", c, pt, s, a, e)
			}
		}
	}
}

// AttackersAmong must equal a brute force over the pieces of among (each piece's attacks by
// the ray walk or the step tables), in positions of random games and for random among sets.
func TestAttackersAmongBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var l MoveList
	for g := 0; g < 40; g++ {
		p := StartPosition()
		for ply := 0; ply < 120; ply++ {
			occ := p.Occupied()
			for i := 0; i < 8; i++ {
				s := Square(rng.Intn(64))
				among := Bitboard(rng.Uint64())
				if i == 0 {
					among = ^Bitboard(0)
				}
				var want Bitboard
				for b := occ & among; b != 0; {
					a := b.PopFirst()
					pc := p.PieceAt(a)
					var att Bitboard
					switch pc.Type() {
					case Bishop:
						att = slide(a, occ, bishopDirs[:])
					case Rook:
						att = slide(a, occ, rookDirs[:])
					case Queen:
						att = slide(a, occ, bishopDirs[:]) | slide(a, occ, rookDirs[:])
					default:
						att = EmptyBoardAttacks(pc.Color(), pc.Type(), a)
					}
					if att.Has(s) {
						want |= SquareBB(a)
					}
				}
				if got := p.AttackersAmong(s, occ, among); got != want {
					t.Fatalf("%s: attackers of %v among %v: got %v, want %v", p.FEN(), s, among, got, want)
				}
			}
			p.LegalMoves(&l)
			if l.Len() == 0 {
				break
			}
			p.Play(l.At(rng.Intn(l.Len())))
		}
	}
}

// TestMagicTablesExhaustive checks every entry the magic tables can be asked for: each
// subset of each square's mask, with the squares outside the mask occupied or not, gives
// the attack set the ray walk gives. The stored magics are filled without the search's
// collision check; a magic that mapped two subsets with different attacks to one index
// would fail here.
func TestMagicTablesExhaustive(t *testing.T) {
	for s := Square(0); s < 64; s++ {
		for _, tab := range []struct {
			m      *magic
			dirs   [4][2]int
			lookup func(Square, Bitboard) Bitboard
		}{{&rookMagics[s], rookDirs, RookAttacks}, {&bishopMagics[s], bishopDirs, BishopAttacks}} {
			mask, n := tab.m.mask, 0
			for b := Bitboard(0); ; {
				for _, outside := range []Bitboard{0, ^mask} {
					occ := b | outside&^SquareBB(s)
					if got, want := tab.lookup(s, occ), slide(s, occ, tab.dirs[:]); got != want {
						t.Fatalf("%v, occupancy %#x: table %#x, ray walk %#x", s, uint64(occ), uint64(got), uint64(want))
					}
				}
				n++
				if b = (b - mask) & mask; b == 0 {
					break
				}
			}
			if n != 1<<mask.Count() {
				t.Fatalf("%v: %d subsets of a mask of %d squares", s, n, mask.Count())
			}
		}
	}
}
