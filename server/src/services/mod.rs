//! Workflows that more than one transaction or caller needs, between the HTTP layers
//! (`routes`, `storefront`) and the data layer: they decide what to write and write it through
//! `db`, and answer in `ApiError`.

pub mod checkout;
pub mod retention;
pub mod theme_save;
