package query

// tokenKind is the lexical class of a token.
type tokenKind uint8

const (
	tEOF tokenKind = iota
	tIdent
	tNumber
	tString
	tPiece // piece designator; value in token.pieces / token.squares
	tLBrace
	tRBrace
	tLParen
	tRParen
	tComma
	tAmp     // &
	tBar     // |
	tTilde   // ~
	tHash    // #
	tPlus    // +
	tMinus   // -
	tStar    // *
	tSlash   // /
	tPercent // %
	tQuestion
	tEq         // ==
	tNe         // !=
	tLt         // <
	tLe         // <=
	tGt         // >
	tGe         // >=
	tAssign     // =
	tAddAssign  // +=
	tSubAssign  // -=
	tMulAssign  // *=
	tDivAssign  // /=
	tModAssign  // %=
	tCondAssign // =?
	tArrow      // -->
	tBackArrow  // <--
	tDash       // -- (CQL 6.2 move filter; recognised only to report it)
	tColon
	tLBracket // a lone [ that is not a piece designator
	tRBracket
	tTreeOp      // ≺ ≼ ≻ ≽ ([<] [<=] [>] [>=]): order of positions in the game tree
	tCross       // × (CQL 6.2 capture move filter)
	tElement     // ∊ or [element]: `x∊S body` iterates; after a filter it is `in`
	tForall      // ∀ or [forall]: `∀x∊S body` is square all
	tExists      // ∃: `∃x∊S body`, the same as `x∊S body`
	tPiecePrefix // ◭ or [Aa] right before a variable name: `◭x∊S body`, `◭x = F`
	tIllegal
	tMatch     // ~~ (regular expression match)
	tCapture   // \N or \-N (a capture group of the last ~~, or its index)
	tOrAssign  // |= or ∪= (a set variable's union with a set)
	tAndAssign // &= or ∩= (its intersection)
)

var tokenNames = [...]string{
	tEOF: "end of input", tIdent: "identifier", tNumber: "number", tString: "string",
	tPiece: "piece designator", tLBrace: "'{'", tRBrace: "'}'", tLParen: "'('", tRParen: "')'",
	tComma: "','", tAmp: "'&'", tBar: "'|'", tTilde: "'~'", tHash: "'#'", tPlus: "'+'",
	tMinus: "'-'", tStar: "'*'", tSlash: "'/'", tPercent: "'%'", tQuestion: "'?'",
	tEq: "'=='", tNe: "'!='", tLt: "'<'", tLe: "'<='", tGt: "'>'", tGe: "'>='",
	tAssign: "'='", tAddAssign: "'+='", tSubAssign: "'-='", tMulAssign: "'*='",
	tDivAssign: "'/='", tModAssign: "'%='", tCondAssign: "'=?'", tArrow: "'-->'",
	tBackArrow: "'<--'", tDash: "'--'", tColon: "':'", tLBracket: "'['", tRBracket: "']'",
	tTreeOp: "position order operator", tCross: "'×'",
	tElement: "'∊'", tForall: "'∀'", tExists: "'∃'", tPiecePrefix: "'◭'",
	tIllegal: "illegal character", tMatch: "'~~'", tCapture: "capture group",
	tOrAssign: "'|='", tAndAssign: "'&='",
}

func (k tokenKind) String() string {
	if int(k) < len(tokenNames) {
		return tokenNames[k]
	}
	return "?"
}

// token is one lexical token. text is the canonical spelling (Unicode
// aliases are mapped to their ASCII keyword, e.g. → gives "attacks"); raw is
// the source spelling.
type token struct {
	kind    tokenKind
	pos     Pos
	end     int // byte offset just past the token
	text    string
	raw     string
	num     int       // tNumber
	pieces  PieceSet  // tPiece
	squares SquareSet // tPiece
	// blank: a blank line comes before the token. It ends an open path, as
	// in CQL (lexer-fix-whitespace.cpp, lexer-cleanup.cpp).
	blank bool
}

// describe returns how the token is shown in "found X" messages.
func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tIdent:
		if keywords[t.text] {
			return "'" + t.raw + "'"
		}
		return "identifier '" + t.raw + "'"
	case tNumber, tPiece:
		return "'" + t.raw + "'"
	case tString:
		return "string " + t.raw
	case tIllegal:
		return "illegal character '" + t.raw + "'"
	}
	return t.kind.String()
}

// keywords are the reserved words: they cannot be variable names, and an
// unknown identifier is compared against them to suggest a correction.
var keywords = wordSet(
	"abs", "all", "and", "anydirection", "attack", "attacked", "attackedby", "attacks", "black", "btm",
	"capture", "castle", "check", "comment", "count", "countmoves", "cql", "currentposition", "curpos", "currenttransform", "date",
	"diagonal", "dihedral", "down", "eco", "echo", "elo", "else", "enpassant", "event", "false",
	"fen", "find", "flip", "flipcolor", "flipdihedral", "fliphorizontal", "flipvertical", "from",
	"gamenumber", "horizontal", "if", "in", "initial", "left", "legal", "line",
	"mainline", "mate", "max", "message", "min", "move", "movenumber", "northeast",
	"northwest", "not", "null", "o-o", "o-o-o", "or", "orthogonal", "piece", "player",
	"ply", "power", "previous", "promote", "pseudolegal", "result", "right", "rotate45",
	"rotate90", "shift", "shifthorizontal", "shiftvertical", "sidetomove", "site",
	"sort", "southeast", "southwest", "square", "stalemate", "tag", "terminal", "then",
	"to", "true", "up", "variation", "vertical", "maindiagonal", "offdiagonal", "white", "wtm", "year",
	// strings, conversions, state and annotations (parse_strings.go)
	"ascii", "assert", "atomic", "dictionary", "hhdb", "function", "local", "commentmove", "commentposition", "eventdate", "hascomment", "indexof",
	"int", "isbound", "isunbound", "lastgamenumber", "lowercase", "originalcomment", "persistent", "readfile",
	"removecomment", "settag", "str", "unbind", "uppercase", "writefile",
	// game-tree filters
	"ancestor", "child", "depth", "descendant", "distance", "initialposition", "lca",
	"parent", "position", "positionid", "virtualmainline", "consecutivemoves",
	// geometry, pawn structure, reversecolor, notransform (geometry.go)
	"between", "colortype", "connectedpawns", "dark", "doubledpawns", "file", "isolatedpawns",
	"light", "makesquare", "notransform", "passedpawns", "pin", "rank", "ray", "reversecolor",
	"sqrt", "through", "type", "xray", "purestalemate", "modelstalemate",
	"idealstalemate", "puremate", "modelmate", "idealmate", "pieceid", "piecename", "typename",
	// current-move filters and loop (parse_current.go)
	"currentmove", "nullmove", "enpassantsquare", "loop", "path", "pathstart", "pathlastposition", "pathcount", "pathcountunfocused",
	// flow filters (parse_flow.go)
	"while", "try", "primary", "secondary",
)

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// unicodeAliases maps CQL 6.2 symbols to the ASCII token they stand for.
// Figurines and the piece-class symbols are handled by the piece lexer.
var unicodeAliases = map[rune]string{
	'→': "attacks",
	'←': "attackedby",
	'∩': "&",
	'∪': "|",
	'≤': "<=",
	'≥': ">=",
	'≠': "!=",
	'⬓': "flipcolor",
	'✵': "flip",
	'∙': "currentposition",
	'⊢': "path",
	'◎': "focus",
	'≺': "[<]",
	'≼': "[<=]",
	'≻': "[>]",
	'≽': "[>=]",
}

// figurines maps the Unicode piece symbols to the pieces they denote.
var figurines = map[rune]PieceSet{
	'♔': 1 << WhiteKing, '♕': 1 << WhiteQueen, '♖': 1 << WhiteRook,
	'♗': 1 << WhiteBishop, '♘': 1 << WhiteKnight, '♙': 1 << WhitePawn,
	'♚': 1 << BlackKing, '♛': 1 << BlackQueen, '♜': 1 << BlackRook,
	'♝': 1 << BlackBishop, '♞': 1 << BlackKnight, '♟': 1 << BlackPawn,
	'△': WhitePieces, '▲': BlackPieces, '□': EmptySquare, '◭': WhitePieces | BlackPieces,
}

// asciiPieces maps the ASCII piece type letters to the pieces they denote.
var asciiPieces = map[byte]PieceSet{
	'K': 1 << WhiteKing, 'Q': 1 << WhiteQueen, 'R': 1 << WhiteRook,
	'B': 1 << WhiteBishop, 'N': 1 << WhiteKnight, 'P': 1 << WhitePawn,
	'k': 1 << BlackKing, 'q': 1 << BlackQueen, 'r': 1 << BlackRook,
	'b': 1 << BlackBishop, 'n': 1 << BlackKnight, 'p': 1 << BlackPawn,
	'A': WhitePieces, 'a': BlackPieces, '_': EmptySquare,
}
