package pattern

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The abstract syntax of a pattern. Identifiers are resolved while parsing, so the tree holds
// steps, checks and operators only.
type astKind uint8

const (
	aEmpty astKind = iota // matches without moving: (p)0
	aStep                 // one step
	aCheck                // a zero-width check
	aSeq                  // concatenation
	aAlt                  // alternation
	aRep                  // repetition min..max (max < 0: unbounded)
)

type checkKind uint8

const (
	ckEmpty checkKind = iota
	ckFriend
	ckFoe
	ckThis
	ckType
)

// lit is one check, maybe negated.
type lit struct {
	kind checkKind
	typ  int // index into the scope's types for ckType
	neg  bool
}

type ast struct {
	kind     astKind
	step     Step
	lit      lit
	kids     []*ast
	min, max int
}

// Limits that keep every pattern cheap to compile and evaluate.
const (
	maxCount  = 1000    // (p)n: n at most this
	maxStates = 1 << 16 // automaton states after repetitions are expanded
	maxDepth  = 200     // nesting of parentheses and macros
)

var keywords = map[string]checkKind{"empty": ckEmpty, "friend": ckFriend, "foe": ckFoe, "this": ckThis}

func isKeyword(s string) bool { _, ok := keywords[s]; return ok }

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// Scope is what a pattern's names refer to: the geometry's directions and square types, the piece
// types, and named patterns (macros). The index of a type name in Types is its index in Env.Types.
type Scope struct {
	g       *Geometry
	types   []string
	letters bool // every single letter A-Z (any case) names a piece type, index letter-'A'
	macros  map[string]macroDef
	parsed  map[string]*ast
	busy    map[string]bool
}

// NewScope returns a scope with the geometry's directions and its square types as type names.
func NewScope(g *Geometry) *Scope {
	sc := &Scope{g: g, macros: map[string]macroDef{}, parsed: map[string]*ast{}, busy: map[string]bool{}}
	for _, t := range g.typeName {
		sc.AddType(t)
	}
	return sc
}

// NewLetterScope returns the scope of a plain board: the 26 piece types are the letters A to Z,
// written in a pattern in either case (n e s w are the directions, so N E S W must be upper case).
// Env.Types[i] is the squares holding a piece of letter 'A'+i. The geometry's square types are
// not names in this scope.
func NewLetterScope(g *Geometry) *Scope {
	sc := &Scope{g: g, letters: true, macros: map[string]macroDef{}, parsed: map[string]*ast{}, busy: map[string]bool{}}
	for c := 'A'; c <= 'Z'; c++ {
		sc.types = append(sc.types, string(c))
	}
	return sc
}

// Geometry is the board the scope's patterns are compiled for.
func (sc *Scope) Geometry() *Geometry { return sc.g }

// Types lists the type names; Env.Types is indexed the same way.
func (sc *Scope) Types() []string { return append([]string(nil), sc.types...) }

// AddType adds a type name (a piece type or square type) and returns its index; a name already
// there keeps its index.
func (sc *Scope) AddType(name string) int {
	for i, t := range sc.types {
		if t == name {
			return i
		}
	}
	sc.types = append(sc.types, name)
	return len(sc.types) - 1
}

// TypeIndex is the index of a type name: exact first, then ignoring case.
func (sc *Scope) TypeIndex(name string) (int, bool) {
	if sc.letters {
		if len(name) == 1 && (name[0]|0x20) >= 'a' && (name[0]|0x20) <= 'z' {
			return int(name[0]|0x20) - 'a', true
		}
		return -1, false
	}
	for i, t := range sc.types {
		if t == name {
			return i, true
		}
	}
	for i, t := range sc.types {
		if strings.EqualFold(t, name) {
			return i, true
		}
	}
	return -1, false
}

// Define names a pattern (a macro) that other patterns may use by name. The source may be written
// with or without its slashes. It is parsed when first used.
func (sc *Scope) Define(name, src string) error {
	if !isIdent(name) {
		return fmt.Errorf("pattern name %q is not a name", name)
	}
	if isKeyword(name) {
		return fmt.Errorf("pattern name %q is a keyword", name)
	}
	if _, ok := sc.g.Direction(name); ok {
		return fmt.Errorf("pattern name %q is a direction", name)
	}
	if _, ok := sc.macros[name]; ok {
		return fmt.Errorf("pattern %q is defined twice", name)
	}
	if i, ok := sc.TypeIndex(name); ok && strings.EqualFold(sc.types[i], name) {
		return fmt.Errorf("pattern name %q is a piece or square type", name)
	}
	sc.macros[name] = macroDef{what: "pattern " + name, text: src, start: 0, end: len(src)}
	return nil
}

// defineAt names a pattern whose source is text[start:end] (a board description), so that its
// errors point into that text.
func (sc *Scope) defineAt(name, what, text string, start, end int) error {
	if err := sc.Define(name, ""); err != nil {
		return err
	}
	sc.macros[name] = macroDef{what: what, text: text, start: start, end: end}
	return nil
}

// Macro returns the source of a named pattern.
func (sc *Scope) Macro(name string) (string, bool) {
	m, ok := sc.macros[name]
	return m.text[m.start:m.end], ok
}

type macroDef struct {
	what       string
	text       string
	start, end int
}

// parser is a recursive-descent parser over one pattern text.
type parser struct {
	sc    *Scope
	what  string
	src   string
	pos   int // offset of the current token
	after int // offset after the current token
	end   int // offset after the pattern's body
	tok   byte
	val   string // identifier or number text
	depth int
}

const (
	tEOF   = 0
	tIdent = 'a'
	tNum   = '0'
)

func (p *parser) errf(off int, format string, args ...any) error {
	return &SyntaxError{What: p.what, Text: p.src, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// next reads the next token.
func (p *parser) next() error {
	i := p.after
	for i < p.end && (p.src[i] == ' ' || p.src[i] == '\t' || p.src[i] == '\n' || p.src[i] == '\r') {
		i++
	}
	p.pos = i
	p.val = ""
	if i >= p.end {
		p.tok, p.after = tEOF, i
		return nil
	}
	c := p.src[i]
	switch {
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		j := i + 1
		for j < p.end && (p.src[j] == '_' || p.src[j] >= 'a' && p.src[j] <= 'z' || p.src[j] >= 'A' && p.src[j] <= 'Z' || p.src[j] >= '0' && p.src[j] <= '9') {
			j++
		}
		p.tok, p.val = tIdent, p.src[i:j]
	case c >= '0' && c <= '9':
		j := i + 1
		for j < p.end && p.src[j] >= '0' && p.src[j] <= '9' {
			j++
		}
		p.tok, p.val = tNum, p.src[i:j]
	case strings.IndexByte("()|*+?!", c) >= 0:
		p.tok = c
	case c == '/':
		return p.errf(i, "unexpected '/': a pattern is written between two slashes, /n e empty/")
	default:
		r, _ := utf8.DecodeRuneInString(p.src[i:])
		return p.errf(i, "unexpected character %q", r)
	}
	p.after = i + 1
	if p.tok == tIdent || p.tok == tNum {
		p.after = i + len(p.val)
	}
	return nil
}

// parse reads a whole pattern text. The text may be wrapped in slashes (/n e empty/) or not.
func (sc *Scope) parse(what, src string, depth int) (*ast, error) {
	return sc.parseRange(what, src, 0, len(src), depth)
}

// parseRange reads the pattern in text[start:end]; errors point into the whole text.
func (sc *Scope) parseRange(what, text string, start, end, depth int) (*ast, error) {
	p := &parser{sc: sc, what: what, src: text, end: end, depth: depth}
	for start < end && isSpace(text[start]) {
		start++
	}
	for end > start && isSpace(text[end-1]) {
		end--
	}
	if start < end && text[start] == '/' {
		if end-start < 2 || text[end-1] != '/' {
			return nil, p.errf(end, "missing closing '/'")
		}
		start, end = start+1, end-1
	}
	p.end = end
	p.after = start
	if err := p.next(); err != nil {
		return nil, err
	}
	if p.tok == tEOF {
		return nil, p.errf(p.pos, "empty pattern")
	}
	n, err := p.sequence()
	if err != nil {
		return nil, err
	}
	if p.tok == ')' {
		return nil, p.errf(p.pos, "unmatched ')'")
	}
	if p.tok != tEOF {
		return nil, p.errf(p.pos, "unexpected %s", p.describe())
	}
	return n, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (p *parser) describe() string {
	switch p.tok {
	case tEOF:
		return "end of pattern"
	case tIdent:
		return strconv.Quote(p.val)
	case tNum:
		return "number " + p.val
	}
	return "'" + string(p.tok) + "'"
}

// sequence = expr { expr }, up to ')' or the end.
func (p *parser) sequence() (*ast, error) {
	var items []*ast
	for p.tok != tEOF && p.tok != ')' {
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		items = append(items, e)
	}
	if len(items) == 1 {
		return items[0], nil
	}
	return &ast{kind: aSeq, kids: items}, nil
}

// expr = factor { "|" factor }: alternation binds tighter than concatenation, but a run of bare
// directions (n n e) is one factor, a path, so that (n n e | n n w) is a choice of two paths.
func (p *parser) expr() (*ast, error) {
	u, err := p.factor()
	if err != nil {
		return nil, err
	}
	if p.tok != '|' {
		return u, nil
	}
	alts := []*ast{u}
	for p.tok == '|' {
		bar := p.pos
		if err := p.next(); err != nil {
			return nil, err
		}
		if p.tok == tEOF || p.tok == ')' || p.tok == '|' || p.tok == '*' || p.tok == '+' || p.tok == '?' {
			return nil, p.errf(bar, "'|' needs a pattern on both sides")
		}
		u, err := p.factor()
		if err != nil {
			return nil, err
		}
		alts = append(alts, u)
	}
	return &ast{kind: aAlt, kids: alts}, nil
}

// factor = path | unary, where path is one or more directions none of which carries a
// repetition operator: n n e is a path, n n* is the path n then n*.
func (p *parser) factor() (*ast, error) {
	var steps []*ast
	for p.tok == tIdent && !p.postfixNext() {
		st, ok := p.sc.g.Direction(p.val)
		if !ok {
			break
		}
		steps = append(steps, &ast{kind: aStep, step: st})
		if err := p.next(); err != nil {
			return nil, err
		}
	}
	switch len(steps) {
	case 0:
		return p.unary()
	case 1:
		return steps[0], nil
	}
	return &ast{kind: aSeq, kids: steps}, nil
}

// postfixNext reports whether the token after the current one is * + or ?.
func (p *parser) postfixNext() bool {
	i := p.after
	for i < p.end && isSpace(p.src[i]) {
		i++
	}
	return i < p.end && (p.src[i] == '*' || p.src[i] == '+' || p.src[i] == '?')
}

// unary = value [ "*" | "+" | "?" ].
func (p *parser) unary() (*ast, error) {
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	var min, max int
	switch p.tok {
	case '*':
		min, max = 0, -1
	case '+':
		min, max = 1, -1
	case '?':
		min, max = 0, 1
	default:
		return v, nil
	}
	if err := p.next(); err != nil {
		return nil, err
	}
	if p.tok == '*' || p.tok == '+' || p.tok == '?' {
		return nil, p.errf(p.pos, "'%c' after a repetition: put the repeated part in parentheses", p.tok)
	}
	return &ast{kind: aRep, kids: []*ast{v}, min: min, max: max}, nil
}

// value = direction | name | check | "!" check | "(" sequence ")" [ integer ].
func (p *parser) value() (*ast, error) {
	switch p.tok {
	case tIdent:
		return p.ident(false)
	case '!':
		bang := p.pos
		if err := p.next(); err != nil {
			return nil, err
		}
		if p.tok != tIdent {
			return nil, p.errf(bang, "'!' negates a check (friend, foe, empty, this or a type name), not %s", p.describe())
		}
		return p.ident(true)
	case '(':
		open := p.pos
		if p.depth++; p.depth > maxDepth {
			return nil, p.errf(open, "parentheses nested too deep")
		}
		if err := p.next(); err != nil {
			return nil, err
		}
		if p.tok == ')' {
			return nil, p.errf(open, "empty parentheses")
		}
		inner, err := p.sequence()
		if err != nil {
			return nil, err
		}
		if p.tok != ')' {
			return nil, p.errf(open, "'(' is not closed")
		}
		p.depth--
		if err := p.next(); err != nil {
			return nil, err
		}
		if p.tok == tNum {
			n, err := strconv.Atoi(p.val)
			if err != nil || n > maxCount {
				return nil, p.errf(p.pos, "count %s is too large (at most %d)", p.val, maxCount)
			}
			if err := p.next(); err != nil {
				return nil, err
			}
			if n == 0 {
				return &ast{kind: aEmpty}, nil
			}
			if n == 1 {
				return inner, nil
			}
			return &ast{kind: aRep, kids: []*ast{inner}, min: n, max: n}, nil
		}
		return inner, nil
	case tNum:
		return nil, p.errf(p.pos, "a count follows a closing parenthesis only: (n e)%s", p.val)
	case ')':
		return nil, p.errf(p.pos, "unmatched ')'")
	case tEOF:
		return nil, p.errf(p.pos, "pattern ends too early")
	}
	return nil, p.errf(p.pos, "unexpected %s", p.describe())
}

func (p *parser) ident(neg bool) (*ast, error) {
	name, at := p.val, p.pos
	if err := p.next(); err != nil {
		return nil, err
	}
	if k, ok := keywords[name]; ok {
		return &ast{kind: aCheck, lit: lit{kind: k, neg: neg}}, nil
	}
	if st, ok := p.sc.g.Direction(name); ok {
		if neg {
			return nil, p.errf(at, "'!' negates a check; %s is a direction", name)
		}
		return &ast{kind: aStep, step: st}, nil
	}
	if _, ok := p.sc.macros[name]; ok {
		if neg {
			return nil, p.errf(at, "'!' negates a check; %s is a pattern name", name)
		}
		n, err := p.sc.macro(name, p.depth+1)
		if err != nil {
			if ce, ok := err.(cycleError); ok {
				return nil, p.errf(at, "%s", string(ce))
			}
			return nil, err
		}
		return n, nil
	}
	if i, ok := p.sc.TypeIndex(name); ok {
		return &ast{kind: aCheck, lit: lit{kind: ckType, typ: i, neg: neg}}, nil
	}
	return nil, p.errf(at, "unknown name %q: not a direction (%s), a check (friend foe empty this), a type or a pattern name", name, strings.Join(p.sc.g.dirName, " "))
}

func (sc *Scope) macro(name string, depth int) (*ast, error) {
	if n, ok := sc.parsed[name]; ok {
		return n, nil
	}
	if sc.busy[name] {
		return nil, cycleError("pattern " + name + " uses itself")
	}
	if depth > maxDepth {
		return nil, fmt.Errorf("pattern names nested too deep at %s", name)
	}
	sc.busy[name] = true
	defer delete(sc.busy, name)
	m := sc.macros[name]
	n, err := sc.parseRange(m.what, m.text, m.start, m.end, depth)
	if err != nil {
		return nil, err
	}
	sc.parsed[name] = n
	return n, nil
}

type cycleError string

func (c cycleError) Error() string { return string(c) }
