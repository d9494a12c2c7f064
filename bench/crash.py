#!/usr/bin/env python3
"""The crash campaign (issue 15; RELIABILITY.md, "Crashes"): bots play many
games against the real `arbitre serve` while the server is killed with
SIGKILL at random moments and restarted, again and again; afterwards every
game is checked against what its clients were told.

Each bot creates a game (fide-2005, 90 minutes: no automatic draw ends a
knight dance), starts it, and plays knights out and back, each move a POST
with its own `client_id`; on any failure (connection refused or reset, no
answer, 503) it sends the same request again, with the same `client_id`,
until it is answered. A move answered once is acknowledged: the server
said it is on disk.

Checked at the end, on the server restarted once more:
  * every acknowledged move is in its game exactly once, in order, and the
    game holds no move that was not acknowledged (the scoresheet is exactly
    the acknowledged moves);
  * a retried request got the answer of its first application (same seq);
  * the game replays to the state its clients last saw (the FEN of the last
    answer), and the server found no difference between a replay and its
    record at any restart (its log);
  * the clocks: each kill and restart is recorded as the documented outage
    entries (alerts `outage` / `restart`), no flag fell, and no clock lost
    more time than the wall-clock time the campaign lasted.

Standard library only:
  bench/crash.py --bin target/release/arbitre --db sqlite:///tmp/x.db [--kills 50] [--games 16]
Prints a JSON summary on stdout; exits 1 if any check fails.
"""

import argparse
import http.client
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

TOKEN = "crash-campaign-organiser-token-3b9e21"
CYCLE = [("white", "Nf3"), ("black", "Nf6"), ("white", "Ng1"), ("black", "Ng8")]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, binary, db, workdir):
        self.binary, self.db, self.workdir = binary, db, workdir
        self.port = free_port()
        self.proc = None
        self.starts = 0
        self.log = open(os.path.join(workdir, "server.log"), "ab")

    def start(self):
        self.proc = subprocess.Popen(
            [self.binary, "serve", "--listen", f"127.0.0.1:{self.port}", "--db", self.db,
             "--organiser-token", TOKEN, "--signing-key", os.path.join(self.workdir, "signing.key"),
             "--rate-per-token", "0", "--rate-per-address", "0"],
            stdout=subprocess.DEVNULL, stderr=self.log, env={**os.environ, "RUST_LOG": "info"})
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
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            time.sleep(0.05)
        raise RuntimeError("the server did not answer within 60 s")

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


class Bot(threading.Thread):
    """One game: created, started, then knights out and back until told to stop."""

    def __init__(self, n, server, stop):
        super().__init__(daemon=True)
        self.n, self.server, self.stop = n, server, stop
        self.game = None
        self.acks = []  # (client_id, side, move, seq, fen) in order
        self.retries = 0
        self.refusals = []  # the messages of the 503s answered
        self.anomalies = []

    def send(self, path, body, token, expect=200):
        """The request until answered: (status, body)."""
        while True:
            try:
                status, answer = request("POST", self.server.port, path, body, token)
                if status == 503:
                    self.refusals.append((answer or {}).get("error", {}).get("message", ""))
                    raise OSError("503")
                if status != expect:
                    self.anomalies.append(f"{path} {body}: {status} {answer}")
                return status, answer
            except (OSError, http.client.HTTPException, json.JSONDecodeError):
                self.retries += 1
                time.sleep(0.05)

    def run(self):
        # a game created twice (the first answer lost) is an orphan: harmless
        _, created = self.send("/api/games", {"edition": "fide-2005", "time_control": "5400",
                                              "players": {"white": f"Bot {self.n}", "black": "Knight"}},
                               TOKEN, expect=201)
        self.game = created
        gid, tokens = created["id"], created["tokens"]
        path = f"/api/games/{gid}/events"
        self.send(path, {"start": True, "client_id": f"{gid}-start"}, tokens["arbiter"])
        i = 0
        while not self.stop.is_set():
            side, move = CYCLE[i % 4]
            client_id = f"{gid}-m{i}"
            _, answer = self.send(path, {"move": move, "client_id": client_id}, tokens[side])
            if not answer.get("accepted"):
                self.anomalies.append(f"{client_id} {move} refused: {answer}")
                return
            self.acks.append((client_id, side, move, answer["seq"], answer["game"]["fen"]))
            i += 1
            time.sleep(random.uniform(0, 0.05))


def check(server, bots, started_at):
    problems = []
    log = open(os.path.join(server.workdir, "server.log"), encoding="utf-8", errors="replace").read()
    if "replay differs from the record" in log:
        problems.append("a replay differed from its record at a restart")
    wall = time.time() - started_at
    for bot in bots:
        problems.extend(f"game {bot.n}: {a}" for a in bot.anomalies)
        if not bot.game:
            problems.append(f"bot {bot.n} never created its game")
            continue
        gid = bot.game["id"]
        status, state = request("GET", server.port, f"/api/games/{gid}")
        if status != 200:
            problems.append(f"{gid}: {status} {state}")
            continue
        moves = [m for (_, _, m, _, _) in bot.acks]
        if state["scoresheet"] != moves:
            problems.append(f"{gid}: the scoresheet {state['scoresheet']} is not the acknowledged moves {moves}")
        seqs = [s for (_, _, _, s, _) in bot.acks]
        if seqs != sorted(set(seqs)):
            problems.append(f"{gid}: acknowledged seqs not increasing once each: {seqs}")
        if bot.acks and state["fen"] != bot.acks[-1][4]:
            problems.append(f"{gid}: the game is {state['fen']}, its clients last saw {bot.acks[-1][4]}")
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
    p.add_argument("--bin", default="target/release/arbitre")
    p.add_argument("--db", required=True)
    p.add_argument("--kills", type=int, default=50)
    p.add_argument("--games", type=int, default=16)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--disk-full", metavar="DIR",
                   help="instead of kills: fill DIR (the small filesystem the database is on) for a few "
                        "seconds while the bots play, then free it; events must be refused with a clear "
                        "error, nothing acknowledged lost, the server still up and serving afterwards")
    p.add_argument("--inject", action="store_true",
                   help="check the checker: play one move no bot acknowledged in the first game; "
                        "the campaign passes only if the check reports it")
    a = p.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    random.seed(seed)
    work = tempfile.mkdtemp(prefix="arbitre-crash-")
    server = Server(os.path.abspath(a.bin), a.db, work)
    server.start()
    started_at = time.time()
    stop = threading.Event()
    bots = [Bot(n, server, stop) for n in range(a.games)]
    for b in bots:
        b.start()
    downtime = 0.0
    full = {}
    if a.disk_full:
        time.sleep(1.5)
        filler = os.path.join(a.disk_full, "filler")
        with open(filler, "wb") as f:
            try:
                while True:
                    f.write(b"\0" * 65536)
                    f.flush()
            except OSError:
                pass
        before = sum(len(b.acks) for b in bots)
        time.sleep(4)
        during = sum(len(b.acks) for b in bots) - before
        refusals = [m for b in bots for m in b.refusals]
        alive = server.proc.poll() is None
        os.remove(filler)
        time.sleep(3)
        full = {"acknowledged_while_full": during, "refused_while_full": len(refusals),
                "refusal_message": refusals[-1] if refusals else None, "server_alive_while_full": alive,
                "acknowledged_after": sum(len(b.acks) for b in bots) - before - during}
        a.kills = 0
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
    # a last restart, gracefully: every game loaded from the store again
    server.stop()
    server.start()
    if a.inject and bots[0].game:
        # a move the server holds that its client never saw acknowledged,
        # as a move applied twice or invented would be
        g = bots[0].game
        side, move = CYCLE[len(bots[0].acks) % 4]
        request("POST", server.port, f"/api/games/{g['id']}/events", {"move": move}, g["tokens"][side])
    problems = check(server, bots, started_at)
    if a.inject:
        caught = [p for p in problems if "is not the acknowledged moves" in p]
        problems = [] if len(caught) == 1 and len(problems) == 2 else ["the injected move was not caught"] + problems
    if a.disk_full:
        if not full["server_alive_while_full"]:
            problems.append("the server died with the disk full")
        if full["refused_while_full"] == 0:
            problems.append("no event was refused with the disk full")
        elif "full" not in (full["refusal_message"] or "").lower():
            problems.append(f"the refusal does not say the disk is full: {full['refusal_message']}")
        if full["acknowledged_after"] == 0:
            problems.append("nothing was acknowledged once space returned")
    acks = sum(len(b.acks) for b in bots)
    summary = {
        "db": re.sub(r"//[^@/]*@", "//***@", a.db).split("?")[0], "seed": seed, "kills": a.kills,
        "server_starts": server.starts, "games": a.games, "acknowledged_moves": acks,
        "retried_requests": sum(b.retries for b in bots), "seconds": round(time.time() - started_at, 1),
        "seconds_down": round(downtime, 1), "problems": problems[:20], "problem_count": len(problems),
        "log": os.path.join(work, "server.log"), **full,
    }
    server.stop()
    print(json.dumps(summary, indent=1))
    sys.exit(1 if problems or acks == 0 else 0)


if __name__ == "__main__":
    main()
