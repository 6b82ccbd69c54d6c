//go:build !linux

package filter

import "time"

// threadCPU is not available here: the callers use wall-clock time.
func threadCPU() (time.Duration, bool) { return 0, false }
