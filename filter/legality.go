package filter

import (
	"github.com/cqlgo/cql/chess"
)

// legalPositionNode is `legalposition`: the position keeps the rules every
// position of a game keeps (legalPosition).
type legalPositionNode struct{}

func (legalPositionNode) match(e *Evaluator) bool { return legalPosition(e.pos) }

// reachablePositionNode is `reachableposition`: legalposition, and no count
// of the material or the pawns rules out a game that reaches it
// (reachablePosition).
type reachablePositionNode struct{}

func (reachablePositionNode) match(e *Evaluator) bool {
	return legalPosition(e.pos) && reachablePosition(e.pos)
}

// legalPosition reports whether p keeps the rules of a position in a game:
// one king of each colour, no pawn on the first or last rank, at most 16
// men and 8 pawns a side, the side not to move not in check, and the side to
// move in check from two pieces at most. (Castling rights and the en passant
// square are kept consistent by chess.Position itself: a right needs its king
// and rook at home, the square a pawn that just made a double step.)
func legalPosition(p *chess.Position) bool {
	for c := chess.White; c <= chess.Black; c++ {
		if p.Pieces(c, chess.King).Count() != 1 || p.ByColor(c).Count() > 16 || p.Pieces(c, chess.Pawn).Count() > 8 {
			return false
		}
	}
	if p.ByType(chess.Pawn)&(chess.RankBB(0)|chess.RankBB(7)) != 0 {
		return false
	}
	return !p.NotToMoveInCheck() && p.Checkers().Count() <= 2
}

// reachablePosition reports whether p, a legal position, passes the counts a
// game's position must: each side's pieces beyond its starting set (a
// second queen, a third rook or knight, a second bishop on one colour of
// square) need as many promoted pawns, so no more than its missing pawns; its
// pawns off their starting files need a capture for each file changed, so no
// more than the men the other side has lost; and a double check has a line
// piece among its checkers (two checks at once come from a discovered check).
func reachablePosition(p *chess.Position) bool {
	for c := chess.White; c <= chess.Black; c++ {
		pawns := p.Pieces(c, chess.Pawn)
		extra := over(p.Pieces(c, chess.Queen).Count(), 1) + over(p.Pieces(c, chess.Rook).Count(), 2) +
			over(p.Pieces(c, chess.Knight).Count(), 2) +
			over((p.Pieces(c, chess.Bishop)&chess.LightSquares).Count(), 1) +
			over((p.Pieces(c, chess.Bishop)&^chess.LightSquares).Count(), 1)
		if extra > 8-pawns.Count() {
			return false
		}
		if pawnFiles(pawns).Count() == pawns.Count() {
			continue // a pawn a file: each may stand on its own starting file, no capture needed
		}
		lost := 16 - p.ByColor(c.Other()).Count()
		if !pawnCapturesWithin(c, pawns, lost) {
			return false
		}
	}
	if ch := p.Checkers(); ch.Count() == 2 && ch&(p.ByType(chess.Bishop)|p.ByType(chess.Rook)|p.ByType(chess.Queen)) == 0 {
		return false
	}
	return true
}

func over(n, limit int) int { return max(n-limit, 0) }

// pawnFiles is the files of the pawns b, as the squares of the first rank.
func pawnFiles(b chess.Bitboard) chess.Bitboard {
	b |= b >> 32
	b |= b >> 16
	b |= b >> 8
	return b & chess.RankBB(0)
}

// pawnCapturesWithin reports whether limit captures or fewer can bring side
// c's pawns from distinct starting files to their files, a pawn changing
// file once per capture and capturing at most once per rank it advanced.
func pawnCapturesWithin(c chess.Color, pawns chess.Bitboard, limit int) bool {
	var file, reach [8]int
	n := 0
	for f := 0; f < 8; f++ { // in file order
		for b := pawns & chess.FileBB(f); b != 0 && n < 8; n++ {
			s := b.PopFirst()
			file[n], reach[n] = f, s.Rank()-1 // ranks advanced: the captures it had room for
			if c == chess.Black {
				reach[n] = 6 - s.Rank()
			}
		}
	}
	// Pawns in file order, matched to starting files in the same order, is
	// one assignment (the cheapest when every pawn may reach any file); when
	// it needs too many captures or the advances forbid it, every assignment
	// is tried.
	return n == 0 || orderedCaptures(file[:n], reach[:n]) <= limit || anyCaptures(file[:n], reach[:n]) <= limit
}

const noWay = 1 << 20

// orderedCaptures matches the pawns, in file order, to starting files in
// the same order at least cost (dynamic programming over pawns and files);
// noWay or more when no such matching keeps within the pawns' advances.
func orderedCaptures(file, reach []int) int {
	var dp [9][9]int // dp[i][j]: the first i pawns on starting files below j
	for i := 1; i <= len(file); i++ {
		dp[i][0] = noWay
	}
	for i := 1; i <= len(file); i++ {
		for j := 1; j <= 8; j++ {
			best := dp[i][j-1]
			if d := abs(file[i-1] - (j - 1)); d <= reach[i-1] && dp[i-1][j-1]+d < best {
				best = dp[i-1][j-1] + d
			}
			dp[i][j] = best
		}
	}
	return dp[len(file)][8]
}

// anyCaptures is the least-cost assignment of pawns to distinct starting
// files over every assignment (dynamic programming over sets of files).
func anyCaptures(file, reach []int) int {
	var dp [256]int
	for m := range dp {
		dp[m] = noWay
	}
	dp[0] = 0
	best := noWay
	for m := 0; m < 256; m++ {
		i := popcount8(m) // pawns assigned so far
		if dp[m] == noWay {
			continue
		}
		if i == len(file) {
			best = min(best, dp[m])
			continue
		}
		for s := 0; s < 8; s++ {
			if m&(1<<s) != 0 {
				continue
			}
			if d := abs(file[i] - s); d <= reach[i] {
				dp[m|1<<s] = min(dp[m|1<<s], dp[m]+d)
			}
		}
	}
	return best
}

func popcount8(m int) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
