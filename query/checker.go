package query

import (
	"fmt"
	"sort"
)

// checker resolves variables and types every filter. It rewrites the tree
// where CQL converts implicitly: a set used as a number becomes Unary
// OpCount, so the evaluator never needs to look at operand types.
type checker struct {
	filename string
	src      []byte
	dialect  Dialect
	errs     ErrorList
	globals  map[string]*Symbol // assigned variables (CQL variables are global)
	scope    []*Symbol          // iteration variables of the enclosing square/piece/echo filters
	symbols  []*Symbol
	copied   int // nodes copied while making transform variants (bounded by maxTransformWork)
	kept     int // nodes of the distinct variants kept (bounded by maxCopies)
	// isbound filters naming a variable not assigned before them; program
	// resolves them against the whole query's variables at the end.
	laterBound []*Builtin
	// checked are nodes already checked that a check of their parent
	// must not check again (a transform's comparison taken apart).
	checked map[Node]bool
	// bodyLocal: with --dialect cqli, the variables first set in an iteration body, which
	// end with it (CQLi's scoping), and where that body's filter is.
	bodyLocal map[string]bodyVar
}

// bodyVar is a variable that ended with an iteration body (--dialect cqli): where the
// iteration is, and whether it is the iteration's own variable.
type bodyVar struct {
	at   Pos
	loop bool
}

const maxErrors = 10

func (c *checker) errorf(pos Pos, format string, args ...any) {
	if len(c.errs) >= maxErrors {
		return
	}
	c.errs = append(c.errs, &Error{Filename: c.filename, Pos: pos, Msg: fmt.Sprintf(format, args...), Line: sourceLine(c.src, pos.Offset)})
}

func (c *checker) newSymbol(name string, kind VarKind, pos Pos) *Symbol {
	s := &Symbol{Name: name, Kind: kind, Index: len(c.symbols), Decl: pos}
	c.symbols = append(c.symbols, s)
	return s
}

// lookup finds the innermost visible variable called name.
func (c *checker) lookup(name string) *Symbol {
	for i := len(c.scope) - 1; i >= 0; i-- {
		if c.scope[i].Name == name {
			return c.scope[i]
		}
	}
	return c.globals[name]
}

// scopedOut reports, with --dialect cqli, a use of a variable after the iteration body
// that set it first (CQLi's scoping), and says so.
func (c *checker) scopedOut(name string, pos Pos) bool {
	b, ok := c.bodyLocal[name]
	if !ok || c.globals[name] != nil {
		return false
	}
	if b.loop {
		c.errorf(pos, "'%s' is not defined here: it is the variable of the iteration at %d:%d, which with --dialect cqli ends with its body (CQLi's scoping)", name, b.at.Line, b.at.Col)
		return true
	}
	c.errorf(pos, "'%s' is not defined here: it was first set in the body of the iteration at %d:%d, and with --dialect cqli a variable first set in an iteration body ends with it (CQLi's scoping; CQL 6.2 keeps it: --dialect cql, or assign it before the loop)", name, b.at.Line, b.at.Col)
	return true
}

func (c *checker) iterationVar(name string) bool {
	for _, s := range c.scope {
		if s.Name == name {
			return true
		}
	}
	return false
}

func (c *checker) program(prog *Program) {
	c.globals = map[string]*Symbol{}
	c.block(prog.Body)
	for _, n := range c.laterBound {
		v := n.Args[0].(*Var)
		n.Sym = c.globals[v.Name] // nil: never assigned, so never bound
		v.Sym = n.Sym
		if n.Sym == nil {
			// No variable to refer to: the name stays as text, so every Var of a
			// checked program is resolved (FuzzParse checks it).
			n.Args[0] = &StringLit{At: v.At, Value: v.Name}
		}
	}
	prog.Symbols = c.symbols
}

func (c *checker) block(b *Block) {
	for i, f := range b.Filters {
		b.Filters[i] = c.check(f)
	}
	b.T = TypeNone
	if n := len(b.Filters); n > 0 {
		b.T = b.Filters[n-1].Type()
	}
}

// describe names a filter for messages: "set filter 'R'", "number filter".
func describe(n Node) string {
	if ix, ok := n.(*Index); ok && ix.T == TypeNone {
		if v, ok := ix.X.(*Var); ok && v.Sym != nil && v.Sym.Kind == VarDictionary {
			// dictionary X X[1]: CQL accepts the read, but nothing gives it a type
			return "logical filter (an entry of dictionary '" + v.Name + "' read before any entry is assigned, so it has no value type)"
		}
	}
	return n.Type().String() + " filter"
}

// set checks n and requires a set value.
func (c *checker) set(n Node, what string) Node {
	n = c.check(n)
	if n.Type() != TypeSet {
		c.errorf(n.Pos(), "%s must be a set filter, found a %s", what, describe(n))
	}
	return n
}

// number checks n and requires a number; a set counts as its size.
func (c *checker) number(n Node, what string) Node {
	n = c.check(n)
	return c.toNumber(n, what)
}

func (c *checker) toNumber(n Node, what string) Node {
	switch n.Type() {
	case TypeNumber:
		return n
	case TypeSet:
		return &Unary{At: At{n.Pos()}, Op: OpCount, X: n, T: TypeNumber}
	}
	c.errorf(n.Pos(), "%s must be a number (or a set, counted), found a %s", what, describe(n))
	return n
}

// splitCompare handles a comparison parsed as the body of a numeric
// filter (a transform with count or a range, find all, a line's last
// constituent): CQL's comparison takes a left side only when it is a set,
// a number, a string or a position (toplevel.cpp match_in_x), so with a
// logical left side the comparison, and any and/or after it, is outside
// the numeric filter: flipcolor count {check} >= 1 and R is
// ((flipcolor count {check}) >= 1) and R. It checks that left side (the
// leftmost comparison's first operand) and, when it is logical, makes it
// the owner's body, puts the owner in its place and returns what was the
// body, for the caller to check in the owner's place; nil otherwise.
//
// A not before the logical left side stays with it: CQL's not reads a
// filter without a comparison (match_and_x), so line --> check --> not
// check == 2 is (line --> check --> not check) == 2 (CQL 9.493: 221 games
// of its sample, as without == 2).
func (c *checker) splitCompare(body *Node, owner Node) Node {
	left := body
	for {
		b, ok := (*left).(*Binary)
		if !ok || (b.Op != OpAnd && b.Op != OpOr) {
			break
		}
		left = &b.X
	}
	// left is where the nots over the comparison start (the comparison's own
	// place when there are none); inner is the comparison's place.
	inner := left
	for {
		u, ok := (*inner).(*Unary)
		if !ok || u.Op != OpNot {
			break
		}
		inner = &u.X
	}
	cmp, ok := (*inner).(*Compare)
	if !ok {
		return nil
	}
	first := c.check(cmp.Operands[0])
	cmp.Operands[0] = first
	if c.checked == nil {
		c.checked = map[Node]bool{}
	}
	c.checked[first] = true
	if first.Type() != TypeNone {
		return nil
	}
	nots := *left // the nots over the comparison, or the comparison
	*inner = first
	newBody := first
	if inner != left {
		newBody = nots
	}
	*left = cmp
	top := *body
	*body = newBody
	cmp.Operands[0] = owner
	return top
}

func (c *checker) check(n Node) Node {
	if c.checked[n] {
		delete(c.checked, n)
		return n
	}
	switch n := n.(type) {
	case *PieceDesignator, *NumberLit, *StringLit, *BoolLit, *Keyword, *Result, *FromTo, *Elo, *Tag:
		return n
	case *Block:
		c.block(n)
	case *Var:
		n.Sym = c.lookup(n.Name)
		if n.Sym == nil {
			c.unknown(n)
			n.Sym = &Symbol{Name: n.Name, Kind: VarSet, Index: -1}
		}
	case *Assign:
		c.assign(n)
	case *Unary:
		c.unary(n)
	case *Binary:
		c.binary(n)
	case *Compare:
		c.compare(n)
	case *MinMax:
		if s := c.stringMinMax(n); s != nil {
			return s // max("a" "b"): of strings
		}
		for i, a := range n.Args {
			n.Args[i] = c.toNumber(a, n.Op.String()+" argument")
		}
	case *If:
		n.Cond = c.check(n.Cond)
		n.Then = c.check(n.Then)
		n.T = TypeNone
		if n.Else != nil {
			n.Else = c.check(n.Else)
			if n.Then.Type() == n.Else.Type() {
				n.T = n.Then.Type()
			}
		}
	case *Player:
		n.T = TypeString
		if n.Match != nil {
			n.T = TypeNone
		}
		// plain player is CQL's `player white + "\n" + player black` (its match_player)
	case *Square:
		c.square(n)
	case *DictIter:
		c.dictIter(n)
	case *Move:
		if n.From != nil {
			n.From = c.set(n.From, "move from")
		}
		if n.To != nil {
			n.To = c.set(n.To, "move to")
		}
		if n.Capture != nil {
			n.Capture = c.set(n.Capture, "move capture")
		}
		if n.EnPassantSquare != nil {
			n.EnPassantSquare = c.set(n.EnPassantSquare, "move enpassantsquare")
		}
		if n.Comment != nil {
			c.check(n.Comment)
		}
		if n.All && n.Target == nil {
			c.errorf(n.Pos(), "'all' in a move filter is CQLi's speculative move's: it needs a target after ':' (move legal all : mate)")
		}
		if n.Target != nil {
			n.Target = c.check(n.Target)
			Inspect(n.Target, func(x Node) bool {
				_, comment := x.(*Comment)
				b, builtin := x.(*Builtin)
				if comment || builtin && (b.Name == "settag" || b.Name == "removetag" || b.Name == "removecomment" || b.Name == "writefile") {
					c.errorf(x.Pos(), "a speculative move's target is evaluated at positions not in the game: comments, messages, settag, removecomment and writefile are not supported there")
				}
				return true
			})
		}
		if (n.Primary || n.Secondary) && (n.Select == MoveLegal || n.Select == MovePseudoLegal) {
			c.errorf(n.Pos(), "primary and secondary are about moves played in the game; they cannot be used with legal or pseudolegal")
		}
	case *Dir:
		c.checkRange(&n.Range, n.Dir.String())
		n.X = c.set(n.X, "the argument of "+n.Dir.String())
	case *Transform:
		if n.Count {
			if top := c.splitCompare(&n.Body, n); top != nil {
				return c.check(top)
			}
		}
		n.Body = c.check(n.Body)
		if in := directTransform(n.Body); in != nil && !n.Count {
			n.Merged = true
			n.Count, n.Range = in.Count, in.Range
		}
		switch {
		case n.Count:
			n.T = TypeNumber
		case n.Body.Type() == TypeSet:
			n.T = TypeSet
		case n.Body.Type() == TypeNumber:
			n.T = TypeNumber // the largest value of the matching variants (the manual's flip)
		default:
			n.T = TypeNone
		}
		n.Variants = c.variants(n)
	case *Comment:
		for i, a := range n.Args {
			n.Args[i] = c.check(a)
		}
	case *Sort:
		n.X = c.check(n.X)
		if _, isEcho := n.X.(*Echo); isEcho && n.Min {
			c.errorf(n.Pos(), "sort min is not supported with echo (the manual: an echo sorts in the max direction only)")
		}
		if cmp, ok := n.X.(*Compare); ok && cmp.Links[0].Mode == CompareNumber && n.X.Type() == TypeNone {
			break // a numeric comparison's value is its first operand's when it holds
		}
		if n.X.Type() != TypeString {
			n.X = c.toNumber(n.X, "the sort value")
		}
	case *Find:
		if n.All || n.Range != nil {
			if top := c.splitCompare(&n.X, n); top != nil {
				return c.check(top)
			}
		}
		c.checkRange(n.Range, "find")
		n.X = c.check(n.X)
		// With all or a range find counts (CQL's FindNode is numeric exactly
		// when it has a range, and all is the range 1 to 1000000).
		n.T = TypePosition
		if n.All || n.Range != nil {
			n.T = TypeNumber
		}
	case *Echo:
		c.echo(n)
	case *Tree:
		c.tree(n)
	case *Colon:
		c.colon(n)
	case *Dash:
		if n.From != nil {
			n.From = c.set(n.From, "the left side of '--'")
		}
		if n.To != nil {
			n.To = c.set(n.To, "the right side of '--'")
		}
		if n.PromoteBy != nil {
			n.PromoteBy = c.str(n.PromoteBy, "the promotion after '=' (a piece type like Q, or a string)")
		}
		n.T = TypeNone
		if n.Target != nil {
			n.Target = c.check(n.Target)
			switch t := n.Target.Type(); t {
			case TypeSet, TypeNumber, TypeString, TypePosition:
				n.T = t
			}
		}
	case *CurrentMove:
		c.check(n.Move)
	case *Legal:
		c.check(n.Move)
	case *CountMoves:
		if n.Move != nil {
			c.check(n.Move)
		} else {
			c.check(n.Legal)
		}
	case *Loop:
		n.Body = c.check(n.Body)
	case *While:
		if n.Iterate {
			n.Test = c.str(n.Test, "the test of while")
		} else {
			n.Test = c.check(n.Test)
		}
		n.Body = c.check(n.Body)
	case *PastMove:
	case *Path:
		if n.Focus != nil {
			n.Focus = c.set(n.Focus, "the argument of focus")
		}
		if n.Max != nil {
			n.Max = c.number(n.Max, "the argument of the path parameter max")
		}
		c.checkRange(n.Range, "path")
		c.lineElems(n.Elems)
	case *ConsecutiveMoves:
		c.checkRange(n.Range, "consecutivemoves")
		n.X = c.position(n.X, "the first argument of consecutivemoves")
		n.Y = c.position(n.Y, "the second argument of consecutivemoves")
		if x, ok := n.X.(*Var); ok {
			if y, ok := n.Y.(*Var); ok && x.Name == y.Name {
				// CQL stops: "Position arguments to ConsecutiveMovesNode must be different".
				c.errorf(y.Pos(), "the two arguments of consecutivemoves must be different position variables (CQL stops on %s twice)", x.Name)
			}
		}
	case *Line:
		// line --> check --> true >= 1 is (line --> check --> true) >= 1
		if k := len(n.Elems) - 1; k >= 0 && n.Elems[k].X != nil && n.Elems[k].Min == 1 && n.Elems[k].Max == 1 {
			if top := c.splitCompare(&n.Elems[k].X, n); top != nil {
				return c.check(top)
			}
		}
		c.checkRange(n.Range, "line")
		c.lineElems(n.Elems)
		unionAlts(n.Elems)
	case *Geo:
		c.checkGeometry(n)
	default:
		if r, ok := c.checkStrings(n); ok {
			return r
		}
		panic(fmt.Sprintf("query: checker: unexpected node %T", n))
	}
	return n
}

func (c *checker) lineElems(es []LineElem) {
	for i := range es {
		if es[i].X != nil {
			es[i].X = c.check(es[i].X)
		}
		for _, alt := range es[i].Alts {
			c.lineElems(alt)
		}
	}
}

// unionAlts rejoins, in line groups, the alternatives that CQL reads as one
// set union. CQL 9.493 has no | between line constituents: in
// `line --> (check --> k|Q)` its | is the union k|Q, which binds more tightly
// than -->, and it refuses `(check | mate)`. So where the constituents on both
// sides of a | are sets, the constituent before it (without a repetition) and
// the one after become one constituent, their union, keeping the latter's
// repetition; a | between other constituents stays an alternation.
func unionAlts(es []LineElem) {
	for i := range es {
		for _, alt := range es[i].Alts {
			unionAlts(alt)
		}
		alts := es[i].Alts
		if len(alts) < 2 {
			continue
		}
		out := [][]LineElem{alts[0]}
		for _, next := range alts[1:] {
			prev := out[len(out)-1]
			l, r := prev[len(prev)-1], next[0]
			if l.X == nil || r.X == nil || l.Min != 1 || l.Max != 1 || l.X.Type() != TypeSet || r.X.Type() != TypeSet {
				out = append(out, next)
				continue
			}
			u := LineElem{X: &Binary{At: At{l.X.Pos()}, Op: OpUnion, X: l.X, Y: r.X, T: TypeSet}, Min: r.Min, Max: r.Max}
			joined := append(append(prev[:len(prev)-1:len(prev)-1], u), next[1:]...)
			out[len(out)-1] = joined
		}
		es[i].Alts = out
	}
}

// unknown reports an identifier that is neither a keyword nor a variable,
// suggesting the nearest keyword or variable.
func (c *checker) unknown(v *Var) {
	if len(c.errs) >= maxErrors {
		return // suggestions cost time; none would be shown
	}
	if c.scopedOut(v.Name, v.Pos()) {
		return
	}
	if s := suggest(v.Name, sortedKeywords); s != "" {
		c.errorf(v.Pos(), "unknown filter '%s'; did you mean '%s'?", v.Name, s)
		return
	}
	var names []string
	for name := range c.globals {
		names = append(names, name)
	}
	for _, s := range c.scope {
		names = append(names, s.Name)
	}
	sort.Strings(names)
	if s := suggest(v.Name, names); s != "" {
		c.errorf(v.Pos(), "undefined variable '%s'; did you mean '%s'?", v.Name, s)
		return
	}
	c.errorf(v.Pos(), "unknown filter or undefined variable '%s' (a variable must be assigned before it is used)", v.Name)
}

func kindOf(t Type) (VarKind, bool) {
	switch t {
	case TypeSet:
		return VarSet, true
	case TypeNumber:
		return VarNumber, true
	case TypeString:
		return VarString, true
	case TypePosition:
		return VarPosition, true
	}
	return 0, false
}

func (c *checker) assign(n *Assign) {
	if c.iterationVar(n.Name) {
		c.errorf(n.Pos(), "cannot assign to '%s': it is the variable of an enclosing iteration filter", n.Name)
	}
	sym := c.globals[n.Name]
	if n.Op != OpAssign && n.Op != OpCondAssign {
		// Compound assignment: x op= N on an existing number variable, or
		// x += S appending to a string variable (CQL 6.2).
		n.Value = c.check(n.Value)
		if n.Op == OpAddAssign && (n.Value.Type() == TypeString || sym != nil && sym.Kind == VarString) {
			c.appendString(n, sym)
			return
		}
		n.Value = c.toNumber(n.Value, "the right side of "+n.Op.String())
		if sym == nil {
			if !c.scopedOut(n.Name, n.Pos()) {
				c.errorf(n.Pos(), "'%s' is not defined: %s needs a number variable assigned earlier", n.Name, n.Op)
			}
			sym = c.newSymbol(n.Name, VarNumber, n.Pos())
			c.globals[n.Name] = sym
		} else if sym.Kind != VarNumber {
			c.errorf(n.Pos(), "%s needs a number variable, but '%s' is a %s variable", n.Op, n.Name, sym.Kind)
		}
		n.Sym = sym
		return
	}
	n.Value = c.check(n.Value)
	kind, ok := kindOf(n.Value.Type())
	if !ok {
		c.errorf(n.Value.Pos(), "cannot assign a logical filter to '%s': it has no value (only set, number, string and position filters do)", n.Name)
		kind = VarSet
	}
	if n.Op == OpCondAssign && ok && n.Value.Type() != TypeSet {
		// CQL's x =? S assigns a set when it is non-empty; cql -parse rejects
		// y=?3, y=?"str" and y=?currentposition (chessql's tables).
		c.errorf(n.Value.Pos(), "=? needs a set filter on its right, found a %s", describe(n.Value))
	}
	if n.Piece {
		if n.Value.Type() != TypeSet {
			c.errorf(n.Value.Pos(), "piece %s = ... needs a set filter, found a %s", n.Name, describe(n.Value))
		}
		kind = VarPiece
	}
	if sym == nil {
		sym = c.newSymbol(n.Name, kind, n.Pos())
		c.globals[n.Name] = sym
		n.Decl = true
	} else if sym.Kind != kind && ok {
		// A variable keeps its first type: CQL does not count a set assigned to a
		// number variable (y=7 y=k is an error in cql -parse, per chessql's tables).
		c.errorf(n.Pos(), "'%s' is a %s variable (declared at %d:%d); cannot assign a %s to it", n.Name, sym.Kind, sym.Decl.Line, sym.Decl.Col, describe(n.Value))
	}
	if n.Atomic && sym != nil {
		// CQL 9.493 registers the variable as atomic at any assignment that
		// says atomic (X=1 atomic X=2 runs); the whole query then treats it so.
		sym.Atomic = true
	}
	n.Sym = sym
}

// appendString checks x += S on a string variable (CQL 9.493's
// ConcatenationNode with isDestructive: the left side must be a string
// variable, the right a string filter).
func (c *checker) appendString(n *Assign, sym *Symbol) {
	if n.Value.Type() != TypeString {
		c.errorf(n.Value.Pos(), "'%s' is a string variable: += appends a string filter to it, found a %s", n.Name, describe(n.Value))
	}
	switch {
	case sym == nil:
		c.errorf(n.Pos(), "'%s' is not defined: += needs a variable assigned earlier", n.Name)
		sym = c.newSymbol(n.Name, VarString, n.Pos())
		c.globals[n.Name] = sym
	case sym.Kind != VarString:
		c.errorf(n.Pos(), "+= of a string needs a string variable, but '%s' is a %s variable", n.Name, sym.Kind)
	}
	n.Sym = sym
}

func (c *checker) square(n *Square) {
	what := "square"
	kind := VarSet
	if n.Piece {
		what, kind = "piece", VarPiece
	}
	n.In = c.set(n.In, "the set after '"+what+" "+n.Name+" in'")
	if g := c.globals[n.Name]; g != nil && g.Kind != VarSet && g.Kind != VarPiece {
		// CQL's iteration variable is the variable of that name: x=q square x in R
		// is accepted, x=1 square x in R is an error (chessql's tables of cql -parse).
		c.errorf(n.Pos(), "'%s' is a %s variable (declared at %d:%d); %s %s in ... needs a set variable", n.Name, g.Kind, g.Decl.Line, g.Decl.Col, what, n.Name)
	}
	n.Var = c.newSymbol(n.Name, kind, n.Pos())
	c.scope = append(c.scope, n.Var)
	var before map[string]bool
	if c.dialect == DialectCQLi {
		before = make(map[string]bool, len(c.globals))
		for name := range c.globals {
			before[name] = true
		}
	}
	n.Body = c.check(n.Body)
	c.scope = c.scope[:len(c.scope)-1]
	if before != nil {
		// CQLi: a variable the body set first is the body's; after it the name is
		// free again (the loop's own variable too).
		if c.bodyLocal == nil {
			c.bodyLocal = map[string]bodyVar{}
		}
		for name, sym := range c.globals {
			// Persistent variables and dictionaries are the query's, whatever sets them.
			if !before[name] && !sym.Persistent && sym.Kind != VarDictionary {
				delete(c.globals, name)
				c.bodyLocal[name] = bodyVar{at: n.Pos()}
			}
		}
		if !before[n.Name] {
			c.bodyLocal[n.Name] = bodyVar{at: n.Pos(), loop: true}
		}
		return
	}
	if c.globals[n.Name] == nil {
		// The name stays a variable after the loop, unbound there as in
		// CQL: a set or piece use stops the run, comment writes <unbound: x>.
		c.globals[n.Name] = n.Var
	}
}

func (c *checker) unary(n *Unary) {
	switch n.Op {
	case OpNot:
		n.X = c.check(n.X)
		n.T = TypeNone
	case OpComplement:
		n.X = c.set(n.X, "the argument of ~")
		n.T = TypeSet
	case OpCount:
		n.X = c.check(n.X)
		if v, ok := n.X.(*Var); ok && v.Sym != nil && v.Sym.Kind == VarDictionary {
			n.T = TypeNumber // #D: the number of D's entries
			return
		}
		if t := n.X.Type(); t != TypeString && t != TypeSet { // # of a string is its length
			c.errorf(n.X.Pos(), "the argument of # must be a set or a string filter, found a %s", describe(n.X))
		}
		n.T = TypeNumber
	case OpPower:
		n.X = c.set(n.X, "the argument of power")
		n.T = TypeNumber
	case OpNeg:
		n.X = c.arithmetic(c.check(n.X), "the argument of -")
		n.T = TypeNumber
	case OpAbs:
		n.X = c.number(n.X, "the argument of "+n.Op.String())
		n.T = TypeNumber
	}
}

func (c *checker) binary(n *Binary) {
	switch n.Op {
	case OpAnd, OpOr:
		n.X, n.Y = c.check(n.X), c.check(n.Y)
		n.T = TypeNone
	case OpInter, OpUnion, OpAttacks, OpAttackedBy:
		what := "the left side of " + n.Op.String()
		n.X = c.check(n.X)
		if n.Op == OpInter && n.X.Type() == TypePosition {
			// CQL's positional intersection: the squares where two
			// positions have the same contents.
			n.Y = c.check(n.Y)
			if n.Y.Type() != TypePosition {
				c.errorf(n.Y.Pos(), "the right side of & must be a position filter like the left side (positional intersection), found a %s", describe(n.Y))
			}
			n.T = TypeSet
			return
		}
		if n.X.Type() != TypeSet { // n.X is checked: checking it again would double the work at every level
			c.errorf(n.X.Pos(), "%s must be a set filter, found a %s", what, describe(n.X))
		}
		n.Y = c.set(n.Y, "the right side of "+n.Op.String())
		n.T = TypeSet
	case OpIn:
		if sym := c.dictionary(n.Y); sym != nil {
			n.X = c.dictKey(sym, n.X) // K in D: D has an entry under K
			n.T = TypeNone
			return
		}
		n.X, n.Y = c.check(n.X), c.check(n.Y)
		n.T = TypeNone
		tx, ty := n.X.Type(), n.Y.Type()
		if !(tx == TypeSet && ty == TypeSet || tx == TypeString && ty == TypeString) {
			c.errorf(n.Pos(), "'in' needs two set filters (subset test) or two string filters (substring test), found a %s and a %s", describe(n.X), describe(n.Y))
		}
	default: // arithmetic
		n.X, n.Y = c.check(n.X), c.check(n.Y)
		if n.Op == OpAdd && n.X.Type() == TypeString && n.Y.Type() == TypeString {
			n.T = TypeString // string concatenation
			return
		}
		n.X = c.arithmetic(n.X, "the left side of "+n.Op.String())
		n.Y = c.arithmetic(n.Y, "the right side of "+n.Op.String())
		n.T = TypeNumber
	}
}

// arithmetic requires a number operand of + - * / % and of unary minus. Unlike a
// comparison with a number, CQL does not count a set here: `K+Q`, `2-K` and `-to`
// are errors in CQL (and `K-3` is the two filters `K` and `-3`, see parseAdd).
func (c *checker) arithmetic(n Node, what string) Node {
	if n.Type() == TypeSet {
		c.errorf(n.Pos(), "%s must be a number filter, found a %s (CQL does not count a set in arithmetic; write #X for its size)", what, describe(n))
		return n
	}
	return c.toNumber(n, what)
}

func (c *checker) compare(n *Compare) {
	n.T = TypeNone
	allSets, allStrings, allPositions := true, true, true
	for i, o := range n.Operands {
		o = c.check(o)
		n.Operands[i] = o
		t := o.Type()
		allSets = allSets && t == TypeSet
		allStrings = allStrings && t == TypeString
		allPositions = allPositions && t == TypePosition
	}
	mode := CompareNumber
	switch {
	case allSets:
		mode = CompareSet
	case allStrings:
		mode = CompareString
	case allPositions:
		mode = ComparePosition
	}
	for i, l := range n.Links {
		n.Links[i].Mode = mode
		if l.Op != OpEq && l.Op != OpNe && n.Operands[i].Type() == TypeSet && n.Operands[i+1].Type() == TypeSet {
			// CQL counts a set compared with a number (a < 1) but orders no two
			// sets: a < A is an error in cql -parse (chessql's comparison tables).
			c.errorf(n.Operands[i+1].Pos(), "%s between two set filters: CQL compares a set by size only with a number (write #X %s #Y)", l.Op, l.Op)
		}
		if i > 0 && l.Op == OpNe {
			// CQL reads a chain from the right (a < b != c is a < (b != c)), and
			// != is a not of ==, without a value to compare: CQL refuses it
			// ("right side of relational operator must be numeric or string").
			c.errorf(n.Operands[i].Pos(), "!= can only be the first comparison of a chain: CQL reads a %s b != c as a %s (b != c), and b != c has no value", n.Links[i-1].Op, n.Links[i-1].Op)
		}
		if mode == ComparePosition && l.Op == OpNe {
			// CQL's make_relational_op_node builds != of positions as a
			// RelationalNode, whose constructor refuses '!=': cql -parse rejects
			// it (chessql, test_filters_comparison.py:671).
			c.errorf(n.Operands[i+1].Pos(), "!= between two positions is not CQL (its parser refuses it); write not (x == y)")
		}
	}
	if mode == CompareNumber {
		for i, o := range n.Operands {
			n.Operands[i] = c.toNumber(o, "an operand of "+n.Links[max(0, i-1)].Op.String())
		}
		// A numeric comparison is a numeric filter whose value, when it holds, is
		// its left operand's (CQL's RelationalNode::match_count); != is the
		// negation of == and has no value (make_relational_op_node).
		if n.Links[0].Op != OpNe {
			n.T = TypeNumber
		}
	}
	if mode == CompareString && len(n.Links) == 1 && n.Links[0].Op != OpNe {
		// so is a string comparison, with the left string (match_stringvalue)
		n.T = TypeString
	}
}
