//! The server's configuration, read once from the environment. README.md lists every variable.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

/// Everything the server needs to know about where it runs.
#[derive(Debug, Clone)]
pub struct Config {
    /// `DATABASE_URL`: a `sqlite://` path or a `postgres://` URL.
    pub database_url: String,
    /// `HOST` and `PORT`: where to listen.
    pub listen: SocketAddr,
    /// `STATIC_DIR`: the built admin UI, served under `/admin`.
    pub static_dir: PathBuf,
    /// `OPERATOR_EMAIL_DOMAIN`: users with an e-mail at this domain see the full menu.
    pub operator_email_domain: String,
    /// `STORE_DOMAIN_SUFFIX`: a store's system domain is `{subdomain}.{suffix}`.
    pub store_domain_suffix: String,
    /// `STORELOOM_DEMO`: seed the demo accounts on first start unless `0`.
    pub seed_demo: bool,
    /// `PUBLIC_URL`: the address people reach the admin at; e-mailed links start with it.
    pub public_url: String,
    /// `SIGNUP_KEY`: the value of `sk` that opens registration; empty closes it.
    pub signup_key: String,
    /// `SMTP_URL`: where e-mail is sent (`smtp://host:25`, `smtp://user:pass@host:587?tls=required`,
    /// `smtps://host:465`); unset, e-mail stays in the outbox for the development mailbox.
    pub smtp_url: Option<String>,
    /// `SMTP_FROM`: the sender of e-mail (default `Storeloom <no-reply@{OPERATOR_EMAIL_DOMAIN}>`).
    pub smtp_from: String,
    /// `PUBLIC_IPS`: the addresses a custom domain's DNS must point at to be verified
    /// (comma-separated; empty: no domain can be verified).
    pub public_ips: Vec<IpAddr>,
    /// `DEV_MAILBOX`: show queued e-mail at `/api/dev/mailbox` (`1`; off by default). Refused
    /// with `TRUST_PROXY_HEADERS=1`, a `PUBLIC_URL` or a `HOST` that is not loopback: the
    /// mailbox hands out every reset and activation link.
    pub dev_mailbox: bool,
    /// `TRUST_PROXY_HEADERS`: take the client address from `X-Forwarded-For` (behind a proxy).
    pub trust_proxy_headers: bool,
    /// `TRUSTED_PROXIES`: the networks (CIDR, comma-separated) of the proxies in front of the
    /// server (default loopback). With `TRUST_PROXY_HEADERS=1`, the client is the right-most
    /// `X-Forwarded-For` address that is not one of them.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// `JWT_SECRET`: the key that signs access tokens. When unset, a random key is made once and
    /// kept in the database, so every server process on that database shares it.
    pub jwt_secret: Option<String>,
    /// `UPLOAD_DIR`: where uploaded and seeded images are kept, served under `/uploads`.
    pub upload_dir: PathBuf,
    /// `STORELOOM_DEMO_CATALOG`: seed the Demo Store's full catalog (60 products, a few hundred
    /// orders) with the demo accounts; off, it gets the small catalog the tests use.
    pub demo_catalog: bool,
    /// `GEOIP_CSV`: a CSV of address ranges and countries (`first,last,country`, as the free
    /// IP-to-country lists ship) for the analytics pipeline's country of a visit when no
    /// trusted proxy header names one.
    pub geoip_csv: Option<PathBuf>,
    /// `STORELOOM_DEMO_TRAFFIC`: with the demo data, give the Demo Store 90 days of storefront
    /// traffic (`1`, the default, or `history`) and, with `1`, a trickle of new visits while the
    /// server runs; `0` neither.
    pub demo_traffic: bool,
    pub demo_trickle: bool,
    /// `STOREFRONT_HOSTS`: with `1`, a request on `{subdomain}.{STORE_DOMAIN_SUFFIX}` or on a
    /// store's custom domain is that store's storefront (it is always at `/s/{subdomain}/`).
    pub storefront_hosts: bool,
    /// `INGEST_ADDRESS_LIMIT`: storefront event batches one client address may send per second
    /// (default 50); raise it where many shoppers share one address that no trusted proxy header
    /// tells apart.
    pub ingest_address_limit: i64,
    /// `STORE_LIMIT`: how many stores one account may own unless an operator gave it another
    /// limit (default 10, the core's `DEFAULT_STORE_LIMIT`).
    pub store_limit: i64,
    /// `CHECKOUT_ADDRESS_LIMIT`: storefront checkouts one client address may submit per minute
    /// (default 10), counted in the database so that every server process shares the count.
    pub checkout_address_limit: i64,
    /// `UPLOAD_QUOTA_BYTES`: the most bytes of uploaded images one store may keep (default
    /// 1 GiB, `UPLOAD_QUOTA_BYTES_DEFAULT`); an upload past it is refused with 413.
    pub upload_quota_bytes: i64,
    /// `DNS_SERVER`: the DNS server (`ip` or `ip:port`) that domain checks ask, instead of the
    /// system's resolvers.
    pub dns_server: Option<SocketAddr>,
    /// `SUPPORT_EMAILS`: the support staff's addresses (comma-separated, at most two, §6's
    /// allow-list); a member signed in with one sees the editor's full settings (the test
    /// panel). Empty by default.
    pub support_emails: Vec<String>,
    /// How long what only grows is kept, and how often it is pruned (README, "Retention").
    pub retention: Retention,
    /// `BACKUP_DIR`, `BACKUP_EVERY`, `BACKUP_KEEP`: scheduled backups, when `BACKUP_DIR` is set.
    pub backups: Option<BackupSchedule>,
    /// `METRICS_ADDR` and `METRICS_TOKEN`: where and to whom `/metrics` is served.
    pub metrics: MetricsConfig,
}

/// How long data that only grows is kept, each from its own variable (a duration such as
/// `30d`, `12h`, `10m` or `45s`), and how often one process prunes it.
#[derive(Debug, Clone)]
pub struct Retention {
    /// `RETAIN_ANALYTICS_EVENTS` (30d): raw storefront events other than each session's first of
    /// each kind (the reports read the firsts and the rollups, kept for ever).
    pub analytics_events: Duration,
    /// `RETAIN_THEME_DRAFTS` (30d): a user's theme draft not written for this long.
    pub theme_drafts: Duration,
    /// `RETAIN_CHECKOUT_DRAFTS` (180d): checkout drafts (the abandoned checkouts' list) not
    /// changed for this long.
    pub checkout_drafts: Duration,
    /// `RETAIN_SENT_MAIL` (14d): mail sent, or given up on, this long ago.
    pub sent_mail: Duration,
    /// `RETAIN_ENDED_ACCESS` (7d): sessions ended, one-time tokens spent or expired, and sign-in
    /// failures, this long ago.
    pub ended_access: Duration,
    /// `RETAIN_LIVE_COMMANDS` (7d): live editing's commands no editor can still need.
    pub live_commands: Duration,
    /// `MAINTENANCE_EVERY` (10m): how often one process prunes and checkpoints SQLite's log.
    pub every: Duration,
}

impl Retention {
    /// The defaults README states.
    pub fn defaults() -> Self {
        let days = |n: u64| Duration::from_secs(n * 86_400);
        Retention {
            analytics_events: days(30),
            theme_drafts: days(30),
            checkout_drafts: days(180),
            sent_mail: days(14),
            ended_access: days(7),
            live_commands: days(7),
            every: Duration::from_secs(600),
        }
    }

    fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let defaults = Retention::defaults();
        let read = |name: &'static str, default: Duration| match lookup(name)
            .filter(|v| !v.trim().is_empty())
        {
            None => Ok(default),
            Some(text) => parse_duration(&text).ok_or(ConfigError {
                name,
                value: text,
                reason: "expected a duration such as 30d, 12h, 10m or 45s",
            }),
        };
        Ok(Retention {
            analytics_events: read("RETAIN_ANALYTICS_EVENTS", defaults.analytics_events)?,
            theme_drafts: read("RETAIN_THEME_DRAFTS", defaults.theme_drafts)?,
            checkout_drafts: read("RETAIN_CHECKOUT_DRAFTS", defaults.checkout_drafts)?,
            sent_mail: read("RETAIN_SENT_MAIL", defaults.sent_mail)?,
            ended_access: read("RETAIN_ENDED_ACCESS", defaults.ended_access)?,
            live_commands: read("RETAIN_LIVE_COMMANDS", defaults.live_commands)?,
            every: read("MAINTENANCE_EVERY", defaults.every)?.max(Duration::from_secs(1)),
        })
    }
}

/// A duration written as a whole number and a unit: `s`, `m`, `h` or `d`.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let unit = text.chars().last()?;
    let number: u64 = text[..text.len() - unit.len_utf8()].trim().parse().ok()?;
    let seconds = match unit {
        's' => 1,
        'm' => 60,
        'h' => 3_600,
        'd' => 86_400,
        _ => return None,
    };
    number.checked_mul(seconds).map(Duration::from_secs)
}

/// The images one store may keep by default: 1 GiB.
pub const UPLOAD_QUOTA_BYTES_DEFAULT: i64 = 1024 * 1024 * 1024;

/// Checkouts one client address may submit per minute by default.
pub const CHECKOUT_ADDRESS_LIMIT_PER_MINUTE: i64 = 10;

/// The default SQLite file, relative to the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/storeloom.db";

/// The default sign-up key: registration is at `/admin/auth/register?sk=welcome`.
pub const DEFAULT_SIGNUP_KEY: &str = "welcome";

/// A variable that is set but cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{name}={value:?} is not valid: {reason}")]
pub struct ConfigError {
    name: &'static str,
    value: String,
    reason: &'static str,
}

impl Config {
    /// Reads the configuration from the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the configuration through `lookup`, so tests need not touch the real environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |name: &str, default: &str| {
            lookup(name)
                .filter(|v| !v.trim().is_empty())
                .unwrap_or_else(|| default.to_owned())
        };
        let port_text = get("PORT", "8080");
        let port = port_text.parse::<u16>().map_err(|_| ConfigError {
            name: "PORT",
            value: port_text.clone(),
            reason: "expected a port number",
        })?;
        let host_text = get("HOST", "127.0.0.1");
        let host = host_text.parse::<IpAddr>().map_err(|_| ConfigError {
            name: "HOST",
            value: host_text.clone(),
            reason: "expected an IP address",
        })?;
        let database_url = get("DATABASE_URL", DEFAULT_DATABASE_URL);
        if !(database_url.starts_with("sqlite:")
            || database_url.starts_with("postgres://")
            || database_url.starts_with("postgresql://"))
        {
            return Err(ConfigError {
                name: "DATABASE_URL",
                value: database_url,
                reason: "expected a sqlite: or postgres:// URL",
            });
        }
        let seed_text = get("STORELOOM_DEMO", "1");
        let limit_text = get(
            "INGEST_ADDRESS_LIMIT",
            &crate::analytics::ingest::ADDRESS_LIMIT_PER_SECOND.to_string(),
        );
        let ingest_address_limit = limit_text
            .parse::<i64>()
            .ok()
            .filter(|limit| *limit > 0)
            .ok_or(ConfigError {
                name: "INGEST_ADDRESS_LIMIT",
                value: limit_text.clone(),
                reason: "expected a positive number",
            })?;
        let store_limit_text = get(
            "STORE_LIMIT",
            &core_wasm::limits::DEFAULT_STORE_LIMIT.to_string(),
        );
        let store_limit = store_limit_text
            .parse::<i64>()
            .ok()
            .filter(|limit| core_wasm::shell::addresses::check_store_limit(*limit).is_none())
            .ok_or(ConfigError {
                name: "STORE_LIMIT",
                value: store_limit_text.clone(),
                reason: "expected a whole number from 1 to 10000",
            })?;
        let checkout_text = get(
            "CHECKOUT_ADDRESS_LIMIT",
            &CHECKOUT_ADDRESS_LIMIT_PER_MINUTE.to_string(),
        );
        let checkout_address_limit = checkout_text
            .parse::<i64>()
            .ok()
            .filter(|limit| *limit > 0)
            .ok_or(ConfigError {
                name: "CHECKOUT_ADDRESS_LIMIT",
                value: checkout_text.clone(),
                reason: "expected a positive number",
            })?;
        let quota_text = get(
            "UPLOAD_QUOTA_BYTES",
            &UPLOAD_QUOTA_BYTES_DEFAULT.to_string(),
        );
        let upload_quota_bytes = quota_text
            .parse::<i64>()
            .ok()
            .filter(|quota| *quota > 0)
            .ok_or(ConfigError {
                name: "UPLOAD_QUOTA_BYTES",
                value: quota_text.clone(),
                reason: "expected a positive number of bytes",
            })?;
        let dns_server = match lookup("DNS_SERVER").filter(|v| !v.trim().is_empty()) {
            None => None,
            Some(text) => Some(
                text.trim()
                    .parse::<SocketAddr>()
                    .or_else(|_| {
                        text.trim()
                            .parse::<IpAddr>()
                            .map(|ip| SocketAddr::new(ip, 53))
                    })
                    .map_err(|_| ConfigError {
                        name: "DNS_SERVER",
                        value: text.clone(),
                        reason: "expected an address such as 127.0.0.1 or 127.0.0.1:5353",
                    })?,
            ),
        };
        let public_url = get("PUBLIC_URL", &format!("http://{host}:{port}"))
            .trim_end_matches('/')
            .to_owned();
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            return Err(ConfigError {
                name: "PUBLIC_URL",
                value: public_url,
                reason: "expected an http:// or https:// URL",
            });
        }
        let dev_mailbox = get("DEV_MAILBOX", "0") == "1";
        let trust_proxy_headers = get("TRUST_PROXY_HEADERS", "0") == "1";
        if dev_mailbox {
            let reason = if trust_proxy_headers {
                Some(
                    "the mailbox hands out reset links: it cannot be on behind a proxy (TRUST_PROXY_HEADERS=1)",
                )
            } else if !host.is_loopback() {
                Some("the mailbox hands out reset links: it needs a loopback HOST")
            } else if !is_loopback_url(&public_url) {
                Some("the mailbox hands out reset links: it needs a loopback PUBLIC_URL")
            } else {
                None
            };
            if let Some(reason) = reason {
                return Err(ConfigError {
                    name: "DEV_MAILBOX",
                    value: "1".to_owned(),
                    reason,
                });
            }
        }
        let proxies_text = get("TRUSTED_PROXIES", "127.0.0.0/8,::1/128");
        let trusted_proxies = proxies_text
            .split(',')
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .map(|part| {
                part.parse::<ipnet::IpNet>()
                    .or_else(|_| part.parse::<IpAddr>().map(ipnet::IpNet::from))
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| ConfigError {
                name: "TRUSTED_PROXIES",
                value: proxies_text.clone(),
                reason: "expected networks such as 10.0.0.0/8 or addresses, separated by commas",
            })?;
        let support_text = get("SUPPORT_EMAILS", "");
        let support_emails: Vec<String> = support_text
            .split(',')
            .map(|e| e.trim().to_lowercase())
            .filter(|e| !e.is_empty())
            .collect();
        if support_emails.len() > core_wasm::limits::SUPPORT_EMAILS_MAX
            || !support_emails.iter().all(|e| core_wasm::shell::is_email(e))
        {
            return Err(ConfigError {
                name: "SUPPORT_EMAILS",
                value: support_text,
                reason: "expected at most two e-mail addresses, separated by commas",
            });
        }
        Ok(Config {
            database_url,
            listen: SocketAddr::new(host, port),
            static_dir: PathBuf::from(get("STATIC_DIR", "ui/dist")),
            operator_email_domain: get("OPERATOR_EMAIL_DOMAIN", "storeloom.dev").to_lowercase(),
            store_domain_suffix: get("STORE_DOMAIN_SUFFIX", "localhost").to_lowercase(),
            seed_demo: seed_text != "0",
            public_url,
            signup_key: lookup("SIGNUP_KEY").unwrap_or_else(|| DEFAULT_SIGNUP_KEY.to_owned()),
            smtp_url: lookup("SMTP_URL").filter(|v| !v.trim().is_empty()),
            smtp_from: get(
                "SMTP_FROM",
                &format!(
                    "Storeloom <no-reply@{}>",
                    get("OPERATOR_EMAIL_DOMAIN", "storeloom.dev")
                ),
            ),
            public_ips: parse_ips(&get("PUBLIC_IPS", ""))?,
            dev_mailbox,
            trust_proxy_headers,
            trusted_proxies,
            jwt_secret: lookup("JWT_SECRET").filter(|v| !v.is_empty()),
            upload_dir: PathBuf::from(get("UPLOAD_DIR", "data/uploads")),
            demo_catalog: get("STORELOOM_DEMO_CATALOG", "1") != "0",
            geoip_csv: lookup("GEOIP_CSV")
                .filter(|v| !v.trim().is_empty())
                .map(PathBuf::from),
            demo_traffic: get("STORELOOM_DEMO_TRAFFIC", "1") != "0",
            demo_trickle: get("STORELOOM_DEMO_TRAFFIC", "1") == "1",
            storefront_hosts: get("STOREFRONT_HOSTS", "0") == "1",
            ingest_address_limit,
            store_limit,
            checkout_address_limit,
            upload_quota_bytes,
            dns_server,
            support_emails,
            retention: Retention::from_lookup(&lookup)?,
            backups: backup_schedule(&lookup)?,
            metrics: MetricsConfig::from_lookup(&lookup)?,
        })
    }

    /// A configuration for tests: the given database, port 0, demo data on.
    pub fn for_tests(database_url: &str) -> Self {
        Config {
            database_url: database_url.to_owned(),
            listen: SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0),
            static_dir: PathBuf::from("ui/dist"),
            operator_email_domain: "storeloom.dev".to_owned(),
            store_domain_suffix: "localhost".to_owned(),
            seed_demo: true,
            public_url: "http://127.0.0.1:8080".to_owned(),
            signup_key: DEFAULT_SIGNUP_KEY.to_owned(),
            smtp_url: None,
            smtp_from: "Storeloom <no-reply@storeloom.dev>".to_owned(),
            public_ips: vec![IpAddr::V4(Ipv4Addr::new(203, 0, 113, 10))],
            dev_mailbox: true,
            trust_proxy_headers: false,
            trusted_proxies: vec![
                ipnet::IpNet::from(IpAddr::V4(Ipv4Addr::LOCALHOST)),
                ipnet::IpNet::from(IpAddr::V6(std::net::Ipv6Addr::LOCALHOST)),
            ],
            jwt_secret: None,
            upload_dir: std::env::temp_dir().join("storeloom-test-uploads"),
            demo_catalog: false,
            geoip_csv: None,
            demo_traffic: false,
            demo_trickle: false,
            storefront_hosts: false,
            ingest_address_limit: crate::analytics::ingest::ADDRESS_LIMIT_PER_SECOND,
            store_limit: core_wasm::limits::DEFAULT_STORE_LIMIT,
            // Tests place many checkouts from one address; the limit's own test lowers it.
            checkout_address_limit: 1_000,
            upload_quota_bytes: UPLOAD_QUOTA_BYTES_DEFAULT,
            dns_server: None,
            support_emails: Vec::new(),
            retention: Retention::defaults(),
            backups: None,
            metrics: MetricsConfig::default(),
        }
    }

    /// Whether `email` is on the support list (§6's allow-list), in any case.
    pub fn is_support(&self, email: &str) -> bool {
        let email = email.trim().to_lowercase();
        !email.is_empty() && self.support_emails.contains(&email)
    }
}

impl Config {
    /// Where shoppers reach a store: the one definition of the store's public address, which the
    /// admin shows as "Open your site", the drawer's Online Store icon, Domains, Themes and the
    /// editor. The storefront is always served at `/s/{subdomain}/` by this server, so without
    /// `STOREFRONT_HOSTS=1` that path (same origin as the admin) is the address; with it, a store's
    /// verified custom domain or else its system domain `{subdomain}.{STORE_DOMAIN_SUFFIX}`, with
    /// the scheme and port of `PUBLIC_URL` (so `demo.localhost:8080` works locally).
    pub fn storefront_url(&self, subdomain: &str, custom_host: Option<&str>) -> String {
        if !self.storefront_hosts {
            return format!("/s/{subdomain}/");
        }
        let (scheme, rest) = self
            .public_url
            .split_once("://")
            .unwrap_or(("http", self.public_url.as_str()));
        let authority = rest.split('/').next().unwrap_or_default();
        // The port after the host (after the bracket of an IPv6 address), when there is one.
        let after_host = authority
            .rsplit_once(']')
            .map_or(authority, |(_, tail)| tail);
        let port = after_host
            .rsplit_once(':')
            .map(|(_, port)| port)
            .filter(|port| !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()))
            .map(|port| format!(":{port}"))
            .unwrap_or_default();
        let host = custom_host
            .map(str::to_owned)
            .unwrap_or_else(|| format!("{subdomain}.{}", self.store_domain_suffix));
        format!("{scheme}://{host}{port}/")
    }

    /// Where new stores go: the platform's suffix and the default store limit.
    pub fn store_placement(&self) -> crate::db::accounts::StorePlacement<'_> {
        crate::db::accounts::StorePlacement {
            domain_suffix: &self.store_domain_suffix,
            default_limit: self.store_limit,
        }
    }
}

/// The shortest `METRICS_TOKEN` taken: a token anyone could guess would open the metrics to them.
pub const METRICS_TOKEN_MIN_CHARS: usize = 16;

/// Where `/metrics` is served (`metrics`). With `METRICS_ADDR`, a second listener on that
/// address serves only `/metrics`, to anyone who reaches it: it is meant for a private
/// interface. With `METRICS_TOKEN`, the public port serves `/metrics` to requests that send
/// `Authorization: Bearer {token}`. With neither, no metrics are served (the public port answers
/// 404) and none are recorded.
#[derive(Clone, Default)]
pub struct MetricsConfig {
    /// `METRICS_ADDR`: the private listener's address (`ip:port`), if any.
    pub addr: Option<SocketAddr>,
    /// `METRICS_TOKEN`: the bearer token the public port asks for, if any (at least
    /// [`METRICS_TOKEN_MIN_CHARS`] characters).
    pub token: Option<String>,
}

impl std::fmt::Debug for MetricsConfig {
    /// Never prints the token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MetricsConfig")
            .field("addr", &self.addr)
            .field("token", &self.token.as_ref().map(|_| ".."))
            .finish()
    }
}

impl MetricsConfig {
    /// Reads `METRICS_ADDR` and `METRICS_TOKEN` through `lookup`; empty values are unset.
    pub fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let set = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());
        let addr = match set("METRICS_ADDR") {
            None => None,
            Some(text) => Some(text.trim().parse::<SocketAddr>().map_err(|_| ConfigError {
                name: "METRICS_ADDR",
                value: text.clone(),
                reason: "expected an address and port such as 127.0.0.1:9464",
            })?),
        };
        let token = match set("METRICS_TOKEN") {
            None => None,
            Some(text) if text.trim().chars().count() < METRICS_TOKEN_MIN_CHARS => {
                return Err(ConfigError {
                    name: "METRICS_TOKEN",
                    value: "(hidden)".to_owned(),
                    reason: "expected at least 16 characters",
                });
            }
            Some(text) => Some(text.trim().to_owned()),
        };
        Ok(MetricsConfig { addr, token })
    }

    /// Whether metrics are served anywhere, and so recorded.
    pub fn enabled(&self) -> bool {
        self.addr.is_some() || self.token.is_some()
    }
}

/// Whether an http(s) URL's host is loopback (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`).
fn is_loopback_url(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => authority
            .rsplit_once(':')
            .map_or(authority, |(host, _)| host),
    }
    .to_ascii_lowercase();
    host == "localhost"
        || host.ends_with(".localhost")
        || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// A comma-separated list of IP addresses.
fn parse_ips(text: &str) -> Result<Vec<IpAddr>, ConfigError> {
    text.split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.parse().map_err(|_| ConfigError {
                name: "PUBLIC_IPS",
                value: text.to_owned(),
                reason: "expected IP addresses separated by commas",
            })
        })
        .collect()
}

/// Scheduled backups, taken by the serving process (`services::backup`): every `every` one of
/// the server processes on the database writes a backup folder into `dir`, and the newest `keep`
/// are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupSchedule {
    /// `BACKUP_DIR`: the folder the scheduled backups go into, one folder each.
    pub dir: PathBuf,
    /// `BACKUP_EVERY`: the time between two backups, as `6h`, `30m`, `90s` or `1d` (default 1d).
    pub every: std::time::Duration,
    /// `BACKUP_KEEP`: how many of the newest scheduled backups are kept (default 7).
    pub keep: usize,
}

/// Scheduled backups' default period: one a day.
pub const BACKUP_EVERY_DEFAULT: &str = "1d";

/// Scheduled backups kept by default: a week of daily ones.
pub const BACKUP_KEEP_DEFAULT: usize = 7;

/// Reads `BACKUP_DIR`, `BACKUP_EVERY` and `BACKUP_KEEP`: `None` without `BACKUP_DIR`.
fn backup_schedule(
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Option<BackupSchedule>, ConfigError> {
    let get = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());
    let Some(dir) = get("BACKUP_DIR") else {
        for name in ["BACKUP_EVERY", "BACKUP_KEEP"] {
            if let Some(value) = get(name) {
                return Err(ConfigError {
                    name,
                    value,
                    reason: "scheduled backups need BACKUP_DIR too",
                });
            }
        }
        return Ok(None);
    };
    let every_text = get("BACKUP_EVERY").unwrap_or_else(|| BACKUP_EVERY_DEFAULT.to_owned());
    let every = parse_duration(&every_text)
        .filter(|every| !every.is_zero())
        .ok_or(ConfigError {
            name: "BACKUP_EVERY",
            value: every_text.clone(),
            reason: "expected a period such as 6h, 30m, 90s or 1d",
        })?;
    let keep_text = get("BACKUP_KEEP").unwrap_or_else(|| BACKUP_KEEP_DEFAULT.to_string());
    let keep = keep_text
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|keep| *keep > 0)
        .ok_or(ConfigError {
            name: "BACKUP_KEEP",
            value: keep_text.clone(),
            reason: "expected a positive number of backups",
        })?;
    Ok(Some(BackupSchedule {
        dir: PathBuf::from(dir.trim()),
        every,
        keep,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The configuration these variables make (the others unset).
    fn from_pairs(pairs: &'static [(&'static str, &'static str)]) -> Result<Config, ConfigError> {
        Config::from_lookup(move |n| {
            pairs
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| (*v).to_owned())
        })
    }

    #[test]
    fn defaults_apply_when_nothing_is_set() {
        let config = Config::from_lookup(|_| None).expect("defaults are valid");
        assert_eq!(config.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(config.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(config.operator_email_domain, "storeloom.dev");
        assert!(config.seed_demo);
        assert!(config.demo_catalog);
        assert_eq!(config.upload_dir, PathBuf::from("data/uploads"));
        assert_eq!(config.store_limit, 10);
    }

    #[test]
    fn the_support_list_holds_at_most_two_addresses_in_any_case() {
        let read = |value: &str| {
            let value = value.to_owned();
            Config::from_lookup(move |n| (n == "SUPPORT_EMAILS").then(|| value.clone()))
        };
        let config = read(" Help@Storeloom.dev, care@storeloom.dev ").expect("valid");
        assert!(config.is_support("help@storeloom.dev"));
        assert!(config.is_support("CARE@storeloom.dev"));
        assert!(!config.is_support("owner@storeloom.dev"));
        assert!(!config.is_support(""));
        assert!(
            !Config::from_lookup(|_| None)
                .expect("valid")
                .is_support("help@storeloom.dev")
        );
        for bad in ["a@x.dev,b@x.dev,c@x.dev", "not an address"] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_store_limit_is_read_and_checked() {
        let read = |value: &str| {
            let value = value.to_owned();
            Config::from_lookup(move |n| (n == "STORE_LIMIT").then(|| value.clone()))
        };
        assert_eq!(read("25").expect("valid").store_limit, 25);
        for bad in ["0", "-1", "ten", "10001"] {
            assert!(
                read(bad)
                    .expect_err("refused")
                    .to_string()
                    .starts_with("STORE_LIMIT="),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_mailbox_is_off_by_default_and_refused_where_others_can_reach_it() {
        let with = from_pairs;
        assert!(!with(&[]).expect("defaults").dev_mailbox);
        assert!(with(&[("DEV_MAILBOX", "1")]).expect("local").dev_mailbox);
        for refused in [
            &[("DEV_MAILBOX", "1"), ("TRUST_PROXY_HEADERS", "1")][..],
            &[
                ("DEV_MAILBOX", "1"),
                ("PUBLIC_URL", "https://admin.example.com"),
            ][..],
            &[("DEV_MAILBOX", "1"), ("HOST", "0.0.0.0")][..],
        ] {
            let error = with(refused).expect_err("refused");
            assert!(error.to_string().starts_with("DEV_MAILBOX="), "{error}");
        }
        assert!(
            with(&[
                ("DEV_MAILBOX", "1"),
                ("PUBLIC_URL", "http://demo.localhost:8080/")
            ])
            .is_ok()
        );
        assert!(with(&[("TRUSTED_PROXIES", "10.0.0.0/8, 192.168.1.7")]).is_ok());
        assert!(with(&[("TRUSTED_PROXIES", "10.0.0.0/33")]).is_err());
    }

    #[test]
    fn a_bad_port_or_database_url_is_refused_with_its_name() {
        let bad_port = Config::from_lookup(|n| (n == "PORT").then(|| "80a".to_owned()));
        assert!(
            bad_port
                .expect_err("bad port")
                .to_string()
                .starts_with("PORT=")
        );
        let bad_url =
            Config::from_lookup(|n| (n == "DATABASE_URL").then(|| "mysql://x".to_owned()));
        assert!(
            bad_url
                .expect_err("bad url")
                .to_string()
                .starts_with("DATABASE_URL=")
        );
    }

    #[test]
    fn scheduled_backups_are_read_only_with_a_folder() {
        let with = from_pairs;
        assert_eq!(with(&[]).expect("defaults").backups, None);
        let daily = with(&[("BACKUP_DIR", "/backups")]).expect("valid");
        assert_eq!(
            daily.backups,
            Some(BackupSchedule {
                dir: PathBuf::from("/backups"),
                every: std::time::Duration::from_secs(86_400),
                keep: 7,
            })
        );
        let often = with(&[
            ("BACKUP_DIR", "/backups"),
            ("BACKUP_EVERY", "30m"),
            ("BACKUP_KEEP", "3"),
        ])
        .expect("valid")
        .backups
        .expect("scheduled");
        assert_eq!((often.every.as_secs(), often.keep), (1800, 3));
        for refused in [
            &[("BACKUP_EVERY", "6h")][..],
            &[("BACKUP_DIR", "/b"), ("BACKUP_EVERY", "6")][..],
            &[("BACKUP_DIR", "/b"), ("BACKUP_EVERY", "0h")][..],
            &[("BACKUP_DIR", "/b"), ("BACKUP_EVERY", "6w")][..],
            &[("BACKUP_DIR", "/b"), ("BACKUP_KEEP", "0")][..],
        ] {
            let error = with(refused).expect_err("refused");
            assert!(error.to_string().starts_with("BACKUP_"), "{error}");
        }
    }

    #[test]
    fn metrics_are_off_unless_an_address_or_a_long_token_is_set() {
        let with = from_pairs;
        assert!(!with(&[]).expect("defaults").metrics.enabled());
        let private = with(&[("METRICS_ADDR", "127.0.0.1:9464")]).expect("address");
        assert_eq!(
            private.metrics.addr.map(|a| a.to_string()).as_deref(),
            Some("127.0.0.1:9464")
        );
        let token = with(&[("METRICS_TOKEN", "a-long-enough-token")]).expect("token");
        assert_eq!(token.metrics.token.as_deref(), Some("a-long-enough-token"));
        assert!(!format!("{token:?}").contains("a-long-enough-token"));
        for (bad, name) in [
            (&[("METRICS_ADDR", "9464")][..], "METRICS_ADDR="),
            (&[("METRICS_TOKEN", "short")][..], "METRICS_TOKEN="),
        ] {
            let error = with(bad).expect_err("refused");
            assert!(error.to_string().starts_with(name), "{error}");
            assert!(!error.to_string().contains("short"), "{error}");
        }
    }
}
