// The html gallery's script (run/html.go): it pages through the positions of the data
// (<script id="cql-data">, an array of games, each with its matched positions "p") and draws
// the page on view, the markup run/html_card.go (appendCard) and run/board_svg.go
// (appendBoard) write in Go for the first page. Nothing is loaded; no text of the data is
// ever markup (esc).
"use strict";
(() => {
  const main = document.getElementById("cards");
  const games = JSON.parse(document.getElementById("cql-data").textContent);
  const all = []; // [game, position] of each card, in order
  games.forEach((g, gi) => g.p.forEach((p, pi) => all.push([gi, pi])));
  const defaultSize = Number(main.dataset.pageSize) || 100;
  const sizes = [...new Set([25, 50, defaultSize, 250, 500])].sort((a, b) => a - b);
  const bars = [document.getElementById("pager"), document.getElementById("pager-end")];
  let page = 1, size = defaultSize, drawn = "1/" + defaultSize; // the first page is drawn in Go

  const escapes = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" };
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => escapes[c]);
  const sq = (name) => [name.charCodeAt(0) - 97, 7 - (name.charCodeAt(1) - 49)]; // x, y with a8 at 0, 0
  const glyphs = { K: "♚", Q: "♛", R: "♜", B: "♝", N: "♞", P: "♟" };
  const at = (xy) => `x="${xy[0]}" y="${xy[1]}"`;

  function boardSVG(p) {
    const [placement, side] = p.f.split(" ");
    const pieces = []; // by square, a1 first
    let kingXY = null;
    placement.split("/").forEach((row, y) => {
      let x = 0;
      for (const c of row) {
        if (c >= "1" && c <= "8") { x += Number(c); continue; }
        pieces.push([(7 - y) * 8 + x, c, [x, y]]);
        if (c === (side === "w" ? "K" : "k")) kingXY = [x, y];
        x++;
      }
    });
    pieces.sort((a, b) => a[0] - b[0]);
    const marked = p.k ? p.k.split(" ") : [];
    let s = `<svg class="board" viewBox="0 0 8.36 8" role="img" aria-label="${esc(p.f)}`;
    if (marked.length) s += "; marked " + esc(marked.join(" "));
    if (p.c === 2) s += "; checkmate";
    s += `"><rect width="8" height="8" fill="#b58863"/><use href="#light"/>`;
    const move = p.m ? [sq(p.m.slice(0, 2)), sq(p.m.slice(2, 4))] : null;
    if (move) for (const xy of move) s += `<rect ${at(xy)} width="1" height="1" fill="#f7ec5a" opacity=".55"/>`;
    if (p.c && kingXY) {
      s += `<rect ${at(kingXY)} width="1" height="1" fill="#ff3b30" opacity=".55"/>`;
      if (p.c === 2) s += `<rect class="mate" ${at(kingXY)} width=".86" height=".86" transform="translate(.07 .07)" fill="none" stroke="#7a0010" stroke-width=".14"/>`;
    }
    for (const m of marked) s += `<rect class="mark" ${at(sq(m))} width=".92" height=".92" transform="translate(.04 .04)" fill="#e8483f" fill-opacity=".45" stroke="#b3171c" stroke-width=".08"/>`;
    s += `<use href="#coords"/>`;
    s += `<g font-size=".86" text-anchor="middle" font-family="DejaVu Sans,Segoe UI Symbol,Noto Sans Symbols2,Apple Symbols,serif" stroke="#000" stroke-width=".025">`;
    for (const white of [true, false]) { // a <text> run a side: appendPieces
      const run = pieces.filter((p) => (p[1] < "a") === white);
      if (!run.length) continue;
      s += `<text class="${white ? "pw" : "pb"}" fill="${white ? "#fff" : "#000"}" x="${run.map((p) => p[2][0] + ".5").join(" ")}" y="${run.map((p) => p[2][1] + ".84").join(" ")}">` +
        run.map((p) => glyphs[p[1].toUpperCase()]).join("") + "</text>";
    }
    s += "</g>";
    if (move) s += `<line x1="${move[0][0]}.5" y1="${move[0][1]}.5" x2="${move[1][0]}.5" y2="${move[1][1]}.5" stroke="#2a6fdb" stroke-width=".12" opacity=".8" marker-end="url(#head)"/>`;
    s += side === "w"
      ? `<circle class="tomove w" cx="8.18" cy="7.8" r=".15" fill="#fff" stroke="#333" stroke-width=".04"/>`
      : `<circle class="tomove b" cx="8.18" cy=".2" r=".15" fill="#222" stroke="#333" stroke-width=".04"/>`;
    return s + "</svg>";
  }

  function cardHTML(n, g, p) {
    let s = `<div class="card"><span class="n">#${n}</span>` + boardSVG(p) + `\n<div class="who">` + esc(g.w);
    if (g.we) s += " (" + esc(g.we) + ")";
    s += " – " + esc(g.b);
    if (g.be) s += " (" + esc(g.be) + ")";
    s += " " + esc(g.r) + `</div>\n<div class="where">` + esc(g.e);
    if (g.y) s += ", " + esc(g.y);
    s += " · game " + Number(g.n) + " of " + esc(g.f);
    if (g.s && /^https?:\/\//.test(g.s)) s += ` · <a href="${esc(g.s)}" rel="noopener noreferrer">game</a>`;
    s += "</div>\n";
    if (p.v) s += `<div class="variation">in a variation: ${esc(p.v)}</div>\n`;
    s += `<div class="moves">${esc(p.a[0])}<b>${esc(p.a[1])}</b>${esc(p.a[2])}</div>\n`;
    for (const t of p.t || []) s += `<div class="comment">${esc(t)}</div>\n`;
    return s + `<input readonly aria-label="FEN" title="FEN (click to copy)" value="${esc(p.f)}">\n</div>\n`;
  }

  const pages = () => Math.max(1, Math.ceil(all.length / size));

  function readHash() {
    const old = /^#p(\d+)$/.exec(location.hash); // the links of earlier galleries
    const q = new URLSearchParams(old ? "page=" + old[1] : location.hash.slice(1));
    const n = Number(q.get("size"));
    size = sizes.includes(n) ? n : defaultSize;
    page = Math.min(Math.max(1, Math.floor(Number(q.get("page"))) || 1), pages());
  }

  function go(p, n) {
    const h = "#page=" + p + (n !== defaultSize ? "&size=" + n : "");
    if (h !== location.hash) location.hash = h; // hashchange draws it
    else draw(true);
  }

  function draw(scroll) {
    readHash();
    const key = page + "/" + size;
    if (key !== drawn) {
      let s = "";
      const first = (page - 1) * size;
      for (let k = first; k < Math.min(first + size, all.length); k++) {
        const [gi, pi] = all[k];
        s += cardHTML(k + 1, games[gi], games[gi].p[pi]);
      }
      main.innerHTML = s;
      drawn = key;
      if (scroll) scrollTo(0, 0);
    }
    const last = Math.min(page * size, all.length), np = pages();
    const options = sizes.map((n) => `<option${n === size ? " selected" : ""}>${n}</option>`).join("");
    const bar = all.length === 0 ? "" :
      `<button type="button" data-go="prev"${page > 1 ? "" : " disabled"}>‹ Previous</button>` +
      `<label>Page <input type="number" class="page" min="1" max="${np}" value="${page}" aria-label="page number"> of ${np}</label>` +
      `<button type="button" data-go="next"${page < np ? "" : " disabled"}>Next ›</button>` +
      `<span class="range">positions ${((page - 1) * size + 1).toLocaleString("en")}–${last.toLocaleString("en")} of ${all.length.toLocaleString("en")}</span>` +
      `<label><select class="size" aria-label="boards a page">${options}</select> a page</label>`;
    for (const b of bars) if (b) b.innerHTML = bar;
  }

  for (const b of bars) {
    if (!b) continue;
    b.addEventListener("click", (e) => {
      const t = e.target.closest("button[data-go]");
      if (t && !t.disabled) go(page + (t.dataset.go === "next" ? 1 : -1), size);
    });
    b.addEventListener("change", (e) => {
      if (e.target.matches("input.page")) go(Math.min(Math.max(1, Math.floor(Number(e.target.value)) || 1), pages()), size);
      if (e.target.matches("select.size")) go(Math.floor(((page - 1) * size) / Number(e.target.value)) + 1, Number(e.target.value));
    });
  }
  addEventListener("hashchange", () => draw(true));
  addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.target.closest("input,select,textarea")) return;
    if (e.key === "ArrowRight" && page < pages()) go(page + 1, size);
    else if (e.key === "ArrowLeft" && page > 1) go(page - 1, size);
    else return;
    e.preventDefault();
  });
  // A click on a FEN selects it and copies it.
  main.addEventListener("click", (e) => {
    const t = e.target;
    if (!t.matches('input[aria-label="FEN"]')) return;
    t.select();
    const done = () => { t.classList.add("copied"); setTimeout(() => t.classList.remove("copied"), 800); };
    if (navigator.clipboard) navigator.clipboard.writeText(t.value).then(done, () => {});
  });
  draw(false);
})();
