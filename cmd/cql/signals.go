package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// interrupted is the cause of a run's cancellation by a signal.
type interrupted struct{ sig os.Signal }

func (e interrupted) Error() string {
	if e.sig == os.Interrupt {
		return "interrupted (Ctrl-C, SIGINT)"
	}
	if e.sig == syscall.SIGTERM {
		return "interrupted (SIGTERM)"
	}
	return "interrupted (" + e.sig.String() + ")"
}

// forceAfter is how long an interrupted run may take to stop by itself (it may be blocked
// reading a terminal or a pipe) before its temporary files are removed and it is ended.
const forceAfter = 3 * time.Second

// notifySignals returns a context cancelled by SIGINT or SIGTERM, so that the run stops,
// writes nothing more and removes its temporary files on its way out. A second signal, or a
// run that has not ended after forceAfter, removes them here and ends the process. stop must
// be called when the run has ended: it ends the process by the signal caught, if any, with
// the signal's default action, so that the parent (a shell loop, make) sees the interruption.
func notifySignals(parent context.Context, temps *tempFiles, stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	sigc := make(chan os.Signal, 2)
	signal.Notify(sigc, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	var mu sync.Mutex
	var caught os.Signal
	go func() {
		var sig os.Signal
		select {
		case sig = <-sigc:
		case <-done:
			return
		}
		mu.Lock()
		caught = sig
		mu.Unlock()
		cancel(interrupted{sig})
		select {
		case <-sigc:
		case <-time.After(forceAfter):
		case <-done:
			return
		}
		temps.removeAll()
		fmt.Fprintln(stderr, "cql:", interrupted{sig})
		endBy(sig)
	}()
	return ctx, func() {
		close(done)
		signal.Stop(sigc)
		cancel(nil)
		mu.Lock()
		sig := caught
		mu.Unlock()
		if sig != nil {
			endBy(sig)
		}
	}
}

// endBy ends the process by sig with its default action; 128+sig is the fallback status.
func endBy(sig os.Signal) {
	signal.Reset(sig)
	if p, err := os.FindProcess(os.Getpid()); err == nil {
		p.Signal(sig)
		time.Sleep(time.Second) // delivery is asynchronous
	}
	code := 130
	if s, ok := sig.(syscall.Signal); ok {
		code = 128 + int(s)
	}
	os.Exit(code)
}
