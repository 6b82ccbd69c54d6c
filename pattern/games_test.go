package pattern

import (
	"testing"
)

// Tic-tac-toe: every position reachable from the empty board (play stops at a win or a full
// board: 5,478 positions), the description's win pattern against a separate three-in-a-row check.
func TestTicTacToeWins(t *testing.T) {
	d, err := Board("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Win) != 1 {
		t.Fatalf("tictactoe has %d win patterns", len(d.Win))
	}
	win, err := d.Compile(d.Win[0])
	if err != nil {
		t.Fatal(err)
	}
	x, _ := d.PieceOf('X')
	o, _ := d.PieceOf('O')
	if x.Owner != 0 || o.Owner != 1 {
		t.Fatalf("owners: X %d, O %d", x.Owner, o.Owner)
	}
	lines := [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}
	brute := func(b *[9]int8, player int8) bool {
		for _, l := range lines {
			if b[l[0]] == player && b[l[1]] == player && b[l[2]] == player {
				return true
			}
		}
		return false
	}
	seen := map[[9]int8]bool{}
	var board [9]int8 // 0 empty, 1 X, 2 O
	var env Env
	var env64 Env64
	checks := 0
	var visit func(turn int8)
	visit = func(turn int8) {
		if seen[board] {
			return
		}
		seen[board] = true
		pos := d.NewPosition()
		for sq, v := range board {
			switch v {
			case 1:
				pos.Cells[sq] = []Piece{x}
			case 2:
				pos.Cells[sq] = []Piece{o}
			}
		}
		pos.Turn = int(turn - 1)
		// round trip through the text form
		back, err := d.ParsePosition(pos.String())
		if err != nil || back.String() != pos.String() {
			t.Fatalf("position %q does not read back: %v", pos, err)
		}
		for player := int8(1); player <= 2; player++ {
			pos.FillEnv(&env, int(player-1), -1)
			got := !win.All(&env).IsEmpty()
			pos.FillEnv64(&env64, int(player-1), -1)
			if got64 := win.AllWord(&env64) != 0; got64 != got {
				t.Fatalf("%s: AllWord %v, All %v", pos, got64, got)
			}
			if want := brute(&board, player); got != want {
				t.Fatalf("%s: player %d wins by the pattern: %v, by brute force: %v", pos, player, got, want)
			}
			checks++
		}
		if brute(&board, 1) || brute(&board, 2) {
			return
		}
		for sq := range board {
			if board[sq] == 0 {
				board[sq] = turn
				visit(3 - turn)
				board[sq] = 0
			}
		}
	}
	visit(1)
	if len(seen) != 5478 {
		t.Fatalf("%d positions, want 5478", len(seen))
	}
	t.Logf("%d positions, %d checks", len(seen), checks)
}

// checkers: a direct move generator, written apart from the pattern language.
type ckBoard struct {
	cell [64]int8 // 0 empty; 1 man1, 2 king1, -1 man2, -2 king2
	turn int8     // 1 or -1
}

var ckDiag = [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

func ckAt(f, r int) int {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return -1
	}
	return r*8 + f
}

// jumps lists the landing squares of the captures of the piece on sq.
func (b *ckBoard) jumps(sq int) []int {
	v := b.cell[sq]
	var out []int
	f, r := sq%8, sq/8
	for _, d := range ckDiag {
		if (v == 1 && d[1] < 0) || (v == -1 && d[1] > 0) {
			continue // men capture forward only
		}
		over, to := ckAt(f+d[0], r+d[1]), ckAt(f+2*d[0], r+2*d[1])
		if over < 0 || to < 0 {
			continue
		}
		if b.cell[over]*v < 0 && b.cell[to] == 0 {
			out = append(out, to)
		}
	}
	return out
}

func (b *ckBoard) steps(sq int) []int {
	v := b.cell[sq]
	var out []int
	f, r := sq%8, sq/8
	for _, d := range ckDiag {
		if (v == 1 && d[1] < 0) || (v == -1 && d[1] > 0) {
			continue
		}
		if to := ckAt(f+d[0], r+d[1]); to >= 0 && b.cell[to] == 0 {
			out = append(out, to)
		}
	}
	return out
}

// randomPlay plays legal checkers at random (captures forced, multiple jumps continued, men
// crowned on the last rank) and calls visit on every position.
func ckRandomPlay(rng interface{ IntN(int) int }, plies int, visit func(*ckBoard)) {
	var b ckBoard
	for sq := 0; sq < 64; sq++ {
		f, r := sq%8, sq/8
		if (f+r)%2 == 0 {
			if r <= 2 {
				b.cell[sq] = 1
			} else if r >= 5 {
				b.cell[sq] = -1
			}
		}
	}
	b.turn = 1
	for ply := 0; ply < plies; ply++ {
		visit(&b)
		var capt, quiet [][2]int
		for sq := 0; sq < 64; sq++ {
			if b.cell[sq]*b.turn <= 0 {
				continue
			}
			for _, to := range b.jumps(sq) {
				capt = append(capt, [2]int{sq, to})
			}
			for _, to := range b.steps(sq) {
				quiet = append(quiet, [2]int{sq, to})
			}
		}
		moves := quiet
		if len(capt) > 0 {
			moves = capt
		}
		if len(moves) == 0 {
			return
		}
		m := moves[rng.IntN(len(moves))]
		from, to := m[0], m[1]
		for {
			v := b.cell[from]
			b.cell[from], b.cell[to] = 0, v
			jumped := abs(to-from) > 9
			if jumped {
				b.cell[(from+to)/2] = 0
			}
			if r := to / 8; (v == 1 && r == 7) || (v == -1 && r == 0) {
				b.cell[to] = 2 * v // crowned: the turn ends
				break
			}
			if !jumped {
				break
			}
			more := b.jumps(to)
			if len(more) == 0 {
				break
			}
			from, to = to, more[rng.IntN(len(more))]
		}
		b.turn = -b.turn
	}
}

// Checkers: the description's capture pattern finds exactly the men that can capture, and the
// jump pattern, in relation to one man, ends where it lands.
func TestCheckersCaptures(t *testing.T) {
	d, err := Board("checkers")
	if err != nil {
		t.Fatal(err)
	}
	g := d.Geometry
	capture, err := d.Compile("capture")
	if err != nil {
		t.Fatal(err)
	}
	jump := d.Scope().MustCompile("jump")
	kingcapture := d.Scope().MustCompile("kingcapture")
	letters := map[int8]byte{1: 'M', 2: 'K', -1: 'm', -2: 'k'}
	rng := newRand(11)
	positions, withCapture := 0, 0
	walker := jump.NewWalker()
	var env Env
	for game := 0; game < 12; game++ {
		ckRandomPlay(rng, 80, func(b *ckBoard) {
			positions++
			pos := d.NewPosition()
			for sq, v := range b.cell {
				if v != 0 {
					pc, err := d.PieceOf(letters[v])
					if err != nil {
						t.Fatal(err)
					}
					pos.Cells[sq] = []Piece{pc}
				}
			}
			if b.turn == -1 {
				pos.Turn = 1
			}
			var want, wantKings Set
			for sq, v := range b.cell {
				if v*b.turn > 0 && len(b.jumps(sq)) > 0 {
					if abs(int(v)) == 1 {
						want.Add(sq)
					} else {
						wantKings.Add(sq)
					}
				}
			}
			pos.FillEnv(&env, pos.Turn, -1)
			got := capture.All(&env)
			if got != want {
				t.Fatalf("%s: capture pattern {%s}, generator {%s}", pos, g.Format(got), g.Format(want))
			}
			if got := kingcapture.All(&env); got != wantKings {
				t.Fatalf("%s: kingcapture {%s}, generator {%s}", pos, g.Format(got), g.Format(wantKings))
			}
			if !want.IsEmpty() {
				withCapture++
			}
			for sq, v := range b.cell {
				if v*b.turn <= 0 || abs(int(v)) != 1 {
					continue
				}
				pos.FillEnv(&env, pos.Turn, sq)
				var land Set
				for _, to := range b.jumps(sq) {
					land.Add(to)
				}
				if ends := walker.Walk(&env, sq); ends != land {
					t.Fatalf("%s: jump from %s ends {%s}, generator {%s}", pos, g.SquareName(sq), g.Format(ends), g.Format(land))
				}
			}
		})
	}
	if positions < 300 || withCapture < 30 {
		t.Fatalf("only %d positions, %d with a capture", positions, withCapture)
	}
	t.Logf("%d positions, %d with a capture", positions, withCapture)
}
