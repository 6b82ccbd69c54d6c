//go:build !linux

package index

import "time"

// processCPU is not available here: benchmarks report wall-clock times only.
func processCPU() (time.Duration, bool) { return 0, false }
