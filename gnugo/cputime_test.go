//go:build unix

package gnugo

import (
	"syscall"
	"testing"
	"time"
)

// cpuPerOp reports the process CPU time per operation as cpu-ns/op besides the wall-clock
// ns/op: on a shared, overloaded machine wall time includes waiting for a core.
func cpuPerOp(b *testing.B) func() {
	start := cpuNow()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64((cpuNow()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
}

func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
