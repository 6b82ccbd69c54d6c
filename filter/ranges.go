package filter

import "github.com/cqlgo/cql/query"

// rangeBounds is the range of find, line, path or consecutivemoves. Its
// bounds may be number variables (query/parse_ranges.go), read each time the
// filter is evaluated, as CQL's Range::getMin/getMax do.
type rangeBounds struct {
	r      *query.Range // nil: no range, every value is in it
	lo, hi numNode      // the variable bounds; nil when constant
}

func (c *compiler) rangeBounds(r *query.Range) (rangeBounds, error) {
	b := rangeBounds{r: r}
	if r == nil {
		return b, nil
	}
	var err error
	if r.MinVar != nil {
		if b.lo, err = c.num(r.MinVar); err != nil {
			return b, err
		}
	}
	if r.MaxVar != nil {
		if b.hi, err = c.num(r.MaxVar); err != nil {
			return b, err
		}
	}
	return b, nil
}

// bounds returns the current bounds. An unbound variable stops the run with
// an error naming it (CQL: "In Range: unbound min numeric variable").
func (b *rangeBounds) bounds(e *Evaluator) (lo, hi int, ok bool) {
	lo, hi = b.r.Min, b.r.Max
	if b.lo != nil {
		if lo, ok = b.lo.num(e); !ok {
			e.fail(b.r.MinVar.Pos(), "the range bound '%s' is a variable with no value", b.r.MinVar.Name)
			return 0, 0, false
		}
	}
	if b.hi != nil {
		if hi, ok = b.hi.num(e); !ok {
			e.fail(b.r.MaxVar.Pos(), "the range bound '%s' is a variable with no value", b.r.MaxVar.Name)
			return 0, 0, false
		}
	}
	return lo, hi, true
}

// has reports whether v is in the range (always, when there is none).
func (b *rangeBounds) has(e *Evaluator, v int) bool {
	if b.r == nil {
		return true
	}
	lo, hi, ok := b.bounds(e)
	return ok && v >= lo && v <= hi
}
