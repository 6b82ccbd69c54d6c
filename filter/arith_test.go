package filter

import (
	"strings"
	"testing"
)

// The largest int is 2^63-1 = 9223372036854775807; one more overflows. The
// failure names the file, game and ply (stringsPGN's first game, ply 3 is
// after 2. Qh5) and the operator's place in the query.
func TestIntegerOverflowStopsTheRun(t *testing.T) {
	const big = "9223372036854775807"
	for _, c := range []struct{ src, want string }{
		{`ply == 3 X = ` + big + ` X + 1 > 0`, "ply 3 (after Qh5): query 1:36: integer overflow in 9223372036854775807 + 1"},
		{`ply == 3 X = ` + big + ` Y = 2 X + Y > 0`, "integer overflow in 9223372036854775807 + 2"},
		{`ply == 3 X = 0 - ` + big + ` X - 2 < 0`, "integer overflow in -9223372036854775807 - 2"},
		{`ply == 3 X = 3037000500 X * X > 0`, "integer overflow in 3037000500 * 3037000500"},
		{`ply == 3 X = 0 - ` + big + ` X = X - 1 X / (0 - 1) > 0`, "integer overflow in -9223372036854775808 / -1"},
		{`ply == 3 X = 0 - ` + big + ` X = X - 1 0 < -X`, "integer overflow in -(-9223372036854775808)"},
		{`ply == 3 X = 0 - ` + big + ` X = X - 1 abs X > 0`, "integer overflow in -(-9223372036854775808)"},
		{`ply == 3 X = ` + big + ` X += 1`, "integer overflow in 9223372036854775807 + 1"},
		{`ply == 3 X = 4611686018427387904 X *= 2`, "integer overflow in 4611686018427387904 * 2"},
		{`ply == 3 dictionary D D["a"] = ` + big + ` D["a"] += 1`, "integer overflow in 9223372036854775807 + 1"},
	} {
		q := compileText(t, c.src)
		e := q.NewEvaluator()
		e.Game(readGames(t, stringsPGN)[0])
		err := e.Err()
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "game 1, ply 3") {
			t.Errorf("%s: error %v, want it to name game 1, ply 3 and contain %q", c.src, err, c.want)
		}
	}
}

// Near the limits but not past them every operator has its exact value.
func TestArithmeticAtTheLimits(t *testing.T) {
	const big = "9223372036854775807"
	for _, src := range []string{
		`X = ` + big + ` X - 1 == 9223372036854775806`,
		`X = ` + big + ` (X + 0) == X`,
		`X = 0 - ` + big + ` X = X - 1 X + 1 == 0 - ` + big,
		`X = 3037000499 X * X == 9223372030926249001`,
		`X = 0 - ` + big + ` X = X - 1 X % (0 - 1) == 0`,
		`X = 0 - ` + big + ` X * 1 == X`,
		`X = ` + big + ` X += 0 X == ` + big,
		`-7 / 2 == -3`,
		`-7 % 2 == -1`,
	} {
		if !startMatches(t, src) {
			t.Errorf("%s: does not match", src)
		}
	}
}

// CQL's manual (Arithmetic operators, 6.1 and 6.2): "/ and % will not match
// when their right hand arguments are zero" — no failure, just no match.
func TestDivisionByZeroDoesNotMatch(t *testing.T) {
	for _, src := range []string{
		`X = 0 5 / X`,
		`X = 0 5 % X`,
		`X = 0 (5 / X) == 0`,
		`X = 5 Y = 0 X /= Y`,
		`X = 5 Y = 0 X %= Y`,
		`dictionary D D["a"] = 5 Y = 0 D["a"] /= Y`,
	} {
		if startMatches(t, src) { // startMatches fails the test on a runtime error
			t.Errorf("%s: matches", src)
		}
	}
	if !startMatches(t, `X = 5 Y = 0 not X /= Y X == 5`) {
		t.Errorf("X /= 0 changed X")
	}
}

// The overflow checks allocate nothing per position.
func TestNoAllocationsArithmetic(t *testing.T) {
	games := loadGames(t, "masters-10k.pgn", 20, false)
	q := compileSrc(t, `x = #P * 3 - #p / 2 + #N % 3  x *= 2  x -= 1  x += ply  abs (-x) >= 0  dictionary D D["n"] = 1 D["n"] += x`)
	e := q.NewEvaluator()
	for _, g := range games {
		e.Game(g)
	}
	allocs := testing.AllocsPerRun(10, func() {
		for _, g := range games {
			e.Game(g)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run of %d games", allocs, len(games))
	}
	if err := e.Err(); err != nil {
		t.Fatal(err)
	}
}
