package filter

import "github.com/cqlgo/cql/pgn"

// Annotation values, our extension (docs/language.md, "Annotation values"): numbers read
// from the comment after the move that led to the current position as the game was read
// (Game.ReadComment; the root's is the comment before the first move), and from its NAGs.
// Each has no value, and so does not match, where the annotation is missing. Nothing is
// read until a query asks.

// annotationKind says which embedded command an annotationNode reads.
type annotationKind uint8

const (
	annEval  annotationKind = iota // [%eval]: centipawns, White's side; mates ±(pgn.MateScore - N)
	annClock                       // [%clk]: the mover's clock after the move, seconds
	annEmt                         // [%emt]: the time the move took, seconds
)

var annotationNames = [...]string{annEval: "eval", annClock: "clk", annEmt: "emt"}

// annotationNode is `eval`, `clock` or `emt`.
type annotationNode annotationKind

func (n annotationNode) num(e *Evaluator) (int, bool) {
	a, ok := pgn.Command(e.g.ReadComment(e.cur), annotationNames[n])
	if !ok {
		return 0, false
	}
	if annotationKind(n) == annEval {
		return pgn.EvalValue(a)
	}
	return pgn.ClockValue(a)
}
func (n annotationNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// nagNode is `nag`: the first NAG of the move that led to the current position, as the
// move text has it ($1 to $255; a suffix such as ! or ?? is its NAG, 1 to 6).
type nagNode struct{}

func (nagNode) num(e *Evaluator) (int, bool) {
	if nags := e.g.NAGs(e.cur); len(nags) > 0 {
		return int(nags[0]), true
	}
	return 0, false
}
func (n nagNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }
