-- A session counts at its earliest event of each kind, whatever order its batches arrived in
-- (issue 30). When a batch brings an event older than the first kept, the ingest moves the
-- first back and moves the rollup counts with it; `moved_from_at` and `moved_from_country` keep
-- what the row held before that move, so that the one statement that moves it can return both
-- times (RETURNING gives the new row only) and the rollups lose the old hour and gain the new.
ALTER TABLE analytics_firsts ADD COLUMN moved_from_at BIGINT;
ALTER TABLE analytics_firsts ADD COLUMN moved_from_country TEXT;

-- The firsts kept before: each moves to its session's earliest event of the kind.
UPDATE analytics_firsts
SET moved_from_at = analytics_firsts.occurred_at,
    moved_from_country = analytics_firsts.country,
    occurred_at = earliest.occurred_at
FROM (
    SELECT store_id, session_id, kind, MIN(occurred_at) AS occurred_at
    FROM analytics_events
    GROUP BY store_id, session_id, kind
) AS earliest
WHERE earliest.store_id = analytics_firsts.store_id
  AND earliest.session_id = analytics_firsts.session_id
  AND earliest.kind = analytics_firsts.kind
  AND earliest.occurred_at < analytics_firsts.occurred_at;

UPDATE analytics_firsts
SET country = events.country
FROM analytics_events AS events
WHERE analytics_firsts.moved_from_at IS NOT NULL
  AND events.store_id = analytics_firsts.store_id
  AND events.session_id = analytics_firsts.session_id
  AND events.kind = analytics_firsts.kind
  AND events.occurred_at = analytics_firsts.occurred_at;

-- The rollups' session counts of the stores that had a first moved, counted again from the
-- firsts (as the rebuild does); their sales are untouched.
UPDATE analytics_hourly
SET vistors = 0, view_content = 0, add_to_cart = 0, reached_checkout = 0,
    session_converted = 0, test_session_converted = 0
WHERE store_id IN (SELECT store_id FROM analytics_firsts WHERE moved_from_at IS NOT NULL);

INSERT INTO analytics_hourly (store_id, hour_start, vistors, view_content, add_to_cart,
    reached_checkout, session_converted, test_session_converted)
SELECT store_id, occurred_at - occurred_at % 3600000,
    SUM(CASE WHEN kind = 1 THEN 1 ELSE 0 END), SUM(CASE WHEN kind = 2 THEN 1 ELSE 0 END),
    SUM(CASE WHEN kind = 3 THEN 1 ELSE 0 END), SUM(CASE WHEN kind = 4 THEN 1 ELSE 0 END),
    SUM(CASE WHEN kind = 5 THEN 1 ELSE 0 END), SUM(CASE WHEN kind = 6 THEN 1 ELSE 0 END)
FROM analytics_firsts
WHERE store_id IN (SELECT store_id FROM analytics_firsts WHERE moved_from_at IS NOT NULL)
GROUP BY store_id, occurred_at - occurred_at % 3600000
ON CONFLICT (store_id, hour_start) DO UPDATE SET
    vistors = excluded.vistors, view_content = excluded.view_content,
    add_to_cart = excluded.add_to_cart, reached_checkout = excluded.reached_checkout,
    session_converted = excluded.session_converted,
    test_session_converted = excluded.test_session_converted;

DELETE FROM analytics_hourly_countries
WHERE store_id IN (SELECT store_id FROM analytics_firsts WHERE moved_from_at IS NOT NULL);

INSERT INTO analytics_hourly_countries (store_id, hour_start, country, sessions)
SELECT store_id, occurred_at - occurred_at % 3600000, country, COUNT(*)
FROM analytics_firsts
WHERE kind = 1
  AND store_id IN (SELECT store_id FROM analytics_firsts WHERE moved_from_at IS NOT NULL)
GROUP BY store_id, occurred_at - occurred_at % 3600000, country;

DELETE FROM analytics_daily_countries
WHERE store_id IN (SELECT store_id FROM analytics_firsts WHERE moved_from_at IS NOT NULL);

INSERT INTO analytics_daily_countries (store_id, day_start, country, sessions)
SELECT store_id, occurred_at - occurred_at % 86400000, country, COUNT(*)
FROM analytics_firsts
WHERE kind = 1
  AND store_id IN (SELECT store_id FROM analytics_firsts WHERE moved_from_at IS NOT NULL)
GROUP BY store_id, occurred_at - occurred_at % 86400000, country;

-- The cached Overviews of those stores are stale now.
UPDATE analytics_versions SET version = version + 1
WHERE store_id IN (SELECT store_id FROM analytics_firsts WHERE moved_from_at IS NOT NULL);
