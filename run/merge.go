package run

import (
	"cmp"
	"slices"

	"github.com/cqlgo/cql/filter"
)

// Match is one matching game's output and sort values (see Options.Matches).
type Match struct {
	Out       []byte
	Positions int      // matched positions (html output pages count them)
	Keys      []int    // the sort filters' values, then the matched-position count for sort matchcount
	SKeys     []string // the values of string sorts (nil when there are none)
	HasKeys   []bool   // whether each key has a value
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

// Pages writes what Run writes around the games' outputs, for a runner that merges the
// outputs of several runs (Options.Matches): the csv header line, the html document's head,
// its page sections and its end. Other formats have none.
type Pages struct {
	opt    Options
	format string
	tags   []string
	pager  *htmlPager
}

// NewPages returns the pages of opt's format (Format and Tags; nothing with Count).
func NewPages(opt Options) *Pages {
	p := &Pages{opt: opt, format: opt.Format, tags: opt.Tags}
	if opt.Count {
		p.format = ""
	}
	if p.format == "html" {
		p.pager = &htmlPager{}
	}
	return p
}

// Head appends what comes before the first game.
func (p *Pages) Head(dst []byte) []byte {
	switch p.format {
	case "csv":
		return append(dst, CSVHeader(p.tags)...)
	case "html":
		return appendHTMLHead(dst, p.opt)
	}
	return dst
}

// Game appends the output of the next game, which matched positions times, with what
// comes before it (the html format's document makes the first page's cards of it).
func (p *Pages) Game(dst []byte, positions int, out []byte) []byte {
	if p.pager != nil {
		return p.pager.game(dst, positions, out)
	}
	return append(dst, out...)
}

// End appends what comes after the last game; positions is the total of matched positions.
func (p *Pages) End(dst []byte, positions int) []byte {
	if p.pager != nil {
		return p.pager.end(dst, positions)
	}
	return dst
}
