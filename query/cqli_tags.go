package query

// CQLi's removetag (its manual's "Metadata Filters": "The tag, settag, and
// removetag filters support querying, modifying, and removing PGN tags").
// Like CQLi's other words it is not reserved: a script that assigns the name
// first has a variable of that name (docs/cqli.md).

// parseRemoveTag reads `removetag "Name"` (also `removetag ("Name")`, or any
// string expression) after the word (already read).
func (p *parser) parseRemoveTag(pos Pos) Node {
	return &Builtin{At: At{pos}, Name: "removetag", Args: []Node{p.parseArg()}}
}

// checkRemoveTag checks removetag's argument: the tag's name, a string.
func (c *checker) checkRemoveTag(n *Builtin) {
	n.Args[0] = c.str(n.Args[0], "the tag name of removetag")
	n.T = TypeNone
}
