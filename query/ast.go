// Package query is the CQL language front end: it turns CQL source text
// into a checked abstract syntax tree (AST) that the filter package
// compiles into position filters.
//
// The pipeline is lexer → parser → checker, each a separate stage in the
// style of go/scanner and go/parser. Parse runs all three. The AST it
// returns is fully resolved: every node knows its value type, every
// variable reference points at its Symbol, piece designators carry their
// piece and square bitmasks, and iteration bodies have been extended (see
// Square). The evaluator needs no further analysis.
package query

// Pos is a position in the source text. Line and Col are 1-based; Col
// counts Unicode characters (not bytes) so that carets line up under
// figurine symbols. Offset is the 0-based byte offset.
type Pos struct {
	Offset int
	Line   int
	Col    int
}

// Type is the value type of a filter. Every filter matches or not; some also
// have a value.
type Type uint8

const (
	// TypeNone is a logical filter: it matches or not and has no value
	// (check, not, and, comparisons, assignments, ...).
	TypeNone Type = iota
	// TypeSet is a set of squares (a uint64); it matches iff non-empty.
	TypeSet
	// TypeNumber is an integer value.
	TypeNumber
	// TypePosition is a position in the game tree.
	TypePosition
	// TypeString is a string value.
	TypeString
)

var typeNames = [...]string{"logical", "set", "number", "position", "string"}

func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "?"
}

// SquareSet is a set of squares: bit i is square i with a1=0, b1=1, ...,
// h1=7, a2=8, ..., h8=63 (file = i%8, rank = i/8).
type SquareSet uint64

// AllSquares is the set of all 64 squares.
const AllSquares SquareSet = ^SquareSet(0)

// SquareAt returns the index (0..63) of the square on file f and rank r
// (both 0-based).
func SquareAt(file, rank int) int { return rank*8 + file }

// Piece is one of the 13 kinds of square content.
type Piece uint8

// The 13 square contents. The order (white K Q R B N P, black k q r b n p,
// empty) is fixed; PieceSet bits follow it.
const (
	WhiteKing Piece = iota
	WhiteQueen
	WhiteRook
	WhiteBishop
	WhiteKnight
	WhitePawn
	BlackKing
	BlackQueen
	BlackRook
	BlackBishop
	BlackKnight
	BlackPawn
	Empty
	NumPieces
)

// PieceSet is a set of Piece kinds: bit p is set when Piece p is included.
type PieceSet uint16

// Piece set constants.
const (
	WhitePieces PieceSet = 1<<WhiteKing | 1<<WhiteQueen | 1<<WhiteRook | 1<<WhiteBishop | 1<<WhiteKnight | 1<<WhitePawn
	BlackPieces PieceSet = WhitePieces << BlackKing
	EmptySquare PieceSet = 1 << Empty
	AnyContent  PieceSet = WhitePieces | BlackPieces | EmptySquare
)

// Has reports whether p is in s.
func (s PieceSet) Has(p Piece) bool { return s&(1<<p) != 0 }

// Node is a filter in the AST. Every node records where it starts in the
// source and its checked value type.
type Node interface {
	Pos() Pos
	Type() Type
	node()
}

// Program is a parsed and checked CQL program.
type Program struct {
	Header *Header // nil when the program has no cql(...) header
	Body   *Block  // the top-level filters, implicitly ANDed
	// Symbols lists every variable, indexed by Symbol.Index, so the
	// evaluator can keep variable values in a flat slice.
	Symbols []*Symbol
	// Dialect is the dialect the program was read in (ParseDialect): where CQL 6.2 and
	// CQLi disagree, the evaluator follows it (docs/cqli.md, "Dialects").
	Dialect Dialect
}

// Range is an inclusive integer range from a header parameter or a filter
// such as `up 1 3`. Max is Min when only one number was given. In find,
// line, path and consecutivemoves a bound may be a number variable
// (MinVar, MaxVar; parse_ranges.go), read when the filter is evaluated.
type Range struct {
	Min, Max       int
	MinVar, MaxVar *Var // nil: the bound is the constant
}

// Header holds the parameters of `cql( ... )`. Zero values mean "not given".
type Header struct {
	At          Pos
	Input       []string // input PGN files, in order
	Output      string   // output PGN file
	MatchCount  *Range   // number of matched positions a game needs
	GameNumber  *Range   // only examine games in this range
	Result      string   // "1-0", "0-1", "1/2-1/2" or "*"
	Variations  bool     // also search variations
	Silent      bool     // suppress all annotations
	Quiet       bool     // suppress automatic comments except header ones
	MatchString *string  // comment written at each matched position
	// SortMatchCount is set by `sort matchcount [range]`: output sorted by
	// the number of matched positions, MatchCount gets the range if given.
	SortMatchCount bool
	// InputAt and OutputAt are where the header names its files (InputAt[i] for Input[i]).
	InputAt  []Pos
	OutputAt Pos
}

// VarKind is the kind of value a variable holds.
type VarKind uint8

const (
	// VarSet is a set (square) variable: x = R, square x in ...
	VarSet VarKind = iota
	// VarPiece is a piece identity: piece x in ..., piece x = ...
	// Its value as a filter is the square the piece now stands on (empty
	// set if it was captured).
	VarPiece
	// VarNumber is a number variable: n = 3
	VarNumber
	// VarString is a string variable: s = "abc"
	VarString
	// VarPosition is a position variable: p = currentposition
	VarPosition
	// VarDictionary is a dictionary: dictionary D  D["key"] = value
	VarDictionary
)

var varKindNames = [...]string{"set", "piece", "number", "string", "position", "dictionary"}

func (k VarKind) String() string {
	if int(k) < len(varKindNames) {
		return varKindNames[k]
	}
	return "?"
}

// Type is the value type of a filter that reads a variable of this kind.
func (k VarKind) Type() Type {
	switch k {
	case VarSet, VarPiece:
		return TypeSet
	case VarNumber:
		return TypeNumber
	case VarString:
		return TypeString
	case VarPosition:
		return TypePosition
	}
	return TypeNone
}

// Symbol is a resolved variable. All references and assignments to the same
// name share one *Symbol.
type Symbol struct {
	Name  string
	Kind  VarKind
	Index int // position in Program.Symbols
	Decl  Pos // first declaration
	// Persistent variables keep their value from game to game (persistent x = 0);
	// Quiet ones are not printed after the last game.
	Persistent, Quiet bool
	// Atomic variables (atomic x = 0) differ from others only inside path filters.
	Atomic bool
	// KeyType and ValueType of a dictionary, fixed by its first assignment.
	KeyType, ValueType Type
}

// Op is an operator in unary, binary, comparison and assignment nodes.
type Op uint8

// Operators.
const (
	OpInvalid Op = iota
	// Unary.
	OpNot        // not F (logical)
	OpComplement // ~S (set)
	OpNeg        // -N (number)
	OpCount      // #S (number of squares)
	OpAbs        // abs N
	OpPower      // power S: material on S (P=1 N=B=3 R=5 Q=9 K=0)
	// Binary set operators.
	OpAnd   // and (logical)
	OpOr    // or (logical)
	OpInter // & (set intersection)
	OpUnion // | (set union)
	OpIn    // S in T (logical: S is a subset of T)
	// attacks / attackedby (set).
	OpAttacks    // X attacks Y: squares of X whose piece attacks a square of Y
	OpAttackedBy // X attackedby Y: squares of X attacked by a piece on Y
	// Arithmetic (number).
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpMod
	// Comparisons.
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	// Assignments.
	OpAssign     // =
	OpAddAssign  // +=
	OpSubAssign  // -=
	OpMulAssign  // *=
	OpDivAssign  // /=
	OpModAssign  // %=
	OpCondAssign // =?  (assign when the right side is a non-empty set; else fail, the variable unchanged)
	// Min / max.
	OpMax
	OpMin
)

var opNames = [...]string{
	OpInvalid: "?", OpNot: "not", OpComplement: "~", OpNeg: "-", OpCount: "#", OpAbs: "abs", OpPower: "power",
	OpAnd: "and", OpOr: "or", OpInter: "&", OpUnion: "|", OpIn: "in",
	OpAttacks: "attacks", OpAttackedBy: "attackedby",
	OpAdd: "+", OpSub: "-", OpMul: "*", OpDiv: "/", OpMod: "%",
	OpEq: "==", OpNe: "!=", OpLt: "<", OpLe: "<=", OpGt: ">", OpGe: ">=",
	OpAssign: "=", OpAddAssign: "+=", OpSubAssign: "-=", OpMulAssign: "*=", OpDivAssign: "/=", OpModAssign: "%=", OpCondAssign: "=?",
	OpMax: "max", OpMin: "min",
}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return "?"
}

// ---------------------------------------------------------------------------
// Nodes. Each embeds At (its position) and implements Node.

// At is embedded in every node: the source position of its first token.
type At struct{ P Pos }

// Pos returns the node's source position.
func (a At) Pos() Pos { return a.P }

// PieceDesignator is a set filter: the squares of Squares whose content is
// in Pieces. `K` is {WhiteKing} on AllSquares; `a-h3` is AnyContent on the
// third rank; `.` (▦) is AnyContent on AllSquares; `[]` is the empty set
// (Pieces and Squares both zero).
type PieceDesignator struct {
	At
	Pieces  PieceSet
	Squares SquareSet
	Text    string // source spelling, for messages and the printer
}

// NumberLit is an integer literal.
type NumberLit struct {
	At
	Value int
}

// StringLit is a string literal (escapes already decoded).
type StringLit struct {
	At
	Value string
}

// BoolLit is true or false (logical).
type BoolLit struct {
	At
	Value bool
}

// Block is `{ f g h }` (and the program body): matches when all do; its value
// and type are the last filter's. An empty block matches and has no value.
type Block struct {
	At
	Filters []Node
	T       Type
}

// Unary is a prefix operator: not, ~, unary -, #, abs, power.
//   - not F: logical.
//   - ~S: set complement.
//   - -N, abs N: number.
//   - #S: number of squares in S.
//   - power S: material on S.
type Unary struct {
	At
	Op Op
	X  Node
	T  Type
}

// Binary is a binary operator: and, or, &, |, in, attacks, attackedby,
// + - * / %. For arithmetic, a set operand counts as its size (the checker
// wraps it in a Unary OpCount so the evaluator sees only numbers). OpIn
// between two sets is the subset test; between two strings (X in Y) it
// tests whether X occurs in Y, as in the implicit search `event "Ch"`.
type Binary struct {
	At
	Op   Op
	X, Y Node
	T    Type
}

// CompareMode says how one link of a comparison chain compares its operands.
type CompareMode uint8

const (
	// CompareNumber compares numbers; set operands have been wrapped in
	// OpCount by the checker.
	CompareNumber CompareMode = iota
	// CompareSet is set equality/inequality (== and != between two sets).
	CompareSet
	// CompareString compares strings (lexicographically for < etc.).
	CompareString
	// ComparePosition compares positions (by game order).
	ComparePosition
)

// CompareLink is one `op right` step of a comparison chain.
type CompareLink struct {
	Op   Op
	Mode CompareMode
}

// Compare is a chain of comparisons: Operands[0] Links[0].Op Operands[1]
// Links[1].Op Operands[2] ... (e.g. `2 < #P <= 5`). It matches when every
// operand matches and every link holds. It is logical (T is TypeNone).
type Compare struct {
	At
	Operands []Node
	Links    []CompareLink
	T        Type
}

// MinMax is max(a b ...) or min(a b ...): numbers (sets count as their size).
type MinMax struct {
	At
	Op   Op // OpMax or OpMin
	Args []Node
}

// If is `if C then A [else B]` (also `if C A else B`). Without else, its
// value type is TypeNone; with else, it is the common type of A and B when
// they agree, else TypeNone.
type If struct {
	At
	Cond, Then, Else Node // Else may be nil
	T                Type
}

// Keyword is a filter spelled as a single keyword with no argument, such as
// check, mate, wtm, ply. Kind says which; T is its type.
type Keyword struct {
	At
	Kind KeywordKind
	T    Type
	// Transforms, for currenttransform, names the transforms applied to it,
	// innermost first ("" for an identity); see CurrentTransformString.
	Transforms []string
}

// KeywordKind enumerates argument-less filters.
type KeywordKind uint8

// Argument-less filters. Comments give the type.
const (
	KwCheck            KeywordKind = iota // logical
	KwMate                                // logical
	KwStalemate                           // logical
	KwWtm                                 // logical: white to move
	KwBtm                                 // logical: black to move
	KwSideToMove                          // number: 1 (white) or -1 (black)
	KwWhite                               // number: 1
	KwBlack                               // number: -1
	KwInitial                             // logical: the game's initial position
	KwTerminal                            // logical: no move follows
	KwMainline                            // logical: position is on the main line
	KwVariation                           // logical: position is in a variation
	KwPly                                 // number: plies from the start
	KwMoveNumber                          // number: full-move number
	KwGameNumber                          // number: game number in the input
	KwYear                                // number: year from the Date tag (fails if unknown)
	KwCurrentPosition                     // position
	KwEvent                               // string: Event tag
	KwSite                                // string: Site tag
	KwDate                                // string: Date tag
	KwEco                                 // string: ECO tag
	KwFen                                 // string: FEN of the current position
	KwCurrentTransform                    // string: the transforms acting on the filter
	// CQLi's board-state filters (docs/cqli.md).
	KwHalfmoveClock     // number: the halfmove clock of the current position (the FEN's fifth field)
	KwCurrentFen        // string: the FEN of the current position, all six fields
	KwStandardFen       // string: currentfen with the en passant square after every double step
	KwZobristKey        // number: the Polyglot key of the current position
	KwPromotedPieces    // set: the squares of pieces that were pawns at the game's start
	KwLegalPosition     // logical: the position could occur in a game (docs/cqli.md)
	KwReachablePosition // logical: legalposition and no count or pawn structure rules it out
	// Annotation values, our extension (docs/language.md, "Annotation values").
	KwEval  // number: the [%eval] after the move to the position, centipawns from White's side
	KwClock // number: the [%clk] after the move to the position, seconds
	KwEmt   // number: the [%emt] after the move to the position, seconds
	KwNag   // number: the first NAG of the move to the position
)

var keywordNames = [...]string{
	KwCheck: "check", KwMate: "mate", KwStalemate: "stalemate", KwWtm: "wtm", KwBtm: "btm",
	KwSideToMove: "sidetomove", KwWhite: "white", KwBlack: "black", KwInitial: "initial",
	KwTerminal: "terminal", KwMainline: "mainline", KwVariation: "variation", KwPly: "ply",
	KwMoveNumber: "movenumber", KwGameNumber: "gamenumber", KwYear: "year",
	KwCurrentPosition: "currentposition", KwEvent: "event", KwSite: "site", KwDate: "date",
	KwEco: "eco", KwFen: "fen", KwCurrentTransform: "currenttransform",
	KwHalfmoveClock: "halfmoveclock", KwCurrentFen: "currentfen", KwStandardFen: "standardfen",
	KwZobristKey: "zobristkey", KwPromotedPieces: "promotedpieces", KwLegalPosition: "legalposition",
	KwReachablePosition: "reachableposition", KwEval: "eval", KwClock: "clock", KwEmt: "emt", KwNag: "nag",
}

func (k KeywordKind) String() string {
	if int(k) < len(keywordNames) {
		return keywordNames[k]
	}
	return "?"
}

// Color selects a side for player and elo.
type Color uint8

// Colors. ColorAny means either side.
const (
	ColorAny Color = iota
	ColorWhite
	ColorBlack
)

var colorNames = [...]string{"any", "white", "black"}

func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return "?"
}

// Result is `result 1-0` (also 0-1, 1/2-1/2, *): logical.
type Result struct {
	At
	Value string
}

// Player is `player [white|black]`: a string filter whose value is the
// White or Black tag (ColorAny: matches if either player matches Match).
// With a following string, `player white "Carlsen"` matches when the name
// contains Match; then it is logical.
type Player struct {
	At
	Color Color
	Match *string // nil: no substring test
	T     Type
}

// Elo is `elo [white|black]`: number, the WhiteElo or BlackElo tag; with
// ColorAny (plain `elo`) the larger of the two, as the CQL manual says.
// Fails if the relevant tag is missing or unknown.
type Elo struct {
	At
	Color Color
}

// Tag is `tag "Name"`: a string filter, the value of the PGN tag Name (fails
// when absent). The implicit search forms `event "x"`, `tag "Name" "x"` are
// represented as Binary{OpIn, StringLit "x", the string filter}.
type Tag struct {
	At
	Name string
}

// Var is a reference to a variable; its type is Sym.Kind.Type().
type Var struct {
	At
	Name string
	Sym  *Symbol
}

// Type returns the variable's value type; before the checker resolves the
// name (the parser asks, e.g. for range bounds) it is unknown: TypeNone.
func (v *Var) Type() Type {
	if v.Sym == nil {
		return TypeNone
	}
	return v.Sym.Kind.Type()
}

// Assign is `x = F`, `x += F`, ..., `x =? F`, and `piece x = F`. Logical.
// Decl is true for the assignment that first declares Sym. For a number
// variable, a set right-hand side has been wrapped in OpCount.
type Assign struct {
	At
	Op     Op
	Name   string
	Sym    *Symbol
	Value  Node
	Decl   bool
	Piece  bool // `piece x = F`: x becomes a piece identity variable
	Atomic bool // `atomic x = F`: x is an atomic variable (CQL 6.2)
}

// Square is `square [all] x in S body` (Piece false) or `piece [all] x in S
// body` (Piece true; Var is then a VarPiece symbol bound to the identity of
// the piece on each square). Without All it is a set filter: the squares of
// S for which Body matched. With All it is logical: Body matches for every
// square (vacuously true on an empty S).
//
// Without braces the body is the single next filter, as in CQL: in
// `square x in h1-8 R attacks x x attacks K` the second filter is after the
// loop, where x names the same variable, unbound (a run-time error there).
type Square struct {
	At
	All   bool
	Piece bool
	Name  string // the variable's name
	Var   *Symbol
	In    Node
	Body  Node
}

// MoveSelect says which moves a Move filter considers.
type MoveSelect uint8

// Move candidates.
const (
	MovePlayed      MoveSelect = iota // moves played from the current position (game tree children)
	MovePrevious                      // the move that led to the current position
	MoveLegal                         // all legal moves
	MovePseudoLegal                   // all pseudolegal moves
	MoveReverse                       // CQLi's reverse: the moves that could have led to the current position
)

// MoveValue says what a Move filter's value is.
type MoveValue uint8

// Move filter values.
const (
	MoveValueFrom    MoveValue = iota // set: from squares of matching moves (`from` is the first parameter)
	MoveValueTo                       // set: to squares (`to` is the first parameter; `move to . from N` is N's destinations)
	MoveValueCount                    // number: how many moves match (`count`)
	MoveValueCapture                  // set: squares of the captured pieces (`capture` is the first parameter)
	MoveValueNone                     // logical: the first parameter is none of from, to, capture (CQL's NonemptyNode)
)

// Move is `move [previous|legal|pseudolegal] [from F] [to T] [capture C]
// [promote P] [count] [castle|o-o|o-o-o] [enpassant] [null]`. A move matches
// when its from square is in From, its to square in To, its captured square
// in Capture, its promotion piece in Promote (each nil = unrestricted),
// and the flags hold. The filter matches if some candidate move matches.
type Move struct {
	At
	Select    MoveSelect
	From      Node // set filter or nil
	To        Node // set filter or nil
	Capture   Node // set filter or nil: the square of the captured piece must be in it
	Promote   PieceSet
	Castle    bool // any castling move
	OO        bool // king-side castling
	OOO       bool // queen-side castling
	EnPassant bool
	Null      bool
	Value     MoveValue
	// EnPassantSquare (`enpassantsquare S`): an en passant capture of a
	// pawn standing on S (CQL 9.493: the captured pawn's square, not the
	// capturing pawn's destination). Primary, Secondary: only the main
	// continuation, or only moves that start a variation (for previous: the
	// move that led here).
	EnPassantSquare    Node
	Primary, Secondary bool
	// Target, for CQLi's speculative move filter (`move legal ... : F`), is
	// evaluated at the position after each matching move; only the moves
	// where it matches count. All (`move legal all : F`): the filter is
	// whether F matched after every move considered (with count, their
	// number then).
	Target Node
	All    bool
	// Comment (`move ... comment (...)`, not with legal or pseudolegal) is
	// evaluated, as CQL's move-parse.cpp and movebase.cpp do, at the
	// position after each matching move.
	Comment *Comment
}

// FromTo is the standalone `from` or `to`: the from (to) square of the move
// that led to the current position, or the empty set at the initial
// position. Set.
type FromTo struct {
	At
	To bool // false: from
}

// Direction kinds.
type Direction uint8

// Directions, in the order the direction filters document them.
const (
	DirUp Direction = iota
	DirDown
	DirLeft
	DirRight
	DirNortheast
	DirNorthwest
	DirSoutheast
	DirSouthwest
	DirOrthogonal // up down left right
	DirDiagonal   // the four diagonals
	DirVertical   // up down
	DirHorizontal // left right
	DirAnyDirection
	DirMainDiagonal // northeast southwest: the direction of the a1-h8 diagonal
	DirOffDiagonal  // northwest southeast: the direction of the a8-h1 diagonal
)

var directionNames = [...]string{"up", "down", "left", "right", "northeast", "northwest",
	"southeast", "southwest", "orthogonal", "diagonal", "vertical", "horizontal", "anydirection",
	"maindiagonal", "offdiagonal"}

func (d Direction) String() string {
	if int(d) < len(directionNames) {
		return directionNames[d]
	}
	return "?"
}

// Dir is `up [min [max]] S` etc.: the set of squares reached from a square of
// S by moving 1 to 7 steps (or Range) in the direction(s), ignoring pieces.
type Dir struct {
	At
	Dir   Direction
	Range Range // default {1, 7}
	X     Node
}

// TransformKind is a board transformation.
type TransformKind uint8

// Transforms.
const (
	TransformFlip           TransformKind = iota // the 8 dihedral transforms
	TransformFlipColor                           // identity and color swap (with vertical flip)
	TransformFlipHorizontal                      // identity and left-right mirror
	TransformFlipVertical                        // identity and top-bottom mirror
	TransformShift                               // all translations of the board
	TransformShiftHorizontal
	TransformShiftVertical
	TransformRotate90
	TransformRotate45
)

var transformNames = [...]string{"flip", "flipcolor", "fliphorizontal", "flipvertical",
	"shift", "shifthorizontal", "shiftvertical", "rotate90", "rotate45"}

func (k TransformKind) String() string {
	if int(k) < len(transformNames) {
		return transformNames[k]
	}
	return "?"
}

// Transform is `flipcolor F` etc.: matches when some transformed version of
// Body matches. Variants holds the transformed bodies, already computed by
// the checker (Variants[0] is Body itself); a variant that equals an earlier
// one is left out. Count (number type) is set by `flipcolor count F`: the
// value is the number of matching variants. Otherwise the type is TypeNone
// (or set: the union of the variants' sets when Body is a set filter).
type Transform struct {
	At
	Kind     TransformKind
	Count    bool
	Range    *Range // `flip 2 4 F`: the number of matching variants must be in it (CQL's OrbitNode range)
	Body     Node
	Variants []Node
	T        Type
	// Merged: Body is a transform (alone, also in braces or parentheses)
	// and this one has no range or count, so CQL makes the two one orbit
	// (OrbitNode::create composes their transforms): Variants are the
	// copies of the inner body under every composition, and Count and Range
	// are the inner transform's.
	Merged bool
	seqs   [][]xform // the checker's: the transforms of each copy, innermost first
	src    Node      // the body the copies are made of (the innermost, when merged)
}

// Comment is `comment (args...)` or `message (args...)`: logical, always
// matches; writes its arguments (strings as text, other values formatted)
// at the matched position (Message: to standard output).
type Comment struct {
	At
	Message bool
	Quiet   bool // message quiet: the text alone, without the game and move
	Args    []Node
}

// Sort is `sort [min] ["label"] F`: F's value (a number) is recorded to
// sort the output games; the game keeps the maximum (or minimum) value.
// Matches when F does; type is F's type.
type Sort struct {
	At
	Min   bool
	Label string
	X     Node
}

// Find is `find [all] [<--] [range] F`: searches the current position and
// those after it (before it with <--) for positions where F matches.
// Without all it is a position filter (the first match); with all, a
// number (how many matched).
type Find struct {
	At
	All      bool
	Quiet    bool
	Backward bool
	Range    *Range // only if given: the number of matches wanted
	X        Node
	T        Type
}

// Echo is `echo [quiet] (s t) [in all] F`: for every position t of the game
// other than the current one s (and s itself with `in all`), evaluates F at
// t with s and t bound (position variables). It matches when F matches for
// some t; when F is numeric, its value is F's largest value (T TypeNumber).
type Echo struct {
	At
	Quiet, InAll           bool
	SourceName, TargetName string
	Source, Target         *Symbol
	X                      Node
	T                      Type
}

// LineElem is one element of a line pattern.
type LineElem struct {
	X        Node         // a filter, or nil for a group (Alts)
	Alts     [][]LineElem // alternatives of a group `(a --> b | c)`; nil for a plain filter
	Min, Max int          // repetition: 1,1 by default; `*` 0,-1; `+` 1,-1; `?` 0,1; `{m,n}`
}

// Line is `line [params] [range] --> f --> g ...` (or `<--`): matches when
// the sequence of positions from the current one (forward with -->,
// backward with <--) matches the pattern; its value is the number of
// positions of the longest match (the first one found with firstmatch), or
// with lastposition the last position of that match (T TypePosition). With
// a Range the length must be in it. Primary follows primary moves only,
// Secondary only moves that start a variation (CQL's futurenode.cpp skips
// the first child at every step).
type Line struct {
	At
	Backward     bool
	Quiet        bool
	FirstMatch   bool
	LastPosition bool
	Primary      bool
	Secondary    bool
	SingleColor  bool // match every other position: those with the current side to move
	NestBan      bool // fail at positions inside an earlier match of this line in the game
	Range        *Range
	Elems        []LineElem
}

// Type methods: constant-typed nodes.
func (*PieceDesignator) Type() Type { return TypeSet }
func (*NumberLit) Type() Type       { return TypeNumber }
func (*StringLit) Type() Type       { return TypeString }
func (*BoolLit) Type() Type         { return TypeNone }
func (b *Block) Type() Type         { return b.T }
func (u *Unary) Type() Type         { return u.T }
func (b *Binary) Type() Type        { return b.T }
func (c *Compare) Type() Type       { return c.T }
func (*MinMax) Type() Type          { return TypeNumber }
func (i *If) Type() Type            { return i.T }
func (k *Keyword) Type() Type       { return k.T }
func (*Result) Type() Type          { return TypeNone }
func (p *Player) Type() Type        { return p.T }
func (*Elo) Type() Type             { return TypeNumber }
func (*Tag) Type() Type             { return TypeString }
func (*Assign) Type() Type          { return TypeNone }
func (*FromTo) Type() Type          { return TypeSet }
func (*Dir) Type() Type             { return TypeSet }
func (t *Transform) Type() Type     { return t.T }
func (*Comment) Type() Type         { return TypeNone }
func (s *Sort) Type() Type          { return s.X.Type() }
func (f *Find) Type() Type          { return f.T }
func (e *Echo) Type() Type          { return e.T }
func (l *Line) Type() Type {
	if l.LastPosition {
		return TypePosition
	}
	return TypeNumber
}

// Type of a square/piece iteration: set without all, logical with all.
func (s *Square) Type() Type {
	if s.All {
		return TypeNone
	}
	return TypeSet
}

// Type of a move filter follows its Value.
func (m *Move) Type() Type {
	switch m.Value {
	case MoveValueCount:
		return TypeNumber
	case MoveValueNone:
		return TypeNone
	}
	return TypeSet
}

func (*PieceDesignator) node() {}
func (*NumberLit) node()       {}
func (*StringLit) node()       {}
func (*BoolLit) node()         {}
func (*Block) node()           {}
func (*Unary) node()           {}
func (*Binary) node()          {}
func (*Compare) node()         {}
func (*MinMax) node()          {}
func (*If) node()              {}
func (*Keyword) node()         {}
func (*Result) node()          {}
func (*Player) node()          {}
func (*Elo) node()             {}
func (*Tag) node()             {}
func (*Var) node()             {}
func (*Assign) node()          {}
func (*Square) node()          {}
func (*Move) node()            {}
func (*FromTo) node()          {}
func (*Dir) node()             {}
func (*Transform) node()       {}
func (*Comment) node()         {}
func (*Sort) node()            {}
func (*Find) node()            {}
func (*Echo) node()            {}
func (*Line) node()            {}
