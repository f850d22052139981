//! The order table's paging rule (editor-and-analytics.md §4): the page starts at 1; Next while
//! the page is below the page count; Previous while above 1; ignored while loading.

use shared_types::{PagingAction, PagingState};

/// The page after `action`; the same page when the action is not allowed.
pub fn page_after(state: PagingState, action: PagingAction) -> u32 {
    let page = state.page.max(1);
    if state.loading {
        return page;
    }
    match action {
        PagingAction::Next if page < state.page_count => page + 1,
        PagingAction::Previous if page > 1 => page - 1,
        _ => page,
    }
}
