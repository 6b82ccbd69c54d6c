package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/pattern"
	"github.com/spf13/cobra"
)

// newBoardCmd is `cql board`: the board pattern language of seeds 000 and 003 on any board.
func newBoardCmd() *cobra.Command {
	var (
		size, position, pat, at, this, turn, engine string
		ends, win                                   bool
		defines                                     []string
	)
	cmd := &cobra.Command{
		Use:   "board (FILE.board | NAME | --size WxH) --position TEXT --pattern /.../",
		Short: "Evaluate a board pattern (/n* n e empty/) on a position of any board",
		Long: `Evaluate a direction pattern on a position of a board game board.

The board is a description file (FILE.board), a shipped board by name (` + strings.Join(pattern.Boards(), ", ") + `),
or --size WxH: a plain grid with two players where upper-case letters are player 1's pieces,
lower-case player 2's, and a letter is its piece type whatever its case.

Positions are FEN-like: ranks from north to south separated by '/', a piece letter or a run of
empty squares (a decimal number) per square, several pieces on one square in parentheses (GG),
'-' for an excluded cell, then a space and the player to move (1, 2, or a name).

Prints the squares where the pattern is true, or with --at SQUARE true or false, or with --at
SQUARE --ends the squares where the walks from SQUARE end alive. --this SQUARE names the piece
that ` + "`this`" + ` refers to. --win evaluates the description's win patterns for each player.
Exit status: 0 when something is true, 1 when nothing is, 2 on error.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := loadBoard(args, size)
			if err != nil {
				return err
			}
			for _, def := range defines {
				name, src, ok := strings.Cut(def, "=")
				if !ok {
					return fmt.Errorf("--define %q: want NAME=PATTERN", def)
				}
				if err := d.Scope().Define(strings.TrimSpace(name), src); err != nil {
					return err
				}
			}
			if !cmd.Flags().Changed("position") {
				return errors.New("no position: give --position TEXT")
			}
			pos, err := d.ParsePosition(position)
			if err != nil {
				return err
			}
			g := d.Geometry
			player := pos.Turn
			if turn != "" {
				if player, err = d.Player(turn); err != nil {
					return err
				}
			}
			thisSq := -1
			if this != "" {
				if thisSq, err = g.ParseSquare(this); err != nil {
					return fmt.Errorf("--this: %v", err)
				}
				if len(pos.Cells[thisSq]) == 0 {
					return fmt.Errorf("--this %s: no piece on that square", strings.ToLower(this))
				}
			}
			out := cmd.OutOrStdout()
			if win {
				if pat != "" || at != "" {
					return errors.New("--win evaluates the description's win patterns: give no --pattern or --at")
				}
				if len(d.Win) == 0 {
					return errors.New("the board has no Win pattern")
				}
				var pats []*pattern.Pattern
				for _, src := range d.Win {
					p, err := d.Compile(src)
					if err != nil {
						return err
					}
					pats = append(pats, p)
				}
				any := false
				for i, name := range d.Players {
					e := pos.Env(i, thisSq)
					var s pattern.Set
					for _, p := range pats {
						s = s.Or(p.All(e))
					}
					if s.IsEmpty() {
						fmt.Fprintf(out, "%s: none\n", name)
					} else {
						any = true
						fmt.Fprintf(out, "%s: %s\n", name, g.Format(s))
					}
				}
				if !any {
					return exitStatus(exitNoMatch)
				}
				return nil
			}
			if pat == "" {
				return errors.New("no pattern: give --pattern '/.../'")
			}
			p, err := d.Compile(pat)
			if err != nil {
				return err
			}
			if p.UsesThis() && thisSq < 0 {
				return errors.New("the pattern uses `this`: name the square of its piece with --this SQUARE")
			}
			if engine != "set" && engine != "automaton" {
				return fmt.Errorf("--engine %q: want set or automaton", engine)
			}
			e := pos.Env(player, thisSq)
			var found bool
			switch {
			case at != "":
				sq, err := g.ParseSquare(at)
				if err != nil {
					return fmt.Errorf("--at: %v", err)
				}
				var endSet pattern.Set
				if engine == "set" {
					endSet = p.Ends(e, pattern.SetOf(sq))
				} else {
					endSet = p.NewWalker().Walk(e, sq)
				}
				found = !endSet.IsEmpty()
				if ends {
					fmt.Fprintln(out, g.Format(endSet))
				} else {
					fmt.Fprintln(out, strconv.FormatBool(found))
				}
			case ends:
				return errors.New("--ends needs --at SQUARE: the start of the walks")
			default:
				var all pattern.Set
				if engine == "set" {
					all = p.All(e)
				} else {
					w := p.NewWalker()
					for sq := 0; sq < g.Cells(); sq++ {
						if !w.Walk(e, sq).IsEmpty() {
							all.Add(sq)
						}
					}
				}
				found = !all.IsEmpty()
				fmt.Fprintln(out, g.Format(all))
			}
			if !found {
				return exitStatus(exitNoMatch)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&size, "size", "", "a plain `WxH` board with two players (upper case: player 1)")
	f.StringVar(&position, "position", "", "the position, FEN-like (`TEXT`)")
	f.StringVar(&pat, "pattern", "", "the pattern, /.../, or the name of one of the board's patterns")
	f.StringVar(&at, "at", "", "evaluate on this `SQUARE` only: print true or false")
	f.BoolVar(&ends, "ends", false, "with --at: print the squares where the surviving walks end")
	f.StringVar(&this, "this", "", "the `SQUARE` of the piece that `this` refers to")
	f.StringVar(&turn, "turn", "", "the `PLAYER` to move (number or name), overriding the position's")
	f.StringVar(&engine, "engine", "set", "the evaluator: set (all squares at once as set computations) or automaton (one start square at a time)")
	f.BoolVar(&win, "win", false, "evaluate the board's win patterns for each player")
	f.StringArrayVar(&defines, "define", nil, "name a pattern for use in others: `NAME=PATTERN` (repeatable)")
	return cmd
}

// loadBoard reads the board: a description file, a shipped board's name, or --size WxH.
func loadBoard(args []string, size string) (*pattern.Description, error) {
	switch {
	case size != "" && len(args) > 0:
		return nil, errors.New("give a board file or --size, not both")
	case size != "":
		ws, hs, ok := strings.Cut(strings.ToLower(size), "x")
		w, err1 := strconv.Atoi(ws)
		h, err2 := strconv.Atoi(hs)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("--size %q: want WxH, like 8x8", size)
		}
		return pattern.PlainBoard(w, h)
	case len(args) == 0:
		return nil, errors.New("no board: give FILE.board, a shipped board (" + strings.Join(pattern.Boards(), ", ") + ") or --size WxH")
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && !strings.ContainsAny(args[0], `/\`) {
			if d, err2 := pattern.Board(args[0]); err2 == nil {
				return d, nil
			}
			return nil, fmt.Errorf("no board file %s and no shipped board of that name (there are %s)", args[0], strings.Join(pattern.Boards(), ", "))
		}
		return nil, err
	}
	return pattern.ParseDescription(args[0], string(data))
}
