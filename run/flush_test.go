package run

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cqlgo/cql/pgn"
)

// pacedSource emits the games of threeGames with pause before the third, and records what
// the output held after each emit.
type pacedSource struct {
	out   *bytes.Buffer
	pause time.Duration
	seen  []string
}

func (p *pacedSource) Games(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) Result, emit func(Result) error) error {
	games, err := pgn.ReadAll(strings.NewReader(threeGames), "g.pgn", opt)
	if err != nil {
		return err
	}
	for i, g := range games {
		if i == 2 {
			time.Sleep(p.pause)
		}
		if err := emit(work(0, g)); err != nil {
			return err
		}
		p.seen = append(p.seen, p.out.String())
	}
	return nil
}

// The first matching game is written out as soon as it is formatted, not when 256 KB of
// output are there (issue 35: time to the first byte through an index), and a game written
// 100 ms or more after the last flush goes out with it.
func TestFirstGameFlushed(t *testing.T) {
	q := compile(t, `true`)
	var whole bytes.Buffer
	if _, err := Run(context.Background(), q, &pacedSource{out: &bytes.Buffer{}}, &whole, Options{Format: "pgn"}); err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(whole.String(), "\n\n[") // each game's text but the first's [
	if len(games) != 3 {
		t.Fatalf("%d games written, want 3", len(games))
	}
	var out bytes.Buffer
	src := &pacedSource{out: &out, pause: 150 * time.Millisecond}
	if _, err := Run(context.Background(), q, src, &out, Options{Format: "pgn"}); err != nil {
		t.Fatal(err)
	}
	first := strings.TrimSuffix(games[0], "[")
	if !strings.HasPrefix(src.seen[0], first) || len(src.seen[0]) > len(first)+1 {
		t.Errorf("after the first game the output holds %q, want %q", src.seen[0], first)
	}
	if src.seen[2] != whole.String() || out.String() != whole.String() {
		t.Errorf("after the third game, 150 ms later, the output holds %d bytes, want all %d", len(src.seen[2]), whole.Len())
	}
}
