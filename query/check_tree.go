package query

// Type checking of the game-tree filters and of `:`.

func (c *checker) tree(n *Tree) {
	switch n.Kind {
	case TreeParent, TreeInitialPosition, TreePathStart, TreePathLastPosition:
		n.T = TypePosition
	case TreePathCount, TreePathCountUnfocused:
		n.T = TypeNumber
	case TreeChild, TreePositionByID:
		n.T = TypePosition
		if b, ok := positionArgOverSets(n); ok {
			// `position 0 & currentposition`: CQL's table puts position with
			// abs, below & | attacks, so the id is `0 & currentposition`.
			c.errorf(b.Pos(), "the argument of position extends over %s (position binds like abs, more loosely than & | attacks), so this is position (... %s ...); write (position N) %s ... to use the position", b.Op, b.Op, b.Op)
			return
		}
		for i, a := range n.Args {
			a = c.check(a)
			if a.Type() == TypeSet {
				// CQL 9.493 takes a numeric filter only ("'position' requires
				// a numeric filter following it"): count the set with #
				c.errorf(a.Pos(), "the argument of %s must be a number, found a set filter (CQL does not count it here; write #S)", n.Kind)
			}
			n.Args[i] = c.toNumber(a, "the argument of "+n.Kind.String())
		}
	case TreePositionID, TreeDepth, TreeCountMoves:
		n.T = TypeNumber
	case TreeVirtualMainline:
		n.T = TypeNone
	default: // two positions
		for i, a := range n.Args {
			if n.Op != "" {
				n.Args[i] = c.check(a)
				if t := n.Args[i].Type(); t != TypePosition {
					// CQL 9.493 parses these but stops when it runs them.
					c.errorf(a.Pos(), "%s compares positions in the game tree (ancestor, descendant), found a %s: CQL 9.493 accepts %s between numbers or strings but then stops with \"CQL internal error: rncompare: bad name: %s\", so it has no meaning; use < <= > >= for numbers and strings", n.Op, describe(n.Args[i]), n.Op, asciiTreeOp(n.Kind))
				}
				continue
			}
			n.Args[i] = c.position(a, "an argument of "+n.Kind.String())
		}
		switch n.Kind {
		case TreeLCA:
			n.T = TypePosition
		case TreeDistance:
			n.T = TypeNumber
		default:
			n.T = TypeNone
		}
	}
}

// position checks n and requires a position value.
func (c *checker) position(n Node, what string) Node {
	n = c.check(n)
	if n.Type() != TypePosition {
		c.errorf(n.Pos(), "%s must be a position filter (like currentposition, parent, child or a position variable), found a %s", what, describe(n))
	}
	return n
}

func (c *checker) colon(n *Colon) {
	n.Position = c.position(n.Position, "the left side of ':'")
	n.X = c.check(n.X)
}

// echo binds the source and target variables: an earlier position variable
// of the same name is reused (CQL variables are global), otherwise the
// variables are visible in the body only.
func (c *checker) echo(n *Echo) {
	bind := func(name string) (*Symbol, bool) {
		if s := c.lookup(name); s != nil {
			if s.Kind != VarPosition {
				c.errorf(n.Pos(), "echo variable '%s' is a %s variable (declared at %d:%d); echo needs position variables", name, s.Kind, s.Decl.Line, s.Decl.Col)
			}
			return s, false
		}
		return c.newSymbol(name, VarPosition, n.Pos()), true
	}
	src, scopedS := bind(n.SourceName)
	dst, scopedT := bind(n.TargetName)
	n.Source, n.Target = src, dst
	mark := len(c.scope)
	if scopedS {
		c.scope = append(c.scope, src)
	}
	if scopedT {
		c.scope = append(c.scope, dst)
	}
	n.X = c.check(n.X)
	c.scope = c.scope[:mark]
	n.T = TypeNone
	if n.X.Type() == TypeNumber {
		n.T = TypeNumber
	}
}

// positionArgOverSets reports the set operator at the top of the argument of
// `position N` (N & ..., N | ..., N attacks ...), which CQL's precedence puts
// inside the argument.
func positionArgOverSets(n *Tree) (*Binary, bool) {
	if n.Kind != TreePositionByID || len(n.Args) != 1 {
		return nil, false
	}
	b, ok := n.Args[0].(*Binary)
	if !ok {
		return nil, false
	}
	switch b.Op {
	case OpInter, OpUnion, OpAttacks, OpAttackedBy:
		return b, true
	}
	return nil, false
}

// asciiTreeOp is the ASCII spelling of an order operator, as CQL names it.
func asciiTreeOp(k TreeKind) string {
	for op, kind := range treeCompareOps {
		if kind == k {
			return op
		}
	}
	return "?"
}
