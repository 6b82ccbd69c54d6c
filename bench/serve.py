#!/usr/bin/env python3
# cql serve against cql --index --count on the same index, alternating, medians: each round runs
# the CLI, then the query in the server to its end (status polled every 10 ms), then again for
# its first page (page 0 asked for every 10 ms until it has 50 cards). Wall and CPU seconds.
# Usage: CQL=BINARY IX=INDEX_DIR python3 bench/serve.py [ROUNDS] [QUERY...]
import json, subprocess, sys, time, urllib.request, statistics, os, re
CQL = os.environ.get("CQL", "cql")
IX = os.environ["IX"]
PORT = int(os.environ.get("PORT", "18932"))
BASE = "http://127.0.0.1:%d" % PORT
queries = sys.argv[2:] or ["mate", "square x in h1-8 {R attacks x x attacks K}"]
reps = int(sys.argv[1]) if len(sys.argv) > 1 else 3

def req(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    r = urllib.request.Request(BASE + path, data=data, method=method,
                               headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(r) as f:
        return json.loads(f.read())

def cpu(pid):
    with open("/proc/%d/stat" % pid) as f:
        v = f.read().rsplit(")", 1)[1].split()
    return (int(v[11]) + int(v[12])) / os.sysconf("SC_CLK_TCK")

def rss(pid):
    with open("/proc/%d/status" % pid) as f:
        for l in f:
            if l.startswith("VmRSS"):
                return int(l.split()[1]) // 1024

srv = subprocess.Popen([CQL, "serve", "--index", IX, "--addr", "127.0.0.1:%d" % PORT], stdout=subprocess.PIPE)
srv.stdout.readline()
try:
    for q in queries:
        first, full, cli, wall, ccpu, scpu = [], [], [], [], [], []
        for i in range(reps):
            t = time.time()
            r0 = os.times()
            p = subprocess.run([CQL, "--index", IX, "--count", q], capture_output=True, text=True)
            cli.append(time.time() - t)
            r1 = os.times()
            ccpu.append(r1.children_user + r1.children_system - r0.children_user - r0.children_system)
            c0 = cpu(srv.pid)
            count = int(p.stdout.split()[0])
            t0 = time.time()
            rid = req("POST", "/api/runs", {"query": q})["id"]
            while True:
                st = req("GET", "/api/runs/%s" % rid)
                if st["state"] != "running":
                    break
                time.sleep(0.01)
            wall.append(time.time() - t0)
            scpu.append(cpu(srv.pid) - c0)
            full.append(st["seconds"])
            assert st["matched"] == count, (st["matched"], count)
            # The first page: another run, its page asked for every 10 ms.
            t0 = time.time()
            rid = req("POST", "/api/runs", {"query": q})["id"]
            while True:
                pg = req("GET", "/api/runs/%s/page?offset=0" % rid)
                if pg["count"] >= 50 or pg["status"]["state"] != "running":
                    first.append(time.time() - t0)
                    break
                time.sleep(0.01)
            req("POST", "/api/runs/%s/cancel" % rid, {})
        med = statistics.median
        print("   cpu: cli %.2fs server %.2fs ratio %.2f [cli %s] [srv %s]" % (med(ccpu), med(scpu), med(scpu)/max(med(ccpu),0.01),
            " ".join("%.2f" % x for x in ccpu), " ".join("%.2f" % x for x in scpu)))
        print("%-45s cli %.3fs  server full %.3fs (wall %.3fs)  ratio %.2f  first page %.0f ms  [cli %s] [srv %s] [first %s] rss %d MB" % (
            q[:45], med(cli), med(full), med(wall), med(wall) / med(cli), med(first) * 1000,
            " ".join("%.2f" % x for x in cli), " ".join("%.2f" % x for x in wall), " ".join("%.0f" % (x*1000) for x in first), rss(srv.pid)), flush=True)
finally:
    srv.terminate(); srv.wait()
