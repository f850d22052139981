//! Workflows that more than one transaction or caller needs, between the HTTP layers
//! (`routes`, `storefront`) and the data layer: they decide what to write and write it through
//! `db`, and answer in `ApiError`; and the backups (`backup`), which the commands and the serving
//! process's schedule call.

pub mod backup;
pub mod checkout;
pub mod order_mail;
pub mod pictures;
pub mod retention;
pub mod theme_save;
