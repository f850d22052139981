//! Metrics an operator can watch, in Prometheus' text format at `GET /metrics` (README.md,
//! "Operations"; docs/decisions.md). `record` holds the metrics' names and the calls that count
//! (the ingest, the mail sender, sign-in and the request layer call them); `serve` answers the
//! scrape, on the public port to a bearer token (`METRICS_TOKEN`) or on a private address of its
//! own (`METRICS_ADDR`), and reads the gauges that are cheap to read at that moment.
//!
//! Nothing is recorded unless metrics are served: until a recorder is installed the counting
//! calls do nothing.

pub mod record;
pub mod serve;
