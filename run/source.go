package run

import (
	"context"
	"errors"
	"io"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/pgn"
)

// Files is a Source reading PGN files in turn. A file that cannot be read is reported
// to OnError and the others are still read; Games then returns ErrSourceFailed. A
// pgn.Warning (no game lost) goes to OnError too, but does not fail.
type Files struct {
	Names []string
	// Open opens one file for reading (decompressed); nil means pgn.Open.
	Open func(name string) (io.ReadCloser, error)
	// OnError receives each file's problem; nil drops it (Games still fails).
	OnError func(err error)
	// LastGame, when positive, ends each file's reading after its game of that number
	// (the query's gamenumber range ends there: CQL stops reading there too).
	LastGame int
}

// StdinName names standard input (the input "-") in output and messages, as grep does.
const StdinName = "(standard input)"

// InputName is how an input is named in output and messages: StdinName for "-".
func InputName(name string) string {
	if name == "-" {
		return StdinName
	}
	return name
}

// ErrSourceFailed says that some input could not be read; its problems were reported.
var ErrSourceFailed = errors.New("some input could not be read")

// Games implements Source.
func (f Files) Games(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) Result, emit func(Result) error) error {
	open := f.Open
	if open == nil {
		open = pgn.Open
	}
	if f.LastGame > 0 {
		all := emit
		emit = func(r Result) error {
			if err := all(r); err != nil {
				return err
			}
			if r.number >= f.LastGame {
				return pgn.ErrStop // this file's; the next file starts at game 1
			}
			return nil
		}
	}
	failed := false
	for _, name := range f.Names {
		rc, err := open(name)
		if err == nil {
			err = pgn.ScanParallel(ctx, rc, InputName(name), opt, work, emit)
			rc.Close()
		}
		var re *filter.RuntimeError
		if errors.As(err, &re) {
			return err // the query failed, not the input: stop here
		}
		var warning *pgn.Warning
		if errors.As(err, &warning) {
			if f.OnError != nil {
				f.OnError(err) // every game was read: say so, do not fail
			}
			continue
		}
		if err != nil {
			stopped := ctx.Err() != nil
			if stopped {
				err = context.Cause(ctx) // interrupted: say by what, once, and read no more files
			}
			if f.OnError != nil {
				f.OnError(err)
			}
			failed = true
			if stopped {
				break
			}
		}
	}
	if failed {
		return ErrSourceFailed
	}
	return nil
}
