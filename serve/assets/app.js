// cql serve's page: the query editor, the run's progress (server-sent events), pages of
// boards drawn by the server, statistics and the game viewer. Everything shown comes
// from the server already escaped, or is set as text.
"use strict";
const $ = (id) => document.getElementById(id);
const pageSize = Number(document.body.dataset.pageSize) || 50;
const state = { id: null, events: null, offset: 0, status: null, shownCount: 0, lastFetch: 0, game: null, node: 0 };

const query = $("query"), gutter = $("gutter");
function numberLines() {
  const n = query.value.split("\n").length;
  let s = "";
  for (let i = 1; i <= n; i++) s += i + "\n";
  gutter.textContent = s;
  gutter.scrollTop = query.scrollTop;
}
query.addEventListener("input", numberLines);
query.addEventListener("scroll", () => { gutter.scrollTop = query.scrollTop; });
query.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); start(); }
});
$("run").addEventListener("click", () => start());
$("cancel").addEventListener("click", cancel);
$("examples").addEventListener("change", (e) => {
  const i = e.target.value;
  if (i === "") return;
  const texts = $("example-texts").content.querySelectorAll("pre");
  query.value = texts[Number(i)].textContent;
  numberLines();
  e.target.value = "";
  query.focus();
});

async function post(url, body) {
  const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body || {}) });
  let data = {};
  try { data = await r.json(); } catch (_) { data = { error: r.status + " " + r.statusText }; }
  return { ok: r.ok, status: r.status, data };
}
async function get(url) {
  const r = await fetch(url);
  let data = {};
  try { data = await r.json(); } catch (_) { data = { error: r.status + " " + r.statusText }; }
  return { ok: r.ok, status: r.status, data };
}

function showError(data) {
  const el = $("error");
  el.textContent = data.error || "";
  el.hidden = !data.error;
  if (data.line) { // put the cursor where the error is
    const lines = query.value.split("\n");
    let off = 0;
    for (let i = 0; i < data.line - 1 && i < lines.length; i++) off += lines[i].length + 1;
    off += Math.max(0, (data.col || 1) - 1);
    query.focus();
    query.setSelectionRange(off, Math.min(off + 1, query.value.length));
  }
}

async function start(offset) {
  const text = query.value;
  if (!text.trim()) { showError({ error: "type a query first" }); return; }
  stopEvents();
  showError({});
  $("summary").textContent = "";
  $("results").replaceChildren();
  $("stats").replaceChildren();
  $("exports").hidden = true;
  $("log-box").hidden = true;
  const r = await post("/api/runs", { query: text });
  if (!r.ok) { showError(r.data); return; }
  state.id = r.data.id;
  state.offset = offset || 0;
  state.shownCount = 0;
  state.status = null;
  const u = new URL(location.href);
  u.searchParams.set("q", text);
  if (state.offset) u.searchParams.set("p", state.offset); else u.searchParams.delete("p");
  history.replaceState(null, "", u);
  $("cancel").disabled = false;
  $("progress").hidden = false;
  document.body.dataset.run = "running";
  const es = new EventSource("/api/runs/" + state.id + "/events");
  state.events = es;
  es.addEventListener("progress", (e) => progress(JSON.parse(e.data)));
  es.addEventListener("done", (e) => { stopEvents(); finished(JSON.parse(e.data)); });
  es.onerror = () => { if (state.events === es) { stopEvents(); refreshStatus(); } };
}

function stopEvents() {
  if (state.events) { state.events.close(); state.events = null; }
}

async function refreshStatus() {
  if (!state.id) return;
  const r = await get("/api/runs/" + state.id);
  if (r.ok && r.data.state !== "running") finished(r.data);
}

function progressText(st) {
  let s = "";
  if (st.totalGames) s += st.gamesRead.toLocaleString() + " of " + st.totalGames.toLocaleString() + " games read";
  else s += st.gamesRead.toLocaleString() + " games read";
  const positions = st.decided ? st.decided.toLocaleString() + " decided by the index, " + st.positions.toLocaleString() + " positions in the others"
    : st.positions.toLocaleString() + " positions";
  s += ", " + st.matched.toLocaleString() + " matched (" + positions + "), " +
    Math.round(st.gamesPerSec).toLocaleString() + " games/s";
  return s;
}

function progress(st) {
  state.status = st;
  const bar = $("bar");
  if (st.totalGames) bar.value = st.gamesRead / st.totalGames;
  else if (st.totalBytes) bar.value = st.bytesRead / st.totalBytes;
  $("progress-text").textContent = progressText(st);
  updatePager();
  // The current page fills as matches come: fetch it again, at most every 300 ms.
  const want = Math.min(pageSize, st.kept - state.offset);
  if (want > state.shownCount && Date.now() - state.lastFetch > 300) loadPage(state.offset);
}

function finished(st) {
  state.status = st;
  $("cancel").disabled = true;
  $("progress").hidden = true;
  document.body.dataset.run = st.state;
  let s = "";
  if (st.state === "cancelled") s = "Cancelled. ";
  else if (st.state === "time limit") s = "Stopped at the time limit. ";
  else if (st.state === "failed") s = "Failed: " + (st.error || "") + " ";
  $("summary").textContent = s + (st.summary || "");
  $("summary").dataset.matched = st.matched;
  if (st.full) $("summary").textContent += " Only the first " + st.kept.toLocaleString() + " positions are kept (the server's memory bound).";
  if (st.log) { $("log").textContent = st.log; $("log-box").hidden = false; }
  for (const a of document.querySelectorAll("#exports a[data-format]")) {
    a.href = "/api/runs/" + st.id + "/export?format=" + a.dataset.format;
    a.download = "cql-" + st.id + "." + a.dataset.format;
  }
  $("exports").hidden = st.matched === 0;
  updatePager();
  if (state.offset >= st.kept && st.kept > 0) state.offset = 0;
  loadPage(state.offset);
  if (!$("stats").hidden) loadStats();
}

function updatePager() {
  const st = state.status;
  if (!st) { $("page-info").textContent = ""; return; }
  const total = st.kept;
  const end = Math.min(state.offset + pageSize, total);
  // A lazy run counts the positions of the games the index decided as pages reach them.
  const of = st.exact ? " of " : " of at least ";
  $("page-info").textContent = total ? (state.offset + 1).toLocaleString() + "–" + end.toLocaleString() + of + total.toLocaleString() + " positions" : "no positions";
  $("prev").disabled = state.offset === 0;
  $("next").disabled = state.offset + pageSize >= total;
}
$("prev").addEventListener("click", () => loadPage(Math.max(0, state.offset - pageSize)));
$("next").addEventListener("click", () => loadPage(state.offset + pageSize));

async function loadPage(offset) {
  if (!state.id) return;
  const id = state.id;
  state.lastFetch = Date.now();
  if (state.status && state.status.kept === 0) { $("results").replaceChildren(); state.shownCount = 0; updatePager(); return; }
  const t0 = performance.now();
  const r = await get("/api/runs/" + id + "/page?offset=" + offset);
  if (id !== state.id) return;
  if (!r.ok) { if (r.status !== 400) showError(r.data); return; }
  state.offset = offset;
  state.shownCount = r.data.count;
  const t1 = performance.now();
  $("results").innerHTML = r.data.html; // the server's cards: escaped there
  if (r.data.status) state.status = r.data.status; // a page may have counted positions
  updatePager();
  // For the measurements: from the request, and from the answer, to the next frame.
  requestAnimationFrame(() => {
    document.body.dataset.renderMs = String(Math.round(performance.now() - t0));
    document.body.dataset.drawMs = String(Math.round(performance.now() - t1));
  });
  const u = new URL(location.href);
  if (offset) u.searchParams.set("p", offset); else u.searchParams.delete("p");
  history.replaceState(null, "", u);
}

async function cancel() {
  if (!state.id) return;
  $("cancel").disabled = true;
  const r = await post("/api/runs/" + state.id + "/cancel");
  if (r.ok && r.data.state !== "running") { stopEvents(); finished(r.data); }
}


// Tabs.
document.querySelector(".tabs").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-tab]");
  if (!b) return;
  for (const t of document.querySelectorAll(".tabs button[data-tab]")) t.classList.toggle("active", t === b);
  const stats = b.dataset.tab === "stats";
  $("stats").hidden = !stats;
  $("results").hidden = stats;
  $("pager").hidden = stats;
  if (stats) loadStats();
});

async function loadStats() {
  if (!state.id || !state.status || state.status.state === "running") {
    $("stats").textContent = "The statistics are ready when the run ends.";
    return;
  }
  const r = await get("/api/runs/" + state.id + "/stats");
  if (!r.ok) { $("stats").textContent = r.data.error || "no statistics"; return; }
  $("stats").innerHTML = r.data.html; // escaped by the server
}

function copyText(text, button) {
  const done = () => { const t = button.textContent; button.textContent = "Copied"; setTimeout(() => { button.textContent = t; }, 1000); };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, () => prompt("FEN", text));
  else prompt("FEN", text);
}

// Cards: open the game, copy the FEN.
$("results").addEventListener("click", (e) => {
  const card = e.target.closest(".card");
  if (!card) return;
  const copy = e.target.closest("button.copy");
  if (copy) { copyText(copy.dataset.fen, copy); return; }
  if (e.target.closest("a")) return;
  if (e.target.closest("button.open") || e.target.closest(".board-wrap")) openGame(Number(card.dataset.game), Number(card.dataset.node));
});

// The game viewer.
const viewer = $("viewer");
async function openGame(k, node) {
  const r = await get("/api/runs/" + state.id + "/game?k=" + k);
  if (!r.ok) { showError(r.data); return; }
  const g = r.data;
  state.game = g;
  const tag = (n) => { const t = g.tags.find((x) => x[0] === n); return t ? t[1] : ""; };
  $("vtitle").textContent = (tag("White") || "?") + " – " + (tag("Black") || "?") + "  " + (g.result || "");
  $("vtags").textContent = g.tags.filter((t) => !["White", "Black", "Result"].includes(t[0])).map((t) => t[0] + ": " + t[1]).join(" · ") +
    " · game " + g.number + " of " + g.file + (g.sorts && g.sorts.length ? " · " + g.sorts.join(", ") : "");
  renderMoves(g);
  // node is the card's node in the run's numbering: with a main-line run it is the ply.
  let target = g.nodes[node] && g.nodes[node].m ? node : g.nodes.findIndex((n) => n.m);
  if (target < 0) target = 0;
  if (!viewer.open) viewer.showModal();
  go(target);
}

function renderMoves(g) {
  const box = $("moves");
  box.replaceChildren();
  const root = g.nodes[0];
  if (root.ca) { const c = document.createElement("span"); c.className = "c"; c.textContent = root.ca + " "; box.append(c); }
  line(box, g, root.c && root.c[0], true);
}

// line writes the moves from node i along its main continuation, with the variations
// branching off each move in parentheses after it.
function line(parent, g, i, numbered) {
  let first = true;
  while (i !== undefined) {
    const n = g.nodes[i];
    const white = !n.num.endsWith("...");
    if (n.cb) { const c = document.createElement("span"); c.className = "c"; c.textContent = n.cb + " "; parent.append(c); }
    const span = document.createElement("span");
    span.className = "mv" + (n.m ? " matched" : "");
    span.dataset.node = i;
    span.textContent = (white || first || numbered === "again" ? n.num + " " : "") + n.san;
    parent.append(span, " ");
    if (n.ca) { const c = document.createElement("span"); c.className = "c"; c.textContent = n.ca + " "; parent.append(c); }
    numbered = false;
    first = false;
    const p = g.nodes[n.p];
    // Variations of this move: the parent's other children.
    if (p.c && p.c[0] === i && p.c.length > 1) {
      for (const alt of p.c.slice(1)) {
        const v = document.createElement("span");
        v.className = "var";
        v.append("( ");
        line(v, g, alt, true);
        v.append(") ");
        parent.append(v);
      }
      numbered = "again";
    }
    i = n.c ? n.c[0] : undefined;
    if (numbered === "again") first = true;
  }
}

$("moves").addEventListener("click", (e) => {
  const m = e.target.closest(".mv");
  if (m) go(Number(m.dataset.node));
});

function go(i) {
  const g = state.game;
  if (!g || i < 0 || i >= g.nodes.length) return;
  state.node = i;
  const n = g.nodes[i];
  $("vboard").innerHTML = n.svg; // drawn by the server: only the position
  for (const m of document.querySelectorAll("#moves .mv.cur")) m.classList.remove("cur");
  const cur = document.querySelector('#moves .mv[data-node="' + i + '"]');
  if (cur) { cur.classList.add("cur"); cur.scrollIntoView({ block: "nearest" }); }
  const info = $("vinfo");
  info.replaceChildren();
  const head = document.createElement("div");
  head.textContent = (i === 0 ? "start position" : "after " + n.num + " " + n.san) + (n.v ? " (in a variation)" : "") + (n.m ? " · matched" : "");
  info.append(head);
  for (const c of n.qc || []) { const d = document.createElement("div"); d.className = "comment"; d.textContent = c; info.append(d); }
  $("vcopy").dataset.fen = n.fen;
}

$("vfirst").addEventListener("click", () => go(0));
$("vprev").addEventListener("click", () => { const n = state.game.nodes[state.node]; if (n.p >= 0) go(n.p); });
$("vnext").addEventListener("click", () => { const n = state.game.nodes[state.node]; if (n.c) go(n.c[0]); });
$("vlast").addEventListener("click", () => { let i = state.node; while (state.game.nodes[i].c) i = state.game.nodes[i].c[0]; go(i); });
$("vmatch").addEventListener("click", () => {
  const nodes = state.game.nodes;
  for (let i = state.node + 1; i < nodes.length; i++) if (nodes[i].m) { go(i); return; }
  const first = nodes.findIndex((n) => n.m);
  if (first >= 0) go(first);
});
$("vcopy").addEventListener("click", (e) => copyText(e.target.dataset.fen, e.target));
$("vclose").addEventListener("click", () => viewer.close());
viewer.addEventListener("keydown", (e) => {
  if (!state.game) return;
  const n = state.game.nodes[state.node];
  if (e.key === "ArrowLeft") { e.preventDefault(); if (n.p >= 0) go(n.p); }
  else if (e.key === "ArrowRight") { e.preventDefault(); if (n.c) go(n.c[0]); }
  else if (e.key === "Home") { e.preventDefault(); go(0); }
  else if (e.key === "End") { e.preventDefault(); $("vlast").click(); }
});

// A bookmarked search runs again.
const params = new URLSearchParams(location.search);
if (params.get("q")) {
  query.value = params.get("q");
  numberLines();
  start(Number(params.get("p")) || 0);
} else {
  numberLines();
}
