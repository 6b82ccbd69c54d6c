package filter

import (
	"strconv"
	"strings"

	"github.com/cqlgo/cql/query"
)

// Compilation of the string, conversion and state filters (query/ast_strings.go).

// persistentVar is a variable that keeps its value from game to game.
type persistentVar struct {
	index int
	name  string
	kind  query.VarKind
	quiet bool
	sym   *query.Symbol // a dictionary's: its key and value types
}

// compileStrings compiles the nodes of query/ast_strings.go; ok is false for others.
func (c *compiler) compileStrings(n query.Node) (node, bool, error) {
	switch n := n.(type) {
	case *query.Match:
		m := &matchNode{re: n.Re, at: n.Pos()}
		m.seq, m.isSeq = dotStarLiterals(n.Re)
		x, err := c.str(n.X)
		if err != nil {
			return nil, true, err
		}
		if n.PatternX != nil {
			if m.pat, err = c.str(n.PatternX); err != nil {
				return nil, true, err
			}
		}
		m.x = []strNode{x}
		return m, true, nil
	case *query.Capture:
		if n.Name != "" {
			return namedCapture{name: n.Name, index: n.Index}, true, nil
		}
		if n.Index {
			return captureIndex(n.Group), true, nil
		}
		return captureNode(n.Group), true, nil
	case *query.Dictionary:
		if n.Sym != nil && !n.Local && !c.q.isPersistent(n.Sym.Index) {
			c.q.persistent = append(c.q.persistent, persistentVar{index: n.Sym.Index, name: n.Name, kind: query.VarDictionary, sym: n.Sym})
		}
		return constBool(true), true, nil
	case *query.IndexAssign:
		x, err := c.indexAssign(n)
		return x, true, err
	case *query.DictAssign:
		x, err := c.dictAssign(n)
		return x, true, err
	case *query.DictIter:
		body, err := c.compile(n.Body)
		if err != nil {
			return nil, true, err
		}
		return &dictIter{v: n.Var.Index, d: n.DictSym.Index, body: body}, true, nil
	case *query.Index:
		if v, ok := n.X.(*query.Var); ok && v.Sym != nil && v.Sym.Kind == query.VarDictionary {
			if n.T == query.TypeNone {
				// Read before any entry is assigned: whether the entry exists.
				d, err := c.dictEntry(v.Sym, n.I)
				return &d, true, err
			}
			x, err := c.dictLookup(v.Sym, n.I)
			return x, true, err
		}
		x, err := c.str(n.X)
		if err != nil {
			return nil, true, err
		}
		ix := &indexNode{x: x, slice: n.Slice}
		if n.I != nil {
			if ix.i, err = c.num(n.I); err != nil {
				return nil, true, err
			}
		}
		if n.J != nil {
			if ix.j, err = c.num(n.J); err != nil {
				return nil, true, err
			}
		}
		return ix, true, nil
	case *query.Builtin:
		x, err := c.builtin(n)
		return x, true, err
	case *query.Persistent:
		a := n.Assign
		if a.Sym != nil && a.Decl {
			c.q.persistent = append(c.q.persistent, persistentVar{index: a.Sym.Index, name: a.Sym.Name, kind: a.Sym.Kind, quiet: a.Sym.Quiet})
		}
		x, err := c.assign(a)
		return x, true, err
	}
	return nil, false, nil
}

func (c *compiler) builtin(n *query.Builtin) (node, error) {
	strArg := func(i int) (strNode, error) { return c.str(n.Args[i]) }
	switch n.Name {
	case "imagine":
		return c.imagine(n)
	case "currentmutation":
		return currentMutationNode{}, nil
	case "removetag":
		return c.removeTag(n)
	case "variant":
		return variantNode{}, nil
	case "variantend":
		return variantEndNode{}, nil
	case "lowercase", "uppercase":
		x, err := strArg(0)
		if err != nil {
			return nil, err
		}
		return &caseNode{x: x, upper: n.Name == "uppercase"}, nil
	case "ascii":
		if n.T == query.TypeNumber {
			x, err := strArg(0)
			if err != nil {
				return nil, err
			}
			return asciiCode{x}, nil
		}
		x, err := c.num(n.Args[0])
		if err != nil {
			return nil, err
		}
		return asciiChar{x}, nil
	case "int":
		x, err := strArg(0)
		if err != nil {
			return nil, err
		}
		return intNode{x}, nil
	case "str":
		s := &strOf{at: n.Pos()}
		for _, a := range n.Args {
			x, err := c.textArg(a)
			if err != nil {
				return nil, err
			}
			s.args = append(s.args, x)
		}
		return s, nil
	case "indexof":
		x, err := strArg(0)
		if err != nil {
			return nil, err
		}
		y, err := strArg(1)
		if err != nil {
			return nil, err
		}
		return &indexOfNode{sub: x, in: y}, nil
	case "readfile":
		if err := c.fileFilter(n); err != nil {
			return nil, err
		}
		x, err := strArg(0)
		if err != nil {
			return nil, err
		}
		return &readFileNode{name: x, at: n.Pos()}, nil
	case "assert":
		x, err := c.compile(n.Args[0])
		if err != nil {
			return nil, err
		}
		return &assertNode{x: x, at: n.Pos()}, nil
	case "settag":
		if c.q.noSetTag {
			return disabledNode{}, nil
		}
		x, err := strArg(0)
		if err != nil {
			return nil, err
		}
		y, err := strArg(1)
		if err != nil {
			return nil, err
		}
		c.q.editsGame = true
		return &setTagNode{name: x, value: y}, nil
	case "originalcomment":
		return originalComment{}, nil
	case "hhdb":
		return c.hhdb(n)
	case "hasnag":
		return hasNAG(n.Args[0].(*query.NumberLit).Value), nil
	case "removecomment":
		if c.q.noRmComment {
			return disabledNode{}, nil
		}
		c.q.editsGame = true
		return removeComment{}, nil
	case "eventdate":
		c.q.needInfo = true
		return infoStr(fieldEventDate), nil
	case "isbound", "unbind":
		return c.bindings(n)
	case "max", "min":
		m := &strMinMax{max: n.Name == "max"}
		before := c.commenters
		for i := range n.Args {
			x, err := strArg(i)
			if err != nil {
				return nil, err
			}
			m.args = append(m.args, x)
		}
		m.smart = c.smartCompound(before)
		return m, nil
	case "lastgamenumber":
		c.q.usesLastGame = true
		return lastGameNode{}, nil
	case "writefile":
		if err := c.fileFilter(n); err != nil {
			return nil, err
		}
		x, err := strArg(0)
		if err != nil {
			return nil, err
		}
		y, err := strArg(1)
		if err != nil {
			return nil, err
		}
		c.q.serial = true // the file's contents follow game order
		return &writeFileNode{name: x, text: y, at: n.Pos()}, nil
	}
	return nil, errorf(n, "%s is not supported yet", n.Name)
}

// PersistentValues returns the persistent variables that are not quiet as
// CQL prints them after the last game (cqlthread.cpp, Variable::
// persistentValueAsString): `name: value` in declaration order, a string in
// double quotes (not escaped), a set as its squares (`e4`, `[a1,h8]`, `[]`),
// and `<unbound>` for a variable a script unbound. Dictionaries are quiet: CQL's
// createDictionary registers every persistent dictionary as a quiet variable.
func (e *Evaluator) PersistentValues() []string {
	var out []string
	for _, p := range e.q.persistent {
		if p.quiet || p.kind == query.VarDictionary {
			continue
		}
		s := &e.vars[p.index]
		v := []byte(p.name + ": ")
		switch {
		case !s.bound:
			v = append(v, "<unbound>"...)
		case p.kind == query.VarNumber:
			v = strconv.AppendInt(v, int64(s.n), 10)
		case p.kind == query.VarString:
			v = append(append(append(v, '"'), s.s...), '"')
		default:
			v = appendSquares(v, s.bb)
		}
		out = append(out, string(v))
	}
	return out
}

// PersistentDictionaries returns the persistent dictionaries (CQLi's --showdictionaries
// prints them after the last game; CQL keeps them quiet), in declaration order, each as
// str writes a dictionary: `Dictionary D with N entries: ` and a line per entry in key
// order. The lines end without a newline.
func (e *Evaluator) PersistentDictionaries() []string {
	var out []string
	for _, p := range e.q.persistent {
		if p.kind != query.VarDictionary || p.sym == nil {
			continue
		}
		b := textDict{v: p.index, name: p.name, key: p.sym.KeyType, val: p.sym.ValueType}.appendTo(nil, e)
		out = append(out, strings.Split(strings.TrimRight(string(b), "\n"), "\n")...)
	}
	return out
}

// Serial reports whether the query must see the games one at a time in
// input order: it reads persistent state or writes files, so the result of
// a game depends on the games before it. A runner gives such a query a single
// Evaluator and calls Game in input order (the games themselves can still be
// read and replayed in parallel); the output is then the same for every
// number of threads.
func (q *Query) Serial() bool { return q.serial }

// Additive reports whether the query's persistent variables are numbers that
// are only ever added to (persistent x += n, x -= n) and never read: a tally.
// Then no game depends on another, so games may be evaluated in parallel: each
// Game starts the variables at 0, PersistentDeltas gives what the game added,
// and the runner sums the deltas (in any order: addition commutes) and
// prints them with FormatPersistent. The result is the serial one exactly.
func (q *Query) Additive() bool { return q.additive }

// planState decides between parallel (additive) and serial evaluation of a
// query with persistent state, from how the program uses its persistent variables.
func (q *Query) planState(prog *query.Program) {
	if len(q.persistent) == 0 {
		return
	}
	additive := true
	query.Inspect(prog.Body, func(n query.Node) bool {
		switch n := n.(type) {
		case *query.Var:
			if n.Sym != nil && n.Sym.Persistent {
				additive = false // a read: the value depends on earlier games
			}
		case *query.Assign:
			if n.Sym != nil && n.Sym.Persistent && (n.Sym.Kind != query.VarNumber || n.Op != query.OpAddAssign && n.Op != query.OpSubAssign) {
				additive = false
			}
		case *query.Builtin:
			if n.Sym != nil && n.Sym.Persistent {
				additive = false // isbound, unbind
			}
		case *query.Dictionary:
			if !n.Local {
				additive = false // a dictionary's entries carry over from game to game
			}
		}
		return true
	})
	q.additive = additive
	q.serial = q.serial || !additive
}

// PersistentDeltas appends to dst what the last Game added to each persistent
// variable, in declaration order (for Additive queries), or nothing when it
// added nothing to any of them.
func (e *Evaluator) PersistentDeltas(dst []int) []int {
	if !e.persistentChanged() {
		return dst // the usual game adds nothing: no slice for it
	}
	for _, p := range e.q.persistent {
		dst = append(dst, e.vars[p.index].n)
	}
	return dst
}

// persistentChanged reports whether the game changed a persistent tally.
func (e *Evaluator) persistentChanged() bool {
	for _, p := range e.q.persistent {
		if e.vars[p.index].n != 0 {
			return true
		}
	}
	return false
}

// FormatPersistent formats the totals of an Additive query's persistent
// variables (in declaration order) as CQL prints them: `name: value`.
func (q *Query) FormatPersistent(totals []int) []string {
	var out []string
	for i, p := range q.persistent {
		v := 0
		if i < len(totals) {
			v = totals[i]
		}
		if !p.quiet {
			out = append(out, p.name+": "+strconv.Itoa(v))
		}
	}
	return out
}

func (q *Query) isPersistent(i int) bool {
	for _, p := range q.persistent {
		if p.index == i {
			return true
		}
	}
	return false
}

// UsesLastGameNumber reports whether the query reads lastgamenumber; the
// runner then counts each input's games and tells the evaluator
// (SetLastGameNumber) before the file's games are evaluated.
func (q *Query) UsesLastGameNumber() bool { return q.usesLastGame }

// SetLastGameNumber sets the value of lastgamenumber for the games that
// follow: the number of the last game that will be examined (0: unknown, and
// lastgamenumber has no value).
func (e *Evaluator) SetLastGameNumber(n int) { e.lastGame = n }

// lastGameNode is `lastgamenumber`.
type lastGameNode struct{}

func (lastGameNode) num(e *Evaluator) (int, bool) { return e.lastGame, e.lastGame > 0 }
func (lastGameNode) match(e *Evaluator) bool      { return e.lastGame > 0 }

func (c *compiler) indexAssign(n *query.IndexAssign) (node, error) {
	x, err := c.compile(n.Target)
	if err != nil {
		return nil, err
	}
	val, err := c.str(n.Value)
	if err != nil {
		return nil, err
	}
	ix, ok := x.(*indexNode)
	if !ok {
		return nil, errorf(n, "x[...] = value needs a string variable x")
	}
	return &indexAssign{v: n.Target.X.(*query.Var).Sym.Index, ix: ix, val: val, at: n.Pos(),
		name: n.Target.X.(*query.Var).Name}, nil
}
