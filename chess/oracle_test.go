package chess_test

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	nc "github.com/notnil/chess"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/internal/testdata"
)

// movetextGames reads up to max games of a PGN file as main-line SAN lists, skipping games that
// start from a FEN. A deliberately simple reader, independent of package pgn.
func movetextGames(t testing.TB, path string, max int) [][]string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games [][]string
	var cur []string
	hasFEN, inGame := false, false
	depth := 0 // variation nesting
	inComment := false
	flush := func() {
		if inGame && !hasFEN && len(cur) > 0 {
			games = append(games, cur)
		}
		cur, hasFEN, inGame = nil, false, false
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() && len(games) < max {
		line := sc.Text()
		if !inComment && strings.HasPrefix(line, "[") {
			if inGame && len(cur) > 0 {
				flush()
			}
			if strings.HasPrefix(line, "[FEN ") {
				hasFEN = true
			}
			continue
		}
		if !inComment && strings.HasPrefix(line, "%") {
			continue
		}
		inGame = true
		for i := 0; i < len(line); i++ {
			c := line[i]
			switch {
			case inComment:
				if c == '}' {
					inComment = false
				}
			case c == '{':
				inComment = true
			case c == ';':
				i = len(line)
			case c == '(':
				depth++
			case c == ')':
				depth--
			case c == ' ' || c == '\t' || c == '\r':
			default:
				j := i
				for j < len(line) && !strings.ContainsRune(" \t\r{}();", rune(line[j])) {
					j++
				}
				tok := line[i:j]
				i = j - 1
				if depth > 0 || tok[0] == '$' {
					continue
				}
				switch tok {
				case "1-0", "0-1", "1/2-1/2", "*":
					flush()
					continue
				}
				tok = strings.TrimLeft(tok, "0123456789")
				tok = strings.TrimLeft(tok, ".")
				if tok != "" {
					cur = append(cur, tok)
				}
			}
		}
	}
	return games
}

func uciSet(moves []string) string {
	sort.Strings(moves)
	return strings.Join(moves, " ")
}

// TestAgainstNotnil replays real games with our core and with github.com/notnil/chess and
// compares the FEN after every move and the set of legal moves in every position.
func TestAgainstNotnil(t *testing.T) {
	dir := testdata.Dir(t)
	perFile := 1000
	if testing.Short() {
		perFile = 100
	}
	plies := 0
	for _, name := range []string{"lichess-10k.pgn", "masters-10k.pgn"} {
		games := movetextGames(t, filepath.Join(dir, name), perFile)
		if len(games) < perFile/2 {
			t.Fatalf("%s: only %d games read", name, len(games))
		}
		for gi, sans := range games {
			ours := chess.StartPosition()
			theirs := nc.StartingPosition()
			var l chess.MoveList
			for ply, san := range sans {
				// Legal move sets agree.
				ours.LegalMoves(&l)
				var a, b []string
				for _, m := range l.Moves() {
					a = append(a, ours.UCI(m))
				}
				valid := theirs.ValidMoves()
				for _, m := range valid {
					b = append(b, m.String())
				}
				if uciSet(a) != uciSet(b) {
					t.Fatalf("%s game %d ply %d (%s): legal moves differ\nours:   %s\nnotnil: %s", name, gi+1, ply, ours.FEN(), uciSet(a), uciSet(b))
				}
				m, err := ours.ParseSAN([]byte(san))
				if err != nil {
					t.Fatalf("%s game %d ply %d: %v in %s", name, gi+1, ply, err, ours.FEN())
				}
				// The move we read is legal for notnil too, and both write it the same way in SAN.
				// (The files' own SAN is not compared: they sometimes write + for mate.)
				var their *nc.Move
				for _, x := range valid {
					if x.String() == ours.UCI(m) {
						their = x
					}
				}
				if their == nil {
					t.Fatalf("%s game %d ply %d: %s read as %s, which notnil does not list", name, gi+1, ply, san, ours.UCI(m))
				}
				if got, want := ours.SAN(m), (nc.AlgebraicNotation{}).Encode(theirs, their); got != want {
					t.Fatalf("%s game %d ply %d (%s): SAN ours %s, notnil %s", name, gi+1, ply, ours.FEN(), got, want)
				}
				theirs = theirs.Update(their)
				ours.Play(m)
				plies++
				if got, want := ours.FEN(), theirs.XFENString(); got != want {
					t.Fatalf("%s game %d after ply %d (%s): FEN differs\nours:   %s\nnotnil: %s", name, gi+1, ply+1, san, got, want)
				}
			}
		}
	}
	t.Logf("%d plies compared", plies)
}

// TestSANRoundTrip formats every legal move of every position of real games as SAN and parses
// it back: the move must come back unchanged.
func TestSANRoundTrip(t *testing.T) {
	dir := testdata.Dir(t)
	max := 3000
	if testing.Short() {
		max = 300
	}
	checked := 0
	for _, name := range []string{"lichess-10k.pgn", "masters-10k.pgn"} {
		for gi, sans := range movetextGames(t, filepath.Join(dir, name), max) {
			p := chess.StartPosition()
			var l chess.MoveList
			var buf []byte
			for ply, san := range sans {
				p.LegalMoves(&l)
				for _, m := range l.Moves() {
					buf = p.AppendSAN(buf[:0], m)
					back, err := p.ParseSAN(buf)
					if err != nil || back != m {
						t.Fatalf("%s game %d ply %d (%s): %s formats as %s, parses as %v (%v)", name, gi+1, ply, p.FEN(), p.UCI(m), buf, back, err)
					}
					checked++
				}
				m, err := p.ParseSAN([]byte(san))
				if err != nil {
					t.Fatalf("%s game %d ply %d: %v", name, gi+1, ply, err)
				}
				p.Play(m)
				// Play keeps the king squares and the checkers incrementally; they must equal
				// a full recomputation.
				for _, c := range []chess.Color{chess.White, chess.Black} {
					if k := p.Pieces(c, chess.King).First(); p.King(c) != k {
						t.Fatalf("%s game %d after %s (%s): %v king on %v, want %v", name, gi+1, san, p.FEN(), c, p.King(c), k)
					}
				}
				us := p.SideToMove()
				if want := p.AttackersTo(p.King(us), p.Occupied()) & p.ByColor(us.Other()); p.Checkers() != want {
					t.Fatalf("%s game %d after %s (%s): checkers %v, want %v", name, gi+1, san, p.FEN(), p.Checkers(), want)
				}
			}
		}
	}
	t.Logf("%d moves round-tripped", checked)
}

// quickShapes returns every string of the shapes the fast SAN reader takes: e4, exd5, Nf3,
// Nxf3, Nbd7, N1d7, each also with +.
func quickShapes() [][]byte {
	var out [][]byte
	add := func(s string) { out = append(out, []byte(s), []byte(s+"+")) }
	for f := 'a'; f <= 'h'; f++ {
		for r := '1'; r <= '8'; r++ {
			sq := string(f) + string(r)
			add(sq)
			for g := f - 1; g <= f+1; g += 2 {
				if g >= 'a' && g <= 'h' {
					add(string(g) + "x" + sq)
				}
			}
			for _, pc := range "NBRQKP" {
				add(string(pc) + sq)
				add(string(pc) + "x" + sq)
				for d := 'a'; d <= 'h'; d++ {
					add(string(pc) + string(d) + sq)
				}
				for d := '1'; d <= '8'; d++ {
					add(string(pc) + string(d) + sq)
				}
			}
		}
	}
	return out
}

// TestQuickSANAgrees tries every string of the fast reader's shapes in positions of real
// games: whatever it accepts, the general reader must read as the same move, and it must read
// whatever the general reader reads, except what it leaves to it on purpose: pawn moves
// written with a P, and castling written as a king move (Kg1, Kxh1).
func TestQuickSANAgrees(t *testing.T) {
	dir := testdata.Dir(t)
	games := 8
	if testing.Short() {
		games = 1
	}
	shapes := quickShapes()
	accepted, declined := 0, 0
	for _, name := range []string{"lichess-10k.pgn", "masters-10k.pgn"} {
		for gi, sans := range movetextGames(t, filepath.Join(dir, name), games) {
			p := chess.StartPosition()
			for ply, san := range sans {
				for _, s := range shapes {
					if ply%4 != 0 {
						break // every fourth position is enough
					}
					q := p.QuickSAN(s)
					g, err := p.GeneralSAN(s)
					switch {
					case q != chess.NoMove && (err != nil || g != q):
						t.Fatalf("%s game %d ply %d (%s): %q: fast reader gives %s, general gives %v (%v)", name, gi+1, ply, p.FEN(), s, p.UCI(q), g, err)
					case q != chess.NoMove:
						accepted++
					case err == nil && s[0] != 'P' && !g.IsCastle():
						declined++
						t.Errorf("%s game %d ply %d (%s): the fast reader declines %q, the general one reads %s", name, gi+1, ply, p.FEN(), s, p.UCI(g))
					}
				}
				m, err := p.ParseSAN([]byte(san))
				if err != nil {
					t.Fatalf("%s game %d ply %d: %v", name, gi+1, ply, err)
				}
				p.Play(m)
			}
		}
	}
	t.Logf("the fast reader accepted %d strings, and declined %d the general reader reads", accepted, declined)
}
