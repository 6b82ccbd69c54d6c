package query

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// parser is a recursive-descent parser with one token of lookahead (plus
// peek, which copies the lexer). It stops at the first syntax error: CQL
// has no statement separators to resynchronise on, so later errors would
// mostly be noise.
type parser struct {
	// logicalMoveEnd is 1 + the offset of the comparison operator last left
	// after a move filter without a value (isLogicalMove), for its error.
	logicalMoveEnd int
	filename       string
	src            []byte
	lex            lexer
	tok            token
	err            *Error
	depth          int // nesting depth, to refuse absurdly deep input instead of overflowing the stack
	open           int // brackets ( { [ open before the current token: the nesting the user sees
	pathOpen       int // open at the start of the innermost path being parsed (a blank line ends it)
	// braces counts the { and [ open before the current token; inPath and
	// pathBraces say whether a path is being parsed and braces at its start:
	// while equal, * and + are repetitions, as CQL's lexer makes them
	// (lexer-cleanup.cpp: at a path's top level, parentheses aside).
	braces, pathBraces int
	inPath             bool

	// declared holds names assigned or bound so far; suspect is the first
	// other identifier that looks like a misspelt keyword. When a syntax
	// error follows it, the misspelling is usually the real cause
	// (`sqare x in A` fails at `in`), so both are reported.
	declared map[string]bool
	suspect  *Error

	// Line-pattern context: inside `line`, `*` `+` `?` and `{m,n}` after an
	// element are repetitions, and inside a group `|` separates alternatives.
	inLine  bool
	inGroup bool
	// noColon: a `:` ends the filter (the index of s[i:j]) instead of
	// being the position operator.
	noColon     bool
	noColonOpen int // the brackets open at the index: a ':' inside parentheses there is a colon filter

	prevEnd int // byte offset just past the previous token (postfix [ must touch it)
	// pathStep: parsing a path constituent, where a move filter's left side is
	// the primary before it and whitespace before its '(' is allowed.
	pathStep bool
	// strArgs: parsing the arguments of str, message or comment, where a quoted
	// string after event, player ... is the next argument, not a search.
	strArgs bool
	funcs   functions       // user-defined functions (parse_functions.go)
	defs    int             // function definitions parsed: they count as filters for "no filters"
	dicts   map[string]bool // names declared as dictionaries
	numVars map[string]bool // names assigned a number so far: range bounds (parse_ranges.go)
	fresh   []string        // variables whose first assignment's value is being parsed
}

// bailout is the panic value used to unwind the parser on the first error.
type bailout struct{}

const maxDepth = 2000

func newParser(filename string, src []byte) *parser {
	return newParserDialect(filename, src, DialectCQL)
}

// newParserDialect is newParser reading the script's words as dialect d does (its comments).
func newParserDialect(filename string, src []byte, d Dialect) *parser {
	p := &parser{filename: filename, src: src, lex: newLexer(src), declared: map[string]bool{}, dicts: map[string]bool{}, numVars: map[string]bool{}}
	p.lex.cqli = d == DialectCQLi
	p.funcs.later = scanFunctions(src)
	p.next()
	return p
}

func (p *parser) next() {
	switch p.tok.kind {
	case tLParen, tLBrace, tLBracket:
		p.open++
	case tRParen, tRBrace, tRBracket:
		p.open--
	}
	switch p.tok.kind {
	case tLBrace, tLBracket:
		p.braces++
	case tRBrace, tRBracket:
		p.braces--
	}
	p.prevEnd = p.tok.end
	p.tok = p.lex.next()
}

// peek returns the token after the current one without consuming anything.
func (p *parser) peek() token {
	l := p.lex
	return l.next()
}

func (p *parser) errorf(pos Pos, format string, args ...any) {
	p.err = &Error{Filename: p.filename, Pos: pos, Msg: fmt.Sprintf(format, args...), Line: sourceLine(p.src, pos.Offset)}
	panic(bailout{})
}

// fail reports that the current token is not what was expected.
func (p *parser) fail(expected string) {
	if p.tok.kind == tIllegal {
		p.errorf(p.tok.pos, "%s", p.tok.text)
	}
	p.errorf(p.tok.pos, "expected %s, found %s", expected, p.tok.describe())
}

func (p *parser) expect(kind tokenKind, context string) token {
	if p.tok.kind != kind {
		p.fail(kind.String() + context)
	}
	t := p.tok
	p.next()
	return t
}

func (p *parser) isKw(word string) bool { return p.tok.kind == tIdent && p.tok.text == word }

// parseProgram parses a whole program: optional header, then filters.
func (p *parser) parseProgram() (prog *Program) {
	prog = &Program{}
	if p.isKw("cql") {
		prog.Header = p.parseHeader()
	}
	start := p.tok.pos
	filters := p.parseSequence(tEOF)
	if p.tok.kind != tEOF {
		p.fail("filter")
	}
	if len(filters) == 0 && p.defs == 0 {
		// CQL 9.493: "Expected one or more filters following CQL specification,
		// got none" (an empty file or only comments: no cql word, also an error).
		// Run anyway, such a script would match every game. A function
		// definition counts as a filter there: CQL runs `function F(){1}`
		// alone and matches every game.
		p.errorf(p.tok.pos, "the query has no filters: write at least one filter (after the cql(...) header, if any)")
	}
	prog.Body = &Block{At: At{start}, Filters: filters}
	return prog
}

// parseSequence parses filters until the closing token (not consumed).
func (p *parser) parseSequence(end tokenKind) []Node {
	var seq []Node
	for p.tok.kind != end && p.tok.kind != tEOF {
		if p.isKw("function") {
			p.parseFunctionDef() // a definition, not a filter
			p.defs++
			continue
		}
		seq = append(seq, p.parseFilter())
	}
	return seq
}

// ---------------------------------------------------------------------------
// Header.

var headerParams = []string{"gamenumber", "input", "matchcount", "matchstring", "output", "quiet", "result", "silent", "sort", "variations"}

func (p *parser) parseHeader() *Header {
	h := &Header{At: p.tok.pos}
	p.next()
	p.expect(tLParen, " after 'cql'")
	for p.tok.kind != tRParen {
		if p.tok.kind != tIdent {
			p.fail("header parameter or ')'")
		}
		t := p.tok
		switch t.text {
		case "input", "output":
			w, ok := p.lex.rawWord()
			if !ok || w.text == "" {
				p.next()
				p.fail("file name after '" + t.text + "'")
			}
			switch {
			case t.text == "input":
				h.Input = append(h.Input, w.text)
				h.InputAt = append(h.InputAt, t.pos)
			case h.Output != "":
				p.errorf(t.pos, "a second output file in the header (%s after %s)", w.text, h.Output)
			default:
				h.Output, h.OutputAt = w.text, t.pos
			}
			p.next()
		case "matchcount", "gamenumber":
			p.next()
			r := p.parseRange(t.text)
			at := &h.GameNumber
			if t.text == "matchcount" {
				at = &h.MatchCount
			}
			if *at != nil {
				p.errorf(t.pos, "a second %s range in the header", t.text) // as CQL
			}
			*at = &r
		case "result":
			h.Result = p.parseResultWord()
		case "variations":
			h.Variations = true
			p.next()
		// The first of silent and quiet is the comment level, as in CQL.
		case "silent":
			h.Silent = !h.Quiet
			p.next()
		case "quiet":
			h.Quiet = !h.Silent
			p.next()
		case "matchstring":
			p.next()
			s := p.expect(tString, " after 'matchstring'")
			h.MatchString = &s.text
		case "sort":
			p.next()
			if !p.isKw("matchcount") {
				p.fail("'matchcount' after 'sort' in the header")
			}
			p.next()
			h.SortMatchCount = true
			if p.tok.kind == tNumber {
				r := p.parseRange("sort matchcount")
				if h.MatchCount != nil {
					p.errorf(t.pos, "a second matchcount range in the header")
				}
				h.MatchCount = &r
			}
		default:
			msg := fmt.Sprintf("unknown header parameter '%s'", t.raw)
			if s := suggest(t.text, headerParams); s != "" {
				msg += fmt.Sprintf("; did you mean '%s'?", s)
			} else {
				msg += "; expected one of input, output, matchcount, gamenumber, result, variations, silent, quiet, matchstring, sort"
			}
			p.errorf(t.pos, "%s", msg)
		}
	}
	p.next()
	return h
}

var results = []string{"1-0", "0-1", "1/2-1/2", "*"}

// parseResultWord reads a game result after the current `result` token.
func (p *parser) parseResultWord() string {
	w, ok := p.lex.rawWord()
	if !ok || !slices.Contains(results, w.text) {
		if ok {
			p.errorf(w.pos, "expected game result 1-0, 0-1, 1/2-1/2 or *, found '%s'", w.text)
		}
		p.next()
		p.fail("game result 1-0, 0-1, 1/2-1/2 or *")
	}
	p.next()
	return w.text
}

var keywordFilters = map[string]struct {
	kind KeywordKind
	t    Type
}{
	"check": {KwCheck, TypeNone}, "mate": {KwMate, TypeNone}, "stalemate": {KwStalemate, TypeNone},
	"wtm": {KwWtm, TypeNone}, "btm": {KwBtm, TypeNone}, "sidetomove": {KwSideToMove, TypeNumber},
	"white": {KwWhite, TypeNumber}, "black": {KwBlack, TypeNumber},
	"initial": {KwInitial, TypeNone}, "terminal": {KwTerminal, TypeNone},
	"mainline": {KwMainline, TypeNone}, "variation": {KwVariation, TypeNone},
	"ply": {KwPly, TypeNumber}, "movenumber": {KwMoveNumber, TypeNumber},
	"gamenumber": {KwGameNumber, TypeNumber}, "year": {KwYear, TypeNumber},
	"currentposition": {KwCurrentPosition, TypePosition}, "curpos": {KwCurrentPosition, TypePosition}, // curpos: CQL 9.493's other spelling (node-parse.cpp)
	"event": {KwEvent, TypeString}, "site": {KwSite, TypeString},
	"date": {KwDate, TypeString}, "eco": {KwEco, TypeString}, "fen": {KwFen, TypeString},
	"currenttransform": {KwCurrentTransform, TypeString},
}

// cqliKeywords are CQLi's board-state filters (docs/cqli.md). They are not
// reserved words: CQL 9.493 knows none of them, so a CQL script may use the
// names as variables, and a name assigned before is the variable.
var cqliKeywords = map[string]struct {
	kind KeywordKind
	t    Type
}{
	"halfmoveclock": {KwHalfmoveClock, TypeNumber}, "currentfen": {KwCurrentFen, TypeString},
	"standardfen": {KwStandardFen, TypeString}, "zobristkey": {KwZobristKey, TypeNumber},
	"promotedpieces": {KwPromotedPieces, TypeSet}, "legalposition": {KwLegalPosition, TypeNone},
	"reachableposition": {KwReachablePosition, TypeNone},
	// Not CQLi's: the annotation values, our extension (docs/language.md), names a
	// script may use as variables likewise.
	"eval": {KwEval, TypeNumber}, "clock": {KwClock, TypeNumber}, "emt": {KwEmt, TypeNumber},
	"nag": {KwNag, TypeNumber},
}

var directions = map[string]Direction{
	"up": DirUp, "down": DirDown, "left": DirLeft, "right": DirRight,
	"northeast": DirNortheast, "northwest": DirNorthwest, "southeast": DirSoutheast, "southwest": DirSouthwest,
	"orthogonal": DirOrthogonal, "diagonal": DirDiagonal, "vertical": DirVertical,
	"horizontal": DirHorizontal, "anydirection": DirAnyDirection,
	"maindiagonal": DirMainDiagonal, "offdiagonal": DirOffDiagonal,
}

var transforms = map[string]TransformKind{
	"flip": TransformFlip, "flipcolor": TransformFlipColor, "fliphorizontal": TransformFlipHorizontal,
	"flipvertical": TransformFlipVertical, "shift": TransformShift,
	"shifthorizontal": TransformShiftHorizontal, "shiftvertical": TransformShiftVertical,
	"rotate90": TransformRotate90, "rotate45": TransformRotate45,
	// CQL's other names for flip (transform-parse.cpp).
	"dihedral": TransformFlip, "flipdihedral": TransformFlip,
}

var assignOps = map[tokenKind]Op{
	tAssign: OpAssign, tAddAssign: OpAddAssign, tSubAssign: OpSubAssign, tMulAssign: OpMulAssign,
	tDivAssign: OpDivAssign, tModAssign: OpModAssign, tCondAssign: OpCondAssign,
}

func (p *parser) parsePrimary() Node {
	t := p.tok
	pos := t.pos
	switch t.kind {
	case tPiece:
		p.next()
		if _, ok := assignOps[p.tok.kind]; ok {
			p.errorf(pos, "cannot assign to '%s': it is a piece designator, not a variable name", t.raw)
		}
		return &PieceDesignator{At: At{pos}, Pieces: t.pieces, Squares: t.squares, Text: t.raw}
	case tNumber:
		p.next()
		return &NumberLit{At: At{pos}, Value: t.num}
	case tString:
		p.next()
		return &StringLit{At: At{pos}, Value: t.text}
	case tCapture:
		p.next()
		c := &Capture{At: At{pos}, Group: t.num, Index: t.text[1] == '-'}
		if t.num < 0 { // \{name} or \-{name}
			c.Name = t.text[strings.IndexByte(t.text, '{')+1 : len(t.text)-1]
		}
		return c
	case tLBrace:
		if nx := p.peek(); nx.kind == tRBrace {
			// cql -parse rejects `{}` (chessql's tables), and CQL 9.493 also braces with
			// space or comments between ("syntax error following a '{' : expected a
			// filter"; a real script has flipcolor{ } over blank lines).
			p.errorf(pos, "empty braces: a compound filter needs at least one filter between '{' and '}'")
		}
		return p.parseBlock()
	case tLParen:
		p.next()
		// Inside parentheses a quoted string after date, player... is its
		// implicit search again, also among str's arguments: str((date "x")).
		saveLine, saveGroup, saveStr := p.inLine, p.inGroup, p.strArgs
		p.inLine, p.inGroup, p.strArgs = false, false, false
		x := p.parseFilter()
		p.inLine, p.inGroup, p.strArgs = saveLine, saveGroup, saveStr
		p.expect(tRParen, " to close '('")
		return x
	case tIdent:
		return p.parseWord()
	case tForall, tExists:
		p.next()
		piece := p.tok.kind == tPiecePrefix
		if piece {
			p.next()
		}
		name := p.parseVarName(t.raw)
		if p.tok.kind != tElement {
			p.fail("'∊' after '" + t.raw + name + "'")
		}
		return p.parseIteration(pos, piece, t.kind == tForall, name)
	case tPiecePrefix:
		p.next()
		name := p.parseVarName(t.raw)
		switch p.tok.kind {
		case tElement:
			return p.parseIteration(pos, true, false, name)
		case tAssign:
			p.next()
			p.declared[name] = true
			return &Assign{At: At{pos}, Op: OpAssign, Name: name, Value: p.parseAssignValue(), Piece: true}
		}
		p.fail("'∊' or '=' after '" + t.raw + name + "'")
	case tDash, tCross:
		return p.parseDash(nil, pos)
	case tLBracket:
		p.errorf(pos, "invalid piece designator: expected piece letters like [Qq] or squares like [a1,h8] after '['")
	}
	if _, cmp := compareOps[t.kind]; cmp && p.logicalMoveEnd == pos.Offset+1 {
		p.errorf(pos, "'%s' after a move filter that has no value: a move filter is a set only when from, to or capture comes first (move from X legal, not move legal from X), a number with count", t.raw)
	}
	p.fail("filter")
	return nil
}

func (p *parser) parseBlock() *Block {
	pos := p.tok.pos
	if p.cqlBraceRep() {
		// CQL's lexer reads {2}, {2,4}, {,4} and {2,} as one repetition token, never a block.
		p.errorf(pos, "a repetition like {2} or {2,4} (written without spaces) can only follow a constituent of a line or path; for a block write it with spaces, like { 2 }")
	}
	p.next()
	saveLine, saveGroup := p.inLine, p.inGroup
	p.inLine, p.inGroup = false, false
	filters := p.parseSequence(tRBrace)
	p.inLine, p.inGroup = saveLine, saveGroup
	p.expect(tRBrace, " to close '{'")
	return &Block{At: At{pos}, Filters: filters}
}

// parseWord parses a filter that starts with an identifier: a keyword
// filter, a variable, or an assignment.
func (p *parser) parseWord() Node {
	t := p.tok
	pos := t.pos
	w := t.text
	if !keywords[w] {
		if p.isCall(w) {
			return p.parseCall()
		}
		w = p.resolveName(w) // a function parameter is renamed to its argument
		p.next()
		// D[K]: CQL's lexer reads D[a5] as D and the square set [a5], so
		// only a '[' token opens a key (D[ a5 ]); CQL allows a space before it.
		if p.dicts[w] && p.tok.kind == tLBracket {
			return p.parseDictEntry(w, pos)
		}
		if p.tok.kind == tElement { // x∊S body: square x in S body
			return p.parseIteration(pos, false, false, w)
		}
		if op, ok := assignOps[p.tok.kind]; ok {
			p.next()
			if !p.declared[w] {
				// CQL parses the value before the variable exists: a path in
				// it ends at the name (parse_path.go, freshNameEndsPath).
				p.fresh = append(p.fresh, w)
				defer func() { p.fresh = p.fresh[:len(p.fresh)-1] }()
			}
			p.declared[w] = true
			a := &Assign{At: At{pos}, Op: op, Name: w, Value: p.parseAssignValue()}
			p.noteNumeric(a)
			return a
		}
		if p.tok.kind == tOrAssign || p.tok.kind == tAndAssign {
			return p.parseSetAssign(w, pos)
		}
		if kw, ok := cqliKeywords[w]; ok && !p.declared[w] {
			return &Keyword{At: At{pos}, Kind: kw.kind, T: kw.t}
		}
		if b := p.cqliBuiltinWord(w, pos); b != nil {
			return b
		}
		if w == "backwardpawns" && !p.declared[w] {
			// Neither the CQL 6.1/6.2 manuals and filter lists, nor CQL 6.2's keyword
			// list, nor the CQLi manual define it.
			p.errorf(pos, "'backwardpawns' is not a CQL 6.1/6.2 filter; the pawn structure filters are connectedpawns, doubledpawns, isolatedpawns and passedpawns")
		} else if unsupported[w] && !p.declared[w] {
			p.errorf(pos, "'%s' is a CQL filter that this implementation does not support yet", w)
		}
		if !p.declared[w] && p.suspect == nil {
			p.declared[w] = true // check each name once
			if s := suggest(w, sortedKeywords); s != "" {
				p.suspect = &Error{Filename: p.filename, Pos: pos, Msg: fmt.Sprintf("unknown filter '%s'; did you mean '%s'?", w, s), Line: sourceLine(p.src, pos.Offset)}
			}
		}
		return &Var{At: At{pos}, Name: w}
	}
	if kw, ok := keywordFilters[w]; ok {
		p.next()
		k := &Keyword{At: At{pos}, Kind: kw.kind, T: kw.t}
		if w == "fen" && p.tok.kind == tString && !p.strArgs {
			// fen "board": a board pattern (in str's arguments the string is
			// the next argument, as CQL's match_strconstituent has it)
			n, err := fenPattern(p.tok.text, pos)
			if err != nil {
				p.errorf(p.tok.pos, "%v", err)
			}
			p.next()
			return n
		}
		// an empty string is no search in CQL: `site ""` is site, then ""
		if kw.t == TypeString && w != "fen" && w != "currenttransform" && p.tok.kind == tString && p.tok.text != "" && !p.strArgs {
			return p.implicitSearch(k)
		}
		return k
	}
	if n := p.parseTreeWord(w); n != nil {
		return n
	}
	if n := p.parseCurrentMoveWord(w); n != nil {
		return n
	}
	if n := p.parseFlowWord(w); n != nil {
		return n
	}
	if d, ok := directions[w]; ok {
		p.next()
		r := Range{Min: 1, Max: 7}
		if p.startsDirBound() {
			rpos := p.tok.pos
			r = p.parseDirRange(w)
			if r.MinVar == nil && r.MaxVar == nil && (r.Min < -7 || r.Max > 7) {
				// CQL's DirectionParameter refuses a limit past 7 either way.
				p.errorf(rpos, "range %d %d of %s is out of bounds: a direction's range lies within -7 and 7", r.Min, r.Max, w)
			}
		}
		dir := &Dir{At: At{pos}, Dir: d, Range: r, X: p.parseArg()}
		return p.prefixBeforeStep(dir, &dir.X)
	}
	if k, ok := transforms[w]; ok {
		p.next()
		tr := &Transform{At: At{pos}, Kind: k}
		if p.isKw("count") {
			tr.Count = true
			p.next()
		} else if p.atRange() {
			// CQL's match_range after the keyword: `flip 1 2 F` counts the
			// matching variants and matches when the count is in the range.
			r := p.parseRange(w)
			tr.Count, tr.Range = true, &r
		}
		tr.Body = p.parseFilter()
		return tr
	}
	if n, ok := p.parseStringWord(w, pos); ok {
		return n
	}
	if n, ok := p.parseGeometryWord(w, pos); ok {
		return n
	}
	switch w {
	case "true", "false":
		p.next()
		return &BoolLit{At: At{pos}, Value: w == "true"}
	case "result":
		return &Result{At: At{pos}, Value: p.parseResultWord()}
	case "player":
		p.next()
		pl := &Player{At: At{pos}, Color: p.parseColor()}
		if p.tok.kind == tString && p.tok.text != "" && !p.strArgs {
			name := p.tok.text
			pl.Match = &name
			p.next()
		}
		return pl
	case "elo":
		p.next()
		return &Elo{At: At{pos}, Color: p.parseColor()}
	case "tag":
		p.next()
		name := p.expect(tString, " (the tag name) after 'tag'")
		tg := &Tag{At: At{pos}, Name: name.text}
		if p.tok.kind == tString && p.tok.text != "" && !p.strArgs {
			return p.implicitSearch(tg)
		}
		return tg
	case "move":
		return p.parseMove()
	case "from", "to":
		p.next()
		return &FromTo{At: At{pos}, To: w == "to"}
	case "square", "piece":
		return p.parseSquare()
	case "if":
		return p.parseIf()
	case "max", "min":
		p.next()
		op := OpMax
		if w == "min" {
			op = OpMin
		}
		p.expect(tLParen, " after '"+w+"'")
		mm := &MinMax{At: At{pos}, Op: op}
		for p.tok.kind != tRParen {
			mm.Args = append(mm.Args, p.parseFilter())
		}
		p.next()
		if len(mm.Args) < 2 {
			p.errorf(pos, "%s needs at least two arguments", w)
		}
		return mm
	case "comment", "message", "commentmove", "commentposition":
		p.next()
		c := &Comment{At: At{pos}, Message: w == "message"}
		if c.Message && p.isKw("quiet") {
			c.Quiet = true // message quiet (...): the text alone
			p.next()
		}
		c.Args = p.parseStrArgs()
		return c
	case "sort":
		p.next()
		s := &Sort{At: At{pos}}
		// CQL's match_sortnode: min or max right after sort is the direction
		// (never the function) and needs a nonempty label; a number is refused.
		if p.isKw("min") || p.isKw("max") {
			w := p.tok
			p.next()
			if p.tok.kind != tString || p.tok.text == "" {
				p.errorf(p.tok.pos, "'sort %s' needs a nonempty label right after it, like sort %s \"npieces\" #[Aa] (CQL's rule, so that %s is not read as the function); for the function write sort {%s(...)}", w.text, w.text, w.text, w.text)
			}
			if w.text == "max" {
				p.errorf(w.pos, "'sort max \"label\"' is not supported: write sort \"label\" F, which sorts by the largest value")
			}
			s.Min = true
		}
		if p.tok.kind == tString {
			s.Label = p.tok.text
			p.next()
		}
		s.X = p.parseFilter()
		if n, ok := s.X.(*NumberLit); ok {
			p.errorf(n.Pos(), "sort of the number %d: CQL refuses it (sort takes no range; its argument is a number, set or string filter)", n.Value)
		}
		return s
	case "find":
		p.next()
		f := &Find{At: At{pos}}
		for { // quiet, all, <-- and the range in any order (find 4 <-- check)
			switch {
			case p.isKw("all") && !f.All:
				f.All = true
			case p.isKw("quiet") && !f.Quiet:
				f.Quiet = true
			case p.tok.kind == tBackArrow && !f.Backward:
				f.Backward = true
			case f.Range == nil && p.startsBound():
				r := p.parseVarRange("find")
				f.Range = &r
				continue
			default:
				goto body
			}
			p.next()
		}
	body:
		if f.All && f.Range != nil {
			// CQL's match_findnode: "find with both a range and 'all': use one or the other"
			p.errorf(pos, "find takes a range or 'all', not both (all counts every match; a range bounds their number)")
		}
		f.X = p.parseFilter()
		return f
	case "line":
		return p.parseLine()
	}
	p.errorf(pos, "expected filter, found '%s'", t.raw)
	return nil
}

func (p *parser) implicitSearch(x Node) Node {
	s := &StringLit{At: At{p.tok.pos}, Value: p.tok.text}
	p.next()
	return &Binary{At: At{x.Pos()}, Op: OpIn, X: s, Y: x}
}

func (p *parser) parseColor() Color {
	switch {
	case p.isKw("white"):
		p.next()
		return ColorWhite
	case p.isKw("black"):
		p.next()
		return ColorBlack
	}
	return ColorAny
}

// parseVarName parses a variable name (an identifier that is not a keyword).
func (p *parser) parseVarName(after string) string {
	if p.tok.kind != tIdent || keywords[p.tok.text] {
		if p.tok.kind == tPiece || p.tok.kind == tIdent {
			p.errorf(p.tok.pos, "expected variable name after '%s', found %s, which is reserved", after, p.tok.describe())
		}
		p.fail("variable name after '" + after + "'")
	}
	name := p.resolveName(p.tok.text)
	p.next()
	return name
}

func (p *parser) parseSquare() Node {
	pos := p.tok.pos
	isPiece := p.tok.text == "piece"
	kw := p.tok.text
	p.next()
	s := &Square{At: At{pos}, Piece: isPiece}
	if p.isKw("all") || p.tok.kind == tForall {
		s.All = true
		p.next()
	}
	s.Name = p.parseVarName(kw)
	p.declared[s.Name] = true
	if isPiece && !s.All && p.tok.kind == tAssign {
		// piece assignment: piece x = F
		p.next()
		return &Assign{At: At{pos}, Op: OpAssign, Name: s.Name, Value: p.parseAssignValue(), Piece: true}
	}
	if !p.isKw("in") && p.tok.kind != tElement {
		p.fail("'in' after '" + kw + " " + s.Name + "'")
	}
	p.next()
	// The set may be a whole set expression: the manual writes
	// `square all FlightSquare in _ attackedby k ...`.
	s.In = p.parseSet()
	s.Body = p.parseFilter()
	return s
}

// parseIteration parses the rest of the CQL 6.2 forms `x∊S body` (square x
// in S body), `◭x∊S body` (piece), `∀x∊S body` and `∀◭x∊S body` (all); the
// current token is ∊.
func (p *parser) parseIteration(pos Pos, piece, all bool, name string) Node {
	p.next()
	p.declared[name] = true
	if !piece && !all && p.tok.kind == tIdent {
		// K ∊ D body over the keys of the dictionary D (D[k] is a lookup, a set).
		if d := p.resolveName(p.tok.text); p.dicts[d] {
			if t := p.peek(); !(t.pos.Offset == p.tok.end && (t.kind == tLBracket || t.kind == tPiece)) {
				p.next()
				return &DictIter{At: At{pos}, Name: name, Dict: d, Body: p.parseFilter()}
			}
		}
	}
	s := &Square{At: At{pos}, Piece: piece, All: all, Name: name}
	s.In = p.parseSet()
	s.Body = p.parseFilter()
	return s
}

func (p *parser) parseIf() Node {
	pos := p.tok.pos
	p.next()
	n := &If{At: At{pos}, Cond: p.parseFilter()}
	if p.isKw("then") {
		p.next()
	}
	n.Then = p.parseFilter()
	if p.isKw("else") {
		p.next()
		n.Else = p.parseFilter()
	}
	return n
}

var moveParams = []string{"capture", "captures", "castle", "count", "enpassant", "enpassantsquare", "from", "legal", "null", "o-o", "o-o-o", "previous", "primary", "promote", "pseudolegal", "secondary", "to"}

func (p *parser) parseMove() Node {
	// CQL's value rule (move-parse.cpp): the first parameter decides; from,
	// to or capture first make a set of those squares, anything else (legal,
	// previous, castle, none at all) a logical filter; count makes a number.
	m := &Move{At: At{p.tok.pos}, Value: MoveValueNone}
	start := p.tok.pos
	p.next()
	first := true
	selectSet := false
	var counted Pos
	at := map[string]Pos{} // where each parameter was last given
	// CQLi's reverse is a parameter unless the script made it a variable
	// (CQL 9.493 does not reserve the word).
	for p.tok.kind == tIdent && (slices.Contains(moveParams, p.tok.text) || p.tok.text == "reverse" && !p.declared["reverse"] || p.tok.text == "all") {
		t := p.tok
		if t.text == "captures" { // CQL's synonym (move-parse.cpp)
			t.text = "capture"
		}
		p.next()
		p.checkMoveParamTwice(at, t)
		at[t.text] = t.pos
		switch t.text {
		case "from", "to", "capture":
			arg := p.parseArg()
			var dst *Node
			switch t.text {
			case "from":
				dst = &m.From
				if first && m.Value != MoveValueCount {
					m.Value = MoveValueFrom
				}
			case "to":
				dst = &m.To
				if first && m.Value != MoveValueCount {
					m.Value = MoveValueTo
				}
			default:
				dst = &m.Capture
				if first && m.Value != MoveValueCount {
					m.Value = MoveValueCapture
				}
			}
			if *dst != nil && t.text != "capture" { // CQL keeps the last capture
				p.errorf(t.pos, "'%s' given twice in move filter", t.text)
			}
			*dst = arg
		case "promote":
			if p.tok.kind != tPiece || p.tok.squares != AllSquares || p.tok.pieces == 0 {
				p.fail("piece type (like Q or [RBN]) after 'promote'")
			}
			m.Promote = p.tok.pieces
			p.next()
		case "previous", "legal", "pseudolegal", "reverse":
			if selectSet {
				p.errorf(t.pos, "move filter can have only one of previous, legal, pseudolegal, reverse")
			}
			selectSet = true
			m.Select = map[string]MoveSelect{"previous": MovePrevious, "legal": MoveLegal, "pseudolegal": MovePseudoLegal, "reverse": MoveReverse}[t.text]
		case "all": // CQLi's speculative move filter's (checker.go)
			m.All = true
		case "count":
			m.Value = MoveValueCount
			counted = t.pos
		case "castle":
			m.Castle = true
		case "o-o":
			m.OO = true
		case "o-o-o":
			m.OOO = true
		case "enpassant":
			m.EnPassant = true
		case "null":
			m.Null = true
		case "primary":
			m.Primary = true
		case "secondary":
			m.Secondary = true
		case "enpassantsquare":
			m.EnPassantSquare = p.parseArg()
		}
		first = false
	}
	if counted != (Pos{}) && m.Select != MoveLegal && m.Select != MovePseudoLegal && m.Select != MoveReverse {
		p.errorf(counted, "the 'count' keyword in 'move' can only be used when 'legal' or 'pseudolegal' (or CQLi's 'reverse') are also specified (CQL's rule)")
	}
	p.checkMoveParams(m, at)
	if m.Select == MoveReverse {
		for _, w := range []string{"null", "primary", "secondary"} {
			if pos, ok := at[w]; ok {
				p.errorf(pos, "'%s' cannot be used with 'reverse' in a move filter: the moves that could have led here were not played in the game", w)
			}
		}
	}
	if m.Select != MoveLegal && m.Select != MovePseudoLegal && m.Select != MoveReverse && p.isKw("comment") {
		m.Comment = p.parseWord().(*Comment)
	}
	if m.Primary && m.Secondary {
		p.errorf(start, "a move filter cannot be both primary and secondary")
	}
	return m
}

// checkMoveParamTwice refuses a move parameter CQL's move-parse.cpp refuses
// to see twice: promote, en passant (enpassant or enpassantsquare), castling
// (castle, o-o or o-o-o).
func (p *parser) checkMoveParamTwice(at map[string]Pos, t token) {
	for _, group := range [][]string{{"promote"}, {"enpassant", "enpassantsquare"}, {"castle", "o-o", "o-o-o"}} {
		if !slices.Contains(group, t.text) {
			continue
		}
		for _, w := range group {
			if _, ok := at[w]; ok {
				p.errorf(t.pos, "'%s' after '%s' in one move filter: CQL allows one %s", t.text, w, map[string]string{"promote": "promote", "enpassant": "of enpassant and enpassantsquare", "castle": "of castle, o-o and o-o-o"}[group[0]])
			}
		}
	}
}

// checkMoveParams refuses the combinations of move parameters CQL's
// move-parse.cpp refuses: null, promote or capture with legal or
// pseudolegal, null with promote or en passant, en passant with promote.
func (p *parser) checkMoveParams(m *Move, at map[string]Pos) {
	legal := m.Select == MoveLegal || m.Select == MovePseudoLegal
	ep := m.EnPassant || m.EnPassantSquare != nil
	later := func(a, b string) Pos { // the second of two given parameters
		if at[a].Offset > at[b].Offset {
			return at[a]
		}
		return at[b]
	}
	sel := "legal"
	if m.Select == MovePseudoLegal {
		sel = "pseudolegal"
	}
	epWord := "enpassant"
	if _, ok := at["enpassant"]; !ok {
		epWord = "enpassantsquare"
	}
	switch {
	case legal && m.Promote != 0:
		p.errorf(later("promote", sel), "'promote' cannot be used with '%s' in a move filter (CQL refuses null, primary, secondary and promote with legal or pseudolegal)", sel)
	case legal && m.Null:
		p.errorf(later("null", sel), "'null' cannot be used with '%s' in a move filter (CQL refuses null, primary, secondary and promote with legal or pseudolegal)", sel)
	case m.Null && m.Promote != 0:
		p.errorf(later("null", "promote"), "'null' cannot be used with 'promote' in a move filter: a null move promotes nothing (CQL's error)")
	case m.Null && ep:
		p.errorf(later("null", epWord), "'null' cannot be used with '%s' in a move filter: a null move captures nothing (CQL's error)", epWord)
	case ep && m.Promote != 0:
		p.errorf(later(epWord, "promote"), "'%s' and 'promote' in one move filter: an en passant capture is no promotion (CQL's error)", epWord)
	case legal && m.Capture != nil:
		p.errorf(later("capture", sel), "'capture' cannot be used with '%s' in a move filter (CQL: not supported with legal or pseudolegal; write move %s to S, or --×S)", sel, sel)
	}
}

// unsupported lists CQL 6.1 filters and parameters we do not implement, so
// that using one gets a clear message instead of "unknown filter".
var unsupported = wordSet(
	"backwardpawns",
)

// sortedKeywords lists the keywords in order, for suggestions.
var sortedKeywords = func() []string {
	out := make([]string, 0, len(keywords))
	for k := range keywords {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}()
