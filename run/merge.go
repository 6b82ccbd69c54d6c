package run

import (
	"cmp"
	"slices"

	"github.com/cqlgo/cql/filter"
)

// Match is one matching game's output and sort values (see Options.Matches).
type Match struct {
	Out     []byte
	Keys    []int    // the sort filters' values, then the matched-position count for sort matchcount
	SKeys   []string // the values of string sorts (nil when there are none)
	HasKeys []bool   // whether each key has a value
}

// SortMatches sorts matches, given in game order, as Run sorts its output for q: the sort
// filters in order (largest first, or smallest for `sort min`), then the matched-position
// count for `sort matchcount`; ties keep game order.
func SortMatches(q *filter.Query, ms []Match) {
	sorts := q.Sorts()
	slices.SortStableFunc(ms, func(x, y Match) int {
		return compareKeys(sorts, sortValues{x.Keys, x.SKeys, x.HasKeys}, sortValues{y.Keys, y.SKeys, y.HasKeys})
	})
}

// sortValues are one game's sort values.
type sortValues struct {
	keys  []int
	skeys []string
	has   []bool
}

func (r *Result) sortValues() sortValues { return sortValues{r.keys, r.skeys, r.hasKeys} }

// compareKeys orders two games by their sort values: negative when x comes first.
func compareKeys(sorts []filter.SortKey, x, y sortValues) int {
	for k := range x.keys {
		if x.has[k] != y.has[k] {
			if x.has[k] {
				return -1 // games with a value first
			}
			return 1
		}
		ascending := k < len(sorts) && sorts[k].Min
		var c int
		if k < len(sorts) && sorts[k].String {
			c = cmp.Compare(x.skeys[k], y.skeys[k])
		} else {
			c = cmp.Compare(x.keys[k], y.keys[k])
		}
		if c == 0 {
			continue
		}
		if ascending {
			return c
		}
		return -c
	}
	return 0
}
