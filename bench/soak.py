#!/usr/bin/env python3
"""The soak's sampler and report (bench/soak.sh; BENCHMARKS.md, "The soak").

  soak.py sample --pid PID --port PORT --token T --out samples.jsonl [--interval 5] [--probe-rate 10]
      Every INTERVAL seconds until SIGTERM, one JSON line: the server's
      VmRSS, VmHWM, threads and descriptors, its CPU time and the machine's,
      /metrics (events accepted and refused, request errors by status, the
      acknowledgement-latency histogram, live games, streams), the compiler
      processes running beside it, and the latencies of a probe client of
      its own: one HTTP keep-alive connection playing knights out and back
      (fide-2005, a new game every 200 moves) at --probe-rate moves/s,
      each move timed from the request to the answer.

  soak.py report --samples samples.jsonl [--loadgen result.json] [--svg soak.svg]
      Per window (between two samples): moves/s acknowledged (the server's
      counter), the server's p50/p99 (interpolated in its histogram's
      buckets, all moves), the probe's p50/p99, errors, RSS. The steady
      state is the windows at 50 % or more of the median rate; its first and
      last EDGE minutes (5, or a third of the run if shorter) are compared:
      medians of RSS and of the windows' p99. Writes the SVG (hand-written:
      RSS, latency and throughput over time) and prints the summary; exits 1
      if there was any error, if RSS grew more than --max-rss-growth-pct, or
      if the last p99 exceeds the first by more than --max-p99-ratio (and
      --p99-slack-ms).

Standard library only.
"""

import argparse
import http.client
import json
import os
import signal
import statistics
import sys
import threading
import time

CYCLE = [("white", "Nf3"), ("black", "Nf6"), ("white", "Ng1"), ("black", "Ng8")]
COMPILERS = {"rustc", "cargo", "cc", "cc1", "cc1plus", "ld", "ld.lld", "rust-lld", "clippy-driver", "node"}


# --- sampling ----------------------------------------------------------------------

def read_status(pid):
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("VmRSS", "VmHWM", "Threads", "RssAnon", "RssFile", "RssShmem"):
                    out[k] = int(v.split()[0])
        out["fds"] = len(os.listdir(f"/proc/{pid}/fd"))
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        out["cpu_ticks"] = int(fields[11]) + int(fields[12])  # utime + stime
    except OSError:
        pass
    return out


def machine_ticks():
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    idle = v[3] + v[4]
    return sum(v) - idle, sum(v)


def compilers():
    n = 0
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/comm") as f:
                    if f.read().strip() in COMPILERS:
                        n += 1
            except OSError:
                pass
    return n


def metrics(port):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", "/metrics")
        text = conn.getresponse().read().decode()
    finally:
        conn.close()
    out = {"errors": {}, "ack_buckets": [], "commit_buckets": []}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        name, _, value = line.rpartition(" ")
        try:
            value = float(value)
        except ValueError:
            continue
        base, _, labels = name.partition("{")
        labels = labels.rstrip("}")
        lab = dict(kv.split("=", 1) for kv in labels.split(",") if "=" in kv)
        lab = {k: v.strip('"') for k, v in lab.items()}
        if base == "arbitre_events_total":
            out[lab.get("outcome", "?")] = value
        elif base == "arbitre_request_errors_total":
            out["errors"][lab.get("status", "?")] = value
        elif base == "arbitre_ack_latency_seconds_bucket":
            out["ack_buckets"].append((float(lab["le"]) if lab["le"] != "+Inf" else None, value))
        elif base == "arbitre_ack_latency_seconds_count":
            out["ack_count"] = value
        elif base == "arbitre_ack_latency_seconds_sum":
            out["ack_sum"] = value
        elif base == "arbitre_store_commit_seconds_bucket":
            out["commit_buckets"].append((float(lab["le"]) if lab["le"] != "+Inf" else None, value))
        elif base in ("arbitre_live_games", "arbitre_streams", "arbitre_store_appends_total",
                      "arbitre_store_transactions_total"):
            out[base[len("arbitre_"):]] = value
    return out


class ProbeClient(threading.Thread):
    """Knights out and back at `rate` moves/s on one keep-alive connection."""

    def __init__(self, port, token, rate):
        super().__init__(daemon=True)
        self.port, self.token, self.period = port, token, 1.0 / rate
        self.lock = threading.Lock()
        self.latencies, self.errors, self.first_errors = [], 0, []
        self.stop = threading.Event()
        self.conn = None

    def post(self, path, body, token):
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            self.conn.request("POST", path, body=json.dumps(body),
                              headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
            r = self.conn.getresponse()
            data = r.read()
            return r.status, json.loads(data) if data else None
        except (OSError, http.client.HTTPException, ValueError):
            self.conn.close()
            self.conn = None
            raise

    def error(self, what):
        with self.lock:
            self.errors += 1
            if len(self.first_errors) < 5:
                self.first_errors.append(what)

    def take(self):
        with self.lock:
            out = (self.latencies, self.errors, self.first_errors)
            self.latencies, self.errors, self.first_errors = [], 0, []
        return out

    def run(self):
        game, ply, n = None, 0, 0
        next_at = time.monotonic()
        while not self.stop.is_set():
            try:
                if game is None or ply >= 200:
                    s, created = self.post("/api/games", {"edition": "fide-2005", "time_control": "5400",
                                                          "players": {"white": f"probe {n}", "black": "probe"}},
                                           self.token)
                    if s != 201:
                        raise RuntimeError(f"create: {s} {created}")
                    game = created
                    n += 1
                    s, a = self.post(f"/api/games/{game['id']}/events", {"start": True, "client_id": "start"},
                                     game["tokens"]["arbiter"])
                    if s != 200 or not a.get("accepted"):
                        raise RuntimeError(f"start: {s} {a}")
                    ply = 0
                side, move = CYCLE[ply % 4]
                t0 = time.perf_counter()
                s, a = self.post(f"/api/games/{game['id']}/events", {"move": move, "client_id": f"m{ply}"},
                                 game["tokens"][side])
                ms = (time.perf_counter() - t0) * 1000
                if s == 200 and a.get("accepted"):
                    ply += 1
                    with self.lock:
                        self.latencies.append(round(ms, 3))
                else:
                    self.error(f"move {ply}: {s} {a}")
                    game = None
            except Exception as e:  # noqa: BLE001 - any failure is counted and the probe goes on
                self.error(repr(e))
                game = None
                time.sleep(0.5)
            next_at += self.period
            delay = next_at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            else:
                next_at = time.monotonic()


def sample(args):
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    probe = None
    if args.probe_rate > 0:
        probe = ProbeClient(args.port, args.token, args.probe_rate)
        probe.start()
    t0 = time.monotonic()
    with open(args.out, "a") as out:
        while not stop.is_set():
            now = time.monotonic()
            row = {"t": round(now - t0, 2), "wall": round(time.time(), 2)}
            st = read_status(args.pid)
            if not st:
                row["server_gone"] = True
            row.update({"rss_kib": st.get("VmRSS"), "hwm_kib": st.get("VmHWM"), "threads": st.get("Threads"),
                        "fds": st.get("fds"), "cpu_ticks": st.get("cpu_ticks"), "rss_anon_kib": st.get("RssAnon"),
                        "rss_file_kib": st.get("RssFile"), "rss_shmem_kib": st.get("RssShmem")})
            row["machine_busy"], row["machine_total"] = machine_ticks()
            row["loadavg"] = float(open("/proc/loadavg").read().split()[0])
            row["compilers"] = compilers()
            try:
                row["m"] = metrics(args.port)
            except (OSError, http.client.HTTPException) as e:
                row["metrics_error"] = repr(e)
            if args.db_file:
                row["db_bytes"] = sum(os.path.getsize(p) for p in (args.db_file, args.db_file + "-wal")
                                      if os.path.exists(p))
            if probe:
                lat, errs, first = probe.take()
                row["probe_ms"], row["probe_errors"] = lat, errs
                if first:
                    row["probe_first_errors"] = first
            out.write(json.dumps(row) + "\n")
            out.flush()
            stop.wait(max(0.0, args.interval - (time.monotonic() - now)))
    if probe:
        probe.stop.set()


# --- report ---------------------------------------------------------------------------

def quantile_of(buckets_a, buckets_b, q):
    """The q-quantile (ms) of the observations between two cumulative
    histograms, interpolated linearly within a bucket."""
    a = dict((le, c) for le, c in buckets_a)
    rows = [(le, c - a.get(le, 0.0)) for le, c in buckets_b]
    finite = sorted((le, c) for le, c in rows if le is not None)
    total = next((c for le, c in rows if le is None), finite[-1][1] if finite else 0)
    if total <= 0:
        return None
    target = q * total
    lower, below = 0.0, 0.0
    for le, cum in finite:
        if cum >= target:
            frac = (target - below) / (cum - below) if cum > below else 1.0
            return 1000 * (lower + (le - lower) * frac)
        lower, below = le, cum
    return 1000 * lower  # beyond the last bucket: its bound


def pct(values, q):
    if not values:
        return None
    v = sorted(values)
    rank = min(len(v), max(1, -(-int(q * len(v) * 1000) // 1000)))
    return v[rank - 1]


def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def windows(samples):
    out = []
    t_start = samples[0]["t"]
    for a, b in zip(samples, samples[1:]):
        ma, mb = a.get("m"), b.get("m")
        dt = b["t"] - a["t"]
        if not ma or not mb or dt <= 0:
            continue
        w = {"t": b["t"] - t_start, "dt": dt, "rss_mib": (b.get("rss_kib") or 0) / 1024,
             "anon_mib": (b.get("rss_anon_kib") or 0) / 1024,
             "file_mib": ((b.get("rss_file_kib") or 0) + (b.get("rss_shmem_kib") or 0)) / 1024,
             "threads": b.get("threads"), "fds": b.get("fds"), "m": mb, "m0": ma,
             "moves_per_s": (mb.get("accepted", 0) - ma.get("accepted", 0)) / dt,
             "refused": mb.get("refused", 0) - ma.get("refused", 0),
             "errors": sum(mb["errors"].values()) - sum(ma["errors"].values()),
             "errors_by_status": {k: v - ma["errors"].get(k, 0) for k, v in mb["errors"].items()
                                  if v - ma["errors"].get(k, 0)},
             "p50": quantile_of(ma["ack_buckets"], mb["ack_buckets"], 0.50),
             "p99": quantile_of(ma["ack_buckets"], mb["ack_buckets"], 0.99),
             "mean": ((mb.get("ack_sum", 0) - ma.get("ack_sum", 0)) * 1000
                      / max(1, mb.get("ack_count", 0) - ma.get("ack_count", 0))),
             "probe": b.get("probe_ms", []), "probe_errors": b.get("probe_errors", 0),
             "probe_p50": pct(b.get("probe_ms", []), 0.50), "probe_p99": pct(b.get("probe_ms", []), 0.99),
             "live_games": mb.get("live_games"), "compilers": b.get("compilers", 0),
             "loadavg": b.get("loadavg"), "db_mib": (b.get("db_bytes") or 0) / 1048576}
        if a.get("cpu_ticks") is not None and b.get("cpu_ticks") is not None:
            hz = os.sysconf("SC_CLK_TCK")
            w["cpu_server_pct"] = 100 * (b["cpu_ticks"] - a["cpu_ticks"]) / hz / dt
        if b.get("machine_total", 0) > a.get("machine_total", 0):
            w["cpu_machine_pct"] = (100 * os.cpu_count() * (b["machine_busy"] - a["machine_busy"])
                                    / (b["machine_total"] - a["machine_total"]))
        out.append(w)
    return out


def svg(ws, steady, path, title):
    W, left, right, top, ph, gap = 960, 70, 20, 40, 190, 45
    panels = [
        ("server RSS (MiB)", [("RSS", "#1f77b4", [w["rss_mib"] for w in ws])], False),
        ("latency (ms)", [("server p99 (all moves)", "#d62728", [w["p99"] for w in ws]),
                          ("server p50", "#ff9896", [w["p50"] for w in ws]),
                          ("probe p99 (client side)", "#2ca02c", [w["probe_p99"] for w in ws]),
                          ("probe p50", "#98df8a", [w["probe_p50"] for w in ws])], True),
        ("moves/s acknowledged; errors", [("moves/s", "#9467bd", [w["moves_per_s"] for w in ws]),
                                          ("errors in the window", "#000000", [w["errors"] + w["probe_errors"]
                                                                               for w in ws])], False),
    ]
    H = top + len(panels) * (ph + gap) + 10
    xs = [w["t"] for w in ws]
    x0, x1 = 0.0, max(xs) if xs else 1.0
    pw = W - left - right
    X = lambda t: left + pw * (t - x0) / ((x1 - x0) or 1)
    esc = lambda s: s.replace("&", "&amp;").replace("<", "&lt;")
    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
         f'font-family="sans-serif" font-size="11">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{left}" y="22" font-size="14" font-weight="bold">{esc(title)}</text>']
    for i, (name, series, log) in enumerate(panels):
        y0 = top + i * (ph + gap)
        vals = [v for _, _, s in series for v in s if v is not None and (v > 0 or not log)]
        if not vals:
            continue
        if log:
            lo, hi = min(vals), max(vals)
            import math
            lo, hi = 10 ** math.floor(math.log10(lo)), 10 ** math.ceil(math.log10(hi))
            Y = lambda v, lo=lo, hi=hi: y0 + ph - ph * (math.log10(max(v, lo)) - math.log10(lo)) / (
                math.log10(hi) - math.log10(lo))
            ticks = []
            t = lo
            while t <= hi * 1.001:
                ticks.append(t)
                t *= 10
        else:
            hi = max(vals) * 1.1 or 1
            lo = 0.0
            Y = lambda v, lo=lo, hi=hi: y0 + ph - ph * (v - lo) / (hi - lo)
            step = nice_step(hi / 5)
            ticks = [k * step for k in range(int(hi / step) + 1)]
        o.append(f'<rect x="{left}" y="{y0}" width="{pw}" height="{ph}" fill="none" stroke="#888"/>')
        if steady:
            sx0, sx1 = X(steady[0]), X(steady[1])
            o.append(f'<rect x="{sx0:.1f}" y="{y0}" width="{max(0, sx1 - sx0):.1f}" height="{ph}" '
                     f'fill="#f4f4f4"/>')
        for t in ticks:
            y = Y(t)
            label = f"{t:g}"
            o.append(f'<line x1="{left}" x2="{left + pw}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
            o.append(f'<text x="{left - 5}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')
        o.append(f'<text x="{left}" y="{y0 - 6}" font-weight="bold">{esc(name)}'
                 f'{" (log scale)" if log else ""}</text>')
        lx = left + 260
        for name_s, color, s in series:
            pts = [(X(t), Y(v)) for t, v in zip(xs, s) if v is not None and (v > 0 or not log)]
            if pts:
                d = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
                o.append(f'<polyline points="{d}" fill="none" stroke="{color}" stroke-width="1.2"/>')
            o.append(f'<rect x="{lx}" y="{y0 - 14}" width="10" height="10" fill="{color}"/>'
                     f'<text x="{lx + 14}" y="{y0 - 5}">{esc(name_s)}</text>')
            lx += 14 + 7 * len(name_s) + 16
        # minutes on the x axis
        step = nice_step((x1 - x0) / 60 / 10) * 60
        t = 0.0
        while t <= x1 + 1e-9:
            x = X(t)
            o.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{y0 + ph}" y2="{y0 + ph + 4}" stroke="#888"/>')
            o.append(f'<text x="{x:.1f}" y="{y0 + ph + 15}" text-anchor="middle">{t / 60:g}</text>')
            t += step
    o.append(f'<text x="{left + pw}" y="{H - 4}" text-anchor="end">minutes since the server started '
             f'(grey: the steady state compared)</text>')
    o.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")


def nice_step(x):
    import math
    if x <= 0:
        return 1
    e = 10 ** math.floor(math.log10(x))
    for m in (1, 2, 2.5, 5, 10):
        if x <= m * e:
            return m * e
    return 10 * e


def fmt(v, d=2):
    return "–" if v is None else f"{v:,.{d}f}"


def report(args):
    samples = [json.loads(l) for l in open(args.samples) if l.strip()]
    ws = windows(samples)
    if not ws:
        print("no windows to report")
        return 1
    rate = med([w["moves_per_s"] for w in ws])
    steady = [w for w in ws if w["moves_per_s"] >= 0.5 * rate]
    # the games' creation and the load generator's warm-up apart
    steady = [w for w in steady if w["t"] >= steady[0]["t"] + args.skip_s] or steady
    span = steady[-1]["t"] - steady[0]["t"]
    edge = min(args.edge_minutes * 60, span / 3)
    first = [w for w in steady if w["t"] <= steady[0]["t"] + edge]
    last = [w for w in steady if w["t"] >= steady[-1]["t"] - edge]
    loadgen = json.load(open(args.loadgen)) if args.loadgen and os.path.exists(args.loadgen) else None

    def block(ws_):
        probe = [x for w in ws_ for x in w["probe"]]
        merged = lambda q: quantile_of(ws_[0]["m0"]["ack_buckets"], ws_[-1]["m"]["ack_buckets"], q)
        return {"all_p50": merged(0.5), "all_p99": merged(0.99), "anon": med([w["anon_mib"] for w in ws_]),
                "file": med([w["file_mib"] for w in ws_]),"rss": med([w["rss_mib"] for w in ws_]), "p99": med([w["p99"] for w in ws_]),
                "p50": med([w["p50"] for w in ws_]), "probe_p50": pct(probe, 0.5), "probe_p99": pct(probe, 0.99),
                "probe_n": len(probe), "rate": med([w["moves_per_s"] for w in ws_]),
                "cpu": med([w.get("cpu_server_pct") for w in ws_]),
                "machine": med([w.get("cpu_machine_pct") for w in ws_])}

    f, l = block(first), block(last)
    errors = int(sum(w["errors"] for w in ws))
    by_status = {}
    for w in ws:
        for k, v in w["errors_by_status"].items():
            by_status[k] = by_status.get(k, 0) + v
    probe_errors = sum(w["probe_errors"] for w in ws) + samples[0].get("probe_errors", 0)
    first_probe_errors = [e for s in samples for e in s.get("probe_first_errors", [])][:5]
    lg_errors = (loadgen.get("errors_total", 0) + loadgen.get("refused_total", 0)) if loadgen else 0
    total_errors = errors + probe_errors + lg_errors
    all_probe = [x for w in steady for x in w["probe"]]
    # RSS over the steady state: least-squares slope
    ts = [w["t"] for w in steady]
    rs = [w["rss_mib"] for w in steady]
    mt, mr = statistics.mean(ts), statistics.mean(rs)
    slope = (sum((t - mt) * (r - mr) for t, r in zip(ts, rs)) / (sum((t - mt) ** 2 for t in ts) or 1)) * 3600

    print(f"samples: {len(samples)}, windows: {len(ws)} of ~{statistics.median(w['dt'] for w in ws):.1f} s; "
          f"steady state {steady[0]['t'] / 60:.1f}-{steady[-1]['t'] / 60:.1f} min ({len(steady)} windows, "
          f"median {rate:,.0f} moves/s); compared: first and last {edge / 60:.1f} min")
    print(f"machine: {os.cpu_count()} cores; compiler processes running beside the soak in "
          f"{sum(1 for w in ws if w['compilers'])} of {len(ws)} windows (up to {max(w['compilers'] for w in ws)}); "
          f"load average {min(w['loadavg'] for w in ws):.2f}-{max(w['loadavg'] for w in ws):.2f}")
    print()
    print(f"| figure | first {edge / 60:.1f} min | last {edge / 60:.1f} min | change |")
    print("|---|---:|---:|---:|")

    def row(name, a, b, d=2, unit=""):
        ch = "" if a in (None, 0) or b is None else f"{100 * (b - a) / a:+.1f} %"
        print(f"| {name} | {fmt(a, d)}{unit} | {fmt(b, d)}{unit} | {ch} |")

    row("server RSS, median (MiB)", f["rss"], l["rss"], 1)
    row("  of which anonymous (heap)", f["anon"], l["anon"], 1)
    row("  of which file-backed and shared (binary, SQLite's -shm)", f["file"], l["file"], 1)
    row("moves/s acknowledged, median of windows", f["rate"], l["rate"], 0)
    row("server p50, median of windows (ms, histogram)", f["p50"], l["p50"], 2)
    row("server p99, median of windows (ms, histogram)", f["p99"], l["p99"], 2)
    row("server p50, all moves of the interval (ms, histogram)", f["all_p50"], l["all_p50"], 2)
    row("server p99, all moves of the interval (ms, histogram)", f["all_p99"], l["all_p99"], 2)
    row(f"probe p50 (ms, client side, {f['probe_n']} / {l['probe_n']} moves)", f["probe_p50"], l["probe_p50"], 2)
    row("probe p99 (ms, client side)", f["probe_p99"], l["probe_p99"], 2)
    row("server CPU % (of one core), median", f["cpu"], l["cpu"], 0)
    row("machine CPU % (of 2 cores), median", f["machine"], l["machine"], 0)
    print()
    rss_all = [w["rss_mib"] for w in steady]
    half = [w for w in steady if w["t"] >= (steady[0]["t"] + steady[-1]["t"]) / 2]
    ht = [w["t"] for w in half]
    hr = [w["rss_mib"] for w in half]
    hmt, hmr = statistics.mean(ht), statistics.mean(hr)
    half_slope = (sum((t - hmt) * (r - hmr) for t, r in zip(ht, hr))
                  / (sum((t - hmt) ** 2 for t in ht) or 1)) * 3600
    print(f"RSS over the steady state: {min(rss_all):.1f}-{max(rss_all):.1f} MiB, least-squares slope "
          f"{slope:+.1f} MiB/hour ({half_slope:+.1f} MiB/hour over its second half); peak VmHWM {max(s.get('hwm_kib') or 0 for s in samples) / 1024:.1f} MiB; "
          f"live games {fmt(steady[0]['live_games'], 0)} -> {fmt(steady[-1]['live_games'], 0)}, threads "
          f"{steady[0]['threads']} -> {steady[-1]['threads']}, descriptors {steady[0]['fds']} -> {steady[-1]['fds']}; "
          f"SQLite file + WAL {steady[0]['db_mib']:.1f} -> {steady[-1]['db_mib']:.1f} MiB; "
          f"arbitre_streams gauge {fmt(steady[0]['m'].get('streams'), 0)} -> {fmt(steady[-1]['m'].get('streams'), 0)}")
    print(f"probe over the steady state: {len(all_probe)} moves, p50 {fmt(pct(all_probe, 0.5))} ms, "
          f"p99 {fmt(pct(all_probe, 0.99))} ms, p99.9 {fmt(pct(all_probe, 0.999))} ms, max {fmt(max(all_probe, default=None))} ms")
    worst = max(steady, key=lambda w: w["p99"] or 0)
    print(f"worst window: server p99 {fmt(worst['p99'])} ms at {worst['t'] / 60:.1f} min "
          f"({worst['compilers']} compiler processes, load {worst['loadavg']})")
    print(f"errors: {errors} HTTP errors counted by the server {by_status or ''}, {probe_errors} probe errors "
          f"{first_probe_errors or ''}" + (f", load generator: {loadgen.get('errors_total', 0)} errors and "
                                           f"{loadgen.get('refused_total', 0)} refusals in all" if loadgen else ""))
    if loadgen:
        print(f"load generator ({loadgen['duration_s'] / 60:.1f} min measured, {loadgen['games']} games, "
              f"{loadgen['ws_games']} over WebSockets, {loadgen['rate_offered']:g} moves/s offered): "
              f"{loadgen['moves_per_s']:,} moves/s acknowledged, p50 {loadgen['p50_ms']} ms, p99 {loadgen['p99_ms']} ms, "
              f"p99.9 {loadgen['p999_ms']} ms, max {loadgen['max_ms']} ms (HTTP p99 {loadgen['http_p99_ms']}, "
              f"WebSocket p99 {loadgen['ws_p99_ms']}); {loadgen['games_created']} games created; "
              f"server CPU {loadgen['cpu_server_pct']} %, load generator {loadgen['cpu_loadgen_pct']} %, "
              f"machine {loadgen['cpu_machine_pct']} %")
        tl = loadgen.get("timeline", [])
        if tl:
            per_s = [n for n, _ in tl[:-1]] or [n for n, _ in tl]
            print(f"  its timeline: moves acknowledged per second {min(per_s)}-{max(per_s)} (median "
                  f"{statistics.median(per_s):g}); slowest answer of a second over 100 ms in "
                  f"{sum(1 for _, m in tl if m > 100)} of {len(tl)} seconds")
    gone = sum(1 for s_ in samples if s_.get("server_gone"))
    growth = 100 * (l["rss"] - f["rss"]) / f["rss"]
    p99_ok = l["all_p99"] <= max(args.max_p99_ratio * f["all_p99"], f["all_p99"] + args.p99_slack_ms)
    verdicts = [("server sampled", gone == 0, f"{gone} samples without the server's process"),
                ("zero errors", total_errors == 0, f"{total_errors}"),
                ("RSS growth", growth <= args.max_rss_growth_pct,
                 f"{growth:+.1f} % (limit {args.max_rss_growth_pct:g} %)"),
                ("p99 flat", p99_ok, f"server p99 of all moves {fmt(f['all_p99'])} -> {fmt(l['all_p99'])} ms "
                                     f"(limit x{args.max_p99_ratio:g} "
                                     f"or +{args.p99_slack_ms:g} ms)")]
    print()
    for name, ok, detail in verdicts:
        print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}")
    if args.svg:
        title = (f"arbitre soak: {rate:,.0f} moves/s"
                 + (f", {loadgen['games']:,} games ({loadgen['ws_games']:,} over WebSockets)" if loadgen else "")
                 + f", SQLite, {os.cpu_count()} cores; {(ws[-1]['t']) / 60:.0f} min")
        svg(ws, (steady[0]["t"], steady[-1]["t"]), args.svg, title)
        print(f"graph: {args.svg}")
    return 0 if all(ok for _, ok, _ in verdicts) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sample")
    s.add_argument("--pid", type=int, required=True)
    s.add_argument("--port", type=int, required=True)
    s.add_argument("--token", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--interval", type=float, default=5.0)
    s.add_argument("--probe-rate", type=float, default=10.0)
    s.add_argument("--db-file")
    r = sub.add_parser("report")
    r.add_argument("--samples", required=True)
    r.add_argument("--loadgen")
    r.add_argument("--svg")
    r.add_argument("--edge-minutes", type=float, default=5.0)
    r.add_argument("--skip-s", type=float, default=30.0, help="seconds of the steady state left out at its start")
    r.add_argument("--max-rss-growth-pct", type=float, default=10.0)
    r.add_argument("--max-p99-ratio", type=float, default=1.5)
    r.add_argument("--p99-slack-ms", type=float, default=2.0)
    args = ap.parse_args()
    return sample(args) or 0 if args.cmd == "sample" else report(args)


if __name__ == "__main__":
    sys.exit(main())
