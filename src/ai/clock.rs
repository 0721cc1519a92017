//! A millisecond clock that works natively and in the browser.
//!
//! `std::time::Instant` panics on `wasm32-unknown-unknown`, so the search never touches it
//! directly: it asks [`now_ms`], which is `Date.now()` there and `Instant` everywhere else
//! (natively and on WASI).

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod imp {
    use std::sync::OnceLock;
    use std::time::Instant;

    static EPOCH: OnceLock<Instant> = OnceLock::new();

    pub fn now_ms() -> f64 {
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
