package query

import "fmt"

// MatchedNumbers reports a number literal or number variable that a run of
// prog would evaluate as a position filter (for its match, not its value).
// CQL 9.493 stops the run when it evaluates one there ("An attempt to
// match a position against the number: 3 was made. Although this is not
// technically an error, it is likely a result of an unexpected parse.",
// numbernode.cpp; "attempt to match position of a filter consisting of a
// single numeric variable", numericvariable.cpp), while its -parse accepts
// the program; so the command line refuses it before a run, with its place.
// It follows only the filters whose operands are plainly matched: compound
// filters (all but the last of one used for its value), not, and, or, if,
// the transforms and square and piece loops.
func MatchedNumbers(prog *Program) error {
	if prog == nil || prog.Body == nil {
		return nil
	}
	return matchedNumbers(prog.Body, true, nil)
}

// MatchedNumberNodes lists every number literal and number variable a run
// of prog would match as a position filter when it reached it (the places
// MatchedNumbers reports). An evaluator stops the run there when it gets
// there, as CQL 9.493 does: a refusal before the run would also refuse
// programs where CQL never reaches it (countmoves -- or 3).
func MatchedNumberNodes(prog *Program) map[Node]bool {
	out := map[Node]bool{}
	if prog != nil && prog.Body != nil {
		matchedNumbers(prog.Body, true, out)
	}
	return out
}

// matchedNumbers reports the first matched number, or with collect set
// records every one in it and reports none.
func matchedNumbers(n Node, position bool, collect map[Node]bool) error {
	switch n := n.(type) {
	case *NumberLit:
		if position && collect != nil {
			collect[n] = true
		} else if position {
			return &Error{Pos: n.Pos(), Msg: fmt.Sprintf("the number %d stands where a filter is matched: CQL stops when it evaluates a number as a position filter (\"An attempt to match a position against the number: %d\"); compare it to test a value, like x == %d", n.Value, n.Value, n.Value)}
		}
	case *Var:
		if position && n.Type() == TypeNumber && collect != nil {
			collect[n] = true
		} else if position && n.Type() == TypeNumber {
			return &Error{Pos: n.Pos(), Msg: fmt.Sprintf("the number variable %s stands where a filter is matched: CQL stops when it evaluates one as a position filter (\"attempt to match position of a filter consisting of a single numeric variable\"); compare it to test its value, like %s > 0", n.Name, n.Name)}
		}
	case *Block:
		for i, f := range n.Filters {
			if err := matchedNumbers(f, position || i < len(n.Filters)-1, collect); err != nil {
				return err
			}
		}
	case *Unary:
		if n.Op == OpNot {
			return matchedNumbers(n.X, true, collect)
		}
	case *Binary:
		if n.Op == OpAnd || n.Op == OpOr {
			if err := matchedNumbers(n.X, true, collect); err != nil {
				return err
			}
			return matchedNumbers(n.Y, true, collect)
		}
	case *If:
		if err := matchedNumbers(n.Cond, true, collect); err != nil {
			return err
		}
		if err := matchedNumbers(n.Then, position, collect); err != nil {
			return err
		}
		if n.Else != nil {
			return matchedNumbers(n.Else, position, collect)
		}
	case *Transform:
		if collect != nil {
			// the evaluator runs the transformed copies, which are copies of
			// the body's nodes
			for _, v := range n.Variants {
				matchedNumbers(v, position, collect)
			}
		}
		return matchedNumbers(n.Body, position, collect)
	case *Square:
		return matchedNumbers(n.Body, true, collect)
	}
	return nil
}
