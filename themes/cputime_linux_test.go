package themes

import (
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

// threadClock measures the CPU time of the calling thread, which under a loaded machine
// (the machine is shared) is steadier than the wall clock. lock pins the goroutine to its
// thread for as long as the measurements last.
type threadClock struct{}

func (threadClock) lock()   { runtime.LockOSThread() }
func (threadClock) unlock() { runtime.UnlockOSThread() }

func (threadClock) now() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}

const clockName = "thread CPU time"
