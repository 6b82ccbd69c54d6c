package filter

import (
	"strings"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// CQLi's imagine and currentmutation (query/imagine.go has the syntax;
// docs/cqli.md row 18 what each computes and what we chose where the manual's
// text was not seen).

// imagFrame is one change of the current position in effect: imagine's
// mutations (text), or a speculative move's (move, played at from).
type imagFrame struct {
	text string
	move chess.Move
	from *chess.Position
}

// imaginePut is one square imagine changes: pc on sq (NoPiece: empty it).
type imaginePut struct {
	sq chess.Square
	pc chess.Piece
}

// imagineNode is `imagine M ... : F`: F at a copy of the current position
// with the mutations made in order (a piece put on a square replaces what
// stood there; a castling right whose king or rook is replaced or taken off
// is gone; en passant only when still possible). Where the result has not
// one king a side or has a pawn on the first or last rank, nobody could play
// from it (our move generator needs both kings): imagine does not match and F
// is not evaluated. F reads the position alone (compile checks it), so only
// e.pos changes; the caches of the real position (moves, attacks) are dropped
// before and after.
type imagineNode struct {
	puts   []imaginePut
	side   int8 // -1: unchanged; else the chess.Color to move
	target node
	text   string // what currentmutation says of these mutations
}

func (n *imagineNode) match(e *Evaluator) bool {
	real := e.pos
	img := *real
	for _, p := range n.puts {
		img.Set(p.sq, p.pc)
	}
	if n.side >= 0 {
		img.SetSide(chess.Color(n.side))
	}
	if img.Finish() != nil {
		return false
	}
	e.pos = &img
	e.legalAt, e.pseudoAt, e.atkAt = -2, -2, -2
	e.imag = append(e.imag, imagFrame{text: n.text})
	ok := n.target.match(e)
	e.imag = e.imag[:len(e.imag)-1]
	e.pos = real
	e.legalAt, e.pseudoAt, e.atkAt = -2, -2, -2
	return ok
}

// currentMutationNode is currentmutation: the changes in effect at an
// imaginary position, oldest first, separated by spaces: imagine's mutations
// as written in canonical form (Qd5 for a piece put on a square, _e4 for a
// square emptied, wtm or btm), a speculative move in UCI notation (e2e4,
// e7e8q). At a position of the game there is none: no value, no match.
type currentMutationNode struct{}

func (currentMutationNode) str(e *Evaluator) (string, bool) {
	if len(e.imag) == 0 {
		return "", false
	}
	if len(e.imag) == 1 && e.imag[0].from == nil {
		return e.imag[0].text, true
	}
	var b strings.Builder
	for i, f := range e.imag {
		if i > 0 {
			b.WriteByte(' ')
		}
		if f.from != nil {
			b.WriteString(f.from.UCI(f.move))
		} else {
			b.WriteString(f.text)
		}
	}
	return b.String(), true
}
func (currentMutationNode) match(e *Evaluator) bool { return len(e.imag) > 0 }

// imagine compiles imagine's mutations and target (query.checkImagine has
// checked their form).
func (c *compiler) imagine(n *query.Builtin) (node, error) {
	last := len(n.Args) - 1
	t := n.Args[last]
	if !imaginaryLocal(t) {
		return nil, errorf(t, "imagine's target is evaluated at a position not in the game: only filters of the position itself are supported there (pieces, attacks, check, mate, stalemate, wtm, btm, counts and comparisons, zobristkey, currentfen, legalposition, move legal, currentmutation, imagine ...)")
	}
	m := &imagineNode{side: -1}
	var words []string
	for _, a := range n.Args[:last] {
		switch a := a.(type) {
		case *query.PieceDesignator:
			pc := chess.NoPiece
			letter := "_"
			for k := query.WhiteKing; k < query.Empty; k++ {
				if a.Pieces.Has(k) {
					pc = chessPiece(k)
					letter = string(pieceNames[pc])
				}
			}
			for s := chess.Square(0); s < 64; s++ {
				if a.Squares&(1<<s) != 0 {
					m.puts = append(m.puts, imaginePut{s, pc})
					words = append(words, letter+s.String())
				}
			}
		case *query.Keyword:
			m.side = int8(chess.White)
			word := "wtm"
			if a.Kind == query.KwBtm {
				m.side, word = int8(chess.Black), "btm"
			}
			words = append(words, word)
		}
	}
	m.text = strings.Join(words, " ")
	var err error
	if m.target, err = c.compile(t); err != nil {
		return nil, err
	}
	return m, nil
}

// imaginaryLocal reports whether n reads nothing but the current position, so
// that it may be evaluated at an imaginary one (imagine's and the speculative
// move's targets). It takes what positionLocal takes and, besides, the legal
// and pseudolegal move filters (with their own targets), imagine and
// currentmutation, which read the position the evaluator is at; the game
// tree, tags, variables (other than the loop variables of square iterations
// inside n) and filters with effects are not.
func imaginaryLocal(root query.Node) bool {
	loop := map[*query.Symbol]bool{}
	ok := true
	query.Inspect(root, func(x query.Node) bool {
		if !ok {
			return false
		}
		switch n := x.(type) {
		case *query.PieceDesignator, *query.NumberLit, *query.BoolLit, *query.StringLit, *query.Block, *query.Compare, *query.Match:
		case *query.Unary:
			ok = n.Op == query.OpNot || n.Op == query.OpComplement || n.Op == query.OpCount || n.Op == query.OpPower
		case *query.Binary:
			switch n.Op {
			case query.OpAnd, query.OpOr, query.OpInter, query.OpUnion, query.OpIn, query.OpAttacks, query.OpAttackedBy:
			default:
				ok = false
			}
		case *query.Keyword:
			ok = positionLocal(n, nil)
		case *query.Square:
			ok = !n.Piece && n.Var != nil
			loop[n.Var] = true
		case *query.Var:
			ok = n.Sym != nil && loop[n.Sym]
		case *query.Builtin:
			ok = n.Name == "currentmutation" || n.Name == "imagine"
		case *query.Move:
			ok = (n.Select == query.MoveLegal || n.Select == query.MovePseudoLegal) && n.Comment == nil && !n.Primary && !n.Secondary
		default:
			ok = false
		}
		return ok
	})
	return ok
}
