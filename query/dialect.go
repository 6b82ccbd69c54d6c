package query

import "strings"

// Dialect says whose reading of the few constructs CQL 6.2 (build 9.493) and CQLi
// disagree on a program follows: CQL's (the default) or CQLi's.
type Dialect uint8

const (
	DialectCQL  Dialect = iota // CQL 6.2 build 9.493
	DialectCQLi                // CQLi (cql64.com)
)

// ParseDialectName reads a dialect's name: cql or cqli, in any letter case.
func ParseDialectName(s string) (Dialect, bool) {
	switch strings.ToLower(s) {
	case "cql":
		return DialectCQL, true
	case "cqli":
		return DialectCQLi, true
	}
	return DialectCQL, false
}

func (d Dialect) String() string {
	if d == DialectCQLi {
		return "cqli"
	}
	return "cql"
}
