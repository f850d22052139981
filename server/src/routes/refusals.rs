//! The refusals that the shared extractors give on every route, written into the OpenAPI
//! document from what each operation declares, so that no handler has to repeat them and no
//! operation can miss one: a sign-in (401), the `X-Store-Id` header (400 when missing, 404 for
//! a store the user is not a member of, 403 without the route's scope), query and path
//! parameters (400 when unreadable) and a JSON body (400 when it is not JSON, 415 without its
//! content type, 422 when a field has the wrong type, as axum's JSON reader answers).

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

use crate::auth::store::STORE_ID_HEADER;

/// Adds each operation's shared refusals that its handler's description leaves out; a status
/// the handler documents keeps the handler's description.
pub fn document(openapi: &mut OpenApi) {
    for item in openapi.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            for (status, why) in refusals(operation) {
                operation
                    .responses
                    .responses
                    .entry(status.to_owned())
                    .or_insert_with(|| error_response(why));
            }
        }
    }
}

/// The statuses an operation can be refused with before its handler runs, each with why.
fn refusals(operation: &Operation) -> Vec<(&'static str, &'static str)> {
    let mut refusals = Vec::new();
    let parameters: Vec<_> = operation
        .parameters
        .iter()
        .flatten()
        .filter_map(|parameter| match parameter {
            RefOr::T(parameter) => Some(parameter),
            RefOr::Ref(_) => None,
        })
        .collect();
    let signed_in = operation.security.as_ref().is_some_and(|requirements| {
        requirements
            .iter()
            .any(|requirement| *requirement != SecurityRequirement::default())
    });
    if signed_in {
        refusals.push(("401", "Not signed in, or the session has ended"));
    }
    if parameters.iter().any(|parameter| {
        parameter.parameter_in == ParameterIn::Header
            && parameter.name.eq_ignore_ascii_case(STORE_ID_HEADER)
    }) {
        refusals.push(("400", "The request is invalid (X-Store-Id is missing, say)"));
        refusals.push(("403", "The member lacks the route's scope"));
        refusals.push(("404", "Not a store the user is a member of"));
    }
    if parameters.iter().any(|parameter| {
        matches!(
            parameter.parameter_in,
            ParameterIn::Query | ParameterIn::Path
        )
    }) {
        refusals.push(("400", "A parameter could not be read"));
    }
    let json_body = match &operation.request_body {
        Some(RefOr::T(body)) => body.content.contains_key("application/json"),
        _ => false,
    };
    if json_body {
        refusals.push(("400", "The body is not JSON or breaks a rule"));
        refusals.push(("415", "The body is not sent as application/json"));
        refusals.push((
            "422",
            "A field of the body has the wrong type or is missing",
        ));
    }
    refusals
}

/// A refusal with the API's error body.
fn error_response(description: &str) -> RefOr<utoipa::openapi::Response> {
    RefOr::T(
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ApiErrorBody")))
                    .build(),
            )
            .build(),
    )
}
