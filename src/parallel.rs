//! Runs independent work items on worker threads and gives the results back in input order,
//! so that a batch prints the same output whatever the number of threads.

/// Runs `f` over `items` on `threads` worker threads (0: one per core) and returns the results
/// in input order. `tick` is called after each item (from the worker threads), e.g. to advance
/// a progress bar.
pub fn run_ordered<T, R, F>(items: &[T], threads: usize, tick: &(dyn Fn() + Sync), f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync + Send,
{
    use rayon::prelude::*;
    let work = |x: &T| {
        let r = f(x);
        tick();
        r
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| items.par_iter().map(work).collect()),
        Err(_) => items.iter().map(work).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordered_results_whatever_the_thread_count() {
        let items: Vec<u64> = (0..200).collect();
        let f = |x: &u64| x * x;
        let one = run_ordered(&items, 1, &|| {}, f);
        let two = run_ordered(&items, 2, &|| {}, f);
        assert_eq!(one, two);
        assert_eq!(one[17], 289);
    }
}
