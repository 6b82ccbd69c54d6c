#!/usr/bin/env python3
# cql serve's memory while paging a big result: one run of QUERY, then PAGES pages spread over it;
# RSS and its peak (VmHWM) from /proc. Usage: CQL=BINARY IX=INDEX_DIR python3 bench/serve_memory.py [QUERY] [PAGES]
import json, subprocess, sys, time, urllib.request, os, statistics
CQL = os.environ.get("CQL", "cql"); IX = os.environ["IX"]; PORT = 18933; BASE = "http://127.0.0.1:%d" % PORT
q = sys.argv[1] if len(sys.argv) > 1 else "check"
pages = int(sys.argv[2]) if len(sys.argv) > 2 else 400
def req(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    r = urllib.request.Request(BASE + path, data=data, method=method, headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(r) as f:
        return json.loads(f.read())
def mem(pid):
    d = {}
    for l in open("/proc/%d/status" % pid):
        if l.startswith(("VmRSS", "VmHWM")):
            d[l.split(":")[0]] = int(l.split()[1]) // 1024
    return d
srv = subprocess.Popen([CQL, "serve", "--index", IX, "--addr", "127.0.0.1:%d" % PORT], stdout=subprocess.PIPE)
srv.stdout.readline()
try:
    print("start", mem(srv.pid))
    rid = req("POST", "/api/runs", {"query": q})["id"]
    while True:
        st = req("GET", "/api/runs/" + rid)
        if st["state"] != "running": break
        time.sleep(0.05)
    print("run done: %s; kept %d exact %s held %d bytes" % (st["summary"], st["kept"], st["exact"], st["held"]), mem(srv.pid))
    # Pages spread over the whole result: each one's offset a step further than the last.
    step = None; off = 0; times = []; sizes = []
    for i in range(pages):
        t = time.time()
        pg = req("GET", "/api/runs/%s/page?offset=%d" % (rid, off))
        times.append(time.time() - t)
        sizes.append(len(pg["html"]))
        kept = pg["status"]["kept"]
        if step is None:
            step = max(50, (st["positions"] + st.get("decided", 0) * 8) // pages // 50 * 50)
        off = min(off + step, kept - 1)
        if i % 50 == 0:
            print("page %d at %d of %d (exact %s): %.0f ms" % (i, off, kept, pg["status"]["exact"], times[-1] * 1000), mem(srv.pid), flush=True)
    st = req("GET", "/api/runs/" + rid)
    print("after %d pages: kept %d exact %s; page ms median %.0f max %.0f; page html %d KB median" % (pages, st["kept"], st["exact"],
          statistics.median(times) * 1000, max(times) * 1000, statistics.median(sizes) // 1024), mem(srv.pid))
    t = time.time(); s = req("GET", "/api/runs/%s/stats?format=json" % rid); print("stats %.2fs games %d" % (time.time() - t, s["games"]), mem(srv.pid))
finally:
    srv.terminate(); srv.wait()
