// Package sgf reads Smart Game Format (FF[4], and the older FF[1]-FF[3] spellings found in real
// files) game records of Go: the collection of game trees, and for each game its board size,
// handicap, setup stones (AB, AW, AE), player to move, moves and passes of the main line (the
// first variation at every branch), comments, and the board position after any move.
//
// Errors name the file, line and column. The reader is tolerant where real files are sloppy:
// property identifiers with lower-case letters (FF[3] "AddBlack" style: the capitals are the
// identifier), text before the first game tree, white space anywhere between tokens, empty
// move values (passes), "tt" passes on boards up to 19x19.
package sgf

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

// Property is one property of a node: its identifier and its values (escapes removed).
type Property struct {
	ID     string
	Values []string
	Line   int // where the identifier starts
	Col    int
}

// Node is one node of a game tree.
type Node struct {
	Props []Property
	Line  int
	Col   int
}

// Get is the first value of a property, and whether the node has it.
func (n *Node) Get(id string) (string, bool) {
	for i := range n.Props {
		if n.Props[i].ID == id {
			if len(n.Props[i].Values) == 0 {
				return "", true
			}
			return n.Props[i].Values[0], true
		}
	}
	return "", false
}

// Prop is the property with the identifier, or nil.
func (n *Node) Prop(id string) *Property {
	for i := range n.Props {
		if n.Props[i].ID == id {
			return &n.Props[i]
		}
	}
	return nil
}

// Tree is a game tree: a sequence of nodes followed by variations.
type Tree struct {
	Nodes      []*Node
	Variations []*Tree
}

// MainLine is the nodes of the tree following the first variation at every branch.
func (t *Tree) MainLine() []*Node {
	var out []*Node
	for t != nil {
		out = append(out, t.Nodes...)
		if len(t.Variations) == 0 {
			break
		}
		t = t.Variations[0]
	}
	return out
}

// Error is a syntax or content error at a place in a file.
type Error struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (e *Error) Error() string {
	name := e.File
	if name == "" {
		name = "sgf"
	}
	return fmt.Sprintf("%s:%d:%d: %s", name, e.Line, e.Col, e.Msg)
}

// ReadFile parses every game tree of a file.
func ReadFile(path string) ([]*Tree, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(NewReader(f, path))
}

// Parse parses a collection of game trees; name is used in errors.
func Parse(name string, data []byte) ([]*Tree, error) {
	return readAll(NewReader(bytes.NewReader(data), name))
}

func readAll(r *Reader) ([]*Tree, error) {
	var trees []*Tree
	for {
		t, err := r.Next()
		if err == io.EOF {
			return trees, nil
		}
		if err != nil {
			return nil, err
		}
		trees = append(trees, t)
	}
}

// Reader reads the game trees of a collection one at a time, so that a file of many games
// needs the memory of one (a 2 MB file of 100,000 one-move games took 2.3 GB read whole).
type Reader struct {
	r         *bufio.Reader
	name      string
	line, col int // of the next byte of r
	buf       []byte
	trees     int
	err       error // sticky: after an error or the end, Next returns it again
}

// NewReader reads a collection of game trees from r; name is used in errors.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), name: name, line: 1, col: 1}
}

// Next returns the next game tree, or io.EOF after the last one. A collection with no game
// tree at all is an error. Text outside game trees is allowed (and ignored) before and
// between them.
func (r *Reader) Next() (*Tree, error) {
	if r.err != nil {
		return nil, r.err
	}
	t, err := r.next()
	if err != nil {
		r.err = err
	}
	return t, err
}

func (r *Reader) next() (*Tree, error) {
	for {
		c, err := r.r.ReadByte()
		if err == io.EOF {
			if r.trees == 0 {
				return nil, &Error{File: r.name, Line: r.line, Col: r.col, Msg: "no game tree: an SGF file starts with \"(;\""}
			}
			return nil, io.EOF
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.name, err)
		}
		if c == '(' {
			break
		}
		r.step(c)
	}
	// Cut the tree's text: up to the ")" that closes its "(", outside values (with their
	// escapes). The parser then reads it, from the tree's place in the file.
	line, col := r.line, r.col
	r.step('(')
	r.buf = append(r.buf[:0], '(')
	depth, inValue, escaped := 1, false, false
	for depth > 0 {
		c, err := r.r.ReadByte()
		if err == io.EOF {
			break // the parser reports what is missing
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.name, err)
		}
		r.step(c)
		r.buf = append(r.buf, c)
		switch {
		case escaped:
			escaped = false
		case inValue:
			switch c {
			case '\\':
				escaped = true
			case ']':
				inValue = false
			}
		case c == '[':
			inValue = true
		case c == '(':
			depth++
		case c == ')':
			depth--
		}
	}
	p := &parser{name: r.name, data: r.buf, line: line, col: col}
	t, err := p.tree(0)
	if err != nil {
		return nil, err
	}
	r.trees++
	if cap(r.buf) > 1<<20 {
		r.buf = nil // a large tree's text is not kept for the next
	}
	return t, nil
}

// step moves the reader's place past c.
func (r *Reader) step(c byte) {
	if c == '\n' {
		r.line++
		r.col = 1
	} else {
		r.col++
	}
}

// maxDepth bounds the nesting of variations so that hostile input cannot exhaust the stack.
const maxDepth = 10000

type parser struct {
	name      string
	data      []byte
	pos       int
	line, col int
}

func (p *parser) errorf(format string, args ...any) error {
	return &Error{File: p.name, Line: p.line, Col: p.col, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) advance() {
	if p.data[p.pos] == '\n' {
		p.line++
		p.col = 1
	} else {
		p.col++
	}
	p.pos++
}

func (p *parser) skipSpace() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			p.advance()
		default:
			return
		}
	}
}

// tree parses "(" sequence { tree } ")" starting at "(".
func (p *parser) tree(depth int) (*Tree, error) {
	if depth > maxDepth {
		return nil, p.errorf("variations nested deeper than %d", maxDepth)
	}
	p.advance() // (
	t := &Tree{}
	p.skipSpace()
	if p.pos >= len(p.data) || p.data[p.pos] != ';' {
		if p.pos >= len(p.data) {
			return nil, p.errorf("file ends inside a game tree: want \";\" to start a node")
		}
		return nil, p.errorf("want \";\" to start a node, got %q", p.data[p.pos])
	}
	for {
		p.skipSpace()
		if p.pos >= len(p.data) {
			return nil, p.errorf("file ends inside a game tree: missing \")\"")
		}
		switch c := p.data[p.pos]; c {
		case ';':
			if len(t.Variations) > 0 {
				return nil, p.errorf("node after a variation: nodes must come before the variations of a tree")
			}
			n, err := p.node()
			if err != nil {
				return nil, err
			}
			t.Nodes = append(t.Nodes, n)
		case '(':
			v, err := p.tree(depth + 1)
			if err != nil {
				return nil, err
			}
			t.Variations = append(t.Variations, v)
		case ')':
			p.advance()
			return t, nil
		default:
			return nil, p.errorf("unexpected %q: want a node \";\", a variation \"(\" or \")\"", c)
		}
	}
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// node parses ";" { property }.
func (p *parser) node() (*Node, error) {
	n := &Node{Line: p.line, Col: p.col}
	p.advance() // ;
	for {
		p.skipSpace()
		if p.pos >= len(p.data) {
			return n, nil
		}
		c := p.data[p.pos]
		if !isUpper(c) && !isLower(c) {
			return n, nil
		}
		prop := Property{Line: p.line, Col: p.col}
		var id strings.Builder
		for p.pos < len(p.data) && (isUpper(p.data[p.pos]) || isLower(p.data[p.pos])) {
			if isUpper(p.data[p.pos]) {
				id.WriteByte(p.data[p.pos])
			}
			p.advance()
		}
		prop.ID = id.String()
		if prop.ID == "" {
			return nil, &Error{File: p.name, Line: prop.Line, Col: prop.Col, Msg: "property identifier without a capital letter"}
		}
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != '[' {
			return nil, p.errorf("property %s has no value: want \"[\"", prop.ID)
		}
		for {
			p.skipSpace()
			if p.pos >= len(p.data) || p.data[p.pos] != '[' {
				break
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			prop.Values = append(prop.Values, v)
		}
		n.Props = append(n.Props, prop)
	}
}

// value parses "[" text "]" with SGF's escapes: "\" quotes the next character, "\" before a line
// break removes it (a soft line break).
func (p *parser) value() (string, error) {
	line, col := p.line, p.col
	p.advance() // [
	var b strings.Builder
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch c {
		case ']':
			p.advance()
			return b.String(), nil
		case '\\':
			p.advance()
			if p.pos >= len(p.data) {
				break
			}
			e := p.data[p.pos]
			p.advance()
			if e == '\r' && p.pos < len(p.data) && p.data[p.pos] == '\n' {
				p.advance()
				continue
			}
			if e == '\n' || e == '\r' {
				continue
			}
			b.WriteByte(e)
		default:
			b.WriteByte(c)
			p.advance()
		}
	}
	return "", &Error{File: p.name, Line: line, Col: col, Msg: "value not closed: missing \"]\""}
}
