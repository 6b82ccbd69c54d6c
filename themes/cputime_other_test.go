//go:build !linux

package themes

import "time"

// threadClock is the wall clock where no thread CPU clock is read.
type threadClock struct{}

func (threadClock) lock()              {}
func (threadClock) unlock()            {}
func (threadClock) now() time.Duration { return time.Duration(time.Now().UnixNano()) }

const clockName = "wall time"
