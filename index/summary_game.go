package index

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// Per-game summaries besides the square posting lists:
//
//   - material signatures: for each distinct material (the number of each piece type of
//     each colour) that some position of the game has, variations included, a posting list
//     under "mat/" + 10 hex digits (4 bits a count, query.Piece order without the kings);
//     a game with more than 15 pieces of one type somewhere (set-up positions) is in
//     "matbig" and always a candidate. The maximum count of each piece type per colour is
//     the maximum over a game's signatures, so it needs no list of its own.
//   - tags: the last White, Black, ECO and Date tags, WhiteElo and BlackElo as numbers and
//     the Result tag's code, as the game has them (records leave these values to the
//     column), and what the query evaluator reads (pgn.CQLHeader: CQL's view of the
//     header): the result, the year, the ratings, whether White and Black have tags; with
//     the largest ply of the game: a column per chunk of summaryGames games under
//     keySummary, fixed width per game, zstd-compressed. Strings are ids in the string
//     table under keyStrings (id 0 is "", also a missing tag), so that a query tests each
//     distinct name once per game cheaply and the column stays narrow; the pruner reads
//     the names and ECO codes CQL sees from the values (pgn.CQLPlayerName, pgn.CQLECO),
//     once per string.
const (
	matPrefix  = "mat/"
	flagMatBig = "matbig"
	// games per column value: small enough that find reads a listed game's names cheaply
	summaryGames = 1 << 10
	// the Result tag's code; CQL's year as int32 (-1: none); the WhiteElo and
	// BlackElo tags as int32 (-1: none or not a number); the largest ply; the ids of
	// the White, Black, ECO and Date tags' values; CQL's ratings (uint16 each, 0:
	// none); CQL's result code; flags (White and Black tags present)
	summaryWidth = 39
)

// materialKey packs the counts of p, 4 bits each, by query.Piece without the kings
// (Q R B N P q r b n p); ok is false when a count passes 15.
func materialKey(p *chess.Position) (uint64, bool) {
	w, b := p.ByColor(chess.White), p.ByColor(chess.Black)
	q, r, bi, n, pa := p.ByType(chess.Queen), p.ByType(chess.Rook), p.ByType(chess.Bishop), p.ByType(chess.Knight), p.ByType(chess.Pawn)
	c0, c1, c2, c3, c4 := (w & q).Count(), (w & r).Count(), (w & bi).Count(), (w & n).Count(), (w & pa).Count()
	c5, c6, c7, c8, c9 := (b & q).Count(), (b & r).Count(), (b & bi).Count(), (b & n).Count(), (b & pa).Count()
	if c0|c1|c2|c3|c4|c5|c6|c7|c8|c9 > 15 {
		return 0, false
	}
	k := uint64(c0)<<36 | uint64(c1)<<32 | uint64(c2)<<28 | uint64(c3)<<24 | uint64(c4)<<20 |
		uint64(c5)<<16 | uint64(c6)<<12 | uint64(c7)<<8 | uint64(c8)<<4 | uint64(c9)
	return k, true
}

// materialCounts unpacks a key into counts by query.Piece (kings 1).
func materialCounts(k uint64) [12]int {
	var m [12]int
	m[0], m[6] = 1, 1
	idx := [10]int{1, 2, 3, 4, 5, 7, 8, 9, 10, 11}
	for i := 9; i >= 0; i-- {
		m[idx[i]] = int(k & 15)
		k >>= 4
	}
	return m
}

func materialName(k uint64) string { return fmt.Sprintf("%s%010x", matPrefix, k) }

func parseMaterialName(name string) (uint64, bool) {
	rest, ok := strings.CutPrefix(name, matPrefix)
	if !ok || len(rest) != 10 {
		return 0, false
	}
	k, err := strconv.ParseUint(rest, 16, 64)
	return k, err == nil
}

// gameSummary is what a game adds to the material lists and the tag columns.
type gameSummary struct {
	materials []uint64 // distinct
	bigMat    bool
	tags      [summaryWidth]byte // the string ids are set when the game is added
	// the White, Black, ECO and Date tags' values (as the evaluator reads them), and
	// their numbers in the parse worker's localStrings
	strs  [numStrs]string
	local [numStrs]uint32
}

// Offsets in a tag column entry.
const (
	sumResult = 0
	sumYear   = 1
	sumWElo   = 5
	sumBElo   = 9
	sumPly    = 13
	sumStrs   = 17 // the ids of strs: White, Black, ECO, Date
	numStrs   = 4
	sumCQLElo = 33 // White's, then Black's
	sumCQLRes = 37
	sumFlags  = 38
)

// Flags of the tag column.
const (
	flagWhiteTag = 1 << iota // the game has a White tag (CQL's name "?" without)
	flagBlackTag
	// CQL's rating of White (Black) is the WhiteElo (BlackElo) tag's number, left out
	// of sumCQLElo (zero there): so it mostly is, and the column stays as small as
	// before it held CQL's ratings (the index of masters-463k 1.2 MB larger without)
	flagWhiteEloTag
	flagBlackEloTag
	// flagEvalRead: the build looked for [%eval] commands in the game's comments (an
	// index built before did not: its games say nothing of evaluations); flagEval: some
	// comment of the game, variations included, has one, so that the annotation value
	// eval (filter/annotation.go) may have a value at one of its positions
	flagEvalRead
	flagEval
)

// The high bits of the entry's sumCQLRes byte (CQL's result codes below use the low
// three): which of the other annotation values can have a value in the game, as flagEval
// says for eval. annRead: the build looked (an entry built before has none of these
// bits, and says nothing of them); annClock: some comment of the game, variations
// included, has a [%clk] command; annEmt: an [%emt] command; annNAG: some move has a
// NAG (a suffix such as ?? is one), so that clock, emt and nag (filter/annotation.go)
// may have a value at one of its positions. In the result byte because the flags byte
// is full and the entry's width is the index format's.
const (
	annRead  byte = 0x80
	annClock byte = 0x40
	annEmt   byte = 0x20
	annNAG   byte = 0x10
	resCode  byte = 0x0f // the result code's bits
)

// Result codes of the tag column.
const (
	resWhite byte = iota
	resBlack
	resDraw
	resStar
	resOther // anything else, or none: the evaluator compares the text
)

var tagResultCodes = map[string]byte{"1-0": resWhite, "0-1": resBlack, "1/2-1/2": resDraw, "*": resStar}

// tagSummary fills a game's tag column entry: the values the record leaves to the column
// (the last tag of a name; the Result tag's code, or the terminator's without the tag)
// and what the query evaluator reads, CQL's view of the header (pgn.CQLHeader). The
// string ids are left for the builder to fill in from s.strs.
func tagSummary(g *pgn.Game, s *gameSummary) {
	result := ""
	welo, belo := -1, -1
	var flags byte
	s.strs = [numStrs]string{}
	for i := range g.Tags {
		t := &g.Tags[i]
		switch t.Name {
		case "Result":
			result = t.Value
		case "Date":
			s.strs[3] = t.Value
		case "WhiteElo":
			welo = tagNumber(t.Value)
		case "BlackElo":
			belo = tagNumber(t.Value)
		case "White":
			s.strs[0] = t.Value
			flags |= flagWhiteTag
		case "Black":
			s.strs[1] = t.Value
			flags |= flagBlackTag
		case "ECO":
			s.strs[2] = t.Value
		}
	}
	if result == "" {
		result = g.Result
	}
	h := pgn.ReadCQLHeader(g)
	year := h.Year()
	if year == 0 {
		year = -1
	}
	var plies int32
	for i := range g.Nodes {
		plies = max(plies, g.Nodes[i].Ply)
	}
	b := &s.tags
	b[sumResult] = tagResultCode(result)
	binary.BigEndian.PutUint32(b[sumYear:], uint32(int32(year)))
	binary.BigEndian.PutUint32(b[sumWElo:], uint32(int32(welo)))
	binary.BigEndian.PutUint32(b[sumBElo:], uint32(int32(belo)))
	binary.BigEndian.PutUint32(b[sumPly:], uint32(plies))
	for side, tag := range [2]int{welo, belo} {
		if e := h.Elo(side); e > 0 && e == tag {
			flags |= flagWhiteEloTag << side
			binary.BigEndian.PutUint16(b[sumCQLElo+2*side:], 0)
		} else {
			binary.BigEndian.PutUint16(b[sumCQLElo+2*side:], uint16(e))
		}
	}
	b[sumCQLRes] = tagResultCode(h.Result()) | annotationBits(g)
	flags |= flagEvalRead
	for i := range g.Nodes {
		if _, ok := pgn.Command(g.ReadComment(int32(i)), "eval"); ok {
			flags |= flagEval
			break
		}
	}
	b[sumFlags] = flags
}

// annotationBits are the annotation bits of g's entry (annRead and what the game has).
func annotationBits(g *pgn.Game) byte {
	bits := annRead
	for i := range g.Nodes {
		if i > 0 && bits&annNAG == 0 && len(g.NAGs(int32(i))) > 0 {
			bits |= annNAG
		}
		if c := g.ReadComment(int32(i)); c != "" && bits&(annClock|annEmt) != annClock|annEmt {
			if _, ok := pgn.Command(c, "clk"); ok {
				bits |= annClock
			}
			if _, ok := pgn.Command(c, "emt"); ok {
				bits |= annEmt
			}
		}
		if bits == annRead|annClock|annEmt|annNAG {
			break
		}
	}
	return bits
}

func tagResultCode(result string) byte {
	if code, ok := tagResultCodes[result]; ok {
		return code
	}
	return resOther
}

// tagNumber is the evaluator's atoi: a trimmed, non-negative decimal of at most 9
// digits, else -1.
func tagNumber(s string) int {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 9 {
		return -1
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// The names column holds the ids of the White, Black and Date values of each game, four
// bytes each, uncompressed, in a file of its own (names_file.go): find lists a game's names
// reading 12 bytes (a compressed tag column would be decompressed whole for one game).
const namesWidth = 12

// stringView reads strings of a stored string table without decoding the others: the
// table is one string, and each string read is a piece of it (no allocation).
type stringView struct {
	data string
	offs []uint32 // string i is data[offs[2i]:offs[2i+1]]
	// padded is data's bytes and padCopy zeros: find's formatter copies each string as
	// padCopy bytes from where it starts (putPadded)
	padded []byte
}

func newStringView(dec *zstd.Decoder, v []byte) (stringView, error) {
	b, err := dec.DecodeAll(v, nil)
	if err != nil {
		return stringView{}, fmt.Errorf("string table: %w", err)
	}
	return parseStringView(b)
}

// parseStringView reads a string table as encodeStrings wrote it.
func parseStringView(b []byte) (stringView, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)) {
		return stringView{}, errors.New("bad string table")
	}
	padded := append(append(make([]byte, 0, len(b)+padCopy), b...), make([]byte, padCopy)...)
	sv := stringView{data: string(b), offs: make([]uint32, 0, 2*n), padded: padded}
	at := k
	for range n {
		l, k := binary.Uvarint(b[at:])
		if k <= 0 || l > uint64(len(b)-at-k) {
			return stringView{}, errors.New("bad string table")
		}
		sv.offs = append(sv.offs, uint32(at+k), uint32(at+k+int(l)))
		at += k + int(l)
	}
	return sv, nil
}

func (sv *stringView) get(id uint32) (string, error) {
	if uint64(id) >= uint64(len(sv.offs)/2) {
		return "", fmt.Errorf("string %d of %d", id, len(sv.offs)/2)
	}
	return sv.data[sv.offs[2*id]:sv.offs[2*id+1]], nil
}

// stringTable returns the tag column's string table, reading it on the first call.
func (ix *Index) stringTable() (*stringView, error) {
	ix.strsOnce.Do(func() { ix.strs, ix.strsErr = ix.readStringTable(true) })
	return &ix.strs, ix.strsErr
}

// padTable is stringTable for find's formatter, which reads the padded bytes alone: from
// the names file, they are not copied.
func (ix *Index) padTable() (*stringView, error) {
	if ix.names == nil {
		return ix.stringTable()
	}
	ix.padOnce.Do(func() { ix.pad, ix.padErr = ix.readStringTable(false) })
	return &ix.pad, ix.padErr
}

// readStringTable reads the string table from the names file when there is one (its data
// copied only withData), from Badger otherwise.
func (ix *Index) readStringTable(withData bool) (sv stringView, err error) {
	defer func() { err = ix.damage("the tag column's string table", err) }()
	if ix.names != nil {
		return ix.names.stringView(withData)
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return sv, err
	}
	defer dec.Close()
	err = ix.view(func(txn *badger.Txn) error {
		item, err := txn.Get([]byte(keyStrings))
		if err != nil {
			return fmt.Errorf("string table: %w", err)
		}
		return item.Value(func(v []byte) (err error) { sv, err = newStringView(dec, v); return err })
	})
	return sv, err
}

// allStrings returns the strings of the tag column's string table, by id.
func (ix *Index) allStrings() ([]string, error) {
	sv, err := ix.stringTable()
	if err != nil {
		return nil, err
	}
	strs := make([]string, len(sv.offs)/2)
	for i := range strs {
		strs[i] = sv.data[sv.offs[2*i]:sv.offs[2*i+1]]
	}
	return strs, nil
}

// tagColumn reads games' tag column entries, a column value at a time, for replays: one
// per goroutine.
type tagColumn struct {
	ix    *Index
	dec   *zstd.Decoder
	first uint32 // id of col's first game
	col   []byte // the value holding the last entry read, decompressed
}

// entry returns game id's entry (valid until the next call).
func (c *tagColumn) entry(id uint32) ([]byte, error) {
	if c.col == nil || id < c.first || uint64(id-c.first) >= uint64(len(c.col)/summaryWidth) {
		first := id &^ (summaryGames - 1)
		err := c.ix.view(func(txn *badger.Txn) error {
			item, err := txn.Get(summaryKey(first)) // not found: a damaged block
			if err != nil {
				return err
			}
			return item.Value(func(v []byte) (err error) {
				c.col, err = c.dec.DecodeAll(v, c.col[:0])
				return err
			})
		})
		if err == nil && uint64(id-first) >= uint64(len(c.col)/summaryWidth) {
			err = errors.New("column too short")
		}
		if err != nil {
			c.col = nil
			return nil, c.ix.damage(fmt.Sprintf("the tag column of game %d", id), err)
		}
		c.first = first
	}
	at := int(id-c.first) * summaryWidth
	return c.col[at : at+summaryWidth], nil
}

// gameTags is what the query evaluator reads of a game's header (CQL's view), decoded
// from its tag column entry.
type gameTags struct {
	result           byte
	year, wElo, bElo int // -1: none
	plies            int // the largest ply of the game, variations included
	// the players' names ("?" without the tag, "" when it is empty) and the ECO code
	// ("" when none)
	white, black, eco string
	// evals: whether a comment of the game has an [%eval] command: 1 yes, 0 no, -1 not
	// known (an index built before the column said)
	evals int8
	// annotations: the entry's annotation bits (annRead, annClock, annEmt, annNAG)
	annotations byte
}

// cqlStrings gives the names and ECO codes CQL reads from the string table's values,
// each made once, when first asked for.
type cqlStrings struct {
	strs       []string
	names, eco []string
	done       []uint8 // bit 0: names[id] made, bit 1: eco[id]
}

func newCQLStrings(strs []string) *cqlStrings {
	return &cqlStrings{strs: strs, names: make([]string, len(strs)), eco: make([]string, len(strs)),
		done: make([]uint8, len(strs))}
}

func (c *cqlStrings) name(id uint32) string {
	if c.done[id]&1 == 0 {
		c.names[id] = pgn.CQLPlayerName(c.strs[id])
		c.done[id] |= 1
	}
	return c.names[id]
}

func (c *cqlStrings) ecoCode(id uint32) string {
	if c.done[id]&2 == 0 {
		c.eco[id] = pgn.CQLECO(c.strs[id])
		c.done[id] |= 2
	}
	return c.eco[id]
}

// decodeTags decodes an entry, its strings from the string table through cs.
func decodeTags(b []byte, cs *cqlStrings) (gameTags, error) {
	elo := func(side int) int {
		if b[sumFlags]&(flagWhiteEloTag<<side) != 0 {
			return int(int32(binary.BigEndian.Uint32(b[sumWElo+4*side:])))
		}
		if v := int(binary.BigEndian.Uint16(b[sumCQLElo+2*side:])); v > 0 {
			return v
		}
		return -1
	}
	t := gameTags{result: b[sumCQLRes] & resCode, annotations: b[sumCQLRes] &^ resCode,
		year:  int(int32(binary.BigEndian.Uint32(b[sumYear:]))),
		wElo:  elo(0),
		bElo:  elo(1),
		plies: int(binary.BigEndian.Uint32(b[sumPly:]))}
	var ids [numStrs]uint32
	for i := range ids {
		ids[i] = binary.BigEndian.Uint32(b[sumStrs+4*i:])
		if int(ids[i]) >= len(cs.strs) {
			return t, fmt.Errorf("tag summary names string %d of %d", ids[i], len(cs.strs))
		}
	}
	t.white, t.black, t.eco = "?", "?", cs.ecoCode(ids[2])
	switch f := b[sumFlags]; {
	case f&flagEvalRead == 0:
		t.evals = -1
	case f&flagEval != 0:
		t.evals = 1
	}
	if b[sumFlags]&flagWhiteTag != 0 {
		t.white = cs.name(ids[0])
	}
	if b[sumFlags]&flagBlackTag != 0 {
		t.black = cs.name(ids[1])
	}
	return t, nil
}

// stringTable gives the tag values of the summaries ids, in order of first appearance.
type stringTable struct {
	ids  map[string]uint32
	strs []string
	// local[w][l] is 1 + the id of the string worker w numbered l (0: not known yet)
	local [][]uint32
}

func newStringTable() *stringTable {
	return &stringTable{ids: map[string]uint32{"": 0}, strs: []string{""}}
}

func (t *stringTable) id(s string) uint32 {
	id, ok := t.ids[s]
	if !ok {
		id = uint32(len(t.strs))
		t.ids[s] = id
		t.strs = append(t.strs, s)
	}
	return id
}

// setIDs fills in the string ids of a game's tag entry, looking its values up.
func (t *stringTable) setIDs(s *gameSummary) {
	for i, v := range s.strs {
		binary.BigEndian.PutUint32(s.tags[sumStrs+4*i:], t.id(v))
	}
}

// setWorkerIDs is setIDs for a game whose values parse worker w numbered (s.local, by its
// localStrings): a value the worker numbered before costs a slice read, where a map lookup
// by the text on the build's one ordered goroutine missed the cache (the strings were made
// on another core). A value is looked up by its text once per worker, so ids still come in
// order of first appearance.
func (t *stringTable) setWorkerIDs(s *gameSummary, w int) {
	for len(t.local) <= w {
		t.local = append(t.local, nil)
	}
	local := t.local[w]
	for i, l := range s.local {
		if int(l) >= len(local) {
			local = append(local, make([]uint32, int(l)+1-len(local))...)
		}
		if local[l] == 0 {
			local[l] = t.id(s.strs[i]) + 1
		}
		binary.BigEndian.PutUint32(s.tags[sumStrs+4*i:], local[l]-1)
	}
	t.local[w] = local
}

// resetLocal forgets the workers' numbers (their localStrings start anew).
func (t *stringTable) resetLocal() { t.local = t.local[:0] }

// localStrings numbers the tag values a parse worker meets, in its order.
type localStrings struct {
	ids map[string]uint32
	// the previous game's values and numbers: masters-463k's games name one of the previous
	// game's players in 55% of their White and Black tags and its date in 62%, which then
	// cost a comparison instead of a map lookup
	last    [numStrs]string
	lastIDs [numStrs]uint32
}

// number sets s.local from s.strs.
func (ls *localStrings) number(s *gameSummary) {
	if ls.ids == nil {
		ls.ids = map[string]uint32{"": 0}
	}
	var ids [numStrs]uint32
	for i, v := range s.strs {
		switch {
		case v == ls.last[i]:
			ids[i] = ls.lastIDs[i]
		case i < 2 && v == ls.last[1-i]: // White and Black swap
			ids[i] = ls.lastIDs[1-i]
		default:
			l, ok := ls.ids[v]
			if !ok {
				l = uint32(len(ls.ids))
				ls.ids[v] = l
			}
			ids[i] = l
		}
	}
	s.local, ls.last, ls.lastIDs = ids, s.strs, ids
}

// encodeStrings stores the table: a count, then each string with its length.
func encodeStrings(strs []string) []byte {
	b := binary.AppendUvarint(nil, uint64(len(strs)))
	for _, s := range strs {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return b
}

func decodeStrings(b []byte) ([]string, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)) {
		return nil, errors.New("bad string table")
	}
	b = b[k:]
	strs := make([]string, 0, n)
	for range n {
		l, k := binary.Uvarint(b)
		if k <= 0 || l > uint64(len(b)-k) {
			return nil, errors.New("bad string table")
		}
		strs = append(strs, string(b[k:k+int(l)]))
		b = b[k+int(l):]
	}
	if len(strs) == 0 || strs[0] != "" {
		return nil, errors.New("bad string table")
	}
	return strs, nil
}

func summaryKey(first uint32) []byte {
	return binary.BigEndian.AppendUint32([]byte(keySummary), first)
}

// decodeTableValue decompresses and decodes the stored string table.
func decodeTableValue(dec *zstd.Decoder, v []byte) ([]string, error) {
	b, err := dec.DecodeAll(v, nil)
	if err != nil {
		return nil, fmt.Errorf("string table: %w", err)
	}
	return decodeStrings(b)
}
