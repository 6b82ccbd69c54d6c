package run

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// firstBoardProbe records, before the page's own scripts, when a frame first shows a
// board: each animation frame looks for a laid-out board; the frame after the one that
// finds it has painted it.
const firstBoardProbe = `(() => {
  const look = () => {
    const b = document.querySelector(".card svg");
    if (b && b.getBoundingClientRect().width > 0) { requestAnimationFrame(() => { window.__firstBoard = performance.now() }); return }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})()`

// galleryFigures is what one load of a gallery measures, in ms: the first board painted,
// first contentful paint, DOMContentLoaded, load, turning to the next page (the hash
// changed to the next frame; -1 for a page without the pager), and frame times of a
// scripted scroll (60 frames of 900 px: median and worst).
const galleryFigures = `(async () => {
  const nav = performance.getEntriesByType("navigation")[0];
  const fcp = (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime;
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  let turn = -1;
  if (document.querySelector("#pager button[data-go=next]:not(:disabled)")) {
    const t = performance.now();
    document.querySelector("#pager button[data-go=next]").click();
    await frame();
    turn = performance.now() - t;
  }
  const ft = [];
  let last = performance.now();
  await new Promise((r) => { let k = 0; const f = (t) => { ft.push(t - last); last = t; scrollBy(0, 900); if (++k < 60) requestAnimationFrame(f); else r() }; requestAnimationFrame(f) });
  ft.sort((a, b) => a - b);
  return [window.__firstBoard, fcp, nav.domContentLoadedEventEnd, nav.loadEventEnd, turn, ft[30], ft[59]].map((x) => Math.round(x === undefined ? -1 : x)).join(" ");
})()`

// TestHTMLGalleryMeasure loads each page of CQL_GALLERY_MEASURE (comma-separated html
// files) in Chromium CQL_GALLERY_ROUNDS times (default 3), alternating the pages, a fresh
// tab each time, and logs the medians of what galleryFigures measures. It asserts nothing
// (no timing asserts in tests): it is the measurement docs/formats.md gives.
func TestHTMLGalleryMeasure(t *testing.T) {
	files := os.Getenv("CQL_GALLERY_MEASURE")
	if files == "" {
		t.Skip("set CQL_GALLERY_MEASURE=PAGE.html[,PAGE.html...] to measure galleries in chromium")
	}
	rounds := 3
	if n, err := strconv.Atoi(os.Getenv("CQL_GALLERY_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	browser := galleryBrowser(t, time.Hour)
	names := strings.Split(files, ",")
	figures := make([][][]int, len(names)) // file, figure, round
	for r := 0; r < rounds; r++ {
		for k, name := range names {
			abs, err := filepath.Abs(name)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := chromedp.NewContext(browser)
			ctx, cancelT := context.WithTimeout(ctx, 5*time.Minute)
			if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: firstBoardProbe}); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+abs)); err != nil {
				t.Fatal(err)
			}
			out, err := chromedp.Run(ctx, chromedp.Evaluate[string](galleryFigures, chromedp.EvalAwaitPromise))
			cancelT()
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s round %d: %s", name, r+1, out)
			for i, f := range strings.Fields(out) {
				if len(figures[k]) <= i {
					figures[k] = append(figures[k], nil)
				}
				n, _ := strconv.Atoi(f)
				figures[k][i] = append(figures[k][i], n)
			}
		}
	}
	for k, name := range names {
		st, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		med := make([]int, len(figures[k]))
		for i, f := range figures[k] {
			slices.Sort(f)
			med[i] = f[len(f)/2]
		}
		t.Logf("%s: %.1f MB; medians of %d loads: first board %d ms, first paint %d ms, DOMContentLoaded %d ms, load %d ms; next page %d ms; scroll frames median %d ms, worst %d ms",
			name, float64(st.Size())/1e6, rounds, med[0], med[1], med[2], med[3], med[4], med[5], med[6])
	}
}
