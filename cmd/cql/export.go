package main

import (
	"bufio"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	cqlrun "github.com/cqlgo/cql/run"
)

func openFile(name string) (*os.File, error) { return os.Open(name) }

func newExportCmd() *cobra.Command {
	var format string
	var variations bool
	var workers func() (int, error)
	cmd := &cobra.Command{
		Use:   "export [--format pgn|fen|epd|uci|jsonl] [--variations] FILE...",
		Short: "Write every game (pgn) or every position (fen, epd, uci, jsonl)",
		Long: `Export reads PGN files (.gz, .bz2 and .zst are decompressed; - is standard input)
and writes to standard output:
  pgn    every game in PGN export format
  fen    the FEN of every position, one a line
  epd    the EPD (FEN without move counters) of every position
  uci    for every position, the UCI command that reaches it ("position startpos moves ...")
  jsonl  one JSON object per position: file, game, ply (0 is the start position),
         move (number), side (w/b to move), fen, san (the move that led here), next
         (the following move), variation, result, and tags (every tag of the game;
         text that is not UTF-8 is read as Latin-1)
pgn keeps variations; the other formats write main-line positions unless --variations
is given. Problems in games are
reported on standard error; the moves before a problem are still written.`,
		Args: needFiles("PGN files to export (- for standard input)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			switch format {
			case "pgn", "fen", "epd", "uci", "jsonl":
			default:
				return fmt.Errorf("unknown format %q (want pgn, fen, epd, uci or jsonl)", format)
			}
			threads, err := workers()
			if err != nil {
				return err
			}
			out := bufio.NewWriterSize(cmd.OutOrStdout(), 256<<10)
			defer out.Flush()
			stderr := cmd.ErrOrStderr()
			bar := newProgress(stderr, "export")
			defer bar.Finish()
			// A PGN copy keeps everything; positions come from the main line unless asked.
			opt := pgn.Options{Variations: variations || format == "pgn", Workers: threads}
			type result struct {
				text   []byte
				errors []error
			}
			var writeErr error // bufio's error is sticky: Flush returns it again
			failed := !scanFiles(cmd, args, bar, opt,
				func(w int, g *pgn.Game) result {
					var r result
					r.text = exportGame(nil, g, format, variations)
					if len(g.Errors) > 0 {
						r.errors = append([]error(nil), g.Errors...)
					}
					return r
				},
				func(r result) error {
					bar.Item()
					for _, e := range r.errors {
						fmt.Fprintln(bar, "cql:", e)
					}
					_, err := out.Write(r.text)
					if err != nil {
						writeErr = err
					}
					return err
				})
			bar.Finish()
			if err := out.Flush(); err != nil {
				if err == writeErr {
					return exitStatus(exitError) // reported already, when the scan stopped on it
				}
				return err
			}
			if failed {
				return exitStatus(exitError)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "pgn", "output format: pgn, fen, epd, uci or jsonl")
	cmd.Flags().BoolVar(&variations, "variations", false, "include variations")
	workers = threadsFlag(cmd)
	return cmd
}

// exportGame appends g in the given format.
func exportGame(dst []byte, g *pgn.Game, format string, variations bool) []byte {
	if format == "pgn" {
		return pgn.AppendGame(dst, g)
	}
	var path []chess.Move
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Variation && !variations {
			continue
		}
		switch format {
		case "fen":
			dst = n.Pos.AppendFEN(dst)
		case "epd":
			dst = cqlrun.AppendEPD(dst, &n.Pos)
		case "uci":
			path = path[:0]
			for j := int32(i); g.Nodes[j].Parent >= 0; j = g.Nodes[j].Parent {
				path = append(path, g.Nodes[j].Move)
			}
			root := &g.Nodes[0].Pos
			if *root == chess.StartPosition() {
				dst = append(dst, "position startpos"...)
			} else {
				dst = append(dst, "position fen "...)
				dst = root.AppendFEN(dst)
			}
			if len(path) > 0 {
				dst = append(dst, " moves"...)
				// Replay from the root to name each move in UCI.
				pos := *root
				for k := len(path) - 1; k >= 0; k-- {
					dst = append(dst, ' ')
					dst = append(dst, pos.UCI(path[k])...)
					pos.Play(path[k])
				}
			}
		case "jsonl":
			dst = cqlrun.AppendJSONL(dst, g, int32(i), nil)
		}
		dst = append(dst, '\n')
	}
	return dst
}
