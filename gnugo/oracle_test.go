package gnugo

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/cqlgo/cql/weiqi"
)

// gnugoBinary finds GNU Go (Debian installs it in /usr/games).
func gnugoBinary() string {
	if p, err := exec.LookPath("gnugo"); err == nil {
		return p
	}
	if p, err := exec.LookPath("/usr/games/gnugo"); err == nil {
		return p
	}
	return ""
}

// gtp runs GNU Go on a list of GTP commands and returns the responses, one per command.
func gtp(t *testing.T, bin string, cmds []string) []string {
	t.Helper()
	cmd := exec.Command(bin, "--mode", "gtp")
	cmd.Stdin = strings.NewReader(strings.Join(cmds, "\n") + "\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gnugo: %v", err)
	}
	var resp []string
	for _, block := range strings.Split(strings.TrimSpace(string(bytes.ReplaceAll(out, []byte("\r"), nil))), "\n\n") {
		resp = append(resp, strings.TrimSpace(block))
	}
	return resp
}

// TestEyeValuesAgainstGNUGo compares the hand cases with GNU Go's own eye evaluation (GTP
// eval_eye: "min max [attack defence]") when GNU Go is installed. Every case is built so that GNU
// Go, finding eye spaces and dead stones its own way, sees the same eye space: an answer of -1 (no
// eye space there) fails the test.
func TestEyeValuesAgainstGNUGo(t *testing.T) {
	bin := gnugoBinary()
	if bin == "" {
		t.Skip("gnugo is not installed (apt-get install gnugo): the GNU Go oracle test is skipped")
	}
	db := loadEyeDB(t)
	compared := 0
	defer func() {
		t.Logf("%d of %d cases compared with GNU Go", compared, len(eyeCases))
		if compared < len(eyeCases) {
			t.Errorf("only %d of %d cases could be compared with GNU Go", compared, len(eyeCases))
		}
	}()
	for _, c := range eyeCases {
		b, dead := parseCase(t, c.board)
		g := b.Grid()
		cmds := []string{fmt.Sprintf("boardsize %d", g.Size()), "clear_board"}
		for _, col := range []weiqi.Color{weiqi.Black, weiqi.White} {
			for sq := 0; sq < g.Points(); sq++ {
				if b.At(sq) == col {
					cmds = append(cmds, fmt.Sprintf("play %s %s", col, g.GTP(sq)))
				}
			}
		}
		cmds = append(cmds, "eval_eye "+c.at)
		resp := gtp(t, bin, cmds)
		if len(resp) != len(cmds)+1 {
			t.Fatalf("%s: %d GTP responses to %d commands", c.name, len(resp), len(cmds)+1)
		}
		last := resp[len(resp)-2] // the last is quit's
		f := strings.Fields(strings.TrimPrefix(last, "="))
		if !strings.HasPrefix(last, "=") || len(f) < 2 {
			t.Errorf("%s: GNU Go sees no eye space at %s: %q", c.name, c.at, last)
			continue
		}
		var min, max int
		fmt.Sscan(f[0], &min)
		fmt.Sscan(f[1], &max)
		at, _ := g.ParseGTP(c.at)
		var ours *EyeResult
		for _, r := range db.EvaluateAll(b, dead, nil) {
			if r.Space.Color == weiqi.Black && r.Space.Points.Has(at) {
				ours = &r
			}
		}
		if ours == nil {
			t.Errorf("%s: no eye space", c.name)
			continue
		}
		compared++
		if ours.First() != max || ours.Second() != min {
			t.Errorf("%s: ours (%d, %d), GNU Go eval_eye max %d min %d (%s)", c.name, ours.First(), ours.Second(), max, min, last)
			continue
		}
		if len(f) >= 4 {
			vital := g.FormatPoints(ours.Vital())
			if !strings.Contains(" "+vital+" ", " "+f[2]+" ") || !strings.Contains(" "+vital+" ", " "+f[3]+" ") {
				t.Errorf("%s: our vital points [%s], GNU Go attack %s defence %s", c.name, vital, f[2], f[3])
			}
		}
	}
}
