package main

import "testing"

func TestExportCommand(t *testing.T) {
	const twoMoves = "[Event \"E\"]\n[White \"W\"]\n[Black \"B\"]\n[Date \"2024.01.01\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"
	runCases(t, []cliCase{
		{
			name:  "fen of every main-line position",
			args:  []string{"export", "--format", "fen", "-"},
			stdin: twoMoves,
			// Hand-written FENs: no en-passant square, since no pawn can capture there.
			wantOut: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n" +
				"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n" +
				"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n",
		},
		{
			name:  "epd",
			args:  []string{"export", "--format=epd", "-"},
			stdin: "1. d4 *",
			wantOut: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n" +
				"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\n",
		},
		{
			name:  "uci",
			args:  []string{"export", "--format", "uci", "-"},
			stdin: twoMoves,
			wantOut: "position startpos\n" +
				"position startpos moves e2e4\n" +
				"position startpos moves e2e4 e7e5\n",
		},
		{
			name:  "uci from a set-up position",
			args:  []string{"export", "--format", "uci", "-"},
			stdin: "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *",
			wantOut: "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n" +
				"position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1\n",
		},
		{
			name:       "jsonl",
			args:       []string{"export", "--format", "jsonl", small},
			wantStatus: 0,
			outHas: []string{
				`{"file":"` + small + `","game":3,"ply":4,"move":3,"side":"w","fen":"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3","san":"Qh4#","next":"","result":"0-1","tags":{"Event":"After the broken one","White":"Eps","Black":"Zeta","Result":"0-1"}}`,
				`{"file":"` + small + `","game":1,"ply":0,"move":1,"side":"w","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","san":"","next":"e4","result":"*","tags":{"Event":"Two moves","Site":"?","Date":"2024.01.01","Round":"1","White":"Alpha","Black":"Beta","Result":"*"}}`,
			},
			errHas: []string{small + ":19:13: game 2: illegal move"},
		},
		{
			name:  "variations only when asked",
			args:  []string{"export", "--format", "fen", "-"},
			stdin: "1. e4 (1. d4) e5 *",
			wantOut: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n" +
				"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n" +
				"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n",
		},
		{
			name:  "variations",
			args:  []string{"export", "--format", "jsonl", "--variations", "-"},
			stdin: "1. e4 (1. d4) e5 *",
			outHas: []string{
				`{"file":"(standard input)","game":1,"ply":1,"move":1,"side":"b","fen":"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1","san":"d4","next":"","variation":true,"result":"*","tags":{}}`,
			},
		},
		{
			name:  "pgn export puts the Seven Tag Roster first",
			args:  []string{"export", "-"},
			stdin: "[White \"W \\\"Q\\\"\"]\n[ECO \"C20\"]\n[Event \"E\"]\n\n1. e4 {best} $1 (1. d4 d5) e5 0-1\n",
			wantOut: "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W \\\"Q\\\"\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[ECO \"C20\"]\n\n" +
				"1. e4 $1 {best} (1. d4 d5) 1... e5 0-1\n\n",
		},
		{
			name:       "unknown format",
			args:       []string{"export", "--format", "xml", small},
			wantStatus: 2,
			errHas:     []string{"unknown format"},
		},
	})
}
