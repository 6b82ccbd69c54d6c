// Package pgn reads and writes chess games in Portable Game Notation.
//
// Open decompresses .gz, .bz2 and .zst input ("-" is standard input). Scan
// and ScanParallel cut the input into blocks of whole games, parse and replay
// them in parallel workers, and hand games (Scan) or per-game results
// (ScanParallel) back in file order, with memory bounded by the block size.
// AppendGame and WriteGame write PGN export format.
//
// Reading is tolerant: a byte order mark, CRLF or CR line ends, Latin-1 and
// other non-UTF-8 bytes, null moves (--, Z0, 0000), move numbers without dots,
// results glued to moves, figurines and long algebraic moves are read. A
// problem in a game (an illegal move, a bad FEN, an unterminated comment or
// variation, a missing result, truncation) is recorded in Game.Errors with its
// file, line and column; the positions before it stay usable and the next
// game is read normally. Games are delimited by tag pairs after move text and
// by move text after a result (a comment just before such a tagless game's
// first move is that game's); a blank line followed by a tag pair ends even
// an unterminated comment, so a broken game never swallows the next one.
package pgn

import (
	"bytes"
	"fmt"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/internal/printable"
)

// Tag is one tag pair, e.g. [White "Carlsen, Magnus"].
type Tag struct{ Name, Value string }

// Game is one game read from a PGN file.
//
// A Game handed to a callback is reused for the next game: copy what you keep.
// Tag, comment and error strings are immutable and may be kept.
type Game struct {
	File   string // source file name as given ("-" for stdin)
	Number int    // 1-based game number in its file
	Offset int64  // byte offset of the game's first byte in the (decompressed) file
	Length int    // bytes
	// Text is the game's text as read (Length bytes); like the game, it is valid only during
	// the callback. An index keeps it to parse the game again exactly as a scan would.
	Text []byte
	// Cut says that the game was cut at Options.MaxGameBytes (reported in Errors).
	Cut bool
	// Skipped says that the game is of a variant whose moves are not played here and was
	// not replayed, as Options.SkipUnknownVariants asks (CQLi's --skipunknownvariants).
	Skipped bool
	// Variant is the variant the Variant tag names (one of VariantNames; Standard without
	// the tag), as the reader read it (Options.VariantAliases count).
	Variant string
	// StartChecks are the checks each side had given at the start of a Three-check game
	// (its FEN tag's counters, lichess's two forms; none without them).
	StartChecks chess.Checks
	Line        int    // 1-based line of the game's first byte
	Tags        []Tag  // in file order
	Result      string // the movetext terminator ("1-0", "0-1", "1/2-1/2", "*"), "" if missing
	// Nodes is the flat move tree; Nodes[0] is the start position (root).
	// It is reused across games: do not keep pointers into it.
	Nodes  []Node
	Errors []error // problems in this game (*Error)
	// Warnings are oddities that do not stop the game (*Error): a FEN with the side not to
	// move in check, which CQL accepts and evaluates.
	Warnings []error
	// notes holds the comments and NAGs of the nodes that have any (Node.note); most nodes
	// have none, and keeping them out of Node keeps replay's per-ply writes small.
	notes []note
}

// note is what the move text says about one node besides its move.
type note struct {
	before, after string
	// cql is the comment CQL's reader (Scid's) keeps after the move: of several brace
	// comments the last one, and no ';' comment (usually after itself).
	cql string
	// read is the comment after the move as read (all comments joined, as after was before
	// any edit), for the annotation values ([%eval], [%clk], [%emt]): removecomment and
	// the merging of a run's comments change after, not it.
	read string
	nags []uint8
}

// CommentBefore returns the comment before the move that led to node i.
func (g *Game) CommentBefore(i int32) string {
	if k := g.Nodes[i].note; k > 0 {
		return g.notes[k-1].before
	}
	return ""
}

// Comment returns the comment after the move that led to node i; for the root, the
// comment before the first move.
func (g *Game) Comment(i int32) string {
	if k := g.Nodes[i].note; k > 0 {
		return g.notes[k-1].after
	}
	return ""
}

// CQLComment returns the comment after the move that led to node i (for the root, before
// the first move) as CQL reads it, for filters such as originalcomment: where the move
// text has several brace comments there, the last one; a rest-of-line (';') comment is not
// seen. Comment keeps all of them for output.
func (g *Game) CQLComment(i int32) string {
	if k := g.Nodes[i].note; k > 0 {
		return g.notes[k-1].cql
	}
	return ""
}

// ReadComment returns the comment after the move that led to node i (for the root, before
// the first move) as it was read, all comments joined: Comment before any edit. The
// annotation values ([%eval], [%clk], [%emt]: see Command) are read from it.
func (g *Game) ReadComment(i int32) string {
	if k := g.Nodes[i].note; k > 0 {
		return g.notes[k-1].read
	}
	return ""
}

// NAGs returns the numeric annotation glyphs of the move that led to node i.
func (g *Game) NAGs(i int32) []uint8 {
	if k := g.Nodes[i].note; k > 0 {
		return g.notes[k-1].nags
	}
	return nil
}

// SetComment sets the comment after the move that led to node i (before the first move
// for the root); it is CQL's view of it too.
func (g *Game) SetComment(i int32, c string) {
	nt := g.noteOf(i)
	nt.after, nt.cql = c, c
}

// DeleteComment drops the comment after the move that led to node i from the output;
// CQL's view of it (CQLComment) stays, as CQL's originalcomment and hascomment read the
// comment the game had when it was read (CQL 9.493's removecomment only marks it for
// deletion when the comments are merged).
func (g *Game) DeleteComment(i int32) {
	if k := g.Nodes[i].note; k > 0 {
		g.notes[k-1].after = ""
	}
}

// SetComments sets the comment after the move that led to node i and CQL's view of it
// (see CQLComment), as a game read again from an index had them.
func (g *Game) SetComments(i int32, all, cql string) {
	nt := g.noteOf(i)
	nt.after, nt.cql, nt.read = all, cql, all
}

// noteOf returns node i's note, adding an empty one if it has none. Notes of earlier games
// are reused with their NAG buffers.
func (g *Game) noteOf(i int32) *note {
	n := &g.Nodes[i]
	if n.note == 0 {
		k := len(g.notes)
		if k < cap(g.notes) {
			g.notes = g.notes[:k+1]
			nt := &g.notes[k]
			nt.before, nt.after, nt.cql, nt.read, nt.nags = "", "", "", "", nt.nags[:0]
		} else {
			g.notes = append(g.notes, note{})
		}
		n.note = int32(k + 1)
	}
	return &g.notes[n.note-1]
}

// Tag returns the value of the first tag with the given name, "" when absent.
func (g *Game) Tag(name string) string {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			return g.Tags[i].Value
		}
	}
	return ""
}

// Node is one position of the move tree.
//
// The main line is Nodes[0] -> FirstChild -> FirstChild ...; variations hang
// off NextSibling. When only the main line is read, Nodes is just that chain.
type Node struct {
	Pos         chess.Position // the position at this node (after Move)
	Move        chess.Move     // the move that led here; chess.NoMove for the root
	Parent      int32          // index in Game.Nodes; -1 for the root
	FirstChild  int32          // main continuation first; -1 if none
	NextSibling int32          // next alternative (variation) from the same parent; -1 if none
	Ply         int32          // half-moves from the game's start position; 0 for the root
	Variation   bool           // true when this node is not on the main line
	// note is 1 + the index of the node's comments and NAGs in Game.notes, 0 for none:
	// see Game.Comment, Game.CommentBefore and Game.NAGs (raw comment text; several
	// comments are joined with a space).
	note int32
}

// Error is a problem found in one game.
type Error struct {
	File   string
	Line   int    // 1-based
	Col    int    // 1-based, in bytes
	Game   int    // 1-based game number in the file
	Offset int64  // byte offset in the (decompressed) file
	Reason string // e.g. "illegal move"
	Text   string // the offending move text, if any
}

func (e *Error) Error() string {
	// The reason and text may quote damaged input: NUL, escape sequences, non-UTF-8 bytes.
	s := fmt.Sprintf("%s:%d:%d: game %d: %s", e.File, e.Line, e.Col, e.Game, printable.String(e.Reason))
	if e.Text != "" {
		s += " (" + printable.String(e.Text) + ")"
	}
	return s
}

// Clone returns a deep copy of g that stays valid after the scan moves on.
func (g *Game) Clone() *Game {
	c := *g
	c.Text = bytes.Clone(g.Text) // it points into the scan's buffer, which the next games reuse
	c.Tags = append([]Tag(nil), g.Tags...)
	c.Errors = append([]error(nil), g.Errors...)
	c.Warnings = append([]error(nil), g.Warnings...)
	c.Nodes = append([]Node(nil), g.Nodes...)
	c.notes = append([]note(nil), g.notes...)
	for i := range c.notes {
		c.notes[i].nags = append([]uint8(nil), c.notes[i].nags...)
	}
	return &c
}

// MainLine appends the indices of the main-line nodes, root first, to dst.
func (g *Game) MainLine(dst []int32) []int32 {
	if len(g.Nodes) == 0 {
		return dst
	}
	for n := int32(0); n >= 0; n = g.Nodes[n].FirstChild {
		dst = append(dst, n)
	}
	return dst
}
