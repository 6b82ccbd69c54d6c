// Package filter compiles a checked CQL program (package query) into a tree
// of filter objects and evaluates it on every position of a game with
// bitboard operations, without allocating per position.
//
// Every CQL construct is a filter: it matches a position or not, and some
// filters also have a value (a set of squares, a number or a string). A set
// filter matches iff its set is non-empty; a numeric filter matches iff it
// has a value.
package filter

import (
	"os"
	"regexp"
	"slices"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// node is a compiled filter. Every node can be asked whether it matches.
type node interface {
	match(e *Evaluator) bool
}

// setNode is a filter whose value is a set of squares. A set filter matches
// iff its set is non-empty; set returns the empty set when it does not match.
type setNode interface {
	node
	set(e *Evaluator) chess.Bitboard
}

// numNode is a filter whose value is a number; ok is false when the filter
// does not match (and so has no value).
type numNode interface {
	node
	num(e *Evaluator) (v int, ok bool)
}

// strNode is a filter whose value is a string.
type strNode interface {
	node
	str(e *Evaluator) (s string, ok bool)
}

// slot holds one variable. Which field is used depends on the variable's
// kind, fixed at compile time.
type slot struct {
	bound bool
	bb    chess.Bitboard
	n     int
	s     string
	id    uint8            // piece variables: identity of the piece
	dict  map[dictKey]slot // dictionaries: the entries
}

// Evaluator evaluates a Query on games. It holds the variables and scratch
// buffers, so it must be used by one goroutine at a time; make one per worker.
type Evaluator struct {
	q *Query

	g    *pgn.Game
	cur  int32           // index of the current node in g.Nodes
	pos  *chess.Position // position of the current node
	vars []slot

	// imag: the changes in effect at an imaginary position (imagine and
	// speculative moves, innermost last); empty at the game's positions.
	imag []imagFrame

	// Legal and pseudo-legal moves of the node legalAt / pseudoAt.
	legal, pseudo     chess.MoveList
	legalAt, pseudoAt int32

	// Piece identities, one table per node, when the query uses piece variables.
	ids     []idTable
	idsDone []bool

	// The game's sort values so far, and the comments each sort filter
	// keeps (sort_comments.go).
	gameSort  []sortVal
	sortSites []sortKept

	// Attack sets of the pieces of node atkAt, computed on demand: square
	// iterations ask for the same pieces' attacks once per square.
	atk      [64]chess.Bitboard
	atkValid chess.Bitboard
	atkAt    int32

	// Position ids of the current game, built when first needed.
	gt gameTree
	// depths[i] is node i's depth (depthAt), made once a game when depthsReady
	depths      []int32
	depthsReady bool

	// promotedpieces: per node of the current game, the squares of pieces that
	// were pawns at its start (promoted.go), built when first asked for.
	promoted     []chess.Bitboard
	promotedDone bool
	// currentfen and standardfen: the FEN writer (it reuses the ranks a move
	// left alone) and its buffer.
	fenW   chess.FENWriter
	fenBuf []byte
	// move reverse: the retractions of the current position (reverse.go).
	retro []retraction

	// The from and to sets of the move filter whose target is being
	// evaluated (owned: there is one): `from` and `to` after a castling move
	// are the king's and the rook's squares that fit them (castle.go).
	ownerFrom, ownerTo chess.Bitboard
	owned              bool

	// Scratch of consecutivemoves: the two move sequences and a table row.
	cmS, cmT []uint32 // consecutivemoves' moves as CQL compares them
	cmRow    []int32

	// Scratch of the line and path matchers. A line or path inside another
	// one's constituent runs on its own stack (lineStacks[depth]), so that
	// it cannot overwrite the pending continuations of the outer matcher.
	lineStack  []lineCont
	lineStacks [][]lineCont
	lineDepth  int
	lineSteps  int
	lineMemos  []map[lineMemoKey]lineMemoVal // per depth: the running line's memo (lineMemoKey)
	lineDone   bool                          // firstmatch: a match was found
	lineStop   bool                          // stop at the first match (only whether one exists is asked)

	// Atomic variables' saved values inside path filters (atomic.go).
	atomicStack []slot
	atomicCur   atomicFrame

	// Path status (pathstart, pathcount ...): the path being matched
	// (inPath), or the last one of the game that matched.
	path pathStatus
	// The best path of the running path search, and the ends of paths as
	// good (keepallbest; a stack shared by nested paths).
	pbest    pathBest
	pathTies []int32
	// Smart comments of the running line or path (smart_comments.go).
	smart     smartComments
	smartKeep []Annotation
	// nestban: per nestban line or path, the nodes of the current game
	// inside an earlier match of it (a bit per node).
	nest [][]uint64
	// linChild is, per linearized line constituent (lineLinear.slot), the child
	// node its move filters look at while it is matched (-1: every move)
	linChild []int32

	matches []int32
	// matchedAt[i]: node i matched (the comments made there later are Late).
	matchedAt []bool
	pending   []Annotation // comment texts of the current game
	noteBytes int          // bytes of the comment and message texts the game made (bounded: tooLong)
	// seenComment is uniqueComments' scratch.
	seenComment map[noteKey]bool
	messages    []Annotation // message texts of the current game, matched or not
	found       []int32      // the positions the running finds matched (findNode.search)
	finds       []findMemo   // per remembering find, its filter's values in this game (find_memo.go)
	cmKept      []cmKept     // per consecutivemoves filter, its longest run so far

	// The last successful ~~ match: its target and group offsets, for \N and \-N.
	capTarget string
	capLoc    []int
	seqLoc    [2]int                    // capLoc of a match made without the regexp engine (matchNode.seq)
	capRe     *regexp.Regexp            // the pattern that matched, for CQLi's named groups \{name}
	regexps   map[string]*regexp.Regexp // patterns given by string filters, compiled (matchNode.regexp)

	err *RuntimeError // a failure that stops the run (assert, readfile, ...)

	lastGame int // lastgamenumber, set by the runner

	inputs []os.FileInfo // the run's input files, which writefile refuses (RefuseWritesTo)

	// Marked squares (Options.Marks): of the current position, and of each matching node.
	marks     chess.Bitboard
	nodeMarks []chess.Bitboard

	// Per-game values read from the tags once per game (last: large, and
	// only tag queries use them).
	info gameInfo
	hh   hhdbGame // what hhdb filters compute once per game (hhdb.go)

	// The positions in check (Query.NeedsCheck): the evaluator's own, reset each game,
	// or one shared with other queries' evaluators (ShareChecks), reset by their runner.
	checks       *Checks
	sharedChecks bool
}

// NewEvaluator returns an evaluator for q with its own variables and buffers.
func (q *Query) NewEvaluator() *Evaluator {
	e := &Evaluator{
		q:         q,
		vars:      make([]slot, q.nvars),
		gameSort:  make([]sortVal, len(q.sorts)),
		sortSites: make([]sortKept, len(q.sortSiteKey)),
		nest:      make([][]uint64, q.nestSlots),
		finds:     make([]findMemo, q.findMemos),
		linChild:  make([]int32, q.linSlots),
		cmKept:    make([]cmKept, len(q.cmNames)),
	}
	for i := range e.linChild {
		e.linChild[i] = -1 // every move
	}
	for _, p := range q.persistent {
		e.vars[p.index].bound = true // 0, "" or the empty set until assigned
	}
	return e
}

// Game evaluates the query at every position of g (the main line, or every
// node when the query asks for variations) and returns the indexes into
// g.Nodes of the matching positions in increasing order. Positions are
// visited in CQL's order (position ids: depth first, each main continuation
// before its variations), which matters when the query has side effects. The returned slice is
// reused by the next call.
//
// Variables are reset at the start of each game, so that results do not
// depend on which worker saw which games before.
func (e *Evaluator) Game(g *pgn.Game) []int32 {
	e.matches = e.matches[:0]
	e.pending = e.pending[:0]
	e.messages = e.messages[:0]
	e.noteBytes = 0
	e.err = nil
	if len(g.Nodes) == 0 {
		return e.matches
	}
	e.startGame(g)
	if e.q.resultRejects(g) {
		e.g, e.pos = nil, nil
		return e.matches // no position is evaluated (Query.Selected)
	}
	if cap(e.matchedAt) < len(g.Nodes) {
		e.matchedAt = make([]bool, len(g.Nodes))
	}
	e.matchedAt = e.matchedAt[:len(g.Nodes)]
	clear(e.matchedAt)
	// CQL visits positions in position-id order: depth first, a move's main
	// continuation before its variations. On the main line alone that is the
	// order of g.Nodes.
	var order []int32
	if e.q.variations {
		order = e.tree().node
	}
	guard := e.q.needCheck
	if guard {
		if e.checks == nil {
			e.checks = &Checks{}
		}
		if !e.sharedChecks {
			e.checks.Reset()
		}
	}
	mg := e.q.matGuard
	var keys []uint64
	if mg != nil && mg.keyed {
		if e.checks == nil {
			e.checks = &Checks{}
		}
		if !e.sharedChecks {
			e.checks.Reset()
		}
		keys = e.checks.keysOf(g)
	}
	// The material changes at few moves: the guard's answer is kept for the last key of
	// each side to move (the key's bit 48).
	lastKey, lastOK := [2]uint64{keyTooMany, keyTooMany}, [2]bool{}
	// A guarded query (guard.go) visits only the positions in check.
	var inCheck []int32
	n := len(g.Nodes)
	if guard && order == nil {
		inCheck = e.checks.mainLine(g)
		n = len(inCheck)
	}
	if !guard && order == nil && mg == nil {
		// The main line with no guard: every position in turn.
		nodes := g.Nodes
		for i := range nodes {
			if !nodes[i].Variation && !e.visit(int32(i)) {
				break
			}
		}
	} else {
		for k := 0; k < n; k++ {
			var i int32
			switch {
			case guard && order == nil:
				i = inCheck[k]
			case order != nil:
				i = order[k]
				if guard && !e.checks.inCheck(g, i) {
					continue // the body fails here at its first filter
				}
			default:
				i = int32(k)
				if g.Nodes[i].Variation {
					continue
				}
			}
			if keys != nil && keys[i] != keyTooMany {
				k := keys[i]
				side := k >> 48 & 1
				if k != lastKey[side] {
					lastKey[side], lastOK[side] = k, mg.holdsKey(k)
				}
				if !lastOK[side] {
					continue // the body fails here at a filter of the guard, with no effect
				}
			} else if mg != nil && !mg.holds(&g.Nodes[i].Pos) {
				continue
			}
			if !e.visit(i) {
				break
			}
		}
	}
	if order != nil {
		slices.Sort(e.matches) // the documented order: as in g.Nodes
	}
	if len(e.matches) > 0 {
		e.consecutiveComments()
		e.sortComments()
	}
	if !e.q.noUnique {
		e.uniqueComments()
	}
	e.g = nil
	e.pos = nil
	return e.matches
}

// visit evaluates the query at node i; false after a runtime failure (the caller stops the
// run: Err).
func (e *Evaluator) visit(i int32) bool {
	e.cur, e.pos = i, &e.g.Nodes[i].Pos
	mark := len(e.pending)
	matched := e.q.body.match(e)
	if e.err != nil {
		return false
	}
	if !matched && !e.q.alwaysComment {
		e.pending = e.pending[:mark] // comments of positions that did not match are dropped
	}
	if len(e.pending) > mark {
		e.markLate(mark)
	}
	if matched {
		e.matches = append(e.matches, i)
		e.matchedAt[i] = true
	}
	return true
}

// markLate marks the comments made since mark at positions that matched
// before: CQL writes its match marker into a position's comment when the
// position matches (cqlnodematch.cpp), so what a later position writes
// there (an echo's LCA, a find <--) comes after the marker.
func (e *Evaluator) markLate(mark int) {
	for k := mark; k < len(e.pending); k++ {
		if a := &e.pending[k]; e.matchedAt[a.Node] {
			a.Late = true
		}
	}
}

// uniqueComments drops a comment whose text a position already has, keeping
// the first: CQL writes each text once per position (QPos::appendCommentLocally
// with its default -uniquecomments), so the copies of a transform or a
// comment evaluated twice do not repeat it.
func (e *Evaluator) uniqueComments() {
	if len(e.pending) < 2 {
		return
	}
	// Copies often follow one another (a find at every position before the one it
	// found comments there each time): those go first, without hashing. When the nodes
	// left then only increase, no two can be copies.
	out := e.pending[:1]
	increasing := true
	for _, a := range e.pending[1:] {
		last := &out[len(out)-1]
		if a.Node == last.Node && a.Text == last.Text {
			continue
		}
		if a.Node <= last.Node {
			increasing = false
		}
		out = append(out, a)
	}
	e.pending = out
	if increasing {
		return
	}
	if e.seenComment == nil {
		e.seenComment = map[noteKey]bool{}
	}
	clear(e.seenComment)
	out = e.pending[:0]
	for _, a := range e.pending {
		if k := (noteKey{a.Node, a.Text}); !e.seenComment[k] {
			e.seenComment[k] = true
			out = append(out, a)
		}
	}
	e.pending = out
}

type noteKey struct {
	node int32
	text string
}

// Annotations returns the comment and message texts recorded at the matching
// positions of the last game, in evaluation order; the slice is reused by the
// next call of Game.
func (e *Evaluator) Annotations() []Annotation { return e.pending }

// Messages returns the texts of the message filters evaluated in the last
// game, in evaluation order, at every position whether it matched or not;
// the slice is reused by the next call of Game.
func (e *Evaluator) Messages() []Annotation { return e.messages }

// SortValue returns the game's value for the i-th sort filter (see
// Query.Sorts) after Game: the maximum (or minimum) over the matching
// positions, and false when no matching position recorded one.
func (e *Evaluator) SortValue(i int) (int, bool) {
	return e.gameSort[i].v, e.gameSort[i].ok
}

// SortString is SortValue for a sort by a string (SortKey.String).
func (e *Evaluator) SortString(i int) (string, bool) {
	return e.gameSort[i].s, e.gameSort[i].ok
}

// startGame resets the per-game state.
func (e *Evaluator) startGame(g *pgn.Game) {
	e.g = g
	e.gt.ready = false
	e.depthsReady = false
	for k := range e.finds {
		e.finds[k].ready = false
	}
	e.promotedDone = false
	e.hh.cookedDone, e.hh.searchDone = false, false
	for i := range e.vars {
		if len(e.q.persistent) == 0 || !e.q.isPersistent(i) {
			e.vars[i] = slot{}
		} else if e.q.additive {
			e.vars[i] = slot{bound: true} // each game's own tally, summed by the runner
		}
	}
	e.legalAt, e.pseudoAt, e.atkAt = -1, -1, -1
	e.path = pathStatus{start: -1, last: -1}
	for k := range e.nest {
		clear(e.nest[k])
	}
	for k := range e.cmKept {
		e.cmKept[k] = cmKept{x: e.cmKept[k].x[:0], y: e.cmKept[k].y[:0]}
	}
	for j := range e.gameSort {
		e.gameSort[j] = sortVal{}
	}
	for j := range e.sortSites {
		e.sortSites[j].notes = e.sortSites[j].notes[:0]
	}
	if e.q.needIDs {
		n := len(g.Nodes)
		if cap(e.ids) < n {
			e.ids = make([]idTable, n, n+n/2)
			e.idsDone = make([]bool, n, n+n/2)
		}
		e.ids = e.ids[:n]
		e.idsDone = e.idsDone[:n]
		buildIdentities(g, e.ids, e.idsDone)
	}
	if e.q.needInfo {
		e.info.read(g, e.q.tagNames)
	}
}

// at makes node i the current position.
func (e *Evaluator) at(i int32) {
	e.cur = i
	e.pos = &e.g.Nodes[i].Pos
}

// attacksFrom returns the squares attacked by the piece on s in the current
// position (pins ignored), remembered for the rest of the node.
func (e *Evaluator) attacksFrom(s chess.Square) chess.Bitboard {
	if e.atkAt != e.cur {
		e.atkAt, e.atkValid = e.cur, 0
	}
	if e.atkValid.Has(s) {
		return e.atk[s]
	}
	a := e.pos.AttacksFrom(s)
	e.atk[s] = a
	e.atkValid |= chess.SquareBB(s)
	return a
}

// legalMoves returns the legal moves of the current position, generated at
// most once per node.
func (e *Evaluator) legalMoves() *chess.MoveList {
	if e.legalAt != e.cur {
		e.pos.LegalMoves(&e.legal)
		e.legalAt = e.cur
	}
	return &e.legal
}

// pseudoMoves returns the pseudo-legal moves of the current position.
func (e *Evaluator) pseudoMoves() *chess.MoveList {
	if e.pseudoAt != e.cur {
		e.pos.PseudoLegalMoves(&e.pseudo)
		e.pseudoAt = e.cur
	}
	return &e.pseudo
}

// pieceSquare returns the square of the piece with identity id at the
// current node.
func (e *Evaluator) pieceSquare(id uint8) (chess.Square, bool) {
	if !e.q.needIDs || int(e.cur) >= len(e.ids) {
		return chess.NoSquare, false
	}
	return e.ids[e.cur].squareOf(id)
}

// pieceAt returns the identity of the piece on sq at the current node.
func (e *Evaluator) pieceAt(sq chess.Square) uint8 {
	if !e.q.needIDs || int(e.cur) >= len(e.ids) {
		return noID
	}
	return e.ids[e.cur].at[sq]
}
