//! The theme document engine (editor-and-analytics.md §2.3-2.4, §3.2-3.4, §4, §5, §9).
