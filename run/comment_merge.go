package run

import (
	"slices"

	"github.com/cqlgo/cql/pgn"
)

// addedComment is a text the query adds to node's comment.
type addedComment struct {
	node int32
	text string
}

// CQL 9.493's limits on what it adds to one position's comment (qpos.cpp
// mergeCommentsCurrent, markboardstatic.cpp gameAppendComment), counted in
// bytes with the comment the game already has there: the texts are taken
// in order while the total stays within 4500 (separating spaces not
// counted); the first that would pass it is replaced by "[cql truncate]..."
// (nothing when it would pass 4800) and ends the list; and when the old
// comment and the addition together pass 4500 the addition is dropped.
// Braces in an added text become '_', as CQL writes them (bytes past 127,
// which CQL writes as '?', stay as they are).
const (
	commentSoftLimit = 4500
	commentHardLimit = 4800
	commentTruncated = "[cql truncate]..."
)

// mergeAdded writes the added texts into the game's comments, each
// position's in the order given, joined by sep: a space (one comment, CQL's
// way) or pgn.CommentSep (one comment each, CQLi's).
//
// scratch is room for the merge of two runs of texts in node order, returned for reuse.
func mergeAdded(g *pgn.Game, added []addedComment, sep string, scratch []addedComment) []addedComment {
	// The texts usually come in node order already (a run adds them position by
	// position): checking is cheaper than a stable sort of a sorted list. Else they are
	// often two such runs, the query's texts and then the match markers (a find at every
	// position): merged, as the stable sort would order them.
	byNode := func(a, b addedComment) int { return int(a.node) - int(b.node) }
	if d := sortedPrefix(added); d < len(added) {
		if sortedPrefix(added[d:]) == len(added)-d {
			scratch = mergeRuns(added, d, scratch)
		} else {
			slices.SortStableFunc(added, byNode)
		}
	}
	var clean string // the last lone text found without braces: usually every position's
	for k := 0; k < len(added); {
		node := added[k].node
		end := k
		for end < len(added) && added[end].node == node {
			end++
		}
		old := g.Comment(node)
		if t := added[k].text; end == k+1 && old == "" && t != "" && t == clean {
			// mergeTexts' result for a lone text it took before, with no comment to join.
			g.SetComment(node, t)
			k = end
			continue
		}
		if s := mergeTexts(len(old), added[k:end], &clean, sep); s != "" {
			g.SetComment(node, joinWith(old, s, sep))
		}
		k = end
	}
	return scratch
}

// sortedPrefix is the length of the longest prefix of a in node order.
func sortedPrefix(a []addedComment) int {
	for i := 1; i < len(a); i++ {
		if a[i].node < a[i-1].node {
			return i
		}
	}
	return len(a)
}

// mergeRuns merges a[:d] and a[d:], each in node order, in place, the first run's texts
// before the second's at the same node (a stable sort's order), through scratch.
func mergeRuns(a []addedComment, d int, scratch []addedComment) []addedComment {
	left := append(scratch[:0], a[:d]...)
	i, j, k := 0, d, 0
	for i < len(left) && j < len(a) {
		if a[j].node < left[i].node {
			a[k] = a[j]
			j++
		} else {
			a[k] = left[i]
			i++
		}
		k++
	}
	copy(a[k:], left[i:]) // the second run's rest is in place
	clear(left)
	return left[:0]
}

// hasBrace reports whether t has a '{' or '}'. A byte loop: strings.ContainsAny
// takes a rune at a time through IndexRune for a short t, some 200 instructions for
// the three bytes of "CQL" at every position of a run writing them all.
func hasBrace(t string) bool {
	for i := 0; i < len(t); i++ {
		if t[i] == '{' || t[i] == '}' {
			return true
		}
	}
	return false
}

// mergeTexts joins the texts of one position under CQL's limits, given the
// length of the comment it already has.
// clean is a text known to have no braces, updated when a lone text is found
// without them.
func mergeTexts(oldLen int, texts []addedComment, clean *string, sep string) string {
	if len(texts) == 1 {
		// The common case, a position's one text (the CQL marker of every
		// matching position): the text itself, without copying it.
		t := texts[0].text
		if oldLen+len(t) <= commentSoftLimit && (oldLen == 0 || oldLen+len(t)+1 <= commentSoftLimit) && (t == *clean || !hasBrace(t)) {
			*clean = t
			return t
		}
	}
	total := oldLen
	var b []byte
	for _, t := range texts {
		if t.text == "" {
			continue
		}
		n := total + len(t.text)
		if n > commentHardLimit {
			break
		}
		if n > commentSoftLimit {
			b = append(b, commentTruncated...) // CQL writes no space before it
			break
		}
		if len(b) > 0 {
			b = append(b, sep...)
		}
		for i := 0; i < len(t.text); i++ {
			c := t.text[i]
			if c == '{' || c == '}' {
				c = '_' // as CQL's cleanCommentBuffer: the comment stays one comment
			}
			b = append(b, c)
		}
		total = n
	}
	extra := len(b)
	if oldLen > 0 {
		extra++ // CQL's separating space
	}
	if oldLen+extra > commentSoftLimit {
		return ""
	}
	return string(b)
}
