//! The theme config: typed model of every page, section and settings group.
