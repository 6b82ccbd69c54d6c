package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An interrupted index build says so once, as an interrupted query does, not
// "context canceled".
func TestInterruptedBuildSaysInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interrupted{os.Interrupt})
	var out, errb bytes.Buffer
	dir := filepath.Join(t.TempDir(), "ix")
	st := runContext(ctx, &tempFiles{}, []string{"index", "build", "-x", dir, "../../testdata/sample.pgn"}, nil, &out, &errb)
	if st != exitError || strings.Contains(errb.String(), "context canceled") || strings.Count(errb.String(), "interrupted (Ctrl-C, SIGINT)") != 1 {
		t.Errorf("status %d, stderr %q", st, errb.String())
	}
}
