//! What a client generator reads in the OpenAPI document beyond the routes themselves, set in one
//! place after the routes are collected: every operation's `operationId`, derived from its method
//! and path (`GET /stores/catalogs/{id}` is `getStoresCatalogsById`), and a description on every
//! response that its route left without one (the status's reason phrase, "OK" or "Created").

use axum::http::StatusCode;
use utoipa::openapi::path::Operation;
use utoipa::openapi::{OpenApi, RefOr};

/// Names every operation from its route and fills the responses' missing descriptions.
pub fn document(openapi: &mut OpenApi) {
    for (path, item) in &mut openapi.paths.paths {
        let operations = [
            ("get", &mut item.get),
            ("put", &mut item.put),
            ("post", &mut item.post),
            ("delete", &mut item.delete),
            ("patch", &mut item.patch),
            ("head", &mut item.head),
            ("options", &mut item.options),
            ("trace", &mut item.trace),
        ];
        for (method, operation) in operations {
            if let Some(operation) = operation {
                operation.operation_id = Some(operation_id(method, path));
                describe_responses(operation);
            }
        }
    }
}

/// The operation's id: the method, then each word of the path capitalised, a path parameter
/// read as `By` and its name. Two routes have the same id only if their paths differ in
/// punctuation alone (`/a-b` and `/a_b`), which the document's test rules out.
pub fn operation_id(method: &str, path: &str) -> String {
    let mut id = method.to_ascii_lowercase();
    for segment in path.split('/').filter(|segment| !segment.is_empty()) {
        let word = match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(parameter) => {
                id.push_str("By");
                parameter
            }
            None => segment,
        };
        for part in word
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|part| !part.is_empty())
        {
            let mut chars = part.chars();
            if let Some(first) = chars.next() {
                id.push(first.to_ascii_uppercase());
                id.push_str(chars.as_str());
            }
        }
    }
    id
}

/// Gives each response without a description its status's reason phrase.
fn describe_responses(operation: &mut Operation) {
    for (status, response) in &mut operation.responses.responses {
        if let RefOr::T(response) = response
            && response.description.trim().is_empty()
        {
            response.description = reason(status).to_owned();
        }
    }
}

/// The reason phrase of a status such as "200"; "Response" for a range ("2XX") or `default`.
fn reason(status: &str) -> &'static str {
    status
        .parse::<u16>()
        .ok()
        .and_then(|code| StatusCode::from_u16(code).ok())
        .and_then(|code| code.canonical_reason())
        .unwrap_or("Response")
}

#[cfg(test)]
mod tests {
    use super::{operation_id, reason};

    #[test]
    fn an_id_reads_as_the_method_and_the_path() {
        assert_eq!(operation_id("get", "/stores/catalogs"), "getStoresCatalogs");
        assert_eq!(
            operation_id("put", "/stores/catalogs/{id}"),
            "putStoresCatalogsById"
        );
        assert_eq!(
            operation_id("get", "/auth/verify_reset_password_token"),
            "getAuthVerifyResetPasswordToken"
        );
        assert_eq!(
            operation_id("delete", "/stores/config/domains/"),
            "deleteStoresConfigDomains"
        );
        assert_eq!(
            operation_id(
                "post",
                "/stores/orders/{id}/fulfillments/{fulfillment_id}/cancel"
            ),
            "postStoresOrdersByIdFulfillmentsByFulfillmentIdCancel"
        );
        assert_eq!(
            operation_id("get", "/helpbase/public/customHTML"),
            "getHelpbasePublicCustomHTML"
        );
    }

    #[test]
    fn a_missing_description_is_the_status_reason() {
        assert_eq!(reason("200"), "OK");
        assert_eq!(reason("201"), "Created");
        assert_eq!(reason("204"), "No Content");
        assert_eq!(reason("default"), "Response");
    }
}
