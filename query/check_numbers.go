package query

// MatchedNumberNodes lists every number literal and number variable (and
// the value filters CQL 9.493 also stops on: abs, sqrt, type, typename,
// max, min, white, black, sidetomove, a string literal or variable, str,
// fen, currenttransform, lastgamenumber, distance, lca, positionid, a
// string concatenation, bare player) that a
// run of prog matches as a position filter (for its match, not its value)
// when it reaches it: CQL 9.493 stops the run there ("An attempt to match a
// position against the number: 3 was made...", numbernode.cpp; "attempt to
// match position of a filter consisting of a single numeric variable",
// numericvariable.cpp), while its -parse accepts the program. The evaluator
// stops there too, when it gets there: a refusal before the run would also
// refuse programs where CQL never reaches the number (countmoves -- or 3).
// It follows only the filters whose operands are plainly matched: compound
// filters (all but the last of one used for its value), not, and, or, if,
// the transforms (their copies too), square and piece loops, find bodies,
// line constituents, the right side of a colon and an echo body that is no
// number.
func MatchedNumberNodes(prog *Program) map[Node]bool {
	out := map[Node]bool{}
	if prog != nil && prog.Body != nil {
		matchedNumbers(prog.Body, true, out)
	}
	if prog != nil && prog.Dialect == DialectCQLi {
		// CQLi matches a string concatenation at a filter's place when it has a value.
		for n := range out {
			if b, ok := n.(*Binary); ok && b.Op == OpAdd {
				delete(out, n)
			}
		}
	}
	return out
}

// matchedNumbers records in out the matched numbers of n, matched itself
// when position is set.
func matchedNumbers(n Node, position bool, out map[Node]bool) {
	switch n := n.(type) {
	case *NumberLit:
		if position {
			out[n] = true
		}
	case *Var:
		// "an attempt to match a position when filter is a position variable"
		if position && (n.Type() == TypeNumber || n.Type() == TypeString || n.Type() == TypePosition) {
			out[n] = true
		}
	case *StringLit, *MinMax:
		// "Attempt to match the position to a string literal", "Attempt to
		// match a position for filter of max or min filter"
		if position {
			out[n] = true
		}
	case *Geo:
		// "Attempt to match an sqrt value node", "... an absolute value node
		// (which may have arisen from a 'type' filter)", "typename unexpectedly
		// invoked for whether it matches", piecename likewise
		if position && (n.Kind == GeoSqrt || n.Kind == GeoType || n.Kind == GeoTypeName || n.Kind == GeoPieceName) {
			out[n] = true
		}
	case *Keyword:
		// white and black are CQL's colour values ("unexpected call to
		// match_position on colorvaluenode"), sidetomove likewise ("unexpected
		// call to tomove here"); currenttransform "always matches", fen is
		// "currentfen" asked whether it matches
		switch n.Kind {
		case KwWhite, KwBlack, KwSideToMove, KwCurrentTransform, KwFen:
			if position {
				out[n] = true
			}
		}
	case *Builtin:
		// "attempt to use 'str ...' but the string value it returns is
		// ignored", "'lastgamenumber' invoked in a context where it is used
		// for whether it matches"
		if position && (n.Name == "str" || n.Name == "lastgamenumber" || IsHHdbStopWord(n)) {
			out[n] = true
		}
	case *Tree:
		// "attempt to match position of distance filter", "... of LCA filter",
		// "positionindex is asked if it matches a position"
		if position && n.Op == "" && (n.Kind == TreeDistance || n.Kind == TreeLCA || n.Kind == TreePositionID) {
			out[n] = true
		}
	case *Block:
		for i, f := range n.Filters {
			matchedNumbers(f, position || i < len(n.Filters)-1, out)
		}
	case *Unary:
		if n.Op == OpNot {
			matchedNumbers(n.X, true, out)
		}
		// "Attempt to match an absolute value node"; #D of a dictionary:
		// "Attempt to count the elements of a dictionary, but the value is
		// never used"
		if (n.Op == OpAbs || n.Op == OpCount && IsDictionary(n.X)) && position {
			out[n] = true
		}
	case *Binary:
		if n.Op == OpAnd || n.Op == OpOr {
			matchedNumbers(n.X, true, out)
			matchedNumbers(n.Y, true, out)
		}
		// "Possible unwanted concatenation of two strings using '+'"
		if n.Op == OpAdd && n.T == TypeString && position {
			out[n] = true
		}
	case *Player:
		// bare player is CQL's player white + player black: a concatenation
		if n.Color == ColorAny && n.Match == nil && position {
			out[n] = true
		}
	case *If:
		// An if without one type for both branches (no else, or a string
		// and a number) has no value: CQL matches the branch taken as a
		// filter wherever the if stands (comment("c" (if check then 3))
		// stops).
		branch := position || n.T == TypeNone
		matchedNumbers(n.Cond, true, out)
		matchedNumbers(n.Then, branch, out)
		if n.Else != nil {
			matchedNumbers(n.Else, branch, out)
		}
	case *Transform:
		// the evaluator runs the transformed copies, copies of the body's nodes
		for _, v := range n.Variants {
			matchedNumbers(v, position, out)
		}
		matchedNumbers(n.Body, position, out)
	case *Square:
		matchedNumbers(n.Body, true, out)
	case *Find:
		// find "a", find all "a": CQL stops on the string
		matchedNumbers(n.X, true, out)
	case *Line:
		// line --> check --> {check "a"}: CQL stops on the string
		matchedLineElems(n.Elems, out)
	case *Echo:
		// CQL 9.493 runs echo (s t) 3, abs 3, black and {check 3} but stops
		// on echo (s t) "a", fen and {check "a"}: a body of another type than
		// number is matched
		if n.X.Type() != TypeNumber {
			matchedNumbers(n.X, true, out)
		}
	case *Comment:
		// its arguments are values, but an if without a value among them
		// is matched (comment("c" (if check then 3)) stops in CQL)
		for _, a := range n.Args {
			if f, ok := a.(*If); ok {
				matchedNumbers(f, false, out)
			}
		}
	case *Colon:
		// position 0 : 3 stops, x = position 0 : 3 runs (the value is used)
		matchedNumbers(n.X, position, out)
	}
}

func matchedLineElems(elems []LineElem, out map[Node]bool) {
	for _, e := range elems {
		if e.X != nil {
			matchedNumbers(e.X, true, out)
		}
		for _, alt := range e.Alts {
			matchedLineElems(alt, out)
		}
	}
}

// IsDictionary reports whether n is a dictionary variable (#D counts its
// entries).
func IsDictionary(n Node) bool {
	v, ok := n.(*Var)
	return ok && v.Sym != nil && v.Sym.Kind == VarDictionary
}

// IsHHdbStopWord reports whether n is hhdb composer or hhdb search, which
// CQL 9.493 builds as a string variable and a concatenation: matched as a
// filter they stop the run ("attempt to match position of a filter
// consisting of a single string variable", "An attempt to concatenation two
// string using '+'"), where hhdb gbr or hhdb stipulation match.
func IsHHdbStopWord(n *Builtin) bool {
	if n.Name != "hhdb" || len(n.Args) != 1 {
		return false
	}
	s, ok := n.Args[0].(*StringLit)
	return ok && (s.Value == "composer" || s.Value == "search")
}
