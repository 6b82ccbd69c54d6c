// Package layers has no code: its test checks who may import whom (docs/design.md) against
// what `go list` says the packages import.
package layers
