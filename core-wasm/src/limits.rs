//! The numeric limits of the spec, one row each, citing the line that sets it.

/// An inclusive range of lengths, counted in characters (Unicode scalar values).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LengthBounds {
    pub min: u32,
    pub max: u32,
}

/// shell.md §5 and §9: "Login e-mail and password length: 5 to 50".
pub const LOGIN_EMAIL_LENGTH: LengthBounds = LengthBounds { min: 5, max: 50 };

/// shell.md §5 and §9: "Login e-mail and password length: 5 to 50".
pub const LOGIN_PASSWORD_LENGTH: LengthBounds = LengthBounds { min: 5, max: 50 };

/// Ours: an access token is renewed this many milliseconds before its lifetime, counted on the
/// device from its arrival, is over, before any call goes out with it.
pub const ACCESS_RENEW_AHEAD_MS: i64 = 30_000;

/// shell.md §2: "before 12 'Good Morning', 12 to 17 'Good Afternoon', later 'Good Evening'".
/// The first hour of the afternoon and the first hour of the evening, in local time.
pub const AFTERNOON_STARTS_AT_HOUR: u32 = 12;
pub const EVENING_STARTS_AT_HOUR: u32 = 18;

// ---- Theme editor (editor-and-analytics.md §5 and §9). ----

/// An inclusive range of whole numbers a theme field accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberRange {
    pub min: u32,
    pub max: u32,
}

impl NumberRange {
    /// Whether `value` lies in the range.
    pub fn contains(self, value: f64) -> bool {
        value >= f64::from(self.min) && value <= f64::from(self.max)
    }
}

/// editor-and-analytics.md §5: "Item per row, desktop: 2 to 6".
pub const ITEM_PER_ROW_DESKTOP: NumberRange = NumberRange { min: 2, max: 6 };
/// editor-and-analytics.md §5: "(2 to 8 when the default theme is newchick)".
pub const ITEM_PER_ROW_DESKTOP_NEWCHICK: NumberRange = NumberRange { min: 2, max: 8 };
/// editor-and-analytics.md §5: "Mobile: 2 to 4".
pub const ITEM_PER_ROW_MOBILE: NumberRange = NumberRange { min: 2, max: 4 };
/// editor-and-analytics.md §5: "Featured collection: 4 to 6".
pub const FEATURED_COLLECTION_PER_ROW: NumberRange = NumberRange { min: 4, max: 6 };
/// editor-and-analytics.md §5: "Slider-product per row: 4 to 6 in the editor bounds".
pub const SLIDER_PRODUCT_PER_ROW: NumberRange = NumberRange { min: 4, max: 6 };
/// editor-and-analytics.md §5: "Limit product: 45 to 50 (editor bound; default 18 is given under
/// constants, the two readings conflict)".
///
/// Decision: the editor accepts 1 to 50 and the default stays 18 (§9, "limit_product 18"). The
/// upper bound 50 is common to both readings; a lower bound of 45 would refuse the spec's own
/// default and every stored config that kept it, so the bound is read as "at most 50".
pub const LIMIT_PRODUCT: NumberRange = NumberRange { min: 1, max: 50 };
/// editor-and-analytics.md §5: "Slide change interval 1 to 12 seconds".
pub const SLIDE_INTERVAL_SECONDS: NumberRange = NumberRange { min: 1, max: 12 };
/// editor-and-analytics.md §5: "image opacity 0 to 100 percent".
pub const IMAGE_OPACITY_PERCENT: NumberRange = NumberRange { min: 0, max: 100 };
/// editor-and-analytics.md §5: "suggestion change time 1 to 5 seconds".
pub const SUGGESTION_CHANGE_SECONDS: NumberRange = NumberRange { min: 1, max: 5 };
/// editor-and-analytics.md §5: "Shipping range from and to: 0 to 100 days".
pub const SHIPPING_DAYS: NumberRange = NumberRange { min: 0, max: 100 };
/// editor-and-analytics.md §5: "Font sizes 8 to 80 px".
pub const FONT_SIZE_PX: NumberRange = NumberRange { min: 8, max: 80 };
/// editor-and-analytics.md §9 "Checkout step layout: 1 cart page, 2 checkout page, 3 mini cart".
pub const CHECKOUT_STEP_LAYOUT: NumberRange = NumberRange { min: 1, max: 3 };
/// Not in the spec (§5 only says the countdown parts are numeric): each part is a whole number
/// up to 100,000, which keeps the recomputed `getTime` exact in a JavaScript number.
pub const COUNTDOWN_PART: NumberRange = NumberRange {
    min: 0,
    max: 100_000,
};
/// editor-and-analytics.md §5: "Product tabs at most 5 (at the limit: n/5 blocks used. Delete to
/// add more.)"; §9 "maxBlock 5".
pub const PRODUCT_TABS_MAX: u32 = 5;
/// editor-and-analytics.md §5: "Thank-you steps at most 4".
///
/// Decision: the four default steps (§9) cannot be deleted, so a cap of four steps in all would
/// make "add step" impossible on every default config. The cap is read as four custom
/// (`isEdit`) steps, added next to the four default ones.
pub const THANK_YOU_CUSTOM_STEPS_MAX: u32 = 4;
/// editor-and-analytics.md §4: "new custom steps are inserted at index 2 (position 3)".
pub const THANK_YOU_STEP_INSERT_INDEX: usize = 2;
/// editor-and-analytics.md §5: "Delivery policies at most 3".
pub const DELIVERY_POLICIES_MAX: u32 = 3;
/// editor-and-analytics.md §5: "Description tabs at most 3 (add button disabled at limit)".
pub const DESCRIPTION_TABS_MAX: u32 = 3;
/// editor-and-analytics.md §5: "Flash-deal detail blocks fewer than 10 to add more"; §9 "flash
/// detail blocks max 10".
pub const FLASH_DEAL_DETAIL_BLOCKS_MAX: u32 = 10;
/// editor-and-analytics.md §5: "Rich-text font sizes allowed: 10, 12, 14, 16, 18, 20, 24, 30,
/// 32, 36 px".
pub const RICH_TEXT_FONT_SIZES_PX: [u32; 10] = [10, 12, 14, 16, 18, 20, 24, 30, 32, 36];
/// editor-and-analytics.md §5: "Form messages defined: Required.".
pub const MESSAGE_REQUIRED: &str = "Required.";
/// editor-and-analytics.md §5: "Invalid number. (digits with an optional decimal point)".
pub const MESSAGE_INVALID_NUMBER: &str = "Invalid number.";
/// editor-and-analytics.md §3.3 and §5: "Image-with-text block: position (left or right,
/// mandatory)"; "Image-with-text position is mandatory".
pub const IMAGE_WITH_TEXT_POSITIONS: [&str; 2] = ["left", "right"];
/// Not in the spec: the largest theme config the core accepts, in bytes (real configs are
/// about 200 KB), so a runaway input is refused with an error rather than exhausting memory.
pub const THEME_CONFIG_MAX_BYTES: usize = 1024 * 1024;
/// Not in the spec: the longest text a single field accepts, in characters (custom HTML and
/// JavaScript fields included).
pub const THEME_TEXT_MAX_CHARS: usize = 200_000;
/// Not in the spec: the deepest JSON nesting a config or a set value may have.
pub const THEME_MAX_DEPTH: usize = 64;
/// Not in the spec: a section key is 1 to 64 characters of letters, digits, `-` and `_`.
pub const SECTION_KEY_LENGTH: LengthBounds = LengthBounds { min: 1, max: 64 };
/// Not in the spec: how many edits the editor can undo; older ones stay in the log.
pub const THEME_UNDO_DEPTH: usize = 500;
/// Not in the spec: the most commands a draft kept on the server for the merchant's other
/// devices may hold (each is replayed to check the draft); a longer one stays on its device
/// until it is saved.
pub const THEME_DRAFT_MAX_COMMANDS: usize = 2_000;
/// Not in the spec: the largest draft the server keeps, in bytes of its JSON body.
pub const THEME_DRAFT_MAX_BYTES: usize = 2 * 1024 * 1024;
/// Not in the spec: how long someone in a theme's live session is shown after their last
/// activity (the issue on live co-editing: presence fades after 60 s).
pub const LIVE_PRESENCE_TTL_MS: i64 = 60_000;
/// Not in the spec: the most commands one request of a live session carries (typing sends one
/// command a keystroke at most, coalesced while a request is out).
pub const LIVE_BATCH_MAX_COMMANDS: usize = 200;
/// Not in the spec: the most commands a live session answers an editor that is behind with; one
/// further behind loads the working draft whole.
pub const LIVE_BEHIND_MAX_COMMANDS: usize = 500;
/// Not in the spec: a live session keeps a copy of its working draft every this many commands,
/// so that a process that starts reading it replays at most this many.
pub const LIVE_SNAPSHOT_EVERY: i64 = 100;
/// Not in the spec: how often a live session's stream reads the session without a wake-up, and
/// at most how often it asks again whether its member is still admitted.
pub const LIVE_STREAM_POLL_MS: u64 = 5_000;
/// Not in the spec: how long one stream of a live session lasts; the editor then reconnects from
/// the last sequence number it saw, so no process holds a connection for ever.
pub const LIVE_STREAM_MAX_MS: u64 = 15 * 60_000;
/// Not in the spec: an editor's id in a live session, in characters (letters, digits, dashes).
pub const LIVE_CLIENT_ID_LENGTH: std::ops::RangeInclusive<usize> = 8..=64;
/// Not in the spec: an editor says again where it is this often while it edits (presence fades
/// `LIVE_PRESENCE_TTL_MS` after its last word).
pub const LIVE_PRESENCE_AGAIN_MS: u32 = 20_000;
/// Not in the spec: a live session's stream reconnects after a failure in 1 s, doubling up to
/// this.
pub const LIVE_RECONNECT_MAX_MS: u32 = 10_000;
/// Not in the spec: how long after the last change an editor works out whether the working
/// draft is the saved version again (it reads the whole document).
pub const LIVE_SAVED_CHECK_MS: u32 = 200;

/// shell.md §4 and §9: "The whole authentication check re-runs every 82,800,000 ms (23 hours)."
pub const AUTH_RECHECK_MS: u32 = 82_800_000;
/// shell.md §4 and §9: "The balance refreshes every 900,000 ms (15 minutes)."
pub const BALANCE_REFRESH_MS: u32 = 900_000;
/// shell.md §4 and §9: "the check repeats every 120,000 ms" (proxy recheck, 2 minutes).
pub const PROXY_RECHECK_MS: u32 = 120_000;
/// editor-and-analytics.md §4 and §9: "Auto-refresh 300000 ms."
pub const ANALYTICS_REFRESH_MS: u32 = 300_000;
/// shell.md §7 and §9: "Notification page size / status filter: 10 / 1".
pub const NOTIFICATION_PAGE_SIZE: u32 = 10;
pub const NOTIFICATION_STATUS_FILTER: u32 = 1;
/// shell.md §7 and §9: "Proxy list limit: 10".
pub const PROXY_LIST_LIMIT: u32 = 10;
/// shell.md §2 and §9: "Onboarding button label: truncated at 50 characters".
pub const ONBOARDING_LABEL_MAX: u32 = 50;
/// shell.md §2 and §9: "Drawer / mini drawer: 280px / 76px".
pub const DRAWER_WIDTH_PX: u32 = 280;
pub const MINI_DRAWER_WIDTH_PX: u32 = 76;
/// shell.md §2 and §9: "Mobile breakpoint: 768px" (the drawer is closed at or below it).
pub const MOBILE_BREAKPOINT_PX: u32 = 768;
/// shell.md §2 and §9: "Notification dialog width: 700px".
pub const NOTIFICATION_DIALOG_WIDTH_PX: u32 = 700;
/// editor-and-analytics.md §9: "Order table page size 10."
pub const ORDER_PAGE_SIZE: u32 = 10;
/// editor-and-analytics.md §9: "Search debounce 300 ms."
pub const SEARCH_DEBOUNCE_MS: u32 = 300;
/// editor-and-analytics.md §2.3: "mobile sets the frame to 375 by 667" (width, height in px).
pub const PREVIEW_MOBILE_FRAME: (u32, u32) = (375, 667);
/// editor-and-analytics.md §4: "Preview delayed refresh 4 s".
pub const PREVIEW_REFRESH_MS: u32 = 4_000;
/// editor-and-analytics.md §4: "loaded flag 5 s".
pub const PREVIEW_LOADED_MS: u32 = 5_000;
/// shell.md §9 and editor-and-analytics.md §9: "Default timezone: America/Los_Angeles".
pub const DEFAULT_TIMEZONE: &str = "America/Los_Angeles";
/// shell.md §3 and §9: "currency sign defaults to '$', currency code to 'USD'".
pub const DEFAULT_CURRENCY_SIGN: &str = "$";
pub const DEFAULT_CURRENCY_CODE: &str = "USD";
/// shell.md §3 and §9: "amounts are rounded to 2 decimals".
pub const MONEY_DECIMALS: u32 = 2;
/// editor-and-analytics.md §9: "Percent change: 2 decimals on revenue, 1 on stat cards."
pub const REVENUE_CHANGE_DECIMALS: u32 = 2;
pub const STAT_CARD_CHANGE_DECIMALS: u32 = 1;
/// editor-and-analytics.md §9: "Chart values round to 2 decimals."
pub const CHART_DECIMALS: u32 = 2;
/// editor-and-analytics.md §9: "Single-day chart hour buckets: 0-3, 4-7, 8-11, 12-15, 16-19,
/// 20-23": six buckets of this many hours.
pub const SINGLE_DAY_BUCKET_HOURS: u32 = 4;
/// The longest range the analytics accept, in days. The spec sets none; a range longer than
/// about two years is taken for a mistake (a typed year), and refused with a clear error.
pub const MAX_RANGE_DAYS: i64 = 732;
/// Account forms (not in the spec): a store name is 2 to 50 characters.
pub const STORE_NAME_LENGTH: LengthBounds = LengthBounds { min: 2, max: 50 };
/// Account forms (not in the spec): a password chosen now (sign-up, reset, change) is 8 to 50
/// characters, NIST SP 800-63B's least; signing in keeps the spec's 5 to 50, so an account made
/// with a shorter password still signs in.
pub const NEW_PASSWORD_LENGTH: LengthBounds = LengthBounds { min: 8, max: 50 };
/// Account forms (not in the spec): an optional sign-up code is at most 64 characters.
pub const SIGNUP_CODE_MAX: u32 = 64;
/// Account forms (not in the spec): a staff member's first or last name is at most 50.
pub const PERSON_NAME_MAX: u32 = 50;
/// Abandoned checkouts (not in the spec): a checkout draft not completed this long after its
/// last change is abandoned; an hour, so a shopper still paying is not listed yet.
pub const CHECKOUT_ABANDONED_AFTER_MS: i64 = 3_600_000;
/// Domains (not in the spec; issue 24): a custom domain claimed but not verified is dropped this
/// long after the claim, 72 hours, so a claim left behind cannot hold a name.
pub const DOMAIN_CLAIM_TTL_MS: i64 = 72 * 3_600_000;
/// Stores (not in the spec; issue 24): the stores one account may own unless an operator set
/// another limit for it (the server's `STORE_LIMIT` replaces this default).
pub const DEFAULT_STORE_LIMIT: i64 = 10;
/// Stores (not in the spec; issue 24): the limits an operator may give an account.
pub const STORE_LIMIT_RANGE: (i64, i64) = (1, 10_000);
/// Lists (not in the spec): the page size of the admin's lists of products, collections,
/// customers, discounts and personalized set-ups when the call does not say.
pub const LIST_PAGE_SIZE: u32 = 20;
/// Lists (not in the spec): the longest search a list takes, in characters.
pub const LIST_SEARCH_MAX_CHARS: usize = 200;
/// Theme saves (not in the spec): a batch's id, which makes a retry answer the same, is 1 to
/// 100 characters.
pub const THEME_BATCH_ID_MAX: usize = 100;
/// Domains (not in the spec): a domain is bought for 1 to 10 years.
pub const DOMAIN_YEARS: std::ops::RangeInclusive<u32> = 1..=10;
/// The demo traffic command (not in the spec): at most a year and a day of it.
pub const DEMO_TRAFFIC_DAYS: std::ops::RangeInclusive<i64> = 1..=366;
/// The Overview's locations doughnut: the hole is 75 percent of the radius (editor-and-analytics
/// §Overview, "Doughnut cutout 75 percent").
pub const LOCATIONS_CUTOUT_PERCENT: u32 = 75;
/// Lists (not in the spec): the page size of the content pages' and the store records' lists
/// when the call does not say.
pub const RECORD_PAGE_SIZE: u32 = 50;
/// Exports (not in the spec): the most rows one CSV export of orders or customers holds.
pub const EXPORT_ROWS_MAX: i64 = 50_000;
/// Payment gateways (not in the spec): the most gateways one save may choose.
pub const PROXY_SELECTION_MAX: usize = 500;
/// Staff (not in the spec): how long an invitation stays open, 7 days (its e-mail says so).
pub const STAFF_INVITATION_LIFETIME_MS: i64 = 7 * 24 * 3_600_000;
/// Account forms (not in the spec): a profile picture's address is at most 2,048 characters.
pub const PICTURE_URL_MAX: u32 = 2048;
/// The sign-up survey (not in the spec): at most 20 answers of at most 500 characters each.
pub const SURVEY_ANSWERS_MAX: usize = 20;
pub const SURVEY_ANSWER_LENGTH_MAX: usize = 500;
/// Shop choice (not in the spec): the stores one page of `GET /api/users/stores` holds.
pub const STORES_PAGE_SIZE: u32 = 20;
/// Product feeds (not in the spec): the most products one feed lists.
pub const FEED_PRODUCTS_MAX: u32 = 5000;
/// Cart (not in the spec): the most lines in one cart, and the most of one line.
pub const CART_LINES_MAX: usize = 50;
pub const CART_QUANTITY_MAX: i64 = 99;
/// Analytics (not in the spec): the most orders one paid-orders export holds.
pub const ANALYTICS_EXPORT_ROWS_MAX: u32 = 200_000;
/// Analytics and reports (not in the spec): the most stores one report reads at once.
pub const REPORT_STORES_MAX: usize = 50;

/// The anonymous calls' throttles: how many `forgot_password` requests one e-mail address and
/// one client address may make, and how many wrong sign-up keys one client address may send, per
/// window of `ANONYMOUS_THROTTLE_WINDOW_SECONDS`. A request over a limit is answered 429 with
/// `Retry-After`; the counts live in the database, shared by every server process.
pub const ANONYMOUS_THROTTLE_WINDOW_SECONDS: i64 = 15 * 60;
/// Password-reset e-mails one address may be sent per window.
pub const RESET_MAILS_PER_EMAIL: i64 = 3;
/// Password-reset requests one client address may make per window.
pub const RESET_REQUESTS_PER_ADDRESS: i64 = 20;
/// Wrong sign-up keys (on the register page, or with a sign-up) one client address may send per
/// window; a right key does not count.
pub const SIGNUP_KEY_FAILURES_PER_ADDRESS: i64 = 10;

/// Theme editor (not in the spec): the most sections one page of a theme holds (the add button
/// refuses past it, and a saved or previewed config over it is refused), and the most bytes of
/// HTML one preview render may give. Together with the config's size they bound what rendering
/// one page can cost.
pub const THEME_SECTIONS_PER_PAGE_MAX: usize = 50;

/// The pages of a theme config holding more sections than [`THEME_SECTIONS_PER_PAGE_MAX`]: each
/// page's key and its count (the preview runtime checks this without the theme rules).
pub fn pages_over_section_limit(config: &serde_json::Value) -> Vec<(&str, usize)> {
    let Some(serde_json::Value::Object(pages)) = config.get("pages") else {
        return Vec::new();
    };
    pages
        .iter()
        .filter_map(|(name, page)| {
            let count = page.get("sections")?.as_object()?.len();
            (count > THEME_SECTIONS_PER_PAGE_MAX).then_some((name.as_str(), count))
        })
        .collect()
}

/// The words of the sections-per-page limit.
pub fn too_many_sections_message() -> String {
    format!(
        "A page holds at most {THEME_SECTIONS_PER_PAGE_MAX} sections: delete one to add another."
    )
}
pub const PREVIEW_RENDERED_MAX_BYTES: usize = 4 * 1024 * 1024;
/// Storefront preview (not in the spec): the renders of posted configs one store may ask the
/// server for per minute (the preview frame renders in WebAssembly itself; the server renders
/// only until that has started, or when it cannot).
pub const PREVIEW_RENDERS_PER_MINUTE: i64 = 120;
/// Theme versions (not in the spec): a theme keeps its last this many saved versions, and every
/// version it was published with; older ones are removed as new ones are saved.
pub const THEME_VERSIONS_KEPT: i64 = 50;

/// §6 "The editor data holds an allow-list of two support addresses ({email})": the most
/// addresses `SUPPORT_EMAILS` may name.
pub const SUPPORT_EMAILS_MAX: usize = 2;
