package pgn

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"sync"
)

// span is one game's bytes within a block.
type span struct {
	start, end int
	line       int   // 1-based line of start
	number     int   // 1-based game number
	tooLarge   bool  // cut at MaxGameBytes
	cutInTags  bool  // tooLarge, and the cut fell before the game's move text: it is skipped
	offset     int64 // file offset of start
}

// Game splitting states.
const (
	stBetween = iota // no game yet, or after a result
	stTags
	stMoves
)

// split applies one token to the game-splitting state machine shared by both
// splitters: state and depth (variation nesting) say where we are, cur is the
// start of the current game (-1 before the first), and a finished game's span
// is appended to spans. pend is the start of the first comment after a result
// (-1 if none): a game without tags that follows takes it as its comment before
// the first move, rather than leaving it after the previous game's result.
func split(tok *Token, spans []span, state, depth, cur, pend *int) []span {
	switch tok.Kind {
	case KindTag:
		if *state != stTags {
			if *cur >= 0 {
				spans = append(spans, span{start: *cur, end: tok.Start})
			}
			*cur = tok.Start
			*state, *depth, *pend = stTags, 0, -1
		}
	case KindComment:
		if *state == stBetween && *pend < 0 {
			*pend = tok.Start
		}
	case KindEscape, KindUnknown:
	case KindResult:
		if *state != stBetween && *depth == 0 {
			*state = stBetween
		}
	default:
		switch *state {
		case stBetween:
			start := tok.Start
			if *pend >= 0 {
				start = *pend
			}
			if *cur >= 0 {
				spans = append(spans, span{start: *cur, end: start})
			}
			*cur = start
			*state, *depth, *pend = stMoves, 0, -1
		case stTags:
			*state = stMoves
		}
		switch tok.Kind {
		case KindOpen:
			*depth++
		case KindClose:
			if *depth > 0 {
				*depth--
			}
		}
	}
	return spans
}

// lastGame ends a split of n bytes whose last game starts at cur (-1: no game): a final
// block keeps it, any other leaves it, from rest on, for the next block.
func lastGame(spans []span, cur, n int, final bool) (_ []span, rest int) {
	if cur < 0 {
		return spans, n
	}
	if final {
		return append(spans, span{start: cur, end: n}), n
	}
	return spans, cur
}

// Byte classes of the move-text skipper.
const (
	skPlain   = iota
	skSpace   // ends a token
	skSpecial // may change the splitter's state
)

var skipClass = func() (c [256]uint8) {
	for i := range c {
		if class[i]&cSpace != 0 {
			c[i] = skSpace
		}
	}
	for _, b := range []byte("{;%[()*-/") {
		c[b] = skSpecial
	}
	return
}()

// skipSpecial is 1 for the bytes skipClass calls special.
var skipSpecial = func() (t [256]uint8) {
	for i, c := range skipClass {
		if c == skSpecial {
			t[i] = 1
		}
	}
	return
}()

// splitGames finds the games in buf and appends their spans (start and end only). Unless
// final, the last game may be incomplete: it is not appended and rest is where it starts.
// It gives what splitGamesRef (in the tests) gives token by token, faster: inside move text
// it skips bytes that cannot change its state and tokenizes only around '-', '/' and '*',
// from the start of the token they belong to.
func splitGames(tz *Tokenizer, buf []byte, final bool, spans []span) ([]span, int) {
	tz.Reset(buf)
	var tok Token
	state := stBetween
	depth := 0
	cur, pend := -1, -1
	n := len(buf)
	for {
		if state == stMoves {
			// Skip move text; p is a token boundary when it is lastStart.
			// lastStart is where the token at p starts, at most: after the last special
			// byte handled; a space after it moves the start on (see the '-' case).
			p := tz.pos
			lastStart := p
		skip:
			for p < n {
				// Eight bytes at a time while none is special: nearly all move text.
				for p+8 <= n {
					if mask8((*[8]byte)(buf[p:p+8]), &skipSpecial) != 0 {
						break
					}
					p += 8
				}
				if p == n {
					break
				}
				if skipClass[buf[p]] != skSpecial {
					p++
					continue
				}
				switch buf[p] {
				case '{':
					tz.comment(&tok, p)
					if !final && tok.End >= n {
						return spans, cur
					}
					p = tok.End
					lastStart = p
				case ';':
					for p < n && buf[p] != '\n' && buf[p] != '\r' {
						p++
					}
					lastStart = p
				case '%':
					if p == 0 || buf[p-1] == '\n' || buf[p-1] == '\r' {
						for p < n && buf[p] != '\n' && buf[p] != '\r' {
							p++
						}
					} else {
						p++
					}
					lastStart = p
				case '(':
					depth++
					p++
					lastStart = p
				case ')':
					if depth > 0 {
						depth--
					}
					p++
					lastStart = p
				case '[':
					break skip // a tag: back to tokens
				case '*':
					if depth == 0 {
						p++
						state = stBetween
						break skip
					}
					p++
					lastStart = p
				default: // '-' or '/': maybe a result; read the token it is in
					for q := p; q > lastStart; q-- {
						if skipClass[buf[q-1]] == skSpace {
							lastStart = q
							break
						}
					}
					tz.pos = lastStart
					for tz.Next(&tok) && tok.End <= p {
					}
					if !final && tok.End >= n {
						return spans, cur
					}
					p = tok.End
					lastStart = p
					if tok.Kind == KindResult && depth == 0 {
						state = stBetween
						break skip
					}
				}
			}
			tz.pos = p
			if p >= n {
				break
			}
		}
		if state == stTags {
			// Tag pairs one after another change nothing: read them without Next's dispatch.
			p := tz.pos
			for {
				for p < n && class[buf[p]]&cSpace != 0 {
					p++
				}
				if p >= n || buf[p] != '[' {
					break
				}
				tok.Start, tok.Flags = p, 0
				tz.tag(&tok, p)
				if !final && tok.End >= n {
					return spans, cur // the tag may continue in the next block
				}
				p = tok.End
			}
			tz.pos = p
		}
		if !tz.Next(&tok) {
			break
		}
		if !final && tok.End >= n {
			break // the token may continue in the next block
		}
		spans = split(&tok, spans, &state, &depth, &cur, &pend)
	}
	return lastGame(spans, cur, len(buf), final)
}

// chunk is a block of whole games handed to a worker.
type chunk[R any] struct {
	seq   int
	data  []byte
	spans []span
	res   []R
	games []Game // Scan: the parsed games, kept until emitted
	arena []Node // Scan: the nodes of those games
	err   error  // a read error after the games of this chunk
	crash error  // proc panicked: the chunk's results are incomplete
}

// pipeline reads games from r in blocks, processes blocks in parallel and
// emits them in order.
type pipeline[R any] struct {
	opt  Options
	file string
	r    io.Reader
	// proc handles a chunk in a worker; emit handles it in file order.
	proc func(p *parser, worker int, c *chunk[R])
	emit func(c *chunk[R]) error

	splitCrash error // split panicked; read after its goroutine has ended
}

// internalError is a panic caught in a pipeline goroutine, which would otherwise end the
// process without letting the caller clean up (temporary output files): the run fails with it.
func internalError(file string, p any) error {
	return fmt.Errorf("%s: internal error while reading games (please report it): %v\n%s", file, p, debug.Stack())
}

// safeProc runs proc on c, turning a panic into c.crash. The parser may be left in any
// state by a panic, so it is replaced.
func (pl *pipeline[R]) safeProc(p **parser, worker int, c *chunk[R]) {
	defer func() {
		if r := recover(); r != nil {
			c.crash = internalError(pl.file, r)
			*p = &parser{opt: pl.opt}
		}
	}()
	pl.proc(*p, worker, c)
}

func (pl *pipeline[R]) run(ctx context.Context) error {
	opt := pl.opt
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	nchunks := 2*workers + 2
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	free := make(chan *chunk[R], nchunks)
	for i := 0; i < nchunks; i++ {
		free <- &chunk[R]{}
	}
	work := make(chan *chunk[R], nchunks)
	done := make(chan *chunk[R], nchunks)
	go pl.split(ctx, free, work)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			p := &parser{opt: opt}
			for c := range work {
				c.crash = nil
				if ctx.Err() == nil {
					pl.safeProc(&p, w, c)
				}
				done <- c
			}
		}(w)
	}
	go func() { wg.Wait(); close(done) }()
	pending := map[int]*chunk[R]{}
	next := 0
	var err error
	for c := range done {
		pending[c.seq] = c
		for {
			c, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if err == nil {
				// Once cancelled, a worker may have skipped this chunk.
				if err = ctx.Err(); err == nil {
					err = c.crash
				}
				if err == nil {
					err = pl.emit(c)
				}
				if err == nil && c.err != nil {
					err = c.err
				}
				if err != nil {
					cancel()
				}
			}
			free <- c
		}
	}
	if err == nil {
		err = pl.splitCrash
	}
	if err == nil {
		// Cancelled before a chunk was cut (or between the last one and the end of the
		// input): the input was not read to its end, so the scan did not complete.
		// Only the caller's context can be done here: this one is cancelled on errors.
		err = ctx.Err()
	}
	return err
}

// split reads blocks, cuts them at game boundaries and sends them to work.
func (pl *pipeline[R]) split(ctx context.Context, free, work chan *chunk[R]) {
	defer close(work)
	defer func() {
		if r := recover(); r != nil {
			pl.splitCrash = internalError(pl.file, r)
		}
	}()
	opt := pl.opt
	block := opt.BlockSize
	if block <= 0 {
		block = 1 << 20
	}
	var tz Tokenizer
	tz.nested = opt.NestedComments
	var carry []byte
	offset := opt.OffsetBefore  // file offset of carry[0]
	line := 1 + opt.LinesBefore // line of carry[0]
	number := opt.GamesBefore
	eof := false
	resync := false // after a cut: drop bytes up to the next tag line
	// After a cut inside the tags, the tag lines left of that game are dropped first:
	// a tag line there continues the game, it does not start the next one.
	var tags tagSkipper
	for seq := 0; !eof; seq++ {
		var c *chunk[R]
		select {
		case c = <-free:
		case <-ctx.Done():
			return
		}
		c.seq = seq
		c.err = nil
		c.spans = c.spans[:0]
		c.data = append(c.data[:0], carry...)
		for {
			// Fill up to the block size.
			// Grow geometrically while no whole game fits: rescanning stays linear.
			want := len(c.data) + max(block, len(c.data))
			if cap(c.data) < want {
				nd := make([]byte, len(c.data), want)
				copy(nd, c.data)
				c.data = nd
			}
			for len(c.data) < want && !eof {
				n, err := pl.r.Read(c.data[len(c.data):want])
				c.data = c.data[:len(c.data)+n]
				if err == io.EOF {
					eof = true
				} else if err != nil {
					c.err = fmt.Errorf("%s: %w", pl.file, err)
					eof = true
				}
			}
			if resync && tags.on {
				i := tags.skip(c.data)
				if i == len(c.data) && !eof {
					offset += int64(i)
					line += countLines(c.data)
					c.data = c.data[:0]
					carry = carry[:0]
					continue
				}
				// The game's move text starts at i (just after a line end: no tag starts there).
				tags.on = false
				offset += int64(i)
				line += countLines(c.data[:i])
				c.data = c.data[:copy(c.data, c.data[i:])]
			}
			if resync {
				// Skip the rest of an oversized game: up to a tag at a line start.
				i := bytes.Index(c.data, nlBracket)
				if i < 0 && !eof {
					// Drop all but the last byte: it may be the newline of a "\n[" cut
					// in two by the read, and losing it would skip the next game too.
					drop := max(len(c.data)-1, 0)
					offset += int64(drop)
					line += countLines(c.data[:drop])
					c.data = c.data[:copy(c.data, c.data[drop:])]
					carry = carry[:0]
					continue
				}
				if i < 0 {
					i = len(c.data) - 1
				}
				offset += int64(i + 1)
				line += countLines(c.data[:i+1])
				c.data = c.data[:copy(c.data, c.data[i+1:])]
				resync = false
			}
			var rest int
			c.spans, rest = splitGames(&tz, c.data, eof, c.spans[:0])
			if len(c.spans) > 0 || eof {
				carry = append(carry[:0], c.data[rest:]...)
				c.data = c.data[:rest]
				// The chunk grows geometrically, so a game over the limit can arrive whole:
				// cut it at the limit too, as when it arrives in pieces.
				for i := range c.spans {
					if s := &c.spans[i]; s.end-s.start > opt.MaxGameBytes {
						s.end, s.tooLarge = s.start+opt.MaxGameBytes, true
						s.cutInTags = cutInTags(&tz, c.data[s.start:s.end])
					}
				}
				break
			}
			if len(c.data) >= opt.MaxGameBytes {
				// One game larger than allowed: cut it at the limit.
				end := min(len(c.data), rest+opt.MaxGameBytes)
				inTags := cutInTags(&tz, c.data[rest:end])
				c.spans = append(c.spans[:0], span{start: rest, end: end, tooLarge: true, cutInTags: inTags})
				carry = append(carry[:0], c.data[end:]...) // the rest of the game: dropped by the resync
				c.data = c.data[:end]
				resync = true
				tags = tagSkipper{on: inTags, midLine: end > 0 && c.data[end-1] != '\n'}
				break
			}
			// No whole game yet: read more into the same chunk.
			carry = append(carry[:0], c.data...)
		}
		// Number the games and find their lines and offsets.
		pos := 0
		count := countLines
		if bytes.IndexByte(c.data, '\r') < 0 {
			count = countLF // one pass per game instead of two
		}
		for i := range c.spans {
			s := &c.spans[i]
			line += count(c.data[pos:s.start])
			offset += int64(s.start - pos)
			pos = s.start
			number++
			s.number, s.line, s.offset = number, line, offset
		}
		line += count(c.data[pos:])
		offset += int64(len(c.data) - pos)
		work <- c
	}
}

func (p *parser) parseSpan(c []byte, s *span, g *Game, file string) {
	g.File, g.Number, g.Offset, g.Line = file, s.number, s.offset, s.line
	p.parse(c[s.start:s.end], g)
	if s.tooLarge {
		p.cutProblems(len(c[s.start:s.end]), s.cutInTags)
		g.Cut = true
	}
}

// cutInTags says whether a game cut at the size limit (b is what was kept) was cut before
// its move text: in its tags, or in a tag or comment among them.
func cutInTags(tz *Tokenizer, b []byte) bool {
	tz.Reset(b)
	var tok Token
	for tz.Next(&tok) {
		switch tok.Kind {
		case KindTag, KindEscape, KindUnknown:
		case KindComment:
			if tok.End >= len(b) {
				return false // cut in a comment: reported as that, the positions before it kept
			}
		default:
			return false
		}
	}
	return true
}

// tagSkipper drops, after a cut inside a game's tags, the rest of the line the cut fell in
// and the tag lines and blank lines after it, up to the first line of move text.
type tagSkipper struct {
	on      bool
	midLine bool // the cut fell inside a line: its rest is not a line start
	inLine  bool // inside a tag line (or the cut one)
}

// skip consumes b and returns where the move text begins, or len(b) if all of b was
// tags (the state carries over to the next call).
func (t *tagSkipper) skip(b []byte) int {
	i := 0
	if t.midLine {
		t.inLine = true
		t.midLine = false
	}
	for i < len(b) {
		c := b[i]
		if t.inLine {
			if j := bytes.IndexByte(b[i:], '\n'); j >= 0 {
				i += j + 1
				t.inLine = false
				continue
			}
			return len(b)
		}
		switch c {
		case ' ', '\t', '\r', '\n':
			i++
		case '[':
			t.inLine = true
		default:
			// Move text (or a comment) begins this line: back to its start, after the
			// last line end, so that the search for the next game sees none of it as a tag.
			for i > 0 && b[i-1] != '\n' {
				i--
			}
			return i
		}
	}
	return len(b)
}

// cutProblems reports a game cut at the per-game size limit as that: the unterminated
// comment or variation and the missing result the cut made are not the file's problems.
// A comment the cut fell in is named, since that is what made the game so large.
func (p *parser) cutProblems(end int, inTags bool) {
	g := p.g
	limit := p.opt.MaxGameBytes
	kept := g.Errors[:0]
	inComment := false
	if inTags {
		// Its tags are incomplete: a query would be answered about a game that is not the
		// file's. The tag the cut fell in and the missing result are not the file's problems.
		g.Nodes = g.Nodes[:0]
		lastTag := g.Offset + int64(bytes.LastIndexByte(p.data[:end], '['))
		for _, err := range g.Errors {
			e, ok := err.(*Error)
			if !ok || e.Reason != "missing result" && e.Offset != lastTag {
				kept = append(kept, err)
			}
		}
		g.Errors = append(kept, p.problem(end, fmt.Sprintf("game larger than the per-game limit of %d bytes, cut inside its tags: skipped", limit), nil))
		return
	}
	for _, err := range g.Errors {
		if e, ok := err.(*Error); ok {
			switch e.Reason {
			case "unterminated comment":
				e.Reason = fmt.Sprintf("comment runs past the per-game limit of %d bytes: the game is cut there", limit)
				inComment = true
			case "unterminated variation", "missing result":
				continue
			}
		}
		kept = append(kept, err)
	}
	g.Errors = kept
	if !inComment {
		p.errorf(end, fmt.Sprintf("game larger than the per-game limit of %d bytes: cut", limit), nil)
	}
}

// Scan reads the games of r (named file in messages) and calls fn for each,
// in file order, one call at a time. Parsing and replay run in parallel.
// g is valid only during the call. Problems in a game are in g.Errors and
// do not stop the scan; an error returned by fn or by reading r does.
func Scan(ctx context.Context, r io.Reader, file string, opt Options, fn func(g *Game) error) error {
	opt = opt.withDefaults()
	if opt.BlockSize <= 0 {
		opt.BlockSize = 128 << 10 // the games of a block are kept until emitted
	}
	pl := &pipeline[struct{}]{opt: opt, file: file, r: r}
	pl.proc = func(p *parser, _ int, c *chunk[struct{}]) {
		if cap(c.games) < len(c.spans) {
			c.games = append(c.games[:cap(c.games)], make([]Game, len(c.spans)-cap(c.games))...)
		}
		c.games = c.games[:len(c.spans)]
		// The games of a chunk share one node arena, so that memory follows
		// the chunk's size rather than the longest game each slot ever held.
		used, need := 0, 0
		for i := range c.spans {
			g := &c.games[i]
			g.Nodes = c.arena[used:used]
			p.parseSpan(c.data, &c.spans[i], g, file)
			need += len(g.Nodes)
			if cap(g.Nodes) == cap(c.arena)-used {
				used += len(g.Nodes)
			}
		}
		if need > cap(c.arena) {
			// Games that did not fit got their own slices this time.
			c.arena = make([]Node, 0, need+need/4)
		}
	}
	pl.emit = func(c *chunk[struct{}]) error {
		for i := range c.games {
			if err := fn(&c.games[i]); err != nil {
				return err
			}
		}
		return nil
	}
	return stopOK(pl.run(ctx))
}

func stopOK(err error) error {
	if errors.Is(err, ErrStop) {
		return nil
	}
	return err
}

// ScanParallel reads the games of r like Scan, but calls work concurrently in
// the worker goroutines (worker is 0..Workers-1) on each game, and emit with
// the results in file order, one call at a time. g is valid only during work.
func ScanParallel[R any](ctx context.Context, r io.Reader, file string, opt Options,
	work func(worker int, g *Game) R, emit func(R) error) error {
	opt = opt.withDefaults()
	pl := &pipeline[R]{opt: opt, file: file, r: r}
	pl.proc = func(p *parser, w int, c *chunk[R]) {
		g := &p.scratch // the worker's game: its buffers stay warm
		c.res = c.res[:0]
		for i := range c.spans {
			p.parseSpan(c.data, &c.spans[i], g, file)
			c.res = append(c.res, work(w, g))
		}
	}
	pl.emit = func(c *chunk[R]) error {
		for _, r := range c.res {
			if err := emit(r); err != nil {
				return err
			}
		}
		var zero R
		for i := range c.res {
			c.res[i] = zero // let results be collected
		}
		return nil
	}
	return stopOK(pl.run(ctx))
}

// ErrStop may be returned by a callback to end a scan early without error.
var ErrStop = errors.New("stop")
