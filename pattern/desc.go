package pattern

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// PieceType is a kind of piece of a board description.
type PieceType struct {
	Name   string
	Letter byte // its letter in positions
	Owner  int  // index of the player owning every piece of this type, or -1: upper case is
	// the first player's, lower case the second's
}

// NamedPattern is a pattern named in a description.
type NamedPattern struct{ Name, Source string }

// Description is a board game's board as data, in seed 003's vocabulary: players, pieces and
// their owners, the board's size, excluded cells, special fields (square types), named directions
// and named patterns, and win patterns.
//
// The text format, statement by statement (keywords in any case, ';' optional, // and /* */
// comments):
//
//	Name = "Tic-tac-toe";
//	Players = 2;                       // players "1" and "2"; or Players = {Green, Black};
//	Pieces = {X, O};                   // one-letter names are their letters; else Man = M
//	Player 1 { X; }                    // player 1 owns X (a player by number or name)
//	Board { 3*3; }                     // rows*columns; also Board = {8*8;}
//	Exclude { 1*1-6*6; a10-f15; }      // cells off the board: row*column (row 1 is the south
//	                                   // rank, column 1 file a) or a square name; a-b is the
//	                                   // rectangle between two cells
//	Specialfield star { fieldmark = "star"; fieldstomark { 1*8, 7*9; } }  // a square type
//	Direction ne = 1, 1;               // a named step: files east, ranks north
//	Pattern row = /friend (e friend)2/;
//	Win = row;                         // a player wins where a Win pattern is true for them
//
// Exclude and Specialfield may also stand inside the Board block. The seed's pseudo-code blocks
// (Turnes, Rules, Winconditions, Loseconditions, Round) are read and ignored.
type Description struct {
	Name     string
	Geometry *Geometry
	Players  []string
	Pieces   []PieceType
	Patterns []NamedPattern
	Win      []string // pattern sources, evaluated for each player as the player to move

	scope     *Scope
	plain     bool
	pieceType []int // piece index -> scope type index
}

// Scope is the scope of the description's patterns: its directions, piece types, square types
// and named patterns.
func (d *Description) Scope() *Scope { return d.scope }

// Compile compiles a pattern on the description's board (a named pattern may be given by name).
func (d *Description) Compile(src string) (*Pattern, error) { return d.scope.Compile(src) }

// Plain reports whether the description is a plain --size board: two players, every letter a
// piece type, upper case the first player's.
func (d *Description) Plain() bool { return d.plain }

// PlainBoard is a w x h grid with two players "1" and "2" and no declared pieces: in positions,
// upper-case letters are player 1's pieces and lower-case player 2's, and a letter is its piece
// type whatever its case (a pattern names the type by the upper-case letter).
func PlainBoard(w, h int) (*Description, error) {
	g, err := NewGeometry(w, h)
	if err != nil {
		return nil, err
	}
	d := &Description{Name: fmt.Sprintf("%dx%d", w, h), Geometry: g, Players: []string{"1", "2"}, plain: true}
	d.scope = NewLetterScope(g)
	return d, nil
}

// Player is the index of a player named by number (1, 2, ...) or by name (any case).
func (d *Description) Player(s string) (int, error) {
	if n, err := strconv.Atoi(s); err == nil {
		if n < 1 || n > len(d.Players) {
			return -1, fmt.Errorf("no player %d: the board has %d players", n, len(d.Players))
		}
		return n - 1, nil
	}
	for i, p := range d.Players {
		if strings.EqualFold(p, s) {
			return i, nil
		}
	}
	return -1, fmt.Errorf("no player %q: the players are %s", s, strings.Join(d.Players, ", "))
}

//go:embed boards/*.board
var boardFS embed.FS

// Boards lists the names of the shipped board descriptions.
func Boards() []string {
	ents, _ := boardFS.ReadDir("boards")
	var names []string
	for _, e := range ents {
		names = append(names, strings.TrimSuffix(e.Name(), ".board"))
	}
	sort.Strings(names)
	return names
}

// Board returns a shipped board description by name (tictactoe, checkers, ludo, seed4x4).
func Board(name string) (*Description, error) {
	name = strings.TrimSuffix(name, ".board")
	data, err := boardFS.ReadFile(path.Join("boards", name+".board"))
	if err != nil {
		return nil, fmt.Errorf("no shipped board %q (there are %s)", name, strings.Join(Boards(), ", "))
	}
	return ParseDescription(name+".board", string(data))
}

// description tokens
type dtok struct {
	kind byte // 'i' ident, 'n' number, 's' string, 'p' pattern, 0 EOF, else punctuation
	text string
	off  int
}

type dparser struct {
	what string
	src  string
	toks []dtok
	i    int
}

func (p *dparser) errAt(off int, format string, args ...any) error {
	return &SyntaxError{What: p.what, Text: p.src, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func (p *dparser) lex() error {
	s := p.src
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case isSpace(c):
			i++
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return p.errAt(i, "comment is not closed")
			}
			i += j + 4
		case c == '/':
			j := i + 1
			for j < len(s) && s[j] != '/' && s[j] != '\n' {
				j++
			}
			if j >= len(s) || s[j] != '/' {
				return p.errAt(i, "pattern is not closed: write it between two slashes on one line")
			}
			p.toks = append(p.toks, dtok{'p', s[i : j+1], i})
			i = j + 1
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' && s[j] != '\n' {
				j++
			}
			if j >= len(s) || s[j] != '"' {
				return p.errAt(i, "string is not closed")
			}
			p.toks = append(p.toks, dtok{'s', s[i+1 : j], i})
			i = j + 1
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i + 1
			for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			p.toks = append(p.toks, dtok{'i', s[i:j], i})
			i = j
		case c >= '0' && c <= '9':
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			p.toks = append(p.toks, dtok{'n', s[i:j], i})
			i = j
		case strings.IndexByte("={};,*-:()<>!&|.+[]", c) >= 0:
			p.toks = append(p.toks, dtok{c, s[i : i+1], i})
			i++
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return p.errAt(i, "unexpected character %q", r)
		}
	}
	p.toks = append(p.toks, dtok{0, "", len(s)})
	return nil
}

func (p *dparser) peek() dtok { return p.toks[p.i] }
func (p *dparser) take() dtok {
	t := p.toks[p.i]
	if t.kind != 0 {
		p.i++
	}
	return t
}

func (p *dparser) is(kind byte) bool { return p.toks[p.i].kind == kind }

func (p *dparser) accept(kind byte) bool {
	if p.is(kind) {
		p.i++
		return true
	}
	return false
}

func (p *dparser) expect(kind byte, what string) (dtok, error) {
	t := p.peek()
	if t.kind != kind {
		return t, p.errAt(t.off, "expected %s, found %s", what, describeTok(t))
	}
	p.i++
	return t, nil
}

func describeTok(t dtok) string {
	switch t.kind {
	case 0:
		return "end of file"
	case 'i':
		return strconv.Quote(t.text)
	case 'n':
		return "number " + t.text
	case 's':
		return "string " + strconv.Quote(t.text)
	case 'p':
		return "pattern " + t.text
	}
	return "'" + t.text + "'"
}

func (p *dparser) semi() { p.accept(';') }

// skipBlock skips an optional parenthesised argument list and a balanced { } block.
func (p *dparser) skipBlock(kw dtok) error {
	if p.is('(') {
		depth := 0
		for first := true; first || depth > 0; first = false {
			t := p.take()
			switch t.kind {
			case '(':
				depth++
			case ')':
				depth--
			case 0:
				return p.errAt(kw.off, "%s: '(' is not closed", kw.text)
			}
		}
	}
	if _, err := p.expect('{', "'{' after "+kw.text); err != nil {
		return err
	}
	depth := 1
	for depth > 0 {
		t := p.take()
		switch t.kind {
		case '{':
			depth++
		case '}':
			depth--
		case 0:
			return p.errAt(kw.off, "%s: '{' is not closed", kw.text)
		}
	}
	p.semi()
	return nil
}

type rawDesc struct {
	rows, cols   int
	sizeTok      dtok
	hasSize      bool
	excludes     []int // token indices of cell lists
	fields       []rawField
	dirs         []rawDir
	patterns     []rawPattern
	wins         []rawPattern
	pieces       []rawPiece
	owners       []rawOwner
	playersN     int
	playerNames  []string
	playersTok   dtok
	name         string
	hasPlayers   bool
	hasPiecesDef bool
}

type rawField struct {
	name  dtok
	mark  string
	cells []int
}
type rawDir struct {
	name   dtok
	dx, dy int
}
type rawPattern struct {
	name dtok
	tok  dtok // the pattern token or a name
}
type rawPiece struct {
	name   dtok
	letter byte
}
type rawOwner struct {
	player dtok
	pieces []dtok
}

// ParseDescription reads a board description. what names the text in errors (a file name).
func ParseDescription(what, text string) (*Description, error) {
	p := &dparser{what: what, src: text}
	if err := p.lex(); err != nil {
		return nil, err
	}
	r := &rawDesc{}
	for !p.is(0) {
		if err := p.statement(r, false); err != nil {
			return nil, err
		}
	}
	return p.finish(r)
}

func (p *dparser) statement(r *rawDesc, inBoard bool) error {
	kw := p.peek()
	if kw.kind == ';' {
		p.i++
		return nil
	}
	if kw.kind != 'i' {
		return p.errAt(kw.off, "expected a statement (Players, Pieces, Player, Board, Exclude, Specialfield, Direction, Pattern, Win), found %s", describeTok(kw))
	}
	p.i++
	switch strings.ToLower(kw.text) {
	case "name":
		if inBoard {
			break
		}
		if _, err := p.expect('=', "'='"); err != nil {
			return err
		}
		t, err := p.expect('s', "a string")
		if err != nil {
			return err
		}
		r.name = t.text
		p.semi()
		return nil
	case "players":
		if inBoard {
			break
		}
		if r.hasPlayers {
			return p.errAt(kw.off, "Players is given twice")
		}
		r.hasPlayers, r.playersTok = true, kw
		if _, err := p.expect('=', "'='"); err != nil {
			return err
		}
		if t := p.peek(); t.kind == 'n' {
			p.i++
			n, err := strconv.Atoi(t.text)
			if err != nil || n < 1 || n > 16 {
				return p.errAt(t.off, "the number of players must be 1 to 16")
			}
			r.playersN = n
		} else {
			names, err := p.nameList("a player name")
			if err != nil {
				return err
			}
			for _, n := range names {
				r.playerNames = append(r.playerNames, n.text)
			}
			if len(names) > 16 {
				return p.errAt(t.off, "at most 16 players")
			}
		}
		p.semi()
		return nil
	case "pieces":
		if inBoard {
			break
		}
		if r.hasPiecesDef {
			return p.errAt(kw.off, "Pieces is given twice")
		}
		r.hasPiecesDef = true
		if _, err := p.expect('=', "'='"); err != nil {
			return err
		}
		if _, err := p.expect('{', "'{'"); err != nil {
			return err
		}
		for !p.accept('}') {
			if p.accept(',') || p.accept(';') {
				continue
			}
			name, err := p.expect('i', "a piece name")
			if err != nil {
				return err
			}
			pc := rawPiece{name: name}
			if p.accept('=') {
				l, err := p.expect('i', "a letter")
				if err != nil {
					return err
				}
				if len(l.text) != 1 {
					return p.errAt(l.off, "a piece's letter is one letter, not %q", l.text)
				}
				pc.letter = l.text[0]
			} else if len(name.text) == 1 {
				pc.letter = name.text[0]
			} else {
				return p.errAt(name.off, "piece %s needs a letter for positions: write %s = L", name.text, name.text)
			}
			r.pieces = append(r.pieces, pc)
		}
		p.semi()
		return nil
	case "player":
		if inBoard {
			break
		}
		t := p.take()
		if t.kind != 'n' && t.kind != 'i' {
			return p.errAt(t.off, "expected a player number or name after Player, found %s", describeTok(t))
		}
		if _, err := p.expect('{', "'{'"); err != nil {
			return err
		}
		o := rawOwner{player: t}
		for !p.accept('}') {
			if p.accept(',') || p.accept(';') {
				continue
			}
			n, err := p.expect('i', "a piece name")
			if err != nil {
				return err
			}
			o.pieces = append(o.pieces, n)
		}
		r.owners = append(r.owners, o)
		p.semi()
		return nil
	case "board":
		if inBoard {
			break
		}
		p.accept('=')
		if _, err := p.expect('{', "'{' after Board"); err != nil {
			return err
		}
		rows, err := p.expect('n', "the board size rows*columns")
		if err != nil {
			return err
		}
		if _, err := p.expect('*', "'*' in rows*columns"); err != nil {
			return err
		}
		cols, err := p.expect('n', "the number of columns")
		if err != nil {
			return err
		}
		if r.hasSize {
			return p.errAt(rows.off, "the board size is given twice")
		}
		r.rows, _ = strconv.Atoi(rows.text)
		r.cols, _ = strconv.Atoi(cols.text)
		r.hasSize, r.sizeTok = true, rows
		p.semi()
		for !p.accept('}') {
			if p.is(0) {
				return p.errAt(kw.off, "Board: '{' is not closed")
			}
			if err := p.statement(r, true); err != nil {
				return err
			}
		}
		p.semi()
		return nil
	case "exclude":
		if _, err := p.expect('{', "'{' after Exclude"); err != nil {
			return err
		}
		r.excludes = append(r.excludes, p.i)
		if err := p.skipCells(); err != nil {
			return err
		}
		p.semi()
		return nil
	case "specialfield":
		name, err := p.expect('i', "the special field's name")
		if err != nil {
			return err
		}
		f := rawField{name: name}
		if _, err := p.expect('{', "'{'"); err != nil {
			return err
		}
		for !p.accept('}') {
			if p.accept(';') || p.accept(',') {
				continue
			}
			t, err := p.expect('i', "fieldmark, fieldproperties or fieldstomark")
			if err != nil {
				return err
			}
			switch strings.ToLower(t.text) {
			case "fieldmark":
				if _, err := p.expect('=', "'='"); err != nil {
					return err
				}
				s, err := p.expect('s', "a string")
				if err != nil {
					return err
				}
				f.mark = s.text
			case "fieldproperties":
				if err := p.skipBlock(t); err != nil {
					return err
				}
			case "fieldstomark", "filedstomark":
				if _, err := p.expect('{', "'{'"); err != nil {
					return err
				}
				f.cells = append(f.cells, p.i)
				if err := p.skipCells(); err != nil {
					return err
				}
			default:
				return p.errAt(t.off, "unknown %q in Specialfield: expected fieldmark, fieldproperties or fieldstomark", t.text)
			}
		}
		r.fields = append(r.fields, f)
		p.semi()
		return nil
	case "direction":
		name, err := p.expect('i', "a direction name")
		if err != nil {
			return err
		}
		if _, err := p.expect('=', "'='"); err != nil {
			return err
		}
		dx, err := p.signedInt()
		if err != nil {
			return err
		}
		if _, err := p.expect(',', "',' between the file and rank steps"); err != nil {
			return err
		}
		dy, err := p.signedInt()
		if err != nil {
			return err
		}
		r.dirs = append(r.dirs, rawDir{name, dx, dy})
		p.semi()
		return nil
	case "pattern":
		name, err := p.expect('i', "a pattern name")
		if err != nil {
			return err
		}
		if _, err := p.expect('=', "'='"); err != nil {
			return err
		}
		t, err := p.expect('p', "a pattern between slashes")
		if err != nil {
			return err
		}
		r.patterns = append(r.patterns, rawPattern{name, t})
		p.semi()
		return nil
	case "win":
		if _, err := p.expect('=', "'='"); err != nil {
			return err
		}
		t := p.take()
		if t.kind != 'p' && t.kind != 'i' {
			return p.errAt(t.off, "expected a pattern or a pattern name, found %s", describeTok(t))
		}
		r.wins = append(r.wins, rawPattern{kw, t})
		p.semi()
		return nil
	case "turnes", "turns", "rules", "winconditions", "wincondition", "loseconditions", "losecondition", "round":
		return p.skipBlock(kw)
	}
	return p.errAt(kw.off, "unknown statement %q", kw.text)
}

func (p *dparser) signedInt() (int, error) {
	neg := p.accept('-')
	t, err := p.expect('n', "a number")
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(t.text)
	if err != nil || n > MaxSide {
		return 0, p.errAt(t.off, "step %s is too large", t.text)
	}
	if neg {
		n = -n
	}
	return n, nil
}

func (p *dparser) nameList(what string) ([]dtok, error) {
	if _, err := p.expect('{', "'{'"); err != nil {
		return nil, err
	}
	var out []dtok
	for !p.accept('}') {
		if p.accept(',') || p.accept(';') {
			continue
		}
		t := p.take()
		if t.kind != 'i' && t.kind != 'n' {
			return nil, p.errAt(t.off, "expected %s, found %s", what, describeTok(t))
		}
		out = append(out, t)
	}
	return out, nil
}

// skipCells skips a cell list up to and including its '}' (it is read once the size is known).
func (p *dparser) skipCells() error {
	open := p.peek()
	for {
		t := p.take()
		switch t.kind {
		case '}':
			return nil
		case 0:
			return p.errAt(open.off, "cell list: '{' is not closed")
		case 'n', 'i', '*', '-', ',', ';':
		default:
			return p.errAt(t.off, "unexpected %s in a cell list (cells are row*column or a square name, ranges a-b)", describeTok(t))
		}
	}
}

// cells reads a cell list from token index i (after its '{').
func (p *dparser) cells(g *Geometry, i int) (Set, error) {
	var s Set
	p.i = i
	for {
		if p.accept('}') {
			return s, nil
		}
		if p.accept(',') || p.accept(';') {
			continue
		}
		a, aTok, err := p.cell(g)
		if err != nil {
			return s, err
		}
		b := a
		if p.accept('-') {
			if b, _, err = p.cell(g); err != nil {
				return s, err
			}
		}
		af, ar := g.Coords(a)
		bf, br := g.Coords(b)
		if af > bf {
			af, bf = bf, af
		}
		if ar > br {
			ar, br = br, ar
		}
		_ = aTok
		for f := af; f <= bf; f++ {
			for r := ar; r <= br; r++ {
				s.Add(g.Square(f, r))
			}
		}
	}
}

func (p *dparser) cell(g *Geometry) (int, dtok, error) {
	t := p.take()
	switch t.kind {
	case 'n':
		row, _ := strconv.Atoi(t.text)
		if _, err := p.expect('*', "'*' in row*column"); err != nil {
			return 0, t, err
		}
		ct, err := p.expect('n', "a column number")
		if err != nil {
			return 0, t, err
		}
		col, _ := strconv.Atoi(ct.text)
		sq := g.Square(col-1, row-1)
		if sq < 0 {
			return 0, t, p.errAt(t.off, "cell %d*%d is off the %d*%d board (rows*columns)", row, col, g.h, g.w)
		}
		return sq, t, nil
	case 'i':
		sq, err := g.parseCell(t.text)
		if err != nil {
			return 0, t, p.errAt(t.off, "%v", err)
		}
		return sq, t, nil
	}
	return 0, t, p.errAt(t.off, "expected a cell (row*column or a square name), found %s", describeTok(t))
}

func (p *dparser) finish(r *rawDesc) (*Description, error) {
	end := len(p.src)
	if !r.hasSize {
		return nil, p.errAt(end, "no board size: write Board { rows*columns; }")
	}
	g, err := NewGeometry(r.cols, r.rows)
	if err != nil {
		return nil, p.errAt(r.sizeTok.off, "%v", err)
	}
	d := &Description{Name: r.name, Geometry: g}
	// players
	switch {
	case r.playerNames != nil:
		seen := map[string]bool{}
		for i, n := range r.playerNames {
			if k, err := strconv.Atoi(n); err == nil && k != i+1 {
				return nil, p.errAt(r.playersTok.off, "player %d is named %s: a player named by a number must be that player's number", i+1, n)
			}
			if seen[strings.ToLower(n)] {
				return nil, p.errAt(r.playersTok.off, "player %s is named twice", n)
			}
			seen[strings.ToLower(n)] = true
			d.Players = append(d.Players, n)
		}
	case r.playersN > 0:
		for i := 1; i <= r.playersN; i++ {
			d.Players = append(d.Players, strconv.Itoa(i))
		}
	default:
		d.Players = []string{"1", "2"}
	}
	// board
	for _, i := range r.excludes {
		s, err := p.cells(g, i)
		if err != nil {
			return nil, err
		}
		for _, sq := range s.Squares(nil) {
			g.Exclude(sq)
		}
	}
	for _, f := range r.fields {
		var s Set
		for _, i := range f.cells {
			c, err := p.cells(g, i)
			if err != nil {
				return nil, err
			}
			s = s.Or(c)
		}
		g.AddSquareType(f.name.text, s)
	}
	for _, dr := range r.dirs {
		if err := g.AddDirection(dr.name.text, Step{dr.dx, dr.dy}); err != nil {
			return nil, p.errAt(dr.name.off, "%v", err)
		}
	}
	// pieces
	letters := map[byte]string{}
	for _, pc := range r.pieces {
		if _, dup := d.pieceIndex(pc.name.text); dup {
			return nil, p.errAt(pc.name.off, "piece %s is declared twice", pc.name.text)
		}
		if !(pc.letter|0x20 >= 'a' && pc.letter|0x20 <= 'z') {
			return nil, p.errAt(pc.name.off, "a piece's letter must be a letter A-Z or a-z")
		}
		if other, ok := letters[pc.letter]; ok {
			return nil, p.errAt(pc.name.off, "pieces %s and %s have the same letter %c", other, pc.name.text, pc.letter)
		}
		letters[pc.letter] = pc.name.text
		if isKeyword(pc.name.text) {
			return nil, p.errAt(pc.name.off, "piece name %s is a keyword", pc.name.text)
		}
		if _, ok := g.Direction(pc.name.text); ok {
			return nil, p.errAt(pc.name.off, "piece name %s is a direction", pc.name.text)
		}
		d.Pieces = append(d.Pieces, PieceType{Name: pc.name.text, Letter: pc.letter, Owner: -1})
	}
	for _, o := range r.owners {
		pl, err := d.Player(o.player.text)
		if err != nil {
			return nil, p.errAt(o.player.off, "%v", err)
		}
		for _, n := range o.pieces {
			i, ok := d.pieceIndex(n.text)
			if !ok {
				return nil, p.errAt(n.off, "unknown piece %s: declare it in Pieces", n.text)
			}
			if d.Pieces[i].Owner >= 0 && d.Pieces[i].Owner != pl {
				return nil, p.errAt(n.off, "piece %s already belongs to player %s", n.text, d.Players[d.Pieces[i].Owner])
			}
			d.Pieces[i].Owner = pl
		}
	}
	// scope: square types, then piece types
	d.scope = NewScope(g)
	for _, pc := range d.Pieces {
		d.pieceType = append(d.pieceType, d.scope.AddType(pc.Name))
	}
	for _, pt := range r.patterns {
		t := pt.tok
		if err := d.scope.defineAt(pt.name.text, p.what, p.src, t.off, t.off+len(t.text)); err != nil {
			return nil, p.errAt(pt.name.off, "%v", err)
		}
		d.Patterns = append(d.Patterns, NamedPattern{pt.name.text, t.text})
	}
	// compile every pattern now, so that mistakes are reported with their place in the file
	for _, pt := range r.patterns {
		t := pt.tok
		tree, err := d.scope.parseRange(p.what, p.src, t.off, t.off+len(t.text), 0)
		if err != nil {
			return nil, err
		}
		if _, err := d.scope.compileTree(t.text, tree); err != nil {
			return nil, p.errAt(t.off, "%v", err)
		}
	}
	for _, w := range r.wins {
		t := w.tok
		if t.kind == 'i' {
			if _, ok := d.scope.Macro(t.text); !ok {
				return nil, p.errAt(t.off, "unknown pattern %s", t.text)
			}
		} else {
			tree, err := d.scope.parseRange(p.what, p.src, t.off, t.off+len(t.text), 0)
			if err != nil {
				return nil, err
			}
			if _, err := d.scope.compileTree(t.text, tree); err != nil {
				return nil, p.errAt(t.off, "%v", err)
			}
		}
		d.Win = append(d.Win, t.text)
	}
	return d, nil
}

func (d *Description) pieceIndex(name string) (int, bool) {
	for i, pc := range d.Pieces {
		if pc.Name == name {
			return i, true
		}
	}
	return -1, false
}
