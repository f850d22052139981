//! Page-at-a-time lists by the core's one paging rule (`core_wasm::catalog::paging`): `page`
//! counts from 1 and `limit` is 1 to 250, with a default per list; anything else is a 400.

use core_wasm::catalog::Paging;

use crate::error::ApiError;

/// Checks `page` and `limit` (absent: page 1, `default_limit`).
pub fn page(page: Option<u32>, limit: Option<u32>, default_limit: u32) -> Result<Paging, ApiError> {
    core_wasm::catalog::paging(page, limit, default_limit).map_err(|e| ApiError::Invalid(vec![e]))
}
