package index

import (
	"math/bits"

	"github.com/cqlgo/cql/chess"
)

// Moves are stored one byte each (a queen's move sometimes two), relative to the position
// they are played in: the high nibble is the moving piece's slot (pieceSlots: a number the
// piece keeps from the start position until it is captured), the low nibble the
// destination's number among the squares that piece could reach on an empty board.
// Opening lines that repeat make repeating bytes, which zstd compresses well; 16-bit
// from-to moves measured 57 MB after zstd for masters-463k's 38.5M moves, these far less.
// Decoding needs no move generation: the slot's square is one load, the destination and
// the kind of move one lookup in steps.
//
//	pawn:   0 push, 1 double push, 2 capture towards the a-file, 3 towards the h-file;
//	        promotions 4 + 4*direction (push, a-side, h-side) + piece (N, B, R, Q)
//	king:   0-7 a square of its empty-board reach; 15 - file of the rook it castles with
//	queen:  0-14 directly; 15 and a second byte for 15 and up (it reaches up to 27 squares)
//	others: 0-13, a square of its empty-board reach
//
// A low nibble of 15 is always followed by a second byte, so that the length of a code
// does not depend on the position (a variation is skipped without playing it): for a queen
// the destination's number minus 15, for any other piece 0. After 0xFF, a second byte of
// 0xF0 and up is a token (codeNull, codeOpen, codeClose, codeNote).
//
// Format 10 numbered the piece by its rank among its side's pieces in square order: the
// decoder selected the k-th set bit of the side's pieces at every move, a loop whose
// length the branch predictor cannot know. Slots cost the encoder and the decoder a
// 32-byte list per position they play from.
const (
	codeEscape = 0xFF
	codeToken  = 0xF0
	codeNull   = codeToken + iota // the null move
	codeOpen                      // a variation: the following moves replace the last move
	codeClose                     // the end of the variation: back to the move it replaced
	codeNote                      // the next note belongs to the last move (the root before any)
)

// pieceSlots[c][k] is the square of side c's piece number k (NoSquare for none). At the
// start position each side's pieces are numbered 0, 1, ... in square order, a1 first; a
// piece keeps its number through its moves, castling and promotion. The encoder sets a
// captured piece's slot to NoSquare so that a square names one slot; the decoder leaves it
// (a stream never names a captured piece's slot again).
type pieceSlots [2][16]chess.Square

// newSlots numbers the pieces of p; ok is false when a side has more than 16 pieces (a
// set-up position can), which a nibble cannot number.
func newSlots(p *chess.Position) (s pieceSlots, ok bool) {
	for c := chess.White; c <= chess.Black; c++ {
		b := p.ByColor(c)
		for k := range s[c] {
			s[c][k] = chess.NoSquare
			if b != 0 {
				s[c][k] = b.PopFirst()
			}
		}
		if b != 0 {
			return s, false
		}
	}
	return s, true
}

// startSlots numbers the pieces of the standard start position, which most games have.
var startSlots, _ = newSlots(ptr(chess.StartPosition()))

func ptr[T any](x T) *T { return &x }

// find returns the first slot of side c holding sq, -1 when none does. Eight slots at a
// time: a byte of the slots XOR sq is zero where sq is, and (w - 1s) &^ w marks the lowest
// zero byte exactly (the bytes are below 0x80). The encoder asks at every move; a loop over
// the slots was half of its time.
func (s *pieceSlots) find(c chess.Color, sq chess.Square) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	a := &s[c&1]
	for h := 0; h < 16; h += 8 {
		w := uint64(a[h]) | uint64(a[h+1])<<8 | uint64(a[h+2])<<16 | uint64(a[h+3])<<24 |
			uint64(a[h+4])<<32 | uint64(a[h+5])<<40 | uint64(a[h+6])<<48 | uint64(a[h+7])<<56
		w ^= ones * uint64(sq)
		if z := (w - ones) &^ w & highs; z != 0 {
			return h + bits.TrailingZeros64(z)/8
		}
	}
	return -1
}

// castle moves the king of slot k and the rook on rookFrom as castling m does.
func (s *pieceSlots) castle(us chess.Color, k int, m chess.Move) {
	r := s.find(us, m.To())
	s[us][k] = m.KingTo()
	if r >= 0 {
		file := 3 // the rook ends beside the king, on the d- or f-file
		if m.To() > m.From() {
			file = 5
		}
		s[us][r] = chess.SquareAt(file, m.From().Rank())
	}
}

// selectBit returns the square of the j-th set bit of b (NoSquare when there is none, or
// j < 0); it builds the tables below.
func selectBit(b chess.Bitboard, j int) chess.Square {
	x := uint64(b)
	if j < 0 {
		return chess.NoSquare
	}
	for ; j > 0; j-- { // x stays 0 once the bits run out
		x &= x - 1
	}
	if x == 0 {
		return chess.NoSquare
	}
	return chess.Square(bits.TrailingZeros64(x))
}

// reach[t][from][j] is the j-th square (a1 first) that a piece of type t (not a pawn) on
// from reaches on an empty board, NoSquare past the last: a move's destination in one
// lookup instead of a bit selection.
var reach = func() (r [chess.King + 1][64][28]chess.Square) {
	for t := chess.Knight; t <= chess.King; t++ {
		for from := chess.Square(0); from < 64; from++ {
			b := chess.EmptyBoardAttacks(chess.White, t, from)
			if t == chess.King {
				b = chess.KingAttacks(from)
			}
			for j := range r[t][from] {
				r[t][from][j] = selectBit(b, j)
			}
		}
	}
	return r
}()

// plainCodes[pc][from][to] is the low nibble of the code of a move of piece pc from from to
// to that is neither castling nor a promotion (15 when the nibble escapes to a second byte
// or the move is none a piece makes): what appendMove's switch on the piece computes, in
// one lookup, since which piece moves is what a branch predictor cannot guess.
var plainCodes = func() (t [16][64][64]uint8) {
	// The inverse of the decoder's steps over its plain moves and pawn captures, so that
	// the two cannot disagree.
	for pc := range t {
		for from := range t[pc] {
			for to := range t[pc][from] {
				t[pc][from][to] = 15
			}
			for j, st := range steps[pc][from][:15] {
				if kind := st &^ 63; kind == stepPlain || kind == stepPawnCapture {
					t[pc][from][st&63] = uint8(j)
				}
			}
		}
	}
	return t
}()

// rank returns the number of set bits of b below s.
func rank(b chess.Bitboard, s chess.Square) int {
	return bits.OnesCount64(uint64(b) & (uint64(1)<<s - 1))
}

// Kinds of entry in steps, in its top two bits; the low six are the destination.
const (
	stepPlain       = 0 << 6 // the piece moves there, taking what stands there
	stepPawnCapture = 1 << 6 // a pawn's diagonal step: a capture, or en passant onto the empty target
	stepSpecial     = 2 << 6 // a promotion, castling, or a queen's far move (decodeSpecial)
	stepNone        = 3 << 6 // no move
)

// steps[pc][from][j] is the destination and kind of the move with low nibble j of piece pc
// on from: one lookup for any piece, where a switch on the piece type would leave the
// branch predictor guessing at every move.
var steps = func() (t [16][64][16]uint8) {
	for pc := range t {
		for from := range t[pc] {
			for j := range t[pc][from] {
				t[pc][from][j] = step(chess.Piece(pc), chess.Square(from), j)
			}
		}
	}
	return t
}()

func step(pc chess.Piece, from chess.Square, j int) uint8 {
	at := func(to chess.Square, kind uint8) uint8 {
		if to >= chess.NoSquare {
			return stepNone
		}
		return uint8(to) | kind
	}
	switch pc.Type() {
	case chess.Pawn:
		fwd, home, last := 1, 1, 7
		if pc.Color() == chess.Black {
			fwd, home, last = -1, 6, 0
		}
		f, r := from.File(), from.Rank()
		dir, kind := j, uint8(stepPlain)
		if j >= 4 {
			dir, kind = (j-4)/4, stepSpecial
			if dir > 0 {
				dir++ // 1 west, 2 east -> 2, 3 as for plain captures
			}
		}
		tr, tf := r+fwd, f
		switch dir {
		case 1:
			tr += fwd
			if r != home {
				return stepNone
			}
		case 2:
			tf--
		case 3:
			tf++
		}
		if kind == stepPlain && dir >= 2 {
			kind = stepPawnCapture
		}
		if tf < 0 || tf > 7 || tr < 0 || tr > 7 || (kind == stepSpecial) != (tr == last) {
			return stepNone
		}
		return at(chess.SquareAt(tf, tr), kind)
	case chess.King:
		if j >= 8 {
			return at(chess.SquareAt(15-j, from.Rank()), stepSpecial)
		}
		return at(reach[chess.King][from][j], stepPlain)
	case chess.Queen:
		if j == 15 {
			return stepSpecial // the destination is in the second byte
		}
		return at(reach[chess.Queen][from][j], stepPlain)
	case chess.Knight, chess.Bishop, chess.Rook:
		return at(reach[pc.Type()][from][j], stepPlain)
	}
	return stepNone
}

// encSlots are the encoder's slots: pieceSlots and their inverse, the slot of the piece on
// each square (-1: none), since the encoder asks for the slot on a square at every move
// and capture (find was 4% of a build's CPU).
type encSlots struct {
	s  pieceSlots
	at [64]int8
}

// newEncSlots numbers the pieces of p as newSlots does.
func newEncSlots(p *chess.Position) (e encSlots, ok bool) {
	e.s, ok = newSlots(p)
	for sq := range e.at {
		e.at[sq] = -1
	}
	for c := range e.s {
		for k, sq := range e.s[c] {
			if sq < chess.NoSquare {
				e.at[sq] = int8(k)
			}
		}
	}
	return e, ok
}

// appendMove appends the code of m, legal in p, to dst, and moves the slots e (p's) as m
// moves the pieces; ok is false when e has no slot for the moving piece.
func appendMove(dst []byte, p *chess.Position, m chess.Move, e *encSlots) (_ []byte, ok bool) {
	if m.IsNull() {
		return append(dst, codeEscape, codeNull), true
	}
	us := p.SideToMove()
	from, to := m.From(), m.To()
	k := int(e.at[from])
	if k < 0 {
		return dst, false
	}
	pc := p.PieceAt(from)
	t := pc.Type()
	j := int(plainCodes[pc&15][from][to])
	switch {
	case j < 15 && !m.IsCastle() && m.Promotion() == chess.NoPieceType:
		// Most moves: the low nibble from one table, no branch on the piece.
	case t == chess.Pawn:
		d := int(to) - int(from)
		if us == chess.Black {
			d = -d
		}
		dir := 0 // push
		switch {
		case d == 16:
			j = 1
		case to.File() < from.File():
			j, dir = 2, 1
		case to.File() > from.File():
			j, dir = 3, 2
		}
		if pr := m.Promotion(); pr != chess.NoPieceType {
			j = 4 + 4*dir + int(pr-chess.Knight)
		}
	case t == chess.King:
		if m.IsCastle() {
			j = 15 - to.File()
		} else {
			j = rank(chess.KingAttacks(from), to)
		}
	default:
		j = rank(chess.EmptyBoardAttacks(us, t, from), to)
	}
	if m.IsCastle() {
		// The king takes its own rook: both leave their squares before either lands (in
		// Chess960 each may land on the other's).
		r := int(e.at[to])
		e.at[from], e.at[to] = -1, -1
		e.s.castle(us, k, m)
		e.at[e.s[us][k]] = int8(k)
		if r >= 0 {
			e.at[e.s[us][r]] = int8(r)
		}
	} else {
		taken := m.TakenSquare()
		if x := e.at[taken]; x >= 0 {
			e.s[us.Other()][x] = chess.NoSquare
			e.at[taken] = -1
		}
		e.s[us][k] = to
		e.at[from], e.at[to] = -1, int8(k)
	}
	if j < 15 {
		return append(dst, byte(k<<4|j)), true
	}
	ext := 0
	if t == chess.Queen {
		ext = j - 15
	}
	return append(dst, byte(k<<4|15), byte(ext)), true
}

// codeLen returns the length of the code at the start of b (1 or 2), whatever the position.
func codeLen(c byte) int {
	if c&15 == 15 {
		return 2
	}
	return 1
}

// decodeMove decodes the move at the start of b in p, whose pieces s numbers, and moves
// the slot of the moving piece (and of a castling rook) in s: the move, the bytes read,
// and ok false when the bytes name no move a piece of the side to move could make. The
// caller has taken tokens (0xFF, 0xF0 and up) out already.
func decodeMove(b []byte, p *chess.Position, s *pieceSlots) (chess.Move, int, bool) {
	c := b[0]
	us := p.SideToMove() & 1
	k := c >> 4
	// An empty slot (NoSquare) reads as a1 here; only a damaged stream names one, and then
	// it moves a piece of the side to move or is refused as any other code.
	from := s[us][k] & 63
	pc := p.PieceAt(from)
	if pc.Color() != us { // NoPiece passes: its table entries are stepNone
		return chess.NoMove, 1, false
	}
	e := steps[pc&15][from][c&15]
	to := chess.Square(e & 63)
	switch e &^ 63 {
	case stepPlain:
	case stepPawnCapture:
		if p.PieceAt(to) == chess.NoPiece {
			if to != p.EnPassant() {
				return chess.NoMove, 1, false
			}
			s[us][k] = to
			return chess.EnPassantMove(from, to), 1, true
		}
	case stepSpecial:
		return decodeSpecial(b, p, s, int(k), pc, to)
	default:
		return chess.NoMove, 1, false
	}
	if badTarget[us]>>(p.PieceAt(to)&15)&1 != 0 {
		return chess.NoMove, 1, false
	}
	s[us][k] = to
	return chess.NewMove(from, to, chess.NoPieceType), 1, true
}

// badTarget[c] has bit pc set for the pieces a move of side c cannot take: its own and
// the other king.
var badTarget = func() (t [2]uint16) {
	for c := chess.White; c <= chess.Black; c++ {
		for pt := chess.Pawn; pt <= chess.King; pt++ {
			t[c] |= 1 << chess.MakePiece(c, pt)
		}
		t[c] |= 1 << chess.MakePiece(c.Other(), chess.King)
	}
	return t
}()

// playCode plays the move at the start of b in p, as decodeMove decodes it, and returns
// the bytes read: a plain move, or a pawn's capture of a piece, goes from the table
// straight to PlayPiece without making a chess.Move.
func playCode(b []byte, p *chess.Position, s *pieceSlots) (int, bool) {
	c := b[0]
	us := p.SideToMove() & 1
	k := c >> 4
	from := s[us][k] & 63
	pc := p.PieceAt(from)
	e := steps[pc&15][from][c&15]
	to := chess.Square(e & 63)
	x := p.PieceAt(to)
	// kind plain, or a pawn capture onto a piece; a piece of the side to move; a target
	// the move may take
	if (e < stepPawnCapture || e < stepSpecial && x != chess.NoPiece) && pc.Color() == us && badTarget[us]>>(x&15)&1 == 0 {
		s[us][k] = to
		p.PlayPiece(from, to)
		return 1, true
	}
	m, n, ok := decodeMove(b, p, s)
	if !ok {
		return n, false
	}
	if m.IsPlain() {
		p.PlayPiece(m.From(), m.To())
	} else {
		p.Play(m)
	}
	return n, true
}

// decodeSpecial is decodeMove for a promotion, castling or a queen's far move of pc, the
// piece of slot k; to is its table destination (none for the queen's).
func decodeSpecial(b []byte, p *chess.Position, s *pieceSlots, k int, pc chess.Piece, to chess.Square) (chess.Move, int, bool) {
	us := pc.Color()
	from := s[us][k]
	j := int(b[0] & 15)
	n := codeLen(b[0])
	if n == 2 && (len(b) < 2 || pc.Type() != chess.Queen && b[1] != 0) {
		return chess.NoMove, n, false
	}
	promo := chess.NoPieceType
	switch pc.Type() {
	case chess.Queen: // j is 15: the second byte says how far past the 15th square
		if x := 15 + int(b[1]); x < len(reach[chess.Queen][from]) {
			to = reach[chess.Queen][from][x]
		} else {
			to = chess.NoSquare
		}
		if to == chess.NoSquare {
			return chess.NoMove, n, false
		}
	case chess.King:
		if p.PieceAt(to) != chess.MakePiece(us, chess.Rook) {
			return chess.NoMove, n, false
		}
		m := chess.CastlingMove(from, to)
		s.castle(us, k, m)
		return m, n, true
	case chess.Pawn:
		promo = chess.Knight + chess.PieceType((j-4)%4)
		if j >= 8 && p.PieceAt(to) == chess.NoPiece { // a capture needs something to take
			return chess.NoMove, n, false
		}
	}
	if badTarget[us&1]>>(p.PieceAt(to)&15)&1 != 0 {
		return chess.NoMove, n, false
	}
	s[us][k] = to
	return chess.NewMove(from, to, promo), n, true
}
