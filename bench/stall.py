#!/usr/bin/env python3
"""Slow and stalled clients against a real `arbitre serve` (issue 15;
RELIABILITY.md, "Slow and stalled clients").

Bots play games at a steady rate over HTTP keep-alive (a new game every
200 plies) and their move latency (request sent to answer read) is
measured, first alone (the baseline), then while the server also has:

  * stalled streams: NDJSON streams (`GET /api/games/{id}/stream`) and
    WebSockets (the upgrade done by hand on a raw socket, the 101 read, then
    nothing) on the "stall games", with a small SO_RCVBUF, that never read;
  * slow readers: NDJSON streams read --slow-bps bytes a second (less than
    their games' events make);
  * trickled bodies: `POST …/events` announcing a 16 KiB body sent one byte
    a second; trickled headers: a request line, then a header one byte a
    second; idle connections: connected, nothing sent; idle keep-alive
    connections: one request answered, then nothing.

The stall games get events all along (knights out and back, `fide-2005`:
no automatic end by repetition, played over each seat's WebSocket, whose
acks carry no game state), so the server has something to push to the
stalled readers: --stall-rate events/s over --stall-games games, the same
in every phase. The server's VmRSS is read every second (and its
descriptors, threads, the bytes queued in the kernel on the server's and
the clients' side of the stalled sockets). Then the stalled clients go
(RSS again), and last the graceful stop is tried once per kind of client
(a fresh start of the same database, a few clients of that kind, SIGTERM).

Checks (exit 1 if one fails):
  rss-bounded     RSS during the stall phase at most --rss-max-mib above the
                  baseline's, and no growth over its second half beyond
                  --rss-creep-mib (events are still pushed: bounded, not
                  merely slow to grow);
  latency         the bots' p50 and p99 during the stall phase within
                  --lat-factor times the baseline's (or --lat-slack-ms above);
  conn-timeouts   every idle connection (fresh or kept alive), trickled body
                  and trickled header closed by the server within
                  --conn-limit seconds;
  stop            SIGTERM with each kind of client connected: the server
                  exits within --stop-limit seconds.

The kernel's send buffer of a socket grows by itself up to tcp_wmem's
maximum (4 MiB by default): a stalled stream's first megabytes wait there,
outside the server's RSS. --wmem-max N runs the whole campaign in a network
namespace of its own (`unshare --net`, loopback only, root) whose tcp_wmem
maximum is N bytes, as an SO_SNDBUF of N on the server's sockets would: the
stalled streams then fill the server's own buffers within seconds. The
machine's setting is not touched.

Standard library only:
  bench/stall.py --bin target/release/arbitre [--stalled 200] [--stall 240] [--wmem-max 65536]
Prints the report on stdout (a JSON summary last); exits 1 if a check fails.
"""

import argparse
import atexit
import base64
import http.client
import json
import os
import re
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

TOKEN = "stall-campaign-organiser-token-7c41d2"
CYCLE = [("white", "Nf3"), ("black", "Nf6"), ("white", "Ng1"), ("black", "Ng8")]
# a bot game's length: then a new game (an HTTP answer carries the whole
# game's state, which grows with it)
ROTATE = 200


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


class Server:
    def __init__(self, binary, db, workdir, port):
        self.binary, self.db, self.workdir, self.port = binary, db, workdir, port
        self.proc = None
        self.log = open(os.path.join(workdir, "server.log"), "ab")

    def start(self):
        self.proc = subprocess.Popen(
            [self.binary, "serve", "--listen", f"127.0.0.1:{self.port}", "--db", self.db,
             "--organiser-token", TOKEN, "--signing-key", os.path.join(self.workdir, "signing.key"),
             "--rate-per-token", "0", "--rate-per-address", "0"],
            stdout=subprocess.DEVNULL, stderr=self.log, env={**os.environ, "RUST_LOG": "info"})
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

    def terminate(self, limit):
        """SIGTERM; the seconds it took to exit, or None (then SIGKILL)."""
        t0 = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=limit)
            return time.monotonic() - t0
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None


def request(method, port, path, body=None, token=None, timeout=10, conn=None):
    own = conn is None
    if own:
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
        if own:
            conn.close()


def new_game(port, name):
    status, created = request("POST", port, "/api/games",
                              {"edition": "fide-2005", "time_control": "5400",
                               "players": {"white": name, "black": "Knight"}}, TOKEN)
    if status != 201:
        raise RuntimeError(f"POST /api/games: {status} {created}")
    status, answer = request("POST", port, f"/api/games/{created['id']}/events",
                             {"start": True, "client_id": "start"}, created["tokens"]["arbiter"])
    if status != 200 or not answer.get("accepted"):
        raise RuntimeError(f"start: {status} {answer}")
    return {"id": created["id"], "tokens": created["tokens"], "ply": 0}


# --- /proc ------------------------------------------------------------------

def proc_status(pid):
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("VmRSS", "VmHWM", "Threads"):
                    out[k] = int(v.split()[0])
        out["fds"] = len(os.listdir(f"/proc/{pid}/fd"))
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        out["cpu_s"] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        pass
    return out


def tcp_sockets(port):
    """Sockets of 127.0.0.1:port from /proc/net/tcp: the server's side
    {remote port: (state, tx_queue)} and the clients' {local port: (state, rx_queue)}."""
    server, clients = {}, {}
    with open("/proc/net/tcp") as f:
        next(f)
        for line in f:
            p = line.split()
            lport = int(p[1].split(":")[1], 16)
            rport = int(p[2].split(":")[1], 16)
            state = int(p[3], 16)
            tx, rx = (int(x, 16) for x in p[4].split(":"))
            if lport == port and state != 0x0A:
                server[rport] = (state, tx)
            elif rport == port:
                clients[lport] = (state, rx)
    return server, clients


def machine_ticks():
    """(busy, total) CPU ticks of the whole machine."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return sum(v) - v[3] - v[4], sum(v)


def tcp_mem_kib():
    """The kernel's memory for all TCP buffers (/proc/net/sockstat), KiB."""
    with open("/proc/net/sockstat") as f:
        for line in f:
            if line.startswith("TCP:"):
                p = line.split()
                return int(p[p.index("mem") + 1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    return None


def percentile(sorted_values, q):
    if not sorted_values:
        return 0.0
    rank = min(len(sorted_values), max(1, int(-(-q * len(sorted_values) // 1))))
    return sorted_values[rank - 1]


# --- load ---------------------------------------------------------------------

class Shared:
    def __init__(self):
        self.phase = "setup"
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.latencies = {}  # phase -> [ms]
        self.errors = {}  # phase -> n
        self.first_errors = []
        self.stall_events = 0
        self.stall_refused = 0

    def record(self, phase, ms):
        with self.lock:
            self.latencies.setdefault(phase, []).append(ms)

    def error(self, phase, what):
        with self.lock:
            self.errors[phase] = self.errors.get(phase, 0) + 1
            if len(self.first_errors) < 8:
                self.first_errors.append(f"{phase}: {what}")


class Player(threading.Thread):
    """Plays knights out and back in `games`, round robin, one move every
    `period` seconds, over one keep-alive connection; measures each move
    when `measure`."""

    def __init__(self, port, games, period, shared, measure, name):
        super().__init__(daemon=True, name=name)
        self.port, self.games, self.period, self.shared, self.measure = port, games, period, shared, measure
        self.conn = None

    def run(self):
        i = 0
        next_at = time.monotonic()
        while not self.shared.stop.is_set():
            k = i % len(self.games)
            i += 1
            if self.games[k]["ply"] >= ROTATE:
                # a new game: every bot game stays short, its answers small
                try:
                    self.games[k] = new_game(self.port, self.name)
                except (OSError, RuntimeError, http.client.HTTPException) as e:
                    self.shared.error(self.shared.phase, f"new game: {e!r}")
            game = self.games[k]
            side, move = CYCLE[game["ply"] % 4]
            phase = self.shared.phase
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            t0 = time.perf_counter()
            try:
                status, answer = request("POST", self.port, f"/api/games/{game['id']}/events",
                                         {"move": move, "client_id": f"m{game['ply']}"},
                                         game["tokens"][side], conn=self.conn)
                ms = (time.perf_counter() - t0) * 1000
                if status == 200 and answer.get("accepted"):
                    game["ply"] += 1
                    if self.measure:
                        self.shared.record(phase, ms)
                    else:
                        with self.shared.lock:
                            self.shared.stall_events += 1
                else:
                    if not self.measure and status == 200:
                        with self.shared.lock:
                            self.shared.stall_refused += 1
                    self.shared.error(phase, f"{game['id']} {move}: {status} {answer}")
                    if status == 200:  # refused under the Laws: stuck, resync from the server
                        s, state = request("GET", self.port, f"/api/games/{game['id']}", conn=self.conn)
                        if s == 200 and isinstance(state.get("seq"), int):
                            game["ply"] = state.get("seq") - 1
            except (OSError, http.client.HTTPException, ValueError) as e:
                self.shared.error(phase, f"{game['id']}: {e!r}")
                self.conn.close()
                self.conn = None
            next_at += self.period
            delay = next_at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            else:
                next_at = time.monotonic()


class WsSeat:
    """A seat's WebSocket (the handshake and frames by hand): events sent,
    each answered by its `ack`; the game's stream messages in between are
    read and dropped."""

    def __init__(self, port, game, token):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /api/games/{game}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise OSError("WebSocket: closed during the handshake")
            self.buf += chunk
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise OSError(f"WebSocket: {head[:80]!r}")
        self.send({"token": token})
        while json.loads(self.frame()).get("type") != "authenticated":
            pass

    def _need(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise OSError("WebSocket closed")
            self.buf += chunk

    def frame(self):
        """The next text frame's payload (pings and others skipped)."""
        while True:
            self._need(2)
            b0, b1 = self.buf[0], self.buf[1]
            n, at = b1 & 0x7F, 2
            if n == 126:
                self._need(4)
                n, at = int.from_bytes(self.buf[2:4], "big"), 4
            elif n == 127:
                self._need(10)
                n, at = int.from_bytes(self.buf[2:10], "big"), 10
            self._need(at + n)
            payload, self.buf = self.buf[at:at + n], self.buf[at + n:]
            if b0 & 0x0F == 0x8:
                raise OSError("WebSocket closed by the server")
            if b0 & 0x0F == 0x1:
                return payload

    def send(self, value):
        data = json.dumps(value).encode()
        mask = os.urandom(4)
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big"))
        self.sock.sendall(head + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(data)))

    def event(self, value):
        self.send(value)
        while True:
            message = json.loads(self.frame())
            if message.get("type") in ("ack", "error") and message.get("client_id") == value.get("client_id"):
                return message


class WsPlayer(threading.Thread):
    """Knights out and back in `games` over each seat's WebSocket (an ack
    carries no game state, so a long game costs no more per move), round
    robin, one move every `period` seconds."""

    def __init__(self, port, games, period, shared, name):
        super().__init__(daemon=True, name=name)
        self.port, self.games, self.period, self.shared = port, games, period, shared
        self.seats = {}

    def run(self):
        i = 0
        next_at = time.monotonic()
        while not self.shared.stop.is_set():
            game = self.games[i % len(self.games)]
            i += 1
            side, move = CYCLE[game["ply"] % 4]
            try:
                key = (game["id"], side)
                if key not in self.seats:
                    self.seats[key] = WsSeat(self.port, game["id"], game["tokens"][side])
                answer = self.seats[key].event({"move": move, "client_id": f"m{game['ply']}"})
                if answer.get("type") == "ack" and answer.get("accepted"):
                    game["ply"] += 1
                    with self.shared.lock:
                        self.shared.stall_events += 1
                else:
                    with self.shared.lock:
                        self.shared.stall_refused += 1
                    self.shared.error(self.shared.phase, f"stall {game['id']} {move}: {answer}")
            except (OSError, ValueError) as e:
                self.shared.error(self.shared.phase, f"stall {game['id']}: {e!r}")
                self.seats.pop(key, None)
                time.sleep(0.1)
            next_at += self.period
            delay = next_at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            else:
                next_at = time.monotonic()


# --- stalled and slow clients ---------------------------------------------------

def raw_socket(port, rcvbuf=None):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    return s


def stalled_ndjson(port, game, rcvbuf):
    s = raw_socket(port, rcvbuf)
    s.sendall(f"GET /api/games/{game}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return s


def stalled_ws(port, game, rcvbuf):
    s = raw_socket(port, rcvbuf)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /api/games/{game}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(1)  # byte by byte: nothing after the 101's head is read
        if not chunk:
            raise RuntimeError("WebSocket: closed during the handshake")
        head += chunk
    if not head.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"WebSocket: {head[:80]!r}")
    return s


class Probe:
    """A connection whose closing by the server is watched: idle, trickled
    body, trickled header."""

    def __init__(self, kind, sock, opened):
        self.kind, self.sock, self.opened = kind, sock, opened
        self.closed_after = None  # seconds, once the server closed it
        self.answer = b""  # what the server said before closing, if anything
        self.sent = 0

    def poll(self, now):
        if self.closed_after is not None:
            return
        try:
            r, _, _ = select.select([self.sock], [], [], 0)
            if r:
                data = self.sock.recv(4096)
                if not data:
                    self.closed_after = now - self.opened
                    return
                self.answer += data[:200]
            if self.kind.startswith("trickle"):
                self.sock.send(b"a" if self.kind == "trickle-header" else b" ")
                self.sent += 1
        except OSError:
            self.closed_after = now - self.opened


class SlowReader:
    """An NDJSON stream read --slow-bps bytes a second: how far behind it falls."""

    def __init__(self, sock, opened):
        self.sock, self.opened = sock, opened
        self.buf = b""
        self.read = 0
        self.last_seq = None
        self.closed = False

    def poll(self, budget):
        while budget > 0 and not self.closed:
            try:
                data = self.sock.recv(min(budget, 65536))
            except BlockingIOError:
                return
            except OSError:
                self.closed = True
                return
            if not data:
                self.closed = True
                return
            budget -= len(data)
            self.read += len(data)
            self.buf += data
            *lines, self.buf = self.buf.split(b"\n")
            for line in lines:
                m = re.search(rb'"seq":(\d+)', line)
                if m and b'"type":"ping"' not in line:
                    self.last_seq = int(m.group(1))


# --- the campaign ---------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.environ.get("ARBITRE_BIN", "target/release/arbitre"))
    ap.add_argument("--db", help="the store (default: a fresh SQLite file in a temporary directory)")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--bot-games", type=int, default=40)
    ap.add_argument("--bot-rate", type=float, default=40.0, help="measured moves/s, all bots")
    ap.add_argument("--bot-threads", type=int, default=4)
    ap.add_argument("--stall-games", type=int, default=2)
    ap.add_argument("--stall-rate", type=float, default=200.0, help="moves/s in the stall games, all together")
    ap.add_argument("--stalled", type=int, default=200, help="stalled streams (half NDJSON, half WebSocket)")
    ap.add_argument("--slow", type=int, default=20, help="NDJSON streams read slowly")
    ap.add_argument("--slow-bps", type=int, default=16384, help="bytes a second a slow reader reads")
    ap.add_argument("--trickle", type=int, default=30, help="bodies trickled 1 B/s")
    ap.add_argument("--trickle-headers", type=int, default=10)
    ap.add_argument("--idle", type=int, default=30, help="connections that send nothing")
    ap.add_argument("--idle-keepalive", type=int, default=10, help="connections idle after one request")
    ap.add_argument("--rcvbuf", type=int, default=4096, help="SO_RCVBUF of the stalled sockets")
    ap.add_argument("--warmup", type=float, default=10)
    ap.add_argument("--baseline", type=float, default=40)
    ap.add_argument("--stall", type=float, default=240)
    ap.add_argument("--release", type=float, default=30)
    ap.add_argument("--rss-max-mib", type=float, default=128)
    ap.add_argument("--rss-creep-mib", type=float, default=8)
    ap.add_argument("--lat-factor", type=float, default=2.0)
    ap.add_argument("--lat-slack-ms", type=float, default=5.0)
    ap.add_argument("--conn-limit", type=float, default=60, help="seconds an idle or trickling connection may live")
    ap.add_argument("--stop-limit", type=float, default=15, help="seconds SIGTERM may take")
    ap.add_argument("--no-stop-test", action="store_true")
    ap.add_argument("--stop-events", type=int, default=4000, help="moves pushed to the stalled streams before SIGTERM")
    ap.add_argument("--samples", help="write the per-second samples (JSON lines) here")
    ap.add_argument("--wmem-max", type=int, help="run in a network namespace with this tcp_wmem maximum")
    args = ap.parse_args()
    if args.wmem_max and not os.environ.get("STALL_IN_NETNS"):
        argv = [sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
        script = (f"ip link set lo up && sysctl -q -w net.ipv4.tcp_wmem='4096 16384 {args.wmem_max}' && "
                  f"exec \"$@\"")
        os.environ["STALL_IN_NETNS"] = "1"
        os.execvp("unshare", ["unshare", "--net", "sh", "-c", script, "sh"] + argv)
    if os.environ.get("STALL_IN_NETNS"):
        log(f"in a network namespace of its own: tcp_wmem {open('/proc/sys/net/ipv4/tcp_wmem').read().split()}")

    workdir = tempfile.mkdtemp(prefix="arbitre-stall-")
    db = args.db or f"sqlite://{workdir}/stall.db"
    port = args.port or free_port()
    server = Server(args.bin, db, workdir, port)
    # whatever happens, the server started last does not outlive the campaign
    atexit.register(lambda: server.proc and server.proc.poll() is None and server.proc.kill())
    server.start()
    pid = server.proc.pid
    log(f"server pid {pid} on 127.0.0.1:{port}, store {db}, log {workdir}/server.log")
    log(f"machine: {os.cpu_count()} cores, load {open('/proc/loadavg').read().split()[:3]}")
    shared = Shared()

    bot_games = [new_game(port, f"bot {i}") for i in range(args.bot_games)]
    stall_games = [new_game(port, f"stall {i}") for i in range(args.stall_games)]
    players = []
    for t in range(args.bot_threads):
        mine = bot_games[t::args.bot_threads]
        players.append(Player(port, mine, args.bot_threads / args.bot_rate, shared, True, f"bot{t}"))
    stall_threads = 2
    for t in range(stall_threads):
        mine = stall_games[t::stall_threads]
        players.append(WsPlayer(port, mine, stall_threads / args.stall_rate, shared, f"stall{t}"))
    for p in players:
        p.start()

    samples = []
    sample_lock = threading.Lock()
    stalled, probes, slow = [], [], []
    stalled_ports_now = []
    stop_sampling = threading.Event()

    def sampler():
        t0 = time.monotonic()
        while not stop_sampling.is_set():
            now = time.monotonic()
            st = proc_status(pid)
            srv, cli = tcp_sockets(port)
            with sample_lock:
                stalled_ports = set(stalled_ports_now)
            client_queued = sum(rx for lp, (state, rx) in cli.items() if lp in stalled_ports)
            server_queued = sum(tx for rp, (state, tx) in srv.items() if rp in stalled_ports)
            with sample_lock:
                for p in probes:
                    p.poll(now)
                for r in slow:
                    r.poll(args.slow_bps)
            lat = shared.latencies.get(shared.phase, [])
            row = {"t": round(now - t0, 1), "phase": shared.phase, "rss_kib": st.get("VmRSS"),
                   "hwm_kib": st.get("VmHWM"), "threads": st.get("Threads"), "fds": st.get("fds"),
                   "server_queued": server_queued, "client_queued": client_queued,
                   "stalled": len(stalled), "moves": len(lat), "stall_events": shared.stall_events,
                   "tcp_mem_kib": tcp_mem_kib(), "cpu_s": st.get("cpu_s"), "machine": machine_ticks(),
                   "load": float(open("/proc/loadavg").read().split()[0])}
            samples.append(row)
            time.sleep(max(0, 1 - (time.monotonic() - now)))

    sampling = threading.Thread(target=sampler, daemon=True)
    sampling.start()

    def phase(name, seconds):
        shared.phase = name
        log(f"phase {name}: {seconds:g} s")
        time.sleep(seconds)

    def rss_of(name):
        return [s["rss_kib"] for s in samples if s["phase"] == name and s["rss_kib"]]

    phase("warmup", args.warmup)
    phase("baseline", args.baseline)

    # the stalled clients, opened at the start of the stall phase
    shared.phase = "stall"
    opened = time.monotonic()
    failures = []
    for i in range(args.stalled):
        game = stall_games[i % len(stall_games)]["id"]
        try:
            s = (stalled_ndjson if i % 2 == 0 else stalled_ws)(port, game, args.rcvbuf)
            stalled.append(s)
        except (OSError, RuntimeError) as e:
            failures.append(f"stalled {i}: {e!r}")
    for i in range(args.slow):
        game = stall_games[i % len(stall_games)]["id"]
        try:
            s = stalled_ndjson(port, game, args.rcvbuf)
            s.setblocking(False)
            with sample_lock:
                slow.append(SlowReader(s, time.monotonic()))
        except OSError as e:
            failures.append(f"slow {i}: {e!r}")
    for kind, n in (("idle", args.idle), ("idle-keepalive", args.idle_keepalive), ("trickle-body", args.trickle),
                    ("trickle-header", args.trickle_headers)):
        for i in range(n):
            try:
                s = raw_socket(port)
                game = stall_games[i % len(stall_games)]
                if kind == "trickle-body":
                    s.sendall((f"POST /api/games/{game['id']}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               f"Authorization: Bearer {game['tokens']['white']}\r\n"
                               f"Content-Type: application/json\r\nContent-Length: 16384\r\n\r\n{{").encode())
                elif kind == "trickle-header":
                    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                elif kind == "idle-keepalive":
                    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                s.setblocking(False)
                with sample_lock:
                    probes.append(Probe(kind, s, time.monotonic()))
            except OSError as e:
                failures.append(f"{kind} {i}: {e!r}")
    with sample_lock:
        stalled_ports_now.extend(s.getsockname()[1] for s in stalled)
    log(f"opened in {time.monotonic() - opened:.1f} s: {len(stalled)} stalled streams, {len(slow)} slow readers, "
        f"{len(probes)} idle/trickling connections; {len(failures)} failed {failures[:3]}")
    time.sleep(max(0, args.stall - (time.monotonic() - opened)))
    stall_end_state = tcp_sockets(port)
    stalled_ports = [s.getsockname()[1] for s in stalled]

    # release: the stalled clients go
    shared.phase = "release"
    log(f"phase release: {args.release:g} s (every stalled, slow, idle and trickling client closed)")
    with sample_lock:
        slow_report = [(r.read, r.last_seq, r.closed) for r in slow]
        probe_report = [(p.kind, p.closed_after, p.answer[:80], p.sent) for p in probes]
        for s in stalled:
            s.close()
        for r in slow:
            r.sock.close()
        for p in probes:
            p.sock.close()
        stalled.clear()
        slow.clear()
        probes.clear()
        stalled_ports_now.clear()
    time.sleep(args.release)
    shared.stop.set()
    for p in players:
        p.join(timeout=35)
    stop_sampling.set()
    sampling.join()
    if args.samples:
        with open(args.samples, "w") as f:
            for s in samples:
                f.write(json.dumps(s) + "\n")

    # --- the figures
    checks = []
    base_rss, stall_rss, rel_rss = rss_of("baseline"), rss_of("stall"), rss_of("release")
    base = statistics.median(base_rss[-10:])
    peak = max(stall_rss)
    half = len(stall_rss) // 2
    creep = statistics.median(stall_rss[-5:]) - statistics.median(stall_rss[half - 2:half + 3])
    mib = lambda kib: kib / 1024
    log(f"RSS: start (baseline median) {mib(base):.1f} MiB, peak {mib(peak):.1f} MiB "
        f"(+{mib(peak - base):.1f}, {(peak - base) / max(1, args.stalled + args.slow):.0f} KiB a stalled stream), "
        f"end of stall {mib(stall_rss[-1]):.1f} MiB, after release {mib(rel_rss[-1]):.1f} MiB; "
        f"second half of the stall phase: {mib(creep):+.1f} MiB")
    tcp_base = statistics.median([x["tcp_mem_kib"] for x in samples if x["phase"] == "baseline"][-10:])
    tcp_peak = max(x["tcp_mem_kib"] for x in samples if x["phase"] == "stall")
    log(f"kernel TCP buffers (all sockets, /proc/net/sockstat): {mib(tcp_base):.1f} MiB in the baseline, "
        f"peak {mib(tcp_peak):.1f} MiB in the stall phase (not in the server's RSS)")
    ok = mib(peak - base) <= args.rss_max_mib and mib(creep) <= args.rss_creep_mib
    checks.append(("rss-bounded", ok, f"peak +{mib(peak - base):.1f} MiB (limit {args.rss_max_mib}), "
                                      f"creep {mib(creep):+.1f} MiB over the second half (limit {args.rss_creep_mib})"))

    for name in ("baseline", "stall", "release"):
        rows = [x for x in samples if x["phase"] == name and x.get("cpu_s") is not None]
        if len(rows) > 1:
            (b0, t0_), (b1, t1_) = rows[0]["machine"], rows[-1]["machine"]
            log(f"CPU, {name}: server {100 * (rows[-1]['cpu_s'] - rows[0]['cpu_s']) / (rows[-1]['t'] - rows[0]['t']):.0f} % "
                f"of one core, machine {100 * (os.cpu_count() or 1) * (b1 - b0) / max(1, t1_ - t0_):.0f} % of "
                f"{os.cpu_count()} cores, load average {min(r['load'] for r in rows):.1f}-{max(r['load'] for r in rows):.1f}")
    lat = {}
    for name in ("baseline", "stall", "release"):
        v = sorted(shared.latencies.get(name, []))
        lat[name] = {"n": len(v), "p50": round(percentile(v, 0.5), 2), "p99": round(percentile(v, 0.99), 2),
                     "max": round(v[-1], 2) if v else 0, "errors": shared.errors.get(name, 0)}
        log(f"bots' latency, {name}: {lat[name]['n']} moves, p50 {lat[name]['p50']} ms, p99 {lat[name]['p99']} ms, "
            f"max {lat[name]['max']} ms, errors {lat[name]['errors']}")
    b, s = lat["baseline"], lat["stall"]
    ok = (s["p50"] <= max(args.lat_factor * b["p50"], b["p50"] + args.lat_slack_ms)
          and s["p99"] <= max(args.lat_factor * b["p99"], b["p99"] + args.lat_slack_ms)
          and s["errors"] == 0 and s["n"] > 0.8 * b["n"] * args.stall / args.baseline)
    r = lat["release"]
    if not ok and r["n"] and r["p50"] >= 0.8 * s["p50"] and r["p99"] >= 0.8 * s["p99"]:
        log("note: the release phase (no stalled client left) is as slow as the stall phase: the machine's "
            "other load (see CPU above) rather than the stalled clients; rerun on a quiet machine")
    checks.append(("latency", ok, f"p50 {b['p50']} -> {s['p50']} ms, p99 {b['p99']} -> {s['p99']} ms, "
                                  f"{s['n']} moves, {s['errors']} errors (release: p50 {r['p50']}, p99 {r['p99']})"))
    if shared.first_errors:
        log("first errors:", shared.first_errors)

    srv, cli = stall_end_state
    per_socket = sorted(srv.get(p, (0, 0))[1] for p in stalled_ports)
    established = sum(1 for p in stalled_ports if cli.get(p, (0, 0))[0] == 0x01)
    closed_by_server = sum(1 for p in stalled_ports if cli.get(p, (0, 0))[0] == 0x08)
    log(f"stalled streams at the end of the stall phase: {established} established, {closed_by_server} closed "
        f"by the server; queued in the kernel: {sum(cli.get(p, (0, 0))[1] for p in stalled_ports) // 1024} KiB "
        f"on the clients' side, {sum(per_socket) // 1024} KiB on the server's (median "
        f"{statistics.median(per_socket or [0]) // 1024} KiB a socket); "
        f"events in the stall games: {shared.stall_events} ({shared.stall_refused} refused), each game at seq "
        f"{min(g['ply'] for g in stall_games) + 1}..{max(g['ply'] for g in stall_games) + 1}")
    if slow_report:
        behind = []
        for read, last_seq, closed in slow_report:
            behind.append(last_seq)
        log(f"slow readers ({args.slow_bps} B/s): read {statistics.median(r for r, _, _ in slow_report) / 1024:.1f} KiB each "
            f"(median), last seq seen {min(x for x in behind if x is not None) if any(x is not None for x in behind) else None}"
            f"..{max((x for x in behind if x is not None), default=None)}, "
            f"{sum(1 for _, _, c in slow_report if c)} closed by the server")
    by_kind = {}
    for kind, closed_after, answer, sent in probe_report:
        by_kind.setdefault(kind, []).append((closed_after, answer))
    conn_ok = True
    for kind, rows in by_kind.items():
        closed = [c for c, _ in rows if c is not None]
        answers = {a.split(b"\r\n")[0].decode(errors="replace") for _, a in rows if a and kind != "idle-keepalive"}
        log(f"{kind}: {len(closed)}/{len(rows)} closed by the server"
            + (f" after {min(closed):.0f}-{max(closed):.0f} s" if closed else f" in {args.stall:.0f} s")
            + (f", answered {sorted(answers)}" if answers else ""))
        if len(closed) < len(rows) or (closed and max(closed) > args.conn_limit):
            conn_ok = False
    checks.append(("conn-timeouts", conn_ok,
                   "; ".join(f"{k}: {sum(1 for c, _ in r if c is not None)}/{len(r)} closed" for k, r in by_kind.items())
                   + f" (limit {args.conn_limit:g} s)"))

    rss_end = rel_rss[-1] if rel_rss else None
    server.proc.send_signal(signal.SIGTERM)
    try:
        server.proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        server.proc.wait()

    # --- the graceful stop with each kind of client connected
    stops = {}
    if not args.no_stop_test:
        for kind in ("none", "idle", "trickle-body", "trickle-header", "stalled-ndjson", "stalled-ws"):
            server.start()
            game = new_game(port, f"stop {kind}")
            socks = []
            for _ in range(3):
                if kind == "idle":
                    socks.append(raw_socket(port))
                elif kind == "trickle-body":
                    s = raw_socket(port)
                    s.sendall((f"POST /api/games/{game['id']}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               f"Authorization: Bearer {game['tokens']['white']}\r\n"
                               f"Content-Length: 16384\r\n\r\n{{").encode())
                    socks.append(s)
                elif kind == "trickle-header":
                    s = raw_socket(port)
                    s.sendall(b"GET /api/health HTTP/1.1\r\nX-Slow: ")
                    socks.append(s)
                elif kind == "stalled-ndjson":
                    socks.append(stalled_ndjson(port, game["id"], args.rcvbuf))
                elif kind == "stalled-ws":
                    socks.append(stalled_ws(port, game["id"], args.rcvbuf))
            # events enough to fill the stalled sockets' buffers
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            # more than the kernel's buffers take (about 470 KiB a socket on loopback)
            for ply in range(args.stop_events if kind.startswith("stalled") else 4):
                side, move = CYCLE[ply % 4]
                request("POST", port, f"/api/games/{game['id']}/events", {"move": move, "client_id": f"m{ply}"},
                        game["tokens"][side], conn=conn)
            conn.close()
            time.sleep(1)
            srv_q, _ = tcp_sockets(port)
            queued = [srv_q.get(s.getsockname()[1], (0, 0))[1] // 1024 for s in socks]
            took = server.terminate(args.stop_limit)
            stops[kind] = took
            log(f"SIGTERM with 3 {kind} clients (server's send queues {queued} KiB): " + (f"exited in {took:.1f} s" if took is not None
                                                      else f"still running after {args.stop_limit:g} s: killed"))
            for s in socks:
                s.close()
        checks.append(("stop", all(v is not None for v in stops.values()),
                       ", ".join(f"{k}: {'%.1f s' % v if v is not None else 'hung'}" for k, v in stops.items())))

    print()
    failed = 0
    for name, ok, detail in checks:
        print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}")
        failed += not ok
    summary = {"rss_kib": {"baseline": base, "peak": peak, "stall_end": stall_rss[-1], "release_end": rss_end,
                           "creep_second_half": creep},
               "latency_ms": lat, "stalled": args.stalled, "slow": args.slow, "probes": {
                   k: {"n": len(r), "closed": sum(1 for c, _ in r if c is not None)} for k, r in by_kind.items()},
               "stall_events": shared.stall_events, "stop_s": stops,
               "checks": {name: ok for name, ok, _ in checks}}
    print(json.dumps(summary))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
