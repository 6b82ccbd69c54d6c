package gnugo

import (
	"bytes"
	"testing"
)

func FuzzParseEyeDB(f *testing.F) {
	f.Add([]byte("Pattern 1\n\n|.\n|.*.\n+---\n\n:1122\n"))
	f.Add([]byte("Pattern 2\n\n x\nxX.!\n\n:0111\n"))
	f.Add([]byte("Pattern 3\n\n.$@()<>\n\n:0000\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		db, problems, err := ParseEyeDB("f.db", bytes.NewReader(data))
		if err != nil {
			return
		}
		_ = problems
		for _, g := range db.Graphs {
			_ = g.Diagram()
		}
	})
}

func FuzzParsePatternDB(f *testing.F) {
	f.Add([]byte("Pattern A\n\n?O.\nX*O\n?O.\n\n:8,B\n\n?b.\nX*O\n?a.\n\n;!xplay_connect(*,a,b)\n"))
	f.Add([]byte("Pattern E\n\n|oOO?\n|...X\n|..*?\n+----\n\n:8,ed,shape(2),helper\n>action(a)\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		db, _, err := ParsePatternDB("f.db", bytes.NewReader(data))
		if err != nil {
			return
		}
		m := NewMatcher(db)
		_ = m.Candidates()
	})
}

func FuzzMatchShape(f *testing.F) {
	f.Add(".!.")
	f.Add("|.\n|...\n+---")
	f.Add("X.X\n.$.")
	f.Fuzz(func(t *testing.T, shape string) {
		db := loadEyeDB(t)
		_, _ = db.MatchShape(shape)
	})
}
