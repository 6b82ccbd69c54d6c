package filter

import (
	"math/rand"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// referencePins is the plain per-pinner search: each line piece's first piece
// of the other colour along a line, and what the line piece would attack
// with that piece gone (two attack lookups per candidate).
func (n *pinNode) referencePins(pos *chess.Position, from, through, to, rooks, bishops chess.Bitboard) chess.Bitboard {
	occ := pos.Occupied()
	var r chess.Bitboard
	for b := from; b != 0; {
		p := b.PopFirst()
		c := pos.PieceAt(p).Color()
		var att chess.Bitboard
		if rooks.Has(p) {
			att |= chess.RookAttacks(p, occ)
		}
		if bishops.Has(p) {
			att |= chess.BishopAttacks(p, occ)
		}
		for cands := att & through & pos.ByColor(c.Other()); cands != 0; {
			qs := cands.PopFirst()
			without := occ &^ chess.SquareBB(qs)
			var beyond chess.Bitboard
			if rooks.Has(p) {
				beyond |= chess.RookAttacks(p, without)
			}
			if bishops.Has(p) {
				beyond |= chess.BishopAttacks(p, without)
			}
			beyond &^= att
			beyond &= chess.Line(p, qs)
			tgt := beyond & to & (^occ | pos.ByColor(c.Other()))
			if tgt == 0 {
				continue
			}
			switch n.value {
			case query.PinFrom:
				r |= chess.SquareBB(p)
			case query.PinTo:
				r |= tgt
			default:
				r |= chess.SquareBB(qs)
			}
		}
	}
	return r
}

// TestPinShortcutMatchesReference: pinNode.pins (from the targets when they
// are all occupied, else set-wise from the pinners) gives what the plain
// per-pinner search gives, for each value kind and for from, through and to
// sets that are everything or random, on corpus positions; the match path
// finds a pin exactly when there is one.
func TestPinShortcutMatchesReference(t *testing.T) {
	games := loadGames(t, "masters-10k.pgn", 40, false)
	rng := rand.New(rand.NewSource(11))
	checked := 0
	for _, g := range games {
		for i := range g.Nodes {
			pos := &g.Nodes[i].Pos
			occ := pos.Occupied()
			q := pos.ByType(chess.Queen)
			rooks, bishops := pos.ByType(chess.Rook)|q, pos.ByType(chess.Bishop)|q
			for k := 0; k < 6; k++ {
				from := occ & (rooks | bishops)
				through := occ
				to := ^chess.Bitboard(0)
				switch {
				case k == 1:
					to = pos.ByType(chess.King)
				case k == 2:
					to = ^occ | chess.Bitboard(rng.Uint64())&occ
				case k > 2:
					// Dense masks (three squares in four): the or of two draws.
					a, b := rng.Uint64(), rng.Uint64()
					from &= chess.Bitboard(a | b)
					a, b = rng.Uint64(), rng.Uint64()
					through &= chess.Bitboard(a | b)
					to = chess.Bitboard(rng.Uint64())
				}
				for _, v := range []query.PinValue{query.PinThrough, query.PinFrom, query.PinTo} {
					n := &pinNode{value: v}
					want := n.referencePins(pos, from, through, to, rooks, bishops)
					if got := n.pins(pos, from, through, to); got != want {
						t.Fatalf("%s value %d from %v through %v to %v: %v, reference %v",
							pos.FEN(), v, from, through, to, got, want)
					}
					// The match path stops at the first pin: it finds one exactly when there is one.
					if any := find(pos, from, through, to, v, true); (any != 0) != (want != 0) {
						t.Fatalf("%s value %d from %v through %v to %v: match %v, reference %v",
							pos.FEN(), v, from, through, to, any, want)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Skip("no corpus positions")
	}
}

// BenchmarkPinToAll: pin to . (every square a target, the value the
// targets) with pinNode.pins and with the plain per-pinner search, on the
// positions of 50 master games; compare the two ns/position in one run.
func BenchmarkPinToAll(b *testing.B) {
	games := loadGames(b, "masters-10k.pgn", 50, false)
	var ps []*chess.Position
	for _, g := range games {
		for i := range g.Nodes {
			ps = append(ps, &g.Nodes[i].Pos)
		}
	}
	n := &pinNode{value: query.PinTo}
	all := ^chess.Bitboard(0)
	var sink chess.Bitboard
	for _, impl := range []string{"pins", "reference"} {
		b.Run(impl, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, pos := range ps {
					occ := pos.Occupied()
					if impl == "pins" {
						sink |= n.pins(pos, occ, occ, all)
						continue
					}
					q := pos.ByType(chess.Queen)
					rooks, bishops := pos.ByType(chess.Rook)|q, pos.ByType(chess.Bishop)|q
					sink |= n.referencePins(pos, occ&(rooks|bishops), occ, all, rooks, bishops)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps)), "ns/position")
		})
	}
	_ = sink
}

// TestPinToAllShortcut: `pin to .` compiles to the shortcut that skips the
// argument sets, and it matches exactly where the plain per-pinner search
// finds a pin (CQL's definition, pin.go), on master-game positions.
func TestPinToAllShortcut(t *testing.T) {
	q := compileSrc(t, "pin to .")
	n, ok := q.body.(*pinNode)
	if !ok || !n.anyTarget {
		t.Fatalf("pin to . compiled to %#v, want the anyTarget shortcut", q.body)
	}
	for _, src := range []string{"pin to a-h1-8", "pin from . to .", "pin to k", "pin through . to ."} {
		if n, ok := compileSrc(t, src).body.(*pinNode); ok && n.anyTarget && src != "pin to a-h1-8" {
			t.Errorf("%s: took the shortcut, which ignores its sets", src)
		}
	}
	e := q.NewEvaluator()
	ref := &pinNode{value: query.PinTo}
	checked := 0
	for _, g := range loadGames(t, "masters-10k.pgn", 40, false) {
		e.startGame(g)
		for i := range g.Nodes {
			e.at(int32(i))
			pos := e.pos
			occ := pos.Occupied()
			qs := pos.ByType(chess.Queen)
			rooks, bishops := pos.ByType(chess.Rook)|qs, pos.ByType(chess.Bishop)|qs
			want := ref.referencePins(pos, occ&(rooks|bishops), occ, ^chess.Bitboard(0), rooks, bishops) != 0
			if got := n.match(e); got != want {
				t.Fatalf("%s: pin to . %v, reference %v", pos.FEN(), got, want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Skip("no corpus positions")
	}
}
