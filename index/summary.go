package index

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"

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
)

func occName(p query.Piece, sq int) string { return fmt.Sprintf("occ/%d/%d", p, sq) }
func occAnyName(p query.Piece) string      { return fmt.Sprintf("occ/%d", p) }
func promoName(t chess.PieceType) string   { return fmt.Sprintf("promo/%d", t) }

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
	occ   [2][12]uint64 // per mode (0 main, 1 all): squares each piece stood on
	flags [2]uint8      // per mode: check, mate, stalemate bits
	moves uint8         // castling and en-passant bits, all nodes
	promo uint8         // bit t: a promotion to piece type t was played, all nodes
	err   bool
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

// gameFacts reads the facts of g, parsed with variations.
func gameFacts(g *pgn.Game) facts {
	var f facts
	f.err = len(g.Errors) > 0
	f.nodes = len(g.Nodes)
	for i := range g.Nodes {
		n := &g.Nodes[i]
		p := &n.Pos
		var fl uint8
		if p.InCheck() {
			fl |= fCheck
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
			if p.InCheck() {
				fl |= fMate
			} else {
				fl |= fStalemate
			}
		}
		for k, pc := range queryPieces {
			bb := uint64(p.Pieces(pc.c, pc.t))
			f.occ[1][k] |= bb
			if !n.Variation {
				f.occ[0][k] |= bb
			}
		}
		f.flags[1] |= fl
		if !n.Variation {
			f.flags[0] |= fl
		}
		if m := n.Move; n.Parent >= 0 && !m.IsNull() {
			switch {
			case m.IsCastle():
				if m.KingTo().File() >= 4 {
					f.moves |= mOO
				} else {
					f.moves |= mOOO
				}
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

// postings accumulates the posting lists of a build in memory.
type postings struct {
	occ    [2][12][64]*roaring.Bitmap
	occAny [2][12]*roaring.Bitmap
	flags  map[string]*roaring.Bitmap // by key
}

func newPostings() *postings {
	ps := &postings{flags: map[string]*roaring.Bitmap{}}
	for m := range ps.occ {
		for k := range ps.occ[m] {
			ps.occAny[m][k] = roaring.New()
			for sq := range ps.occ[m][k] {
				ps.occ[m][k][sq] = roaring.New()
			}
		}
	}
	return ps
}

var modes = [2]byte{modeMain, modeAll}

// each calls fn with every posting list and its key.
func (ps *postings) each(fn func(key []byte, bm *roaring.Bitmap) error) error {
	for m, mode := range modes {
		for k := range ps.occ[m] {
			if err := fn(bitmapKey(mode, occAnyName(query.Piece(k))), ps.occAny[m][k]); err != nil {
				return err
			}
			for sq, bm := range ps.occ[m][k] {
				if err := fn(bitmapKey(mode, occName(query.Piece(k), sq)), bm); err != nil {
					return err
				}
			}
		}
	}
	for key, bm := range ps.flags {
		if err := fn([]byte(key), bm); err != nil {
			return err
		}
	}
	return nil
}

func (ps *postings) add(mode byte, name string, id uint32) {
	key := string(bitmapKey(mode, name))
	bm := ps.flags[key]
	if bm == nil {
		bm = roaring.New()
		ps.flags[key] = bm
	}
	bm.Add(id)
}

// addGame records game id's facts.
func (ps *postings) addGame(id uint32, f *facts) {
	for m, mode := range modes {
		for k := range queryPieces {
			occ := f.occ[m][k]
			if occ == 0 || mode == modeMain {
				// Squares are kept for all positions only: the main line's are a subset, so
				// the all-positions lists prune main-line queries soundly, at half the size.
				continue
			}
			ps.occAny[m][k].Add(id)
			for occ != 0 {
				sq := bits.TrailingZeros64(occ)
				occ &= occ - 1
				ps.occ[m][k][sq].Add(id)
			}
		}
		fl := f.flags[m]
		if fl&fCheck != 0 {
			ps.add(mode, flagCheck, id)
		}
		if fl&fMate != 0 {
			ps.add(mode, flagMate, id)
		}
		if fl&fStalemate != 0 {
			ps.add(mode, flagStalemate, id)
		}
	}
	if f.moves&mOO != 0 {
		ps.add(modeAll, flagOO, id)
	}
	if f.moves&mOOO != 0 {
		ps.add(modeAll, flagOOO, id)
	}
	if f.moves&mEP != 0 {
		ps.add(modeAll, flagEP, id)
	}
	for t := chess.Knight; t <= chess.Queen; t++ {
		if f.promo&(1<<t) != 0 {
			ps.add(modeAll, promoName(t), id)
		}
	}
	if f.err {
		ps.add(modeAll, flagErrors, id)
	}
}

// load puts a posting list read from an index under its key.
func (ps *postings) load(key []byte, bm *roaring.Bitmap) {
	if len(key) > 2 {
		mi := 0
		if key[1] == modeAll {
			mi = 1
		}
		if rest, ok := strings.CutPrefix(string(key[2:]), "occ/"); ok {
			piece, square, hasSquare := strings.Cut(rest, "/")
			k, err := strconv.Atoi(piece)
			if err == nil && k >= 0 && k < 12 {
				if !hasSquare {
					ps.occAny[mi][k] = bm
					return
				}
				if sq, err := strconv.Atoi(square); err == nil && sq >= 0 && sq < 64 {
					ps.occ[mi][k][sq] = bm
					return
				}
			}
		}
	}
	ps.flags[string(key)] = bm
}
