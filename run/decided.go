package run

import "github.com/cqlgo/cql/filter"

// Decided is the Result of a game that a source knows to match without evaluating the
// query on it (an index whose summaries settle the query for that game). It counts as a
// matching game with no output; its positions are not counted (Stats.Decided says how
// many games were counted this way). A source may hand it out only when MatchesOnly
// holds and evaluating the query on the game would have no other effect (no message,
// no file written, no failure).
func Decided(number int, file string) Result {
	return Result{matched: true, decided: true, number: number, file: file}
}

// MatchesOnly reports whether a run of q with opt writes nothing but the number of
// matching games: --count, no tally or groups, no duplicate check, no warnings written, no sort
// or state kept from game to game, and a header that selects games by their matching
// positions alone (no matchcount range, game number range or result). Then a game
// known to match can be counted without evaluating the query (see Decided).
func MatchesOnly(q *filter.Query, opt Options) bool {
	h := q.Header()
	return opt.Count && opt.Tally == nil && opt.Groups == nil && opt.Dedupe == "" && !opt.Verbose && opt.Matches == nil && opt.Totals == nil &&
		!q.Serial() && !q.Additive() && len(q.Sorts()) == 0 && !q.UsesLastGameNumber() &&
		!h.SortMatchCount && h.MatchCount == nil && h.GameNumber == nil && h.Result == ""
}

// UnmatchedSilent reports whether, in a run of q with opt, a game with no matching
// position has no effect but being read: what MatchesOnly asks, except that the matching
// games may be written out in any format. Then a source that knows a game has no matching
// position (an index replaying a position-local query without a game tree) may hand out
// its zero Result instead of giving the game to the workers.
func UnmatchedSilent(q *filter.Query, opt Options) bool {
	o := opt
	o.Count = true
	return MatchesOnly(q, o)
}

// FENsOnly reports whether a run of q with opt writes the FEN of each matching position and
// nothing else: --format fen, and no more than MatchesOnly allows besides --count. Then a
// source may evaluate a game itself and hand out CountedFEN.
func FENsOnly(q *filter.Query, opt Options) bool {
	return !opt.Count && opt.Format == "fen" && UnmatchedSilent(q, opt)
}

// CountedFEN is Counted with the game's output when FENsOnly holds: fens holds the FEN
// lines of its matching positions, in game order, each ended by a newline. fens is
// copied (into a buffer that goes round once written): the caller may reuse it.
func CountedFEN(number int, file string, positions int, fens []byte) Result {
	if positions == 0 {
		return Result{}
	}
	out := append(outBuffer(len(fens)), fens...)
	return Result{matched: true, positions: positions, number: number, file: file, out: out}
}

// Counted is the Result of a game that a source evaluated itself, position by position,
// when MatchesOnly holds (an index replaying the moves of a position-local query without
// a game tree, see filter.Query.PositionLocal): positions is the number of its positions
// that matched, as Game would have returned them.
func Counted(number int, file string, positions int) Result {
	if positions == 0 {
		return Result{}
	}
	return Result{matched: true, positions: positions, number: number, file: file}
}
