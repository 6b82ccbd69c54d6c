package gnugo

import (
	"testing"

	"github.com/cqlgo/cql/pattern"
)

func TestDbgCount(t *testing.T) {
	db := loadEyeDB(t)
	bd := gamePosition(t)
	ev := db.NewEvaluator()
	res := ev.All(bd, pattern.Set{}, true, nil)
	sizes := map[int]int{}
	for _, r := range res {
		sizes[r.Space.Points.Count()]++
	}
	t.Logf("%d spaces, sizes %v", len(res), sizes)
}
