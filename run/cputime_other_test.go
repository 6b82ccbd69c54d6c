//go:build !linux

package run

import "time"

// processCPU is not available here: the callers report wall-clock ratios only.
func processCPU() (time.Duration, bool) { return 0, false }
