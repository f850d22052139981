//! Bounded growth: one pruning run deletes what the retention settings no longer keep, and
//! nothing a report, an editor, a pending e-mail or the lockout still needs.

use std::time::Duration;

use server::config::{Retention, parse_duration};
use server::db::events::{Event, store_events};
use server::services::retention::prune;
use sqlx::AnyPool;

use crate::helpers::{OWNER_EMAIL, spawn_app};

const DAY: i64 = 86_400_000;

async fn count(db: &AnyPool, sql: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .fetch_one(db)
        .await
        .expect("count");
    n
}

async fn exec(db: &AnyPool, sql: &str, binds: &[&str]) {
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql.to_owned()));
    for bind in binds {
        query = query.bind(*bind);
    }
    query.execute(db).await.expect("write");
}

fn event(session: &str, kind: i64, at: i64) -> Event {
    Event {
        session_id: session.to_owned(),
        kind,
        at,
        page: "/products/mug?utm_source=mail".to_owned(),
        country: "VN".to_owned(),
    }
}

#[tokio::test]
async fn a_run_deletes_only_what_the_settings_no_longer_keep() {
    let app = spawn_app().await;
    let db = &app.state.db;
    let store = app.store_id("demo").await;
    let owner = app.user_id(OWNER_EMAIL).await;
    let now = 400 * DAY;
    let old = now - 40 * DAY;
    let recent = now - DAY;
    let settings = Retention {
        every: Duration::from_secs(60),
        ..Retention::defaults()
    };

    // Events: an old session's first view is kept (the UTM report reads its page), its second
    // view goes; a recent session's views stay.
    let events = [
        event("old-session", 1, old),
        event("old-session", 1, old + 1_000),
        event("new-session", 1, recent),
        event("new-session", 1, recent + 1_000),
    ];
    let mut conn = db.acquire().await.expect("connection");
    let rows: Vec<(&str, &Event)> = events.iter().map(|e| (store.as_str(), e)).collect();
    store_events(&mut conn, &rows, now).await.expect("events");
    drop(conn);
    let events_of_store =
        format!("SELECT COUNT(*) FROM analytics_events WHERE store_id = '{store}'");
    let before_events = count(db, &events_of_store).await;

    // Mail: sent long ago, given up on long ago, pending since long ago, sent yesterday.
    for (id, sent, attempts, created) in [
        ("m-sent-old", Some(old), 0, old),
        ("m-failed-old", None, 8, old),
        ("m-pending-old", None, 1, old),
        ("m-sent-recent", Some(recent), 0, recent),
    ] {
        sqlx::query(
            "INSERT INTO outbox (id, to_address, subject, body, created_at, sent_at, attempts) \
             VALUES ($1, 'a@example.com', 's', 'b', $2, $3, $4)",
        )
        .bind(id)
        .bind(created)
        .bind(sent)
        .bind(attempts)
        .execute(db)
        .await
        .expect("mail");
    }

    // Sessions: one that expired long ago (with its refresh token), one still live.
    for (id, expires) in [("s-old", old), ("s-live", now + DAY)] {
        sqlx::query(
            "INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(&owner)
        .bind(old - DAY)
        .bind(expires)
        .execute(db)
        .await
        .expect("session");
        sqlx::query(
            "INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)",
        )
        .bind(format!("hash-{id}"))
        .bind(id)
        .bind(old - DAY)
        .execute(db)
        .await
        .expect("token");
    }
    // A sign-in failure inside the lockout's window stays whatever the setting says.
    sqlx::query(
        "INSERT INTO login_failures (id, email, address, failed_at) VALUES ('f-old', 'x@example.com', '1.2.3.4', $1), \
         ('f-now', 'x@example.com', '1.2.3.4', $2)",
    )
    .bind(old)
    .bind(now - 60_000)
    .execute(db)
    .await
    .expect("failures");

    // Checkout drafts: one not changed for a year, one from yesterday.
    for (id, token, updated) in [
        ("d-old", "token-old-0000000", now - 365 * DAY),
        ("d-new", "token-new-0000000", recent),
    ] {
        sqlx::query(
            "INSERT INTO checkout_drafts (id, store_id, token, currency, line_items, item_count, subtotal_minor, \
             created_at, updated_at) VALUES ($1, $2, $3, 'USD', '[]', 0, 0, $4, $4)",
        )
        .bind(id)
        .bind(&store)
        .bind(token)
        .bind(updated)
        .execute(db)
        .await
        .expect("draft");
    }

    // Live editing: a session whose head is far past its old commands. Of one editor's two old
    // commands the earlier goes, its last stays (a batch sent twice must still be refused); a
    // recent command stays.
    let (theme,): (String,) = sqlx::query_as("SELECT id FROM themes WHERE store_id = $1 LIMIT 1")
        .bind(&store)
        .fetch_one(db)
        .await
        .expect("theme");
    sqlx::query(
        "INSERT INTO theme_live (theme_id, store_id, base_version, head, snapshot, snapshot_seq, updated_at, saved_seq, reset_seq) \
         VALUES ($1, $2, 1, 1000, '{}', 900, $3, 900, 0)",
    )
    .bind(&theme)
    .bind(&store)
    .bind(recent)
    .execute(db)
    .await
    .expect("live session");
    for (seq, client_seq, created) in [(1_i64, 1_i64, old), (2, 2, old), (999, 3, recent)] {
        sqlx::query(
            "INSERT INTO theme_live_commands (theme_id, seq, author_id, author_name, client_id, client_seq, command, created_at) \
             VALUES ($1, $2, $3, 'Olivia', 'client-a', $4, '{}', $5)",
        )
        .bind(&theme)
        .bind(seq)
        .bind(&owner)
        .bind(client_seq)
        .bind(created)
        .execute(db)
        .await
        .expect("live command");
    }
    exec(
        db,
        "UPDATE theme_live_commands SET client_id = 'client-b' WHERE seq = 999",
        &[],
    )
    .await;

    let pruned = prune(db, &settings, true, now).await.expect("prune");

    assert_eq!(pruned.analytics_events, 1, "{pruned:?}");
    assert_eq!(count(db, &events_of_store).await, before_events - 1);
    let firsts_kept = count(
        db,
        "SELECT COUNT(*) FROM analytics_events e JOIN analytics_firsts f ON f.store_id = e.store_id \
         AND f.session_id = e.session_id AND f.kind = e.kind AND f.occurred_at = e.occurred_at \
         WHERE e.session_id = 'old-session'",
    )
    .await;
    assert_eq!(firsts_kept, 1);
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM analytics_events WHERE session_id = 'new-session'"
        )
        .await,
        2
    );

    assert_eq!(pruned.sent_mail, 2, "{pruned:?}");
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM outbox WHERE id IN ('m-pending-old', 'm-sent-recent')"
        )
        .await,
        2
    );

    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM sessions WHERE id IN ('s-old', 's-live')"
        )
        .await,
        1
    );
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM refresh_tokens WHERE token_hash = 'hash-s-old'"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM login_failures WHERE id IN ('f-old', 'f-now')"
        )
        .await,
        1
    );
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM checkout_drafts WHERE id IN ('d-old', 'd-new')"
        )
        .await,
        1
    );
    assert_eq!(pruned.checkout_drafts, 1);

    let seqs: Vec<(i64,)> =
        sqlx::query_as("SELECT seq FROM theme_live_commands WHERE theme_id = $1 ORDER BY seq")
            .bind(&theme)
            .fetch_all(db)
            .await
            .expect("live commands");
    assert_eq!(seqs, vec![(2,), (999,)]);

    // A second run at the same moment finds nothing more to delete.
    let again = prune(db, &settings, true, now).await.expect("prune again");
    assert_eq!(
        again.analytics_events + again.sent_mail + again.live_commands,
        0,
        "{again:?}"
    );

    // Without a sender, mail waiting since long ago is only the mailbox page's: it goes too.
    let undelivered = prune(db, &settings, false, now)
        .await
        .expect("prune without a sender");
    assert_eq!(undelivered.sent_mail, 1, "{undelivered:?}");
}

#[test]
fn durations_read_as_written() {
    assert_eq!(
        parse_duration("30d"),
        Some(Duration::from_secs(30 * 86_400))
    );
    assert_eq!(
        parse_duration(" 12h "),
        Some(Duration::from_secs(12 * 3_600))
    );
    assert_eq!(parse_duration("10m"), Some(Duration::from_secs(600)));
    assert_eq!(parse_duration("45s"), Some(Duration::from_secs(45)));
    for bad in ["", "d", "10", "10w", "-1d", "1.5h", "99999999999999999999d"] {
        assert_eq!(parse_duration(bad), None, "{bad}");
    }
}
