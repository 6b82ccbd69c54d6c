package query

import "fmt"

// User-defined functions: `function name(a b) { body }` and calls `name(x y)`.
//
// CQL functions are macros (gadycosteff.com/cql-6-1/function.html): a call is
// replaced by the body, in which each formal parameter is renamed to the
// variable given as the corresponding argument, or, when the argument is not
// a variable, to a new variable assigned the argument's value just before the
// body. So a call's value is its body's last filter's value, argument types
// are those of the call (one function serves sets and numbers alike), and a
// function may change a variable passed to it. The parser does the expansion:
// it keeps each body's place in the source and parses it again at every call
// with the parameters renamed, so the checker and the evaluator only ever see
// ordinary filters, and a wrapped filter costs nothing at run time.

// functions holds the user-defined functions seen so far.
type functions struct {
	defs   map[string]*funcDef
	active []string            // functions being expanded, innermost last (recursion is refused)
	rename []map[string]string // parameter renamings of the bodies being parsed, innermost last
	fresh  int                 // counter for the variables that hold non-variable arguments
	// later holds the functions defined anywhere in the query, found by a scan of its
	// tokens before parsing, so that a call may come before the definition: the
	// definition is then parsed at the first call (and skipped where it stands).
	later map[string]lexer
	// parsed maps a definition's offset to the parser state just after it.
	parsed map[int]parserState
}

// parserState is where the parser stands: enough to jump elsewhere and back.
type parserState struct {
	lex     lexer
	tok     token
	prevEnd int
	open    int
	braces  int
}

func (p *parser) state() parserState {
	return parserState{lex: p.lex, tok: p.tok, prevEnd: p.prevEnd, open: p.open, braces: p.braces}
}

func (p *parser) restore(s parserState) {
	p.lex, p.tok, p.prevEnd, p.open, p.braces = s.lex, s.tok, s.prevEnd, s.open, s.braces
}

// scanFunctions records where each `function NAME` of the source starts (the
// lexer just before the keyword). A lexical error stops the scan; the parse
// reports it.
func scanFunctions(src []byte) map[string]lexer {
	var out map[string]lexer
	l := newLexer(src)
	for {
		before := l
		t := l.next()
		if t.kind == tEOF || t.kind == tIllegal {
			return out
		}
		if t.kind != tIdent || t.text != "function" {
			continue
		}
		after := l
		if n := after.next(); n.kind == tIdent && !keywords[n.text] {
			if _, dup := out[n.text]; !dup { // a second definition is reported by the parse
				if out == nil {
					out = map[string]lexer{}
				}
				out[n.text] = before
			}
		}
	}
}

// defineLater parses the definition of a function called before it, where
// it stands in the source, and comes back.
func (p *parser) defineLater(name string) bool {
	l, ok := p.funcs.later[name]
	if !ok {
		return false
	}
	delete(p.funcs.later, name) // once: a definition that fails to register is not retried
	here := p.state()
	strArgs, inLine, inGroup, noColon := p.strArgs, p.inLine, p.inGroup, p.noColon
	p.strArgs, p.inLine, p.inGroup, p.noColon = false, false, false, false
	p.lex = l
	p.next()
	p.open, p.braces = 0, 0
	p.parseFunctionDef()
	p.restore(here)
	p.strArgs, p.inLine, p.inGroup, p.noColon = strArgs, inLine, inGroup, noColon
	_, ok = p.funcs.defs[name]
	return ok
}

type funcDef struct {
	name    string
	params  []string
	pos     Pos
	lex     lexer // the lexer just after the body's '{'
	tok     token // the '{'
	prevEnd int
}

const maxExpansions = 10000 // bounds the work of nested calls (f calls g twice, g calls h twice, ...)

// resolveName applies the innermost function body's parameter renaming.
func (p *parser) resolveName(name string) string {
	if n := len(p.funcs.rename); n > 0 {
		if r, ok := p.funcs.rename[n-1][name]; ok {
			return r
		}
	}
	return name
}

// parseFunctionDef parses `function name(params) { body }`; it is a
// definition, not a filter, so it adds nothing to the sequence.
func (p *parser) parseFunctionDef() {
	pos := p.tok.pos
	if end, done := p.funcs.parsed[pos.Offset]; done {
		open, braces := p.open, p.braces
		p.restore(end) // parsed already, at a call before it
		p.open, p.braces = open, braces
		return
	}
	p.next()
	if p.tok.kind != tIdent || keywords[p.tok.text] {
		p.fail("function name after 'function'")
	}
	def := &funcDef{name: p.tok.text, pos: pos}
	if _, dup := p.funcs.defs[def.name]; dup {
		p.errorf(p.tok.pos, "function '%s' is defined twice", def.name)
	}
	if p.declared[def.name] {
		p.errorf(p.tok.pos, "'%s' is already a variable; a function needs another name", def.name)
	}
	p.next()
	p.expect(tLParen, " after the function name")
	seen := map[string]bool{}
	for p.tok.kind != tRParen {
		if p.tok.kind != tIdent || keywords[p.tok.text] {
			p.fail("parameter name or ')'")
		}
		if seen[p.tok.text] {
			p.errorf(p.tok.pos, "parameter '%s' appears twice", p.tok.text)
		}
		seen[p.tok.text] = true
		def.params = append(def.params, p.tok.text)
		p.next()
	}
	p.next()
	if p.tok.kind != tLBrace {
		p.fail("'{' to start the body of function '" + def.name + "'")
	}
	def.lex, def.tok, def.prevEnd = p.lex, p.tok, p.prevEnd
	// CQL keeps a body as tokens and parses it at each call only, so a body no call reaches
	// is never checked (a script with an unused broken function runs): skip to the body's
	// closing brace here; each call parses it, with the parameters renamed.
	for depth := 0; ; {
		switch p.tok.kind {
		case tLBrace:
			depth++
		case tRBrace:
			depth--
		case tEOF:
			p.fail("'}' to close the body of function '" + def.name + "'")
		}
		p.next()
		if depth == 0 {
			break
		}
	}
	if p.funcs.defs == nil {
		p.funcs.defs = map[string]*funcDef{}
	}
	p.funcs.defs[def.name] = def
	if p.funcs.parsed == nil {
		p.funcs.parsed = map[int]parserState{}
	}
	p.funcs.parsed[pos.Offset] = p.state()
}

// isCall reports whether the identifier w at the current token starts a
// function call.
func (p *parser) isCall(w string) bool {
	if p.peek().kind != tLParen {
		return false
	}
	if _, ok := p.funcs.defs[w]; ok {
		return true
	}
	if _, ok := p.funcs.later[w]; ok && !p.declared[w] {
		return true // defined further on
	}
	return false
}

// parseCall parses `name(args)` and returns the expanded body.
func (p *parser) parseCall() Node {
	pos := p.tok.pos
	name := p.tok.text
	p.next()
	p.next() // (
	var args []Node
	for p.tok.kind != tRParen {
		if p.tok.kind == tEOF {
			p.fail("')' to close the arguments of '" + name + "'")
		}
		args = append(args, p.parseFilter())
	}
	p.next()
	def, ok := p.funcs.defs[name]
	if !ok && p.defineLater(name) {
		def, ok = p.funcs.defs[name]
	}
	if !ok { // only while checking a definition's syntax: a function defined later
		return &Block{At: At{pos}, Filters: args}
	}
	if len(args) != len(def.params) {
		p.errorf(pos, "function '%s' takes %d arguments (%s:%d:%d), found %d", name, len(def.params), "defined at", def.pos.Line, def.pos.Col, len(args))
	}
	for _, a := range p.funcs.active {
		if a == name {
			p.errorf(pos, "function '%s' calls itself; CQL functions are expanded in place, so they cannot be recursive", name)
		}
	}
	p.funcs.fresh++
	if p.funcs.fresh > maxExpansions {
		p.errorf(pos, "too many function calls to expand (more than %d)", maxExpansions)
	}
	rename := map[string]string{}
	var prologue []Node
	for i, param := range def.params {
		if v, ok := args[i].(*Var); ok {
			rename[param] = v.Name // the body works on the caller's variable
			continue
		}
		fresh := fmt.Sprintf("%s(%s)#%d", name, param, p.funcs.fresh)
		rename[param] = fresh
		p.declared[fresh] = true
		prologue = append(prologue, &Assign{At: At{args[i].Pos()}, Op: OpAssign, Name: fresh, Value: args[i]})
	}
	// Parse the body where it was written, then come back.
	lex, tok, prevEnd, strArgs, inLine, inGroup := p.lex, p.tok, p.prevEnd, p.strArgs, p.inLine, p.inGroup
	p.lex, p.tok, p.prevEnd, p.strArgs = def.lex, def.tok, def.prevEnd, false
	p.funcs.rename = append(p.funcs.rename, rename)
	p.funcs.active = append(p.funcs.active, name)
	body := p.parseBlock()
	p.funcs.active = p.funcs.active[:len(p.funcs.active)-1]
	p.funcs.rename = p.funcs.rename[:len(p.funcs.rename)-1]
	p.lex, p.tok, p.prevEnd, p.strArgs, p.inLine, p.inGroup = lex, tok, prevEnd, strArgs, inLine, inGroup
	if len(prologue) == 0 {
		body.At = At{pos}
		return body
	}
	return &Block{At: At{pos}, Filters: append(prologue, body)}
}
