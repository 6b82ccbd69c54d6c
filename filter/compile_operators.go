package filter

// The compilers of the operators: unary prefixes, binary operators,
// comparisons and if. compile.go dispatches to them.

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

func (c *compiler) unary(n *query.Unary) (node, error) {
	switch n.Op {
	case query.OpNot:
		before := c.commenters
		x, err := c.compile(n.X)
		if err != nil {
			return nil, err
		}
		if c.smartCompound(before) {
			return smartNot{x}, nil
		}
		return notNode{x}, nil
	case query.OpComplement:
		x, err := c.set(n.X)
		if err != nil {
			return nil, err
		}
		return complementNode{x}, nil
	case query.OpCount:
		if query.IsDictionary(n.X) {
			return dictCount(n.X.(*query.Var).Sym.Index), nil
		}
		if n.X.Type() == query.TypeString {
			x, err := c.str(n.X)
			if err != nil {
				return nil, err
			}
			return strLen{x}, nil
		}
		x, err := c.set(n.X)
		if err != nil {
			return nil, err
		}
		return countNode{x}, nil
	case query.OpPower:
		x, err := c.set(n.X)
		if err != nil {
			return nil, err
		}
		if cs, ok := x.(*colorSet); ok && cs.squares == ^chess.Bitboard(0) {
			return powerOfColor(cs.color), nil // power A, power a: the common case
		}
		return powerNode{x}, nil
	case query.OpNeg, query.OpAbs:
		x, err := c.num(n.X)
		if err != nil {
			return nil, err
		}
		if n.Op == query.OpNeg {
			return &negNode{a: x, at: n.Pos()}, nil
		}
		return &absNode{a: x, at: n.Pos()}, nil
	}
	return nil, errorf(n, "unary operator %v is not supported", n.Op)
}

func (c *compiler) binary(n *query.Binary) (node, error) {
	switch n.Op {
	case query.OpAnd, query.OpOr:
		before := c.commenters
		x, err := c.compile(n.X)
		if err != nil {
			return nil, err
		}
		y, err := c.compile(n.Y)
		if err != nil {
			return nil, err
		}
		smart := c.smartCompound(before)
		switch {
		case n.Op == query.OpAnd && smart:
			return smartAnd{x, y}, nil
		case n.Op == query.OpAnd:
			return andNode{x, y}, nil
		case smart:
			return smartOr{x, y}, nil
		}
		return orNode{x, y}, nil
	case query.OpInter, query.OpUnion, query.OpIn, query.OpAttacks, query.OpAttackedBy:
		if v, ok := n.Y.(*query.Var); ok && n.Op == query.OpIn && v.Sym != nil && v.Sym.Kind == query.VarDictionary {
			d, err := c.dictEntry(v.Sym, n.X) // K in D: D has an entry under K
			return &d, err
		}
		if n.Op == query.OpIn && n.X.Type() == query.TypeString {
			// "x" in S: the string occurs in S (the implicit search `event "x"`).
			x, err := c.str(n.X)
			if err != nil {
				return nil, err
			}
			y, err := c.str(n.Y)
			if err != nil {
				return nil, err
			}
			return &containsNode{sub: x, in: y}, nil
		}
		if n.Op == query.OpInter && n.X.Type() == query.TypePosition {
			return c.posInter(n)
		}
		before := c.commenters
		x, err := c.set(n.X)
		if err != nil {
			return nil, err
		}
		y, err := c.set(n.Y)
		if err != nil {
			return nil, err
		}
		if n.Op != query.OpUnion && n.Op != query.OpIn && c.smartCompound(before) {
			return eagerSetOp{op: n.Op, a: x, b: y}, nil
		}
		switch n.Op {
		case query.OpInter:
			return interNode{x, y}, nil
		case query.OpUnion:
			return unionNode{x, y}, nil
		case query.OpIn:
			return inNode{x, y}, nil
		case query.OpAttacks:
			return attacksNode{x, y}, nil
		default:
			return attackedByNode{x, y}, nil
		}
	case query.OpAdd, query.OpSub, query.OpMul, query.OpDiv, query.OpMod:
		if n.T == query.TypeString {
			x, err := c.str(n.X)
			if err != nil {
				return nil, err
			}
			y, err := c.str(n.Y)
			if err != nil {
				return nil, err
			}
			return &concatNode{a: x, b: y, at: n.Pos()}, nil
		}
		x, err := c.num(n.X)
		if err != nil {
			return nil, err
		}
		y, err := c.num(n.Y)
		if err != nil {
			return nil, err
		}
		ops := map[query.Op]arithOp{query.OpAdd: opAdd, query.OpSub: opSub, query.OpMul: opMul, query.OpDiv: opDiv, query.OpMod: opMod}
		if k, ok := y.(constNum); ok && (n.Op == query.OpAdd || n.Op == query.OpSub) {
			return &addConst{a: x, op: ops[n.Op], k: int(k), at: n.Pos()}, nil // x + 5: one call less per position
		}
		return &arithNode{op: ops[n.Op], a: x, b: y, at: n.Pos()}, nil
	}
	return nil, errorf(n, "binary operator %v is not supported", n.Op)
}

func cmpOpOf(op query.Op) (cmpOp, bool) {
	switch op {
	case query.OpEq:
		return cmpEQ, true
	case query.OpNe:
		return cmpNE, true
	case query.OpLt:
		return cmpLT, true
	case query.OpLe:
		return cmpLE, true
	case query.OpGt:
		return cmpGT, true
	case query.OpGe:
		return cmpGE, true
	}
	return 0, false
}

func (c *compiler) compare(n *query.Compare) (node, error) {
	if len(n.Operands) != len(n.Links)+1 || len(n.Links) == 0 {
		return nil, errorf(n, "malformed comparison")
	}
	before := c.commenters
	// a != b (of numbers or strings) is CQL's not of a == b
	// (make_relational_op_node): it also holds when a side has no value,
	// has no value itself and, as every not, keeps no comment made inside
	// it. In a chain CQL reads from the right, a != b < c is
	// not (b < c and a == b), which is the chain with == first, negated.
	ne := n.Links[0].Op == query.OpNe && (n.Links[0].Mode == query.CompareNumber || n.Links[0].Mode == query.CompareString)
	x, err := c.compareNodes(n, ne)
	if err != nil {
		return nil, err
	}
	smart := c.smartCompound(before)
	if ne {
		if smart {
			return smartNot{x}, nil
		}
		return notNode{x}, nil
	}
	if !smart {
		return x, nil
	}
	// Smart comments: a comparison that fails drops the comments made
	// while evaluating it (relationalnode.cpp, equalitynode.cpp).
	if seq, ok := x.(*seqNode); ok {
		for _, l := range seq.items {
			markSmartComparison(l)
		}
		seq.smart = true
		return x, nil
	}
	markSmartComparison(x)
	return x, nil
}

// markSmartComparison makes a compiled comparison drop the comments made
// inside it when it fails.
func markSmartComparison(x node) {
	switch x := x.(type) {
	case *cmpPair:
		x.smart = true
	case *cmpChain:
		x.smart = true
	case *setEqNode:
		x.smart = true
	case *strCmpNode:
		x.smart = true
	}
}

// compareNodes compiles a comparison chain; with eqFirst its first link
// (a !=) is compiled as ==, for compare to negate.
func (c *compiler) compareNodes(n *query.Compare, eqFirst bool) (node, error) {
	opOf := func(i int) (cmpOp, bool) {
		if i == 0 && eqFirst {
			return cmpEQ, true
		}
		return cmpOpOf(n.Links[i].Op)
	}
	allNum := true
	for _, l := range n.Links {
		if l.Mode != query.CompareNumber {
			allNum = false
		}
	}
	if allNum {
		ch := &cmpChain{}
		for _, o := range n.Operands {
			x, err := c.num(o)
			if err != nil {
				return nil, err
			}
			ch.args = append(ch.args, x)
		}
		for i, l := range n.Links {
			op, ok := opOf(i)
			if !ok {
				return nil, errorf(n, "comparison %v is not supported", l.Op)
			}
			ch.ops = append(ch.ops, op)
		}
		if len(ch.ops) == 1 {
			return &cmpPair{op: ch.ops[0], a: ch.args[0], b: ch.args[1]}, nil
		}
		return ch, nil
	}
	// A chain with set or string links: each link compares its two operands
	// in its own mode; all must hold.
	var links []node
	for i, l := range n.Links {
		op, ok := opOf(i)
		if !ok {
			return nil, errorf(n, "comparison %v is not supported", l.Op)
		}
		a, b := n.Operands[i], n.Operands[i+1]
		switch l.Mode {
		case query.CompareNumber:
			x, err := c.num(a)
			if err != nil {
				return nil, err
			}
			y, err := c.num(b)
			if err != nil {
				return nil, err
			}
			links = append(links, &cmpChain{ops: []cmpOp{op}, args: []numNode{x, y}})
		case query.CompareSet:
			if op != cmpEQ && op != cmpNE {
				return nil, errorf(n, "sets can only be compared with == and !=")
			}
			x, err := c.set(a)
			if err != nil {
				return nil, err
			}
			y, err := c.set(b)
			if err != nil {
				return nil, err
			}
			links = append(links, &setEqNode{a: x, b: y, ne: op == cmpNE})
		case query.CompareString:
			x, err := c.str(a)
			if err != nil {
				return nil, err
			}
			y, err := c.str(b)
			if err != nil {
				return nil, err
			}
			links = append(links, &strCmpNode{op: op, a: x, b: y})
		default:
			x, err := c.posCompare(op, a, b)
			if err != nil {
				return nil, err
			}
			links = append(links, x)
		}
	}
	if len(links) == 1 {
		return links[0], nil
	}
	return &seqNode{items: links}, nil
}

func (c *compiler) ifNode(n *query.If) (node, error) {
	test, err := c.compile(n.Cond)
	if err != nil {
		return nil, err
	}
	then, err := c.compile(n.Then)
	if err != nil {
		return nil, err
	}
	if n.Else == nil {
		return &ifNode{test: test, then: then}, nil
	}
	els, err := c.compile(n.Else)
	if err != nil {
		return nil, err
	}
	if c.matchedNums[n.Then] || c.matchedNums[n.Else] {
		// a branch that stops the run where it is matched (if check 3 else 4,
		// if check "a" else "b"): the if is matched, its branches too
		return &ifNode{test: test, then: then, els: els}, nil
	}
	switch n.T {
	case query.TypeSet:
		a, ok1 := then.(setNode)
		b, ok2 := els.(setNode)
		if ok1 && ok2 {
			return &ifSet{test: test, then: a, els: b}, nil
		}
	case query.TypeNumber:
		a, ok1 := then.(numNode)
		b, ok2 := els.(numNode)
		if ok1 && ok2 {
			return &ifNum{test: test, then: a, els: b}, nil
		}
	case query.TypeString:
		a, ok1 := then.(strNode)
		b, ok2 := els.(strNode)
		if ok1 && ok2 {
			return &ifStr{test: test, then: a, els: b}, nil
		}
	case query.TypePosition:
		a, ok1 := then.(posNode)
		b, ok2 := els.(posNode)
		if ok1 && ok2 {
			return &ifPos{test: test, then: a, els: b}, nil
		}
	}
	return &ifNode{test: test, then: then, els: els}, nil
}
