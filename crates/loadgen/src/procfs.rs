//! What /proc says of a process and of the machine: resident memory, CPU
//! time consumed (utime + stime), and the machine's busy and total time.

use std::{collections::HashMap, fs};

/// Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`: 100 on
/// Linux everywhere that matters; overridden by `ARBITRE_CLK_TCK`).
pub fn ticks_per_second() -> f64 {
    std::env::var("ARBITRE_CLK_TCK")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100.0)
}

/// `VmRSS` of process `pid`, in KiB.
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
}

/// utime + stime of process `pid` (`self` for this one), in ticks.
pub fn cpu_ticks(pid: &str) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // the command may hold spaces: the fields after its closing parenthesis
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // fields 14 and 15 of the whole line (utime, stime) are 11 and 12 here
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

/// The machine's (busy, total) ticks over all cores, from /proc/stat.
pub fn machine_ticks() -> Option<(u64, u64)> {
    let stat = fs::read_to_string("/proc/stat").ok()?;
    let line = stat.lines().next()?.strip_prefix("cpu ")?;
    let v: Vec<u64> = line
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal (guest counted in user)
    let total: u64 = v.iter().take(8).sum();
    let idle = v.get(3)? + v.get(4)?;
    Some((total - idle, total))
}

/// The CPU ticks of every process whose command is `comm` (the database's
/// processes: `postgres`), by pid.
pub fn ticks_of_command(comm: &str) -> HashMap<u32, u64> {
    let mut out = HashMap::new();
    let Ok(dir) = fs::read_dir("/proc") else {
        return out;
    };
    for entry in dir.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(name) = fs::read_to_string(format!("/proc/{pid}/comm")) else {
            continue;
        };
        if name.trim_end() == comm {
            if let Some(t) = cpu_ticks(&pid.to_string()) {
                out.insert(pid, t);
            }
        }
    }
    out
}

/// The CPU of the server, of this load generator, of the database and of
/// the machine at one moment.
#[derive(Clone, Debug, Default)]
pub struct Sample {
    /// The server's processes' ticks (one per node), by pid.
    pub server: HashMap<u32, u64>,
    /// This load generator's ticks.
    pub loadgen: u64,
    /// The database's processes' ticks, by pid.
    pub database: HashMap<u32, u64>,
    /// The machine's busy ticks (all cores).
    pub busy: u64,
}

impl Sample {
    /// Now; `server`: the server's processes (none, one, or one per node);
    /// `database`: the database processes' command name, if any.
    pub fn now(server: &[u32], database: Option<&str>) -> Sample {
        let (busy, _) = machine_ticks().unwrap_or_default();
        Sample {
            server: server
                .iter()
                .filter_map(|&p| Some((p, cpu_ticks(&p.to_string())?)))
                .collect(),
            loadgen: cpu_ticks("self").unwrap_or_default(),
            database: database.map(ticks_of_command).unwrap_or_default(),
            busy,
        }
    }

    /// CPU used from `self` to `later`, `wall` seconds apart, each in % of
    /// one core: (server, load generator, database, the whole machine); the
    /// server's and the database's summed over their processes.
    pub fn usage(&self, later: &Sample, wall: f64) -> (f64, f64, f64, f64) {
        let tick = ticks_per_second();
        let pct = |ticks: u64| {
            if wall > 0.0 {
                100.0 * ticks as f64 / tick / wall
            } else {
                0.0
            }
        };
        // a process seen only later counts from 0, one gone meanwhile not at all
        let since = |before: &HashMap<u32, u64>, after: &HashMap<u32, u64>| -> u64 {
            after
                .iter()
                .map(|(pid, t)| t.saturating_sub(before.get(pid).copied().unwrap_or(0)))
                .sum()
        };
        let database = since(&self.database, &later.database);
        (
            pct(since(&self.server, &later.server)),
            pct(later.loadgen.saturating_sub(self.loadgen)),
            pct(database),
            pct(later.busy.saturating_sub(self.busy)),
        )
    }
}
