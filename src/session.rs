//! A z3 session on its own thread, started at once: the thread creates its z3 context and
//! prepares the likely model ([`crate::solve::prepare`]) while the caller decodes and reads the
//! screenshot, then runs the work sent to it (solve, uniqueness proof, certify) and hands plain
//! data back over a channel. z3 objects are `!Send`, so everything z3 touches stays on that
//! thread; what crosses the channel is a closure in and its result out.
//!
//! A single screenshot pays z3's start-up (context creation, model building: about 10 ms on
//! the reference machine, see `docs/speed.md`) in parallel with decoding and reading instead of
//! after them. A batch does not need a session: each worker thread keeps its own models.

use crate::solve::{self, Shape, SolveOptions};
use std::sync::mpsc::{Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Options of [`Session::start`].
#[derive(Clone, Debug, PartialEq)]
pub struct SessionOptions {
    /// The models built ahead of the first job, once the context exists and only if no job
    /// is waiting by then. Default: the 6x6 Tango board ([`Shape::TANGO_6X6`]), LinkedIn's
    /// only Tango size; Queens sizes vary, so none.
    pub prepare: Vec<Shape>,
    /// Solver options used for the preparation (the jobs bring their own). Default:
    /// [`SolveOptions::default`].
    pub solve: SolveOptions,
    /// Stack size of the session thread, in bytes. Default 8388608 (8 MiB, a main thread's
    /// usual stack; z3 recurses over terms).
    pub stack_bytes: usize,
}

impl Default for SessionOptions {
    fn default() -> Self {
        SessionOptions {
            prepare: vec![Shape::TANGO_6X6],
            solve: SolveOptions::default(),
            stack_bytes: 8 << 20,
        }
    }
}

type Job = Box<dyn FnOnce() + Send>;

/// A thread that owns a z3 context. Dropping the session closes its channel and waits for the
/// thread to finish.
#[derive(Debug)]
pub struct Session {
    jobs: Option<Sender<Job>>,
    thread: Option<JoinHandle<()>>,
}

impl Session {
    /// Starts the session thread and its preparation. When the thread cannot be started, the
    /// session runs its jobs on the caller's thread instead (same results, no overlap).
    pub fn start(opts: &SessionOptions) -> Session {
        let (tx, rx) = channel::<Job>();
        let prepare = opts.prepare.clone();
        let solve_opts = opts.solve.clone();
        let spawned = std::thread::Builder::new()
            .name("z3-session".into())
            .stack_size(opts.stack_bytes)
            .spawn(move || {
                // A failed preparation is not an error of any job: the job builds its own model
                // and meets the same failure, typed, if it is real. The models are built only
                // when no job is waiting yet: a job that arrives first may need another model.
                let _ = solve::prepare(&[], &solve_opts);
                match rx.try_recv() {
                    Ok(job) => job(),
                    Err(TryRecvError::Empty) => {
                        let _ = solve::prepare(&prepare, &solve_opts);
                    }
                    Err(TryRecvError::Disconnected) => return,
                }
                for job in rx {
                    job();
                }
            });
        match spawned {
            Ok(handle) => Session {
                jobs: Some(tx),
                thread: Some(handle),
            },
            Err(_) => Session {
                jobs: None,
                thread: None,
            },
        }
    }

    /// Runs `f` on the session thread and returns its result. When the thread is gone (it
    /// could not start, or a job panicked), `f` runs on the caller's thread.
    pub fn run<R, F>(&self, f: F) -> R
    where
        R: Send + 'static,
        F: FnOnce() -> R + Send + 'static,
    {
        // The closure waits in a slot: the thread takes it, or the caller does when the
        // thread cannot.
        let slot = Arc::new(Mutex::new(Some(f)));
        let (reply_tx, reply_rx) = channel::<R>();
        let theirs = Arc::clone(&slot);
        let job: Job = Box::new(move || {
            let f = theirs.lock().ok().and_then(|mut s| s.take());
            if let Some(f) = f {
                let _ = reply_tx.send(f());
            }
        });
        let sent = self.jobs.as_ref().is_some_and(|tx| tx.send(job).is_ok());
        if sent && let Ok(r) = reply_rx.recv() {
            return r;
        }
        let f = slot.lock().ok().and_then(|mut s| s.take());
        match f {
            Some(f) => f(),
            None => panic_resume(),
        }
    }
}

/// The job took its closure and did not answer: it panicked on the session thread. The panic
/// is raised again here, on the caller's thread, as if the work had run here.
fn panic_resume() -> ! {
    std::panic::resume_unwind(Box::new("a job panicked on the z3 session thread"))
}

impl Drop for Session {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;

    #[test]
    fn documented_defaults() {
        crate::vision::check_documented_defaults(
            include_str!("session.rs"),
            "SessionOptions",
            &format!("{:?}", SessionOptions::default()),
        );
        let d = SessionOptions::default();
        assert_eq!(d.prepare, vec![Shape::TANGO_6X6]);
        assert_eq!(d.solve, SolveOptions::default());
        assert_eq!(d.stack_bytes, 8 << 20);
    }

    #[test]
    fn solves_on_its_own_thread_and_proves_uniqueness() {
        let p: Puzzle =
            crate::format::parse(include_str!("../fixtures/examples/tango-six-givens.txt"))
                .unwrap();
        let here = std::thread::current().id();
        let session = Session::start(&SessionOptions::default());
        let q = p.clone();
        let (report, there) = session.run(move || {
            (
                solve::solve(&q, &SolveOptions::default()),
                std::thread::current().id(),
            )
        });
        assert_ne!(here, there);
        let direct = solve::solve(&p, &SolveOptions::default()).unwrap();
        assert_eq!(direct.outcome.name(), "unique");
        assert_eq!(report.unwrap().outcome, direct.outcome);
    }
}
