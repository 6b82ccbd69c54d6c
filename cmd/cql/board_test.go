package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The board command's cases, gojq style: a command line, its output and its exit status. Every
// case runs with both evaluators (--engine set and --engine automaton).
const seed = `board seed4x4 --position '4/1BG1/1B2/4 Green'`
const second = `board --size 4x4 --position '1p1k/R1nR/2Pr/K2p 1'`

var boardCases = []struct {
	name, args, out string
	status          int
}{
	// The reference note's cases on the seed's 4x4 board (Green to move).
	{"1", seed + ` --at A1 --pattern '/empty/'`, "true\n", 0},
	{"2", seed + ` --at B2 --pattern '/empty/'`, "false\n", 1},
	{"3", seed + ` --at A1 --pattern '/n empty/'`, "true\n", 0},
	{"4", seed + ` --at B1 --pattern '/n empty/'`, "false\n", 1},
	{"5", seed + ` --at C3 --pattern '/e empty/'`, "true\n", 0},
	{"6", seed + ` --at C4 --pattern '/e empty/'`, "true\n", 0},
	{"7", seed + ` --at D4 --pattern '/e empty/'`, "false\n", 1},
	{"8", seed + ` --at A1 --pattern '/n* n e empty/'`, "true\n", 0},
	{"8 ends", seed + ` --at A1 --ends --pattern '/n* n e empty/'`, "b4\n", 0},
	{"9", seed + ` --at C3 --pattern '/n* s s !empty/'`, "false\n", 1},
	{"10", seed + ` --at A1 --pattern '/n+ e empty/'`, "true\n", 0},
	{"11", seed + ` --at B1 --pattern '/n+ empty e !empty/'`, "false\n", 1},
	{"12", seed + ` --at B3 --pattern '/s? e empty/'`, "true\n", 0},
	{"12 ends", seed + ` --at B3 --ends --pattern '/s? e empty/'`, "c2\n", 0},
	{"13", seed + ` --at C2 --pattern '/n? w empty/'`, "false\n", 1},
	{"14", seed + ` --at A2 --pattern '/(n | e) empty/'`, "true\n", 0},
	{"14 ends", seed + ` --at A2 --ends --pattern '/(n | e) empty/'`, "a3\n", 0},
	{"15", seed + ` --at C2 --pattern '/e | w empty/'`, "true\n", 0},
	{"16", seed + ` --at B1 --pattern '/(n n | e e) empty/'`, "true\n", 0},
	{"16 ends", seed + ` --at B1 --ends --pattern '/(n n | e e) empty/'`, "d1\n", 0},
	{"17", seed + ` --at A1 --pattern '/(n w)* empty/'`, "true\n", 0},
	{"18", seed + ` --at B2 --pattern '/n|e|(n e) friend/'`, "true\n", 0},
	{"19", seed + ` --at C3 --pattern '/(e | w)+ friend/'`, "true\n", 0},
	{"20", seed + ` --pattern '/(n | s) empty/'`, "a1 a2 a3 a4 b2 b3 c1 c2 c3 d1 d2 d3 d4\n", 0},
	{"21", seed + ` --this C3 --pattern '/empty (n | s) this/'`, "c2 c4\n", 0},
	{"22", seed + ` --this B3 --at A3 --pattern '/empty e this/'`, "true\n", 0},
	{"23", seed + ` --this B2 --at A3 --pattern '/empty e this/'`, "false\n", 1},
	{"Black to move", seed + ` --turn Black --at B2 --pattern '/n|e|(n e) friend/'`, "true\n", 0},
	{"Black to move 2", seed + ` --turn 2 --at C2 --ends --pattern '/n friend/'`, "\n", 1},
	{"Green is friend", seed + ` --at C2 --ends --pattern '/n friend/'`, "c3\n", 0},

	// The second board: the squares where the walks end.
	{"B01", second + ` --at a1 --ends --pattern '/n/'`, "a2\n", 0},
	{"B02", second + ` --at a1 --ends --pattern '/w/'`, "\n", 1},
	{"B04", second + ` --at a1 --ends --pattern '/n*/'`, "a1 a2 a3 a4\n", 0},
	{"B05", second + ` --at a1 --ends --pattern '/n+ empty/'`, "a2 a4\n", 0},
	{"B06", second + ` --at a1 --ends --pattern '/(n empty)* n (empty|foe)/'`, "a2\n", 0},
	{"B07", second + ` --at a3 --ends --pattern '/(e empty)* e (empty|foe)/'`, "b3 c3\n", 0},
	{"B09", second + ` --at a1 --ends --pattern '/(n|e)+ foe/'`, "b4 c3 d1 d2 d4\n", 0},
	{"B11", second + ` --at b2 --ends --pattern '/(n s)* e/'`, "c2\n", 0},
	{"B13", second + ` --at a1 --ends --pattern '/(n|e)+ N/'`, "c3\n", 0},
	{"B14", second + ` --at a1 --ends --pattern '/(n|e)+ friend P/'`, "c2\n", 0},
	{"B16", second + ` --at a3 --this d3 --ends --pattern '/e+ this/'`, "d3\n", 0},
	{"B17", second + ` --at a3 --this d3 --ends --pattern '/(e empty)* e this/'`, "\n", 1},
	{"B18", second + ` --at b1 --ends --pattern '/(n n e|n n w|e e n|e e s|s s e|s s w|w w n|w w s) (empty|foe)/'`, "c3 d2\n", 0},
	{"B19", second + ` --at b2 --ends --pattern '/((n|e|s|w) empty)*/'`, "a2 b1 b2 b3 c1\n", 0},
	{"B06 true", second + ` --at a1 --pattern '/(n empty)* n (empty|foe)/'`, "true\n", 0},
	{"B02 false", second + ` --at a1 --pattern '/w/'`, "false\n", 1},
	{"rook slides", second + ` --pattern '/(n empty)* n (empty|foe)/'`, "a1 a3 b1 b2 b3 c2 c3 d1 d3\n", 0},
	{"black to move", second + ` --turn 2 --at a1 --ends --pattern '/(n|e)+ foe/'`, "a3 c2 d3\n", 0},
	{"precedence", second + ` --at b3 --pattern '/e | w empty/'`, "false\n", 1},
	{"define", second + ` --define 'diag=(n e | n w | s e | s w)' --at c2 --ends --pattern '/diag foe/'`, "d1\n", 0},
	{"define empty", second + ` --define 'diag=(n e | n w | s e | s w)' --at c2 --ends --pattern '/diag empty/'`, "b1 b3\n", 0},
	{"define nested", second + ` --define 'ne=n e' --define 'two=ne ne' --at a1 --ends --pattern '/two/'`, "c3\n", 0},

	// Shipped boards.
	{"tictactoe win", `board tictactoe --position 'XXX/OO1/3 2' --win`, "1: a3\n2: none\n", 0},
	{"tictactoe diagonal", `board tictactoe --position 'XOO/1XO/2X 2' --win`, "1: a3\n2: none\n", 0},
	{"tictactoe none", `board tictactoe --position 'XO1/1X1/2O 1' --win`, "1: none\n2: none\n", 1},
	{"checkers capture", `board checkers --position '8/8/8/8/3m4/2m5/1M1M4/8 1' --pattern capture`, "d2\n", 0},
	{"checkers capture 2", `board checkers --position '8/8/8/8/3m4/2m5/1M1M4/8 2' --pattern capture`, "c3\n", 0},
	{"checkers jump", `board checkers --position '8/8/8/8/3m4/2m5/1M1M4/8 1' --at d2 --this d2 --ends --pattern jump`, "b4\n", 0},
	{"checkers dark", `board checkers --position '8/8/8/8/8/8/8/8 1' --pattern '/dark n n n n n n n/'`, "a1 c1 e1 g1\n", 0},
	{"ludo star", `board ludo --position '------3------/------3------/------3------/------3------/------3------/------3------/15/15/4R10/------3------/------3------/------3------/------3------/------(GG)2------/------3------ Green' --pattern '/foe star/'`, "e7\n", 0},
	{"ludo safe", `board ludo.board --position '------3------/------3------/------3------/------3------/------3------/------3------/15/15/4R10/------3------/------3------/------3------/------3------/------(GG)2------/------3------ Green' --pattern safe`, "g2\n", 0},
	{"ludo corner", `board ludo --position '------3------/------3------/------3------/------3------/------3------/------3------/15/15/15/------3------/------3------/------3------/------3------/------3------/------3------ Red' --at g6 --ends --pattern '/nw | (w n)/'`, "f7\n", 0},
	{"19x19", `board --size 19x19 --position '19/19/19/19/19/19/19/19/19/9X9/19/19/19/19/19/19/19/19/19' --pattern '/(n empty)* n X/'`, "j1 j2 j3 j4 j5 j6 j7 j8 j9\n", 0},

	// Errors, with the place of the mistake.
	{"unclosed", second + ` --pattern '/n (e/'`, "cql: pattern, column 4: '(' is not closed\n    /n (e/\n       ^\n", 2},
	{"unknown name", `board seed4x4 --position '4/4/4/4' --pattern '/n friendly/'`, "cql: pattern, column 4: unknown name \"friendly\": not a direction (n e s w), a check (friend foe empty this), a type or a pattern name\n    /n friendly/\n       ^\n", 2},
	{"bad position", `board --size 4x4 --position '1p1k/R1nR/2Pr/K3p 1' --pattern '/n/'`, "cql: position, column 17: rank 1 has more than 4 squares\n    1p1k/R1nR/2Pr/K3p 1\n                    ^\n", 2},
	{"bad player", second + `X --pattern '/n/'`, "cql: position, column 19: no player \"1X\": the players are 1, 2\n    1p1k/R1nR/2Pr/K2p 1X\n                      ^\n", 2},
	{"bad square", second + ` --at e1 --pattern '/n/'`, "cql: --at: square e1 is off the 4x4 board\n", 2},
	{"this needed", second + ` --pattern '/n this/'`, "cql: the pattern uses `this`: name the square of its piece with --this SQUARE\n", 2},
	{"this empty", second + ` --this b2 --pattern '/n this/'`, "cql: --this b2: no piece on that square\n", 2},
	{"no board", `board --position '4/4/4/4' --pattern '/n/'`, "cql: no board: give FILE.board, a shipped board (checkers, ludo, seed4x4, tictactoe) or --size WxH\n", 2},
	{"bad size", `board --size 4by4 --position '4/4/4/4' --pattern '/n/'`, "cql: --size \"4by4\": want WxH, like 8x8\n", 2},
	{"no such board", `board chess --position '8/8' --pattern '/n/'`, "cql: no board file chess and no shipped board of that name (there are checkers, ludo, seed4x4, tictactoe)\n", 2},
	{"no player", seed + ` --turn Red --pattern '/n/'`, "cql: no player \"Red\": the players are Green, Black\n", 2},
	{"ends alone", second + ` --ends --pattern '/n/'`, "cql: --ends needs --at SQUARE: the start of the walks\n", 2},
	{"no win", second + ` --win`, "cql: the board has no Win pattern\n", 2},
	{"excluded", `board ludo --position '------3------/------3------/------3------/------3------/------3------/------3------/15/15/15/------3------/------3------/------3------/------3------/------3------/------3------' --at a1 --pattern '/n/'`, "cql: --at: square a1 is excluded from the board\n", 2},
}

func TestBoardCommand(t *testing.T) {
	for _, c := range boardCases {
		for _, engine := range []string{"set", "automaton"} {
			args, err := splitArgs(c.args)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			args = append(args, "--engine", engine)
			var stdout, stderr bytes.Buffer
			status := run(args, strings.NewReader(""), &stdout, &stderr)
			got := stdout.String() + stderr.String()
			if got != c.out || status != c.status {
				t.Errorf("%s (%s): cql %s\n got status %d, output:\n%s\nwant status %d, output:\n%s", c.name, engine, c.args, status, got, c.status, c.out)
			}
		}
	}
}

// A description file given by path, with an error in it reported at its line and column.
func TestBoardFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "line.board")
	os.WriteFile(good, []byte("Players = 2;\nPieces = {X, O};\nPlayer 1 { X; }\nPlayer 2 { O; }\nBoard { 1*5; }\nPattern three = /friend (e friend)2/;\nWin = three;\n"), 0o644)
	bad := filepath.Join(dir, "bad.board")
	os.WriteFile(bad, []byte("Board { 3*3; }\nPattern p = /n (e/;\n"), 0o644)
	var out, errb bytes.Buffer
	if st := run([]string{"board", good, "--position", "1XXX1", "--win"}, nil, &out, &errb); st != 0 || out.String() != "1: b1\n2: none\n" {
		t.Errorf("status %d, %q %q", st, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	st := run([]string{"board", bad, "--position", "3/3/3", "--pattern", "/n/"}, nil, &out, &errb)
	want := "cql: " + bad + ":2:16: '(' is not closed\n    Pattern p = /n (e/;\n                   ^\n"
	if st != 2 || errb.String() != want {
		t.Errorf("status %d, stderr:\n%s\nwant:\n%s", st, errb.String(), want)
	}
}

// splitArgs splits a command line with single-quoted words.
func splitArgs(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			cur.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == ' ':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args, nil
}
