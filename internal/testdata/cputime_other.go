//go:build !linux

package testdata

import "time"

// ProcessCPU and ThreadCPU are not available here: callers use wall-clock time.
func ProcessCPU() (time.Duration, bool) { return 0, false }

// ThreadCPU: see ProcessCPU.
func ThreadCPU() (time.Duration, bool) { return 0, false }
