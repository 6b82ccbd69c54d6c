package weiqi

import "testing"

// TestAttackLastLibertyKoAndSnapback checks GNU Go's attack1 on a single stone in atari, on two
// hand-made 9x9 positions whose answers are GNU Go 3.9.1's (`loadsgf`, `worm_data`):
//
//	6 . . X O .      The ko: black D5 takes C5 and is left alone in atari, so white may take
//	5 . X O . O      back. GNU Go: C5 attack_code 4 (KO_A) at D5, defense_code 5 at D5.
//	4 . . X O .      (AB[be][cd][cf] AW[ce][dd][df][ee])
//	  A B C D E
//
//	3 X X .          The snapback: white A1 takes B1, but the three white stones are then in
//	2 O O X          atari and black B1 takes them back with liberties A1 and B2. GNU Go: B1
//	1 . X O          attack_code 0. (AB[bi][ag][bg][ch] AW[ci][bh][ah])
//	  A B C
func TestAttackLastLibertyKoAndSnapback(t *testing.T) {
	g, _ := NewGrid(9)
	for _, c := range []struct {
		name         string
		black, white []string
		at           string
		attack       int
		attackAt     string
		defend       int
	}{
		{"ko", []string{"B5", "C4", "C6"}, []string{"C5", "D4", "D6", "E5"}, "C5", KOA, "D5", Win},
		{"snapback", []string{"B1", "A3", "B3", "C2"}, []string{"C1", "B2", "A2"}, "B1", 0, "", 0},
	} {
		b := NewBoard(g)
		for _, s := range c.black {
			b.Set(mustGTP(t, g, s), Black)
		}
		for _, s := range c.white {
			b.Set(mustGTP(t, g, s), White)
		}
		rd := NewReader(b)
		at := mustGTP(t, g, c.at)
		a, ap := rd.Attack(at)
		if a != c.attack {
			t.Errorf("%s: attack code %d, want %d", c.name, a, c.attack)
			continue
		}
		if c.attack != 0 && g.GTP(ap) != c.attackAt {
			t.Errorf("%s: attack at %s, want %s", c.name, g.GTP(ap), c.attackAt)
		}
		if d, _ := rd.Defend(at); c.attack != 0 && d != c.defend {
			t.Errorf("%s: defence code %d, want %d", c.name, d, c.defend)
		}
		// a white stone played into the ko is safe only by the ko (GNU Go's safe_move: KO_B)
		if c.name == "ko" {
			b.Set(at, Empty)
			if s := NewReader(b).SafeMove(at, White); s != KOB {
				t.Errorf("ko: safe_move of white C5 %d, want KOB", s)
			}
		}
	}
}
