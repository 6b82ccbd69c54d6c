package chess

import (
	"fmt"
	"strings"
)

// SANError says why a move text could not be read in a position.
type SANError struct {
	Move   string // the text as given
	Reason string
}

func (e *SANError) Error() string { return fmt.Sprintf("%s: %q", e.Reason, e.Move) }

func sanError(s []byte, format string, args ...any) error {
	return &SANError{Move: string(s), Reason: fmt.Sprintf(format, args...)}
}

// figurine maps the second and third bytes of a UTF-8 chess figurine (U+2654..U+265F,
// E2 99 94..9F) to its piece type, so figurine SAN reads like letters.
func figurine(b []byte) PieceType {
	if len(b) < 3 || b[0] != 0xE2 || b[1] != 0x99 || b[2] < 0x94 || b[2] > 0x9F {
		return NoPieceType
	}
	return [6]PieceType{King, Queen, Rook, Bishop, Knight, Pawn}[(b[2]-0x94)%6]
}

// sanPieces maps SAN piece letters to piece types; a table avoids a branchy switch on the
// hottest byte of replay.
var sanSuffix = [256]bool{'+': true, '#': true, '!': true, '?': true}

var sanPieces = [256]PieceType{'N': Knight, 'B': Bishop, 'R': Rook, 'Q': Queen, 'K': King, 'P': Pawn}

func pieceOfLetter(c byte) PieceType { return sanPieces[c] }

func promoOfLetter(c byte) PieceType {
	switch c {
	case 'N', 'n':
		return Knight
	case 'B', 'b':
		return Bishop
	case 'R', 'r':
		return Rook
	case 'Q', 'q':
		return Queen
	}
	return NoPieceType
}

// ParseSAN reads a move in Standard Algebraic Notation, in every spelling real PGN files use:
// Nbd7, N1d7, Qh4xe1, exd6, exd6e.p., e8=Q, e8Q, e8(Q), e8/Q, O-O, 0-0-0, figurines, long
// algebraic (Ng1-f3, e2-e4, e7xd8=Q) and UCI (e2e4), with any + # ! ? suffixes. The move is
// found from attack sets, not by generating every move; it must be legal and unambiguous.
// It does not allocate unless it fails.
func (p *Position) ParseSAN(s []byte) (Move, error) {
	if m := p.quickSAN(s); m != NoMove && p.board[m.To()].Type() != King {
		return m, nil
	}
	m, err := p.parseSAN(s)
	if err == nil && !m.IsCastle() && p.board[m.To()].Type() == King {
		// Only a set-up position with the side not to move in check offers this.
		return NoMove, sanError(s, "illegal move: it captures the king")
	}
	return m, err
}

// quickSAN reads the shapes that make up nearly all moves of real games (e4, exd5, Nf3, Nxf3,
// Nbd7, N1d7, with an optional + or #) in one function, with no error values. It returns
// NoMove for any other shape and for any move it cannot plainly accept, so that parseSAN
// reads the rare spellings and words the errors.
func (p *Position) quickSAN(s []byte) Move {
	n := len(s)
	if n > 0 && (s[n-1] == '+' || s[n-1] == '#') {
		n--
	}
	if n < 2 || n > 4 {
		return NoMove
	}
	f, r := s[n-2]-'a', s[n-1]-'1' // bytes: out-of-range letters wrap above 7
	if f > 7 || r > 7 {
		return NoMove
	}
	to := Square(r)*8 + Square(f)
	us := p.side
	occ := p.byType[0]
	ksq := p.King(us)
	c := s[0]
	var from Square
	if n == 2 || n == 4 && c-'a' <= 7 && s[1] == 'x' {
		// A pawn move that does not promote.
		if r == 0 || r == 7 {
			return NoMove
		}
		pawn := MakePiece(us, Pawn)
		back := 8 // from the destination back to the pawn's square
		if us == Black {
			back = -8
		}
		if n == 2 {
			if occ.Has(to) {
				return NoMove
			}
			from = Square(int(to) - back)
			if p.board[from] != pawn {
				if p.board[from] != NoPiece || r != 3 && us == White || r != 4 && us == Black {
					return NoMove
				}
				from = Square(int(from) - back)
				if p.board[from] != pawn {
					return NoMove
				}
			}
		} else {
			ff := c - 'a'
			if ff != f+1 && ff+1 != f {
				return NoMove
			}
			from = Square(int(to) - back + int(ff) - int(f))
			if p.board[from] != pawn {
				return NoMove
			}
			if to == p.ep {
				m := newMove(from, to, NoPieceType, moveEnPassant)
				if !p.legal(m) {
					return NoMove
				}
				return m
			}
			if !p.byColor[us.Other()].Has(to) {
				return NoMove
			}
		}
	} else {
		pt := sanPieces[c]
		if pt == NoPieceType || pt == Pawn || p.byColor[us].Has(to) {
			return NoMove
		}
		own := p.byType[pt] & p.byColor[us]
		var cands Bitboard
		switch pt {
		case Knight:
			cands = knightAttacks[to] & own
		case King:
			cands = kingAttacks[to] & own // none: perhaps castling written as a king move
		default:
			cands = sliderReach(pt, to, own, occ)
		}
		if n == 4 {
			switch d := s[1]; {
			case d == 'x':
			case d-'a' <= 7:
				cands &= FileBB(int(d - 'a'))
			case d-'1' <= 7:
				cands &= RankBB(int(d - '1'))
			default:
				return NoMove
			}
		}
		if cands == 0 {
			return NoMove
		}
		if pt == King {
			from = cands.First()
			if p.attackedBy(to, occ&^SquareBB(from), us.Other()) {
				return NoMove
			}
			return newMove(from, to, NoPieceType, moveNormal)
		}
		if cands&(cands-1) != 0 {
			// Several pieces reach to: exactly one may move without exposing the king.
			found := NoMove
			for cands != 0 {
				if m := newMove(cands.PopFirst(), to, NoPieceType, moveNormal); p.legal(m) {
					if found != NoMove {
						return NoMove
					}
					found = m
				}
			}
			return found
		}
		from = cands.First()
	}
	// One candidate, not a king: without check, only a pin on the king's line through from
	// can make it illegal.
	m := newMove(from, to, NoPieceType, moveNormal)
	if p.Checkers() == 0 {
		if !pseudoQueen[ksq].Has(from) || p.notPinned(ksq, from, to) {
			return m
		}
		return NoMove
	}
	if !p.legal(m) {
		return NoMove
	}
	return m
}

// parseSAN is ParseSAN for every spelling, with errors.
func (p *Position) parseSAN(s []byte) (Move, error) {
	orig := s
	// Suffixes: check and mate signs, annotation glyphs, "e.p.", "ep". Most moves have none,
	// so the common path is one table lookup.
	for n := len(s); n > 0; n = len(s) {
		c := s[n-1]
		if sanSuffix[c] {
			s = s[:n-1]
			continue
		}
		if c == '-' && n > 3 && s[n-2] == '+' { // "+-"
			s = s[:n-1]
			continue
		}
		if c == '.' && n > 4 && string(s[n-4:]) == "e.p." {
			s = s[:n-4]
			continue
		}
		if c == 'p' && n > 3 && s[n-2] == 'e' && s[n-3] >= '1' && s[n-3] <= '8' {
			s = s[:n-2]
			continue
		}
		break
	}
	if len(s) < 2 {
		return NoMove, sanError(orig, "move too short")
	}
	if c := s[0]; c == 'O' || c == '0' || c == 'o' {
		m, ok := p.parseCastle(s)
		if !ok {
			return NoMove, sanError(orig, "malformed castling")
		}
		if m == NoMove {
			return NoMove, sanError(orig, "castling is not legal here")
		}
		return m, nil
	}
	pt := Pawn
	if t := pieceOfLetter(s[0]); t != NoPieceType {
		pt = t
		s = s[1:]
	} else if t := figurine(s); t != NoPieceType {
		pt = t
		s = s[3:]
	}
	// Promotion at the end: Q, =Q, (Q), /Q; lower case accepted.
	promo := NoPieceType
	if n := len(s); n >= 3 && s[n-1] == ')' && s[n-3] == '(' {
		promo = promoOfLetter(s[n-2])
		if promo == NoPieceType {
			return NoMove, sanError(orig, "bad promotion piece")
		}
		s = s[:n-3]
	} else if n >= 3 && (s[n-1] < '1' || s[n-1] > '8') {
		promo = promoOfLetter(s[n-1])
		if promo == NoPieceType {
			return NoMove, sanError(orig, "malformed move")
		}
		s = s[:n-1]
		if n := len(s); s[n-1] == '=' || s[n-1] == '/' {
			s = s[:n-1]
		}
	}
	if len(s) < 2 {
		return NoMove, sanError(orig, "malformed move")
	}
	to, ok := squareOf(s[len(s)-2:])
	if !ok {
		return NoMove, sanError(orig, "malformed move: no destination square")
	}
	fromFile, fromRank := -1, -1
	capture := false
	for _, c := range s[:len(s)-2] {
		switch {
		case c >= 'a' && c <= 'h' && fromFile < 0 && fromRank < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		case (c == 'x' || c == ':') && !capture:
			capture = true
		case c == '-':
		default:
			return NoMove, sanError(orig, "malformed move")
		}
	}
	if promo != NoPieceType && pt != Pawn {
		return NoMove, sanError(orig, "only pawns promote")
	}
	us := p.side
	if p.byColor[us].Has(to) {
		return NoMove, sanError(orig, "illegal move: %v holds a piece of the side to move", to)
	}
	// Long algebraic or UCI names the origin square: the piece letter may be missing.
	if fromFile >= 0 && fromRank >= 0 {
		from := SquareAt(fromFile, fromRank)
		pc := p.board[from]
		if pc == NoPiece || pc.Color() != us || (pt != Pawn && pc.Type() != pt) {
			return NoMove, sanError(orig, "illegal move: no matching piece on %v", from)
		}
		pt = pc.Type()
		if pt == King && p.castle != 0 {
			if m, ok := p.kingCastleByDestination(from, to); ok {
				return m, nil
			}
		}
		if pt != Pawn && Attacks(us, pt, from, p.byType[0])&SquareBB(to) == 0 {
			return NoMove, sanError(orig, "illegal move: the piece on %v cannot reach %v", from, to)
		}
	}
	if pt == Pawn {
		return p.resolvePawn(orig, fromFile, fromRank, to, promo)
	}
	return p.resolvePiece(orig, pt, to, fromFile, fromRank)
}

// resolvePiece finds the piece of type pt (not a pawn) that moves to to, optionally on the
// given file and rank (-1 when not given).
func (p *Position) resolvePiece(orig []byte, pt PieceType, to Square, fromFile, fromRank int) (Move, error) {
	cands := p.reaching(pt, to)
	if fromFile >= 0 {
		cands &= FileBB(fromFile)
	}
	if fromRank >= 0 {
		cands &= RankBB(fromRank)
	}
	if cands == 0 {
		if pt == King {
			if m, ok := p.kingCastleByDestination(p.King(p.side), to); ok {
				return m, nil
			}
		}
		return NoMove, sanError(orig, "illegal move: no %s can move to %v", pieceName[pt], to)
	}
	var found Move
	n := 0
	for b := cands; b != 0; {
		from := b.PopFirst()
		if m := newMove(from, to, NoPieceType, moveNormal); p.legal(m) {
			found = m
			n++
		}
	}
	switch {
	case n == 0:
		return NoMove, sanError(orig, "illegal move: it leaves the king in check")
	case n > 1:
		return NoMove, sanError(orig, "ambiguous move: %d %ss can move to %v", n, pieceName[pt], to)
	}
	return found, nil
}

var pieceName = [7]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

func squareOf(b []byte) (Square, bool) {
	if len(b) != 2 || b[0] < 'a' || b[0] > 'h' || b[1] < '1' || b[1] > '8' {
		return NoSquare, false
	}
	return SquareAt(int(b[0]-'a'), int(b[1]-'1')), true
}

// reaching returns the pieces of type pt of the side to move whose moves (pins ignored) reach to.
func (p *Position) reaching(pt PieceType, to Square) Bitboard {
	own := p.Pieces(p.side, pt)
	switch pt {
	case Knight:
		return knightAttacks[to] & own
	case King:
		return kingAttacks[to] & own
	case Bishop, Rook, Queen:
		return sliderReach(pt, to, own, p.byType[0])
	}
	return Attacks(p.side.Other(), pt, to, p.byType[0]) & own
}

// sliderReach returns the sliders of type pt among own that reach to on the board occ.
// There are rarely more than two, and the empty-board and between tables are small enough
// to stay in cache, unlike the magic attack tables.
func sliderReach(pt PieceType, to Square, own, occ Bitboard) Bitboard {
	var r Bitboard
	for b := own & pseudoSlider[pt&7][to]; b != 0; {
		if sq := b.PopFirst(); betweenBB[sq][to]&occ == 0 {
			r |= SquareBB(sq)
		}
	}
	return r
}

func (p *Position) parseCastle(s []byte) (Move, bool) {
	n := 0 // number of O's
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 'O', '0', 'o':
			if i%2 != 0 {
				return NoMove, false
			}
			n++
		case '-':
			if i%2 != 1 {
				return NoMove, false
			}
		default:
			return NoMove, false
		}
	}
	if len(s)%2 == 0 || n < 2 || n > 3 {
		return NoMove, false
	}
	us := p.side
	bit := 2 * int(us)
	if n == 3 {
		bit++
	}
	if p.castle&(1<<bit) == 0 || p.InCheck() {
		return NoMove, true
	}
	m := newMove(p.King(us), p.castleRook[bit], NoPieceType, moveCastle)
	if !p.castleOK(m) {
		return NoMove, true
	}
	return m, true
}

// kingCastleByDestination reads a king move onto its castling destination (Kg1, e1g1) or onto
// its own rook (e1h1, Chess960 UCI) as castling.
func (p *Position) kingCastleByDestination(from, to Square) (Move, bool) {
	us := p.side
	if from != p.King(us) || p.InCheck() {
		return NoMove, false
	}
	for i := 0; i < 2; i++ {
		bit := 2*int(us) + i
		if p.castle&(1<<bit) == 0 {
			continue
		}
		m := newMove(from, p.castleRook[bit], NoPieceType, moveCastle)
		if to == m.To() || (to == m.KingTo() && !p.chess960 && !kingAttacks[from].Has(to)) {
			if p.castleOK(m) {
				return m, true
			}
		}
	}
	return NoMove, false
}

func (p *Position) resolvePawn(orig []byte, fromFile, fromRank int, to Square, promo PieceType) (Move, error) {
	us := p.side
	pawns := p.Pieces(us, Pawn)
	back := -8
	if us == Black {
		back = 8
	}
	var from Square
	kind := uint32(moveNormal)
	if fromFile >= 0 && fromFile != to.File() {
		if d := fromFile - to.File(); d != 1 && d != -1 {
			return NoMove, sanError(orig, "illegal move: a pawn cannot capture from the %c-file to %v", 'a'+fromFile, to)
		}
		from = Square(int(to) + back + fromFile - to.File())
		if int(to)+back < 0 || int(to)+back > 63 {
			return NoMove, sanError(orig, "illegal move")
		}
		switch {
		case to == p.ep:
			kind = moveEnPassant
		case !p.byColor[us.Other()].Has(to):
			return NoMove, sanError(orig, "illegal move: nothing to capture on %v", to)
		}
	} else {
		one := int(to) + back
		if one < 0 || one > 63 || p.board[to] != NoPiece {
			return NoMove, sanError(orig, "illegal move: pawn cannot advance to %v", to)
		}
		from = Square(one)
		if !pawns.Has(from) {
			two := one + back
			if p.board[from] != NoPiece || two < 0 || two > 63 || !pawns.Has(Square(two)) ||
				(us == White && to.Rank() != 3) || (us == Black && to.Rank() != 4) {
				return NoMove, sanError(orig, "illegal move: no pawn can advance to %v", to)
			}
			from = Square(two)
		}
	}
	if !pawns.Has(from) || (fromRank >= 0 && from.Rank() != fromRank) {
		return NoMove, sanError(orig, "illegal move: no pawn on %v", from)
	}
	if last := to.Rank() == 0 || to.Rank() == 7; last != (promo != NoPieceType) {
		if last {
			return NoMove, sanError(orig, "illegal move: promotion piece missing")
		}
		return NoMove, sanError(orig, "illegal move: a pawn promotes only on the last rank")
	}
	m := newMove(from, to, promo, kind)
	if !p.legal(m) {
		return NoMove, sanError(orig, "illegal move: it leaves the king in check")
	}
	return m, nil
}

// legal reports whether a pseudo-legal, non-castling move keeps the own king safe, by looking
// at the king's attackers on the board after the move: cheaper than computing pins and
// checkers when only a move or two need the test.
func (p *Position) legal(m Move) bool {
	from, to := m.From(), m.To()
	them := p.side.Other()
	occ := p.byType[0]
	if p.board[from].Type() == King {
		return !p.attackedBy(to, occ&^SquareBB(from), them)
	}
	ksq := p.King(p.side)
	if p.Checkers() == 0 && !m.IsEnPassant() {
		return p.notPinned(ksq, from, to)
	}
	captured := SquareBB(to)
	if m.IsEnPassant() {
		if p.side == White {
			captured = SquareBB(to - 8)
		} else {
			captured = SquareBB(to + 8)
		}
	}
	after := occ&^SquareBB(from)&^captured | SquareBB(to)
	return p.attackersTo(ksq, after)&p.byColor[them]&^captured == 0
}

// notPinned reports whether moving the piece on from to to keeps the king on ksq safe from
// a pin: an enemy slider of the right kind on the king's line through from, with nothing
// else between. Without check, that is all a non-king move needs.
func (p *Position) notPinned(ksq, from, to Square) bool {
	// The small tables first: no enemy slider on the king's lines means no pin.
	if !pseudoQueen[ksq].Has(from) || p.byColor[p.side.Other()]&p.sliders()&pseudoQueen[ksq] == 0 ||
		lineBB[ksq][from].Has(to) {
		return true
	}
	after := p.byType[0]&^SquareBB(from) | SquareBB(to)
	for sliders := p.lineSliders(ksq, from, p.side.Other()) &^ SquareBB(to); sliders != 0; {
		if betweenBB[ksq][sliders.PopFirst()]&after == 0 {
			return false
		}
	}
	return true
}

// SAN returns the move in Standard Algebraic Notation.
func (p *Position) SAN(m Move) string { return string(p.AppendSAN(make([]byte, 0, 8), m)) }

// AppendSAN appends the SAN of the legal move m to dst: minimal disambiguation (file, then rank,
// then both), =Q for promotions, + for check and # for mate; "--" for a null move.
func (p *Position) AppendSAN(dst []byte, m Move) []byte {
	next := *p
	next.Play(m)
	return p.AppendSANTo(dst, m, &next)
}

// AppendSANTo is AppendSAN given next, the position m leads to (a game tree's child node):
// its check and mate make the suffix, without playing m again.
func (p *Position) AppendSANTo(dst []byte, m Move, next *Position) []byte {
	switch {
	case m.IsNull():
		return append(dst, "--"...)
	case m.IsCastle():
		if m.To() > m.From() {
			dst = append(dst, "O-O"...)
		} else {
			dst = append(dst, "O-O-O"...)
		}
	default:
		from, to := m.From(), m.To()
		pt := p.board[from].Type()
		capture := p.board[to] != NoPiece || m.IsEnPassant()
		if pt == Pawn {
			if capture {
				dst = append(dst, 'a'+byte(from.File()), 'x')
			}
			dst = append(dst, 'a'+byte(to.File()), '1'+byte(to.Rank()))
			if promo := m.Promotion(); promo != NoPieceType {
				dst = append(dst, '=', promo.Letter())
			}
		} else {
			dst = append(dst, pt.Letter())
			others := p.reaching(pt, to) &^ SquareBB(from)
			for b := others; b != 0; {
				if o := b.PopFirst(); !p.legal(newMove(o, to, NoPieceType, moveNormal)) {
					others &^= SquareBB(o)
				}
			}
			if others != 0 {
				switch {
				case others&FileBB(from.File()) == 0:
					dst = append(dst, 'a'+byte(from.File()))
				case others&RankBB(from.Rank()) == 0:
					dst = append(dst, '1'+byte(from.Rank()))
				default:
					dst = append(dst, 'a'+byte(from.File()), '1'+byte(from.Rank()))
				}
			}
			if capture {
				dst = append(dst, 'x')
			}
			dst = append(dst, 'a'+byte(to.File()), '1'+byte(to.Rank()))
		}
	}
	if next.InCheck() {
		if next.HasLegalMove() {
			dst = append(dst, '+')
		} else {
			dst = append(dst, '#')
		}
	}
	return dst
}

// ParseUCI reads a move in UCI long algebraic notation (e2e4, e7e8q, e1g1 or e1h1 for castling).
func (p *Position) ParseUCI(s string) (Move, error) {
	if s == "0000" {
		return NullMove, nil
	}
	if len(s) < 4 || len(s) > 5 {
		return NoMove, &SANError{Move: s, Reason: "malformed UCI move"}
	}
	from, ok1 := ParseSquare(s[:2])
	to, ok2 := ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return NoMove, &SANError{Move: s, Reason: "malformed UCI move"}
	}
	promo := NoPieceType
	if len(s) == 5 {
		if promo = promoOfLetter(s[4]); promo == NoPieceType {
			return NoMove, &SANError{Move: s, Reason: "bad promotion piece"}
		}
	}
	if p.board[from].Type() == King && p.board[from].Color() == p.side {
		if m, ok := p.kingCastleByDestination(from, to); ok {
			return m, nil
		}
	}
	var l MoveList
	p.LegalMoves(&l)
	for _, m := range l.Moves() {
		if m.From() == from && m.To() == to && m.Promotion() == promo && !m.IsCastle() {
			return m, nil
		}
	}
	return NoMove, &SANError{Move: s, Reason: "illegal move"}
}

// UCI returns the move in UCI notation: castling as the king's two-square move, or as king
// takes rook in Chess960.
func (p *Position) UCI(m Move) string {
	if m.IsNull() {
		return "0000"
	}
	to := m.To()
	if m.IsCastle() && !p.chess960 {
		to = m.KingTo()
	}
	s := m.From().String() + to.String()
	if promo := m.Promotion(); promo != NoPieceType {
		s += strings.ToLower(string(promo.Letter()))
	}
	return s
}
