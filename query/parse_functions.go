package query

// functions holds the user-defined functions seen so far.
type functions struct{}
