package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/chess"
)

func newPerftCmd() *cobra.Command {
	var fen string
	var divide bool
	cmd := &cobra.Command{
		Use:   "perft [--fen FEN] [--divide] DEPTH",
		Short: "Count the leaf nodes of the legal move tree (move generator check)",
		Long: `perft counts the positions reachable in exactly DEPTH half-moves, the standard check of a
move generator against published counts. --divide prints the count below each legal move.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("give one depth: cql perft [--fen FEN] [--divide] DEPTH (got %d arguments)", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			depth, err := strconv.Atoi(args[0])
			if err != nil || depth < 0 {
				return fmt.Errorf("perft: DEPTH must be a non-negative number, got %q", args[0])
			}
			pos, err := chess.ParseFEN(fen)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			start := time.Now()
			var total uint64
			if divide && depth > 0 {
				moves, counts := chess.PerftDivide(&pos, depth)
				for i, m := range moves {
					fmt.Fprintf(out, "%s: %d\n", pos.UCI(m), counts[i])
					total += counts[i]
				}
			} else {
				total = chess.Perft(&pos, depth)
			}
			elapsed := time.Since(start)
			fmt.Fprintf(out, "nodes %d\n", total)
			fmt.Fprintf(cmd.ErrOrStderr(), "time %.3fs, %.1f Mnodes/s\n", elapsed.Seconds(), float64(total)/elapsed.Seconds()/1e6)
			return nil
		},
	}
	cmd.Flags().StringVar(&fen, "fen", chess.StartFEN, "start position as FEN (X-FEN or Shredder-FEN castling for Chess960)")
	cmd.Flags().BoolVar(&divide, "divide", false, "print the node count below each legal move")
	return cmd
}
