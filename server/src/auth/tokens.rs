//! Access tokens (short-lived JWTs signed with HS256, and only HS256 accepted) and refresh
//! tokens (random, opaque, stored hashed).

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// How long an access token is good for.
pub const ACCESS_TOKEN_SECONDS: i64 = 15 * 60;
/// How long a refresh token is good for.
pub const REFRESH_TOKEN_SECONDS: i64 = 30 * 24 * 60 * 60;

/// The claims of an access token.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AccessClaims {
    /// The user id.
    pub sub: String,
    /// The session id; the session must still be live for the token to be accepted.
    pub sid: String,
    /// Issued at and expiry, in seconds since the Unix epoch.
    pub iat: i64,
    pub exp: i64,
    /// Always "access", so no other kind of token can pass for one.
    pub typ: String,
    /// This token's own id: two tokens of one session issued within the same second differ
    /// (a renewal always gives a new token). Tokens from before it have none.
    #[serde(default)]
    pub jti: String,
}

/// How long a theme's preview link is good for.
pub const THEME_PREVIEW_SECONDS: i64 = 60 * 60;

/// The claims of a theme's preview link: which theme of which store may be shown.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PreviewClaims {
    /// The theme id.
    pub sub: String,
    /// The store the theme belongs to; the link shows nothing on another store's storefront.
    pub store: String,
    pub iat: i64,
    pub exp: i64,
    /// Always "theme-preview", so no access token can pass for a preview link or the reverse.
    pub typ: String,
}

/// The signing keys, derived from one secret.
#[derive(Clone)]
pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keys(..)")
    }
}

/// A token that failed to verify; the reason is not told to the client.
#[derive(Debug, thiserror::Error)]
#[error("invalid token")]
pub struct InvalidToken;

impl Keys {
    pub fn new(secret: &[u8]) -> Self {
        Keys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        }
    }

    /// Signs an access token for a session, valid from `now_s` (seconds).
    pub fn sign_access(
        &self,
        user_id: &str,
        session_id: &str,
        now_s: i64,
    ) -> Result<String, jsonwebtoken::errors::Error> {
        let claims = AccessClaims {
            sub: user_id.to_owned(),
            sid: session_id.to_owned(),
            iat: now_s,
            exp: now_s + ACCESS_TOKEN_SECONDS,
            typ: "access".to_owned(),
            jti: uuid::Uuid::new_v4().simple().to_string(),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
    }

    /// Checks signature, algorithm, expiry and kind.
    pub fn verify_access(&self, token: &str) -> Result<AccessClaims, InvalidToken> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let data = jsonwebtoken::decode::<AccessClaims>(token, &self.decoding, &validation)
            .map_err(|_| InvalidToken)?;
        if data.claims.typ != "access" {
            return Err(InvalidToken);
        }
        Ok(data.claims)
    }
}

impl Keys {
    /// Signs a preview link's token for a theme of a store, valid for `THEME_PREVIEW_SECONDS`.
    pub fn sign_preview(
        &self,
        store_id: &str,
        theme_id: &str,
        now_s: i64,
    ) -> Result<String, jsonwebtoken::errors::Error> {
        let claims = PreviewClaims {
            sub: theme_id.to_owned(),
            store: store_id.to_owned(),
            iat: now_s,
            exp: now_s + THEME_PREVIEW_SECONDS,
            typ: "theme-preview".to_owned(),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
    }

    /// Checks a preview link's signature, algorithm, expiry and kind.
    pub fn verify_preview(&self, token: &str) -> Result<PreviewClaims, InvalidToken> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let data = jsonwebtoken::decode::<PreviewClaims>(token, &self.decoding, &validation)
            .map_err(|_| InvalidToken)?;
        if data.claims.typ != "theme-preview" {
            return Err(InvalidToken);
        }
        Ok(data.claims)
    }
}

/// 32 random bytes, hex-encoded.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// The SHA-256 of a refresh token, hex-encoded: what the database keeps.
pub fn digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> i64 {
        i64::try_from(jsonwebtoken::get_current_timestamp()).expect("time fits")
    }

    #[test]
    fn a_preview_link_and_an_access_token_never_pass_for_each_other() {
        let keys = Keys::new(b"one secret of enough length for hs256");
        let preview = keys.sign_preview("store", "theme", now()).expect("sign");
        assert_eq!(keys.verify_preview(&preview).expect("valid").store, "store");
        assert!(keys.verify_access(&preview).is_err());
        let access = keys.sign_access("u1", "s1", now()).expect("sign");
        assert!(keys.verify_preview(&access).is_err());
        let old = keys
            .sign_preview("store", "theme", now() - THEME_PREVIEW_SECONDS - 1)
            .expect("sign");
        assert!(keys.verify_preview(&old).is_err());
    }

    #[test]
    fn a_fresh_token_verifies_with_its_key_only() {
        let keys = Keys::new(b"one secret of enough length for hs256");
        let token = keys.sign_access("u1", "s1", now()).expect("sign");
        assert_eq!(keys.verify_access(&token).expect("valid").sid, "s1");
        let other = Keys::new(b"another secret of enough length!!");
        assert!(other.verify_access(&token).is_err());
    }

    #[test]
    fn two_tokens_of_one_session_in_one_second_differ() {
        let keys = Keys::new(b"one secret of enough length for hs256");
        let at = now();
        let first = keys.sign_access("u1", "s1", at).expect("sign");
        let second = keys.sign_access("u1", "s1", at).expect("sign");
        assert_ne!(first, second);
        assert_eq!(keys.verify_access(&second).expect("valid").sid, "s1");
    }

    #[test]
    fn an_expired_token_is_refused() {
        let keys = Keys::new(b"one secret of enough length for hs256");
        let token = keys
            .sign_access("u1", "s1", now() - ACCESS_TOKEN_SECONDS - 1)
            .expect("sign");
        assert!(keys.verify_access(&token).is_err());
    }

    #[test]
    fn an_unsigned_token_is_refused() {
        let keys = Keys::new(b"one secret of enough length for hs256");
        // {"alg":"none","typ":"JWT"} . {"sub":"u1","sid":"s1","iat":0,"exp":99999999999,"typ":"access"} .
        let unsigned = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ1MSIsInNpZCI6InMxIiwiaWF0IjowLCJleHAiOjk5OTk5OTk5OTk5LCJ0eXAiOiJhY2Nlc3MifQ.";
        assert!(keys.verify_access(unsigned).is_err());
    }

    #[test]
    fn digests_are_stable_and_distinct() {
        assert_eq!(digest("a"), digest("a"));
        assert_ne!(digest("a"), digest("b"));
        assert_ne!(random_token(), random_token());
    }
}
