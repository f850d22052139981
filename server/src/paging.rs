//! Page-at-a-time lists: `page` counts from 1 and `limit` is 1 to 100, with a default per list.

use crate::error::ApiError;

/// The largest page a list call returns.
pub const MAX_LIMIT: u32 = 100;

/// A checked page: how many rows and from which row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub limit: i64,
    pub offset: i64,
}

/// Checks `page` and `limit` (absent: page 1, `default_limit`).
pub fn page(page: Option<u32>, limit: Option<u32>, default_limit: u32) -> Result<Page, ApiError> {
    let page = page.unwrap_or(1);
    let limit = limit.unwrap_or(default_limit);
    if page == 0 || !(1..=MAX_LIMIT).contains(&limit) {
        return Err(ApiError::Invalid(vec![format!(
            "page starts at 1 and limit is 1 to {MAX_LIMIT}."
        )]));
    }
    Ok(Page {
        limit: i64::from(limit),
        offset: i64::from(page - 1) * i64::from(limit),
    })
}
