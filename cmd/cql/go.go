package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cqlgo/cql/gnugo"
	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/sgf"
	"github.com/cqlgo/cql/weiqi"
	"github.com/spf13/cobra"
)

// defaultGnuGoDir is where the repository's shared data keeps GNU Go's databases (GPL-3.0, read
// at run time, never copied into the project): the last place looked in.
const defaultGnuGoDir = "../shared/reference/gnugo"

// gnugoSource says where GNU Go's databases come from: they are text files of its sources.
const gnugoSource = "GNU Go's databases (eyes.db, patterns.db, ...) are in the patterns directory of its sources: " +
	"https://ftp.gnu.org/gnu/gnugo/gnugo-3.8.tar.gz"

// gnugoDirs is where cql go looks for GNU Go's databases without --db, in order:
// $CQL_GNUGO_DIR, the user's data directory ($XDG_DATA_HOME/cql/gnugo, by default
// ~/.local/share/cql/gnugo), then defaultGnuGoDir (from the current directory).
func gnugoDirs() []string {
	var dirs []string
	if d := os.Getenv("CQL_GNUGO_DIR"); d != "" {
		dirs = append(dirs, d)
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		dirs = append(dirs, filepath.Join(d, "cql", "gnugo"))
	} else if h, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(h, ".local", "share", "cql", "gnugo"))
	}
	return append(dirs, defaultGnuGoDir)
}

// dbDir is --db, or the first of gnugoDirs that holds eyes.db.
func (f *goFlags) dbDir() (string, error) {
	if f.db != "" {
		return f.db, nil
	}
	dirs := gnugoDirs()
	for _, d := range dirs {
		if st, err := os.Stat(filepath.Join(d, "eyes.db")); err == nil && st.Mode().IsRegular() {
			return d, nil
		}
	}
	return "", fmt.Errorf("no eyes.db in %s: give the directory with --db or CQL_GNUGO_DIR (%s)", strings.Join(dirs, ", "), gnugoSource)
}

// goFlags are the flags shared by the `cql go` subcommands.
type goFlags struct {
	db     string
	move   int
	format string
	dead   string
}

func (f *goFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.db, "db", "", "GNU Go's pattern directory (or, for patterns, a .db file; default: $CQL_GNUGO_DIR, ~/.local/share/cql/gnugo, "+defaultGnuGoDir+")")
	cmd.Flags().IntVar(&f.move, "move", -1, "the position after this many moves of the main line (default: the last)")
	cmd.Flags().StringVar(&f.format, "format", "text", "output: text or jsonl")
	cmd.Flags().StringVar(&f.dead, "dead", "", "dead stones, GTP points separated by commas or spaces, or none (default: SGF MA/TR markup, else tactical reading)")
}

func (f *goFlags) check() error {
	if f.format != "text" && f.format != "jsonl" {
		return fmt.Errorf("--format %q: want text or jsonl", f.format)
	}
	return nil
}

// newGoCmd is `cql go`: Go (the board game) on the pattern core with GNU Go's databases.
func newGoCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "go",
		Short: "Go (the board game): eye spaces, group status and GNU Go's patterns on SGF records",
		Long: `Go positions from SGF game records valued with GNU Go's databases (read at run time from
--db, else the first of $CQL_GNUGO_DIR, $XDG_DATA_HOME/cql/gnugo (~/.local/share/cql/gnugo) and
` + defaultGnuGoDir + ` that holds eyes.db; they are in the patterns directory of GNU Go's sources).

  cql go eyes FILE.sgf...          every eye space: points, marginal points, eyes.db pattern,
                                   (eyes if the owner plays first, if the opponent does),
                                   ALIVE / URGENT / DEAD and the vital points
  cql go eyes --shape DIAGRAM      one eye space drawn as in eyes.db ('.!.', '..\n..', '|..\n+--')
  cql go status FILE.sgf...        groups with their status from all their eye spaces
  cql go patterns FILE.sgf...      GNU Go move patterns matching the position, classes applied
  cql go gtp                       GTP on standard input: loadsgf, eval_eye, dragon_status, ...

Points are GTP names (A1 in the lower left, no I).`,
	}
	cmd.AddCommand(newGoEyesCmd(), newGoStatusCmd(), newGoPatternsCmd(), newGoGTPCmd())
	return cmd
}

// loadEyeDB reads eyes.db from a directory or a file path.
func loadEyeDB(path string, stderr io.Writer) (*gnugo.EyeDB, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, "eyes.db")
	}
	db, problems, err := gnugo.LoadEyeDB(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%v: give --db with GNU Go's patterns directory (%s)", err, gnugoSource)
		}
		return nil, err
	}
	for _, p := range problems {
		fmt.Fprintln(stderr, "cql: skipped:", p)
	}
	return db, nil
}

// goPosition is one position of an SGF file to analyse.
type goPosition struct {
	file   string
	game   int
	move   int
	board  *weiqi.Board
	toMove weiqi.Color
	dead   pattern.Set
}

// eachGoPosition calls fn with the position of each game of the SGF files in turn, reading one
// game at a time: a file of 100,000 games read whole took 2.3 GB.
func eachGoPosition(f *goFlags, files []string, fn func(goPosition) error) error {
	for _, file := range files {
		if err := eachFilePosition(f, file, fn); err != nil {
			return err
		}
	}
	return nil
}

func eachFilePosition(f *goFlags, file string, fn func(goPosition) error) error {
	in, err := os.Open(file)
	if err != nil {
		return err
	}
	defer in.Close()
	r := sgf.NewReader(in, file)
	for gi := 0; ; gi++ {
		g, err := r.NextGame()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		p, err := goPositionOf(f, file, gi+1, g)
		if err != nil {
			return err
		}
		if err := fn(p); err != nil {
			return err
		}
	}
}

// goPositionOf is the position of game number game of file that --move asks for, with its
// dead stones.
func goPositionOf(f *goFlags, file string, game int, g *sgf.Game) (goPosition, error) {
	n := f.move
	if n < 0 || n > len(g.Moves) {
		n = len(g.Moves)
	}
	b, tm := g.Position(n)
	p := goPosition{file: file, game: game, move: n, board: b, toMove: tm}
	switch {
	case strings.EqualFold(f.dead, "none"):
	case f.dead != "":
		for _, name := range strings.FieldsFunc(f.dead, func(r rune) bool { return r == ',' || r == ' ' }) {
			sq, err := b.Grid().ParseGTP(name)
			if err != nil {
				return p, fmt.Errorf("--dead: %v", err)
			}
			if b.At(sq) == weiqi.Empty {
				return p, fmt.Errorf("--dead: %s has no stone in %s game %d after move %d", name, file, game, n)
			}
			p.dead = p.dead.Or(b.String(sq))
		}
	default:
		p.dead = g.Marked(n, "MA", "TR").And(b.Stones(weiqi.Black).Or(b.Stones(weiqi.White)))
		if p.dead.IsEmpty() {
			p.dead = weiqi.ReadDead(b)
		}
	}
	return p, nil
}

func gtpList(g *weiqi.Grid, s pattern.Set) []string {
	out := []string{}
	for _, sq := range s.Squares(nil) {
		out = append(out, g.GTP(sq))
	}
	return out
}

func orDash(s string) string {
	if s == "" || s == "<nil>" { // fmt.Sprint of a nil pattern (no eyes.db graph matched)
		return "-"
	}
	return s
}

// eyeJSON is one eye space in JSON lines.
type eyeJSON struct {
	File     string   `json:"file,omitempty"`
	Game     int      `json:"game,omitempty"`
	Move     *int     `json:"move,omitempty"`
	Color    string   `json:"color"`
	Points   []string `json:"points"`
	Marginal []string `json:"marginal"`
	Dead     []string `json:"dead"`
	Pattern  any      `json:"pattern"`
	Value    string   `json:"value"`
	First    int      `json:"first"`
	Second   int      `json:"second"`
	Status   string   `json:"status"`
	Vital    []string `json:"vital"`
	Attack   []string `json:"attack"`
	Defense  []string `json:"defense"`
	// AttackPoint and DefensePoint are GNU Go's eval_eye vital points (empty when the value does
	// not depend on who plays first).
	AttackPoint  string `json:"attack_point,omitempty"`
	DefensePoint string `json:"defense_point,omitempty"`
	// HalfEyes and FalseEyes are points of the space; KeyPoints the moves deciding its half
	// eyes that lie outside it (a stone to capture or save, a point next to the space).
	HalfEyes  []halfEyeJSON `json:"half_eyes"`
	FalseEyes []string      `json:"false_eyes"`
	KeyPoints []string      `json:"key_points"`
	// Eyes is seed 001's urgent-point rule: First when the owner is to move, else Second.
	Eyes int `json:"eyes_to_move"`
}

// halfEyeJSON is a half eye: its point, its diagonal sum (3; below 3 made false only by a ko,
// above 3 made real only by one) and the moves that make it false (attack) or real (defense).
type halfEyeJSON struct {
	Point   string   `json:"point"`
	Value   float32  `json:"value"`
	Ko      bool     `json:"ko"`
	Attack  []string `json:"attack"`
	Defense []string `json:"defense"`
}

func newGoEyesCmd() *cobra.Command {
	var f goFlags
	var shape string
	cmd := &cobra.Command{
		Use:   "eyes (FILE.sgf... | --shape DIAGRAM)",
		Short: "Eye spaces of SGF positions (or of one drawn shape) valued with GNU Go's eyes.db",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := f.check(); err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			dir, err := f.dbDir()
			if err != nil {
				return err
			}
			db, err := loadEyeDB(dir, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("shape") {
				if len(args) > 0 {
					return errors.New("--shape takes no SGF files")
				}
				return runShape(out, db, shape, f.format)
			}
			if len(args) == 0 {
				return errors.New("no SGF file: give FILE.sgf... or --shape DIAGRAM")
			}
			ev := db.NewEvaluator()
			enc := json.NewEncoder(out)
			return eachGoPosition(&f, args, func(p goPosition) error {
				g := p.board.Grid()
				results := ev.All(p.board, p.dead, false, nil)
				if f.format == "text" {
					fmt.Fprintf(out, "%s game %d after move %d, %s to move:\n", p.file, p.game, p.move, p.toMove)
					fmt.Fprint(out, drawEyes(p.board, results))
				}
				for i, r := range results {
					j := eyeRecord(g, &r, p.toMove)
					j.File, j.Game, j.Move = p.file, p.game, &p.move
					if f.format == "jsonl" {
						if err := enc.Encode(j); err != nil {
							return err
						}
						continue
					}
					fmt.Fprintf(out, "%s %s, %d points [%s] marginal [%s] pattern %v %s (%d, %d) %s vital [%s]%s\n",
						spaceLabel(i), j.Color, len(j.Points), strings.Join(j.Points, " "),
						strings.Join(j.Marginal, " "), orDash(fmt.Sprint(j.Pattern)), j.Value, j.First, j.Second, j.Status,
						strings.Join(j.Vital, " "), eyeNotes(&j))
				}
				return nil
			})
		},
	}
	f.add(cmd)
	cmd.Flags().StringVar(&shape, "shape", "", "an eye space drawn as in eyes.db: . point, ! marginal, X dead stone, $ marginal dead stone, | - + edges; rows separated by newlines")
	return cmd
}

// spaceLabel names eye space i (from 0): a to z, then aa, ab, ... (bijective base 26), so that
// every space of a position has its own label.
func spaceLabel(i int) string {
	var b []byte
	for i++; i > 0; i = (i - 1) / 26 {
		b = append([]byte{byte('a' + (i-1)%26)}, b...)
	}
	return string(b)
}

// eyeNotes is the text of a space's half eyes, false eyes, key points and eval_eye points.
func eyeNotes(j *eyeJSON) string {
	var s strings.Builder
	if len(j.HalfEyes) > 0 {
		s.WriteString(" half eyes [")
		for k, h := range j.HalfEyes {
			if k > 0 {
				s.WriteByte(' ')
			}
			ko := ""
			if h.Ko {
				ko = " ko"
			}
			fmt.Fprintf(&s, "%s (%g%s: attack %s defend %s)", h.Point, h.Value, ko, strings.Join(h.Attack, ","), strings.Join(h.Defense, ","))
		}
		s.WriteByte(']')
	}
	if len(j.FalseEyes) > 0 {
		fmt.Fprintf(&s, " false eyes [%s]", strings.Join(j.FalseEyes, " "))
	}
	if len(j.KeyPoints) > 0 {
		fmt.Fprintf(&s, " key points [%s]", strings.Join(j.KeyPoints, " "))
	}
	if j.AttackPoint != "" {
		fmt.Fprintf(&s, " eval_eye %s %s", j.AttackPoint, j.DefensePoint)
	}
	return s.String()
}

func eyeRecord(g *weiqi.Grid, r *gnugo.EyeResult, toMove weiqi.Color) eyeJSON {
	j := eyeJSON{
		Color:    r.Space.Color.String(),
		Points:   gtpList(g, r.Space.Points),
		Marginal: gtpList(g, r.Space.Marginal),
		Dead:     gtpList(g, r.Space.Dead),
		Value:    r.Value.String(),
		First:    r.First(),
		Second:   r.Second(),
		Status:   r.Status().String(),
		Vital:    gtpList(g, r.Vital()),
		Attack:   gtpList(g, r.Attack),
		Defense:  gtpList(g, r.Defense),
		Eyes:     r.EyesToMove(toMove == r.Space.Color),

		HalfEyes:  []halfEyeJSON{},
		FalseEyes: gtpList(g, r.Space.False),
		KeyPoints: gtpList(g, r.Extra),
	}
	if r.AttackPoint >= 0 && r.DefensePoint >= 0 {
		j.AttackPoint, j.DefensePoint = g.GTP(r.AttackPoint), g.GTP(r.DefensePoint)
	}
	for k := 0; k < min(r.Space.NumHalf, len(r.Space.Half)); k++ {
		h := &r.Space.Half[k]
		hj := halfEyeJSON{Point: g.GTP(h.Eye), Value: h.Value, Ko: h.Ko(), Attack: []string{}, Defense: []string{}}
		for _, p := range h.Attacks[:h.NumAttacks] {
			hj.Attack = append(hj.Attack, g.GTP(int(p)))
		}
		for _, p := range h.Defenses[:h.NumDefenses] {
			hj.Defense = append(hj.Defense, g.GTP(int(p)))
		}
		j.HalfEyes = append(j.HalfEyes, hj)
	}
	if r.Graph != nil {
		j.Pattern = r.Graph.Name
	} else {
		j.Pattern = nil
	}
	return j
}

// drawEyes draws the board with each eye space marked by its label (a, b, ..., z, aa, ...; upper
// case on its marginal points); stones are X (black) and O (white), with the dead ones in lower
// case. With more than 26 spaces the cells are two characters wide.
func drawEyes(b *weiqi.Board, results []gnugo.EyeResult) string {
	mark := map[int]string{}
	for i, r := range results {
		l := spaceLabel(i)
		for _, sq := range r.Space.Points.Squares(nil) {
			if b.At(sq) != weiqi.Empty {
				continue
			}
			if r.Space.Marginal.Has(sq) {
				mark[sq] = strings.ToUpper(l)
			} else {
				mark[sq] = l
			}
		}
	}
	dead := pattern.Set{}
	for _, r := range results {
		dead = dead.Or(r.Space.Dead)
	}
	width := len(spaceLabel(max(len(results)-1, 0)))
	g := b.Grid()
	n := g.Size()
	var s strings.Builder
	cell := func(t string) {
		s.WriteByte(' ')
		s.WriteString(t)
		s.WriteString(strings.Repeat(" ", width-len(t)))
	}
	s.WriteString("   ")
	for f := 0; f < n; f++ {
		cell(g.GTP(g.Square(f, 0))[:1])
	}
	s.WriteByte('\n')
	for r := n - 1; r >= 0; r-- {
		fmt.Fprintf(&s, "%3d", r+1)
		for f := 0; f < n; f++ {
			sq := g.Square(f, r)
			t := "."
			switch c := b.At(sq); {
			case c == weiqi.Black && dead.Has(sq):
				t = "x"
			case c == weiqi.White && dead.Has(sq):
				t = "o"
			case c == weiqi.Black:
				t = "X"
			case c == weiqi.White:
				t = "O"
			case mark[sq] != "":
				t = mark[sq]
			}
			cell(t)
		}
		fmt.Fprintf(&s, " %d\n", r+1)
	}
	return s.String()
}

// runShape values one drawn eye space. Its points are named as if the drawing lay on a 19x19
// board: against the edges it draws, else with its lower-left point at C3.
func runShape(out io.Writer, db *gnugo.EyeDB, text, format string) error {
	text = strings.ReplaceAll(text, `\n`, "\n")
	sh, err := db.MatchShape(text)
	if err != nil {
		return err
	}
	rows := strings.Split(strings.Trim(text, "\n"), "\n")
	grid, _ := weiqi.NewGrid(weiqi.MaxSize)
	place := shapePlacement(rows)
	var pts, marg, dead, attack, defend pattern.Set
	for i, v := range sh.Drawn.Vertices {
		sq := grid.Square(place(v.Row, v.Col))
		if sq < 0 {
			return errors.New("the shape does not fit a 19x19 board")
		}
		pts.Add(sq)
		if v.Marginal {
			marg.Add(sq)
		}
		if v.Flags&gnugo.CanHoldStone != 0 {
			dead.Add(sq)
		}
		for _, a := range sh.Attack {
			if a == i {
				attack.Add(sq)
			}
		}
		for _, d := range sh.Defend {
			if d == i {
				defend.Add(sq)
			}
		}
	}
	r := gnugo.EyeResult{Space: weiqi.EyeSpace{Color: weiqi.Black, Points: pts, Marginal: marg, Dead: dead},
		Graph: sh.Graph, Value: sh.Value, Attack: attack, Defense: defend}
	j := eyeRecord(grid, &r, weiqi.Black)
	if format == "jsonl" {
		return json.NewEncoder(out).Encode(j)
	}
	fmt.Fprintf(out, "shape:\n%s\npoints [%s] marginal [%s] dead [%s] pattern %v %s (%d, %d) %s vital [%s]\n",
		strings.Join(rows, "\n"), strings.Join(j.Points, " "), strings.Join(j.Marginal, " "), strings.Join(j.Dead, " "),
		orDash(fmt.Sprint(j.Pattern)), j.Value, j.First, j.Second, j.Status, strings.Join(j.Vital, " "))
	if sh.Graph != nil {
		fmt.Fprintf(out, "eyes.db pattern %s:\n%s\n", sh.Graph.Name, sh.Graph.Diagram())
	}
	return nil
}

// shapePlacement maps a drawing's row and column to a file and rank of a 19x19 board.
func shapePlacement(rows []string) func(r, c int) (int, int) {
	minC, maxR := 1<<30, -1
	leftEdge, rightEdge, topEdge, bottomEdge := -1, -1, -1, -1
	for r, row := range rows {
		for c := 0; c < len(row); c++ {
			switch row[c] {
			case '|':
				if leftEdge < 0 && !strings.ContainsAny(row[:c], ".!X$") {
					leftEdge = c
				} else {
					rightEdge = c
				}
			case '-', '+':
				if strings.Trim(row, "-+| ") == "" {
					if maxR < 0 {
						topEdge = r
					} else {
						bottomEdge = r
					}
				}
			case ' ':
			default:
				minC = min(minC, c)
				maxR = max(maxR, r)
			}
		}
	}
	fileOf := func(c int) int { return c - minC + 2 }
	switch {
	case leftEdge >= 0:
		fileOf = func(c int) int { return c - leftEdge - 1 }
	case rightEdge >= 0:
		fileOf = func(c int) int { return weiqi.MaxSize - (rightEdge - c) }
	}
	rankOf := func(r int) int { return maxR - r + 2 }
	switch {
	case bottomEdge >= 0:
		rankOf = func(r int) int { return bottomEdge - r - 1 }
	case topEdge >= 0:
		rankOf = func(r int) int { return weiqi.MaxSize - (r - topEdge) }
	}
	return func(r, c int) (int, int) { return fileOf(c), rankOf(r) }
}

// groupJSON is one group in JSON lines.
type groupJSON struct {
	File    string   `json:"file,omitempty"`
	Game    int      `json:"game,omitempty"`
	Move    int      `json:"move"`
	Color   string   `json:"color"`
	Origin  string   `json:"origin"`
	Stones  int      `json:"stones"`
	Spaces  []string `json:"eye_spaces"`
	First   int      `json:"first"`
	Second  int      `json:"second"`
	Status  string   `json:"status"`
	Dead    bool     `json:"dead_stones"`
	Read    bool     `json:"read,omitempty"` // the status is the life-and-death search's
	Defend  []string `json:"defend"`
	Attack  []string `json:"attack"`
	Members []string `json:"points"`
}

func newGoStatusCmd() *cobra.Command {
	var f goFlags
	cmd := &cobra.Command{
		Use:   "status FILE.sgf...",
		Short: "Groups of SGF positions with their status (ALIVE, URGENT, DEAD, UNKNOWN) from their eye spaces and a life-and-death search",
		Args:  needFiles("SGF files"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := f.check(); err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			dir, err := f.dbDir()
			if err != nil {
				return err
			}
			db, err := loadEyeDB(dir, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			ev := db.NewEvaluator()
			enc := json.NewEncoder(out)
			return eachGoPosition(&f, args, func(p goPosition) error {
				g := p.board.Grid()
				results := ev.All(p.board, p.dead, false, nil)
				groups := db.ReadGroups(p.board, p.dead, results, 0)
				if f.format == "text" {
					fmt.Fprintf(out, "%s game %d after move %d, %s to move:\n", p.file, p.game, p.move, p.toMove)
					fmt.Fprint(out, drawEyes(p.board, results))
				}
				for _, grp := range groups {
					j := groupJSON{File: p.file, Game: p.game, Move: p.move, Color: grp.Color.String(),
						Origin: g.GTP(grp.Stones.Squares(nil)[0]), Stones: grp.Stones.Count(),
						Spaces: []string{}, First: grp.First, Second: grp.Second, Status: grp.Status.String(),
						Dead: grp.Dead, Read: grp.Read, Defend: gtpList(g, grp.Defend), Attack: gtpList(g, grp.Attack),
						Members: gtpList(g, grp.Stones)}
					for _, si := range grp.Spaces {
						j.Spaces = append(j.Spaces, spaceLabel(si))
					}
					if f.format == "jsonl" {
						if err := enc.Encode(j); err != nil {
							return err
						}
						continue
					}
					note := ""
					switch {
					case grp.Dead:
						note = " (dead stones)"
					case grp.Read:
						note = fmt.Sprintf(" (read, %d nodes)", grp.Nodes)
					}
					fmt.Fprintf(out, "%s group at %s, %d stones, eye spaces [%s]: %s (%d, %d)%s defend [%s] attack [%s]\n",
						j.Color, j.Origin, j.Stones, strings.Join(j.Spaces, " "), j.Status, j.First, j.Second, note,
						strings.Join(j.Defend, " "), strings.Join(j.Attack, " "))
				}
				return nil
			})
		},
	}
	f.add(cmd)
	return cmd
}

// patternJSON is one pattern match in JSON lines.
type patternJSON struct {
	File         string   `json:"file"`
	Game         int      `json:"game"`
	Move         int      `json:"move"`
	Color        string   `json:"color"`
	Pattern      string   `json:"pattern"`
	DB           string   `json:"db"`
	Anchor       string   `json:"anchor"`
	Orientation  string   `json:"orientation"`
	Point        string   `json:"point,omitempty"`
	Classes      string   `json:"classes"`
	Status       string   `json:"status"` // accepted, rejected, or not evaluated (a helper or constraint needs reading)
	Rejected     string   `json:"rejected,omitempty"`
	Reasons      []string `json:"reasons"`
	NotEvaluated []string `json:"not_evaluated"`
}

func newGoPatternsCmd() *cobra.Command {
	var f goFlags
	var dbs, color string
	var acceptedOnly bool
	cmd := &cobra.Command{
		Use:   "patterns FILE.sgf...",
		Short: "GNU Go move patterns matching SGF positions, with their attribute classes applied",
		Long: `Match GNU Go's move patterns (by default patterns.db and patterns2.db of --db) at every point of
the position, in every orientation their symmetry field asks for, for the player to move (or
--color). Each match gives the pattern, its anchor and orientation (GNU Go's letters a-h), the
move ('*'), and its classes applied: s n O o X x C B as constraints and actions from the board and
the group statuses of 'cql go status'; helpers and autohelper constraints need GNU Go's reading
and are listed as not evaluated.`,
		Args: needFiles("SGF files"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := f.check(); err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			dir, err := f.dbDir()
			if err != nil {
				return err
			}
			eyes, err := loadEyeDB(dir, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			var pdbs []*gnugo.PatternDB
			for _, name := range strings.Split(dbs, ",") {
				path := strings.TrimSpace(name)
				if !strings.ContainsRune(path, os.PathSeparator) {
					path = filepath.Join(dir, path)
				}
				db, problems, err := gnugo.LoadPatternDB(path)
				if err != nil {
					return err
				}
				for _, p := range problems {
					fmt.Fprintln(cmd.ErrOrStderr(), "cql: skipped:", p)
				}
				pdbs = append(pdbs, db)
			}
			m := gnugo.NewMatcher(pdbs...)
			enc := json.NewEncoder(out)
			var scan gnugo.Scan
			return eachGoPosition(&f, args, func(p goPosition) error {
				c := p.toMove
				switch strings.ToLower(color) {
				case "":
				case "black", "b":
					c = weiqi.Black
				case "white", "w":
					c = weiqi.White
				default:
					return fmt.Errorf("--color %q: want black or white", color)
				}
				g := p.board.Grid()
				pos := gnugo.NewPosition(eyes, p.board, c, p.dead)
				scan.Position(p.board, c)
				if f.format == "text" {
					fmt.Fprintf(out, "%s game %d after move %d, patterns for %s:\n", p.file, p.game, p.move, c)
				}
				for _, mt := range m.All(&scan, nil) {
					v := pos.Judge(mt)
					if acceptedOnly && !v.Accepted {
						continue
					}
					j := patternJSON{File: p.file, Game: p.game, Move: p.move, Color: c.String(),
						Pattern: mt.Pattern.Name, DB: filepath.Base(mt.Pattern.File), Anchor: g.GTP(mt.Anchor),
						Orientation: string(mt.Transform.Letter()), Classes: mt.Pattern.Classes,
						Status: "accepted", Rejected: v.Rejected, Reasons: v.Reasons, NotEvaluated: v.NotEvaluated}
					switch {
					case !v.Accepted:
						j.Status = "rejected"
					case v.Pending:
						j.Status = "not evaluated"
					}
					if mt.Move >= 0 {
						j.Point = g.GTP(mt.Move)
					}
					if j.Reasons == nil {
						j.Reasons = []string{}
					}
					if j.NotEvaluated == nil {
						j.NotEvaluated = []string{}
					}
					if f.format == "jsonl" {
						if err := enc.Encode(j); err != nil {
							return err
						}
						continue
					}
					verdict := j.Status
					if !v.Accepted {
						verdict = "rejected: " + v.Rejected
					}
					fmt.Fprintf(out, "%s %s (%s) anchor %s orientation %s classes %s: %s", orDash(j.Point), j.Pattern, j.DB,
						j.Anchor, j.Orientation, orDash(j.Classes), verdict)
					if len(j.Reasons) > 0 {
						fmt.Fprintf(out, "; %s", strings.Join(j.Reasons, ", "))
					}
					if len(j.NotEvaluated) > 0 {
						fmt.Fprintf(out, "; not evaluated: %s", strings.Join(j.NotEvaluated, "; "))
					}
					fmt.Fprintln(out)
				}
				return nil
			})
		},
	}
	f.add(cmd)
	cmd.Flags().StringVar(&dbs, "patterns", "patterns.db,patterns2.db", "pattern databases, comma-separated: names in --db or paths")
	cmd.Flags().StringVar(&color, "color", "", "match for this colour (default: the player to move)")
	cmd.Flags().BoolVar(&acceptedOnly, "accepted", false, "only the matches that pass their class constraints (helpers and constraints not evaluated included)")
	return cmd
}
