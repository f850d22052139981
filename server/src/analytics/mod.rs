//! The analytics pipeline: storefront events in ([`ingest`]), hourly rollups kept up to date as
//! events and paid orders arrive (`db::rollups`), held in each process's memory as running
//! totals checked against the database ([`index`]), and the Overview's figures out ([`query`],
//! [`figures`]), all through the core's math. [`demo`] makes realistic traffic for the demo
//! stores. The SQL of each lives in the data layer (`db::events`, `db::rollups`,
//! `db::overview`, `db::demo_traffic`).

pub mod demo;
pub mod figures;
pub mod geo;
pub mod index;
pub mod ingest;
pub mod query;
