package filter

import (
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// removeTagNode is CQLi's `removetag "Name"`: every copy of the tag leaves the
// output game, as settag's changes only the tags written out; the tag filters
// still read the game's own values (gameInfo), as after settag. Matches when
// the name has a value, whether the game had the tag or not.
type removeTagNode struct{ name strNode }

func (n *removeTagNode) match(e *Evaluator) bool {
	name, ok := n.name.str(e)
	if !ok {
		return false
	}
	// A new slice: the game's own array may be shared (a clone's first tags).
	var tags []pgn.Tag
	for i, t := range e.g.Tags {
		if t.Name == name && tags == nil {
			tags = append(make([]pgn.Tag, 0, len(e.g.Tags)), e.g.Tags[:i]...)
		} else if t.Name != name && tags != nil {
			tags = append(tags, t)
		}
	}
	if tags != nil {
		e.g.Tags = tags
	}
	return true
}

func (c *compiler) removeTag(n *query.Builtin) (node, error) {
	if c.q.noRmTag {
		return disabledNode{}, nil
	}
	x, err := c.str(n.Args[0])
	if err != nil {
		return nil, err
	}
	c.q.editsGame = true
	return &removeTagNode{name: x}, nil
}
