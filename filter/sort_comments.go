package filter

// Sort values and the comments made inside a sort, as CQL 9.493 keeps them
// (sortnode.cpp, cqlnodematch.cpp):
//   - the game's value is the best value the sort had wherever it was
//     evaluated, also at positions that did not match in the end (CQL
//     binds the sort's variable as soon as it is evaluated);
//   - the comments made while evaluating the sort's argument stay only
//     where the value first became better than any before it: they are
//     taken out of the position's comments and kept by the sort filter,
//     replacing those it kept before; a value that is not better (a tie
//     too) or no value drops them. Each sort filter (each transformed copy
//     of one) keeps its own; when the game matches, those of the filters
//     whose kept value is the game's value are written last, after the
//     match marker of their position (Annotation.Late).
// With -alwayscomment CQL keeps every comment where it was made; so do we.
// With -nosortcomments a sort that has a value leaves the comments made for
// it where they were made, better value or not (none are kept or written
// late); one that has no value still drops them.

// sortSite is what a sort filter knows of its key (idx into Query.sorts)
// and of its comments (site, into Evaluator.sortSites).
type sortSite struct{ idx, site int }

// sortKept is the comments a sort filter keeps in the current game, made
// where its argument had the value v.
type sortKept struct {
	v     sortVal
	notes []Annotation
}

// record takes the sort's value c (c.ok false: none), evaluated since the
// comment mark.
func (n sortSite) record(e *Evaluator, mark int, c sortVal) {
	if !c.ok {
		e.dropComments(mark)
		return
	}
	if !e.q.sorts[n.idx].better(c, e.gameSort[n.idx]) {
		if !e.q.noSortComment {
			e.dropComments(mark)
		}
		return
	}
	e.gameSort[n.idx] = c
	if e.q.alwaysComment || e.q.noSortComment {
		return
	}
	k := &e.sortSites[n.site]
	k.v = c
	k.notes = append(k.notes[:0], e.pending[mark:]...)
	e.pending = e.pending[:mark]
}

// sortComments writes the comments the sort filters kept, at the end of a
// game that matched: those of a filter whose value is still the game's.
func (e *Evaluator) sortComments() {
	for i := range e.sortSites {
		k := &e.sortSites[i]
		if len(k.notes) == 0 {
			continue
		}
		idx := e.q.sortSiteKey[i]
		if !e.q.sorts[idx].better(e.gameSort[idx], k.v) {
			for _, a := range k.notes {
				a.Late = true
				e.pending = append(e.pending, a)
			}
		}
	}
}
