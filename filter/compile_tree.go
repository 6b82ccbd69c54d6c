package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// Compilation of the game-tree filters, `:` and echo.

// pos compiles a filter whose value must be a position.
func (c *compiler) pos(n query.Node) (posNode, error) {
	x, err := c.compile(n)
	if err != nil {
		return nil, err
	}
	p, ok := x.(posNode)
	if !ok {
		return nil, errorf(n, "a position filter is needed here")
	}
	return p, nil
}

func (c *compiler) tree(n *query.Tree) (node, error) {
	switch n.Kind {
	case query.TreeParent:
		return parentPos{}, nil
	case query.TreeInitialPosition:
		return initialPos{}, nil
	case query.TreePositionID:
		return positionIDNode{}, nil
	case query.TreeDepth:
		return depthNode{}, nil
	case query.TreeVirtualMainline:
		return virtualMainline{}, nil
	case query.TreePathStart:
		return pathStatusPos{last: false}, nil
	case query.TreePathLastPosition:
		return pathStatusPos{last: true}, nil
	case query.TreePathCount:
		return pathCountNode{unfocused: false}, nil
	case query.TreePathCountUnfocused:
		return pathCountNode{unfocused: true}, nil
	case query.TreeChild:
		if len(n.Args) == 0 {
			return childPos{}, nil
		}
		k, err := c.num(n.Args[0])
		if err != nil {
			return nil, err
		}
		return childPos{k: k}, nil
	case query.TreePositionByID:
		k, err := c.num(n.Args[0])
		if err != nil {
			return nil, err
		}
		return posByID{id: k}, nil
	}
	if len(n.Args) != 2 {
		return nil, errorf(n, "%s needs two positions", n.Kind)
	}
	a, err := c.pos(n.Args[0])
	if err != nil {
		return nil, err
	}
	b, err := c.pos(n.Args[1])
	if err != nil {
		return nil, err
	}
	switch n.Kind {
	case query.TreeAncestor:
		return &treeRel{a: a, b: b}, nil
	case query.TreeAncestorEq:
		return &treeRel{a: a, b: b, orEqual: true}, nil
	case query.TreeDescendant:
		return &treeRel{a: a, b: b, descendant: true}, nil
	case query.TreeDescendantEq:
		return &treeRel{a: a, b: b, descendant: true, orEqual: true}, nil
	case query.TreeLCA:
		return &lcaNode{a: a, b: b}, nil
	case query.TreeDistance:
		return &distanceNode{a: a, b: b}, nil
	}
	return nil, errorf(n, "%s is not supported yet", n.Kind)
}

func (c *compiler) colon(n *query.Colon) (node, error) {
	p, err := c.pos(n.Position)
	if err != nil {
		return nil, err
	}
	x, err := c.compile(n.X)
	if err != nil {
		return nil, err
	}
	base := colonNode{p: p, x: x}
	if c.matchedNums[n.X] {
		// matched for its match, not its value (position 0 : 3): it stops the run
		return &base, nil
	}
	switch n.X.Type() {
	case query.TypeSet:
		if s, ok := x.(setNode); ok {
			return &colonSet{colonNode: base, s: s}, nil
		}
	case query.TypeNumber:
		if v, ok := x.(numNode); ok {
			return &colonNum{colonNode: base, v: v}, nil
		}
	case query.TypeString:
		if v, ok := x.(strNode); ok {
			return &colonStr{colonNode: base, v: v}, nil
		}
	case query.TypePosition:
		if v, ok := x.(posNode); ok {
			return &colonPos{colonNode: base, v: v}, nil
		}
	}
	return &base, nil
}

func (c *compiler) echo(n *query.Echo) (node, error) {
	body, err := c.compile(n.X)
	if err != nil {
		return nil, err
	}
	en := &echoNode{src: n.Source.Index, dst: n.Target.Index, body: body, inAll: n.InAll,
		comments: c.q.autoComments && !n.Quiet && !c.q.header.Quiet, srcName: n.SourceName, dstName: n.TargetName}
	if en.comments {
		c.commenters++
	}
	if n.T == query.TypeNumber {
		v, err := c.num(n.X)
		if err != nil {
			return nil, err
		}
		en.val = v
		return &echoNum{en}, nil
	}
	return en, nil
}

// posCompare compiles one link of a comparison between positions.
func (c *compiler) posCompare(op cmpOp, a, b query.Node) (node, error) {
	x, err := c.pos(a)
	if err != nil {
		return nil, err
	}
	y, err := c.pos(b)
	if err != nil {
		return nil, err
	}
	return &posCmp{op: op, a: x, b: y}, nil
}

func (c *compiler) consecutiveMoves(n *query.ConsecutiveMoves) (node, error) {
	x, err := c.pos(n.X)
	if err != nil {
		return nil, err
	}
	y, err := c.pos(n.Y)
	if err != nil {
		return nil, err
	}
	rng, err := c.rangeBounds(n.Range)
	if err != nil {
		return nil, err
	}
	cm := &consecutiveMovesNode{a: x, b: y, rng: rng, slot: -1}
	// CQL names the moves after its two position variables (it takes no
	// other positions there).
	xv, okx := n.X.(*query.Var)
	yv, oky := n.Y.(*query.Var)
	if okx && oky && c.q.autoComments && !n.Quiet && !c.q.header.Quiet {
		cm.slot = len(c.q.cmNames)
		c.q.cmNames = append(c.q.cmNames, [2]string{xv.Name, yv.Name})
	}
	return cm, nil
}

// posInterNode is CQL's positional intersection x & y of two positions: the
// squares where both have the same piece of the same color, or both are
// empty. It is empty when either position has no value.
type posInterNode struct{ x, y posNode }

func (n posInterNode) set(e *Evaluator) chess.Bitboard {
	a, ok := n.x.position(e)
	if !ok {
		return 0
	}
	b, ok := n.y.position(e)
	if !ok {
		return 0
	}
	pa, pb := &e.g.Nodes[a].Pos, &e.g.Nodes[b].Pos
	var same chess.Bitboard
	for s := chess.Square(0); s < 64; s++ {
		if pa.PieceAt(s) == pb.PieceAt(s) {
			same |= chess.SquareBB(s)
		}
	}
	return same
}

func (n posInterNode) match(e *Evaluator) bool { return n.set(e) != 0 }

func (c *compiler) posInter(b *query.Binary) (node, error) {
	x, err := c.pos(b.X)
	if err != nil {
		return nil, err
	}
	y, err := c.pos(b.Y)
	if err != nil {
		return nil, err
	}
	return posInterNode{x, y}, nil
}
