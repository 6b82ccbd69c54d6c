// Package plural writes counts with their noun in the singular or the plural, so that a
// summary reads "1 game read", not "1 games read".
package plural

import "strconv"

// N is n and the noun: one for 1, else its plural (one plus "s").
func N(n int, one string) string {
	return strconv.Itoa(n) + " " + Noun(n, one)
}

// Noun is one for 1, else its plural.
func Noun(n int, one string) string {
	if n == 1 {
		return one
	}
	return one + "s"
}
