package plural

import "testing"

func TestN(t *testing.T) {
	for _, c := range []struct {
		n    int
		one  string
		want string
	}{{1, "game", "1 game"}, {0, "game", "0 games"}, {2, "position", "2 positions"}, {1, "file", "1 file"}, {-1, "error", "-1 errors"}} {
		if got := N(c.n, c.one); got != c.want {
			t.Errorf("N(%d, %q) = %q, want %q", c.n, c.one, got, c.want)
		}
	}
}
