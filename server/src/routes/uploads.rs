//! Image upload (editor spec §7: the answer carries `src` or `fullPath`). The file is checked by
//! its first bytes (PNG, JPEG, GIF, WebP) and its size (5 MB), stored under `UPLOAD_DIR` with a
//! name the server makes, and served back under `/uploads/`. The client's file name is never
//! used; one that tries to name a path is refused. A store keeps at most `UPLOAD_QUOTA_BYTES`
//! of images (413 past it). Its size in pixels is read from its header: past 25 megapixels, or
//! unreadable, it is refused (422); the background job makes its widths (`services::pictures`).

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use shared_types::ApiErrorBody;
use shared_types::catalog::UploadedImage;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use super::pages::invalid;
use crate::auth::store::{StoreAccess, routes::AnyMember};
use crate::db::new_id;
use crate::error::{ApiError, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload_image).layer(DefaultBodyLimit::max(
        core_wasm::catalog::UPLOAD_MAX_BYTES + 64 * 1024,
    )))
}

fn too_large() -> ApiError {
    ApiError::Unreadable {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: "An image is at most 5 MB.".to_owned(),
    }
}

/// The answer to an image that does not fit in the store's upload quota.
fn over_quota(used: i64, size: i64, quota: i64) -> ApiError {
    let mb = |bytes: i64| format!("{:.1} MB", bytes as f64 / 1_000_000.0);
    ApiError::Unreadable {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: format!(
            "This store's images may take {} (its upload quota); {} are used, and this image ({}) does not fit. \
             Ask Storeloom's support to raise the quota.",
            mb(quota),
            mb(used),
            mb(size)
        ),
    }
}

/// The multipart body of an upload (documentation only).
#[derive(Debug, utoipa::ToSchema)]
#[allow(dead_code)]
struct UploadForm {
    /// The image: PNG, JPEG, GIF or WebP, at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Uploads an image for the store (the editor, products, collections). Any member may upload.
#[utoipa::path(post, path = "/stores/onlinestore/images", tag = "uploads", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 201, body = UploadedImage), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody),
        (status = 413, body = ApiErrorBody), (status = 415, body = ApiErrorBody, description = "Not a PNG, JPEG, GIF or WebP image"),
        (status = 422, body = ApiErrorBody, description = "Past 25 megapixels, or a picture that cannot be read")))]
async fn upload_image(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<UploadedImage>), ApiError> {
    let mut multipart = multipart.map_err(|rejection| ApiError::Unreadable {
        status: rejection.status(),
        message: rejection.body_text(),
    })?;
    let unreadable = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            ApiError::Unreadable {
                status: StatusCode::BAD_REQUEST,
                message: e.body_text(),
            }
        }
    };
    let mut bytes: Option<Vec<u8>> = None;
    while let Some(mut field) = multipart.next_field().await.map_err(unreadable)? {
        if field.name() != Some("file") {
            continue;
        }
        if let Some(name) = field.file_name() {
            core_wasm::catalog::check_upload_name(name).map_err(invalid)?;
        }
        let mut data = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(unreadable)? {
            if data.len() + chunk.len() > core_wasm::catalog::UPLOAD_MAX_BYTES {
                return Err(too_large());
            }
            data.extend_from_slice(&chunk);
        }
        bytes = Some(data);
        break;
    }
    let bytes = bytes.ok_or_else(|| invalid("Send the image in a field named file.".to_owned()))?;
    let (extension, content_type) = core_wasm::catalog::check_upload(&bytes).map_err(|m| {
        if bytes.len() > core_wasm::catalog::UPLOAD_MAX_BYTES {
            too_large()
        } else {
            ApiError::Unreadable {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                message: m,
            }
        }
    })?;
    // Its size in pixels, from its header: a picture past the core's limit, or a file that
    // only starts like one, is refused before anything is stored or decoded.
    let pixels = crate::services::pictures::inspect(&bytes).map_err(ApiError::Unprocessable)?;
    let id = new_id();
    // Both parts are made here (a store id is a UUID), so the path stays inside UPLOAD_DIR.
    let relative = format!("{}/{id}.{extension}", access.store_id);
    let stored = store_file(&state, &relative, &bytes).await?;
    let size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    let quota = state.config.upload_quota_bytes;
    let inserted = crate::db::record_upload(
        &state.db,
        &access.store_id,
        &crate::db::Upload {
            id: &id,
            path: &relative,
            content_type,
            size_bytes: size,
            uploaded_by: &access.user.user_id,
            pixels: Some(pixels),
        },
        quota,
    )
    .await;
    match inserted {
        Ok(Ok(())) => {}
        Ok(Err(used)) => {
            let _ = tokio::fs::remove_file(&stored).await;
            return Err(over_quota(used, size, quota));
        }
        Err(error) => {
            let _ = tokio::fs::remove_file(&stored).await;
            return Err(error.into());
        }
    }
    let src = format!("/uploads/{relative}");
    Ok((
        StatusCode::CREATED,
        Json(UploadedImage {
            id,
            full_path: format!("{}{src}", state.config.public_url),
            src,
            content_type: content_type.to_owned(),
            size,
        }),
    ))
}

/// Writes a file under `UPLOAD_DIR` whole or not at all: to a temporary name first, then
/// renamed. Returns its path.
pub(crate) async fn store_file(
    state: &AppState,
    relative: &str,
    bytes: &[u8],
) -> Result<std::path::PathBuf, ApiError> {
    crate::db::uploads::write_file(&state.config.upload_dir, relative, bytes)
        .await
        .map_err(ApiError::internal)
}
