package query

// Type checking of the nodes in ast_strings.go.

// str checks n and requires a string value.
func (c *checker) str(n Node, what string) Node {
	n = c.check(n)
	if n.Type() != TypeString {
		c.errorf(n.Pos(), "%s must be a string filter, found a %s", what, describe(n))
	}
	return n
}

// checkStrings checks the string and state nodes; ok is false for other nodes.
func (c *checker) checkStrings(n Node) (Node, bool) {
	switch n := n.(type) {
	case *Match:
		n.X = c.str(n.X, "the left side of ~~")
		if n.PatternX != nil {
			n.PatternX = c.str(n.PatternX, "the pattern of ~~")
		}
	case *Capture:
	case *Index:
		c.index(n)
	case *Dictionary:
		sym := c.globals[n.Name]
		if sym == nil {
			sym = c.newSymbol(n.Name, VarDictionary, n.Pos())
			sym.Persistent, sym.Quiet = !n.Local, true
			c.globals[n.Name] = sym
		} else if sym.Kind != VarDictionary {
			c.errorf(n.Pos(), "'%s' is a %s variable (declared at %d:%d), not a dictionary", n.Name, sym.Kind, sym.Decl.Line, sym.Decl.Col)
		}
		n.Sym = sym
	case *DictAssign:
		c.dictAssign(n)
	case *IndexAssign:
		c.index(n.Target)
		if v := n.Target.X.(*Var); v.Sym == nil || v.Sym.Kind != VarString {
			c.errorf(n.Pos(), "x[...] = value needs a string variable x, found '%s'", v.Name)
		}
		n.Value = c.str(n.Value, "the value assigned to a substring")
	case *Builtin:
		c.builtin(n)
	case *Persistent:
		a := n.Assign
		if c.globals[a.Name] == nil && a.Op != OpAssign && !c.iterationVar(a.Name) {
			// persistent x += 1 declares x, a number starting at 0;
			// persistent x += "a" a string starting empty.
			a.Value = c.check(a.Value)
			kind := VarNumber
			if a.Op == OpAddAssign && a.Value.Type() == TypeString {
				kind = VarString
			} else {
				a.Value = c.toNumber(a.Value, "the right side of "+a.Op.String())
			}
			sym := c.newSymbol(a.Name, kind, a.Pos())
			sym.Persistent = true
			c.globals[a.Name] = sym
			a.Sym, a.Decl = sym, true
			sym.Quiet = n.Quiet
			break
		}
		c.assign(n.Assign)
		sym := n.Assign.Sym
		if sym != nil {
			if !n.Assign.Decl && !sym.Persistent {
				c.errorf(n.Pos(), "'%s' is used before it is declared persistent (declared at %d:%d); CQL needs the persistent declaration first", sym.Name, sym.Decl.Line, sym.Decl.Col)
			}
			if sym.Kind == VarPiece || sym.Kind == VarPosition {
				c.errorf(n.Pos(), "a persistent variable holds a number, a string or a set, not a %s", sym.Kind)
			}
			sym.Persistent = true
			sym.Quiet = sym.Quiet || n.Quiet
		}
	default:
		return nil, false
	}
	return n, true
}

// dictionary returns the dictionary symbol x names, or nil.
func (c *checker) dictionary(x Node) *Symbol {
	if v, ok := x.(*Var); ok {
		if sym := c.lookup(v.Name); sym != nil && sym.Kind == VarDictionary {
			v.Sym = sym
			return sym
		}
	}
	return nil
}

// dictKey checks a dictionary key against (or fixes) the dictionary's key type.
func (c *checker) dictKey(sym *Symbol, key Node) Node {
	key = c.check(key)
	t := key.Type()
	switch {
	case t == TypePosition && sym.Persistent:
		// CQL's match_dictionaryretrieveorassign: a position lives in one game only.
		c.errorf(key.Pos(), "a position key needs a local dictionary ('local dictionary %s'): '%s' keeps its entries from game to game", sym.Name, sym.Name)
	case t != TypeString && t != TypeNumber && t != TypeSet && t != TypePosition:
		c.errorf(key.Pos(), "a dictionary key must be a string, a number, a set or (in a local dictionary) a position, found a %s", describe(key))
	case sym.KeyType == TypeNone:
		sym.KeyType = t
	case sym.KeyType != t:
		c.errorf(key.Pos(), "dictionary '%s' has %s keys; found a %s", sym.Name, sym.KeyType, describe(key))
	}
	return key
}

func (c *checker) dictAssign(n *DictAssign) {
	sym := c.dictionary(&Var{At: n.At, Name: n.Name})
	if sym == nil {
		c.errorf(n.Pos(), "'%s' is not a dictionary", n.Name)
		return
	}
	n.Sym = sym
	n.Key = c.dictKey(sym, n.Key)
	n.Value = c.check(n.Value)
	t := n.Value.Type()
	switch {
	case t == TypePosition && sym.Persistent:
		c.errorf(n.Value.Pos(), "a position value needs a local dictionary ('local dictionary %s'): '%s' keeps its entries from game to game", sym.Name, sym.Name)
	case t != TypeString && t != TypeNumber && t != TypeSet && t != TypePosition:
		c.errorf(n.Value.Pos(), "a dictionary value must be a string, a number, a set or (in a local dictionary) a position, found a %s", describe(n.Value))
	case sym.ValueType == TypeNone:
		sym.ValueType = t
	case sym.ValueType != t:
		c.errorf(n.Value.Pos(), "dictionary '%s' holds %s values; found a %s", sym.Name, sym.ValueType, describe(n.Value))
	}
	if n.Op != OpAssign && n.Op != OpInvalid && (sym.ValueType != TypeNumber || t != TypeNumber) {
		c.errorf(n.Pos(), "%s needs a dictionary of numbers and a number", n.Op)
	}
}

func (c *checker) index(n *Index) {
	if sym := c.dictionary(n.X); sym != nil {
		if n.Slice || n.I == nil {
			c.errorf(n.Pos(), "a dictionary entry takes one key: %s[key]", sym.Name)
			return
		}
		n.I = c.dictKey(sym, n.I)
		// Read before any entry is assigned (CQL accepts `dictionary X X[1]`,
		// as chessql's tables record), the value type is unknown: the entry is
		// then a logical filter, true when it exists.
		n.T = sym.ValueType
		return
	}
	n.X = c.str(n.X, "the filter before '['")
	n.T = TypeString
	if n.I != nil {
		n.I = c.number(n.I, "a string index")
	}
	if n.J != nil {
		n.J = c.number(n.J, "a string index")
	}
}

func (c *checker) builtin(n *Builtin) {
	arg := func(i int) Node { return n.Args[i] }
	switch n.Name {
	case "imagine":
		c.checkImagine(n)
	case "currentmutation":
		n.T = TypeString
	case "removetag":
		c.checkRemoveTag(n)
	case "variant":
		n.T = TypeString
	case "variantend":
		n.T = TypeNone
	case "lowercase", "uppercase":
		n.Args[0] = c.str(arg(0), "the argument of "+n.Name)
		n.T = TypeString
	case "ascii":
		// ascii "A" is 65; ascii 65 is "A".
		n.Args[0] = c.check(arg(0))
		switch n.Args[0].Type() {
		case TypeString:
			n.T = TypeNumber
		case TypeNumber:
			n.T = TypeString
		default:
			c.errorf(arg(0).Pos(), "the argument of ascii must be a string or a number, found a %s", describe(arg(0)))
			n.T = TypeNumber
		}
	case "int":
		n.Args[0] = c.str(arg(0), "the argument of int")
		n.T = TypeNumber
	case "str":
		for i, a := range n.Args {
			n.Args[i] = c.check(a)
		}
		n.T = TypeString
	case "indexof":
		n.Args[0] = c.str(arg(0), "the first argument of indexof")
		n.Args[1] = c.str(arg(1), "the second argument of indexof")
		n.T = TypeNumber
	case "readfile":
		n.Args[0] = c.str(arg(0), "the file name of readfile")
		n.T = TypeString
	case "writefile":
		n.Args[0] = c.str(arg(0), "the file name of writefile")
		n.Args[1] = c.str(arg(1), "the text of writefile")
		n.T = TypeNone
	case "settag":
		n.Args[0] = c.str(arg(0), "the tag name of settag")
		n.Args[1] = c.str(arg(1), "the tag value of settag")
		n.T = TypeNone
	case "assert":
		n.Args[0] = c.check(arg(0))
		n.T = TypeNone
	case "originalcomment", "eventdate":
		n.T = TypeString
	case "hhdb":
		n.T = hhdbType(n.Args[0].(*StringLit).Value)
	case "lastgamenumber":
		n.T = TypeNumber
	case "removecomment", "hasnag":
		n.T = TypeNone
	case "isbound", "unbind":
		if ix, ok := arg(0).(*Index); ok {
			if sym := c.dictionary(ix.X); sym != nil && !ix.Slice && ix.I != nil {
				if sym.KeyType == TypeNone {
					// CQL 9.493 takes the key type from an earlier D[key]; with none it refuses.
					c.errorf(ix.I.Pos(), "unbind %s[key] before any use of %s[key]: the dictionary's key type is not known yet", sym.Name, sym.Name)
				}
				ix.I = c.dictKey(sym, ix.I)
				ix.T = sym.ValueType
				n.Sym = sym
				n.T = TypeNone
				break
			}
		}
		v, ok := arg(0).(*Var)
		if !ok {
			c.errorf(arg(0).Pos(), "%s needs a variable name", n.Name)
			break
		}
		n.Sym = c.lookup(v.Name)
		v.Sym = n.Sym
		n.T = TypeNone
		if n.Sym == nil && n.Name == "isbound" {
			// CQL binds the name after the whole query is read: a
			// variable assigned later counts, one never assigned is unbound.
			c.laterBound = append(c.laterBound, n)
			break
		}
		if n.Sym == nil {
			c.errorf(v.Pos(), "%s: '%s' is not a variable assigned earlier", n.Name, v.Name)
		}
	default:
		c.errorf(n.Pos(), "'%s' is not supported yet", n.Name)
	}
}

// stringMinMax checks the arguments of max(...) / min(...); when they are all
// strings it returns the Builtin "max" / "min" of strings (the largest or
// smallest, bytewise), else nil and the arguments are checked.
func (c *checker) stringMinMax(n *MinMax) Node {
	strs := true
	for i, a := range n.Args {
		n.Args[i] = c.check(a)
		strs = strs && n.Args[i].Type() == TypeString
	}
	if !strs {
		return nil
	}
	return &Builtin{At: n.At, Name: n.Op.String(), Args: n.Args, T: TypeString}
}

// dictIter checks `K ∊ D body`: K takes the type of D's keys, known from an
// assignment to D earlier in the query.
func (c *checker) dictIter(n *DictIter) {
	sym := c.dictionary(&Var{At: n.At, Name: n.Dict})
	if sym == nil {
		c.errorf(n.Pos(), "'%s' is not a dictionary", n.Dict)
		return
	}
	n.DictSym = sym
	kind := VarSet
	switch sym.KeyType {
	case TypeString:
		kind = VarString
	case TypeNumber:
		kind = VarNumber
	case TypePosition:
		kind = VarPosition
	case TypeNone:
		c.errorf(n.Pos(), "the keys of dictionary '%s' are iterated before any entry is assigned, so their type is unknown", n.Dict)
	}
	n.Var = c.newSymbol(n.Name, kind, n.Pos())
	c.scope = append(c.scope, n.Var)
	n.Body = c.check(n.Body)
	c.scope = c.scope[:len(c.scope)-1]
}
