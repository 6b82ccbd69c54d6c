package pgn

import (
	"context"
	"io"
)

// ReadAll reads every game of r into memory. It suits small inputs; use
// Scan for large ones.
func ReadAll(r io.Reader, file string, opt Options) ([]*Game, error) {
	var games []*Game
	err := Scan(context.Background(), r, file, opt, func(g *Game) error {
		games = append(games, g.Clone())
		return nil
	})
	return games, err
}
