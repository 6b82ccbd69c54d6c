package index

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

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
//   - tags as the query evaluator reads them (result, year, Elo): a column per chunk of
//     summaryGames games under keySummary, fixed width per game.
const (
	matPrefix    = "mat/"
	flagMatBig   = "matbig"
	summaryGames = 1 << 16
	summaryWidth = 13 // result byte, year, white Elo, black Elo as int32 (-1: none)
)

// material counts of one position, by query.Piece without the kings (Q R B N P q r b n p).
var materialPieces = [10]struct {
	c chess.Color
	t chess.PieceType
}{
	{chess.White, chess.Queen}, {chess.White, chess.Rook}, {chess.White, chess.Bishop}, {chess.White, chess.Knight}, {chess.White, chess.Pawn},
	{chess.Black, chess.Queen}, {chess.Black, chess.Rook}, {chess.Black, chess.Bishop}, {chess.Black, chess.Knight}, {chess.Black, chess.Pawn},
}

// materialKey packs the counts of p, 4 bits each; ok is false when a count passes 15.
func materialKey(p *chess.Position) (uint64, bool) {
	var k uint64
	for _, pc := range materialPieces {
		n := bits.OnesCount64(uint64(p.Pieces(pc.c, pc.t)))
		if n > 15 {
			return 0, false
		}
		k = k<<4 | uint64(n)
	}
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
	tags      [summaryWidth]byte
}

// Result codes of the tag column.
const (
	resWhite byte = iota
	resBlack
	resDraw
	resStar
	resOther // anything else, or none: the evaluator compares the text
)

var tagResultCodes = map[string]byte{"1-0": resWhite, "0-1": resBlack, "1/2-1/2": resDraw, "*": resStar}

// tagSummary reads the tags the way the query evaluator does (filter/game.go): the last
// tag of a name wins, the result falls back to the move text's terminator, the year is
// the number in the date's first four characters, an Elo a plain decimal number.
func tagSummary(g *pgn.Game) [summaryWidth]byte {
	result, date := "", ""
	welo, belo := -1, -1
	for i := range g.Tags {
		t := &g.Tags[i]
		switch t.Name {
		case "Result":
			result = t.Value
		case "Date":
			date = t.Value
		case "WhiteElo":
			welo = tagNumber(t.Value)
		case "BlackElo":
			belo = tagNumber(t.Value)
		}
	}
	if result == "" {
		result = g.Result
	}
	year := -1
	if len(date) >= 4 {
		year = tagNumber(date[:4])
	}
	var b [summaryWidth]byte
	code, ok := tagResultCodes[result]
	if !ok {
		code = resOther
	}
	b[0] = code
	binary.BigEndian.PutUint32(b[1:], uint32(int32(year)))
	binary.BigEndian.PutUint32(b[5:], uint32(int32(welo)))
	binary.BigEndian.PutUint32(b[9:], uint32(int32(belo)))
	return b
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

// gameTags is one game's tag column entry, decoded.
type gameTags struct {
	result           byte
	year, wElo, bElo int // -1: none
}

func decodeTags(b []byte) gameTags {
	return gameTags{result: b[0],
		year: int(int32(binary.BigEndian.Uint32(b[1:]))),
		wElo: int(int32(binary.BigEndian.Uint32(b[5:]))),
		bElo: int(int32(binary.BigEndian.Uint32(b[9:])))}
}

func summaryKey(first uint32) []byte {
	return binary.BigEndian.AppendUint32([]byte(keySummary), first)
}
