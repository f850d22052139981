//! Password hashing with Argon2id (19 MiB, 2 passes, 1 lane: OWASP's first recommendation).
//! Hashing runs on the blocking pool so it never stalls the request threads.

use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::error::ApiError;

fn hasher() -> Argon2<'static> {
    // The parameters are constants known to be valid; `Params::DEFAULT` is the fallback.
    let params = Params::new(19 * 1024, 2, 1, None).unwrap_or(Params::DEFAULT);
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password into a PHC string that records its own parameters and salt.
pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        hasher()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(ApiError::internal)
    })
    .await
    .map_err(ApiError::internal)?
}

/// Whether `password` matches the PHC string `hash`. A malformed hash never matches.
pub async fn verify(password: String, hash: String) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        let Ok(parsed) = PasswordHash::new(&hash) else {
            return false;
        };
        hasher()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
    .await
    .map_err(ApiError::internal)
}
