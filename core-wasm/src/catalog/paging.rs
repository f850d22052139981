//! Paging: every list of the API pages by one rule.

/// The most items a list call returns in one page.
pub const PAGE_LIMIT_MAX: u32 = 250;

/// One page of a list: its number from 1, its size and the rows before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    pub page: u32,
    pub limit: u32,
    pub offset: i64,
}

/// The page a list call asked for: `page` from 1 (default 1), `limit` from 1 to
/// `PAGE_LIMIT_MAX` (default `default`); anything else is refused with the reason. Every
/// list of the API pages by this one rule.
pub fn paging(page: Option<u32>, limit: Option<u32>, default: u32) -> Result<Paging, String> {
    let page = page.unwrap_or(1);
    let limit = limit.unwrap_or(default);
    if page == 0 || !(1..=PAGE_LIMIT_MAX).contains(&limit) {
        return Err(format!(
            "page starts at 1 and limit is 1 to {PAGE_LIMIT_MAX}."
        ));
    }
    Ok(Paging {
        page,
        limit,
        offset: i64::from(page - 1) * i64::from(limit),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_counts_from_one_and_its_limit_is_bounded() {
        let window = |page, limit| paging(page, limit, 20);
        assert_eq!(
            window(None, None),
            Ok(Paging {
                page: 1,
                limit: 20,
                offset: 0
            })
        );
        assert_eq!(
            window(Some(3), Some(10)),
            Ok(Paging {
                page: 3,
                limit: 10,
                offset: 20
            })
        );
        assert_eq!(
            window(Some(2), Some(PAGE_LIMIT_MAX)).map(|p| p.offset),
            Ok(250)
        );
        let refused = Err("page starts at 1 and limit is 1 to 250.".to_owned());
        assert_eq!(window(Some(0), None), refused);
        assert_eq!(window(None, Some(0)), refused);
        assert_eq!(window(None, Some(PAGE_LIMIT_MAX + 1)), refused);
        let last = window(Some(u32::MAX), Some(PAGE_LIMIT_MAX)).map(|p| p.offset);
        assert_eq!(last, Ok(i64::from(u32::MAX - 1) * 250));
    }
}
