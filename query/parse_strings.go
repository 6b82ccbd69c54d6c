package query

import (
	"regexp"
	"regexp/syntax"
)

// Parsing of string filters, conversions and state filters (see ast_strings.go).

// notString reports whether a node just parsed is sure not to be a string:
// its type is known and another, or it is a set operation (types of
// operators and parentheses are known only after the checker).
func notString(x Node) bool {
	if t := x.Type(); t != TypeNone {
		return t != TypeString
	}
	if setAtParse(x) {
		return true
	}
	switch n := x.(type) {
	case *Binary:
		switch n.Op {
		case OpUnion, OpInter, OpAttacks, OpAttackedBy, OpIn:
			return true
		}
	case *Block:
		if len(n.Filters) == 1 {
			return notString(n.Filters[0])
		}
	}
	return false
}

// parsePostfix parses what may follow a primary: `~~ "regex"` and, written
// directly after it, `[i]` or `[i:j]`. Both bind tighter than any operator.
func (p *parser) parsePostfix(x Node) Node {
	for {
		switch {
		case p.tok.kind == tMatch:
			if notString(x) {
				// CQL reads ~~ only after a string (match_attack_x), so in
				// `typename e4 ~~ "P"` it follows typename e4, not e4.
				return x
			}
			pos := p.tok.pos
			p.next()
			if p.tok.kind != tString {
				// CQLi 1.0.7: the pattern may be any string filter (CQL 9.493
				// wants a quoted string, so no CQL script reads otherwise).
				switch p.tok.kind {
				case tIdent, tLParen, tCapture:
				default:
					p.fail("a regular expression after '~~' (a quoted string, or a string filter)")
				}
				x = &Match{At: At{pos}, X: x, PatternX: p.parsePrimary()}
				continue
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
			saveColon, saveOpen := p.noColon, p.noColonOpen
			p.noColon, p.noColonOpen = true, p.open
			if p.tok.kind != tColon {
				ix.I = p.parseFilter()
			}
			p.noColon, p.noColonOpen = saveColon, saveOpen
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
			if _, isVar := ix.X.(*Var); isVar && p.tok.kind == tAssign {
				// x[i] = "z": CQL's substring assignment (match_attack_x)
				p.next()
				return &IndexAssign{At: At{pos}, Target: ix, Value: p.parseAssignValue()}
			}
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
		return []Node{p.parseFilter()}
	}
	open := p.tok.pos
	p.next()
	var args []Node
	for p.tok.kind != tRParen {
		if p.tok.kind == tEOF {
			p.fail("')' to close the argument list")
		}
		args = append(args, p.parseFilter())
	}
	if len(args) == 0 {
		// CQL 9.493 refuses comment(), message(), str() and a bare ///.
		p.errorf(open, "empty list of items: comment, message, str and /// need at least one")
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
	case "removecomment", "lastgamenumber":
		p.next()
	case "originalcomment", "eventdate", "hascomment":
		// A quoted string after them is an implicit search (CQL's
		// match_tagbuiltinnode and match_hascommentnode), except that after
		// hascomment or originalcomment a NAG ("!", "?!", "$12") asks for that NAG.
		p.next()
		if w == "hascomment" {
			b.Name = "originalcomment" // the same filter in CQL 9.493 (HasCommentNode)
		}
		if p.tok.kind == tString && p.tok.text != "" && !p.strArgs {
			if w != "eventdate" {
				if p.tok.text == "$0" {
					p.errorf(p.tok.pos, "%s cannot search for the NAG $0", w)
				}
				if nag := nagOf(p.tok.text); nag > 255 {
					p.errorf(p.tok.pos, "%s cannot search for a NAG above 255: %s", w, p.tok.text)
				} else if nag > 0 {
					b.Name = "hasnag"
					b.Args = []Node{&NumberLit{At: At{p.tok.pos}, Value: nag}}
					p.next()
					return b, true
				}
			}
			return p.implicitSearch(b), true
		}
	case "hhdb":
		return p.parseHHdb(pos), true
	case "unbind":
		p.next()
		vpos := p.tok.pos
		name := p.parseVarName(w)
		b.Args = []Node{p.parsePostfix(&Var{At: At{vpos}, Name: name})}
	case "isbound", "isunbound":
		// CQL's match_isboundnode: a variable name or a quoted one; isunbound
		// is not isbound.
		p.next()
		b.Name = "isbound"
		b.Args = []Node{p.parseBoundName(w)}
		if w == "isunbound" {
			return &Unary{At: At{pos}, Op: OpNot, X: b}, true
		}
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
		v := p.parseAssignValue()
		if p.isKw("and") || p.isKw("or") {
			// CQL's match_dictionaryretrieveorassign reads the value with
			// match_node, which takes and/or in: the value is then logical,
			// which it refuses (dictionary-parse.cpp).
			p.errorf(p.tok.pos, "'%s' after a dictionary entry's value: CQL reads `%s[key] = value %s ...` as one logical value and refuses it; enclose the assignment in braces", p.tok.text, name, p.tok.text)
		}
		return &DictAssign{At: At{pos}, Op: op, Name: name, Key: key, Value: v}
	}
	return &Index{At: At{pos}, X: &Var{At: At{pos}, Name: name}, I: key}
}

// parseBoundName parses the name after isbound or isunbound: an identifier
// or a non-empty quoted string (`isbound "x"` is `isbound x`). CQL's
// IsBoundNode names a whole variable, so a key after it is refused: an entry
// is tested by D[key] alone, true when it exists.
func (p *parser) parseBoundName(after string) Node {
	pos := p.tok.pos
	var name string
	if p.tok.kind == tString && p.tok.text != "" {
		name = p.tok.text
		p.next()
	} else {
		name = p.parseVarName(after)
	}
	if p.tok.kind == tLBracket {
		p.errorf(p.tok.pos, "%s takes a variable name, not a dictionary entry (CQL has no '%s D[key]'); write D[key], which is true when the entry exists, or not D[key]", after, after)
	}
	return &Var{At: At{pos}, Name: name}
}

// nagOf is the NAG a string after hascomment names (CQL's
// HasCommentNode::nag_from_string): the usual glyphs or $N; 0 for none.
func nagOf(s string) int {
	switch s {
	case "":
		return 0
	case "!":
		return 1
	case "?":
		return 2
	case "!!":
		return 3
	case "??":
		return 4
	case "!?":
		return 5
	case "?!":
		return 6
	case "=":
		return 10
	case "+/=":
		return 14
	case "=/+":
		return 15
	case "+/-":
		return 16
	case "-/+":
		return 17
	case "+-":
		return 18
	case "-+":
		return 19
	}
	if len(s) < 2 || s[0] != '$' {
		return 0
	}
	n := 0
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return 0
		}
		if n = n*10 + int(c-'0'); n > 1000 {
			return n
		}
	}
	return n
}
