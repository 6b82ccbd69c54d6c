package query

import (
	"strings"
	"unicode/utf8"
)

// CQL 6.2's move filters outside paths: F--G (―― in Unicode) and F×G ([x]).
//
// They are read as CQL's parser reads them (build 9.493, toplevel.cpp and
// dash-parse.cpp), which settles every form by three rules instead of a list:
//   - A move filter sits between the attack arrows and * / %: its left side
//     F is everything above it (| & attacks → ←), so `b|q--` is (b|q)--, and
//     `x:y--` is (x:y)--; its right side G is the same, so `--q|b` is --(q|b).
//   - The lexer ties a -- to what touches it. A -- touching the token before
//     it (CQL's "left tie"; not after whitespace or one of ( { : + - * / > < ,
//     ~ = | & ∊) takes what stands before it as F, which must be a set: `----`,
//     `--k--`, `{e2 2}--`, `--(k)--` and `and--` are errors. A -- touching the
//     token after it ("right tie"; not one of } ) * + ? :) reads G, = and the
//     promotion from there; a ( after whitespace is an error, since CQL reads
//     a ( after a move filter as its target.
//   - `{2}`, `{2,4}`, `{,4}`, `{2,}` written without spaces are one token,
//     a repetition, never a block: `--{5}` is -- and a misplaced repetition.
// Inside a path the path's own rules apply (see parsePathConstituent).

// Dash is `F--G`, `F×G` (captures only), with an optional promotion `=P`
// and an optional target filter in parentheses evaluated in the position
// after the move: it matches when a move played from the current position
// goes from a square of From to a square of To (nil: any square). With a
// target that has a value (a set, number, string or position), the value
// is the target's after the first such move where it has one (CQL's
// dashnode.cpp); otherwise it is logical.
type Dash struct {
	At
	From, To Node // set filters or nil
	Capture  bool
	Promote  PieceSet
	// PromoteBy is a string filter after '=' (`--="q"`, `--=v`): the move is
	// a promotion and, unless the string (evaluated before the move) is empty
	// or ".", one of its letters, in either case, names the promoted piece
	// (CQL's PastMoveNode). Nil: none.
	PromoteBy Node
	Target    Node // nil: none
	T         Type
}

// Type is the target's when it has a value, else logical.
func (d *Dash) Type() Type { return d.T }
func (*Dash) node()        {}

// touching reports whether the current token starts right where the
// previous one ended: `R--` is a rook move, `R --` a rook and any move.
func (p *parser) touching() bool { return p.tok.pos.Offset == p.prevEnd }

// leftTied reports whether the current -- or × is tied to the token before
// it, as CQL's lexer decides (DashToken::fixPrevious): it touches it and
// that token does not end in one of ( { : + - * / > < , ~ = and is not
// | & ∊ [element] focus currentposition flip flipcolor.
func (p *parser) leftTied() bool {
	if !p.touching() || p.prevEnd == 0 || p.prevEnd > len(p.src) {
		return false
	}
	before := p.src[:p.prevEnd]
	if s := string(before); strings.HasSuffix(s, "--") && !strings.HasSuffix(s, "<--") {
		return true // a -- is no special token for CQL's lexer: ---- ties the second to the first
	}
	r, _ := utf8.DecodeLastRune(before)
	if strings.ContainsRune("({:+-*/><,~=|&∊", r) || strings.HasSuffix(string(before), "[element]") {
		return false
	}
	i := len(before)
	for i > 0 && (before[i-1] >= 'a' && before[i-1] <= 'z') {
		i--
	}
	switch string(before[i:]) {
	case "focus", "currentposition", "curpos", "flip", "flipcolor":
		return i == 0 || !isWordByte(before[i-1])
	}
	return true
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// rightTied reports whether the current token is tied to the -- or × just
// read (DashToken::fixNext): it touches it and does not start with one of
// } ) * + ? :.
func (p *parser) rightTied() bool {
	if !p.touching() {
		return false
	}
	switch p.tok.kind {
	case tEOF, tRBrace, tRParen, tStar, tPlus, tQuestion, tColon, tAddAssign, tMulAssign:
		return false
	}
	return true
}

// parseDashLevel parses the operand of * / % (CQL's match_mulop_x): a move
// filter starting with -- or × and nothing after it, or a filter of the
// attack-arrow level and the move filter it is the left side of when a --
// or × is tied to it. legal, pseudolegal, countmoves and currentmove take
// this as their argument.
func (p *parser) parseDashLevel() Node {
	if p.tok.kind == tDash || p.tok.kind == tCross {
		return p.parseDash(nil, p.tok.pos)
	}
	x := p.parseArrows()
	if (p.tok.kind == tDash || p.tok.kind == tCross) && p.leftTied() {
		if _, isDash := x.(*Dash); isDash {
			p.errorf(p.tok.pos, "%s touches the move filter before it: CQL reads it as that filter's left side, which must be a set; put a space between two move filters", p.tok.describe())
		}
		return p.parseDash(x, x.Pos())
	}
	return x
}

// parseDash parses the rest of a move filter whose left side (nil: none)
// has been read; the current token is -- or ×.
func (p *parser) parseDash(left Node, pos Pos) Node {
	if left == nil && p.leftTied() && !p.pathStep {
		p.errorf(p.tok.pos, "%s touches the filter before it, so CQL reads that filter as the move's from-set, and there is no set filter there; put a space before %s", p.tok.describe(), p.tok.raw)
	}
	d := &Dash{At: At{pos}, From: left, Capture: p.tok.kind == tCross}
	p.next()
	if p.rightTied() {
		p.parseDashRight(d)
		if p.tok.kind == tAssign {
			p.parsePromotion(d)
		}
	}
	if p.tok.kind == tLParen && !p.touching() && !p.pathStep {
		p.errorf(p.tok.pos, "'(' after a move filter and a space: CQL reads '(' right after a move filter as its target and refuses a space before it; write %s(target) without the space, or put the parenthesised filter elsewhere", dashWord(d))
	}
	if p.tok.kind == tLParen && p.touching() {
		open := p.tok.pos
		p.next()
		if (p.tok.kind == tPlus || p.tok.kind == tHash) && p.peek().kind == tRParen {
			// PGN's check and mate suffixes are no CQL filters.
			p.errorf(p.tok.pos, "%s is not a filter: a checking move is --(check), a mating one --(mate)", p.tok.describe())
		}
		// A sequence of filters, as CQL's `-- (mate from)`: all must match.
		// In a path step CQL takes exactly one filter here (path-parse.cpp).
		step := p.pathStep
		b := &Block{At: At{open}}
		for p.tok.kind != tRParen && p.tok.kind != tEOF {
			if step && len(b.Filters) == 1 {
				p.errorf(p.tok.pos, "in a path, the parentheses after a move step hold exactly one filter (CQL's rule); write the filters after the step, or in braces: %s({check mate})", dashWord(d))
			}
			b.Filters = append(b.Filters, p.parseFilter())
		}
		if len(b.Filters) == 0 {
			p.fail("a filter in the target of the move")
		}
		d.Target = b.Filters[0]
		if len(b.Filters) > 1 {
			d.Target = b
		}
		p.expect(tRParen, " to close the target filter of the move")
		if p.tok.kind == tLParen && p.touching() {
			p.errorf(p.tok.pos, "a second '(' after the target of a move filter: put all target filters in one pair of parentheses, like --(check mate)")
		}
	}
	if p.isKw("count") {
		// CQL builds DashNode's counting mode only through countmoves (match_countmoves,
		// build 9.493): `D count` is no CQL syntax.
		p.errorf(p.tok.pos, "'count' after a %s move filter: CQL counts moves with 'countmoves %s' (the moves played) or 'countmoves legal %s' (the legal moves)", dashWord(d), dashWord(d), dashWord(d))
	}
	return d
}

// parseDashRight reads the right side G of a move filter whose -- is tied
// to the current token, as CQL's match_dash_right: none before = or (, a
// variable right before = (its set), else a filter of the attack-arrow
// level if one starts here (the checker requires a set).
func (p *parser) parseDashRight(d *Dash) {
	switch p.tok.kind {
	case tAssign, tLParen:
		return
	}
	if p.peek().kind == tAssign {
		// G=P: G is what stands before '=', not an assignment to it.
		switch {
		case p.tok.kind == tPiece:
			d.To = &PieceDesignator{At: At{p.tok.pos}, Pieces: p.tok.pieces, Squares: p.tok.squares, Text: p.tok.raw}
			p.next()
		case p.tok.kind == tIdent && !keywords[p.tok.text] && !p.isCall(p.tok.text):
			d.To = &Var{At: At{p.tok.pos}, Name: p.resolveName(p.tok.text)}
			p.next()
		}
		return
	}
	if p.pathStep {
		// Anything touching the -- but } ) * + ? : starts the destination
		// (CQL's DashToken::fixNext), a whole set down to & (its
		// match_dash_tie_x): `――northeast 1 T` (CQL's snake example) moves to
		// the square northeast of T, `――~pathstart:T∩□` (rundlaufe) to an empty
		// square T did not start on. A | after it continues it as a union
		// (match_dash_tie_x reads match_attackarrow_x): `――d5|e4` moves to d5
		// or e4, as CQL 9.493 answers; a | before a move step still separates
		// our path alternatives, which CQL has none of.
		switch p.tok.kind {
		case tPiece, tTilde:
		case tLBrace:
			if p.braceIsRepetition() {
				return
			}
		case tIdent:
			if notFilterWords[p.tok.text] {
				return
			}
		default:
			return
		}
		d.To = p.parseInter()
		for p.tok.kind == tBar && p.unionDestinationFollows() {
			pos := p.tok.pos
			p.next()
			d.To = &Binary{At: At{pos}, Op: OpUnion, X: d.To, Y: p.parseInter()}
		}
		return
	}
	switch p.tok.kind {
	case tIdent:
		if notFilterWords[p.tok.text] {
			return
		}
	case tLBrace:
		if p.cqlBraceRep() || p.pathStep && p.braceIsRepetition() {
			return // a repetition of the move (in a line or path), not its destination
		}
	case tPiece, tNumber, tString, tMinus, tTilde, tHash, tForall, tExists, tPiecePrefix, tDash, tCross, tCapture:
	default:
		return
	}
	d.To = p.parseArrows()
}

// notFilterWords are the words that cannot begin a filter: after a tied --
// they leave the move without a right side (CQL: `--and--` is -- and --).
var notFilterWords = wordSet("and", "or", "in", "attacks", "attackedby", "else")

// parsePromotion parses `=P` after a move filter's right side. Like CQL's
// match_dash_promotion it reads a whole filter, which must be a piece
// designator of piece types only (=Q, =[RB], =(R)) or a string filter
// (="q", a string variable, "" or "." for any promotion): `--=q and 2` is
// an error, not (--=q) and 2.
func (p *parser) parsePromotion(d *Dash) {
	eq := p.tok.pos
	p.next()
	if p.tok.kind == tEOF {
		p.fail("a piece type (like Q or [RBN]) or a string after '='")
	}
	x := p.parseFilter()
	switch x := x.(type) {
	case *PieceDesignator:
		if x.Squares != AllSquares || x.Pieces == 0 {
			p.errorf(x.Pos(), "the promoted piece after '=' must be piece types only (like Q, [RBN] or (R)), found '%s'", x.Text)
		}
		d.Promote = x.Pieces
		return
	case *Binary, *Compare, *Unary:
		p.errorf(eq, "'=' in a move filter takes a piece type (like =Q or =[RB]) or a string (like =\"Q\"); CQL reads all of '%s' after it as the promotion, so put the promoted piece in parentheses: =(Q)", strings.TrimSpace(string(p.src[x.Pos().Offset:p.prevEnd])))
	}
	d.PromoteBy = x // the checker requires a string
}

// cqlBraceRep reports whether the current '{' starts what CQL's lexer reads
// as one brace-repetition token (match_bracereptoken): digits and at most
// one comma, with no spaces, then '}': {2} {2,4} {,4} {2,} (and {,}, CQL's
// error).
func (p *parser) cqlBraceRep() bool {
	if p.tok.kind != tLBrace {
		return false
	}
	l := p.lex
	end, commas := p.tok.end, 0
	for {
		t := l.next()
		if t.pos.Offset != end {
			return false
		}
		switch {
		case t.kind == tNumber && strings.Trim(t.raw, "0123456789") == "":
		case t.kind == tComma && commas == 0:
			commas++
		case t.kind == tRBrace:
			return t.pos.Offset > p.tok.end
		default:
			return false
		}
		end = t.end
	}
}

// dashWord is how an error names the move filter d.
func dashWord(d *Dash) string {
	if d.Capture {
		return "×"
	}
	return "--"
}

// unionDestinationFollows reports whether the set after the current | (in
// a path step's destination) is more destination rather than a move step:
// a piece designator, square set or variable that no -- or × touches.
func (p *parser) unionDestinationFollows() bool {
	l := p.lex
	t := l.next()
	switch {
	case t.kind == tPiece:
	case t.kind == tIdent && !keywords[t.text]:
	default:
		return false
	}
	u := l.next()
	tied := u.pos.Offset == t.end // no space: the set is the move's from-set
	return !(tied && (u.kind == tDash || u.kind == tCross || u.kind == tLParen))
}
