//! Starting a helper thread on a CPU other than its parent's.
//!
//! A run is a few milliseconds of work split between two threads, so when the second thread
//! starts matters. On Linux, a thread spawned while its parent keeps running is queued on the
//! parent's CPU, and on the two-vCPU machines the benchmark runs on it waited there 1-3 ms
//! (in most runs) until load balancing moved it to the idle CPU: lexing and evaluation then
//! ran one after the other. Moving the still-queued thread to another CPU right after the
//! spawn starts it within about 0.1 ms (measured with a C program doing the same, 40 runs of
//! each: 30-90 us against 1-3 ms). A new thread often starts at once, preempting its parent
//! on the parent's CPU, before it could be moved (4 runs in 6); it then waits for the parent
//! to move it. Once running where it was put, the thread restores the parent's CPU mask, so
//! the scheduler stays free to move it later. None of this happens when every CPU is busy
//! already (see `machine_is_idle`).
//!
//! The threads of a run hand work to each other (token batches, the evaluated records);
//! a thread that blocks to wait for the other was, when woken, queued on the waker's CPU
//! just the same. [`poll_for`], [`receive`] and [`wait_here`] keep waiting threads where they
//! are.
//!
//! Elsewhere [`spawn_beside`] is an ordinary spawn.

use std::io;
use std::sync::mpsc::{Receiver, RecvError, TryRecvError};
use std::thread::{Builder, JoinHandle};
use std::time::{Duration, Instant};

/// Spawns `f` like [`Builder::spawn`], then has it start on a CPU other than the caller's
/// (see the module docs). Placement is best effort: where it cannot be done the thread runs
/// wherever the scheduler puts it.
pub(crate) fn spawn_beside<F, T>(builder: Builder, f: F) -> io::Result<JoinHandle<T>>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    imp::spawn_beside(builder, f)
}

/// How long [`poll_for`] polls. Evaluating a dialect's `.td` file takes a few milliseconds,
/// so most waits end within it; past it, a blocked thread's wake-up (0.1 ms) is a small part
/// of the run.
const SPIN_BUDGET: Duration = Duration::from_millis(20);

/// A yield that took longer than this ran another thread: the CPU is wanted elsewhere.
const CONTENDED: Duration = Duration::from_micros(50);

/// Polls `poll` until it returns something, yielding the CPU in between, for up to
/// [`SPIN_BUDGET`]; `None` if time ran out or another thread wants this CPU (then block,
/// through [`wait_here`]).
///
/// Waking a blocked thread cost about 0.1 ms on the benchmark machine (an idle vCPU has to be
/// woken), several times per run of a few milliseconds (when evaluation is done, when the
/// evaluating thread has rendered its last piece, whenever the lexer or the parser got ahead
/// of the other); a thread that polls reacts at once. But polling takes CPU time that other
/// processes may need (with four runs at a time on two CPUs, polling to the end of the budget
/// made the 42 dialect files take 265-300 ms against 248-267 ms with this rule), so polling
/// stops as soon as a yield gives the CPU to someone else.
pub(crate) fn poll_for<T>(mut poll: impl FnMut() -> Option<T>) -> Option<T> {
    let start = Instant::now();
    let idle = IDLE_WORK.get().copied();
    loop {
        if let Some(v) = poll() {
            return Some(v);
        }
        if start.elapsed() > SPIN_BUDGET {
            return None;
        }
        if !idle.is_some_and(|work| work()) {
            let before = Instant::now();
            std::thread::yield_now();
            if before.elapsed() > CONTENDED {
                return poll();
            }
        }
    }
}

/// Work a waiting thread may do between polls (see [`crate::set_idle_work`]).
pub(crate) static IDLE_WORK: std::sync::OnceLock<fn() -> bool> = std::sync::OnceLock::new();

/// Receives from `rx`: polls first ([`poll_for`]), then blocks through [`wait_here`].
pub(crate) fn receive<T>(rx: &Receiver<T>) -> Result<T, RecvError> {
    poll_for(|| match rx.try_recv() {
        Ok(v) => Some(Ok(v)),
        Err(TryRecvError::Empty) => None,
        Err(TryRecvError::Disconnected) => Some(Err(RecvError)),
    })
    .unwrap_or_else(|| wait_here(|| rx.recv()))
}

/// Runs `wait` (something that blocks until another thread has work for this one) with the
/// calling thread held on its current CPU, so that the wake-up brings it back there, instead
/// of queueing it behind the thread that woke it (see the module docs); the CPU mask is
/// restored afterwards.
pub(crate) fn wait_here<T>(wait: impl FnOnce() -> T) -> T {
    imp::wait_here(wait)
}

#[cfg(target_os = "linux")]
mod imp {
    use std::io;
    use std::mem::{size_of, zeroed};
    use std::os::unix::thread::JoinHandleExt;
    use std::sync::{Arc, Mutex};
    use std::thread::{Builder, JoinHandle};

    /// Whether the parent has moved the child, which then restores its mask. The parent holds
    /// the lock from before the spawn until it has moved the child: a child that starts at
    /// once (a new thread often preempts its parent on the parent's CPU) waits for that, and
    /// is woken where it was moved to.
    type Handshake = Arc<Mutex<bool>>;

    pub(super) fn spawn_beside<F, T>(builder: Builder, f: F) -> io::Result<JoinHandle<T>>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let Some((mask, other)) = mask_and_other_cpu().filter(|(mask, _)| machine_is_idle(mask))
        else {
            return builder.spawn(f);
        };
        let handshake: Handshake = Arc::new(Mutex::new(false));
        let in_child = handshake.clone();
        let Ok(mut moved) = handshake.lock() else {
            return builder.spawn(f);
        };
        let handle = builder.spawn(move || {
            if in_child.lock().is_ok_and(|moved| *moved) {
                set_own_mask(&mask);
            }
            f()
        })?;
        *moved = move_to(&handle, other);
        drop(moved);
        Ok(handle)
    }

    pub(super) fn wait_here<T>(wait: impl FnOnce() -> T) -> T {
        let Some((mask, here)) = mask_and_cpu() else {
            return wait();
        };
        set_own_mask(&only(here));
        let r = wait();
        set_own_mask(&mask);
        r
    }

    /// The calling thread's CPU mask and the CPU it runs on.
    fn mask_and_cpu() -> Option<(libc::cpu_set_t, usize)> {
        // SAFETY: cpu_set_t is a plain bit array; all zeros is the empty set.
        let mut mask: libc::cpu_set_t = unsafe { zeroed() };
        // SAFETY: the pointer and size describe `mask`, which the call fills.
        if unsafe { libc::sched_getaffinity(0, size_of::<libc::cpu_set_t>(), &mut mask) } != 0 {
            return None;
        }
        // SAFETY: no arguments; returns -1 on failure.
        let here = usize::try_from(unsafe { libc::sched_getcpu() }).ok()?;
        (here < libc::CPU_SETSIZE as usize).then_some((mask, here))
    }

    /// Whether a CPU is likely free. When every CPU is busy (a parallel build), one run spread
    /// over two CPUs does worse than two runs on one CPU each: with two runs at a time on two
    /// CPUs the 42 dialect files took 268-283 ms when every evaluation thread was moved, and
    /// 213-225 ms with no moves.
    ///
    /// The kernel's pressure-stall information says it best: the share of the last ten
    /// seconds in which some task waited for a CPU was 3-4% during one run after another and
    /// 26-38% with two at a time. Without it (kernels before 4.20, or PSI disabled), a
    /// snapshot of the running threads, this one and the shell that started ours included,
    /// against the CPUs allowed; a snapshot still let some moves through on a busy machine
    /// (242-255 ms in the same test).
    fn machine_is_idle(mask: &libc::cpu_set_t) -> bool {
        if let Some(pressure) = cpu_pressure() {
            return pressure < BUSY_PRESSURE;
        }
        // SAFETY: `mask` is a valid set.
        let allowed = usize::try_from(unsafe { libc::CPU_COUNT(mask) }).unwrap_or(0);
        // The fourth field of /proc/loadavg is "running/total" scheduling entities.
        let running = std::fs::read_to_string("/proc/loadavg").ok().and_then(|l| {
            let field = l.split_whitespace().nth(3)?;
            field.split('/').next()?.parse::<usize>().ok()
        });
        running.is_some_and(|r| r <= allowed)
    }

    /// Percent of the last ten seconds with some task waiting for a CPU above which the
    /// machine counts as busy.
    const BUSY_PRESSURE: f64 = 10.0;

    /// `some avg10` of /proc/pressure/cpu, if the kernel provides it.
    fn cpu_pressure() -> Option<f64> {
        parse_pressure(&std::fs::read_to_string("/proc/pressure/cpu").ok()?)
    }

    /// The `some avg10` value of a pressure file's text.
    pub(super) fn parse_pressure(text: &str) -> Option<f64> {
        let some = text.lines().find(|l| l.starts_with("some "))?;
        some.split_whitespace()
            .find_map(|field| field.strip_prefix("avg10="))?
            .parse()
            .ok()
    }

    /// The calling thread's CPU mask and an allowed CPU other than the one it runs on.
    fn mask_and_other_cpu() -> Option<(libc::cpu_set_t, usize)> {
        let (mask, here) = mask_and_cpu()?;
        let count = libc::CPU_SETSIZE as usize;
        (1..count)
            .map(|step| (here + step) % count)
            // SAFETY: `cpu` is below CPU_SETSIZE, the size of the set.
            .find(|&cpu| unsafe { libc::CPU_ISSET(cpu, &mask) })
            .map(|cpu| (mask, cpu))
    }

    /// The set of `cpu` alone; `cpu` is below CPU_SETSIZE (it came from a set or from
    /// `mask_and_cpu`).
    fn only(cpu: usize) -> libc::cpu_set_t {
        // SAFETY: cpu_set_t is a plain bit array; all zeros is the empty set, and `cpu` is in
        // range.
        let mut one: libc::cpu_set_t = unsafe { zeroed() };
        unsafe { libc::CPU_SET(cpu, &mut one) };
        one
    }

    /// Restricts the thread of `handle` to `cpu`; whether that worked.
    fn move_to<T>(handle: &JoinHandle<T>, cpu: usize) -> bool {
        let one = only(cpu);
        // SAFETY: the handle keeps the thread joinable, so its pthread_t is valid; the pointer
        // and size describe `one`.
        let r = unsafe {
            libc::pthread_setaffinity_np(handle.as_pthread_t(), size_of::<libc::cpu_set_t>(), &one)
        };
        r == 0
    }

    /// Gives the calling thread `mask` back.
    fn set_own_mask(mask: &libc::cpu_set_t) {
        // SAFETY: the pointer and size describe a valid set; failure leaves the thread pinned,
        // which only affects speed.
        unsafe { libc::sched_setaffinity(0, size_of::<libc::cpu_set_t>(), mask) };
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    use std::io;
    use std::thread::{Builder, JoinHandle};

    pub(super) fn wait_here<T>(wait: impl FnOnce() -> T) -> T {
        wait()
    }

    pub(super) fn spawn_beside<F, T>(builder: Builder, f: F) -> io::Result<JoinHandle<T>>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        builder.spawn(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The calling thread's allowed CPUs.
    #[cfg(target_os = "linux")]
    fn mask() -> Vec<usize> {
        // SAFETY: as in `mask_and_cpu`.
        let mut m: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        let size = std::mem::size_of::<libc::cpu_set_t>();
        assert_eq!(unsafe { libc::sched_getaffinity(0, size, &mut m) }, 0);
        (0..libc::CPU_SETSIZE as usize)
            .filter(|&c| unsafe { libc::CPU_ISSET(c, &m) })
            .collect()
    }
    #[cfg(not(target_os = "linux"))]
    fn mask() -> Vec<usize> {
        Vec::new()
    }

    #[test]
    fn waiting_here_pins_the_thread_for_the_wait_only() {
        let before = mask();
        let during = wait_here(mask);
        if cfg!(target_os = "linux") {
            assert_eq!(during.len(), 1, "pinned to one CPU while waiting");
            assert!(before.contains(&during[0]));
        }
        assert_eq!(mask(), before, "the mask is restored");
    }

    #[test]
    fn polling_returns_the_value_or_gives_up() {
        // Ready on the second try: found whether the first yield was contended (one more poll
        // before giving up) or not (polling goes on).
        let mut tries = 0;
        assert_eq!(
            poll_for(|| {
                tries += 1;
                (tries == 2).then_some(tries)
            }),
            Some(2)
        );
        // Never ready: ends when the budget is spent or the CPU is wanted elsewhere.
        assert_eq!(poll_for(|| None::<()>), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn cpu_pressure_is_read_from_the_some_line() {
        let text = "some avg10=37.77 avg60=13.05 avg300=4.94 total=202743180\n\
                    full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
        assert_eq!(imp::parse_pressure(text), Some(37.77));
        assert_eq!(imp::parse_pressure("full avg10=1.00\n"), None);
        assert_eq!(imp::parse_pressure("some avg10=x\n"), None);
    }

    #[test]
    fn the_helper_runs_and_ends_with_the_parents_cpu_mask() {
        for _ in 0..20 {
            let parent = mask();
            let h = spawn_beside(Builder::new(), mask).expect("spawn");
            assert_eq!(h.join().expect("join"), parent);
        }
    }
}
