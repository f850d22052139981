//! `POST /api/storefront/events`: the public endpoint storefronts send their events to. A batch
//! is checked at the edge (size, shape, bots, clock) and handed to the process's writer
//! (`analytics::ingest`); the answer comes once it is committed.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use shared_types::{ApiErrorBody, EventBatch, IngestReceipt};

use crate::analytics::ingest;
use crate::client::ClientAddress;
use crate::db::now_ms;
use crate::error::{ApiError, Json};
use crate::state::AppState;

/// Takes a batch of storefront events (at most 100, at most 64 KiB). Answers 202 once they are
/// stored; bots' batches are answered 202 and dropped. A `country` in the payload is ignored.
#[utoipa::path(post, path = "/storefront/events", tag = "analytics",
    request_body = EventBatch,
    responses((status = 202, body = IngestReceipt), (status = 400, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 413, body = ApiErrorBody),
        (status = 429, body = ApiErrorBody, description = "Throttled; see Retry-After"),
        (status = 503, body = ApiErrorBody)))]
pub async fn collect(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<IngestReceipt>), ApiError> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|length| length > ingest::MAX_BATCH_BYTES) {
        return Err(ingest::too_large());
    }
    let bytes = axum::body::to_bytes(body, ingest::MAX_BATCH_BYTES)
        .await
        .map_err(|_| ingest::too_large())?;
    let batch: EventBatch = serde_json::from_slice(&bytes).map_err(|e| ApiError::Unreadable {
        status: StatusCode::BAD_REQUEST,
        message: format!("The batch cannot be read: {e}."),
    })?;
    let total = u32::try_from(batch.events.len()).unwrap_or(u32::MAX);
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if ingest::is_bot(agent) {
        return Ok((
            StatusCode::ACCEPTED,
            Json(IngestReceipt {
                accepted: 0,
                dropped: total,
            }),
        ));
    }
    let country = state
        .countries
        .of_visit(&headers, state.config.trust_proxy_headers, &address);
    let (store_id, events, dropped) = ingest::check(batch, now_ms(), &country)?;
    let receipt = state
        .ingest
        .submit(store_id, address, events, dropped)
        .await?;
    Ok((StatusCode::ACCEPTED, Json(receipt)))
}
