//! A millisecond clock that works natively and in the browser.
//!
//! `std::time::Instant` panics on `wasm32-unknown-unknown`, so the search never touches it
//! directly: it asks [`now_ms`], which is `Date.now()` there and `Instant` everywhere else
//! (natively and on WASI).

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod imp {
    use std::cell::Cell;
    use std::sync::OnceLock;
    use std::time::Instant;

    static EPOCH: OnceLock<Instant> = OnceLock::new();

    thread_local! {
        /// `(now, step)` of a [`super::ManualClock`] installed on this thread.
        pub static MANUAL: Cell<Option<(f64, f64)>> = const { Cell::new(None) };
    }

    pub fn now_ms() -> f64 {
        if let Some((now, step)) = MANUAL.get() {
            MANUAL.set(Some((now + step, step)));
            return now;
        }
        let epoch = EPOCH.get_or_init(Instant::now);
        epoch.elapsed().as_secs_f64() * 1000.0
    }
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod imp {
    pub fn now_ms() -> f64 {
        // Date.now() is available in every JS environment (window, worker, Node), unlike
        // performance.now(), and never throws.
        js_sys::Date::now()
    }
}

/// Milliseconds since an arbitrary fixed point; only differences are meaningful.
pub fn now_ms() -> f64 {
    imp::now_ms()
}

/// A deadline measured from its creation.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    start: f64,
}

impl Stopwatch {
    /// Starts timing now.
    pub fn start() -> Stopwatch {
        Stopwatch { start: now_ms() }
    }

    /// Milliseconds since [`Stopwatch::start`] (never negative, even if the clock steps back).
    pub fn elapsed_ms(&self) -> f64 {
        (now_ms() - self.start).max(0.0)
    }
}

/// A clock for tests of time budgets that must not depend on the machine's speed: while it is
/// installed, [`now_ms`] on this thread starts at 0 and every read advances it by `step_ms`,
/// so a search given `timeMs` stops after a number of clock reads (hence of nodes) that the
/// test can compute. Dropping it brings the real clock back. Native builds only: in the
/// browser the clock is `Date.now()`.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[derive(Debug)]
#[must_use = "the manual clock is uninstalled when this guard is dropped"]
pub struct ManualClock {
    previous: Option<(f64, f64)>,
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl ManualClock {
    /// Installs a manual clock on the calling thread, advancing `step_ms` a read.
    pub fn install(step_ms: f64) -> ManualClock {
        let previous = imp::MANUAL.replace(Some((0.0, step_ms)));
        ManualClock { previous }
    }

    /// How many times the clock has been read since it was installed.
    pub fn reads(&self) -> u64 {
        imp::MANUAL.get().map_or(0, |(now, step)| {
            if step > 0.0 {
                (now / step).round() as u64
            } else {
                0
            }
        })
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Drop for ManualClock {
    fn drop(&mut self) {
        imp::MANUAL.set(self.previous);
    }
}
