package index

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// Posting lists come in two modes: the positions of the main line (what a query sees
// without --variations) and all positions, variations included.
const (
	modeMain byte = 'm'
	modeAll  byte = 'a'
)

// Flag posting names.
const (
	flagCheck     = "check"
	flagMate      = "mate"
	flagStalemate = "stalemate"
	flagOO        = "oo"  // a king-side castling move was played
	flagOOO       = "ooo" // a queen-side castling move was played
	flagEP        = "ep"  // an en-passant capture was played
	flagErrors    = "err" // the game has problems (always a candidate: its problems are reported)
	// flagVariations: the game has variations, so its all-positions facts may come from
	// positions a main-line query does not visit (see Decided).
	flagVariations = "var"
)

// castleName names the games where side c played a castling move, king-side or (long)
// queen-side (format 21): with the side to move known, `wtm move o-o-o` is decided by it.
func castleName(c chess.Color, long bool) string {
	if long {
		return fmt.Sprintf("ooo/%d", c)
	}
	return fmt.Sprintf("oo/%d", c)
}

func occName(p query.Piece, sq int) string { return fmt.Sprintf("occ/%d/%d", p, sq) }
func occAnyName(p query.Piece) string      { return fmt.Sprintf("occ/%d", p) }
func promoName(t chess.PieceType) string   { return fmt.Sprintf("promo/%d", t) }

// kingAttackName names the games where a piece of type t attacked the king of colour c
// (a check, or the side not to move's king at a set-up position or after a null move).
func kingAttackName(c chess.Color, t chess.PieceType) string { return fmt.Sprintf("katk/%d/%d", c, t) }

// queryPieces lists the board pieces in query.Piece order (white K Q R B N P, then black).
var queryPieces = [12]struct {
	c chess.Color
	t chess.PieceType
}{
	{chess.White, chess.King}, {chess.White, chess.Queen}, {chess.White, chess.Rook},
	{chess.White, chess.Bishop}, {chess.White, chess.Knight}, {chess.White, chess.Pawn},
	{chess.Black, chess.King}, {chess.Black, chess.Queen}, {chess.Black, chess.Rook},
	{chess.Black, chess.Bishop}, {chess.Black, chess.Knight}, {chess.Black, chess.Pawn},
}

// facts are what one game contributes to the posting lists.
type facts struct {
	occ   [12]uint64 // squares each piece stood on, variations included
	flags [2]uint8   // per mode: check, mate, stalemate bits
	moves uint8      // castling and en-passant bits, all nodes
	// castles[c]: the castling bits (mOO, mOOO) of the moves side c played, all nodes
	castles [2]uint8
	promo   uint8 // bit t: a promotion to piece type t was played, all nodes
	err     bool
	vars    bool // some node is in a variation
	// katk[c]: bit t set when a piece of type t attacked c's king in some position
	katk  [2]uint8
	nodes int
}

const (
	fCheck = 1 << iota
	fMate
	fStalemate
)

const (
	mOO = 1 << iota
	mOOO
	mEP
)

// gameFacts reads the facts of g, parsed with variations, and the material signatures of
// its positions into s (whose tags it leaves alone).
//
// It works move by move rather than position by position, since a move changes little:
// the squares a piece type stood on grow only by the squares the mover newly occupies
// (all of the board after castling, where in Chess960 king and rook may swap squares),
// and the material changes only with a capture (fewer pieces) or a promotion. The test
// checks it against the position-by-position definition on whole corpora.
func gameFacts(g *pgn.Game, s *gameSummary) facts {
	var f facts
	f.err = len(g.Errors) > 0
	f.nodes = len(g.Nodes)
	s.materials, s.bigMat = s.materials[:0], false
	oneKingEach := len(g.Nodes) > 0 && g.Nodes[0].Pos.Pieces(chess.White, chess.King).Count() == 1 &&
		g.Nodes[0].Pos.Pieces(chess.Black, chess.King).Count() == 1
	for i := range g.Nodes {
		n := &g.Nodes[i]
		p := &n.Pos
		var fl uint8
		checkers := p.Checkers() // once: a position may compute them when asked
		if checkers != 0 {
			fl |= fCheck
		}
		if !oneKingEach || n.Parent < 0 || n.Move.IsNull() {
			// Either king may be attacked: a set-up position, or the side that made a null
			// move may have been in check.
			kingAttackers(p, chess.White, &f.katk)
			kingAttackers(p, chess.Black, &f.katk)
		} else if checkers != 0 {
			// After a legal move only the side to move's king can be attacked: the checkers.
			us := p.SideToMove()
			for b := checkers; b != 0; {
				f.katk[us] |= 1 << p.PieceAt(b.PopFirst()).Type()
			}
		}
		// A position a legal move was played from is neither mate nor stalemate.
		played := false
		for c := n.FirstChild; c >= 0; c = g.Nodes[c].NextSibling {
			if !g.Nodes[c].Move.IsNull() {
				played = true
				break
			}
		}
		if !played && !p.HasLegalMove() {
			if checkers != 0 {
				fl |= fMate
			} else {
				fl |= fStalemate
			}
		}
		f.flags[1] |= fl
		f.vars = f.vars || n.Variation
		if !n.Variation {
			f.flags[0] |= fl
		}
		m := n.Move
		if n.Parent < 0 || m.IsCastle() {
			for k, pc := range queryPieces {
				f.occ[k] |= uint64(p.Pieces(pc.c, pc.t))
			}
		} else if !m.IsNull() {
			parent := &g.Nodes[n.Parent].Pos
			mover := parent.SideToMove()
			for b := uint64(p.ByColor(mover) &^ parent.ByColor(mover)); b != 0; b &= b - 1 {
				sq := bits.TrailingZeros64(b)
				f.occ[pieceIndex(p.PieceAt(chess.Square(sq)))] |= 1 << sq
			}
		}
		// No capture, no promotion: the parent's material, noted already.
		if n.Parent < 0 || m.Promotion() != chess.NoPieceType ||
			p.Occupied().Count() != g.Nodes[n.Parent].Pos.Occupied().Count() {
			if key, ok := materialKey(p); !ok {
				s.bigMat = true
			} else if !slices.Contains(s.materials, key) {
				s.materials = append(s.materials, key)
			}
		}
		if n.Parent >= 0 && !m.IsNull() {
			switch {
			case m.IsCastle():
				bit := uint8(mOO)
				if m.KingTo().File() < 4 {
					bit = mOOO
				}
				f.moves |= bit
				f.castles[g.Nodes[n.Parent].Pos.SideToMove()] |= bit
			case m.IsEnPassant():
				f.moves |= mEP
			}
			if t := m.Promotion(); t != chess.NoPieceType {
				f.promo |= 1 << t
			}
		}
	}
	return f
}

// pieceIndex is a board piece's index in queryPieces (white K Q R B N P, then black).
func pieceIndex(pc chess.Piece) int {
	return 6*int(pc.Color()) + int(chess.King-pc.Type())
}

// Flag lists are the posting lists a build fills besides the squares and the material.
const (
	listCheckMain = iota
	listMateMain
	listStalemateMain
	listCheck
	listMate
	listStalemate
	listOO
	listOOO
	listEP
	listPromoN
	listPromoB
	listPromoR
	listPromoQ
	listErrors
	listMatBig
	listVariations
	listCastle                      // 4 lists: by the castling side's colour, then king-side, queen-side
	listKingAttack = listCastle + 4 // 12 lists: by the attacked king's colour, then the attacker's type
	numLists       = listKingAttack + 12
)

// listKeys are the keys of the flag lists, by list.
var listKeys = func() (k [numLists]string) {
	k[listCheckMain] = string(bitmapKey(modeMain, flagCheck))
	k[listMateMain] = string(bitmapKey(modeMain, flagMate))
	k[listStalemateMain] = string(bitmapKey(modeMain, flagStalemate))
	k[listCheck] = string(bitmapKey(modeAll, flagCheck))
	k[listMate] = string(bitmapKey(modeAll, flagMate))
	k[listStalemate] = string(bitmapKey(modeAll, flagStalemate))
	k[listOO] = string(bitmapKey(modeAll, flagOO))
	k[listOOO] = string(bitmapKey(modeAll, flagOOO))
	k[listEP] = string(bitmapKey(modeAll, flagEP))
	for t := chess.Knight; t <= chess.Queen; t++ {
		k[listPromoN+int(t-chess.Knight)] = string(bitmapKey(modeAll, promoName(t)))
	}
	k[listErrors] = string(bitmapKey(modeAll, flagErrors))
	k[listMatBig] = string(bitmapKey(modeAll, flagMatBig))
	k[listVariations] = string(bitmapKey(modeAll, flagVariations))
	for c := chess.White; c <= chess.Black; c++ {
		k[castleList(c, false)] = string(bitmapKey(modeAll, castleName(c, false)))
		k[castleList(c, true)] = string(bitmapKey(modeAll, castleName(c, true)))
	}
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			k[kingAttackList(c, t)] = string(bitmapKey(modeAll, kingAttackName(c, t)))
		}
	}
	return k
}()

// denseList is a posting list being built, a bit per game id: adding a game is setting a
// bit, where adding it to a roaring bitmap took a quarter of a build. Game ids come in
// order, so the words grow at the end only.
type denseList []uint64

func (d *denseList) add(id uint32) {
	w := int(id >> 6)
	if w >= len(*d) {
		*d = append(*d, make([]uint64, w+1-len(*d))...)
	}
	(*d)[w] |= 1 << (id & 63)
}

// postings accumulates the posting lists of a build's current segment in memory (the
// others are spilled, build_lists.go). Squares are kept for all positions only: the main
// line's are a subset, so the all-positions lists prune main-line queries soundly, at half
// the size.
type postings struct {
	// dense are the lists of a bit a game, of the games from base on (denseKey gives
	// their keys): the pieces on squares (occDense), on any square (occAnyDense) and the
	// flag lists (listDense)
	dense [numDense]denseList
	base  uint32
	// block holds the square bits of the 64 games from blockFirst on: bit i of
	// block[k][sq] (sq 64: any square) says game blockFirst+i had piece k on sq. A game
	// sets its ~115 bits here, in 6 KB that stay in cache, and each list gets a word per 64
	// games, where setting them in the 780 lists (44 MB) directly missed the cache each time.
	block      [12][65]uint64
	blockFirst uint32
	blockUsed  bool
}

// occDense, occAnyDense and listDense are the places of lists in postings.dense.
func occDense(k, sq int) int { return k*64 + sq }
func occAnyDense(k int) int  { return 12*64 + k }
func listDense(l int) int    { return 12*65 + l }

func newPostings() *postings { return &postings{} }

// flushBlock appends the block's words to the square lists.
func (ps *postings) flushBlock() {
	if !ps.blockUsed {
		return
	}
	w := int((ps.blockFirst - ps.base) >> 6)
	for k := range ps.block {
		for sq, word := range ps.block[k] {
			if word == 0 {
				continue
			}
			d := &ps.dense[occAnyDense(k)]
			if sq < 64 {
				d = &ps.dense[occDense(k, sq)]
			}
			if w >= len(*d) {
				*d = append(*d, make([]uint64, w+1-len(*d))...)
			}
			(*d)[w] |= word
		}
	}
	ps.block = [12][65]uint64{}
	ps.blockUsed = false
}

// addGame records game id's facts (its material signatures go to the parse worker's
// matLists).
func (ps *postings) addGame(id uint32, f *facts, s *gameSummary) {
	if first := id &^ 63; first != ps.blockFirst || !ps.blockUsed {
		ps.flushBlock()
		ps.blockFirst, ps.blockUsed = first, true
	}
	bit := uint64(1) << (id & 63)
	rel := id - ps.base // the segment's
	for k, occ := range f.occ {
		if occ == 0 {
			continue
		}
		b := &ps.block[k]
		b[64] |= bit
		for ; occ != 0; occ &= occ - 1 {
			b[bits.TrailingZeros64(occ)] |= bit
		}
	}
	for m, base := range [2]int{listCheckMain, listCheck} {
		fl := f.flags[m]
		for b := 0; b < 3; b++ { // check, mate, stalemate
			if fl&(1<<b) != 0 {
				ps.dense[listDense(base+b)].add(rel)
			}
		}
	}
	if f.moves&mOO != 0 {
		ps.dense[listDense(listOO)].add(rel)
	}
	if f.moves&mOOO != 0 {
		ps.dense[listDense(listOOO)].add(rel)
	}
	if f.moves&mEP != 0 {
		ps.dense[listDense(listEP)].add(rel)
	}
	for c := chess.White; c <= chess.Black; c++ {
		if f.castles[c]&mOO != 0 {
			ps.dense[listDense(castleList(c, false))].add(rel)
		}
		if f.castles[c]&mOOO != 0 {
			ps.dense[listDense(castleList(c, true))].add(rel)
		}
	}
	for t := chess.Knight; t <= chess.Queen; t++ {
		if f.promo&(1<<t) != 0 {
			ps.dense[listDense(listPromoN+int(t-chess.Knight))].add(rel)
		}
	}
	if f.err {
		ps.dense[listDense(listErrors)].add(rel)
	}
	if s.bigMat {
		ps.dense[listDense(listMatBig)].add(rel)
	}
	if f.vars {
		ps.dense[listDense(listVariations)].add(rel)
	}
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			if f.katk[c]&(1<<t) != 0 {
				ps.dense[listDense(kingAttackList(c, t))].add(rel)
			}
		}
	}
}

// matLists are the material signature lists of the games one parse worker read: a list
// of ids, in order, by key. Filled in the worker (where the game's signatures were just
// made; the one ordered goroutine missed the cache on them and on the map), and written
// as a sorted run to the worker's spill file when they hold enough ids (build_lists.go).
type matLists struct {
	keys []uint64
	ids  [][]uint32
	n    int // ids held
	// slots find a key's list: open addressing by a multiplicative hash, at most half
	// full (a map took 60% more time, 0.25 s on masters-463k's 8 million signatures)
	slots []matSlot
	shift uint
}

// matSlot is a slot of matLists: a key and 1 + its list (0: empty).
type matSlot struct {
	key  uint64
	list int32
}

func (ml *matLists) add(id uint32, materials []uint64) {
	if ml.slots == nil {
		ml.slots, ml.shift = make([]matSlot, 1<<12), 64-12
	}
	ml.n += len(materials)
	for _, k := range materials {
		mask := uint64(len(ml.slots) - 1)
		for h := (k * 0x9e3779b97f4a7c15) >> ml.shift; ; h = (h + 1) & mask {
			s := &ml.slots[h]
			if s.list != 0 && s.key == k {
				l := &ml.ids[s.list-1]
				*l = append(*l, id)
				break
			}
			if s.list == 0 {
				ml.keys = append(ml.keys, k)
				if len(ml.ids) < cap(ml.ids) { // a list of a run written before: its room
					ml.ids = ml.ids[:len(ml.ids)+1]
					ml.ids[len(ml.ids)-1] = append(ml.ids[len(ml.ids)-1][:0], id)
				} else {
					ml.ids = append(ml.ids, []uint32{id})
				}
				s.key, s.list = k, int32(len(ml.ids))
				if 2*len(ml.ids) > len(ml.slots) {
					ml.grow()
				}
				break
			}
		}
	}
}

// reset empties the lists (once written as a run), keeping their room.
func (ml *matLists) reset() {
	ml.keys, ml.ids, ml.n = ml.keys[:0], ml.ids[:0], 0
	clear(ml.slots)
}

// grow doubles the slots.
func (ml *matLists) grow() {
	old := ml.slots
	ml.slots, ml.shift = make([]matSlot, 2*len(old)), ml.shift-1
	mask := uint64(len(ml.slots) - 1)
	for _, s := range old {
		if s.list == 0 {
			continue
		}
		h := (s.key * 0x9e3779b97f4a7c15) >> ml.shift
		for ml.slots[h].list != 0 {
			h = (h + 1) & mask
		}
		ml.slots[h] = s
	}
}

// kingAttackList is the list of the games where a piece of type t attacked c's king.
func kingAttackList(c chess.Color, t chess.PieceType) int {
	return listKingAttack + 6*int(c) + int(t-chess.Pawn)
}

// kingAttackers adds the types of the pieces attacking c's kings in p to katk[c].
func kingAttackers(p *chess.Position, c chess.Color, katk *[2]uint8) {
	occ := p.Occupied()
	for ks := p.Pieces(c, chess.King); ks != 0; {
		for a := p.AttackersTo(ks.PopFirst(), occ) & p.ByColor(c.Other()); a != 0; {
			katk[c] |= 1 << p.PieceAt(a.PopFirst()).Type()
		}
	}
}

// castleList is the list of the games where side c castled (long: queen-side).
func castleList(c chess.Color, long bool) int {
	l := listCastle + 2*int(c)
	if long {
		l++
	}
	return l
}
