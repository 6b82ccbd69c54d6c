package query

// Parse parses and checks a CQL program. filename is used only in error
// messages (it may be empty, e.g. for a query given on the command line).
// On failure the error is an ErrorList of *Error values, each printed as
// `file:line:col: message`, the source line and a caret under the column.
func Parse(filename string, src []byte) (prog *Program, err error) {
	return ParseDialect(filename, src, DialectCQL)
}

// ParseDialect is Parse reading the program in dialect d (docs/cqli.md, "Dialects"): in
// CQLi's, rotate45 takes designators of any squares.
func ParseDialect(filename string, src []byte, d Dialect) (prog *Program, err error) {
	p := newParserDialect(filename, src, d)
	prog, perr := p.parse()
	if perr != nil {
		if s := p.suspect; s != nil && s.Pos.Offset < perr.Pos.Offset {
			return nil, ErrorList{s, perr}
		}
		return nil, ErrorList{perr}
	}
	prog.Dialect = d
	c := &checker{filename: filename, src: src, dialect: d}
	c.program(prog)
	if len(c.errs) > 0 {
		c.errs.sort()
		return nil, c.errs
	}
	return prog, nil
}

// parse runs the parser, turning its bailout panic into the first error.
func (p *parser) parse() (prog *Program, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			prog, err = nil, p.err
		}
	}()
	return p.parseProgram(), nil
}
