package pgn

import (
	"os"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

type tokText struct {
	kind Kind
	text string
	nag  uint8
}

func tokenize(s string) []tokText {
	var t Tokenizer
	var tok Token
	buf := []byte(s)
	t.Reset(buf)
	var out []tokText
	for t.Next(&tok) {
		tt := tokText{kind: tok.Kind, nag: tok.NAG}
		switch tok.Kind {
		case KindTag:
			tt.text = string(buf[tok.A:tok.B]) + "=" + string(buf[tok.C:tok.D])
		case KindMove, KindComment, KindMoveNumber, KindUnknown, KindEscape, KindResult:
			tt.text = string(buf[tok.A:tok.B])
		}
		out = append(out, tt)
	}
	return out
}

func TestTokenizer(t *testing.T) {
	cases := []struct {
		in   string
		want string
	}{
		{`[Event "A \"b\" c"]`, `tag:Event=A \"b\" c`},
		{"\xef\xbb\xbf[Site \"x\"]\r\n", `tag:Site=x`},
		{`[ Site   "y" ]`, `tag:Site=y`},
		{`[Annotator "Krush, I]`, `tag:Annotator=Krush, I`},
		{`[Round "8"][White "A"]`, `tag:Round=8 tag:White=A`},
		{"1. e4 e5 2.Nf3 Nc6 3... a6", "move number:1 move:e4 move:e5 move number:2 move:Nf3 move:Nc6 move number:3 move:a6"},
		{"12\xe2\x80\xa6 Qd8", "move number:12 move:Qd8"},
		{"{a comment} ; rest of line\n e4", "comment:a comment comment: rest of line move:e4"},
		{"%escape line\ne4 % not", "escape:%escape line move:e4 unknown:% move:not"},
		{"e4!? e5?? Nf3$1 $255 $256", "move:e4 NAG/5 move:e5 NAG/4 move:Nf3 NAG/1 NAG/255 unknown:$256"},
		{"( 1... c5 ) 1-0 0-1 1/2-1/2 *", "( move number:1 move:c5 ) result:1-0 result:0-1 result:1/2-1/2 result:*"},
		{"-- Z0 0000 @@@@ O-O 0-0-0", "move:-- move:Z0 move:0000 move:@@@@ move:O-O move:0-0-0"},
		{"exf6 e.p. e4+= += =+ +- -+ +/= N \xc2\xb1 \xe2\x88\x93", "move:exf6 move:e4+= NAG/14 NAG/15 NAG/18 NAG/19 NAG/14 NAG/146 NAG/16 NAG/17"},
		{"\xe2\x99\x98f3 e8=Q# g1Q", "move:\xe2\x99\x98f3 move:e8=Q# move:g1Q"},
		{"{never closed", "comment:never closed"},
		{"{runs on\n\n[Event \"next\"]}", "comment:runs on\n\n tag:Event=next unknown:}"},
		{"\xff\xfe e4", "unknown:\xff\xfe move:e4"},
		{"1 e4 e5 2 Nf3 1/2", "move number:1 move:e4 move:e5 move number:2 move:Nf3 result:1/2"},
		{"Qg20-1 d8=Q1-0 1/2 - 1/2", "move:Qg2 result:0-1 move:d8=Q result:1-0 result:1/2 unknown:- result:1/2"},
	}
	for _, c := range cases {
		var parts []string
		for _, tt := range tokenize(c.in) {
			s := tt.kind.String()
			if tt.kind == KindNAG {
				s += "/" + itoa(int(tt.nag))
			} else if tt.text != "" || tt.kind != KindOpen && tt.kind != KindClose {
				s += ":" + tt.text
			}
			parts = append(parts, s)
		}
		if got := strings.Join(parts, " "); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// tokenEq compares the fields that matter for the token's kind.
func tokenEq(a, b Token) bool {
	if a.Kind != b.Kind || a.Flags != b.Flags || a.Start != b.Start || a.End != b.End {
		return false
	}
	switch a.Kind {
	case KindTag:
		return a.A == b.A && a.B == b.B && a.C == b.C && a.D == b.D
	case KindNAG:
		return a.NAG == b.NAG
	case KindOpen, KindClose, KindEOF:
		return true
	}
	return a.A == b.A && a.B == b.B
}

// TestNextFast: the shortcut gives the same tokens as Next on real files.
func TestNextFast(t *testing.T) {
	for _, name := range []string{"masters-10k.pgn", "lichess-10k.pgn", "cql-sample.pgn", "edge/synthetic/move-formats.pgn", "edge/synthetic/comments-nags.pgn"} {
		data, err := os.ReadFile(testdata.File(t, name))
		if err != nil {
			t.Fatal(err)
		}
		sameFast(t, data)
	}
}

func sameFast(t *testing.T, data []byte) {
	var a, b Tokenizer
	var x, y Token
	a.Reset(data)
	b.Reset(data)
	// Fill gives the same tokens too.
	var c Tokenizer
	c.Reset(data)
	var batch [7]Token
	var filled []Token
	for k := c.Fill(batch[:]); k > 0; k = c.Fill(batch[:]) {
		filled = append(filled, batch[:k]...)
	}
	for i := 0; ; i++ {
		ma := a.Next(&x)
		if !ma {
			if i != len(filled) {
				t.Fatalf("Fill gives %d tokens, Next %d", len(filled), i)
			}
			break
		}
		if i >= len(filled) || !tokenEq(filled[i], x) {
			t.Fatalf("token %d: Next %+v, Fill differs", i, x)
		}
	}
	a.Reset(data)
	for {
		ma, mb := a.Next(&x), b.NextFast(&y)
		if ma != mb || !tokenEq(x, y) {
			t.Fatalf("Next %v %+v, NextFast %v %+v at %q", ma, x, mb, y, data[x.Start:min(len(data), x.Start+20)])
		}
		if !ma {
			return
		}
	}
}

// BenchmarkTokenizer measures the tokenizer on real files, token by token
// (NextFast, what the parser uses) and in batches (Fill).
func BenchmarkTokenizer(b *testing.B) {
	for _, name := range []string{"masters-10k.pgn", "lichess-10k.pgn"} {
		data, err := os.ReadFile(testdata.File(b, name))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name+"/next", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var t Tokenizer
			var tok Token
			for b.Loop() {
				t.Reset(data)
				for t.NextFast(&tok) {
				}
			}
		})
		b.Run(name+"/fill", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var t Tokenizer
			var toks [64]Token
			for b.Loop() {
				t.Reset(data)
				for t.Fill(toks[:]) > 0 {
				}
			}
		})
	}
}
