package query

import (
	"regexp"
	"regexp/syntax"
)

// Parsing of string filters, conversions and state filters (see ast_strings.go).

// parsePostfix parses what may follow a primary: `~~ "regex"` and, written
// directly after it, `[i]` or `[i:j]`. Both bind tighter than any operator.
func (p *parser) parsePostfix(x Node) Node {
	for {
		switch {
		case p.tok.kind == tMatch:
			pos := p.tok.pos
			p.next()
			if p.tok.kind != tString {
				p.fail("a quoted regular expression after '~~'")
			}
			re, err := regexp.Compile(p.tok.text)
			if err != nil {
				p.errorf(p.tok.pos, "invalid regular expression %s: %v", p.tok.raw, regexpReason(err))
			}
			x = &Match{At: At{pos}, X: x, Pattern: p.tok.text, Re: re}
			p.next()
		case p.tok.kind == tLBracket && p.tok.pos.Offset == p.prevEnd:
			pos := p.tok.pos
			p.next()
			ix := &Index{At: At{pos}, X: x}
			saveColon := p.noColon
			p.noColon = true
			if p.tok.kind != tColon {
				ix.I = p.parseFilter()
			}
			p.noColon = saveColon
			if p.tok.kind == tColon {
				ix.Slice = true
				p.next()
				if p.tok.kind != tRBracket {
					ix.J = p.parseFilter()
				}
			}
			if ix.I == nil && !ix.Slice {
				p.fail("an index after '['")
			}
			p.expect(tRBracket, " to close '['")
			x = ix
		default:
			return x
		}
	}
}

// regexpReason shortens Go's regexp error to its reason.
func regexpReason(err error) string {
	if e, ok := err.(*syntax.Error); ok {
		return string(e.Code) + " " + e.Expr
	}
	return err.Error()
}

// parseStrArgs parses the arguments of str, comment and message: a list in
// parentheses or a single argument. A quoted string after a filter that takes
// an implicit search string (player white "x") is the next argument here.
func (p *parser) parseStrArgs() []Node {
	save := p.strArgs
	p.strArgs = true
	defer func() { p.strArgs = save }()
	if p.tok.kind != tLParen {
		return []Node{p.parseArg()}
	}
	p.next()
	var args []Node
	for p.tok.kind != tRParen {
		if p.tok.kind == tEOF {
			p.fail("')' to close the argument list")
		}
		args = append(args, p.parseFilter())
	}
	p.next()
	return args
}

// parseParenArgs parses `( a b ... )` with exactly n arguments.
func (p *parser) parseParenArgs(w string, n int) []Node {
	p.expect(tLParen, " after '"+w+"'")
	var args []Node
	for p.tok.kind != tRParen {
		if p.tok.kind == tEOF {
			p.fail("')' to close the arguments of '" + w + "'")
		}
		args = append(args, p.parseFilter())
	}
	if len(args) != n {
		p.errorf(p.tok.pos, "%s takes %d arguments, found %d", w, n, len(args))
	}
	p.next()
	return args
}

// parseStringWord parses the filters of ast_strings.go; ok is false when w
// is none of them.
func (p *parser) parseStringWord(w string, pos Pos) (Node, bool) {
	b := &Builtin{At: At{pos}, Name: w}
	switch w {
	case "lowercase", "uppercase":
		p.next()
		b.Args = []Node{p.parseMul()}
	case "ascii", "int":
		p.next()
		b.Args = []Node{p.parseAdd()}
	case "str":
		p.next()
		b.Args = p.parseStrArgs()
	case "indexof", "writefile", "settag":
		p.next()
		b.Args = p.parseParenArgs(w, 2)
	case "readfile":
		p.next()
		b.Args = []Node{p.parseArg()}
	case "assert":
		p.next()
		b.Args = []Node{p.parseFilter()}
	case "removecomment", "originalcomment", "eventdate", "lastgamenumber", "hascomment":
		p.next()
	case "hhdb":
		return p.parseHHdb(pos), true
	case "isbound", "unbind":
		p.next()
		vpos := p.tok.pos
		name := p.parseVarName(w)
		b.Args = []Node{p.parsePostfix(&Var{At: At{vpos}, Name: name})}
	case "isunbound":
		// CQL 6.2: not isbound x. It names a whole variable (a dictionary
		// entry is refused, as CQL does), so no key bracket is taken.
		p.next()
		vpos := p.tok.pos
		name := p.parseVarName(w)
		b.Name = "isbound"
		b.Args = []Node{&Var{At: At{vpos}, Name: name}}
		return &Unary{At: At{pos}, Op: OpNot, X: b}, true
	case "dictionary", "local":
		p.next()
		d := &Dictionary{At: At{pos}, Local: w == "local"}
		if d.Local {
			if !p.isKw("dictionary") {
				p.fail("'dictionary' after 'local'")
			}
			p.next()
		}
		d.Name = p.parseVarName("dictionary")
		p.declared[d.Name] = true
		p.dicts[d.Name] = true
		if p.tok.kind == tLBracket {
			// dictionary D["a"] = "b": the declaration and a first entry
			return &Block{At: At{pos}, Filters: []Node{d, p.parseDictEntry(d.Name, p.tok.pos)}}, true
		}
		return d, true
	case "atomic":
		p.next()
		namePos := p.tok.pos
		name := p.parseVarName("atomic")
		if p.tok.kind != tAssign {
			p.fail("'=' after 'atomic " + name + "' (atomic X = 4)")
		}
		p.next()
		p.declared[name] = true
		return &Assign{At: At{namePos}, Op: OpAssign, Name: name, Value: p.parseAssignValue(), Atomic: true}, true
	case "persistent":
		p.next()
		ps := &Persistent{At: At{pos}}
		if p.isKw("quiet") {
			ps.Quiet = true
			p.next()
		}
		namePos := p.tok.pos
		name := p.parseVarName("persistent")
		op, ok := assignOps[p.tok.kind]
		if !ok || op == OpCondAssign {
			p.fail("an assignment (persistent x = 0, persistent x += 1)")
		}
		p.next()
		p.declared[name] = true
		ps.Assign = &Assign{At: At{namePos}, Op: op, Name: name, Value: p.parseAssignValue()}
		return ps, true
	default:
		return nil, false
	}
	return b, true
}

// parseDictEntry parses `[K] = V` (an assignment) or `[K]` (a lookup) after
// the dictionary name, at the '['.
func (p *parser) parseDictEntry(name string, pos Pos) Node {
	p.next()
	key := p.parseFilter()
	p.expect(tRBracket, " to close '['")
	if op, ok := assignOps[p.tok.kind]; ok && op != OpCondAssign {
		p.next()
		return &DictAssign{At: At{pos}, Op: op, Name: name, Key: key, Value: p.parseAssignValue()}
	}
	return &Index{At: At{pos}, X: &Var{At: At{pos}, Name: name}, I: key}
}
