package groupby

import (
	"strings"
	"testing"
)

// FuzzParseKeys: ParseKeys never panics; what it accepts is a list of distinct keys, at
// least one, each of them named somewhere in the input, and the keys' own names, joined
// with commas, parse back to the same list. What it refuses, it refuses with a message
// that says --group-by.
func FuzzParseKeys(f *testing.F) {
	for _, s := range []string{"eco", "eco-family, Year,theme", "", ",", "eco,eco", "opening", "ELO,players",
		"time,speed", "result,,rating", " decade ", "theme,themes", "\x00", "eco\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		keys, err := ParseKeys(s)
		if err != nil {
			if keys != nil || !strings.Contains(err.Error(), "--group-by") {
				t.Fatalf("ParseKeys(%q) = %v, %v", s, keys, err)
			}
			return
		}
		if len(keys) == 0 || len(keys) > len(keyNames) {
			t.Fatalf("ParseKeys(%q) = %d keys", s, len(keys))
		}
		seen := map[Key]bool{}
		names := make([]string, len(keys))
		for i, k := range keys {
			if int(k) >= len(keyNames) || seen[k] {
				t.Fatalf("ParseKeys(%q) = %v: key %d out of range or repeated", s, keys, k)
			}
			seen[k] = true
			names[i] = k.String()
		}
		if fields := strings.Count(s, ",") + 1; len(keys) > fields {
			t.Fatalf("ParseKeys(%q): %d keys from %d fields", s, len(keys), fields)
		}
		again, err := ParseKeys(strings.Join(names, ","))
		if err != nil || len(again) != len(keys) {
			t.Fatalf("the names %v of ParseKeys(%q) parse to %v, %v", names, s, again, err)
		}
		for i := range keys {
			if again[i] != keys[i] {
				t.Fatalf("the names %v of ParseKeys(%q) parse to %v", names, s, again)
			}
		}
	})
}
