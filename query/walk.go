package query

// Inspect traverses the AST rooted at n in depth-first order, calling f for
// each node; children are visited only when f returns true. Transform
// variants are not visited (they are copies of Body).
func Inspect(n Node, f func(Node) bool) { walk(n, f) }

func walk(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	for _, c := range children(n) {
		walk(c, f)
	}
}

// children returns the direct sub-filters of n, in source order.
func children(n Node) []Node {
	var out []Node
	add := func(ns ...Node) {
		for _, c := range ns {
			if c != nil {
				out = append(out, c)
			}
		}
	}
	switch n := n.(type) {
	case *Block:
		add(n.Filters...)
	case *Unary:
		add(n.X)
	case *Binary:
		add(n.X, n.Y)
	case *Compare:
		add(n.Operands...)
	case *MinMax:
		add(n.Args...)
	case *If:
		add(n.Cond, n.Then, n.Else)
	case *Assign:
		add(n.Value)
	case *Square:
		add(n.In, n.Body)
	case *Move:
		add(n.From, n.To, n.Capture, n.EnPassantSquare)
		if n.Comment != nil {
			add(n.Comment)
		}
	case *Dir:
		add(n.X)
	case *Transform:
		add(n.Body)
	case *Geo:
		add(n.Args...)
	case *Comment:
		add(n.Args...)
	case *Sort:
		add(n.X)
	case *Find:
		add(n.X)
	case *Echo:
		add(n.X)
	case *Match:
		add(n.X, n.PatternX)
	case *Index:
		add(n.X, n.I, n.J)
	case *Builtin:
		add(n.Args...)
	case *Persistent:
		add(n.Assign)
	case *DictAssign:
		add(n.Key, n.Value)
	case *IndexAssign:
		add(n.Target, n.Value)
	case *DictIter:
		add(n.Body)
	case *Tree:
		add(n.Args...)
	case *Colon:
		add(n.Position, n.X)
	case *ConsecutiveMoves:
		add(n.X, n.Y)
	case *Dash:
		add(n.From, n.To, n.PromoteBy, n.Target)
	case *CurrentMove:
		add(n.Move)
	case *Legal:
		add(n.Move)
	case *CountMoves:
		if n.Move != nil {
			add(n.Move)
		} else {
			add(n.Legal)
		}
	case *Loop:
		add(n.Body)
	case *While:
		add(n.Test, n.Body)
	case *Path:
		add(n.Focus)
		add(n.Max)
		var elems func([]LineElem)
		elems = func(es []LineElem) {
			for _, e := range es {
				add(e.X)
				for _, alt := range e.Alts {
					elems(alt)
				}
			}
		}
		elems(n.Elems)
	case *Line:
		var elems func([]LineElem)
		elems = func(es []LineElem) {
			for _, e := range es {
				add(e.X)
				for _, alt := range e.Alts {
					elems(alt)
				}
			}
		}
		elems(n.Elems)
	}
	return out
}
