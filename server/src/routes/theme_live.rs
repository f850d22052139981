//! Live co-editing of a theme: joining its session (the shared working draft at the head), sending
//! commands, following the session as a stream of server-sent events, and saying where one is.
//! Every call takes the theme editor's scope and reaches only a theme of the caller's store; the
//! author of a command is always the signed-in user, never what the body says.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use core_wasm::limits::{
    LIVE_BATCH_MAX_COMMANDS, LIVE_BEHIND_MAX_COMMANDS, LIVE_PRESENCE_TTL_MS, LIVE_SNAPSHOT_EVERY,
    LIVE_STREAM_MAX_MS, LIVE_STREAM_POLL_MS,
};
use core_wasm::theme::{collab, parse_command};
use futures_util::Stream;
use serde::Deserialize;
use shared_types::ApiErrorBody;
use shared_types::live::{
    LiveBehind, LiveCommandsAck, LiveCommandsInput, LivePresenceInput, LiveRefusal, LiveSaved,
    LiveSession,
};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::theme_live::{self, NewCommand, Sender, SessionRow};
use crate::db::{is_sqlite_pool, now_ms, themes as store_themes};
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

/// How often a stream reads the session again without a wake-up (`LIVE_STREAM_POLL_MS`).
const STREAM_POLL: Duration = Duration::from_millis(LIVE_STREAM_POLL_MS);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(join))
        .routes(routes!(send_commands).layer(DefaultBodyLimit::max(
            core_wasm::limits::THEME_DRAFT_MAX_BYTES,
        )))
        .routes(routes!(follow))
        .routes(routes!(put_presence))
        .routes(routes!(save))
}

type Access = StoreAccess<scoped::ThemeEditor>;

/// The theme's session, started on its saved config when it has none.
async fn session_of(
    state: &AppState,
    access: &Access,
    theme_id: &str,
) -> Result<SessionRow, ApiError> {
    store_themes::by_id(&state.db, &access.store_id, theme_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if let Some(session) = theme_live::session(&state.db, theme_id).await? {
        return Ok(session);
    }
    let (version, config) = store_themes::current_config(&state.db, theme_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(theme_live::start(&state.db, &access.store_id, theme_id, version, &config).await?)
}

fn client_id_of(id: &str) -> Result<(), ApiError> {
    if collab::valid_client_id(id) {
        Ok(())
    } else {
        Err(ApiError::Invalid(vec![
            "clientId must be 8 to 64 letters, digits or dashes.".to_owned(),
        ]))
    }
}

async fn sender_name(state: &AppState, user_id: &str) -> Result<String, ApiError> {
    Ok(crate::db::accounts::full_name(&state.db, user_id).await?)
}

/// Joins the theme's live session: the shared working draft at the session's head (its HTML
/// cleaned), who is in the editor, and how long presence lasts. Starts the session on the saved
/// config when the theme has none.
#[utoipa::path(get, path = "/stores/onlinestore/themes/{themeId}/live", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme")),
    responses((status = 200, body = LiveSession), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn join(
    State(state): State<AppState>,
    access: Access,
    Path(theme_id): Path<String>,
) -> Result<Json<LiveSession>, ApiError> {
    let session = session_of(&state, &access, &theme_id).await?;
    let doc = state
        .live
        .take_draft(&state.db, &theme_id, &session)
        .await?;
    let mut config = doc.value().clone();
    state.live.keep(&theme_id, session.head, doc);
    let unsaved = session.head != session.saved_seq
        && match store_themes::current_config(&state.db, &theme_id).await? {
            Some((_, saved)) => {
                serde_json::from_str::<serde_json::Value>(&saved)
                    .ok()
                    .as_ref()
                    != Some(&config)
            }
            None => true,
        };
    core_wasm::storefront::clean_config_html(&mut config);
    let presence =
        theme_live::presence(&state.db, &theme_id, now_ms() - LIVE_PRESENCE_TTL_MS).await?;
    Ok(Json(LiveSession {
        theme_id,
        base_version: session.base_version,
        head: session.head,
        saved_head: session.saved_seq,
        unsaved,
        config,
        presence,
        presence_ttl_ms: LIVE_PRESENCE_TTL_MS,
    }))
}

/// 409: the editor's head is not the session's; the commands it has not seen (or none, when it
/// is too far behind or ahead: it joins again).
async fn behind(
    state: &AppState,
    theme_id: &str,
    base: i64,
    session: &SessionRow,
) -> Result<Response, ApiError> {
    let head = session.head;
    let max = i64::try_from(LIVE_BEHIND_MAX_COMMANDS).unwrap_or(500);
    // Behind a restart (a save made outside the session), the editor joins again.
    let commands = if base >= session.reset_seq
        && base < head
        && head.checked_sub(base).is_some_and(|gap| gap <= max)
    {
        theme_live::commands_after(&state.db, theme_id, base, head, max).await?
    } else {
        Vec::new()
    };
    let body = LiveBehind {
        messages: vec![
            "Someone else edited the theme meanwhile: your editor catches up, then sends your edits again."
                .to_owned(),
        ],
        head,
        commands,
    };
    Ok((StatusCode::CONFLICT, Json(body)).into_response())
}

/// Sends an editor's commands, made on the working draft at `base`. When `base` is still the
/// head, each command is checked by the core on the working draft (its HTML cleaned), the ones
/// it takes get the session's next sequence numbers with the signed-in user as their author, and
/// the others are answered as refused (200). When the session moved on, nothing is kept and 409
/// answers the commands the editor missed, to rebase its own on and send again. A batch must
/// number its commands (`firstClientSeq`) after the ones this editor sent before (400), so that
/// a batch sent twice is never applied twice.
#[utoipa::path(post, path = "/stores/onlinestore/themes/{themeId}/live/commands", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme")),
    request_body = LiveCommandsInput,
    responses((status = 200, body = LiveCommandsAck), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = LiveBehind), (status = 413, body = ApiErrorBody)))]
async fn send_commands(
    State(state): State<AppState>,
    access: Access,
    Path(theme_id): Path<String>,
    Json(input): Json<LiveCommandsInput>,
) -> Result<Response, ApiError> {
    client_id_of(&input.client_id)?;
    if input.commands.is_empty() || input.commands.len() > LIVE_BATCH_MAX_COMMANDS {
        return Err(ApiError::Invalid(vec![format!(
            "Send 1 to {LIVE_BATCH_MAX_COMMANDS} commands at a time."
        )]));
    }
    if !collab::valid_client_seqs(input.first_client_seq, input.commands.len()) {
        return Err(ApiError::Invalid(vec![format!(
            "Number commands from 1 up to {}.",
            collab::CLIENT_SEQ_MAX
        )]));
    }
    let mut commands = Vec::with_capacity(input.commands.len());
    for (i, raw) in input.commands.into_iter().enumerate() {
        let mut command = parse_command(raw).map_err(|e| ApiError::theme(&[e], Some(i)))?;
        core_wasm::storefront::clean_command_html(&mut command);
        commands.push(command);
    }
    let session = session_of(&state, &access, &theme_id).await?;
    if input.base != session.head {
        return behind(&state, &theme_id, input.base, &session).await;
    }
    let mut doc = state
        .live
        .take_draft(&state.db, &theme_id, &session)
        .await?;
    let refused = collab::accept_in_place(&mut doc, &commands);
    let taken: Vec<NewCommand> = commands
        .iter()
        .enumerate()
        .filter(|(i, _)| !refused.iter().any(|(r, _)| r == i))
        .map(|(i, command)| {
            Ok(NewCommand {
                client_seq: input.first_client_seq + i64::try_from(i).unwrap_or(0),
                command: serde_json::to_string(command).map_err(ApiError::internal)?,
            })
        })
        .collect::<Result<_, ApiError>>()?;
    let refusals: Vec<LiveRefusal> = refused
        .iter()
        .map(|(i, e)| LiveRefusal {
            index: u32::try_from(*i).unwrap_or(u32::MAX),
            code: e.code().to_owned(),
            message: e.to_string(),
        })
        .collect();
    if taken.is_empty() {
        // Nothing changed: the working draft is still the head's.
        state.live.keep(&theme_id, session.head, doc);
        return Ok(Json(LiveCommandsAck {
            head: session.head,
            accepted: Vec::new(),
            refused: refusals,
        })
        .into_response());
    }
    let name = sender_name(&state, &access.user.user_id).await?;
    let sender = Sender {
        user_id: &access.user.user_id,
        name: &name,
        client_id: &input.client_id,
    };
    let count = i64::try_from(taken.len()).unwrap_or(i64::MAX);
    let new_head = session.head + count;
    let snapshot = (new_head / LIVE_SNAPSHOT_EVERY > session.head / LIVE_SNAPSHOT_EVERY)
        .then(|| doc.to_json());
    let mut tx = crate::db::begin_write(&state.db).await?;
    if !theme_live::take_head(&mut tx, &theme_id, session.head, count).await? {
        tx.rollback().await?;
        let now = theme_live::session(&state.db, &theme_id)
            .await?
            .unwrap_or(session);
        return behind(&state, &theme_id, input.base, &now).await;
    }
    if theme_live::last_client_seq(&mut tx, &theme_id, sender).await? >= input.first_client_seq {
        tx.rollback().await?;
        return Err(ApiError::Invalid(vec![
            "This editor already sent commands with these numbers; number new ones after them."
                .to_owned(),
        ]));
    }
    let postgres = !is_sqlite_pool(&state.db);
    let accepted = theme_live::append(
        &mut tx,
        postgres,
        &theme_id,
        session.head,
        sender,
        &taken,
        snapshot.as_deref(),
    )
    .await?;
    tx.commit().await?;
    state.live.keep(&theme_id, new_head, doc);
    state.live.wake(&theme_id);
    Ok(Json(LiveCommandsAck {
        head: new_head,
        accepted,
        refused: refusals,
    })
    .into_response())
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct FollowQuery {
    /// The last sequence number the editor has: the stream starts after it.
    #[serde(default)]
    after: i64,
}

/// What a stream knows between two reads.
struct Following {
    state: AppState,
    access: Access,
    theme_id: String,
    after: i64,
    presence: Option<Vec<shared_types::live::LivePresence>>,
    /// The last save told: the version and the sequence number it saved.
    saved: (i64, i64),
    wake: tokio::sync::watch::Receiver<u64>,
    /// When the member was last found admitted.
    checked: tokio::time::Instant,
    /// When the stream ends (the editor reconnects from where it is).
    until: tokio::time::Instant,
    queued: std::collections::VecDeque<Event>,
    ended: bool,
}

fn event(name: &str, data: &impl serde::Serialize) -> Event {
    Event::default()
        .event(name)
        .data(serde_json::to_string(data).unwrap_or_else(|_| "null".to_owned()))
}

/// Why a stream ended, as the editor shows it.
fn ended_body(error: &ApiError) -> ApiErrorBody {
    let message = match error {
        ApiError::Unauthorized(message) | ApiError::Forbidden(message) => message.clone(),
        _ => "The live session stopped; your editor reconnects.".to_owned(),
    };
    ApiErrorBody {
        messages: vec![message],
    }
}

impl Following {
    /// Reads what changed since the last read: `commands` (in order, each once), `presence`
    /// (when it changed), and `ended` when the member is no longer admitted.
    async fn read(&mut self) -> Result<(), ApiError> {
        if self.checked.elapsed() >= STREAM_POLL {
            if let Err(error) = self.access.recheck(&self.state).await {
                self.queued.push_back(event("ended", &ended_body(&error)));
                self.ended = true;
                return Ok(());
            }
            self.checked = tokio::time::Instant::now();
        }
        let session = theme_live::session(&self.state.db, &self.theme_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        if session.reset_seq > self.after {
            // Saved from outside the session: its working draft restarted; the editor joins
            // again (and follows from the head it then has).
            self.queued.push_back(event(
                "reset",
                &serde_json::json!({ "head": session.head, "version": session.base_version }),
            ));
            self.ended = true;
            return Ok(());
        }
        let max = i64::try_from(LIVE_BEHIND_MAX_COMMANDS).unwrap_or(500);
        let commands = theme_live::commands_after(
            &self.state.db,
            &self.theme_id,
            self.after,
            session.head,
            max,
        )
        .await?;
        if let Some(last) = commands.last() {
            self.after = last.seq;
            self.queued.push_back(event("commands", &commands));
        }
        let saved = (session.base_version, session.saved_seq);
        if saved != self.saved {
            self.saved = saved;
            self.queued.push_back(event(
                "saved",
                &LiveSaved {
                    version: saved.0,
                    saved_head: saved.1,
                },
            ));
        }
        let presence = theme_live::presence(
            &self.state.db,
            &self.theme_id,
            now_ms() - LIVE_PRESENCE_TTL_MS,
        )
        .await?;
        if self.presence.as_ref() != Some(&presence) {
            self.queued.push_back(event("presence", &presence));
            self.presence = Some(presence);
        }
        Ok(())
    }

    /// The next event: what is queued, else what a read after the next wake-up (or poll) finds.
    async fn next(mut self) -> Option<(Result<Event, Infallible>, Self)> {
        loop {
            if let Some(event) = self.queued.pop_front() {
                return Some((Ok(event), self));
            }
            if self.ended || tokio::time::Instant::now() >= self.until {
                return None;
            }
            let _ = tokio::time::timeout(STREAM_POLL, self.wake.changed()).await;
            if let Err(error) = self.read().await {
                tracing::warn!(%error, "live editing stream");
                self.queued.push_back(event("ended", &ended_body(&error)));
                self.ended = true;
            }
        }
    }
}

/// Follows the theme's live session as server-sent events, from the sequence number `after`:
/// `hello` with the session's head first (an editor whose `after` is past it joins again), then
/// `commands` (each command once, in order), `presence` (who is there, when it changed) and
/// `saved` (the working draft was saved: its version and sequence number) as they come; `reset`
/// when a save made outside the session restarted its working draft (the editor joins again),
/// and `ended` when the session's member is no longer admitted (signed out, or the scope taken
/// away). Reconnect with the last sequence number seen to resume.
#[utoipa::path(get, path = "/stores/onlinestore/themes/{themeId}/live/events", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme"), FollowQuery),
    responses((status = 200, description = "A stream of server-sent events: hello, commands, presence, saved, reset, ended", content_type = "text/event-stream"),
        (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn follow(
    State(state): State<AppState>,
    access: Access,
    Path(theme_id): Path<String>,
    Query(query): Query<FollowQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let session = session_of(&state, &access, &theme_id).await?;
    let wake = state.live.follow(&theme_id);
    let mut following = Following {
        state,
        access,
        theme_id,
        after: query.after.max(0),
        presence: None,
        saved: (session.base_version, session.saved_seq),
        wake,
        checked: tokio::time::Instant::now(),
        until: tokio::time::Instant::now() + Duration::from_millis(LIVE_STREAM_MAX_MS),
        queued: std::collections::VecDeque::new(),
        ended: false,
    };
    following
        .queued
        .push_back(event("hello", &serde_json::json!({ "head": session.head })));
    following.read().await?;
    let stream = futures_util::stream::unfold(following, Following::next);
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// Says where the signed-in user's editor is (the section open, the field typed in), which the
/// others see until 60 s without a word. An editor id another user holds stays theirs (403).
#[utoipa::path(put, path = "/stores/onlinestore/themes/{themeId}/live/presence", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme")),
    request_body = LivePresenceInput,
    responses((status = 204, description = "Kept"), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody)))]
async fn put_presence(
    State(state): State<AppState>,
    access: Access,
    Path(theme_id): Path<String>,
    Json(input): Json<LivePresenceInput>,
) -> Result<StatusCode, ApiError> {
    client_id_of(&input.client_id)?;
    let short = |text: &Option<String>| {
        text.as_deref()
            .map(|t| t.chars().take(200).collect::<String>())
    };
    let (section, field) = (short(&input.section), short(&input.field));
    session_of(&state, &access, &theme_id).await?;
    let name = sender_name(&state, &access.user.user_id).await?;
    let sender = Sender {
        user_id: &access.user.user_id,
        name: &name,
        client_id: &input.client_id,
    };
    let kept = theme_live::put_presence(
        &state.db,
        &access.store_id,
        &theme_id,
        sender,
        section.as_deref(),
        field.as_deref(),
    )
    .await?;
    if !kept {
        return Err(ApiError::Forbidden(
            "This editor id belongs to someone else's editor.".to_owned(),
        ));
    }
    state.live.wake(&theme_id);
    Ok(StatusCode::NO_CONTENT)
}

/// Saves the working draft at the session's head as the theme's next version, as the editor's
/// Save does without a session: everyone's edits since the last save, with who made them in the
/// version's history. The editor sends its own commands first. Answers the version and the
/// sequence number saved (the current version, unchanged, when nothing was edited since); 412
/// when the theme was saved outside the session meanwhile (its editors join again).
#[utoipa::path(post, path = "/stores/onlinestore/themes/{themeId}/live/save", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme")),
    responses((status = 200, body = LiveSaved), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody),
        (status = 412, body = ApiErrorBody)))]
async fn save(
    State(state): State<AppState>,
    access: Access,
    Path(theme_id): Path<String>,
) -> Result<Json<LiveSaved>, ApiError> {
    let session = session_of(&state, &access, &theme_id).await?;
    if session.head == session.saved_seq {
        return Ok(Json(LiveSaved {
            version: session.base_version,
            saved_head: session.head,
        }));
    }
    let doc = state
        .live
        .take_draft(&state.db, &theme_id, &session)
        .await?;
    let config = doc.to_json();
    state.live.keep(&theme_id, session.head, doc.clone());
    let (current, before) = store_themes::current_config(&state.db, &theme_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if current != session.base_version {
        return Err(ApiError::stale(current));
    }
    let before: serde_json::Value = serde_json::from_str(&before).map_err(ApiError::internal)?;
    let paths = core_wasm::theme::changed_paths(&before, doc.value());
    // What changed, in words, from the session's commands since the last save (the first ones,
    // when there are very many: the paths cover them all).
    let max = i64::try_from(LIVE_BEHIND_MAX_COMMANDS).unwrap_or(500);
    let commands: Vec<_> =
        theme_live::commands_after(&state.db, &theme_id, session.saved_seq, session.head, max)
            .await?
            .into_iter()
            .filter_map(|c| parse_command(c.command).ok())
            .collect();
    let described = core_wasm::theme::describe::describe(&before, &commands);
    let summary = if described.is_empty() {
        format!("{} live edits", session.head - session.saved_seq)
    } else {
        core_wasm::theme::describe::in_english(&described)
    };
    let authors =
        theme_live::authors(&state.db, &theme_id, session.saved_seq, session.head).await?;
    let paths = serde_json::to_string(&paths).map_err(ApiError::internal)?;
    let changes = serde_json::to_string(&described).map_err(ApiError::internal)?;
    let authors = serde_json::to_string(&authors).map_err(ApiError::internal)?;
    let name = sender_name(&state, &access.user.user_id).await?;
    let saved = store_themes::save(
        &state.db,
        &store_themes::Save {
            theme_id: &theme_id,
            expected_version: session.base_version,
            config: &config,
            family: crate::services::theme_save::family_name(doc.family()),
            summary: store_themes::Summary {
                text: &summary,
                paths: &paths,
                changes: &changes,
                authors: &authors,
            },
            batch: None,
            draft: None,
            live_seq: Some(session.head),
        },
        store_themes::Author {
            user_id: Some(&access.user.user_id),
            name: Some(&name),
        },
    )
    .await?;
    match saved {
        Ok(version) => {
            state.live.wake(&theme_id);
            Ok(Json(LiveSaved {
                version,
                saved_head: session.head,
            }))
        }
        Err(current) => Err(ApiError::stale(current)),
    }
}
