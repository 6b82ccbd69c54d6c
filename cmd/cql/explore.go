package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/index"
)

func newIndexExploreCmd() *cobra.Command {
	var dirs []string
	var fen, moves string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "explore -x DIR [-x DIR...] (--fen FEN | --moves \"1. e4 c5\")",
		Short: "The moves played from a position in the indexed games, most played first, with results, average rating and the latest year",
		Long: `explore lists the moves the indexed games played from a position (their main lines;
variations are left out), each with its number of games, the percentages of White's wins,
draws and Black's wins (by the Result tag), the players' average rating (the WhiteElo and
BlackElo tags) and the latest year, most played first, as an opening explorer does. It
reads the exact-position table only: no game is replayed.

The position is --fen FEN (the move counters are ignored: transpositions count) or
--moves, the moves from the start position in SAN or UCI ("1. e4 c5", "e2e4 c7c5").
With several -x the indexes' counts are added.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(dirs) == 0 {
				return needIndexDir("")
			}
			var pos chess.Position
			switch {
			case fen != "" && moves != "":
				return errors.New("give the position with --fen or --moves, not both")
			case fen != "":
				p, err := chess.ParseFEN(fen)
				if err != nil {
					return fmt.Errorf("--fen: %w", err)
				}
				pos = p
			case cmd.Flags().Changed("moves"):
				p, err := index.PlayMoves(moves)
				if err != nil {
					return err
				}
				pos = p
			default:
				return errors.New("give the position with --fen FEN or --moves \"1. e4 c5\"")
			}
			// As find: the table's entries of a common position are kept to the end.
			debug.SetGCPercent(400)
			var ex *index.Exploration
			for _, dir := range dirs {
				ix, err := index.Open(dir)
				if err != nil {
					return err
				}
				e, err := ix.ExplorePosition(cmd.Context(), &pos)
				ix.Close()
				if err != nil {
					return err
				}
				if ex == nil {
					ex = e
				} else {
					ex.Merge(e)
				}
			}
			out := cmd.OutOrStdout()
			if asJSON {
				if err := writeExploreJSON(out, ex); err != nil {
					return err
				}
			} else if err := writeExploreText(out, ex); err != nil {
				return err
			}
			if ex.Total.Games == 0 {
				return exitStatus(exitNoMatch)
			}
			return nil
		},
	}
	cmd.Flags().StringArrayVarP(&dirs, "index", "x", nil, "index directory (repeat for several: their counts are added)")
	cmd.Flags().StringVar(&fen, "fen", "", "the position (the move counters are ignored)")
	cmd.Flags().StringVar(&moves, "moves", "", "the position after these moves from the start position (SAN or UCI)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write the answer as one JSON object")
	return cmd
}

// pct is n in 100ths of games, to one decimal.
func pct(n, games int) float64 {
	if games == 0 {
		return 0
	}
	return float64(int(float64(n)*1000/float64(games)+0.5)) / 10
}

func writeExploreText(w io.Writer, ex *index.Exploration) error {
	line := func(name string, s *index.Stats) string {
		rating, year := "-", "-"
		if r := s.AverageRating(); r > 0 {
			rating = fmt.Sprint(r)
		}
		if s.LastYear > 0 {
			year = fmt.Sprint(s.LastYear)
		}
		return fmt.Sprintf("%-8s %9d %6.1f%% %6.1f%% %6.1f%% %6.1f%% %7s %5s\n", name, s.Games, pct(s.Games, ex.Total.Games),
			pct(s.White, s.Games), pct(s.Draws, s.Games), pct(s.Black, s.Games), rating, year)
	}
	b := fmt.Appendf(nil, "%s: %d games\n", ex.FEN, ex.Total.Games)
	if ex.Total.Games > 0 {
		b = fmt.Appendf(b, "%-8s %9s %7s %7s %7s %7s %7s %5s\n", "move", "games", "share", "white", "draw", "black", "rating", "year")
		for i := range ex.Moves {
			b = append(b, line(ex.Moves[i].SAN, &ex.Moves[i].Stats)...)
		}
		b = append(b, line("all", &ex.Total)...)
	}
	_, err := w.Write(b)
	return err
}

type exploreJSONStats struct {
	Games     int     `json:"games"`
	White     int     `json:"white"`
	Draws     int     `json:"draws"`
	Black     int     `json:"black"`
	WhitePct  float64 `json:"whitePct"`
	DrawPct   float64 `json:"drawPct"`
	BlackPct  float64 `json:"blackPct"`
	AvgRating int     `json:"averageRating,omitempty"`
	LastYear  int     `json:"lastYear,omitempty"`
}

func jsonStats(s *index.Stats) exploreJSONStats {
	return exploreJSONStats{Games: s.Games, White: s.White, Draws: s.Draws, Black: s.Black,
		WhitePct: pct(s.White, s.Games), DrawPct: pct(s.Draws, s.Games), BlackPct: pct(s.Black, s.Games),
		AvgRating: s.AverageRating(), LastYear: s.LastYear}
}

func writeExploreJSON(w io.Writer, ex *index.Exploration) error {
	type move struct {
		SAN string `json:"san"`
		UCI string `json:"uci"`
		exploreJSONStats
	}
	v := struct {
		FEN   string           `json:"fen"`
		Total exploreJSONStats `json:"total"`
		Moves []move           `json:"moves"`
	}{FEN: ex.FEN, Total: jsonStats(&ex.Total), Moves: []move{}}
	for i := range ex.Moves {
		m := &ex.Moves[i]
		v.Moves = append(v.Moves, move{m.SAN, m.UCI, jsonStats(&m.Stats)})
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
