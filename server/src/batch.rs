//! Lookups gathered into batches: many tasks asking for different keys at once share one
//! query instead of one round trip each.
//!
//! When a process dies, up to every socket it had arrives at a survivor within a second,
//! each needing its token's player and its room: a [`Batcher`] turns those thousands of
//! lookups into a few dozen queries. Each key has at most one lookup in flight (a second
//! caller for it waits for the first one's answer), and at most `concurrent` batches run at
//! once: while they run the queue grows, so the busier the store, the bigger the batches.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use tokio::sync::{Semaphore, oneshot};

/// What a caller hears: the key's value (`None`: the batch did not find it), or the
/// batch's error.
type Answer<V, E> = Result<Option<V>, E>;

/// Keys waiting for a lookup, and who waits for each.
struct Pending<K, V, E> {
    waiting: HashMap<K, Vec<oneshot::Sender<Answer<V, E>>>>,
    queue: Vec<K>,
}

/// Coalesces lookups by key into batches (see the module's documentation).
pub struct Batcher<K, V, E> {
    pending: Mutex<Pending<K, V, E>>,
    running: Semaphore,
    max: usize,
}

impl<K, V, E> Batcher<K, V, E>
where
    K: Eq + Hash + Clone + Send + 'static,
    V: Clone + Send + 'static,
    E: Clone + Send + 'static,
{
    /// A batcher running at most `concurrent` batches at once, each of at most `max` keys.
    pub fn new(concurrent: usize, max: usize) -> Arc<Self> {
        Arc::new(Batcher {
            pending: Mutex::new(Pending {
                waiting: HashMap::new(),
                queue: Vec::new(),
            }),
            running: Semaphore::new(concurrent.max(1)),
            max: max.max(1),
        })
    }

    /// The value of `key`. `fetch` is called with a batch of keys (this one and whatever
    /// others wait then) and answers those it found; it runs in a task of its own, so a
    /// caller that stops waiting does not stop the batch the others wait for.
    pub async fn get<F, Fut>(self: &Arc<Self>, key: K, fetch: F) -> Answer<V, E>
    where
        F: FnOnce(Vec<K>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<HashMap<K, V>, E>> + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let first = {
            let mut p = self.pending.lock().unwrap_or_else(|e| e.into_inner());
            match p.waiting.get_mut(&key) {
                Some(w) => {
                    w.push(tx);
                    false
                }
                None => {
                    p.waiting.insert(key.clone(), vec![tx]);
                    p.queue.push(key);
                    true
                }
            }
        };
        if first {
            let me = self.clone();
            tokio::spawn(async move { me.run(fetch).await });
        }
        // The sender is only dropped unanswered if the batch's task panicked.
        match rx.await {
            Ok(a) => a,
            Err(_) => Ok(None),
        }
    }

    /// Is a lookup of `key` waiting or running?
    pub fn pending<Q>(&self, key: &Q) -> bool
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let p = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        p.waiting.contains_key(key)
    }

    /// Takes the queued keys (up to `max`) once a batch may run, fetches and answers them.
    /// Each new key starts one of these; most find the queue already taken by an earlier one.
    async fn run<F, Fut>(self: Arc<Self>, fetch: F)
    where
        F: FnOnce(Vec<K>) -> Fut,
        Fut: Future<Output = Result<HashMap<K, V>, E>>,
    {
        let Ok(_permit) = self.running.acquire().await else {
            return;
        };
        let batch: Vec<K> = {
            let mut p = self.pending.lock().unwrap_or_else(|e| e.into_inner());
            let n = p.queue.len().min(self.max);
            p.queue.drain(..n).collect()
        };
        if batch.is_empty() {
            return;
        }
        let found = fetch(batch.clone()).await;
        let mut p = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        for k in batch {
            let answer = match &found {
                Ok(m) => Ok(m.get(&k).cloned()),
                Err(e) => Err(e.clone()),
            };
            for w in p.waiting.remove(&k).unwrap_or_default() {
                let _ = w.send(answer.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_lookups_share_batches_and_each_gets_its_own_answer() {
        let b: Arc<Batcher<u32, u32, String>> = Batcher::new(1, 100);
        let calls = Arc::new(AtomicUsize::new(0));
        // Hold the only batch slot so that every lookup below queues behind it.
        let gate = Arc::new(tokio::sync::Notify::new());
        let first = {
            let (b, gate, calls) = (b.clone(), gate.clone(), calls.clone());
            tokio::spawn(async move {
                b.get(0, move |keys| async move {
                    calls.fetch_add(1, Ordering::SeqCst);
                    gate.notified().await;
                    Ok(keys.into_iter().map(|k| (k, k * 10)).collect())
                })
                .await
            })
        };
        while calls.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        let mut asks = Vec::new();
        // 1..=20, with 5 asked twice; 13 is never found.
        for k in (1..=20).chain([5]) {
            let (b, calls) = (b.clone(), calls.clone());
            asks.push(tokio::spawn(async move {
                b.get(k, move |keys| async move {
                    calls.fetch_add(1, Ordering::SeqCst);
                    Ok(keys
                        .into_iter()
                        .filter(|k| *k != 13)
                        .map(|k| (k, k * 10))
                        .collect())
                })
                .await
            }));
        }
        // Every lookup is queued (the slot is held) before the gate opens.
        loop {
            let queued = b.pending.lock().unwrap().queue.len();
            if queued == 20 {
                break;
            }
            tokio::task::yield_now().await;
        }
        gate.notify_one();
        assert_eq!(first.await.unwrap(), Ok(Some(0)));
        let mut got = Vec::new();
        for a in asks {
            got.push(a.await.unwrap());
        }
        let want: Vec<Answer<u32, String>> = (1..=20)
            .chain([5])
            .map(|k| Ok((k != 13).then_some(k * 10)))
            .collect();
        assert_eq!(got, want);
        // One batch for key 0, one for the 20 distinct keys queued behind it.
        assert_eq!(calls.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_failed_batch_answers_its_error_to_every_caller() {
        let b: Arc<Batcher<u32, u32, String>> = Batcher::new(2, 10);
        let a = b
            .get(7, |_| async {
                Err::<HashMap<u32, u32>, _>("down".to_string())
            })
            .await;
        assert_eq!(a, Err("down".to_string()));
        // Nothing stays pending: the next lookup of the key runs a new batch.
        let a = b
            .get(7, |keys| async move {
                Ok(keys.into_iter().map(|k| (k, 1)).collect())
            })
            .await;
        assert_eq!(a, Ok(Some(1)));
    }
}
