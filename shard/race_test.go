//go:build race

package shard

// raceDetector: the tests read smaller inputs (the same cases, fewer games) so that
// `go test -race ./shard/` ends in minutes.
const raceDetector = true
