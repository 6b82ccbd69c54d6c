package index

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/query"
)

// Pruning by material and by tags. The query's position-local part (blocks, and, or,
// not, comparisons, counts and power of whole-board piece designators, arithmetic,
// transforms, result, year, elo, ply, movenumber, player names and ECO searches) is evaluated in three-valued logic against what a
// summary fixes: the material of a position (one of the game's signatures) or the tags
// of a game. Anything the summary does not fix is unknown. A game is kept when the
// query can be true for one of its signatures and for its tags; evaluating both in one
// environment would need every pairing, so each is evaluated with the other unknown,
// which is sound and loses little. `not` is exact here: not of a certainly false filter
// is certainly true.

// tri is what can be said of a filter: whether it may match, and whether it must.
type tri struct{ possible, certain bool }

var unknownTri = tri{possible: true}

// numv is what can be said of a number: its range when it has a value, whether it may
// have one, and whether it may fail (have none, so that a comparison fails).
type numv struct {
	lo, hi         int
	canOK, canFail bool
}

var unknownNum = numv{lo: math.MinInt32, hi: math.MaxInt32, canOK: true, canFail: true}

func exact(v int) numv { return numv{lo: v, hi: v, canOK: true} }

// summaryEnv fixes the material (counts by query.Piece) or the tags, or neither.
type summaryEnv struct {
	mat  *[12]int
	tags *gameTags
	// set when the evaluation met a construct that the material or the tags decide
	usesMat, usesTags bool
}

func (e *summaryEnv) logical(n query.Node) tri {
	switch n := n.(type) {
	case *query.Block:
		t := tri{true, true}
		for _, f := range n.Filters {
			t = andTri(t, e.logical(f))
		}
		return t
	case *query.Binary:
		switch n.Op {
		case query.OpAnd:
			return andTri(e.logical(n.X), e.logical(n.Y))
		case query.OpOr:
			a, b := e.logical(n.X), e.logical(n.Y)
			return tri{a.possible || b.possible, a.certain || b.certain}
		case query.OpAttacks, query.OpAttackedBy, query.OpInter, query.OpUnion:
			lo, hi := e.setBound(n)
			return tri{hi > 0, lo > 0}
		case query.OpIn:
			if n.X.Type() == query.TypeString {
				return e.search(n)
			}
		}
	case *query.Unary:
		switch n.Op {
		case query.OpNot:
			x := e.logical(n.X)
			return tri{!x.certain, !x.possible}
		case query.OpCount, query.OpPower, query.OpNeg:
			v := e.number(n)
			return tri{v.canOK, !v.canFail}
		}
	case *query.Compare:
		return e.compare(n)
	case *query.PieceDesignator:
		lo, hi := e.setBound(n)
		return tri{hi > 0, lo > 0}
	case *query.Transform:
		if n.Count || len(n.Variants) == 0 {
			return unknownTri
		}
		t := tri{}
		for _, v := range n.Variants {
			x := e.logical(v)
			t = tri{t.possible || x.possible, t.certain || x.certain}
		}
		return t
	case *query.BoolLit:
		return tri{n.Value, n.Value}
	case *query.Result:
		e.usesTags = true
		if e.tags == nil {
			return unknownTri
		}
		code, std := tagResultCodes[n.Value]
		switch {
		case std:
			m := e.tags.result == code
			return tri{m, m}
		case e.tags.result != resOther:
			return tri{}
		}
		return unknownTri
	case *query.Keyword:
		if n.Kind == query.KwYear || n.Kind == query.KwEval || n.Kind == query.KwClock || n.Kind == query.KwEmt || n.Kind == query.KwNag {
			v := e.number(n)
			return tri{v.canOK, !v.canFail}
		}
	case *query.Elo:
		v := e.number(n)
		return tri{v.canOK, !v.canFail}
	case *query.Player:
		if n.Match == nil {
			return unknownTri
		}
		e.usesTags = true
		if e.tags == nil {
			return unknownTri
		}
		// the evaluator's infoContains: the side's name contains the text; for both,
		// White\nBlack (a backslash and an n between) when both names are non-empty
		var m bool
		switch n.Color {
		case query.ColorWhite:
			m = strings.Contains(e.tags.white, *n.Match)
		case query.ColorBlack:
			m = strings.Contains(e.tags.black, *n.Match)
		default:
			m = e.playersContain(*n.Match)
		}
		return tri{m, m}
	}
	return unknownTri
}

// playersContain is `x in player`: plain `player` is White, a backslash, an n and
// Black (CQL's, see filter's playersStr), with a value when both names are non-empty.
func (e *summaryEnv) playersContain(x string) bool {
	w, b := e.tags.white, e.tags.black
	if w == "" || b == "" {
		return false
	}
	if !strings.ContainsAny(x, `\n`) {
		return strings.Contains(w, x) || strings.Contains(b, x) // x cannot cross the separator
	}
	return strings.Contains(w+`\n`+b, x)
}

// search is `"text" in S` for the string S of a tag (the implicit search `eco "B9"`): the
// evaluator's containsNode, where a missing or empty tag has no value and fails.
func (e *summaryEnv) search(n *query.Binary) tri {
	lit, ok := n.X.(*query.StringLit)
	if !ok {
		return unknownTri
	}
	var v string
	switch y := n.Y.(type) {
	case *query.Keyword:
		if y.Kind != query.KwEco {
			return unknownTri
		}
		e.usesTags = true
		if e.tags == nil {
			return unknownTri
		}
		v = e.tags.eco
	case *query.Player:
		if y.Match != nil {
			return unknownTri
		}
		e.usesTags = true
		if e.tags == nil {
			return unknownTri
		}
		switch y.Color {
		case query.ColorWhite:
			v = e.tags.white
		case query.ColorBlack:
			v = e.tags.black
		default:
			m := e.playersContain(lit.Value)
			return tri{m, m}
		}
	default:
		return unknownTri
	}
	m := v != "" && strings.Contains(v, lit.Value)
	return tri{m, m}
}

func andTri(a, b tri) tri { return tri{a.possible && b.possible, a.certain && b.certain} }

// compare bounds a comparison chain as the evaluator runs it: every link must hold, and a
// link fails when a side has no value; but a chain whose first link is != is the chain
// with == first, negated (filter's compare, as CQL reads a != b < c), so it holds when a
// side has no value (year != 2000 of a game without a date) or when a later link fails.
func (e *summaryEnv) compare(n *query.Compare) tri {
	if len(n.Operands) != len(n.Links)+1 || len(n.Links) == 0 {
		return unknownTri
	}
	var buf [4]numv // no allocation per signature for short chains
	vals := buf[:0]
	if len(n.Operands) > len(buf) {
		vals = make([]numv, 0, len(n.Operands))
	}
	vals = vals[:len(n.Operands)]
	t := tri{true, true}
	for i, o := range n.Operands {
		if i > 0 && n.Links[i-1].Mode != query.CompareNumber {
			return unknownTri
		}
		vals[i] = e.number(o)
		t.possible = t.possible && vals[i].canOK
		t.certain = t.certain && !vals[i].canFail
	}
	ne := n.Links[0].Op == query.OpNe
	for i, l := range n.Links {
		op := l.Op
		if i == 0 && ne {
			op = query.OpEq
		}
		t = andTri(t, linkTri(op, vals[i], vals[i+1]))
	}
	if ne {
		return tri{!t.certain, !t.possible}
	}
	return t
}

// linkTri says whether a op b may hold and must hold for values in the ranges.
func linkTri(op query.Op, a, b numv) tri {
	switch op {
	case query.OpEq:
		return tri{a.lo <= b.hi && b.lo <= a.hi, a.lo == a.hi && b.lo == b.hi && a.lo == b.lo}
	case query.OpNe:
		return tri{!(a.lo == a.hi && b.lo == b.hi && a.lo == b.lo), a.hi < b.lo || b.hi < a.lo}
	case query.OpLt:
		return tri{a.lo < b.hi, a.hi < b.lo}
	case query.OpLe:
		return tri{a.lo <= b.hi, a.hi <= b.lo}
	case query.OpGt:
		return tri{a.hi > b.lo, a.lo > b.hi}
	case query.OpGe:
		return tri{a.hi >= b.lo, a.lo >= b.hi}
	}
	return unknownTri
}

func (e *summaryEnv) number(n query.Node) numv {
	switch n := n.(type) {
	case *query.NumberLit:
		return exact(n.Value)
	case *query.Unary:
		switch n.Op {
		case query.OpCount:
			lo, hi := e.setBound(n.X)
			return numv{lo: lo, hi: hi, canOK: true}
		case query.OpPower:
			return e.power(n.X)
		case query.OpNeg:
			v := e.number(n.X)
			return numv{lo: -v.hi, hi: -v.lo, canOK: v.canOK, canFail: v.canFail}
		}
	case *query.Binary:
		if n.Op != query.OpAdd && n.Op != query.OpSub {
			return unknownNum
		}
		a, b := e.number(n.X), e.number(n.Y)
		if a == unknownNum || b == unknownNum {
			return numv{lo: unknownNum.lo, hi: unknownNum.hi, canOK: a.canOK && b.canOK, canFail: true}
		}
		v := numv{canOK: a.canOK && b.canOK, canFail: a.canFail || b.canFail}
		if n.Op == query.OpAdd {
			v.lo, v.hi = a.lo+b.lo, a.hi+b.hi
		} else {
			v.lo, v.hi = a.lo-b.hi, a.hi-b.lo
		}
		return v
	case *query.Keyword:
		switch n.Kind {
		case query.KwYear:
			e.usesTags = true
			if e.tags == nil {
				return unknownNum
			}
			return tagValue(e.tags.year)
		case query.KwPly:
			// the ply of a position of the game: from 0 to the game's largest
			e.usesTags = true
			if e.tags == nil {
				return unknownNum
			}
			return numv{lo: 0, hi: e.tags.plies, canOK: true}
		case query.KwEval:
			// the annotation value: none at any position of a game whose comments
			// have no [%eval] command
			e.usesTags = true
			if e.tags == nil || e.tags.evals != 0 {
				return unknownNum
			}
			return numv{canFail: true}
		case query.KwClock, query.KwEmt, query.KwNag:
			// likewise: no value in a game without [%clk] ([%emt]) commands (NAGs)
			e.usesTags = true
			if e.tags == nil || e.tags.hasAnnotation(n.Kind) != 0 {
				return unknownNum
			}
			return numv{canFail: true}
		case query.KwMoveNumber:
			// the move number of a position of the game as CQL counts it (the
			// evaluator's moveNumberNode): 1 at the start, then one more every
			// two plies, and one more again for a white-to-move position of a
			// game whose first move is black's; so within 1 and plies/2 + 2
			// whatever the FEN tag's full-move number
			e.usesTags = true
			if e.tags == nil {
				return unknownNum
			}
			return numv{lo: 1, hi: e.tags.plies/2 + 2, canOK: true}
		}
	case *query.Elo:
		e.usesTags = true
		if e.tags == nil {
			return unknownNum
		}
		w, b := e.tags.wElo, e.tags.bElo
		switch n.Color {
		case query.ColorWhite:
			return tagValue(w)
		case query.ColorBlack:
			return tagValue(b)
		}
		return tagValue(max(w, b)) // the larger, or the one there is (-1 is none)
	}
	return unknownNum
}

func tagValue(v int) numv {
	if v < 0 {
		return numv{canFail: true}
	}
	return exact(v)
}

// setBound bounds the number of squares of a set filter.
func (e *summaryEnv) setBound(n query.Node) (lo, hi int) {
	switch n := n.(type) {
	case *query.PieceDesignator:
		if n.Pieces == 0 || n.Pieces.Has(query.Empty) {
			return 0, 64
		}
		e.usesMat = true
		if e.mat == nil {
			return 0, 64
		}
		c := 0
		for k := query.WhiteKing; k < query.Empty; k++ {
			if n.Pieces.Has(k) {
				c += e.mat[k]
			}
		}
		if n.Squares == query.AllSquares {
			return c, c
		}
		return 0, min(c, bits.OnesCount64(uint64(n.Squares)))
	case *query.Binary:
		switch n.Op {
		case query.OpInter:
			_, hx := e.setBound(n.X)
			_, hy := e.setBound(n.Y)
			return 0, min(hx, hy)
		case query.OpAttacks, query.OpAttackedBy:
			_, hx := e.setBound(n.X)
			e.setBound(n.Y)
			return 0, hx
		case query.OpUnion:
			lx, hx := e.setBound(n.X)
			ly, hy := e.setBound(n.Y)
			return max(lx, ly), min(hx+hy, 64)
		}
	}
	return 0, 64
}

var pieceValue = [12]int{0, 9, 5, 3, 3, 1, 0, 9, 5, 3, 3, 1}

func (e *summaryEnv) power(n query.Node) numv {
	d, ok := n.(*query.PieceDesignator)
	if !ok || d.Pieces == 0 || d.Pieces.Has(query.Empty) {
		return numv{lo: 0, hi: 64 * 9, canOK: true}
	}
	e.usesMat = true
	if e.mat == nil {
		return numv{lo: 0, hi: 64 * 9, canOK: true}
	}
	v := 0
	for k := query.WhiteKing; k < query.Empty; k++ {
		if d.Pieces.Has(k) {
			v += e.mat[k] * pieceValue[k]
		}
	}
	if d.Squares == query.AllSquares {
		return exact(v)
	}
	return numv{lo: 0, hi: v, canOK: true}
}

// maxMaterialLists bounds the material posting lists one query reads; a condition that
// many signatures satisfy prunes little and would cost more to read than it saves.
const maxMaterialLists = 4096

// summaryCond is the condition of the material and tag summaries for body.
func (p *pruner) summaryCond(body query.Node) cond {
	probe := summaryEnv{}
	if !probe.logical(body).possible {
		return cond{bm: roaring.New()} // no position can match
	}
	c := allGames
	if probe.usesMat {
		c = and(c, p.materialCond(body))
	}
	if probe.usesTags {
		c = and(c, p.tagCond(body))
	}
	return c
}

func (p *pruner) materialCond(body query.Node) cond {
	sig := p.signatures(body)
	if sig.tooMany {
		return allGames
	}
	bm := p.get(modeAll, flagMatBig).Clone()
	for _, key := range sig.possible {
		bm.Or(p.get(key[1], string(key[2:])))
	}
	return cond{bm: bm}
}

var errTooMany = errors.New("too many lists")

// signatureKeys are the material signatures for which the query may hold and those for
// which it must (a subset), as posting-list keys; tooMany: more than maxMaterialLists may.
type signatureKeys struct {
	possible, certain [][]byte
	tooMany           bool
}

// signatures evaluates body once per material signature of the index, for Candidates and
// Decided alike (a pruner analyses one body).
func (p *pruner) signatures(body query.Node) *signatureKeys {
	if p.sigs != nil {
		return p.sigs
	}
	sig := &signatureKeys{}
	p.sigs = sig
	prefix := bitmapKey(modeAll, matPrefix)
	err := p.ix.view(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: prefix})
		defer it.Close()
		lists := 0
		for it.Rewind(); ; it.Next() {
			if !it.Valid() {
				if lists != p.ix.Meta.MatLists { // a damaged block's keys are skipped
					return p.ix.damage("the material lists", fmt.Errorf("%d of %d", lists, p.ix.Meta.MatLists))
				}
				return nil
			}
			lists++
			key := it.Item().Key()
			k, ok := parseMaterialName(string(key[2:]))
			if !ok {
				return errors.New("bad material key")
			}
			m := materialCounts(k)
			e := summaryEnv{mat: &m}
			t := e.logical(body)
			if !t.possible {
				continue
			}
			if len(sig.possible) == maxMaterialLists {
				return errTooMany
			}
			key = bytes.Clone(key)
			sig.possible = append(sig.possible, key)
			if t.certain {
				sig.certain = append(sig.certain, key)
			}
		}
	})
	if err != nil {
		if !errors.Is(err, errTooMany) {
			p.fail(err)
		}
		sig.tooMany = true
		sig.possible, sig.certain = nil, nil
	}
	return sig
}

func (p *pruner) tagCond(body query.Node) cond {
	t := p.tagSets(body)
	if t == nil {
		return allGames
	}
	return cond{bm: t.possible}
}

// tagGames are the games whose tags make the query possible, and certain.
type tagGames struct{ possible, certain *roaring.Bitmap }

// tagSets evaluates body once per game's tags, for Candidates and Decided alike; nil
// when the tags could not be read.
func (p *pruner) tagSets(body query.Node) *tagGames {
	if p.tags != nil {
		return p.tags
	}
	t := &tagGames{possible: roaring.New(), certain: roaring.New()}
	var possible, certain []uint32
	err := p.eachTags(func(first uint32, col []byte, strs []string) error {
		possible, certain = possible[:0], certain[:0]
		if p.cs == nil {
			p.cs = newCQLStrings(strs)
		}
		cs := p.cs
		for i := 0; i+summaryWidth <= len(col); i += summaryWidth {
			if id := first + uint32(i/summaryWidth); p.hi > 0 && (id < p.lo || id >= p.hi) {
				continue
			}
			g, err := decodeTags(col[i:], cs)
			if err != nil {
				return err
			}
			e := summaryEnv{tags: &g}
			r := e.logical(body)
			id := first + uint32(i/summaryWidth)
			if r.possible {
				possible = append(possible, id)
			}
			if r.certain {
				certain = append(certain, id)
			}
		}
		t.possible.AddMany(possible)
		t.certain.AddMany(certain)
		return nil
	})
	if err != nil {
		p.fail(fmt.Errorf("index %s: %w", p.ix.Dir, err))
		return nil
	}
	p.tags = t
	return t
}

// eachTags calls fn with every tag column (decompressed; its first game id) and the
// string table, in game order; only those that hold games of [p.lo, p.hi) when p.hi > 0.
func (p *pruner) eachTags(fn func(first uint32, col []byte, strs []string) error) error {
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return err
	}
	defer dec.Close()
	if p.strs == nil {
		if p.strs, err = p.ix.allStrings(); err != nil {
			return err
		}
	}
	strs := p.strs
	// the first game of the next column value: a gap is a damaged block (the values hold
	// summaryGames games each but the last)
	next := p.lo - p.lo%summaryGames
	return p.ix.view(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(keySummary), PrefetchValues: true})
		defer it.Close()
		var col []byte
		for it.Seek(summaryKey(next)); it.Valid(); it.Next() {
			key := it.Item().Key()
			if len(key) != 5 {
				return p.ix.damage("the tag column", errors.New("bad key"))
			}
			first := uint32(key[1])<<24 | uint32(key[2])<<16 | uint32(key[3])<<8 | uint32(key[4])
			if p.hi > 0 && first >= p.hi {
				return nil
			}
			p.ix.resident.add(int(it.Item().EstimatedSize())) // resident.go
			err := it.Item().Value(func(v []byte) error {
				col, err = dec.DecodeAll(v, col[:0])
				if err != nil {
					return p.ix.damage("the tag column", err)
				}
				if first != next || len(col)%summaryWidth != 0 || len(col) == 0 {
					return p.ix.damage("the tag column", fmt.Errorf("%d bytes at game %d, after game %d", len(col), first, next))
				}
				next += uint32(len(col) / summaryWidth)
				return fn(first, col, strs)
			})
			if err != nil {
				return err
			}
		}
		if next != uint32(p.ix.Meta.Games) || p.hi > next {
			return p.ix.damage("the tag column", fmt.Errorf("it ends at game %d of %d", next, p.ix.Meta.Games))
		}
		return nil
	})
}

func (p *pruner) fail(err error) {
	if p.err == nil {
		p.err = err
	}
}

// hasAnnotation says whether the game of t can give the annotation value k (clock, emt or
// nag) a value at one of its positions: 1 yes, 0 no, -1 not known (an entry built before
// the annotation bits).
func (t *gameTags) hasAnnotation(k query.KeywordKind) int {
	if t.annotations&annRead == 0 {
		return -1
	}
	bit := annNAG
	switch k {
	case query.KwClock:
		bit = annClock
	case query.KwEmt:
		bit = annEmt
	}
	if t.annotations&bit != 0 {
		return 1
	}
	return 0
}
