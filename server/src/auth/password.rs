//! Password hashing with Argon2id (19 MiB, 2 passes, 1 lane: OWASP's first recommendation).
//! Hashes run on a few threads of their own, one per core, never on the request threads, and
//! never more at once than there are cores: each holds 19 MiB, so a burst of sign-ins would
//! otherwise take memory without bound. Own threads also bound what the C allocator keeps after
//! a hash (it keeps freed blocks per thread arena; the shared blocking pool would spread them
//! over up to 16 arenas). A request that waits longer than `PERMIT_WAIT` for its turn is
//! answered 503 with `Retry-After` (`ApiError::Busy`). This bound is the process's own use of
//! its cores, not state: it holds nothing between requests.

use std::sync::mpsc;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use tokio::sync::{Semaphore, oneshot};

use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::error::ApiError;

/// How long a request waits for a hashing turn before it is told to come back.
pub const PERMIT_WAIT: Duration = Duration::from_secs(5);

type Job = Box<dyn FnOnce() + Send>;

/// The hashing threads and the permits to use them: one of each per core.
struct Hashers {
    permits: Arc<Semaphore>,
    jobs: Mutex<mpsc::Sender<Job>>,
}

static HASHERS: LazyLock<Hashers> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    let (sender, receiver) = mpsc::channel::<Job>();
    let receiver = Arc::new(Mutex::new(receiver));
    for n in 0..cores {
        let receiver = Arc::clone(&receiver);
        let spawned = std::thread::Builder::new()
            .name(format!("password-hash-{n}"))
            .spawn(move || {
                loop {
                    // A poisoned lock only means another hasher panicked while waiting.
                    let job = match receiver.lock() {
                        Ok(guard) => guard.recv(),
                        Err(poisoned) => poisoned.into_inner().recv(),
                    };
                    match job {
                        Ok(job) => job(),
                        Err(_) => return,
                    }
                }
            });
        if let Err(error) = spawned {
            tracing::error!(%error, "a password-hashing thread did not start");
        }
    }
    Hashers {
        permits: Arc::new(Semaphore::new(cores)),
        jobs: Mutex::new(sender),
    }
});

/// Runs `work` on a hashing thread once a permit is free; the permit is held by the work
/// itself, so a client that hangs up does not free it early.
async fn bounded<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let hashers = &*HASHERS;
    let permit = tokio::time::timeout(PERMIT_WAIT, Arc::clone(&hashers.permits).acquire_owned())
        .await
        .map_err(|_| ApiError::Busy { retry_after: 1 })?
        .map_err(ApiError::internal)?;
    let (done, result) = oneshot::channel();
    let job: Job = Box::new(move || {
        let _permit = permit;
        // The asker may have hung up; then nobody needs the answer.
        let _ = done.send(work());
    });
    hashers
        .jobs
        .lock()
        .map_err(|_| ApiError::internal("the hashing queue is poisoned"))?
        .send(job)
        .map_err(ApiError::internal)?;
    result.await.map_err(ApiError::internal)
}

fn hasher() -> Argon2<'static> {
    // The parameters are constants known to be valid; `Params::DEFAULT` is the fallback.
    let params = Params::new(19 * 1024, 2, 1, None).unwrap_or(Params::DEFAULT);
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password into a PHC string that records its own parameters and salt.
pub async fn hash(password: String) -> Result<String, ApiError> {
    bounded(move || {
        let salt = SaltString::generate(&mut OsRng);
        hasher()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(ApiError::internal)
    })
    .await?
}

/// Whether `password` matches the PHC string `hash`. A malformed hash never matches.
pub async fn verify(password: String, hash: String) -> Result<bool, ApiError> {
    bounded(move || {
        let Ok(parsed) = PasswordHash::new(&hash) else {
            return false;
        };
        hasher()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
    .await
}
