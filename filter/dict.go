package filter

import (
	"slices"
	"strings"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// Dictionaries (`dictionary D`, `D[K] = V`, `D[K]`, `unbind D[K]`) and
// isbound / unbind on variables. A dictionary lives in its variable's slot;
// unless it is local it is persistent, so a query with one runs serially.

// dictKey is a dictionary key of any of the three key types; being a
// comparable struct, it indexes a map without allocating.
type dictKey struct {
	s  string
	n  int
	bb chess.Bitboard
}

// keyNode evaluates a key of the dictionary's key type. A position key (only
// in a local dictionary, which lives for one game) is the position's node.
type keyNode struct {
	s strNode
	n numNode
	p posNode
	b setNode
}

func (k keyNode) key(e *Evaluator) (dictKey, bool) {
	switch {
	case k.s != nil:
		s, ok := k.s.str(e)
		return dictKey{s: s}, ok
	case k.n != nil:
		n, ok := k.n.num(e)
		return dictKey{n: n}, ok
	case k.p != nil:
		p, ok := k.p.position(e)
		return dictKey{n: int(p)}, ok
	}
	return dictKey{bb: k.b.set(e)}, true
}

func (c *compiler) keyNode(t query.Type, n query.Node) (keyNode, error) {
	var k keyNode
	var err error
	switch t {
	case query.TypeString:
		k.s, err = c.str(n)
	case query.TypeNumber:
		k.n, err = c.num(n)
	case query.TypePosition:
		k.p, err = c.pos(n)
	default:
		k.b, err = c.set(n)
	}
	return k, err
}

// dictAssign is `D[K] = V`.
type dictAssign struct {
	v   int
	key keyNode
	val node // strNode, numNode, posNode or setNode, by the dictionary's value type
	t   query.Type
	op  arithOp // for D[K] += V and the like
	upd bool
	at  query.Pos
}

func (n *dictAssign) match(e *Evaluator) bool {
	k, ok := n.key.key(e)
	if !ok {
		return false
	}
	var v slot
	switch n.t {
	case query.TypeString:
		v.s, v.bound = n.val.(strNode).str(e)
	case query.TypeNumber:
		v.n, v.bound = n.val.(numNode).num(e)
	case query.TypePosition:
		var p int32
		p, v.bound = n.val.(posNode).position(e)
		v.n = int(p)
	default:
		v.bb, v.bound = n.val.(setNode).set(e), true
	}
	if !v.bound {
		return false
	}
	d := &e.vars[n.v]
	if n.upd {
		old, ok := d.dict[k]
		if !ok {
			return false // like x += 1 on an unbound x
		}
		r, ok := arith(e, n.op, old.n, v.n, n.at)
		if !ok {
			return false
		}
		v.n = r
	}
	if d.dict == nil {
		d.dict = map[dictKey]slot{}
	}
	d.dict[k] = v
	return true
}

// dictEntry is `D[K]`: the value stored under K; no value when there is none.
type dictEntry struct {
	v   int
	key keyNode
}

func (n *dictEntry) get(e *Evaluator) (slot, bool) {
	k, ok := n.key.key(e)
	if !ok {
		return slot{}, false
	}
	v, ok := e.vars[n.v].dict[k]
	return v, ok
}
func (n *dictEntry) match(e *Evaluator) bool { _, ok := n.get(e); return ok }

type dictStr struct{ dictEntry }

func (n *dictStr) str(e *Evaluator) (string, bool) { v, ok := n.get(e); return v.s, ok }

type dictNum struct{ dictEntry }

func (n *dictNum) num(e *Evaluator) (int, bool) { v, ok := n.get(e); return v.n, ok }

// dictSet is an entry of a dictionary of sets: the empty set when there is
// no entry; as a filter it matches when the entry exists, even when its set
// is empty (CQL's DictionaryRetrieveNode::match_position is hasKey).
type dictSet struct{ dictEntry }

func (n *dictSet) set(e *Evaluator) chess.Bitboard { v, _ := n.get(e); return v.bb }

type dictPos struct{ dictEntry }

func (n *dictPos) position(e *Evaluator) (int32, bool) { v, ok := n.get(e); return int32(v.n), ok }

// unbindEntry is `unbind D[K]` (removes the entry); unbindVar unbinds a
// variable or empties a dictionary (`unbind D`), and isboundVar is `isbound x`.
type unbindEntry struct{ dictEntry }

// A key without a value (piecename of an empty set) fails, as CQL's
// DictionaryDeleteEntryNode does; a key that is not there matches.
func (n *unbindEntry) match(e *Evaluator) bool {
	k, ok := n.key.key(e)
	if ok {
		delete(e.vars[n.v].dict, k)
	}
	return ok
}

type unbindVar int

func (v unbindVar) match(e *Evaluator) bool {
	s := &e.vars[v]
	if s.dict != nil {
		clear(s.dict)
		return true
	}
	*s = slot{}
	return true
}

type isboundVar int

func (v isboundVar) match(e *Evaluator) bool { return e.vars[v].bound }

func (c *compiler) dictAssign(n *query.DictAssign) (node, error) {
	sym := n.Sym
	k, err := c.keyNode(sym.KeyType, n.Key)
	if err != nil {
		return nil, err
	}
	a := &dictAssign{v: sym.Index, key: k, t: sym.ValueType, upd: n.Op != query.OpAssign && n.Op != query.OpInvalid, at: n.Pos()}
	a.op, _ = updateOp(n.Op) // = leaves it unused
	switch sym.ValueType {
	case query.TypeString:
		a.val, err = c.str(n.Value)
	case query.TypeNumber:
		a.val, err = c.num(n.Value)
	case query.TypePosition:
		a.val, err = c.pos(n.Value)
	default:
		a.val, err = c.set(n.Value)
	}
	return a, err
}

func (c *compiler) dictEntry(sym *query.Symbol, key query.Node) (dictEntry, error) {
	k, err := c.keyNode(sym.KeyType, key)
	return dictEntry{v: sym.Index, key: k}, err
}

// dictLookup compiles `D[K]` as a filter of the dictionary's value type.
func (c *compiler) dictLookup(sym *query.Symbol, key query.Node) (node, error) {
	d, err := c.dictEntry(sym, key)
	if err != nil {
		return nil, err
	}
	switch sym.ValueType {
	case query.TypeString:
		return &dictStr{d}, nil
	case query.TypeNumber:
		return &dictNum{d}, nil
	case query.TypePosition:
		return &dictPos{d}, nil
	}
	return &dictSet{d}, nil
}

// bindings compiles isbound and unbind.
func (c *compiler) bindings(n *query.Builtin) (node, error) {
	if n.Sym == nil && n.Name == "isbound" {
		return constBool(false), nil // a variable the query never assigns
	}
	if n.Sym == nil {
		return nil, errorf(n, "%s needs a variable", n.Name)
	}
	if ix, ok := n.Args[0].(*query.Index); ok && n.Sym.Kind == query.VarDictionary && n.Name == "unbind" {
		d, err := c.dictEntry(n.Sym, ix.I)
		if err != nil {
			return nil, err
		}
		return &unbindEntry{d}, nil
	}
	if n.Sym.Kind == query.VarDictionary && n.Name == "isbound" {
		return constBool(true), nil // CQL's Dictionary is always bound
	}
	if n.Name == "unbind" {
		return unbindVar(n.Sym.Index), nil
	}
	return isboundVar(n.Sym.Index), nil
}

// dictCount is `#D`: the number of D's entries (CQL's DictionaryCountNode).
type dictCount int

func (d dictCount) num(e *Evaluator) (int, bool) { return len(e.vars[d].dict), true }
func (dictCount) match(*Evaluator) bool          { return true }

// dictIter is `K ∊ D body` (also `K [element] D body`): body with K bound
// to each key of D in key order. Like CQL's DictionaryIterateNode it always
// matches, whatever the body does and even when D is empty; the body is run
// for its effects. Key order is CQL's std::map order: strings bytewise,
// numbers by value, sets by their bitboards, positions in game order. Only a
// script that iterates allocates, for the list of keys.
type dictIter struct {
	v, d int
	body node
}

func (n *dictIter) match(e *Evaluator) bool {
	d := e.vars[n.d].dict
	if len(d) == 0 {
		return true
	}
	keys := sortedKeys(d)
	s := &e.vars[n.v]
	saved := *s
	for _, k := range keys {
		if _, ok := e.vars[n.d].dict[k]; !ok {
			continue // unbound by the body at an earlier key
		}
		*s = slot{s: k.s, n: k.n, bb: k.bb, bound: true}
		n.body.match(e)
		if e.err != nil {
			break
		}
	}
	*s = saved
	return true
}

func sortedKeys(d map[dictKey]slot) []dictKey {
	keys := make([]dictKey, 0, len(d))
	for k := range d {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b dictKey) int {
		switch {
		case a.s != b.s:
			return strings.Compare(a.s, b.s)
		case a.n < b.n:
			return -1
		case a.n > b.n:
			return 1
		case a.bb < b.bb:
			return -1
		case a.bb > b.bb:
			return 1
		}
		return 0
	})
	return keys
}
