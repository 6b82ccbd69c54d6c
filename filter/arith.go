package filter

import (
	"math"

	"github.com/cqlgo/cql/query"
)

var arithSymbol = [...]string{opAdd: "+", opSub: "-", opMul: "*", opDiv: "/", opMod: "%"}

// arith computes x op y for the arithmetic filters and the updates
// (x += y ...). As CQL's manual says, / and % by zero have no value (the
// filter does not match). An integer overflow is a runtime failure that stops
// the run, like a failed assert: a wrapped count would be a silently wrong
// result.
func arith(e *Evaluator, op arithOp, x, y int, at query.Pos) (int, bool) {
	switch op {
	case opAdd:
		r := x + y
		if (x^r)&(y^r) < 0 {
			return overflow(e, op, x, y, at)
		}
		return r, true
	case opSub:
		r := x - y
		if (x^y)&(x^r) < 0 {
			return overflow(e, op, x, y, at)
		}
		return r, true
	case opMul:
		r := x * y
		if x != 0 && (r/x != y || (x == -1 && y == math.MinInt)) {
			return overflow(e, op, x, y, at)
		}
		return r, true
	case opDiv, opMod:
		if y == 0 {
			return 0, false
		}
		if x == math.MinInt && y == -1 {
			if op == opMod {
				return 0, true
			}
			return overflow(e, op, x, y, at)
		}
		if op == opDiv {
			return x / y, true
		}
		return x % y, true
	}
	return 0, false
}

func overflow(e *Evaluator, op arithOp, x, y int, at query.Pos) (int, bool) {
	e.fail(at, "integer overflow in %d %s %d", x, arithSymbol[op], y)
	return 0, false
}

// negate is -x; -x of the smallest integer overflows.
func negate(e *Evaluator, x int, at query.Pos) (int, bool) {
	if x == math.MinInt {
		e.fail(at, "integer overflow in -(%d)", x)
		return 0, false
	}
	return -x, true
}

// updateOp is the arithmetic of an update to a number variable or dictionary
// entry (x += y ...); a plain = gives opAdd, which the update does not use.
func updateOp(op query.Op) (arithOp, bool) {
	switch op {
	case query.OpAssign, query.OpAddAssign:
		return opAdd, true
	case query.OpSubAssign:
		return opSub, true
	case query.OpMulAssign:
		return opMul, true
	case query.OpDivAssign:
		return opDiv, true
	case query.OpModAssign:
		return opMod, true
	}
	return opAdd, false
}
