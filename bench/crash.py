#!/usr/bin/env python3
"""The crash and fault campaigns (issue 15; RELIABILITY.md, "Crashes"): bots
play many games against the real `arbitre serve` while something fails
under them, again and again; afterwards every game is checked against what
its clients were told. What fails, by mode:

  * (default) the server, killed with SIGKILL at random moments and
    restarted at once, `--kills` times;
  * `--nodes 2`: two servers (`--node a`/`b`, `--advertise`, `--lease-ms`)
    on one PostgreSQL database, each bot's requests sent to either node
    (forwarded to the game's owner); one node at a time SIGKILLed, mostly
    one that owns games, and started again after a random delay (before or
    after its lease has expired), `--kills` times. Measured: how long each
    game of the killed node went unanswered (from the kill until a move
    sent after it was acknowledged), against the documented takeover time
    (the lease plus a second, docs/SERVER.md "Several nodes");
  * `--pg-restart N`: PostgreSQL (a private instance, `--pgdata`) stopped
    and started again N times, alternately `-m fast` and `-m immediate` (a
    crash of the database), the server never restarted: it must reconnect
    by itself. Measured: how long after the database was back the server
    acknowledged moves again, how many requests it refused meanwhile;
    checked on the running server, then again after a restart;
  * `--disk-full DIR`: the small filesystem the database is on filled for
    a few seconds, then freed.

Each bot creates a game (fide-2005, 90 minutes: no automatic draw ends a
knight dance), starts it, and plays knights out and back, each move a POST
with its own `client_id`; on any failure (connection refused or reset, no
answer, a 5xx) it sends the same request again, with the same `client_id`,
until it is answered (with two nodes, a connection failure sends it to the
other node). A move answered once is acknowledged: the server said it is
on disk.

Checked at the end, on the server(s) restarted once more:
  * every acknowledged move is in its game exactly once, in order, and the
    game holds no move that was not acknowledged (the scoresheet is exactly
    the acknowledged moves);
  * no fork: the stored log (the game's stream from seq 1, read from the
    store) holds at each acknowledged seq the very move its client was
    answered (side, move, accepted), every stored move was acknowledged,
    every other entry is a documented outage entry, and the seqs have no
    gap; a retried request got the answer of its first application;
  * the game replays to the state its clients last saw (the FEN of the last
    answer), and no server found a difference between a replay and its
    record at any start (their logs);
  * the clocks: each kill and restart is recorded as the documented outage
    entries (alerts `outage` / `restart`), no flag fell, and no clock lost
    more time than the wall-clock time the campaign lasted;
  * a request answered with an error that says "nothing was recorded" must
    not be in the log (its retry would have found it).

Standard library only (and `psql` for `--nodes`, `pg_ctl` for `--pg-restart`):
  bench/crash.py --bin target/release/arbitre --db sqlite:///tmp/x.db [--kills 50] [--games 16]
  bench/crash.py --db postgres://postgres@127.0.0.1/x --nodes 2 --kills 24 [--lease-ms 2000]
  bench/crash.py --db postgres://postgres@127.0.0.1:PORT/x --pg-restart 20 --pgdata DIR
Prints a JSON summary on stdout; exits 1 if any check fails.
"""

import argparse
import collections
import http.client
import json
import os
import pwd
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

TOKEN = "crash-campaign-organiser-token-3b9e21"
CYCLE = [("white", "Nf3"), ("black", "Nf6"), ("white", "Ng1"), ("black", "Ng8")]
OUTAGE_CAUSES = {"outage", "restart", "shutdown"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """One `arbitre serve` process (a node of a cluster when `name` is given)."""

    def __init__(self, binary, db, workdir, name=None, lease_ms=None):
        self.binary, self.db, self.workdir = binary, db, workdir
        self.name, self.lease_ms = name, lease_ms
        self.port = free_port()
        self.proc = None
        self.starts = 0
        self.log_path = os.path.join(workdir, f"server-{name}.log" if name else "server.log")
        self.log = open(self.log_path, "ab")

    def start(self):
        args = [self.binary, "serve", "--listen", f"127.0.0.1:{self.port}", "--db", self.db,
                "--organiser-token", TOKEN, "--signing-key", os.path.join(self.workdir, "signing.key"),
                "--rate-per-token", "0", "--rate-per-address", "0"]
        if self.name:
            args += ["--node", self.name, "--advertise", f"http://127.0.0.1:{self.port}"]
        if self.lease_ms:
            args += ["--lease-ms", str(self.lease_ms)]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=self.log,
                                     env={**os.environ, "RUST_LOG": "info"})
        self.starts += 1
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                status, _ = request("GET", self.port, "/api/health", timeout=2)
                if status == 200:
                    return
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode} ({self.log_path})")
            time.sleep(0.05)
        raise RuntimeError("the server did not answer within 60 s")

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=30)


def request(method, port, path, body=None, token=None, timeout=10):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = conn.getresponse()
        data = response.read()
        return response.status, (json.loads(data) if data else None)
    finally:
        conn.close()


class Refused(Exception):
    pass


class Bot(threading.Thread):
    """One game: created, started, then knights out and back until told to stop.
    Each new request goes to a node at random; a connection failure sends
    its retry to the next node."""

    def __init__(self, n, servers, stop):
        super().__init__(daemon=True)
        self.n, self.servers, self.stop = n, servers, stop
        self.at = n % len(servers)
        self.game = None
        # each acknowledged move: client_id, side, move, seq, fen, t (answer
        # received), sent (its last attempt sent), attempts [(sent, outcome)]
        self.acks = []
        self.last_sent = 0.0  # the last attempt of the last acknowledged move: when it was sent
        self.retries = 0
        self.refusals = []  # (t, status, code, message) of every error answer (5xx)
        self.failures = []  # (t, kind) of every attempt with no answer
        self.anomalies = []

    def send(self, path, body, token, expect=200):
        """The request until answered: (status, body, attempts)."""
        attempts = []
        while True:
            sent = time.time()
            try:
                status, answer = request("POST", self.servers[self.at].port, path, body, token)
                if status >= 500:
                    error = (answer or {}).get("error", {}) if isinstance(answer, dict) else {}
                    self.refusals.append((time.time(), status, error.get("code", ""), error.get("message", "")))
                    attempts.append((sent, f"{status} {error.get('message', '')}"))
                    if status != 503:
                        self.anomalies.append(f"{path} {body}: answered {status} {answer}")
                    raise Refused()
                if status != expect:
                    self.anomalies.append(f"{path} {body}: {status} {answer}")
                attempts.append((sent, "ok"))
                return status, answer, attempts
            except Refused:
                self.retries += 1
                time.sleep(0.05)
            except (OSError, http.client.HTTPException, json.JSONDecodeError) as e:
                kind = "timeout" if isinstance(e, socket.timeout) else type(e).__name__
                self.failures.append((time.time(), kind))
                attempts.append((sent, kind))
                self.retries += 1
                self.at = (self.at + 1) % len(self.servers)
                time.sleep(0.05)

    def run(self):
        # a game created twice (the first answer lost) is an orphan: harmless
        _, created, _ = self.send("/api/games", {"edition": "fide-2005", "time_control": "5400",
                                                 "players": {"white": f"Bot {self.n}", "black": "Knight"}},
                                  TOKEN, expect=201)
        self.game = created
        gid, tokens = created["id"], created["tokens"]
        path = f"/api/games/{gid}/events"
        self.send(path, {"start": True, "client_id": f"{gid}-start"}, tokens["arbiter"])
        i, resyncs = 0, 0
        while not self.stop.is_set():
            side, move = CYCLE[i % 4]
            client_id = f"{gid}-m{i}" + (f"-r{resyncs}" if resyncs else "")
            self.at = random.randrange(len(self.servers))
            _, answer, attempts = self.send(path, {"move": move, "client_id": client_id}, tokens[side])
            if not answer.get("accepted"):
                self.anomalies.append(f"{client_id} {side} {move} refused: "
                                      f"{[d.get('message') for d in answer.get('decisions', [])]}")
                # the game is not what this bot was told: go on from the
                # server's position (the check reports the difference)
                i, resyncs = self.moves_played(gid), resyncs + 1
                continue
            self.acks.append({"client_id": client_id, "side": side, "move": move, "seq": answer["seq"],
                              "fen": answer["game"]["fen"], "t": time.time(), "sent": attempts[-1][0],
                              "attempts": attempts})
            self.last_sent = attempts[-1][0]
            i += 1
            time.sleep(random.uniform(0, 0.05))


    def moves_played(self, gid):
        """How many moves the server's game holds (asked until answered)."""
        while True:
            try:
                status, state = request("GET", self.servers[self.at].port, f"/api/games/{gid}")
                if status == 200:
                    return len(state["scoresheet"])
            except (OSError, http.client.HTTPException, json.JSONDecodeError):
                self.at = (self.at + 1) % len(self.servers)
            time.sleep(0.05)


def stored_log(port, gid, timeout=60):
    """The game's stored entries from seq 1 (its stream, read from the store
    up to its last entry): (entries, error)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", f"/api/games/{gid}/stream?since=0")
        response = conn.getresponse()
        if response.status != 200:
            return None, f"{response.status} {response.read()[:300]!r}"
        first = json.loads(response.readline())
        last = first["seq"] - 1
        entries = []
        while last >= 1 and (not entries or entries[-1]["seq"] < last):
            line = response.readline()
            if not line:
                return entries, f"the stream ended at {entries[-1]['seq'] if entries else None}, before {last}"
            message = json.loads(line)
            if message.get("type") == "event":
                entries.append(message)
        return entries, None
    except (OSError, http.client.HTTPException, json.JSONDecodeError) as e:
        return None, f"reading the stream: {e}"
    finally:
        conn.close()


def check(port, logs, bots, started_at, fork=True):
    """Every game as the server at `port` has it, against what its clients
    were told: (problems, figures)."""
    problems = []
    figures = collections.Counter()
    for path in logs:
        log = open(path, encoding="utf-8", errors="replace").read()
        if "replay differs from the record" in log:
            problems.append(f"a replay differed from its record at a start ({path})")
        # an outage the new owner could not record: its time is charged to
        # the player whose clock ran, and the arbiter is not told
        lost = log.count("the outage could not be recorded")
        if lost:
            problems.append(f"{lost} outages could not be recorded ({path}: \"the outage could not be recorded\")")
        figures["log_outage_not_recorded"] += lost
        figures["log_reload_failed"] += log.count("reload failed")
    wall = time.time() - started_at
    for bot in bots:
        problems.extend(f"game {bot.n}: {a}" for a in bot.anomalies)
        if not bot.game:
            problems.append(f"bot {bot.n} never created its game")
            continue
        gid = bot.game["id"]
        status, state = request("GET", port, f"/api/games/{gid}", timeout=60)
        if status != 200:
            problems.append(f"{gid}: {status} {state}")
            continue
        moves = [a["move"] for a in bot.acks]
        if state["scoresheet"] != moves:
            problems.append(f"{gid}: the scoresheet ({len(state['scoresheet'])} moves) is not the "
                            f"acknowledged moves ({len(moves)}): {first_difference(state['scoresheet'], moves)}")
        seqs = [a["seq"] for a in bot.acks]
        if seqs != sorted(set(seqs)):
            problems.append(f"{gid}: acknowledged seqs not increasing once each: {seqs}")
        if bot.acks and state["fen"] != bot.acks[-1]["fen"]:
            problems.append(f"{gid}: the game is {state['fen']}, its clients last saw {bot.acks[-1]['fen']}")
        if state["result"] != "*":
            problems.append(f"{gid}: ended {state['result']} ({state['termination']})")
        causes = {a["cause"] for a in state.get("alerts", [])}
        if not causes <= OUTAGE_CAUSES:
            problems.append(f"{gid}: alerts {causes}")
        for side in ("white", "black"):
            used = 5400 - state["clocks"][side]
            if used > wall + 1:
                problems.append(f"{gid}: {side} used {used:.1f} s in a campaign of {wall:.1f} s")
        if fork:
            problems.extend(check_log(port, bot, figures))
    return problems, figures


def first_difference(have, want):
    for i, (h, w) in enumerate(zip(have, want)):
        if h != w:
            return f"at move {i + 1}: {h} stored, {w} acknowledged"
    return f"the first {min(len(have), len(want))} agree; stored {have[len(want):][:4]}, acknowledged {want[len(have):][:4]}"


def check_log(port, bot, figures):
    """No fork: the stored log against the answers the bot was given."""
    gid = bot.game["id"]
    entries, error = stored_log(port, gid)
    if error:
        return [f"{gid}: the stored log: {error}"]
    problems = []
    seqs = [e["seq"] for e in entries]
    if seqs != list(range(1, len(entries) + 1)):
        problems.append(f"{gid}: the stored seqs are not 1..{len(entries)} once each")
    stored = {e["seq"]: e for e in entries}
    acked = set()
    for a in bot.acks:
        acked.add(a["seq"])
        e = stored.get(a["seq"])
        if e is None:
            figures["acknowledged_not_stored"] += 1
            problems.append(f"{gid}: {a['client_id']} {a['side']} {a['move']} acknowledged as seq {a['seq']}, "
                            f"which the store does not hold")
            continue
        if e.get("action") != {"move": a["move"]} or e.get("by") != a["side"] or not e.get("accepted"):
            figures["acknowledged_not_stored"] += 1
            figures["forks"] += 1
            problems.append(f"{gid}: fork at seq {a['seq']}: its client was answered {a['side']} {a['move']}, "
                            f"the store holds {e.get('by')} {e.get('action')} accepted={e.get('accepted')}")
            continue
        figures["acknowledged_seqs_checked"] += 1
        if len(a["attempts"]) > 1:
            # which attempt the stored entry came from: the last sent before
            # the server stamped it
            received = e.get("received_ms", 0) / 1000.0
            earlier = [x for x in a["attempts"] if x[0] <= received + 0.005]
            if earlier and earlier[-1] is not a["attempts"][-1]:
                figures["stored_by_an_earlier_attempt"] += 1
                outcome = earlier[-1][1]
                if "nothing was recorded" in outcome:
                    figures["refused_as_not_recorded_yet_stored"] += 1
                    problems.append(f"{gid}: {a['client_id']} was answered \"{outcome}\", yet that attempt "
                                    f"is the one stored (seq {a['seq']})")
    for e in entries:
        if "move" in e.get("action", {}) and e.get("by") in ("white", "black"):
            # the time the move charged its player: the bots answer at once,
            # so a long charge is time the server was away charged to them
            charged = e.get("charged_ms", {}).get(e["by"], 0)
            figures["max_charged_ms"] = max(figures["max_charged_ms"], charged)
            if charged > 1500:
                figures["moves_charged_over_1500_ms"] += 1
        if "move" in e.get("action", {}):
            if e["seq"] not in acked:
                figures["stored_moves_never_acknowledged"] += 1
                problems.append(f"{gid}: seq {e['seq']} {e.get('by')} {e['action']} is stored, never acknowledged")
        elif e.get("server") not in OUTAGE_CAUSES:
            problems.append(f"{gid}: seq {e['seq']} is neither a move nor an outage entry: {e.get('action')}")
        else:
            figures["outage_entries"] += 1
    return problems


def spread(xs):
    xs = sorted(xs)
    if not xs:
        return None
    return {"n": len(xs), "min": round(xs[0], 3), "median": round(statistics.median(xs), 3),
            "max": round(xs[-1], 3)}


def first_ack_after(bot, t):
    """The first acknowledged move whose answering attempt was sent at or after `t`."""
    for a in bot.acks:
        if a["sent"] >= t:
            return a
    return None


def first_ack_received_after(bot, t):
    """The first acknowledged move whose answer arrived after `t`."""
    for a in bot.acks:
        if a["t"] > t:
            return a
    return None


def wait_until(condition, cap):
    deadline = time.time() + cap
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def leases(db):
    """game id -> owner node, from the store's `leases`."""
    out = subprocess.run(["psql", "-X", "-q", "-At", "-F", " ", "-d", db, "-c",
                          "SELECT game_id, node FROM leases"],
                         capture_output=True, text=True, timeout=30, check=True).stdout
    return dict(line.split(" ", 1) for line in out.splitlines() if line.strip())


def node_kills(a, servers, bots, db):
    """--nodes: kill one node at a time, measure how long its games went
    unanswered."""
    by_game = {}
    kills = []
    lease_s = a.lease_ms / 1000.0
    for k in range(a.kills):
        time.sleep(random.uniform(0.5, 2.0))
        for b in bots:
            if b.game:
                by_game[b.game["id"]] = b
        owners = leases(db)
        held = {s.name: [g for g in by_game if owners.get(g) == s.name] for s in servers}
        owning = [s for s in servers if held[s.name]]
        victim = random.choice(owning) if owning and random.random() < 0.8 else random.choice(servers)
        other = [s for s in servers if s is not victim]
        owned = held[victim.name]
        delay = random.uniform(0.5, 2 * lease_s + 1.0)
        t = time.time()
        victim.kill()
        time.sleep(max(0.0, t + delay - time.time()))
        victim.start()
        restarted = time.time() - t
        back = wait_until(lambda: all(by_game[g].last_sent >= t or not by_game[g].is_alive() for g in owned), 60)
        # the other node's games, and where the killed node's went
        wait_until(lambda: all(b.last_sent >= t or not b.is_alive() for b in bots), 30)
        after = leases(db)
        games = []
        for g in owned:
            first = first_ack_after(by_game[g], t)
            games.append({"game": g, "unavailable_s": round(first["t"] - t, 3) if first else None,
                          "owner_after": after.get(g)})
        collateral = []
        for g, b in by_game.items():
            if g not in owned:
                first = first_ack_after(b, t)
                collateral.append(round(first["t"] - t, 3) if first else None)
        kills.append({"kill": k + 1, "victim": victim.name, "games": len(owned),
                      "restarted_after_s": round(restarted, 3), "all_back": back,
                      "taken_over": sum(1 for x in games if x["owner_after"] in {s.name for s in other}),
                      "games_detail": games, "other_games_first_ack_s": collateral})
        print(f"kill {k + 1}: {victim.name} ({len(owned)} games), restarted after {restarted:.1f} s, "
              f"unavailable max {max([x['unavailable_s'] or 0 for x in games], default=0):.2f} s, "
              f"taken over {kills[-1]['taken_over']}", file=sys.stderr, flush=True)
    return kills


def node_figures(kills, lease_ms):
    taken = [g["unavailable_s"] for k in kills for g in k["games_detail"]
             if g["unavailable_s"] is not None and g["owner_after"] != k["victim"]]
    reclaimed = [g["unavailable_s"] for k in kills for g in k["games_detail"]
                 if g["unavailable_s"] is not None and g["owner_after"] == k["victim"]]
    per_kill = [max(g["unavailable_s"] for g in k["games_detail"]) for k in kills
                if k["games_detail"] and all(g["unavailable_s"] is not None for g in k["games_detail"])]
    never = sum(1 for k in kills for g in k["games_detail"] if g["unavailable_s"] is None)
    bound = lease_ms / 1000.0 + 1.0
    others = [x for k in kills for x in k["other_games_first_ack_s"] if x is not None]
    return {
        "lease_ms": lease_ms, "documented_bound_s": bound,
        "kills_of_a_node_owning_games": sum(1 for k in kills if k["games"]),
        "kills_of_a_node_owning_none": sum(1 for k in kills if not k["games"]),
        "game_outages": sum(k["games"] for k in kills),
        "unavailable_s_taken_over": spread(taken),
        "unavailable_s_back_with_its_restarted_node": spread(reclaimed),
        "unavailable_s_all": spread(taken + reclaimed),
        "unavailable_s_per_kill_worst_game": spread(per_kill),
        "taken_over_beyond_bound": sum(1 for x in taken if x > bound),
        "never_answered_again": never,
        "other_node_games_first_ack_s": spread(others),
    }


class Postgres:
    """The private PostgreSQL instance of `--pgdata`, driven with pg_ctl as
    the directory's owner."""

    def __init__(self, pgdata, pgbin):
        self.pgdata, self.pgbin = os.path.abspath(pgdata), pgbin
        self.home = os.path.dirname(self.pgdata)
        self.log = os.path.join(self.home, "postgres.log")
        owner = os.stat(self.pgdata).st_uid
        self.prefix = ["runuser", "-u", pwd.getpwuid(owner).pw_name, "--"] if os.geteuid() == 0 and owner != 0 else []

    def ctl(self, *args):
        cmd = self.prefix + [os.path.join(self.pgbin, "pg_ctl"), "-D", self.pgdata, "-l", self.log, "-w", *args]
        result = subprocess.run(cmd, capture_output=True, text=True, cwd=self.home, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)}: {result.stdout} {result.stderr}")


def pg_restarts(a, server, bots):
    """--pg-restart: PostgreSQL stopped and started again under load, the
    server left running."""
    pg = Postgres(a.pgdata, a.pg_bin)
    restarts = []
    for i in range(a.pg_restart):
        time.sleep(random.uniform(1.0, 2.5))
        mode = "fast" if i % 2 == 0 else "immediate"
        refused_before = sum(len(b.refusals) for b in bots)
        failed_before = sum(len(b.failures) for b in bots)
        t0 = time.time()
        pg.ctl("stop", "-m", mode)
        t1 = time.time()
        time.sleep(random.uniform(0.0, 1.0))
        t2 = time.time()
        pg.ctl("start")
        t3 = time.time()
        back = wait_until(lambda: all(b.last_sent >= t3 or not b.is_alive() for b in bots), 120)
        firsts = [first_ack_received_after(b, t3) for b in bots]
        while_down = sum(1 for b in bots for x in b.acks if t1 + 0.1 < x["t"] < t2)
        restarts.append({
            "restart": i + 1, "mode": mode, "stop_s": round(t1 - t0, 3), "down_s": round(t3 - t0, 3),
            "first_ack_after_up_s": round(min(f["t"] for f in firsts if f) - t3, 3) if any(firsts) else None,
            "every_game_acked_after_up_s": round(max(f["t"] for f in firsts) - t3, 3) if all(firsts) else None,
            "all_back": back, "refused": sum(len(b.refusals) for b in bots) - refused_before,
            "no_answer": sum(len(b.failures) for b in bots) - failed_before,
            "acknowledged_while_down": while_down, "server_alive": server.alive(),
        })
        print(f"pg restart {i + 1} ({mode}): down {t3 - t0:.2f} s, every game again after "
              f"{restarts[-1]['every_game_acked_after_up_s']} s, refused {restarts[-1]['refused']}, "
              f"no answer {restarts[-1]['no_answer']}", file=sys.stderr, flush=True)
        if not server.alive():
            print("the server died: started again to go on", file=sys.stderr, flush=True)
            server.start()
    return restarts


def refusal_kinds(bots):
    kinds = collections.Counter()
    for b in bots:
        for (_, status, code, message) in b.refusals:
            message = re.sub(r"\(error sending request for url [^)]*\)", "(error sending request)", message)
            kinds[f"{status} {code}: " + re.sub(r"`[^`]*`|\d+", "…", message)[:160]] += 1
    return dict(kinds.most_common(8))


def pg_figures(restarts, bots):
    return {
        "restarts_fast": sum(1 for r in restarts if r["mode"] == "fast"),
        "restarts_immediate": sum(1 for r in restarts if r["mode"] == "immediate"),
        "down_s": spread([r["down_s"] for r in restarts]),
        "first_ack_after_up_s": spread([r["first_ack_after_up_s"] for r in restarts
                                        if r["first_ack_after_up_s"] is not None]),
        "every_game_acked_after_up_s": spread([r["every_game_acked_after_up_s"] for r in restarts
                                               if r["every_game_acked_after_up_s"] is not None]),
        "refused_requests": sum(r["refused"] for r in restarts),
        "acknowledged_while_down": sum(r["acknowledged_while_down"] for r in restarts),
        "restarts_where_the_server_died": sum(1 for r in restarts if not r["server_alive"]),
    }


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", default="target/release/arbitre")
    p.add_argument("--db", required=True)
    p.add_argument("--kills", type=int, default=50)
    p.add_argument("--games", type=int, default=16)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--nodes", type=int, default=1,
                   help="2: two nodes on one PostgreSQL database (--db postgres://...), bots on both, "
                        "one node at a time SIGKILLed and started again (--kills times)")
    p.add_argument("--lease-ms", type=int, default=2000, help="with --nodes: each node's lease")
    p.add_argument("--pg-restart", type=int, default=0, metavar="N",
                   help="instead of kills: stop and start PostgreSQL (--pgdata) N times under load, "
                        "alternately -m fast and -m immediate; the server is not restarted")
    p.add_argument("--pgdata", help="with --pg-restart: the private instance's data directory "
                                    "(its settings in its postgresql.conf; pg_ctl runs as its owner)")
    p.add_argument("--pg-bin", default="/usr/lib/postgresql/15/bin")
    p.add_argument("--disk-full", metavar="DIR",
                   help="instead of kills: fill DIR (the small filesystem the database is on) for a few "
                        "seconds while the bots play, then free it; events must be refused with a clear "
                        "error, nothing acknowledged lost, the server still up and serving afterwards")
    p.add_argument("--inject", action="store_true",
                   help="check the checker: play one move no bot acknowledged in the first game; "
                        "the campaign passes only if the check reports it")
    a = p.parse_args()
    if a.nodes not in (1, 2):
        p.error("--nodes: 1 or 2")
    if a.nodes == 2 and not a.db.startswith("postgres"):
        p.error("--nodes 2 needs a PostgreSQL --db")
    if a.pg_restart and not a.pgdata:
        p.error("--pg-restart needs --pgdata")
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    random.seed(seed)
    work = tempfile.mkdtemp(prefix="arbitre-crash-")
    binary = os.path.abspath(a.bin)
    if a.nodes == 2:
        servers = [Server(binary, a.db, work, name, a.lease_ms) for name in ("a", "b")]
    else:
        servers = [Server(binary, a.db, work)]
    for s in servers:
        s.start()
    server = servers[0]
    started_at = time.time()
    stop = threading.Event()
    bots = [Bot(n, servers, stop) for n in range(a.games)]
    for b in bots:
        b.start()
    downtime = 0.0
    extra = {}
    if a.disk_full:
        time.sleep(1.5)
        filler = os.path.join(a.disk_full, "filler")
        # the disk full: the write that fails, or the close that flushes
        # what the buffer still held (found so on a fast disk)
        try:
            with open(filler, "wb") as f:
                while True:
                    f.write(b"\0" * 65536)
                    f.flush()
        except OSError:
            pass
        before = sum(len(b.acks) for b in bots)
        time.sleep(4)
        during = sum(len(b.acks) for b in bots) - before
        refusals = [m for b in bots for (_, _, _, m) in b.refusals]
        alive = server.alive()
        os.remove(filler)
        time.sleep(3)
        extra = {"acknowledged_while_full": during, "refused_while_full": len(refusals),
                 "refusal_message": refusals[-1] if refusals else None, "server_alive_while_full": alive,
                 "acknowledged_after": sum(len(b.acks) for b in bots) - before - during}
        a.kills = 0
    problems = []
    if a.pg_restart:
        time.sleep(1.0)
        restarts = pg_restarts(a, server, bots)
        extra = {"pg_restarts": pg_figures(restarts, bots), "each_restart": restarts}
        a.kills = 0
    elif a.nodes == 2:
        time.sleep(1.0)
        kills = node_kills(a, servers, bots, a.db)
        extra = {"nodes": node_figures(kills, a.lease_ms), "each_kill": kills}
    else:
        for _ in range(a.kills):
            time.sleep(random.uniform(0.2, 1.5))
            server.kill()
            down = time.time()
            time.sleep(random.uniform(0, 0.3))
            server.start()
            downtime += time.time() - down
    stop.set()
    for b in bots:
        b.join(timeout=120)
    logs = [s.log_path for s in servers]
    if a.pg_restart:
        # first the running server, never restarted, as it holds the games
        live, _ = check(server.port, logs, bots, started_at, fork=False)
        problems.extend(f"(the running server) {x}" for x in live)
    # a last restart, gracefully: every game loaded from the store again
    for s in reversed(servers):
        s.stop()
    for s in servers:
        s.start()
    if a.inject and bots[0].game:
        # a move the server holds that its client never saw acknowledged,
        # as a move applied twice or invented would be
        g = bots[0].game
        side, move = CYCLE[len(bots[0].acks) % 4]
        request("POST", server.port, f"/api/games/{g['id']}/events", {"move": move}, g["tokens"][side])
    found, figures = check(server.port, logs, bots, started_at)
    problems.extend(found)
    if a.inject:
        gid = bots[0].game["id"] if bots[0].game else "?"
        caught = [p for p in problems if "is not the acknowledged moves" in p]
        ok = len(caught) == 1 and all(gid in p for p in problems)
        print("the injected move, as reported:\n  " + "\n  ".join(problems), file=sys.stderr)
        problems = [] if ok else ["the injected move was not caught"] + problems
    if a.disk_full:
        if not extra["server_alive_while_full"]:
            problems.append("the server died with the disk full")
        if extra["refused_while_full"] == 0:
            problems.append("no event was refused with the disk full")
        elif "full" not in (extra["refusal_message"] or "").lower():
            problems.append(f"the refusal does not say the disk is full: {extra['refusal_message']}")
        if extra["acknowledged_after"] == 0:
            problems.append("nothing was acknowledged once space returned")
    if a.pg_restart:
        f = extra["pg_restarts"]
        if f["restarts_where_the_server_died"]:
            problems.append(f"the server died at {f['restarts_where_the_server_died']} restarts of PostgreSQL")
        if any(not r["all_back"] for r in extra["each_restart"]):
            problems.append("some game was not answered again within 120 s of PostgreSQL's return")
    if a.nodes == 2:
        f = extra["nodes"]
        if f["never_answered_again"]:
            problems.append(f"{f['never_answered_again']} games of a killed node were not answered again")
    acks = sum(len(b.acks) for b in bots)
    summary = {
        "db": re.sub(r"//[^@/]*@", "//***@", a.db).split("?")[0], "seed": seed,
        "mode": "pg-restart" if a.pg_restart else "disk-full" if a.disk_full else f"kills, {a.nodes} node(s)",
        "kills": a.kills, "server_starts": sum(s.starts for s in servers), "games": a.games,
        "acknowledged_moves": acks, "retried_requests": sum(b.retries for b in bots),
        "refused_requests": sum(len(b.refusals) for b in bots), "refusals_by_kind": refusal_kinds(bots),
        "requests_without_answer": dict(collections.Counter(k for b in bots for (_, k) in b.failures)),
        "seconds": round(time.time() - started_at, 1), "seconds_down": round(downtime, 1),
        **dict(figures), "problems": problems[:20], "problem_count": len(problems),
        "logs": logs, **extra,
    }
    for s in servers:
        s.stop()
    with open(os.path.join(work, "problems.txt"), "w") as f:
        f.write("\n".join(problems) + "\n")
    summary["all_problems"] = os.path.join(work, "problems.txt")
    print(json.dumps(summary, indent=1))
    sys.exit(1 if problems or acks == 0 else 0)


if __name__ == "__main__":
    main()
