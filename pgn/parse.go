package pgn

import (
	"bytes"
	"errors"
	"math/bits"

	"github.com/cqlgo/cql/chess"
)

// Default limits against hostile input.
const (
	DefaultMaxGameBytes = 8 << 20
	DefaultMaxDepth     = 100
	DefaultMaxNodes     = 1 << 20
)

// Options say what to read.
type Options struct {
	Variations   bool // read variations too; otherwise only the main line is replayed
	TagsOnly     bool // read tags (and the result) only: no replay, Nodes is empty
	Workers      int  // parallel workers; 0 means GOMAXPROCS
	BlockSize    int  // bytes handed to a worker at a time; 0 means a default
	MaxGameBytes int  // a longer game is cut and reported; 0 means DefaultMaxGameBytes
	MaxDepth     int  // deepest variation nesting; 0 means DefaultMaxDepth
	MaxNodes     int  // most nodes per game; 0 means DefaultMaxNodes
	// NestedComments reads balanced braces inside a brace comment as part of it
	// ({a {b} c} is one comment: CQLi's --nestedcomments); the PGN standard ends a
	// comment at its first '}'.
	NestedComments bool
	// VariantAliases are more Variant tag values (lower case) with the variant each names
	// (one of VariantNames: CQLi's --variantalias); SkipUnknownVariants skips the games of a
	// variant whose moves are not played here (Game.Skipped) instead of reporting them.
	VariantAliases      map[string]string
	SkipUnknownVariants bool
	// The input is a piece of a larger file (a shard) after this many games, line ends and
	// bytes: game numbers, lines and offsets count on from there. Zero for a whole file.
	GamesBefore, LinesBefore int
	OffsetBefore             int64
}

func (o Options) withDefaults() Options {
	if o.MaxGameBytes <= 0 {
		o.MaxGameBytes = DefaultMaxGameBytes
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = DefaultMaxNodes
	}
	return o
}

// strRef is a comment waiting for its string: text is arena[start:end]. line marks a
// rest-of-line (';') comment, which CQL's reader does not see.
type strRef struct {
	node       int32
	before     bool
	line       bool
	start, end int32
}

// lineComment says whether the comment token whose text starts at a is a ';' comment.
func lineComment(data []byte, a int) bool { return a > 0 && data[a-1] == ';' }

// parser reads one game at a time; one per worker, reused, so that the hot
// path does not allocate beyond one string per game for tags and comments.
type parser struct {
	opt   Options
	tz    Tokenizer
	tok   Token
	data  []byte
	arena []byte
	refs  []strRef
	stack []int32
	opens []int // offsets of the open '(' by depth
	// lastChild[i] is the last child of node i, to link siblings in O(1).
	lastChild []int32
	g         *Game
	// scratch is the game a worker parses into when games are not kept.
	scratch Game
}

// ParseGame parses one game from data (which should hold exactly one game)
// into g, reusing g's buffers. File, Number, Offset and Line of g are kept
// and used in error messages.
func ParseGame(data []byte, g *Game, opt Options) {
	var p parser
	p.opt = opt.withDefaults()
	p.parse(data, g)
}

// Parser parses games one at a time like ParseGame, keeping its buffers from game to game
// (one per goroutine). An index parses stored games with it.
type Parser struct{ p parser }

// NewParser returns a Parser reading with opt.
func NewParser(opt Options) *Parser {
	pp := &Parser{}
	pp.p.opt = opt.withDefaults()
	return pp
}

// Parse is ParseGame with the parser's buffers and options.
func (pp *Parser) Parse(data []byte, g *Game) { pp.p.parse(data, g) }

// ParseCut parses a game a scan cut at the size limit (Game.Cut): its problems are
// reported as the scan reports them.
func (pp *Parser) ParseCut(data []byte, g *Game) {
	inTags := cutInTags(&pp.p.tz, data)
	pp.p.parse(data, g)
	pp.p.cutProblems(len(data), inTags)
	g.Cut = true
}

func (p *parser) parse(data []byte, g *Game) {
	p.g = g
	p.data = data
	g.Length = len(data)
	g.Text = data
	g.Cut, g.Skipped, g.Variant, g.StartChecks = false, false, "", chess.Checks{}
	g.Tags = g.Tags[:0]
	g.Nodes = g.Nodes[:0]
	g.notes = g.notes[:0]
	g.Errors = g.Errors[:0]
	g.Warnings = g.Warnings[:0]
	g.Result = ""
	p.tz.Reset(data)
	p.tz.nested = p.opt.NestedComments
	tok := &p.tok
	// Tag section.
	p.arena = p.arena[:0]
	type tagRef struct{ n0, n1, v0, v1 int32 }
	var tagBuf [24]tagRef
	tags := tagBuf[:0]
	var leadBuf [4][2]int
	lead := leadBuf[:0] // comments before any tag: kept when no tag follows
	var more bool
	for {
		// NextFast reads a tag pair without Next's dispatch.
		if more = p.tz.NextFast(tok); !more || !(tok.Kind == KindTag || tok.Kind == KindComment && len(tags) == 0 || tok.Kind == KindEscape) {
			break
		}
		if tok.Kind == KindComment {
			lead = append(lead, [2]int{tok.A, tok.B})
		}
		if tok.Kind == KindTag {
			if tok.Flags&FlagUnterminated != 0 {
				p.errorf(tok.Start, "tag value without closing quote", data[tok.Start:tok.End])
			} else if tok.Flags&FlagMalformed != 0 {
				p.errorf(tok.Start, "malformed tag pair", data[tok.Start:tok.End])
			}
			var r tagRef
			r.n0 = int32(len(p.arena))
			p.arena = append(p.arena, data[tok.A:tok.B]...)
			r.n1 = int32(len(p.arena))
			r.v0 = r.n1
			v := data[tok.C:tok.D]
			if tok.Flags&FlagEscaped != 0 {
				for i := 0; i < len(v); i++ {
					if v[i] == '\\' && i+1 < len(v) && (v[i+1] == '"' || v[i+1] == '\\') {
						i++
					}
					p.arena = append(p.arena, v[i])
				}
			} else {
				p.arena = append(p.arena, v...)
			}
			r.v1 = int32(len(p.arena))
			tags = append(tags, r)
		}
	}
	if len(tags) > 0 {
		s := string(p.arena)
		for _, r := range tags {
			g.Tags = append(g.Tags, Tag{Name: s[r.n0:r.n1], Value: s[r.v0:r.v1]})
		}
	}
	if p.opt.TagsOnly {
		g.Result = trailingResult(data)
		return
	}
	p.arena = p.arena[:0]
	p.refs = p.refs[:0]
	if len(tags) == 0 {
		// A game without tags: its leading comments come before the first move, on the root.
		for _, c := range lead {
			if txt := bytes.TrimSpace(data[c[0]:c[1]]); len(txt) > 0 {
				start := int32(len(p.arena))
				p.arena = append(p.arena, txt...)
				p.refs = append(p.refs, strRef{node: 0, line: lineComment(data, c[0]), start: start, end: int32(len(p.arena))})
			}
		}
	}
	p.movetext(more)
	if len(p.refs) > 0 && len(g.Nodes) > 0 {
		s := string(p.arena)
		for _, r := range p.refs {
			nt := g.noteOf(r.node)
			c := s[r.start:r.end]
			dst := &nt.after
			if r.before {
				dst = &nt.before
			}
			if *dst == "" {
				*dst = c
			} else {
				*dst += " " + c
			}
			if !r.before {
				nt.read = *dst
			}
			if !r.before && !r.line {
				// CQL's reader keeps the last brace comment after a move (see Game.CQLComment).
				nt.cql = (*dst)[len(*dst)-len(c):]
			}
		}
	}
}

// trailingResult returns the game termination marker at the end of data, if any.
func trailingResult(data []byte) string {
	d := bytes.TrimRight(data, " \t\r\n\f\v\x00")
	for _, r := range results {
		if bytes.HasSuffix(d, []byte(r)) {
			return r
		}
	}
	return ""
}

var results = [...]string{"1-0", "0-1", "1/2-1/2", "*"}

func resultString(b []byte) string {
	if string(b) == "1/2" {
		return "1/2-1/2"
	}
	for _, r := range results {
		if string(b) == r {
			return r
		}
	}
	return ""
}

// startPosition sets up the root from the FEN, SetUp and Variant tags.
func (p *parser) startPosition() (chess.Position, bool) {
	g := p.g
	variant, played := variantOf(g.Tag("Variant"), &p.opt)
	g.Variant = variant
	if !played {
		if p.opt.SkipUnknownVariants {
			g.Skipped = true
			return chess.Position{}, false
		}
		p.errorf(0, "unsupported variant", []byte(g.Tag("Variant")))
		return chess.Position{}, false
	}
	c960 := variant == VariantChess960
	pos := chess.StartPosition()
	if fen := g.Tag("FEN"); fen != "" {
		var err error
		if variant == VariantThreeCheck {
			// lichess's check counters (chess.ParseThreeCheckFEN): the checks given so far
			if fen, g.StartChecks, err = chess.SplitThreeCheckFEN(fen); err != nil {
				p.errorf(0, "bad FEN: "+err.Error(), []byte(g.Tag("FEN")))
				return chess.Position{}, false
			}
		}
		pos, err = ParseFENTag(fen)
		if err != nil {
			var fe *chess.FENError
			reason := err.Error()
			if errors.As(err, &fe) {
				reason = "bad FEN: " + fe.Detail()
			}
			p.errorf(0, reason, []byte(fen))
			return chess.Position{}, false
		}
		if pos.NotToMoveInCheck() {
			p.g.Warnings = append(p.g.Warnings, p.problem(0, "FEN: the side not to move is in check", []byte(fen)))
		}
	}
	if c960 {
		pos.SetChess960(true)
	}
	return pos, true
}

// newNode appends a node without a note; the caller sets the other fields.
func (p *parser) newNode() int32 { return p.g.grow() }

func isNullMove(w []byte) bool {
	switch string(w) {
	case "--", "Z0", "0000", "@@@@", "<>", "null", "pass":
		return true
	}
	return false
}

// movetext reads the move text, replaying moves as it goes.
func (p *parser) movetext(more bool) {
	g := p.g
	tok := &p.tok
	data := p.data
	pos, ok := p.startPosition()
	if !ok {
		// Without a start position nothing can be replayed; still find the result.
		for ; more; more = p.tz.Next(tok) {
			if tok.Kind == KindResult {
				g.Result = resultString(data[tok.A:tok.B])
			}
		}
		return
	}
	root := p.newNode()
	p.lastChild = append(p.lastChild[:0], -1)
	nd := &g.Nodes[root]
	nd.Pos, nd.Move, nd.Parent, nd.FirstChild, nd.NextSibling, nd.Ply, nd.Variation = pos, chess.NoMove, -1, -1, -1, 0, false
	variations := p.opt.Variations
	cur := root       // the node the next move follows
	last := int32(-1) // the last move on the current line, -1 before the first
	pendingBefore := -1
	var pendingStart, pendingEnd int32
	dead := false    // the current line hit an error: skip to its end
	depth := 0       // variation nesting
	skipDepth := -1  // skipping variations at depth > skipDepth
	skipPop := false // the skipped variation pushed onto the stack
	p.stack = p.stack[:0]
	p.opens = p.opens[:0]
	lateResult := ""
	for ; more; more = p.tz.NextFast(tok) {
		if depth == 0 && !dead && pendingBefore < 0 && (tok.Kind == KindMove || tok.Kind == KindMoveNumber) {
			// Plain main-line move text: the fast loop takes it as far as it can.
			cur, more = p.mainLine(cur)
			if cur != root {
				last = cur
			}
			if !more {
				break
			}
		}
		switch tok.Kind {
		case KindMove:
			if dead || depth > 0 && !variations || skipDepth >= 0 && depth > skipDepth {
				continue
			}
			if len(g.Nodes) >= p.opt.MaxNodes {
				p.errorf(tok.Start, "too many moves in one game", nil)
				dead = true
				continue
			}
			w := data[tok.A:tok.B]
			parent := &g.Nodes[cur]
			var m chess.Move
			if isNullMove(w) {
				m = chess.NullMove
			} else {
				var err error
				m, err = parent.Pos.ParseSAN(w)
				if err != nil {
					reason := err.Error()
					var se *chess.SANError
					if errors.As(err, &se) {
						reason = se.Reason
					}
					p.errorf(tok.Start, reason, w)
					if depth > 0 {
						// Only this variation is lost.
						skipDepth, skipPop = depth-1, true
					} else {
						dead = true
					}
					continue
				}
			}
			i := p.newNode()
			parent = &g.Nodes[cur] // newNode may have moved the slice
			n := &g.Nodes[i]
			n.Pos = parent.Pos
			n.Pos.Play(m)
			n.Move, n.Parent, n.FirstChild, n.NextSibling = m, cur, -1, -1
			n.Ply = parent.Ply + 1
			n.Variation = depth > 0
			if parent.FirstChild < 0 {
				parent.FirstChild = i
			} else {
				g.Nodes[p.lastChild[cur]].NextSibling = i
			}
			p.lastChild[cur] = i
			p.lastChild = append(p.lastChild, -1)
			if pendingBefore >= 0 {
				p.refs = append(p.refs, strRef{node: i, before: true, start: pendingStart, end: pendingEnd})
				pendingBefore = -1
			}
			cur, last = i, i
		case KindComment:
			if tok.Flags&FlagUnterminated != 0 {
				p.errorf(tok.Start, "unterminated comment", nil)
			}
			if dead || skipDepth >= 0 && depth > skipDepth || !variations && depth > 0 {
				continue
			}
			txt := bytes.TrimSpace(data[tok.A:tok.B])
			if len(txt) == 0 {
				continue
			}
			start := int32(len(p.arena))
			p.arena = append(p.arena, txt...)
			end := int32(len(p.arena))
			switch {
			case last >= 0:
				p.refs = append(p.refs, strRef{node: last, line: lineComment(data, tok.A), start: start, end: end})
			case depth == 0:
				p.refs = append(p.refs, strRef{node: root, line: lineComment(data, tok.A), start: start, end: end})
			case pendingBefore >= 0:
				// Two comments before a move: join them in the arena.
				p.arena = append(p.arena[:start], ' ')
				p.arena = append(p.arena, txt...)
				pendingEnd = int32(len(p.arena))
			default:
				pendingBefore, pendingStart, pendingEnd = 1, start, end
			}
		case KindNAG:
			if dead || last < 0 || skipDepth >= 0 && depth > skipDepth || !variations && depth > 0 {
				continue
			}
			nt := g.noteOf(last)
			nt.nags = append(nt.nags, tok.NAG)
		case KindOpen:
			depth++
			if len(p.opens) < p.opt.MaxDepth {
				p.opens = append(p.opens, tok.Start)
			}
			if !variations || dead || skipDepth >= 0 && depth > skipDepth+1 {
				continue
			}
			if depth > p.opt.MaxDepth {
				p.errorf(tok.Start, "variations nested too deeply", nil)
				skipDepth, skipPop = depth-1, false
				continue
			}
			if last < 0 {
				p.errorf(tok.Start, "variation before the first move", nil)
				skipDepth, skipPop = depth-1, false
				continue
			}
			// The variation replaces the last move: continue from its parent.
			p.stack = append(p.stack, last)
			cur = g.Nodes[last].Parent
			last = -1
			pendingBefore = -1
		case KindClose:
			if depth == 0 {
				p.errorf(tok.Start, "unmatched )", nil)
				continue
			}
			depth--
			if len(p.opens) > depth {
				p.opens = p.opens[:depth]
			}
			if !variations {
				continue
			}
			if skipDepth >= 0 {
				if depth > skipDepth {
					continue
				}
				if depth == skipDepth {
					skipDepth = -1
					if !skipPop {
						continue
					}
				}
			}
			if dead {
				continue
			}
			last = p.stack[len(p.stack)-1]
			p.stack = p.stack[:len(p.stack)-1]
			cur = last
			pendingBefore = -1
		case KindResult:
			if depth > 0 {
				lateResult = resultString(data[tok.A:tok.B])
				continue // some annotators end variations with a result
			}
			g.Result = resultString(data[tok.A:tok.B])
			return
		case KindMoveNumber, KindEscape:
		case KindTag:
			if last >= 0 || depth > 0 || len(g.Nodes) > 1 {
				// The splitter starts a new game at a tag after moves.
				p.errorf(tok.Start, "tag pair inside the move text", data[tok.Start:tok.End])
				return
			}
			// A tag after a comment or stray text in the header.
			g.Tags = append(g.Tags, Tag{Name: string(data[tok.A:tok.B]), Value: unescapeTag(data[tok.C:tok.D], tok.Flags)})
		case KindUnknown:
			p.errorf(tok.Start, "unexpected text", data[tok.A:tok.B])
		}
	}
	if depth > 0 {
		at := len(data)
		if len(p.opens) > 0 {
			at = p.opens[len(p.opens)-1]
		}
		p.errorf(at, "unterminated variation", nil)
		if lateResult != "" {
			// The result ended the game inside the unclosed variation.
			g.Result = lateResult
			return
		}
	}
	if len(g.Nodes) > 1 || len(g.Tags) > 0 {
		p.errorf(len(data), "missing result", nil)
	}
}

// mainLine replays plain main-line move text from the current token on: move numbers and
// moves, which are nearly all of most games. It tokenizes them itself, exactly as NextFast
// would, without filling a Token per word. It stops before anything else (a comment, a
// variation, a result, a move it cannot play, the node limit) and leaves that token in
// p.tok for the general loop, which reports any problem. It returns the last node and
// whether a token is left.
func (p *parser) mainLine(cur int32) (int32, bool) {
	g := p.g
	buf := p.data
	n := len(buf)
	pos := p.tok.Start
	for {
		for pos < n && class[buf[pos]]&cSpace != 0 {
			pos++
		}
		if pos >= n {
			break
		}
		c := buf[pos]
		if sanStart[c] {
			q := pos + 1 // the word's end, as NextFast finds it
			if k := 7; pos+8 <= n {
				k = bits.TrailingZeros8(^(mask8((*[8]byte)(buf[pos:pos+8]), &wordByte) >> 1))
				q += k
				if k == 7 {
					q = skipWhile(buf, q, &wordByte)
				}
			} else {
				q = skipWhile(buf, q, &wordByte)
			}
			if q-pos < 2 || (q < n && buf[q] >= 0x80) || (q-pos > 4 && buf[q-2] == '-') ||
				len(g.Nodes) >= p.opt.MaxNodes {
				break
			}
			m, err := g.Nodes[cur].Pos.ParseSAN(buf[pos:q])
			if err != nil {
				break
			}
			i := p.newNode()
			parent := &g.Nodes[cur]
			nd := &g.Nodes[i]
			nd.Pos = parent.Pos
			nd.Pos.Play(m)
			nd.Move, nd.Parent, nd.FirstChild, nd.NextSibling = m, cur, -1, -1
			nd.Ply = parent.Ply + 1
			nd.Variation = false
			parent.FirstChild = i
			p.lastChild[cur] = i
			p.lastChild = append(p.lastChild, -1)
			cur = i
			pos = q
			continue
		}
		if class[c]&cDigit == 0 {
			break
		}
		q := pos + 1
		for q < n && class[buf[q]]&cDigit != 0 {
			q++
		}
		if q >= n || buf[q] != '.' {
			break
		}
		for q < n && buf[q] == '.' {
			q++
		}
		if q < n && buf[q] == 0xE2 {
			break
		}
		pos = q
	}
	p.tz.pos = pos
	return cur, p.tz.NextFast(&p.tok)
}

// maxErrors is the most problems reported for one game.
const maxErrors = 50

// errorf records a problem at byte offset off of the game.
func (p *parser) errorf(off int, reason string, text []byte) {
	g := p.g
	data := p.data
	if len(g.Errors) >= maxErrors {
		return
	}
	if len(g.Errors) == maxErrors-1 {
		reason, text = "too many problems: the rest of the game is not reported", nil
	}
	if off > len(data) {
		off = len(data)
	}
	// Report the end of input at the last non-space byte.
	if off == len(data) {
		for off > 0 && class[data[off-1]]&cSpace != 0 {
			off--
		}
	}
	g.Errors = append(g.Errors, p.problem(off, reason, text))
}

// problem makes the Error for byte offset off of the game.
func (p *parser) problem(off int, reason string, text []byte) *Error {
	g, data := p.g, p.data
	line := g.Line + countLines(data[:off])
	col := off - max(bytes.LastIndexByte(data[:off], '\n'), bytes.LastIndexByte(data[:off], '\r'))
	if len(text) > 40 {
		text = append(text[:37:37], "..."...)
	}
	return &Error{
		File: g.File, Line: line, Col: col, Game: g.Number, Offset: g.Offset + int64(off),
		Reason: reason, Text: string(text),
	}
}

var (
	nl   = []byte{'\n'}
	cr   = []byte{'\r'}
	crlf = []byte{'\r', '\n'}
)

// countLines counts line ends: LF, CRLF, and the CR alone of old Mac files. Files without a
// CR pay for one extra vectorised count.
func countLF(b []byte) int { return bytes.Count(b, nl) }

func countLines(b []byte) int {
	n := bytes.Count(b, nl)
	if c := bytes.Count(b, cr); c > 0 {
		n += c - bytes.Count(b, crlf)
	}
	return n
}

func unescapeTag(v []byte, flags uint8) string {
	if flags&FlagEscaped == 0 {
		return string(v)
	}
	out := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) && (v[i+1] == '"' || v[i+1] == '\\') {
			i++
		}
		out = append(out, v[i])
	}
	return string(out)
}
