package filter

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// String filters: ~~ and its capture groups, indexing, conversions, files,
// assert and the game-annotation filters (settag, removecomment, ...). None
// of them allocates unless the script builds a new string (str, +, lowercase
// of a string with capitals, ...).

// ---- runtime failures ----

// RuntimeError is a failure that stops the whole run (assert, readfile of a
// missing file, ...): it names the game, the position and the filter.
type RuntimeError struct {
	File   string
	Game   int
	Ply    int
	Move   string // SAN of the move that led to the position, "" at the start
	Source query.Pos
	Msg    string
}

func (r *RuntimeError) Error() string {
	where := fmt.Sprintf("game %d", r.Game)
	if r.File != "" {
		where = r.File + ": " + where
	}
	at := "the start position"
	if r.Ply > 0 {
		at = fmt.Sprintf("ply %d", r.Ply)
		if r.Move != "" {
			at += " (after " + r.Move + ")"
		}
	}
	return fmt.Sprintf("%s, %s: query %d:%d: %s", where, at, r.Source.Line, r.Source.Col, r.Msg)
}

// fail records the first runtime failure of the game; Game stops at it.
func (e *Evaluator) fail(at query.Pos, format string, args ...any) {
	if e.err != nil {
		return
	}
	re := &RuntimeError{Source: at, Msg: fmt.Sprintf(format, args...)}
	if e.g != nil {
		re.File, re.Game = e.g.File, e.g.Number
		nd := &e.g.Nodes[e.cur]
		re.Ply = int(nd.Ply)
		if nd.Parent >= 0 {
			re.Move = e.g.Nodes[nd.Parent].Pos.SAN(nd.Move)
		}
	}
	e.err = re
}

// DefaultMaxString is the largest string, in bytes, a query may build or
// read (Options.MaxString): a string grown past it (x += x in a loop, a
// readfile of /dev/zero) stops the run with an error naming the filter,
// where Go would end the process with "out of memory".
const DefaultMaxString = 64 << 20

// tooLong reports whether a string of n bytes that the filter what at the
// place at is about to make is over the query's limit, and then stops the
// run.
func (e *Evaluator) tooLong(at query.Pos, what string, n int) bool {
	if n <= e.maxString() {
		return false
	}
	e.fail(at, "%s: the string would have %d bytes, more than %s, the largest string a query may hold", what, n, byteSize(e.maxString()))
	return true
}

func (e *Evaluator) maxString() int {
	if e.q.maxString > 0 {
		return e.q.maxString
	}
	return DefaultMaxString
}

// byteSize writes n bytes as CQL's users read sizes: "64 MiB", or bytes.
func byteSize(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Err returns the runtime failure that stopped the last Game, or nil. After
// a failure the run must stop: later games would see inconsistent state.
func (e *Evaluator) Err() error {
	if e.err == nil {
		return nil
	}
	return e.err
}

// ---- ~~ and capture groups ----

// matchNode is `X ~~ "re"`: the leftmost match in X. It records the target
// and the group offsets for \N and \-N.
type matchNode struct {
	x  []strNode // the string matched (one; several match when any does)
	re *regexp.Regexp
	// seq: re is ".*L1.*L2...*" (dotStarLiterals), matched without it on a
	// string without a newline.
	seq   []string
	isSeq bool
	// pat, for CQLi's pattern given by a string filter (re is then nil),
	// is compiled at each evaluation (Evaluator.regexpOf keeps them).
	pat strNode
	at  query.Pos
}

// regexp is n's pattern: re, or pat's value compiled; false when pat has
// no value, and a run-time error when it is no regular expression.
func (n *matchNode) regexp(e *Evaluator) (*regexp.Regexp, bool) {
	if n.pat == nil {
		return n.re, true
	}
	p, ok := n.pat.str(e)
	if !ok {
		return nil, false
	}
	if re, ok := e.regexps[p]; ok {
		return re, true
	}
	re, err := regexp.Compile(p)
	if err != nil {
		e.fail(n.at, "the pattern of ~~, %q, is not a regular expression: %v", p, err)
		return nil, false
	}
	if e.regexps == nil || len(e.regexps) >= 1024 {
		e.regexps = map[string]*regexp.Regexp{} // a bound on a script that makes a pattern per position
	}
	e.regexps[p] = re
	return re, true
}

func (n *matchNode) str(e *Evaluator) (string, bool) {
	re, ok := n.regexp(e)
	if !ok {
		return "", false
	}
	for _, x := range n.x {
		s, ok := x.str(e)
		if !ok {
			continue
		}
		if n.isSeq && strings.IndexByte(s, '\n') < 0 {
			if !literalsInOrder(s, n.seq) {
				continue
			}
			e.seqLoc = [2]int{0, len(s)}
			e.capTarget, e.capLoc, e.capRe = s, e.seqLoc[:], n.re
			return s, true
		}
		// FindStringSubmatchIndex allocates its result; match-less strings do not.
		if loc := re.FindStringSubmatchIndex(s); loc != nil {
			e.capTarget, e.capLoc, e.capRe = s, loc, re
			return s[loc[0]:loc[1]], true
		}
	}
	return "", false
}
func (n *matchNode) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// captureNode is `\N`: group N of the last successful ~~.
type captureNode int

func (n captureNode) str(e *Evaluator) (string, bool) {
	i := 2 * int(n)
	if i+1 >= len(e.capLoc) || e.capLoc[i] < 0 {
		return "", false
	}
	return e.capTarget[e.capLoc[i]:e.capLoc[i+1]], true
}
func (n captureNode) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// namedCapture is CQLi's `\{name}` (or `\-{name}` when index): the group of
// that name in the pattern of the last successful ~~, as \N and \-N; it
// fails when that pattern has no such group.
type namedCapture struct {
	name  string
	index bool
}

func (n namedCapture) group(e *Evaluator) (int, bool) {
	if e.capRe == nil {
		return 0, false
	}
	i := e.capRe.SubexpIndex(n.name)
	return i, i >= 0
}

func (n namedCapture) str(e *Evaluator) (string, bool) {
	if i, ok := n.group(e); ok && !n.index {
		return captureNode(i).str(e)
	}
	return "", false
}

func (n namedCapture) num(e *Evaluator) (int, bool) {
	if i, ok := n.group(e); ok && n.index {
		return captureIndex(i).num(e)
	}
	return 0, false
}

func (n namedCapture) match(e *Evaluator) bool {
	if n.index {
		_, ok := n.num(e)
		return ok
	}
	_, ok := n.str(e)
	return ok
}

// captureIndex is `\-N`: where group N of the last ~~ starts in its target.
type captureIndex int

func (n captureIndex) num(e *Evaluator) (int, bool) {
	i := 2 * int(n)
	if i+1 >= len(e.capLoc) || e.capLoc[i] < 0 {
		return 0, false
	}
	return e.capLoc[i], true
}
func (n captureIndex) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// ---- indexing ----

// indexNode is `X[I]` or `X[I:J]` on a string (byte positions, from 0), with
// CQL 9.493's bounds (bracketrange.cpp getBounds): a negative bound counts
// from the end (len is added once); X[I] outside the string does not match;
// a slice always matches, its bounds clamped into the string and J raised
// to I ("abc"[-9:2] is "ab", "abc"[2:1] and "abc"[5:9] are "").
type indexNode struct {
	x     strNode
	i, j  numNode // nil: from the start / to the end
	slice bool
}

func (n *indexNode) str(e *Evaluator) (string, bool) {
	s, ok := n.x.str(e)
	if !ok {
		return "", false
	}
	lo, hi, ok := n.bounds(e, len(s))
	if !ok {
		return "", false
	}
	return s[lo:hi], true
}

// bounds are the byte bounds of the index or slice in a string of length
// size.
func (n *indexNode) bounds(e *Evaluator, size int) (lo, hi int, ok bool) {
	if n.i != nil {
		if lo, ok = n.i.num(e); !ok {
			return 0, 0, false
		}
	}
	if lo < 0 {
		lo += size
	}
	if !n.slice {
		if lo < 0 || lo >= size {
			return 0, 0, false
		}
		return lo, lo + 1, true
	}
	hi = size
	if n.j != nil {
		if hi, ok = n.j.num(e); !ok {
			return 0, 0, false
		}
		if hi < 0 {
			hi += size
		}
	}
	lo = min(max(lo, 0), size)
	hi = min(max(hi, lo), size)
	return lo, hi, true
}
func (n *indexNode) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// indexAssign is `x[I] = V` or `x[I:J] = V`: the characters of the string
// variable x that the index selects are replaced by V (CQL 9.493's
// SubstringAssignmentNode, with indexNode's bounds). CQL stops the run when
// x is unbound; the evaluator does too.
type indexAssign struct {
	v    int
	ix   *indexNode
	val  strNode
	at   query.Pos
	name string
}

func (n *indexAssign) match(e *Evaluator) bool {
	if !e.vars[n.v].bound {
		e.fail(n.at, "x[...] = value on the unbound string variable %s: CQL stops there (\"Unable to execute substring assignment ... the left hand side variable is currently unbound\")", n.name)
		return false
	}
	size := len(e.vars[n.v].s)
	lo, hi, ok := n.ix.bounds(e, size)
	if !ok {
		return false
	}
	y, ok := n.val.str(e)
	if !ok {
		return false
	}
	s := &e.vars[n.v]
	if len(s.s) != size {
		return false // changed while the bounds were worked out
	}
	if e.tooLong(n.at, n.name+"[...] =", size-(hi-lo)+len(y)) {
		return false
	}
	s.s = s.s[:lo] + y + s.s[hi:]
	return true
}

// strLen is `#X` on a string: its length.
type strLen struct{ x strNode }

func (n strLen) num(e *Evaluator) (int, bool) { s, ok := n.x.str(e); return len(s), ok }
func (n strLen) match(e *Evaluator) bool      { return n.x.match(e) }

// concatNode is `X + Y` on strings.
type concatNode struct {
	a, b strNode
	at   query.Pos
}

func (n *concatNode) str(e *Evaluator) (string, bool) {
	x, ok := n.a.str(e)
	if !ok {
		return "", false
	}
	y, ok := n.b.str(e)
	if !ok || e.tooLong(n.at, "+", len(x)+len(y)) {
		return "", false
	}
	return x + y, true
}
func (n *concatNode) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// ---- conversions ----

// caseNode is `lowercase X` / `uppercase X` (ASCII letters; strings.ToLower
// returns X itself when nothing changes, so nothing is allocated then).
type caseNode struct {
	x     strNode
	upper bool
}

func (n *caseNode) str(e *Evaluator) (string, bool) {
	s, ok := n.x.str(e)
	if !ok {
		return "", false
	}
	return asciiCase(s, n.upper), true
}

// match is false: CQL's CaseConvertNode never matches as a filter (its
// value is for string contexts only).
func (n *caseNode) match(e *Evaluator) bool { return false }

// asciiCase converts the ASCII letters of s to upper or lower case, as CQL
// does (other bytes stay as they are); s itself when nothing changes.
func asciiCase(s string, upper bool) string {
	from, delta := byte('a'), -32
	if !upper {
		from, delta = 'A', 32
	}
	i := 0
	for i < len(s) && (s[i] < from || s[i] > from+25) {
		i++
	}
	if i == len(s) {
		return s
	}
	b := []byte(s)
	for ; i < len(b); i++ {
		if b[i] >= from && b[i] <= from+25 {
			b[i] = byte(int(b[i]) + delta)
		}
	}
	return string(b)
}

// asciiCode is `ascii "A"`: the code of the string's only character.
type asciiCode struct{ x strNode }

func (n asciiCode) num(e *Evaluator) (int, bool) {
	s, ok := n.x.str(e)
	if !ok || len(s) != 1 {
		return 0, false
	}
	return int(s[0]), true
}
func (n asciiCode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// asciiChars holds the one-character strings for `ascii N`, so it allocates nothing.
var asciiChars = func() (t [128]string) {
	for i := range t {
		t[i] = string(rune(i))
	}
	return
}()

// asciiChar is `ascii 65`: the one-character string "A" (codes 0-127).
type asciiChar struct{ x numNode }

func (n asciiChar) str(e *Evaluator) (string, bool) {
	v, ok := n.x.num(e)
	if !ok || v < 0 || v >= len(asciiChars) {
		return "", false
	}
	return asciiChars[v], true
}
func (n asciiChar) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// intNode is `int X`: the decimal number X spells; no value otherwise.
type intNode struct{ x strNode }

func (n intNode) num(e *Evaluator) (int, bool) {
	s, ok := n.x.str(e)
	if !ok {
		return 0, false
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	return v, err == nil
}
func (n intNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// indexOfNode is `indexof (X Y)`: where X first occurs in Y; no value when
// it does not occur (CQL's StringInNode::match_count fails then: CQL 9.493
// matches 0 games with indexof ("1" "e4") == -1).
type indexOfNode struct{ sub, in strNode }

func (n *indexOfNode) num(e *Evaluator) (int, bool) {
	x, ok := n.sub.str(e)
	if !ok {
		return 0, false
	}
	y, ok := n.in.str(e)
	if !ok {
		return 0, false
	}
	i := strings.Index(y, x)
	return i, i >= 0
}
func (n *indexOfNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// strNodeOf is `str (a b ...)`: its arguments' values as text, concatenated
// (the conventions of comment and message).
type strOf struct {
	args []node
	at   query.Pos
}

func (n *strOf) str(e *Evaluator) (string, bool) {
	var b []byte
	for _, a := range n.args {
		// Checked after each argument: b is then at most twice the limit.
		if b = appendValue(b, a, e); e.tooLong(n.at, "str", len(b)) {
			return "", false
		}
	}
	return string(b), true
}
func (*strOf) match(*Evaluator) bool { return true }

// ---- files and assert ----

// readFileNode is `readfile "name"`: the file's contents; a file that cannot
// be read stops the run.
type readFileNode struct {
	name strNode
	at   query.Pos
}

func (n *readFileNode) str(e *Evaluator) (string, bool) {
	name, ok := n.name.str(e)
	if !ok {
		return "", false
	}
	b, err := readLimited(name, e.maxString())
	if err != nil {
		e.fail(n.at, "readfile: %v", err)
		return "", false
	}
	return string(b), true
}

// readLimited reads the file name, refusing it when it holds more than
// limit bytes. It reads at most limit+1 bytes, so that special files with no
// end (/dev/zero) and files that grow while read are refused too.
func readLimited(name string, limit int) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(b) > limit {
		return nil, fmt.Errorf("%s: more than %s, the largest string a query may hold", name, byteSize(limit))
	}
	return b, nil
}
func (n *readFileNode) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// writeFileNode is `writefile ("name" text)`: appends text to the file. A
// query that writes files is evaluated serially, so the file's contents are
// in game order whatever the number of threads.
type writeFileNode struct {
	name, text strNode
	at         query.Pos
}

func (n *writeFileNode) match(e *Evaluator) bool {
	name, ok := n.name.str(e)
	if !ok {
		return false
	}
	text, ok := n.text.str(e)
	if !ok {
		return false
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err == nil {
		if err = e.refuseInput(f, name); err == nil {
			_, err = f.WriteString(text)
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		e.fail(n.at, "writefile: %v", err)
		return false
	}
	return true
}

// assertNode is `assert F`: F must match, or the run stops.
type assertNode struct {
	x  node
	at query.Pos
}

func (n *assertNode) match(e *Evaluator) bool {
	if !n.x.match(e) {
		e.fail(n.at, "assertion failed")
		return false
	}
	return true
}

// ---- game annotations ----

// setTagNode is `settag ("Name" "value")`: sets (or adds) the tag in the
// output game.
type setTagNode struct{ name, value strNode }

func (n *setTagNode) match(e *Evaluator) bool {
	name, ok := n.name.str(e)
	if !ok {
		return false
	}
	v, ok := n.value.str(e)
	if !ok {
		return false
	}
	// Every copy of a repeated tag: CQL keeps one, and the writer writes one with
	// the last copy's value. The tag filters still read the game's own values
	// (gameInfo), as CQL's do.
	set := false
	for i := range e.g.Tags {
		if e.g.Tags[i].Name == name {
			e.g.Tags[i].Value = v
			set = true
		}
	}
	if !set {
		e.g.Tags = append(e.g.Tags, pgn.Tag{Name: name, Value: v})
	}
	return true
}

// originalComment is `originalcomment`: the comment the input game has after
// the move that led to the current position (before the first move at the
// start) as CQL reads it, the last of several brace comments (Game.CQLComment);
// no value when there is none. Bytes that are not UTF-8 are read as Latin-1.
type originalComment struct{}

func (originalComment) str(e *Evaluator) (string, bool) {
	c := pgn.TextUTF8(e.g.CQLComment(e.cur)) // as the output shows it (Latin-1 read)
	return c, c != ""
}
func (n originalComment) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// hasNAG is `hascomment "!"` (also originalcomment, or "$N"): the move
// to the current position carries that NAG in the input.
type hasNAG int

func (n hasNAG) match(e *Evaluator) bool {
	for _, v := range e.g.NAGs(e.cur) {
		if int(v) == int(n) {
			return true
		}
	}
	return false
}

// removeComment is `removecomment`: drops the input comment at the current
// position from the output game; originalcomment and hascomment still read
// it, as in CQL. Always matches.
type removeComment struct{}

func (removeComment) match(e *Evaluator) bool {
	e.g.DeleteComment(e.cur)
	return true
}

// appendSquares appends a set as CQL prints it: `e4` for one square, else
// `[a1,h1]`.
func appendSquares(b []byte, set chess.Bitboard) []byte {
	if set.Count() == 1 {
		return append(b, set.First().String()...)
	}
	b = append(b, '[')
	for first := true; set != 0; first = false {
		if !first {
			b = append(b, ',')
		}
		b = append(b, set.PopFirst().String()...)
	}
	return append(b, ']')
}

// ifStr is `if C then A else B` with string branches.
type ifStr struct {
	test      node
	then, els strNode
}

func (n *ifStr) str(e *Evaluator) (string, bool) {
	if n.test.match(e) {
		return n.then.str(e)
	}
	return n.els.str(e)
}
func (n *ifStr) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// ifPos is `if C then A else B` with position branches (CQL's if has the
// value of the branch taken when both have one type).
type ifPos struct {
	test      node
	then, els posNode
}

func (n *ifPos) position(e *Evaluator) (int32, bool) {
	if n.test.match(e) {
		return n.then.position(e)
	}
	return n.els.position(e)
}
func (n *ifPos) match(e *Evaluator) bool { _, ok := n.position(e); return ok }

// sortStr is `sort [min] "label" S` on a string: the game keeps the largest
// (smallest with min) value (sortSite.record).
type sortStr struct {
	sortSite
	a strNode
}

func (n *sortStr) str(e *Evaluator) (string, bool) {
	mark := len(e.pending)
	v, ok := n.a.str(e)
	n.record(e, mark, sortVal{s: v, ok: ok})
	return v, ok
}
func (n *sortStr) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// strMinMax is `max("a" "b")` / `min(...)` of strings: the largest (smallest)
// bytewise of the arguments that have a value.
// With smart comments only the best arguments' comments stay, as in
// extremal (extremalnode.cpp's match_stringvalue).
type strMinMax struct {
	max   bool
	smart bool
	args  []strNode
}

func (n *strMinMax) str(e *Evaluator) (string, bool) {
	orig := len(e.pending)
	best, found := "", false
	for _, a := range n.args {
		cur := len(e.pending)
		s, ok := a.str(e)
		switch {
		case !ok:
		case !found:
			best, found = s, true
		case n.max && s > best || !n.max && s < best:
			best = s
			if n.smart {
				e.deleteComments(orig, cur)
			}
		case s != best:
			if n.smart {
				e.dropComments(cur)
			}
		}
	}
	return best, found
}
func (n *strMinMax) match(e *Evaluator) bool { _, ok := n.str(e); return ok }
