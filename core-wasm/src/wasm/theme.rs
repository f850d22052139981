//! Exports of the theme document engine: the resident `ThemeEditor`.
