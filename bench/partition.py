#!/usr/bin/env python3
"""The partition campaign (issue 15; RELIABILITY.md, "A network partition"):
two `arbitre serve` nodes on one PostgreSQL, in network namespaces built by
bench/partition.sh; one node at a time is cut off from the database and
from the other node while the bots still reach it, then healed, CUTS times
(a, b, a, b, ...). What the issue requires: the node cut off stops acting
on its games before its lease ends, the other takes them over, and no event
is acknowledged twice or on both sides.

Bots (as bench/crash.py: knights out and back, each move a POST with its own
`client_id`, the same `client_id` again after any failure until answered).
Each bot's game is created on one node (its home: the owner) and played
through one node (its entry), with one of two policies:
  * sticky: every attempt to the entry node, waited for up to 60 s (what a
    client of the cut node sees, and for how long);
  * failover: an attempt not answered within 2 s is left running (its late
    answer is recorded) and the request is sent again, same `client_id`, to
    the other node; each new move tries the entry node first.
Two bots of each of the 8 kinds (home, entry, policy) at the start, two more
games (one a node) before each cut: both nodes own games at every cut.
Cuts alternate a, b, a, ...: CUTS of the lease + 7 s (10 s with a 3 s
lease), then LONG_CUTS of 75 s, past what the cut node's database
connections wait before failing (sqlx's pool: 30 s; TCP: about 45 s here).

Measured per cut of node X (the other is Y), with the database's leases
polled every 100 ms (`instants`, `leases`) and the nodes' JSON logs:
  * X's lease expiry as the database has it (`instants.expires_ms` when Y
    raised X's epoch) and the last instant a bot got a 2xx from X after the
    cut: it must be before that expiry;
  * when Y took X's games over (Y's log), and the first answer on each of
    X's games after the cut (any node): time to answer again;
  * that Y acknowledges moves on X's games before the heal;
  * after the heal: X's writes refused (X's log: its lease lost, fenced)
    and X registered again; the first 2xx through X again (it forwards);
  * what the bots got from X while it was cut off (statuses, codes,
    messages, how long requests hung).
Checked at the end (both nodes stopped, node a started alone on the store):
every acknowledged move in its game exactly once, in order, under the seq
its client was answered, and nothing else (the stored events' client_ids
and seqs, and the scoresheet); every answer to one client_id the same (a
late answer of the cut node included); the position of the last answer; no
replay difference in any log; alerts only the documented outage entries;
no flag, no clock charged more than the wall-clock time. The checker is
checked: a move played behind the bots' backs must be reported.

Standard library only; run inside the bots' namespace (partition.sh does).
Prints a report and a JSON summary; exits 1 if any check fails.
"""

import argparse
import datetime
import http.client
import itertools
import json
import os
import queue
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

TOKEN = "partition-campaign-organiser-token-7c41e0"
CYCLE = [("white", "Nf3"), ("black", "Nf6"), ("white", "Ng1"), ("black", "Ng8")]
PORT = 8080
LONG = 60.0  # how long one attempt is waited for at most
FAILOVER_PATIENCE = 2.0

# the topology of bench/partition.sh
NODES = {
    "a": {"ns": "arb-na", "back": "10.77.0.11", "front": "10.77.1.11", "dev": "arb-na0", "port": "arb-sna"},
    "b": {"ns": "arb-nb", "back": "10.77.0.12", "front": "10.77.1.12", "dev": "arb-nb0", "port": "arb-snb"},
}
SWITCH = "arb-sw"
DB_NS, DB_HOST = "arb-db", "10.77.0.10"


def other(x):
    return "b" if x == "a" else "a"


def sh(*cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def cut(x):
    """Every packet of X's back link dropped, both ways."""
    n = NODES[x]
    sh("ip", "netns", "exec", n["ns"], "tc", "qdisc", "add", "dev", n["dev"], "root", "pfifo", "limit", "0")
    sh("ip", "netns", "exec", SWITCH, "tc", "qdisc", "add", "dev", n["port"], "root", "pfifo", "limit", "0")


def heal(x):
    n = NODES[x]
    sh("ip", "netns", "exec", n["ns"], "tc", "qdisc", "del", "dev", n["dev"], "root")
    sh("ip", "netns", "exec", SWITCH, "tc", "qdisc", "del", "dev", n["port"], "root")


def request(method, node, path, body=None, token=None, timeout=10.0):
    conn = http.client.HTTPConnection(NODES[node]["front"], PORT, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = conn.getresponse()
        data = response.read()
        try:
            parsed = json.loads(data) if data else None
        except ValueError:
            parsed = data.decode("utf-8", "replace")
        return response.status, parsed
    finally:
        conn.close()


class Node:
    def __init__(self, name, binary, db, run, lease_ms):
        self.name, self.binary, self.db, self.run, self.lease_ms = name, binary, db, run, lease_ms
        self.proc = None
        self.starts = 0
        self.logpath = os.path.join(run, f"node-{name}.log")
        self.log = open(self.logpath, "ab")

    def start(self):
        n = NODES[self.name]
        self.proc = subprocess.Popen(
            ["ip", "netns", "exec", n["ns"], self.binary, "serve", "--listen", f"0.0.0.0:{PORT}",
             "--db", self.db, "--node", self.name, "--advertise", f"http://{n['back']}:{PORT}",
             "--lease-ms", str(self.lease_ms), "--organiser-token", TOKEN,
             "--signing-key", os.path.join(self.run, "signing.key"),
             "--rate-per-token", "0", "--rate-per-address", "0", "--json-logs"],
            stdout=subprocess.DEVNULL, stderr=self.log, env={**os.environ, "RUST_LOG": "info"})
        # `ip netns exec` execs the server: this pid is the server's
        with open(os.path.join(self.run, "pids"), "a") as f:
            f.write(f"{self.proc.pid}\n")
        self.starts += 1
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                status, _ = request("GET", self.name, "/api/health", timeout=2)
                if status == 200:
                    return
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"node {self.name} exited with {self.proc.returncode}")
            time.sleep(0.05)
        raise RuntimeError(f"node {self.name} did not answer within 60 s")

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return "killed after 30 s"

    def entries(self):
        """The node's JSON log lines: (unix time, level, fields)."""
        out = []
        with open(self.logpath, encoding="utf-8", errors="replace") as f:
            for line in f:
                try:
                    j = json.loads(line)
                except ValueError:
                    continue
                ts = j.get("timestamp", "")
                m = re.match(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?", ts)
                if not m:
                    continue
                t = datetime.datetime.fromisoformat(m.group(1)).replace(tzinfo=datetime.timezone.utc).timestamp()
                t += float("0" + (m.group(2) or ".0"))
                out.append((t, j.get("level", ""), j.get("fields", {})))
        return out


def metrics(node):
    try:
        status, text = request("GET", node, "/metrics", timeout=3)
    except OSError:
        return {}
    found = {}
    for line in (text or "").splitlines() if isinstance(text, str) else []:
        for name in ("arbitre_lease_lost_total", "arbitre_games_taken_over_total", "arbitre_forwarded_total"):
            if line.startswith(name + " ") or line.startswith(name + "{"):
                found[name] = found.get(name, 0) + float(line.rsplit(" ", 1)[1])
    return found


class Db(threading.Thread):
    """The leases as the database has them, every 100 ms (psql on the
    database's own namespace, not through any node's link)."""

    def __init__(self):
        super().__init__(daemon=True)
        self.psql = subprocess.Popen(
            ["ip", "netns", "exec", DB_NS, "psql", "-X", "-q", "-At", "-F", "|", "-h", DB_HOST,
             "-U", "postgres", "-d", "arbitre"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lock = threading.Lock()
        self.snapshots = []  # (db ms, {node: (epoch, expires_ms, at_ms)}, {game: (node, epoch)})
        self.stopping = threading.Event()

    def query(self, sql):
        self.psql.stdin.write(sql + "\n\\echo __END__\n")
        self.psql.stdin.flush()
        rows = []
        while True:
            line = self.psql.stdout.readline()
            if not line:
                raise RuntimeError("psql ended")
            line = line.rstrip("\n")
            if line == "__END__":
                return rows
            rows.append(line.split("|"))

    def snapshot(self):
        rows = self.query(
            "SELECT 'T', CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT);"
            "SELECT 'I', node, epoch, expires_ms, at_ms FROM instants;"
            "SELECT 'L', game_id, node, epoch FROM leases;")
        now, instants, leases = None, {}, {}
        for r in rows:
            if r[0] == "T":
                now = int(r[1])
            elif r[0] == "I":
                instants[r[1]] = (int(r[2]), int(r[3]), int(r[4]))
            elif r[0] == "L":
                leases[r[1]] = (r[2], int(r[3]))
        return now, instants, leases

    def run(self):
        while not self.stopping.is_set():
            try:
                s = self.snapshot()
            except Exception as e:  # noqa: BLE001 — reported, not fatal
                print(f"db poll: {e}", file=sys.stderr)
                return
            with self.lock:
                self.snapshots.append(s)
            time.sleep(0.1)

    def owned_by(self, node):
        with self.lock:
            _, _, leases = self.snapshots[-1]
        return sorted(g for g, (n, _) in leases.items() if n == node)

    def events(self):
        """Every stored event: {game: [(seq, client_id)]}."""
        out = {}
        for r in self.query("SELECT game_id, seq, COALESCE(client_id, '') FROM events ORDER BY game_id, seq;"):
            out.setdefault(r[0], []).append((int(r[1]), r[2] or None))
        return out


class Attempt(threading.Thread):
    """One request, waited for up to LONG; its outcome to the bot's queue."""
    ids = itertools.count()

    def __init__(self, bot, node, path, body, token, key, q):
        super().__init__(daemon=True)
        self.id = next(Attempt.ids)
        self.bot, self.node, self.path, self.body, self.token, self.key, self.q = \
            bot, node, path, body, token, key, q

    def run(self):
        r = {"id": self.id, "node": self.node, "key": self.key, "t0": time.time()}
        try:
            status, answer = request("POST", self.node, self.path, self.body, self.token, timeout=LONG)
            r.update(kind="answer", status=status, body=answer)
        except socket.timeout:
            r.update(kind="timeout", status=None, body=None)
        except (OSError, http.client.HTTPException) as e:
            r.update(kind="error", status=None, body=f"{type(e).__name__}: {e}")
        r["t1"] = time.time()
        self.bot.attempts.append(r)
        self.q.put(r)


class Bot(threading.Thread):
    def __init__(self, n, home, entry, policy, stop):
        super().__init__(daemon=True)
        self.n, self.home, self.entry, self.policy, self.stop = n, home, entry, policy, stop
        self.game = None
        self.acks = []  # {key, side, move, seq, fen, t, node}
        self.attempts = []  # every attempt's outcome (appended by its thread)
        self.threads = []
        self.anomalies = []
        self.gave_up = 0  # attempts left running (failover) after FAILOVER_PATIENCE

    def send(self, path, body, token, key, expect=200, node=None):
        q = queue.Queue()
        node = node or self.entry
        patience = FAILOVER_PATIENCE if self.policy == "failover" else LONG + 5
        while True:
            attempt = Attempt(self, node, path, body, token, key, q)
            attempt.start()
            self.threads.append(attempt)
            deadline = time.time() + patience
            switch = False
            while True:
                try:
                    r = q.get(timeout=max(0.0, deadline - time.time()))
                except queue.Empty:
                    self.gave_up += 1
                    switch = True
                    break
                if r["kind"] == "answer" and r["status"] != 503:
                    if r["status"] != expect:
                        self.anomalies.append(f"{key} {body}: {r['status']} {r['body']}")
                    return r
                if r["id"] == attempt.id:
                    switch = True
                    time.sleep(0.1)
                    break
                # an earlier attempt's failure: the latest is still awaited
            if switch and self.policy == "failover":
                node = other(node)

    def run(self):
        created = self.send("/api/games", {"edition": "fide-2005", "time_control": "5400",
                                           "players": {"white": f"Bot {self.n}", "black": "Knight"}},
                            TOKEN, key=f"create-{self.n}", expect=201, node=self.home)["body"]
        self.game = created
        gid, tokens = created["id"], created["tokens"]
        path = f"/api/games/{gid}/events"
        self.send(path, {"start": True, "client_id": f"{gid}-start"}, tokens["arbiter"], key=f"{gid}-start")
        i = 0
        while not self.stop.is_set():
            side, move = CYCLE[i % 4]
            key = f"{gid}-m{i}"
            r = self.send(path, {"move": move, "client_id": key}, tokens[side], key=key)
            answer = r["body"] if isinstance(r["body"], dict) else {}
            if not answer.get("accepted"):
                self.anomalies.append(f"{key} {move} refused: {answer}")
                return
            self.acks.append({"key": key, "side": side, "move": move, "seq": answer["seq"],
                              "fen": answer["game"]["fen"], "t": r["t1"], "node": r["node"]})
            i += 1
            time.sleep(random.uniform(0.02, 0.1))


def describe(r):
    """An attempt's outcome in a few words (for the tally of failures)."""
    if r["kind"] == "timeout":
        return f"no answer within {LONG:.0f} s"
    if r["kind"] == "error":
        return re.sub(r"\d+", "N", str(r["body"]))[:120]
    body = r["body"]
    if isinstance(body, dict) and "error" in body:
        msg = body["error"].get("message", "")
        msg = re.sub(r"`[a-z0-9]{12}`", "`ID`", msg)
        msg = re.sub(r"\(error sending request for url \([^)]*\)\)", "(error sending request)", msg)
        msg = re.sub(r"\d+(\.\d+)?", "N", msg)
        return f"{r['status']} {body['error'].get('code')}: {msg[:200]}"
    return f"{r['status']}"


def stats(values):
    if not values:
        return None
    return {"min": round(min(values), 2), "median": round(statistics.median(values), 2),
            "max": round(max(values), 2), "n": len(values)}


def check_games(node, bots, started_at, stored):
    problems = []
    wall = time.time() - started_at
    for bot in bots:
        problems.extend(f"bot {bot.n}: {a}" for a in bot.anomalies)
        if not bot.game:
            problems.append(f"bot {bot.n} never created its game")
            continue
        gid = bot.game["id"]
        status, state = request("GET", node, f"/api/games/{gid}", timeout=30)
        if status != 200:
            problems.append(f"{gid}: {status} {state}")
            continue
        moves = [a["move"] for a in bot.acks]
        if state["scoresheet"] != moves:
            problems.append(f"{gid}: the scoresheet ({len(state['scoresheet'])} moves) is not the "
                            f"{len(moves)} acknowledged moves")
        seqs = [a["seq"] for a in bot.acks]
        if seqs != sorted(set(seqs)):
            problems.append(f"{gid}: acknowledged seqs not increasing once each: {seqs}")
        # the store: each acknowledged client_id once, at the seq its client was told
        events = stored.get(gid, [])
        by_key = {}
        for seq, key in events:
            if key:
                by_key.setdefault(key, []).append(seq)
        for a in bot.acks:
            found = by_key.get(a["key"], [])
            if found != [a["seq"]]:
                problems.append(f"{gid}: {a['key']} acknowledged as seq {a['seq']}, stored at {found}")
        acked = {a["key"] for a in bot.acks} | {f"{gid}-start"}
        extra = sorted(k for k in by_key if k not in acked)
        if extra:
            problems.append(f"{gid}: stored client_ids never acknowledged: {extra}")
        # every answer to one client_id the same (a late answer included)
        answers = {}
        for r in bot.attempts:
            if r["kind"] == "answer" and r["status"] == 200 and isinstance(r["body"], dict):
                answers.setdefault(r["key"], set()).add((r["body"].get("seq"), r["body"].get("accepted")))
        for key, seen in answers.items():
            if len(seen) > 1:
                problems.append(f"{gid}: {key} answered differently: {sorted(seen)}")
        if bot.acks and state["fen"] != bot.acks[-1]["fen"]:
            problems.append(f"{gid}: the game is {state['fen']}, its clients last saw {bot.acks[-1]['fen']}")
        if state["result"] != "*":
            problems.append(f"{gid}: ended {state['result']} ({state['termination']})")
        causes = {a["cause"] for a in state.get("alerts", [])}
        if not causes <= {"outage", "restart", "shutdown"}:
            problems.append(f"{gid}: alerts {causes}")
        for side in ("white", "black"):
            used = 5400 - state["clocks"][side]
            if used > wall + 1:
                problems.append(f"{gid}: {side} used {used:.1f} s in a campaign of {wall:.1f} s")
    return problems


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--db", required=True)
    p.add_argument("--run", required=True, help="the run's directory (logs, pids)")
    p.add_argument("--cuts", type=int, default=10)
    p.add_argument("--lease-ms", type=int, default=3000)
    p.add_argument("--cut-seconds", type=float, default=None, help="default: the lease + 7 s")
    p.add_argument("--long-cuts", type=int, default=2,
                   help="then this many long cuts (one a side), past the database connections' timeouts")
    p.add_argument("--long-cut-seconds", type=float, default=75.0)
    p.add_argument("--heal-seconds", type=float, default=None, help="default: max(6 s, 2 leases)")
    p.add_argument("--seed", type=int, default=None)
    a = p.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    random.seed(seed)
    lease = a.lease_ms / 1000
    cut_s = a.cut_seconds or lease + 7
    heal_s = a.heal_seconds or max(6.0, 2 * lease)
    checks = []  # (name, ok, detail)

    def check(name, ok, detail=""):
        checks.append((name, bool(ok), detail))
        print(f"  [{'ok' if ok else 'FAILED'}] {name}{': ' + detail if detail else ''}", flush=True)

    nodes = {x: Node(x, a.bin, a.db, a.run, a.lease_ms) for x in ("a", "b")}
    for x in ("a", "b"):
        nodes[x].start()
    db = Db()
    db.start()
    started_at = time.time()
    stop = threading.Event()
    bots = []
    kinds = [(h, e, pol) for h in ("a", "b") for e in ("a", "b") for pol in ("sticky", "failover")]

    def add_bot(home, entry, policy):
        b = Bot(len(bots), home, entry, policy, stop)
        bots.append(b)
        b.start()

    for kind in kinds * 2:
        add_bot(*kind)
    extra = itertools.cycle([(e, pol) for e in ("a", "b") for pol in ("failover", "sticky")])
    print(f"seed {seed}; lease {a.lease_ms} ms; {a.cuts} cuts of {cut_s:.1f} s then {a.long_cuts} of "
          f"{a.long_cut_seconds:.0f} s, each then {heal_s:.1f} s healed; "
          f"{len(bots)} bots to start, 2 more before each cut", flush=True)
    time.sleep(3)
    timeline = []  # {node, cut, heal, owned, metrics_before, metrics_after}
    probes = []  # reads of the cut node's games on the cut node, during the cut

    def probe(x, games, until):
        """What a spectator polling node x reads about x's games while it is cut off."""
        while time.time() < until and games:
            g = random.choice(games)
            r = {"node": x, "game": g, "t0": time.time()}
            try:
                status, body = request("GET", x, f"/api/games/{g}", timeout=LONG)
                r.update(status=status, moves=len(body.get("scoresheet", [])) if isinstance(body, dict) else None)
            except (OSError, http.client.HTTPException) as e:
                r.update(status=None, moves=f"{type(e).__name__}")
            r["t1"] = time.time()
            probes.append(r)
            time.sleep(0.5)

    schedule = [cut_s] * a.cuts + [a.long_cut_seconds] * a.long_cuts
    for k, length in enumerate(schedule):
        x = "a" if k % 2 == 0 else "b"
        for home in ("a", "b"):
            add_bot(home, *next(extra))
        time.sleep(1.5)
        owned = db.owned_by(x)
        before = {n: metrics(n) for n in ("a", "b")}
        t_cut = time.time()
        cut(x)
        threading.Thread(target=probe, args=(x, owned, t_cut + length), daemon=True).start()
        time.sleep(length)
        t_heal = time.time()
        heal(x)
        time.sleep(heal_s)
        after = {n: metrics(n) for n in ("a", "b")}
        timeline.append({"node": x, "cut": t_cut, "heal": t_heal, "owned": owned,
                         "before": before, "after": after, "long": length > cut_s})
        print(f"cut {k + 1}/{len(schedule)}: node {x} off for {t_heal - t_cut:.1f} s, owning {len(owned)} games",
              flush=True)
    stop.set()
    for b in bots:
        b.join(timeout=LONG + 30)
    for b in bots:
        for t in b.threads:
            t.join(timeout=LONG + 5)
    ended_at = time.time()
    db.stopping.set()
    db.join(timeout=5)
    with db.lock:
        snapshots = list(db.snapshots)
    logs = {x: nodes[x].entries() for x in ("a", "b")}

    # ---- per cut ----
    print("\nper cut (times in seconds from the cut, taken just before the ~0.1 s of `tc` commands; "
          "a lease's expiry is the database's `instants.expires_ms` when the other node fenced it)")
    all_attempts = [r for b in bots for r in b.attempts]
    game_of = {b.game["id"]: b for b in bots if b.game}
    expiry_of = {}
    figures = {"takeover": [], "answered_again": [], "expiry_after_cut": [], "last_ack_margin": [],
               "last_ack_after_cut": [], "acks_after_expiry": 0, "stale_reads": 0,
               "fenced_after_heal": [], "back_after_heal": [], "acked_by_other_during_cut": 0,
               "hung": [], "hung_long": [], "outcomes_at_cut_node": {}, "outcomes_at_other_node": {}}
    for k, c in enumerate(timeline):
        x, y, t_cut, t_heal = c["node"], other(c["node"]), c["cut"], c["heal"]
        owned = [g for g in c["owned"] if g in game_of]
        print(f"cut {k + 1}: node {x} ({len(c['owned'])} games, {len(owned)} of them bots')")
        # X's expiry: its row when its epoch was raised by the takeover
        epoch0 = None
        for now, inst, _ in snapshots:
            if now / 1000 <= t_cut and x in inst:
                epoch0 = inst[x][0]
        expiry = None
        for now, inst, _ in snapshots:
            if now / 1000 > t_cut and x in inst and epoch0 is not None and inst[x][0] > epoch0:
                expiry = inst[x][1] / 1000
                break
        if expiry:
            expiry_of[t_cut] = expiry - t_cut
        takeovers = [t for t, _, f in logs[y] if f.get("message", "").startswith("a node's lease expired")
                     and f.get("node") == x and t_cut <= t <= t_heal]
        t_take = takeovers[0] if takeovers else None
        check(f"cut {k + 1}: {y} took {x}'s games over during the cut", t_take is not None and expiry is not None,
              f"at +{t_take - t_cut:.2f} s, {x}'s lease expired at +{expiry - t_cut:.2f} s"
              if t_take and expiry else "no takeover seen")
        if t_take and expiry:
            figures["takeover"].append(t_take - t_cut)
            figures["expiry_after_cut"].append(expiry - t_cut)
            check(f"cut {k + 1}: the takeover came after {x}'s expiry", t_take >= expiry,
                  f"{t_take - expiry:+.2f} s")
        # what X acknowledged after the cut: every 2xx through X, and every
        # acknowledgement on X's games before the takeover (forwarded to X)
        from_x = [r for r in all_attempts if r["node"] == x and r["kind"] == "answer"
                  and r["status"] in (200, 201) and t_cut <= r["t1"] <= t_heal]
        before_take = [ack["t"] for g in owned for ack in game_of[g].acks
                       if t_cut <= ack["t"] <= (t_take or t_heal)]
        by_x = [r["t1"] for r in from_x] + before_take
        last = max(by_x, default=None)
        if expiry:
            figures["acks_after_expiry"] += sum(1 for t in by_x if t >= expiry)
            ok = last is None or last < expiry
            detail = (f"{len(by_x)} answers after the cut (requests in flight at the cut), the last at "
                      f"+{last - t_cut:.3f} s, {expiry - last:.2f} s before its expiry"
                      if last else "nothing after the cut")
            if last is not None:
                figures["last_ack_margin"].append(expiry - last)
                figures["last_ack_after_cut"].append(last - t_cut)
            check(f"cut {k + 1}: {x} acknowledged nothing after its lease expired", ok, detail)
        # Y acknowledging moves on X's games once it has taken them over
        firsts = []
        for g in owned:
            after = [ack["t"] for ack in game_of[g].acks if (t_take or t_heal) <= ack["t"] <= t_heal]
            figures["acked_by_other_during_cut"] += len(after)
            if after:
                firsts.append(after[0] - t_cut)
        check(f"cut {k + 1}: {y} acknowledged moves on {x}'s games before the heal", firsts,
              f"{len(firsts)} of {len(owned)} games answered again during the cut, the first at "
              f"+{min(firsts):.2f} s, the last at +{max(firsts):.2f} s" if firsts else "none")
        figures["answered_again"].extend(firsts)
        # reads of X's games on X while it was cut off
        reads = [r for r in probes if r["node"] == x and t_cut <= r["t0"] <= t_heal]
        stale = [r for r in reads if r["status"] == 200 and expiry and r["t1"] > expiry]
        figures["stale_reads"] += len(stale)
        if reads:
            print(f"    reads of {x}'s games on {x} during the cut: {len(reads)}, "
                  f"{sum(1 for r in reads if r['status'] == 200)} answered 200 "
                  f"({len(stale)} after its lease expired, the last at +"
                  f"{max((r['t1'] for r in stale), default=t_cut) - t_cut:.2f} s)")
        # after the heal: X fenced, registered again, answering again
        lost = [t for t, _, f in logs[x] if "lease was lost" in f.get("message", "") and t >= t_heal - 0.01]
        again = [t for t, _, f in logs[x] if f.get("message") == "registered again" and t >= t_heal - 0.01]
        refused = [t for t, _, f in logs[x] if f.get("message") == "the game's lease is lost"
                   and t_heal - 0.01 <= t <= t_heal + heal_s]
        ll = c["after"][x].get("arbitre_lease_lost_total", 0) - c["before"][x].get("arbitre_lease_lost_total", 0)
        check(f"cut {k + 1}: after the heal {x}'s writes were refused (fenced) and it registered again",
              lost and again,
              f"fenced at heal +{lost[0] - t_heal:.2f} s, registered again at +{again[0] - t_heal:.2f} s; "
              f"{len(refused)} appends refused for a lost game lease; arbitre_lease_lost_total +{ll:.0f}"
              if lost and again else f"lease lost: {len(lost)}, registered again: {len(again)}")
        if lost:
            figures["fenced_after_heal"].append(lost[0] - t_heal)
        back = [r["t1"] for r in all_attempts if r["node"] == x and r["kind"] == "answer"
                and r["status"] == 200 and r["t0"] >= t_heal]
        check(f"cut {k + 1}: {x} answers again after the heal", back,
              f"first 2xx through {x} at heal +{min(back) - t_heal:.2f} s" if back else "none")
        if back:
            figures["back_after_heal"].append(min(back) - t_heal)
        # what the bots got while X was cut off: from X, and from Y about X's games
        for r in all_attempts:
            if not (t_cut <= r["t0"] <= t_heal) or r["kind"] == "answer" and r["status"] in (200, 201):
                continue
            d = describe(r)
            side = "outcomes_at_cut_node" if r["node"] == x else "outcomes_at_other_node"
            tally = figures[side].setdefault(("long" if c["long"] else "short", d), [0, 0.0, []])
            tally[0] += 1
            tally[1] = max(tally[1], r["t1"] - r["t0"])
            tally[2].append(r["t1"] - r["t0"])
        for r in all_attempts:
            if r["node"] == x and r["t0"] >= t_cut and r["t0"] <= t_heal:
                figures["hung_long" if c["long"] else "hung"].append(r["t1"] - r["t0"])
    # ---- the end: both nodes stopped, node a alone on the store ----
    codes = {x: nodes[x].stop() for x in ("a", "b")}
    check("both nodes stopped gracefully (SIGTERM)", all(c == 0 for c in codes.values()), str(codes))
    nodes["a"].start()
    db2 = Db()
    stored = db2.events()
    problems = check_games("a", bots, started_at, stored)
    for pr in problems[:30]:
        print(f"    {pr[:400]}")
    # the evidence: every attempt of each client_id acknowledged wrongly, in time from the last cut before it
    suspects = sorted({m for pr in problems if "answered differently" in pr or "stored at []" in pr
                       for m in re.findall(r"[a-z0-9]{12}-m\d+", pr)})
    for key in suspects[:10]:
        gid = key.rsplit("-", 1)[0]
        bot = game_of.get(gid)
        if not bot:
            continue
        tries = sorted((r for r in bot.attempts if r["key"] == key), key=lambda r: r["t0"])
        c = max((c for c in timeline if c["cut"] <= tries[0]["t0"] + 1), key=lambda c: c["cut"], default=None)
        if not c:
            continue
        print(f"    {key} (game created on {bot.home}, played through {bot.entry}, {bot.policy}); "
              f"node {c['node']} cut at 0, its lease expired +{expiry_of.get(c['cut'], float('nan')):.2f}, "
              f"healed +{c['heal'] - c['cut']:.2f}:")
        for r in tries:
            what = (f"200 seq {r['body'].get('seq')}" if r["kind"] == "answer" and r["status"] == 200
                    and isinstance(r["body"], dict) else describe(r))
            print(f"      to {r['node']}: sent +{r['t0'] - c['cut']:.2f} s, answered +{r['t1'] - c['cut']:.2f} s: {what}")
        stored_at = [seq for seq, k in stored.get(gid, []) if k == key]
        print(f"      stored: {'seq ' + str(stored_at) if stored_at else 'nowhere'}")
    kinds = {"acknowledged, never stored": "stored at []", "stored at another seq": "stored at [",
             "one client_id answered with two seqs": "answered differently",
             "a later move refused (the game forked)": " refused: ",
             "scoresheet differs from the acknowledged moves": "the scoresheet"}
    tally = {k: sum(1 for pr in problems if v in pr and (k != "stored at another seq" or "stored at []" not in pr))
             for k, v in kinds.items()}
    if problems:
        print("    problems by kind: " + ", ".join(f"{k}: {n}" for k, n in tally.items()))
    check("every acknowledged move stored exactly once, in order, at its answered seq; nothing else; "
          "every answer to one client_id the same; positions, alerts, clocks", not problems,
          f"{len(problems)} problems in {len(bots)} games")
    diffs = [x for x in ("a", "b") for _, _, f in nodes[x].entries()
             if "differs" in f.get("message", "")]
    check("no replay differed from its record (the nodes' logs)", not diffs, f"{len(diffs)}")
    # the checker checked: a move nobody was answered must be found
    b0 = bots[0]
    side, move = CYCLE[len(b0.acks) % 4]
    request("POST", "a", f"/api/games/{b0.game['id']}/events", {"move": move}, b0.game["tokens"][side])
    caught = check_games("a", [b0], started_at, db2.events())
    check("the checker reports a move played behind the bots' backs",
          any("not the" in c for c in caught), f"{len(caught)} problems reported")
    nodes["a"].stop()
    db2.psql.stdin.close()
    db.psql.stdin.close()

    # ---- the figures ----
    acknowledged = sum(len(b.acks) for b in bots)
    answers = [r for r in all_attempts if r["kind"] == "answer"]
    refused = [r for r in answers if r["status"] not in (200, 201)]
    failed = [r for r in all_attempts if r["kind"] != "answer"]
    acked_at = {ack["key"]: ack["t"] for b in bots for ack in b.acks}
    late = [r for r in all_attempts if r["kind"] == "answer" and r["status"] == 200
            and r["key"] in acked_at and r["t1"] > acked_at[r["key"]] + 1e-6]
    cuts_by = {x: sum(1 for c in timeline if c["node"] == x) for x in ("a", "b")}
    for side, title in (("outcomes_at_cut_node", "from the cut node while it was cut off"),
                        ("outcomes_at_other_node", "from the other node while the cut lasted")):
        print(f"\nwhat the bots got {title}, requests sent during {cut_s:.0f} s cuts / "
              f"{a.long_cut_seconds:.0f} s cuts, other than 2xx (count, median and longest wait):")
        for (kind, d), (n, longest, waits) in sorted(figures[side].items(), key=lambda kv: (kv[0][0] != "short", -kv[1][0])):
            print(f"  {kind:5s} {n:5d}  {statistics.median(waits):6.2f} s {longest:6.2f} s  {d}")
    passed = sum(1 for _, ok, _ in checks if ok)
    summary = {
        "seed": seed, "lease_ms": a.lease_ms, "cut_seconds": cut_s, "long_cut_seconds": a.long_cut_seconds, "heal_seconds": heal_s,
        "cuts": cuts_by, "games": len(bots), "acknowledged_moves": acknowledged,
        "acknowledged_on_cut_nodes_games_by_the_other_during_cuts": figures["acked_by_other_during_cut"],
        "requests_sent": len(all_attempts), "refused_answers": len(refused),
        "no_answer_or_connection_error": len(failed),
        "attempts_left_running_by_failover": sum(b.gave_up for b in bots),
        "late_200_answers_consistent": len(late),
        "seconds": round(ended_at - started_at, 1),
        "takeover_after_cut_s": stats(figures["takeover"]),
        "lease_expiry_after_cut_s": stats(figures["expiry_after_cut"]),
        "game_answered_again_after_cut_s": stats(figures["answered_again"]),
        "last_ack_of_cut_node_before_its_expiry_s": stats(figures["last_ack_margin"]),
        "last_ack_of_cut_node_after_cut_s": stats(figures["last_ack_after_cut"]),
        "reads_answered_by_cut_node_after_its_expiry": figures["stale_reads"],
        "answers_of_cut_node_after_its_expiry": figures["acks_after_expiry"],
        "acknowledged_never_stored": tally["acknowledged, never stored"],
        "client_ids_answered_with_two_seqs": tally["one client_id answered with two seqs"],
        "games_with_problems": len({pr.split(":")[0] for pr in problems if not pr.startswith("bot ")}),
        "fenced_after_heal_s": stats(figures["fenced_after_heal"]),
        "cut_node_answers_again_after_heal_s": stats(figures["back_after_heal"]),
        "requests_to_cut_node_wait_s": stats(figures["hung"]),
        "requests_to_cut_node_wait_s_long_cuts": stats(figures["hung_long"]),
        "checks": len(checks), "checks_passed": passed,
        "failed": [n for n, ok, _ in checks if not ok],
        "run": a.run,
    }
    with open(os.path.join(a.run, "records.json"), "w") as f:
        json.dump({"timeline": timeline, "probes": probes, "snapshots": snapshots[::5],
                   "bots": [{"n": b.n, "home": b.home, "entry": b.entry, "policy": b.policy,
                             "game": b.game and b.game["id"], "acks": b.acks,
                             "attempts": [{k: v for k, v in r.items() if k != "body"} | {
                                 "answer": describe(r) if r.get("status") != 200 else
                                 (r["body"] or {}).get("seq") if isinstance(r["body"], dict) else None}
                                 for r in b.attempts]} for b in bots]}, f)
    print(json.dumps(summary, indent=1))
    sys.exit(0 if passed == len(checks) and acknowledged > 0 else 1)


if __name__ == "__main__":
    main()
