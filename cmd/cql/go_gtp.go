package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/gnugo"
	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/sgf"
	"github.com/cqlgo/cql/weiqi"
	"github.com/spf13/cobra"
)

// gtpCommands are the commands `cql go gtp` answers, in list_commands order.
var gtpCommands = []string{
	"boardsize", "clear_board", "dragon_status", "eval_eye", "known_command", "komi", "list_commands",
	"loadsgf", "name", "play", "protocol_version", "quit", "showboard", "version",
}

func newGoGTPCmd() *cobra.Command {
	var db, dead string
	cmd := &cobra.Command{
		Use:   "gtp",
		Short: "Answer GTP commands on standard input as GNU Go does: loadsgf, eval_eye, dragon_status, play, ...",
		Long: `Read GTP (Go Text Protocol, version 2) commands from standard input and answer them on standard
output, as GNU Go's --mode gtp does for the commands it shares with it:

  loadsgf FILE [N|VERTEX]   the position before move N (or before the first move at VERTEX) of
                            the file's main line, else its last; answers the colour to move
  eval_eye VERTEX           "min max" eyes of the eye space there (attacker first, defender
                            first), then the attack and defence points when they differ; -1
                            when the point is in no eye space (black's spaces looked at first)
  dragon_status [VERTEX]    alive, dead or "critical ATTACK DEFENCE" of the group there, or of
                            every group as "ORIGIN: status" lines

and boardsize, clear_board, play, komi, showboard, name, version, protocol_version,
known_command, list_commands, quit. Groups are cql go status's (strings around a shared eye
shape), not GNU Go's dragons.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f := goFlags{db: db}
			dir, err := f.dbDir()
			if err != nil {
				return err
			}
			edb, err := loadEyeDB(dir, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			if dead != "read" && dead != "none" {
				return fmt.Errorf("--dead %q: want read or none", dead)
			}
			s := &gtpSession{db: edb, readDead: dead == "read"}
			s.reset(19)
			return s.serve(cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&db, "db", "", "GNU Go's pattern directory (default: $CQL_GNUGO_DIR, ~/.local/share/cql/gnugo, "+defaultGnuGoDir+")")
	cmd.Flags().StringVar(&dead, "dead", "read", "dead stones: read (tactical reading) or none")
	return cmd
}

// gtpSession is the state of a GTP session: the board and the colour to move.
type gtpSession struct {
	db       *gnugo.EyeDB
	readDead bool
	board    *weiqi.Board
	toMove   weiqi.Color
}

func (s *gtpSession) reset(size int) error {
	g, err := weiqi.NewGrid(size)
	if err != nil {
		return err
	}
	s.board, s.toMove = weiqi.NewBoard(g), weiqi.Black
	return nil
}

// serve answers the commands of in until quit or the end of the input.
func (s *gtpSession) serve(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	w := bufio.NewWriter(out)
	defer w.Flush()
	for sc.Scan() {
		line := strings.ReplaceAll(sc.Text(), "\t", " ")
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		id := ""
		if _, err := strconv.Atoi(fields[0]); err == nil {
			id, fields = fields[0], fields[1:]
			if len(fields) == 0 {
				continue
			}
		}
		resp, err := s.command(strings.ToLower(fields[0]), fields[1:])
		if err != nil {
			fmt.Fprintf(w, "?%s %s\n\n", id, err.Error())
		} else {
			fmt.Fprintf(w, "=%s %s\n\n", id, resp)
		}
		if err := w.Flush(); err != nil {
			return err
		}
		if fields[0] == "quit" {
			return nil
		}
	}
	return sc.Err()
}

// gtpError is a GTP failure message.
type gtpError string

func (e gtpError) Error() string { return string(e) }

func (s *gtpSession) command(name string, args []string) (string, error) {
	g := s.board.Grid()
	switch name {
	case "protocol_version":
		return "2", nil
	case "name":
		return "cql", nil
	case "version":
		return "1", nil
	case "quit", "komi":
		return "", nil
	case "list_commands":
		return strings.Join(gtpCommands, "\n"), nil
	case "known_command":
		if len(args) == 1 {
			for _, c := range gtpCommands {
				if c == args[0] {
					return "true", nil
				}
			}
		}
		return "false", nil
	case "boardsize":
		if len(args) != 1 {
			return "", gtpError("boardsize not an integer")
		}
		n, err := strconv.Atoi(args[0])
		if err != nil {
			return "", gtpError("boardsize not an integer")
		}
		if s.reset(n) != nil {
			return "", gtpError("unacceptable size")
		}
		return "", nil
	case "clear_board":
		return "", s.reset(g.Size())
	case "play":
		if len(args) != 2 {
			return "", gtpError("invalid color or coordinate")
		}
		c := gtpColor(args[0])
		if c == weiqi.Empty {
			return "", gtpError("invalid color or coordinate")
		}
		sq := weiqi.Pass
		if !strings.EqualFold(args[1], "pass") {
			p, err := g.ParseGTP(args[1])
			if err != nil {
				return "", gtpError("invalid color or coordinate")
			}
			sq = p
		}
		if _, err := s.board.Play(c, sq); err != nil {
			return "", gtpError("illegal move")
		}
		s.toMove = c.Opponent()
		return "", nil
	case "showboard":
		return "\n" + s.board.Draw(nil), nil
	case "loadsgf":
		return s.loadsgf(args)
	case "eval_eye":
		if len(args) != 1 {
			return "", gtpError("invalid coordinate")
		}
		sq, err := g.ParseGTP(args[0])
		if err != nil {
			return "", gtpError("invalid coordinate")
		}
		results, _ := s.analyse()
		return gnugo.EvalEye(g, results, sq), nil
	case "dragon_status":
		return s.dragonStatus(args)
	}
	return "", gtpError("unknown command")
}

func gtpColor(s string) weiqi.Color {
	switch strings.ToLower(s) {
	case "b", "black":
		return weiqi.Black
	case "w", "white":
		return weiqi.White
	}
	return weiqi.Empty
}

// analyse finds and values the eye spaces and the groups of the board.
func (s *gtpSession) analyse() ([]gnugo.EyeResult, []gnugo.Group) {
	var dead pattern.Set
	if s.readDead {
		dead = weiqi.ReadDead(s.board)
	}
	results := s.db.NewEvaluator().All(s.board, dead, false, nil)
	return results, s.db.ReadGroups(s.board, dead, results, 0)
}

// loadsgf is GNU Go's: "loadsgf FILE" the last position, "loadsgf FILE N" the position before
// move N, "loadsgf FILE VERTEX" the position before the first move at VERTEX.
func (s *gtpSession) loadsgf(args []string) (string, error) {
	if len(args) < 1 {
		return "", gtpError("missing filename")
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		return "", gtpError(fmt.Sprintf("cannot open or parse '%s'", args[0]))
	}
	games, err := sgf.Load(args[0], data)
	if err != nil || len(games) == 0 {
		return "", gtpError(fmt.Sprintf("cannot open or parse '%s'", args[0]))
	}
	gm := games[0]
	n := len(gm.Moves)
	if len(args) > 1 {
		u := args[1]
		if u[0] > '0' && u[0] <= '9' {
			k, _ := strconv.Atoi(u) // atoi: the leading digits
			if k >= 1 {
				n = min(n, k-1)
			}
		} else if sq, err := gm.Grid.ParseGTP(u); err == nil {
			for i, m := range gm.Moves {
				if m.Point == sq {
					n = i
					break
				}
			}
		}
	}
	s.board, s.toMove = gm.Position(n)
	return strings.ToLower(s.toMove.String()), nil
}

// dragonStatus is GNU Go's dragon_status on cql's groups.
func (s *gtpSession) dragonStatus(args []string) (string, error) {
	g := s.board.Grid()
	str := -1
	if len(args) > 0 {
		sq, err := g.ParseGTP(args[0])
		if err != nil {
			return "", gtpError("invalid coordinate")
		}
		if s.board.At(sq) == weiqi.Empty {
			return "", gtpError("vertex must not be empty")
		}
		str = sq
	}
	_, groups := s.analyse()
	status := func(grp *gnugo.Group) string {
		switch grp.Status {
		case gnugo.Alive:
			return "alive"
		case gnugo.Urgent:
			return "critical " + firstGTP(g, grp.Attack) + " " + firstGTP(g, grp.Defend)
		case gnugo.Unknown:
			return "unknown"
		}
		return "dead"
	}
	if str >= 0 {
		for i := range groups {
			if groups[i].Stones.Has(str) {
				return status(&groups[i]), nil
			}
		}
		return "", gtpError("no group there")
	}
	// every group by its origin, in GNU Go's board order (from the north-west corner)
	var lines []string
	n := g.Size()
	done := make([]bool, len(groups))
	for r := n - 1; r >= 0; r-- {
		for f := 0; f < n; f++ {
			sq := g.Square(f, r)
			for i := range groups {
				if !done[i] && groups[i].Stones.Has(sq) {
					done[i] = true
					lines = append(lines, g.GTP(sq)+": "+status(&groups[i]))
				}
			}
		}
	}
	return strings.Join(lines, "\n"), nil
}

// firstGTP is the first point of s in GNU Go's board order, PASS for none.
func firstGTP(g *weiqi.Grid, s pattern.Set) string {
	n := g.Size()
	for r := n - 1; r >= 0; r-- {
		for f := 0; f < n; f++ {
			if sq := g.Square(f, r); s.Has(sq) {
				return g.GTP(sq)
			}
		}
	}
	return "PASS"
}
