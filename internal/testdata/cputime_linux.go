package testdata

import (
	"syscall"
	"time"
	"unsafe"
)

// ProcessCPU is the CPU time of the whole process (all threads), ThreadCPU that of the
// calling OS thread (lock the goroutine to it): on a loaded machine they leave out the time
// spent waiting to run, which wall-clock ratios pick up as noise. ok is false where the
// clocks are not available.
func ProcessCPU() (d time.Duration, ok bool) { return clock(2) } // CLOCK_PROCESS_CPUTIME_ID

// ThreadCPU: see ProcessCPU.
func ThreadCPU() (d time.Duration, ok bool) { return clock(3) } // CLOCK_THREAD_CPUTIME_ID

func clock(id uintptr) (time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, id, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
