package filter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// Query is a compiled CQL program. It is immutable and may be shared by
// goroutines; each goroutine evaluates it with its own Evaluator.
type Query struct {
	body          node
	nvars         int
	variations    bool
	alwaysComment bool      // keep comment texts of positions that do not match
	noSetTag      bool      // settag matches without setting (-nosettag)
	noRmComment   bool      // removecomment matches without removing (-noremovecomment)
	noRmTag       bool      // removetag matches without removing (--noremovetag)
	keepAllBest   bool      // every path is keepallbest (--keepallbest)
	editsGame     bool      // see EditsGame
	needCheck     bool      // see NeedsCheck (guard.go)
	matGuard      *matGuard // the pieces and side to move every match needs (guard.go), or nil
	noUnique      bool      // a position may get one text twice (-nouniquecomments)
	noSortComment bool      // comments made in a sort stay where made (-nosortcomments)
	needIDs       bool      // piece variables are used: track piece identities
	needInfo      bool      // tag values are used
	tagNames      []string  // the names `tag` filters read (tagNode numbers them)
	header        query.Header
	sorts         []SortKey
	sortSiteKey   []int           // per sort filter compiled (each copy of a transform's too), its key
	persistent    []persistentVar // variables kept from game to game
	serial        bool            // see Serial
	additive      bool            // see Additive
	usesLastGame  bool            // see UsesLastGameNumber
	marks         bool            // record marked squares (Options.Marks)
	atomics       []int           // slots of atomic variables (atomic.go)
	autoComments  bool            // write CQL's automatic path and echo comments
	nestSlots     int             // nestban lines and paths (Evaluator.nest)
	findMemos     int             // finds whose filter is remembered per node (Evaluator.finds)
	linSlots      int             // linearized line constituents (Evaluator.linChild)
	cmNames       [][2]string     // per consecutivemoves filter that comments, its variables' names (Evaluator.cmKept)
	allComments   bool            // see ReadsAllComments
	positionLocal bool            // see PositionLocal
	maxString     int             // Options.MaxString, or DefaultMaxString
	files         []FileUse       // see Files
}

// SortKey describes one `sort` filter of the program, in source order.
type SortKey struct {
	Label  string
	Min    bool // keep the game's minimum value instead of the maximum
	String bool // the values are strings (Evaluator.SortString), compared bytewise
	Quiet  bool // sort quiet: not printed with the game (hhdb sort's keys)
}

// Header returns the program's header parameters (the zero Header when the
// program has none). Variations is what Game honours; the others are for the
// runner (matchcount, gamenumber, result, matchstring, ...).
func (q *Query) Header() query.Header { return q.header }

// Variations reports whether Game searches variations as well as the main line.
func (q *Query) Variations() bool { return q.variations }

// ReadsAllComments reports whether the query reads the comments of the
// game's variations even when it searches the main line only (hhdb cooked:
// a cook is mostly marked in a variation), so that games must be read with
// their variations.
func (q *Query) ReadsAllComments() bool { return q.allComments }

// MatchCountOK reports whether a game with n matching positions is a
// matching game: within the header's matchcount range, or n >= 1 without one.
func (q *Query) MatchCountOK(n int) bool {
	if r := q.header.MatchCount; r != nil {
		return n >= r.Min && n <= r.Max
	}
	return n >= 1
}

// Selected reports whether the header's gamenumber range and result admit a
// game, so that the runner can skip a game without evaluating it. A game of
// another result is still a match when the matchcount range admits 0 (see
// resultRejects), so then it is selected.
func (q *Query) Selected(g *pgn.Game) bool {
	if r := q.header.GameNumber; r != nil && (g.Number < r.Min || g.Number > r.Max) {
		return false
	}
	return !q.resultRejects(g) || q.MatchCountOK(0)
}

// resultRejects reports whether the header's result is not the game's (the move
// text's, as for the result filter: pgn.CQLHeader). Then CQL evaluates no
// position: the game matches with none when the matchcount range admits 0
// (CQL's CqlNode::match_game), else not at all.
func (q *Query) resultRejects(g *pgn.Game) bool {
	return q.header.Result != "" && pgn.GameResult(g) != q.header.Result
}

// Sorts lists the program's sort filters; Evaluator.SortValues gives each
// game's values in the same order.
func (q *Query) Sorts() []SortKey { return q.sorts }

// EditsGame reports whether evaluating the query can change the game it is given (settag
// sets a tag, removecomment drops a comment): a runner that evaluates several queries on
// one game gives such a query its own copy.
func (q *Query) EditsGame() bool { return q.editsGame }

// UniqueComments says that a position's comment gets each text once (CQL's
// default; off with Options.NoUniqueComments): a writer adding its own texts,
// the match marker, drops those the position already has.
func (q *Query) UniqueComments() bool { return !q.noUnique }

// Options adjust how a program is compiled.
type Options struct {
	// noFindMemo (tests): finds evaluate their filter at every position they reach
	// instead of remembering its value per node (find_memo.go)
	noFindMemo bool
	// Variations searches variations too, as if the header said so
	// (the command line's --variations).
	Variations bool
	// AlwaysComment keeps the texts of comment filters at positions that do
	// not match (CQL's -alwayscomment, which turns smart comments off).
	AlwaysComment bool
	// NoSetTag and NoRemoveComment make settag and removecomment filters match without
	// changing the game (CQL's -nosettag and -noremovecomment).
	NoSetTag, NoRemoveComment bool
	// NoRemoveTag makes CQLi's removetag match without changing the game (its --noremovetag).
	NoRemoveTag bool
	// KeepAllBest makes every path keepallbest (CQLi's --keepallbest).
	KeepAllBest bool
	// NoUniqueComments writes a text as often as it is made at a position, where
	// CQL by default writes it once (CQL's -nouniquecomments).
	NoUniqueComments bool
	// NoSortComments leaves the comments made inside a sort where they were
	// made, whatever the value (CQL's -nosortcomments): without it, only those
	// made where the sort's value first became the best are kept (sort_comments.go).
	NoSortComments bool
	// Marks records the squares the query marked at each matching position, for
	// Evaluator.Marked (see marks.go for what is marked). Off, the query is compiled
	// exactly as without it.
	Marks bool
	// NoGuards evaluates the body at every position, without the guards that skip
	// positions where it must fail (guard.go): for tests comparing the two.
	NoGuards bool
	// NoAutoComments leaves out CQL's automatic comments of path and echo
	// (for runs that write no comments, such as counting): a path then need
	// not search for its best path when only a match is asked.
	NoAutoComments bool
	// MaxString is the largest string in bytes the query may build or read
	// (0: DefaultMaxString); past it the run stops with an error.
	MaxString int
	// Secure refuses a query that names a file (the header's input or output,
	// readfile, writefile): CompileWith returns a *query.Error at its place whose
	// message ends with SecureRefusal (CQLi's --secure; files.go).
	Secure bool
}

// Compile turns a checked program into a Query.
func Compile(prog *query.Program) (*Query, error) {
	return CompileWith(prog, Options{})
}

// CompileWith is Compile with options.
func CompileWith(prog *query.Program, opt Options) (*Query, error) {
	if prog == nil || prog.Body == nil {
		return nil, fmt.Errorf("filter: empty program")
	}
	q := &Query{nvars: len(prog.Symbols), variations: opt.Variations, alwaysComment: opt.AlwaysComment,
		noSetTag: opt.NoSetTag, noRmComment: opt.NoRemoveComment, noRmTag: opt.NoRemoveTag, keepAllBest: opt.KeepAllBest,
		noUnique: opt.NoUniqueComments, noSortComment: opt.NoSortComments, maxString: opt.MaxString}
	if prog.Header != nil {
		q.header = *prog.Header
		q.variations = q.variations || prog.Header.Variations
		if opt.Secure {
			if err := secureHeader(prog.Header); err != nil {
				return nil, err
			}
		}
		q.files = headerFiles(prog.Header)
	}
	q.autoComments = !opt.NoAutoComments && !q.header.Silent
	c := &compiler{q: q, matchedNums: query.MatchedNumberNodes(prog), secure: opt.Secure, noFindMemo: opt.noFindMemo,
		cqli: prog.Dialect == query.DialectCQLi}
	var body node
	var err error
	if opt.Marks {
		q.marks = true
		if body, err = c.marked(prog.Body); err == nil {
			body = &markRoot{body: body}
		}
	} else {
		body, err = c.compile(prog.Body)
	}
	if err != nil {
		return nil, err
	}
	q.body = body
	if !opt.NoGuards {
		q.needCheck = needsCheck(body)
		q.matGuard = materialGuard(body)
	}
	q.positionLocal = !opt.Marks && positionLocal(prog.Body, nil)
	q.planState(prog)
	return q, nil
}

type compiler struct {
	q *Query
	// lin is the forward line constituent being compiled, whose move
	// filters each move out of a position restricts in turn (linearize.cpp).
	lin    *lineLinear
	noFast bool // tests: compile square iterations without the rewrite
	// commenters counts the filters compiled so far that write comments
	// (comment, and lines, paths and echoes with automatic comments): a
	// path around one must find its best path, whose comments are kept.
	commenters int
	sortIDs    map[sortID]int // the sort keys made so far (sortSite)
	// matchedNums are the numbers and number variables the program matches
	// as position filters (query.MatchedNumberNodes): matchedNumber nodes.
	matchedNums map[query.Node]bool
	secure      bool // Options.Secure
	noFindMemo  bool // Options.noFindMemo
	cqli        bool // the program was read in CQLi's dialect (query.DialectCQLi)
}

// errorf reports a compile error at the position of n.
// errorf reports a construct the evaluator cannot run, at its place in the
// source; the caller knows the file and source line to complete the message.
func errorf(n query.Node, format string, args ...any) error {
	return &query.Error{Pos: n.Pos(), Msg: fmt.Sprintf(format, args...)}
}

func (c *compiler) compile(n query.Node) (node, error) {
	x, err := c.compileNode(n)
	if err != nil || !c.matchedNums[n] {
		return x, err
	}
	switch n.(type) {
	case *query.NumberLit, *query.Var:
		if _, ok := x.(matchedNumber); ok {
			return x, nil
		}
	}
	return matchedValueNode(x, n), nil
}

func (c *compiler) compileNode(n query.Node) (node, error) {
	switch n.(type) {
	case *query.Find, *query.Line, *query.Path, *query.Echo, *query.Colon:
		// CQL does not linearize the move filters inside these (Node::linearize).
		saved := c.lin
		c.lin = nil
		defer func() { c.lin = saved }()
	}
	switch n := n.(type) {
	case *query.PieceDesignator:
		return pieceDesignator(n), nil
	case *query.NumberLit:
		if c.matchedNums[n] {
			return matchedNumber{constNum(n.Value), n.Pos(), strconv.Itoa(n.Value), false}, nil
		}
		return constNum(n.Value), nil
	case *query.StringLit:
		return constStr(n.Value), nil
	case *query.BoolLit:
		return constBool(n.Value), nil
	case *query.Block:
		return c.block(n)
	case *query.Unary:
		return c.unary(n)
	case *query.Binary:
		return c.binary(n)
	case *query.Compare:
		return c.compare(n)
	case *query.MinMax:
		before := c.commenters
		args := make([]numNode, len(n.Args))
		for i, a := range n.Args {
			x, err := c.num(a)
			if err != nil {
				return nil, err
			}
			args[i] = x
		}
		return &minMaxNode{max: n.Op == query.OpMax, smart: c.smartCompound(before), args: args}, nil
	case *query.If:
		return c.ifNode(n)
	case *query.Keyword:
		return c.keyword(n)
	case *query.Result:
		c.q.needInfo = true
		return resultNode(n.Value), nil
	case *query.Player:
		return c.player(n)
	case *query.Elo:
		c.q.needInfo = true
		switch n.Color {
		case query.ColorWhite:
			return eloWhite, nil
		case query.ColorBlack:
			return eloBlack, nil
		}
		return eloMax, nil
	case *query.Tag:
		c.q.needInfo = true
		i := slices.Index(c.q.tagNames, n.Name)
		if i < 0 {
			i = len(c.q.tagNames)
			c.q.tagNames = append(c.q.tagNames, n.Name)
		}
		return tagNode(i), nil
	case *query.Var:
		v, err := c.variable(n)
		if nv, ok := v.(numNode); ok && err == nil && c.matchedNums[n] {
			return matchedNumber{nv, n.Pos(), n.Name, true}, nil
		}
		return v, err
	case *query.Assign:
		return c.assign(n)
	case *query.Square:
		return c.square(n)
	case *query.Move:
		return c.move(n)
	case *query.FromTo:
		return lastMoveSquare{to: n.To}, nil
	case *query.Dir:
		x, err := c.set(n.X)
		if err != nil {
			return nil, err
		}
		if n.Range.MinVar != nil || n.Range.MaxVar != nil {
			return c.varDirNode(n, x)
		}
		return newDirNode(n.Dir, n.Range, x)
	case *query.Transform:
		return c.transform(n)
	case *query.Comment:
		// Annotations are the runner's business; as a filter it always matches.
		// Its arguments are still evaluated for their side effects.
		items := make([]node, 0, len(n.Args))
		for _, a := range n.Args {
			x, err := c.textArg(a)
			if err != nil {
				return nil, err
			}
			items = append(items, x)
		}
		if !n.Message && c.q.autoComments {
			c.commenters++
		}
		return &commentNode{args: items, message: n.Message, quiet: n.Quiet, at: n.Pos()}, nil
	case *query.Sort:
		return c.sort(n)
	case *query.Find:
		return c.find(n)
	case *query.Line:
		return c.line(n)
	case *query.Tree:
		return c.tree(n)
	case *query.Colon:
		return c.colon(n)
	case *query.Echo:
		return c.echo(n)
	case *query.ConsecutiveMoves:
		return c.consecutiveMoves(n)
	case *query.Dash:
		return c.dashValue(n)
	case *query.Legal:
		return c.legal(n)
	case *query.CountMoves:
		return c.countMoves(n)
	case *query.CurrentMove:
		return c.currentMove(n)
	case *query.Loop:
		return c.loop(n)
	case *query.While:
		return c.while(n)
	case *query.PastMove:
		return pastMoveNode{secondary: n.Secondary}, nil
	case *query.Path:
		return c.path(n)
	}
	if x, ok, err := c.compileStrings(n); ok {
		return x, err
	}
	if x, ok, err := c.compileGeometry(n); ok {
		return x, err
	}
	name := strings.ToLower(strings.TrimPrefix(fmt.Sprintf("%T", n), "*query."))
	return nil, errorf(n, "%s is not supported yet", name)
}

// set compiles a filter whose value must be a set.
func (c *compiler) set(n query.Node) (setNode, error) {
	x, err := c.compile(n)
	if err != nil {
		return nil, err
	}
	s, ok := x.(setNode)
	if !ok {
		return nil, errorf(n, "a set filter is needed here")
	}
	return s, nil
}

// num compiles a filter whose value must be a number; a set counts as its size.
func (c *compiler) num(n query.Node) (numNode, error) {
	x, err := c.compile(n)
	if err != nil {
		return nil, err
	}
	if v, ok := x.(numNode); ok && n.Type() == query.TypeNumber {
		return v, nil
	}
	if s, ok := x.(setNode); ok && n.Type() == query.TypeSet {
		return countNode{s}, nil
	}
	if v, ok := x.(numNode); ok {
		return v, nil
	}
	return nil, errorf(n, "a numeric filter is needed here")
}

func (c *compiler) str(n query.Node) (strNode, error) {
	x, err := c.compile(n)
	if err != nil {
		return nil, err
	}
	s, ok := x.(strNode)
	if !ok {
		return nil, errorf(n, "a string filter is needed here")
	}
	return s, nil
}

func pieceDesignator(n *query.PieceDesignator) setNode {
	squares := chess.Bitboard(n.Squares)
	ps := n.Pieces
	if ps&query.AnyContent == query.AnyContent {
		return constSet(squares)
	}
	if ps == 0 || squares == 0 {
		return constSet(0)
	}
	if ps == query.WhitePieces {
		return &colorSet{color: chess.White, squares: squares}
	}
	if ps == query.BlackPieces {
		return &colorSet{color: chess.Black, squares: squares}
	}
	p := &pieceSet{squares: squares, empty: ps.Has(query.Empty)}
	for k := query.WhiteKing; k < query.Empty; k++ {
		if ps.Has(k) {
			p.pieces = append(p.pieces, chessPiece(k))
		}
	}
	if len(p.pieces) == 1 && !p.empty {
		return &onePiece{color: p.pieces[0].Color(), typ: p.pieces[0].Type(), squares: squares}
	}
	return p
}

// chessPiece converts a query.Piece (not Empty) to a chess.Piece.
func chessPiece(k query.Piece) chess.Piece {
	c := chess.White
	if k >= query.BlackKing {
		c = chess.Black
		k -= query.BlackKing
	}
	types := [...]chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn}
	return chess.MakePiece(c, types[k])
}

// onePiece is a designator of a single piece kind, the common case (`K`, `Ra1`).
type onePiece struct {
	color   chess.Color
	typ     chess.PieceType
	squares chess.Bitboard
}

func (p *onePiece) set(e *Evaluator) chess.Bitboard {
	return e.pos.Pieces(p.color, p.typ) & p.squares
}
func (p *onePiece) match(e *Evaluator) bool { return p.set(e) != 0 }

func (c *compiler) block(n *query.Block) (node, error) {
	if len(n.Filters) == 0 {
		return constBool(true), nil
	}
	before := c.commenters
	items := make([]node, len(n.Filters))
	for i, f := range n.Filters {
		x, err := c.compile(f)
		if err != nil {
			return nil, err
		}
		items[i] = x
	}
	if len(items) == 1 {
		return items[0], nil
	}
	seq := seqNode{items: items, smart: c.smartCompound(before)}
	last := items[len(items)-1]
	switch n.T {
	case query.TypeSet:
		if s, ok := last.(setNode); ok {
			return &seqSet{seqNode: seq, last: s}, nil
		}
	case query.TypeNumber:
		if v, ok := last.(numNode); ok {
			return &seqNum{seqNode: seq, last: v}, nil
		}
	case query.TypeString:
		if v, ok := last.(strNode); ok {
			return &seqStr{seqNode: seq, last: v}, nil
		}
	case query.TypePosition:
		if v, ok := last.(posNode); ok {
			return &seqPos{seqNode: seq, last: v}, nil
		}
	}
	return &seq, nil
}

func (c *compiler) keyword(n *query.Keyword) (node, error) {
	switch n.Kind {
	case query.KwCheck:
		return checkNode{}, nil
	case query.KwMate:
		return mateNode{}, nil
	case query.KwStalemate:
		return stalemateNode{}, nil
	case query.KwWtm:
		return toMoveNode(chess.White), nil
	case query.KwBtm:
		return toMoveNode(chess.Black), nil
	case query.KwSideToMove:
		return sideToMoveNode{}, nil
	case query.KwWhite:
		return constNum(1), nil
	case query.KwBlack:
		return constNum(-1), nil
	case query.KwInitial:
		return initialNode{}, nil
	case query.KwTerminal:
		return terminalNode{}, nil
	case query.KwMainline:
		return mainlineNode{}, nil
	case query.KwVariation:
		return variationNode{}, nil
	case query.KwPly:
		return plyNode{}, nil
	case query.KwMoveNumber:
		return moveNumberNode{}, nil
	case query.KwGameNumber:
		return gameNumberNode{}, nil
	case query.KwYear:
		c.q.needInfo = true
		return yearNode{}, nil
	case query.KwEvent:
		c.q.needInfo = true
		return infoStr(fieldEvent), nil
	case query.KwSite:
		c.q.needInfo = true
		return infoStr(fieldSite), nil
	case query.KwDate:
		c.q.needInfo = true
		return infoStr(fieldDate), nil
	case query.KwEco:
		c.q.needInfo = true
		return infoStr(fieldEco), nil
	case query.KwFen:
		return fenNode{}, nil
	case query.KwCurrentTransform:
		return constStr(query.CurrentTransformString(n.Transforms)), nil
	case query.KwCurrentPosition:
		return curPos{}, nil
	case query.KwHalfmoveClock:
		return halfmoveClockNode{}, nil
	case query.KwCurrentFen:
		return currentFenNode{}, nil
	case query.KwStandardFen:
		return standardFenNode{}, nil
	case query.KwZobristKey:
		return zobristNode{}, nil
	case query.KwPromotedPieces:
		return promotedNode{}, nil
	case query.KwLegalPosition:
		return legalPositionNode{}, nil
	case query.KwReachablePosition:
		return reachablePositionNode{}, nil
	case query.KwEval:
		return annotationNode(annEval), nil
	case query.KwClock:
		return annotationNode(annClock), nil
	case query.KwEmt:
		return annotationNode(annEmt), nil
	case query.KwNag:
		return nagNode{}, nil
	}
	return nil, errorf(n, "%v is not supported by the evaluator yet", n.Kind)
}

func (c *compiler) player(n *query.Player) (node, error) {
	c.q.needInfo = true
	var fields []infoField
	switch n.Color {
	case query.ColorWhite:
		fields = []infoField{fieldWhite}
	case query.ColorBlack:
		fields = []infoField{fieldBlack}
	default:
		fields = []infoField{fieldWhite, fieldBlack}
	}
	if n.Match != nil {
		return &infoContains{fields: fields, text: *n.Match}, nil
	}
	// Without a name to look for, `player white` is the White tag; plain
	// `player` is both names on two lines, as CQL's match_player builds it
	// (`player white + "\n" + player black`).
	if n.Color == query.ColorAny {
		return playersStr{}, nil
	}
	return &playerStr{fields: fields}, nil
}

func (c *compiler) variable(n *query.Var) (node, error) {
	if n.Sym == nil {
		return nil, errorf(n, "unresolved variable %s", n.Name)
	}
	i := n.Sym.Index
	switch n.Sym.Kind {
	case query.VarSet:
		return boundSet{setVar(i), varAt{n.Name, n.Pos()}}, nil
	case query.VarPiece:
		c.q.needIDs = true
		return boundPiece{pieceVar(i), varAt{n.Name, n.Pos()}}, nil
	case query.VarNumber:
		return boundNum{numVar(i), varAt{n.Name, n.Pos()}}, nil
	case query.VarString:
		return strVar(i), nil
	case query.VarPosition:
		return posVar(i), nil
	case query.VarDictionary:
		return constBool(true), nil // a dictionary's name alone: CQL's Dictionary::match_position is true
	}
	return nil, errorf(n, "%s variables are not supported by the evaluator yet", n.Sym.Kind)
}

func (c *compiler) assign(n *query.Assign) (node, error) {
	if n.Sym == nil {
		return nil, errorf(n, "unresolved variable")
	}
	i := n.Sym.Index
	if n.Sym.Atomic {
		c.q.addAtomic(i)
	}
	if n.Op == query.OpCondAssign {
		x, err := c.compile(n.Value)
		if err != nil {
			return nil, err
		}
		return &condAssign{v: i, kind: n.Sym.Kind, a: x}, nil
	}
	if k := n.Sym.Kind; n.Op != query.OpAssign && k != query.VarNumber && k != query.VarDictionary && (k != query.VarString || n.Op != query.OpAddAssign) {
		// += and the like are for numbers, and += for strings (dictionaries are compiled elsewhere).
		return nil, errorf(n, "%v is not defined on %s variables", n.Op, k)
	}
	switch n.Sym.Kind {
	case query.VarSet:
		x, err := c.set(n.Value)
		if err != nil {
			return nil, err
		}
		return &assignSet{v: i, a: x}, nil
	case query.VarPiece:
		c.q.needIDs = true
		x, err := c.set(n.Value)
		if err != nil {
			return nil, err
		}
		return &assignPiece{v: i, a: x}, nil
	case query.VarNumber:
		x, err := c.num(n.Value)
		if err != nil {
			return nil, err
		}
		op, ok := updateOp(n.Op)
		if !ok {
			return nil, errorf(n, "assignment %v is not supported", n.Op)
		}
		return &assignNum{v: i, a: x, op: op, upd: n.Op != query.OpAssign, at: n.Pos()}, nil
	case query.VarString:
		x, err := c.str(n.Value)
		if err != nil {
			return nil, err
		}
		return &assignStr{v: i, a: x, append: n.Op == query.OpAddAssign, at: n.Pos(), name: n.Name}, nil
	case query.VarPosition:
		x, err := c.pos(n.Value)
		if err != nil {
			return nil, err
		}
		return &assignPos{v: i, a: x}, nil
	}
	return nil, errorf(n, "%s variables are not supported by the evaluator yet", n.Sym.Kind)
}

func (c *compiler) square(n *query.Square) (node, error) {
	if n.Var == nil {
		return nil, errorf(n, "iteration without a variable")
	}
	in, err := c.set(n.In)
	if err != nil {
		return nil, err
	}
	if !c.noFast {
		if f, err := c.fastSquare(n, in); err != nil || f != nil {
			return f, err
		}
	}
	body, err := c.compile(n.Body)
	if err != nil {
		return nil, err
	}
	if n.Piece {
		c.q.needIDs = true
	}
	return &squareIter{v: n.Var.Index, in: in, body: body, every: n.All, pieces: n.Piece}, nil
}

func (c *compiler) move(n *query.Move) (node, error) {
	m := &moveNode{enpassant: n.EnPassant, null: n.Null, primary: n.Primary, secondary: n.Secondary}
	if n.EnPassantSquare != nil {
		s, err := c.set(n.EnPassantSquare)
		if err != nil {
			return nil, err
		}
		m.epSquare = s
	}
	switch n.Select {
	case query.MovePlayed:
		m.mode = modePlayed
		if c.lin != nil {
			m.lin, c.lin.used = c.lin, true
		}
	case query.MovePrevious:
		m.mode = modePrevious
	case query.MoveLegal:
		m.mode = modeLegal
	case query.MovePseudoLegal:
		m.mode = modePseudoLegal
	case query.MoveReverse:
		m.mode = modeReverse
	}
	switch n.Value {
	case query.MoveValueTo:
		m.val = valueTo
	case query.MoveValueCount:
		m.val = valueCount
	case query.MoveValueCapture:
		m.val = valueCapture
	default:
		m.val = valueFrom
	}
	var err error
	if n.From != nil {
		if m.from, err = c.set(n.From); err != nil {
			return nil, err
		}
	}
	if n.To != nil {
		if m.to, err = c.set(n.To); err != nil {
			return nil, err
		}
	}
	if n.Capture != nil {
		if m.capture, err = c.set(n.Capture); err != nil {
			return nil, err
		}
	}
	// promote takes piece types; the colour of the designator does not matter.
	for k := query.WhiteKing; k < query.Empty; k++ {
		if n.Promote.Has(k) {
			m.promote |= 1 << chessPiece(k).Type()
		}
	}
	if n.Castle {
		m.castle = castleShort | castleLong
	}
	if n.OO {
		m.castle |= castleShort
	}
	if n.OOO {
		m.castle |= castleLong
	}
	if n.Comment != nil {
		if m.comment, err = c.compile(n.Comment); err != nil {
			return nil, err
		}
	}
	if n.Target != nil {
		// The target is evaluated at positions that are not the game's: only
		// filters of the position itself (those a streamed run allows).
		if !imaginaryLocal(n.Target) {
			return nil, errorf(n.Target, "a speculative move's target is evaluated at a position not in the game: only filters of the position itself are supported there yet (pieces, attacks, check, mate, stalemate, wtm, btm, counts and comparisons, zobristkey, currentfen, legalposition ...)")
		}
		if m.target, err = c.compile(n.Target); err != nil {
			return nil, err
		}
		m.all = n.All
	}
	m.fixParams()
	m.plain = !m.null && m.castle == 0 && !m.enpassant && m.epSquare == nil && m.promote == 0
	m.quick = (m.mode == modePlayed || m.mode == modePrevious) && m.comment == nil && m.target == nil &&
		pureParam(n.From) && pureParam(n.To) && pureParam(n.Capture) && pureParam(n.EnPassantSquare)
	m.fixPieceFrom()
	if m.val == valueCount {
		return moveCount{m}, nil
	}
	return m, nil
}

// pureParam reports a move filter's square parameter that may be evaluated or
// skipped at will: absent or without effects (contextFree).
func pureParam(x query.Node) bool { return x == nil || contextFree(x) }

// moveCount is a move filter with count: a number, the matching moves
// (speculative all: the moves considered, when the target matched after each).
type moveCount struct{ m *moveNode }

func (n moveCount) num(e *Evaluator) (int, bool) {
	a := n.m.collect(e)
	if n.m.all {
		return a.considered, !a.allFailed
	}
	return a.n, true
}
func (moveCount) match(*Evaluator) bool { return true }

func (c *compiler) sort(n *query.Sort) (node, error) {
	if n.X.Type() == query.TypeString {
		x, err := c.str(n.X)
		if err != nil {
			return nil, err
		}
		return &sortStr{sortSite: c.sortSite(n, true), a: x}, nil
	}
	x, err := c.num(n.X)
	if err != nil {
		return nil, err
	}
	if en, ok := x.(*echoNum); ok {
		en.sorted = true
	}
	return &sortNode{sortSite: c.sortSite(n, false), a: x}, nil
}

// sortSite gives a sort filter its key and its own place for comments.
// Sorts with one label share a key, as CQL's sort filters share the
// variable named after their label (sortnode.cpp); so do the transformed
// copies of an unlabelled sort, which are copies of one source filter.
func (c *compiler) sortSite(n *query.Sort, str bool) sortSite {
	k := SortKey{Label: n.Label, Min: n.Min, String: str}
	id := sortID{label: n.Label, min: n.Min, str: str}
	if n.Label == "" {
		id.at = n.Pos()
	}
	idx, ok := c.sortIDs[id]
	if !ok {
		idx = len(c.q.sorts)
		c.q.sorts = append(c.q.sorts, k)
		if c.sortIDs == nil {
			c.sortIDs = map[sortID]int{}
		}
		c.sortIDs[id] = idx
	}
	c.q.sortSiteKey = append(c.q.sortSiteKey, idx)
	return sortSite{idx: idx, site: len(c.q.sortSiteKey) - 1}
}

// sortID identifies a sort key: its label, or the place of an unlabelled sort.
type sortID struct {
	label    string
	min, str bool
	at       query.Pos
}

func (c *compiler) find(n *query.Find) (node, error) {
	x, err := c.compile(n.X)
	if err != nil {
		return nil, err
	}
	f := &findNode{all: n.All, back: n.Backward, a: x, min: 1, max: -1, memo: -1,
		counting: n.All || n.Range != nil, comments: c.q.autoComments && !n.Quiet && !c.q.header.Quiet}
	// A filter of the position alone has one value per node in a game: each find would
	// otherwise evaluate it again at every later position, the square of the game's
	// length (find mate, find all check). Marks are recorded by evaluating, so not then.
	if !c.noFindMemo && !c.q.marks && positionLocal(n.X, nil) {
		f.memo = c.q.findMemos
		c.q.findMemos++
	}
	if f.comments {
		c.commenters++ // its "Found" is dropped with a failing compound around it, as any comment
	}
	if n.Range != nil && (n.Range.MinVar != nil || n.Range.MaxVar != nil) {
		if f.vr, err = c.rangeBounds(n.Range); err != nil {
			return nil, err
		}
	} else if n.Range != nil {
		f.min, f.max = n.Range.Min, n.Range.Max
		if f.max < 0 { // no count is negative (max < 0 would mean no upper bound)
			f.min, f.max = 1, 0
		}
	}
	// find all is CQL's range 1 to 1000000 (node-parse.cpp, match_findnode):
	// it counts, and fails where nothing is found.
	return f, nil
}
