//! Exports of the theme document engine: the resident `ThemeEditor`. The document stays inside
//! WebAssembly; JavaScript sends small commands and reads back what it renders. Every answer is
//! a typed value (`ApplyOutcome`, `ThemeErrorBody`, ...); the full config crosses only when asked.

use serde_json::Value;
use shared_types::theme::{
    ApplyOutcome, EditorPage, LinkTarget, ListRef, PanelRef, ThemeChange, ThemeCommand,
    ThemeErrorBody, ThemeFamily,
};
use wasm_bindgen::prelude::*;

use super::{from_js, to_js};
use crate::theme::{self, ThemeDoc, ThemeError};

fn outcome(result: Result<ThemeChange, ThemeError>) -> Result<JsValue, JsError> {
    to_js(&match result {
        Ok(change) => ApplyOutcome::Applied { change },
        Err(error) => ApplyOutcome::Rejected {
            error: error.to_body(),
        },
    })
}

/// Reads a JavaScript value as JSON; anything that is not plain data is a malformed command.
fn json(value: JsValue) -> Result<Value, ThemeError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| ThemeError::BadCommand {
        detail: e.to_string(),
    })
}

/// A theme config being edited, resident in WebAssembly.
#[wasm_bindgen]
#[derive(Debug)]
pub struct ThemeEditor {
    inner: theme::ThemeEditor,
}

#[wasm_bindgen]
impl ThemeEditor {
    /// Loads a config from JSON text; throws a `ThemeErrorBody` when it is not a config. Its
    /// fingerprint is `fingerprint` when given (the document of a copy that has one: the same
    /// content saved), else the document's own (as the server's and the frame's copies make it).
    #[wasm_bindgen(constructor)]
    pub fn new(config_json: &str, fingerprint: Option<String>) -> Result<ThemeEditor, JsValue> {
        match ThemeDoc::parse(config_json) {
            Ok(doc) => Ok(ThemeEditor {
                inner: match fingerprint.as_deref().and_then(theme::parse_fingerprint) {
                    Some(print) => theme::ThemeEditor::with_fingerprint(doc, print),
                    None => theme::ThemeEditor::new(doc),
                },
            }),
            Err(error) => Err(to_js(&error.to_body()).map_err(JsValue::from)?),
        }
    }

    /// Applies a `ThemeCommand` typed into a field: it replaces the last command when it sets
    /// the same field (one step to undo). Returns an `ApplyOutcome` (`change.merged` says so).
    #[wasm_bindgen(js_name = applyTyping)]
    pub fn apply_typing(&mut self, command: JsValue) -> Result<JsValue, JsError> {
        let result = json(command)
            .and_then(theme::parse_command)
            .and_then(|command| self.inner.apply_typing(command));
        outcome(result)
    }

    /// The document's fingerprint (16 hexadecimal digits).
    #[wasm_bindgen(getter)]
    pub fn fingerprint(&self) -> String {
        theme::fingerprint_text(self.inner.fingerprint())
    }

    /// Applies a `ThemeCommand`; returns an `ApplyOutcome`.
    pub fn apply(&mut self, command: JsValue) -> Result<JsValue, JsError> {
        let result = json(command)
            .and_then(theme::parse_command)
            .and_then(|command| self.inner.apply(command));
        outcome(result)
    }

    /// Undoes the last command; returns an `ApplyOutcome`.
    pub fn undo(&mut self) -> Result<JsValue, JsError> {
        outcome(self.inner.undo())
    }

    /// Redoes the last undone command; returns an `ApplyOutcome`.
    pub fn redo(&mut self) -> Result<JsValue, JsError> {
        outcome(self.inner.redo())
    }

    /// The document version.
    #[wasm_bindgen(getter)]
    pub fn version(&self) -> u32 {
        self.inner.version()
    }

    /// The whole config as JSON text (for saving and for the preview).
    #[wasm_bindgen(js_name = configJson)]
    pub fn config_json(&self) -> String {
        self.inner.doc().to_json()
    }

    /// The value at a JSON-pointer path, or `undefined`.
    pub fn read(&self, pointer: &str) -> Result<JsValue, JsError> {
        match self.inner.doc().get(pointer) {
            Some(value) => to_js(value),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The Sections tab: `SectionListItem[]`.
    pub fn sections(&self) -> Result<JsValue, JsError> {
        to_js(&theme::section_list(self.inner.doc()))
    }

    /// The family and its label: a `FamilyView`.
    pub fn family(&self) -> Result<JsValue, JsError> {
        to_js(&theme::family_view(self.inner.doc()))
    }

    /// The Setting tab's groups for an `EditorPage` (the test panel too with `full_settings`):
    /// `SettingsGroupView[]`.
    #[wasm_bindgen(js_name = settingsGroups)]
    pub fn settings_groups(&self, page: JsValue, full_settings: bool) -> Result<JsValue, JsError> {
        let page: EditorPage = from_js(page)?;
        to_js(&theme::settings_groups(
            self.inner.doc().family(),
            page,
            full_settings,
        ))
    }

    /// The section types the Add Section picker offers: `SectionType[]`.
    #[wasm_bindgen(js_name = addableSectionTypes)]
    pub fn addable_section_types(&self) -> Result<JsValue, JsError> {
        to_js(&theme::addable_section_types(self.inner.doc().family()))
    }

    /// Every problem of the whole config: `ThemeErrorBody[]` (empty when valid).
    pub fn validate(&self) -> Result<JsValue, JsError> {
        let problems: Vec<ThemeErrorBody> = theme::validate(self.inner.doc().value())
            .iter()
            .map(ThemeError::to_body)
            .collect();
        to_js(&problems)
    }

    /// The applied commands that make the current document: `ThemeCommand[]`.
    pub fn log(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.log())
    }

    /// The last command of the log (the one a redo applied again): a `ThemeCommand`, or
    /// `undefined` when the log is empty.
    #[wasm_bindgen(js_name = lastCommand)]
    pub fn last_command(&self) -> Result<JsValue, JsError> {
        match self.inner.log().last() {
            Some(command) => to_js(command),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Live co-editing: the commands that take back `command` (`ThemeCommand[]`) on the document
    /// as it stands (before `command` applies), or `null` when it has none
    /// (`theme::collab::inverse`).
    pub fn inverse(&self, command: JsValue) -> Result<JsValue, JsError> {
        let command =
            theme::parse_command(from_js(command)?).map_err(|e| JsError::new(&e.to_string()))?;
        match theme::collab::inverse(self.inner.doc(), &command) {
            Some(commands) => to_js(&commands),
            None => Ok(JsValue::NULL),
        }
    }

    /// Runs a step of a live session (`EditorOp`, a rebase from `LiveClient`); returns an
    /// `ApplyOutcome`.
    pub fn run(&mut self, op: JsValue) -> Result<JsValue, JsError> {
        let result = json(op)
            .and_then(theme::parse_op)
            .and_then(|op| self.inner.run(op));
        outcome(result)
    }

    /// The fingerprint of the document's content (its JSON text as the core writes it): two
    /// documents with the same content have the same one, however they were made. It reads the
    /// whole document: for a check now and then, not for every keystroke.
    #[wasm_bindgen(js_name = contentPrint)]
    pub fn content_print(&self) -> String {
        theme::fingerprint_text(theme::fingerprint_of_text(&self.inner.doc().to_json()))
    }

    /// How many commands can be taken back by a rebase.
    #[wasm_bindgen(getter)]
    pub fn kept(&self) -> u32 {
        u32::try_from(self.inner.kept()).unwrap_or(u32::MAX)
    }

    /// Whether there is a command to undo.
    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.inner.can_undo()
    }

    /// Whether there is a command to redo.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.inner.can_redo()
    }

    /// The input a JSON-pointer path takes: a `FieldSpec`.
    #[wasm_bindgen(js_name = fieldSpec)]
    pub fn field_spec(&self, pointer: &str) -> Result<JsValue, JsError> {
        to_js(&theme::field_spec(self.inner.doc().value(), pointer))
    }

    /// How full a list is (`ListRef` in): a `ListStatus`, or a `ThemeErrorBody` thrown.
    #[wasm_bindgen(js_name = listStatus)]
    pub fn list_status(&self, list: JsValue) -> Result<JsValue, JsValue> {
        let list: ListRef = serde_wasm_bindgen::from_value(list)?;
        match theme::list_status(self.inner.doc(), &list) {
            Ok(status) => to_js(&status).map_err(JsValue::from),
            Err(error) => Err(to_js(&error.to_body()).map_err(JsValue::from)?),
        }
    }

    /// The panel of a section or settings group (`PanelRef` in): a `PanelView`, or a
    /// `ThemeErrorBody` thrown.
    pub fn panel(&self, panel: JsValue) -> Result<JsValue, JsValue> {
        let panel: PanelRef = serde_wasm_bindgen::from_value(panel)?;
        match theme::panel(self.inner.doc(), &panel) {
            Ok(view) => to_js(&view).map_err(JsValue::from),
            Err(error) => Err(to_js(&error.to_body()).map_err(JsValue::from)?),
        }
    }

    /// Whether the flash-deal block at a JSON-pointer path may choose a product.
    #[wasm_bindgen(js_name = flashDealProductOpen)]
    pub fn flash_deal_product_open(&self, pointer: &str) -> bool {
        self.inner
            .doc()
            .get(pointer)
            .is_some_and(theme::flash_deal_product_open)
    }
}

/// The typography picker's families, each with the weights it comes in: `FontChoices`.
#[wasm_bindgen(js_name = themeFontChoices)]
pub fn font_choices() -> Result<JsValue, JsError> {
    to_js(&theme::font_choices())
}

/// What choosing a weight of a family writes: a `FontWeightChoice`, or `null` when the family
/// is not one of the choices or does not come in the weight.
#[wasm_bindgen(js_name = themeFontWeightChoice)]
pub fn font_weight_choice(family: &str, style: &str) -> Result<JsValue, JsError> {
    to_js(&theme::font_weight_choice(family, style).ok())
}

/// The editor's timings and sizes: `EditorConstants`.
#[wasm_bindgen(js_name = themeEditorConstants)]
pub fn editor_constants() -> Result<JsValue, JsError> {
    to_js(&theme::editor_constants())
}

/// The link object of a link picker's choice (`LinkTarget` in).
#[wasm_bindgen(js_name = themeLinkTo)]
pub fn link_to(target: JsValue) -> Result<JsValue, JsError> {
    let target: LinkTarget = from_js(target)?;
    to_js(&theme::link_to(&target))
}

/// The preview page a panel switches to: a `PreviewPage` or `null`.
#[wasm_bindgen(js_name = themePreviewPageForPanel)]
pub fn preview_page_for_panel(panel: &str) -> Result<JsValue, JsError> {
    to_js(&theme::preview_page_for_panel(panel))
}

/// The preview address for a store's address (a host name or the embedded storefront's path),
/// a no-cache stamp, a `ThemeFamily` and the editor's signed preview token, or `null`.
#[wasm_bindgen(js_name = themePreviewUrl)]
pub fn preview_url(
    store_address: &str,
    stamp: f64,
    family: JsValue,
    token: &str,
) -> Result<JsValue, JsError> {
    let family: ThemeFamily = from_js(family)?;
    to_js(&theme::preview_url(store_address, stamp, family, token))
}

/// Live co-editing: rebases the editor's commands not yet acknowledged (`pending`, made on the
/// server's document `config_json` in order) on the commands the server ordered after it
/// (`remote`), by the core's rules (`theme::collab::rebase`). Answers the pending commands as they
/// now read and the indexes of the dropped ones, or `resyncAt`, the index of a remote command
/// that does not apply (the editor's copy is not the server's: it loads the working draft whole).
#[wasm_bindgen(js_name = themeRebaseCommands)]
pub fn rebase_commands(
    config_json: &str,
    pending: JsValue,
    remote: JsValue,
) -> Result<JsValue, JsError> {
    let commands = |value: JsValue| -> Result<Vec<shared_types::theme::ThemeCommand>, JsError> {
        let values: Vec<Value> = from_js(value)?;
        values
            .into_iter()
            .map(|v| theme::parse_command(v).map_err(|e| JsError::new(&e.to_string())))
            .collect()
    };
    let doc = ThemeDoc::parse(config_json).map_err(|e| JsError::new(&e.to_string()))?;
    let outcome = match theme::collab::rebase(&doc, &commands(pending)?, &commands(remote)?) {
        Ok(rebased) => shared_types::theme::RebaseOutcome {
            pending: rebased.pending.into_iter().map(|(_, c)| c).collect(),
            dropped: rebased
                .dropped
                .into_iter()
                .map(|i| u32::try_from(i).unwrap_or(u32::MAX))
                .collect(),
            resync_at: None,
        },
        Err((at, _)) => shared_types::theme::RebaseOutcome {
            pending: Vec::new(),
            dropped: Vec::new(),
            resync_at: Some(u32::try_from(at).unwrap_or(u32::MAX)),
        },
    };
    to_js(&outcome)
}

/// One editor's side of a theme's live session (`theme::collab::LiveState`): the server's
/// document at its head, the editor's commands not acknowledged yet, the batch on its way, and
/// the editor's undo and redo steps as commands. The admin keeps its `ThemeEditor` (the view) in
/// step with it through the `LiveStep`s it answers.
#[wasm_bindgen]
#[derive(Debug)]
pub struct LiveClient {
    inner: theme::collab::LiveClient,
}

fn commands_of(value: JsValue) -> Result<Vec<ThemeCommand>, JsError> {
    let values: Vec<Value> = from_js(value)?;
    values
        .into_iter()
        .map(|v| theme::parse_command(v).map_err(|e| JsError::new(&e.to_string())))
        .collect()
}

#[wasm_bindgen]
impl LiveClient {
    /// Starts from the working draft as joined (`LiveSession.config` as JSON text, at `head`).
    #[wasm_bindgen(constructor)]
    pub fn new(client_id: &str, config_json: &str, head: f64) -> Result<LiveClient, JsError> {
        let doc = ThemeDoc::parse(config_json).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(LiveClient {
            inner: theme::collab::LiveClient::new(client_id, doc, head as i64),
        })
    }

    #[wasm_bindgen(getter)]
    pub fn head(&self) -> f64 {
        self.inner.state().head() as f64
    }

    /// How many of the editor's commands are not acknowledged yet.
    #[wasm_bindgen(getter)]
    pub fn pending(&self) -> u32 {
        u32::try_from(self.inner.state().pending().len()).unwrap_or(u32::MAX)
    }

    /// The editor's commands not acknowledged yet (`ThemeCommand[]`): what its local draft keeps.
    #[wasm_bindgen(js_name = pendingCommands)]
    pub fn pending_commands(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.state().pending())
    }

    /// Whether a batch is on its way.
    #[wasm_bindgen(getter)]
    pub fn sending(&self) -> bool {
        self.inner.sending()
    }

    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.inner.can_undo()
    }

    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.inner.can_redo()
    }

    /// Keeps a command the editor applied (`merged` as its `ThemeChange` says; `continues`: the
    /// same typing as the one before, one step to undo), with the commands that take it back
    /// (`ThemeEditor.inverse` before it applied, or `null`). Answers false when the merge could
    /// not be kept (the editor then resyncs its view).
    pub fn record(
        &mut self,
        command: JsValue,
        merged: bool,
        continues: bool,
        inverse: JsValue,
    ) -> Result<bool, JsError> {
        let command =
            theme::parse_command(from_js(command)?).map_err(|e| JsError::new(&e.to_string()))?;
        let inverse = if inverse.is_null() || inverse.is_undefined() {
            None
        } else {
            Some(commands_of(inverse)?)
        };
        Ok(self.inner.record(command, merged, continues, inverse))
    }

    /// The commands of the editor's last step to take back (`ThemeCommand[]`), or `undefined`.
    /// Apply and `record` each, then call `endStep`.
    #[wasm_bindgen(js_name = takeUndo)]
    pub fn take_undo(&mut self) -> Result<JsValue, JsError> {
        match self.inner.take_undo() {
            Some(commands) => to_js(&commands),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The commands of the last step taken back, to make again, or `undefined`.
    #[wasm_bindgen(js_name = takeRedo)]
    pub fn take_redo(&mut self) -> Result<JsValue, JsError> {
        match self.inner.take_redo() {
            Some(commands) => to_js(&commands),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Ends an undo or redo step (its commands recorded).
    #[wasm_bindgen(js_name = endStep)]
    pub fn end_step(&mut self) {
        self.inner.end_step();
    }

    /// The next batch to send (`LiveBatch`), or `undefined` when there is nothing or a batch is
    /// on its way.
    #[wasm_bindgen(js_name = nextBatch)]
    pub fn next_batch(&mut self, max: u32) -> Result<JsValue, JsError> {
        match self.inner.next_batch(max as usize) {
            Some(batch) => to_js(&shared_types::theme::LiveBatch {
                base: batch.base,
                first_client_seq: batch.first_client_seq,
                commands: batch.commands,
            }),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The batch on its way got no answer (or a 409): it goes again, with the same numbers.
    pub fn unsent(&mut self) {
        self.inner.unsent();
    }

    /// Takes the server's commands (`LiveCommand[]`: the stream, a 409, or with `answered` the
    /// answer to the batch on its way, which then settles it). `hold`: set aside field edits
    /// someone else made meanwhile. Answers a `LiveStep`.
    pub fn receive(
        &mut self,
        commands: JsValue,
        hold: bool,
        answered: bool,
    ) -> Result<JsValue, JsError> {
        let stored: Vec<shared_types::live::LiveCommand> = from_js(commands)?;
        to_js(&self.inner.receive(&stored, hold, answered))
    }

    /// Starts again from the working draft joined again (`config_json` at `head`), keeping the
    /// editor's commands that still apply; answers the view's config as JSON text.
    pub fn restart(&mut self, config_json: &str, head: f64) -> Result<String, JsError> {
        let doc = ThemeDoc::parse(config_json).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(self.inner.restart(doc, head as i64).to_json())
    }

    /// The editor's view (the server's document with its own commands) as JSON text.
    #[wasm_bindgen(js_name = viewJson)]
    pub fn view_json(&self) -> String {
        self.inner.state().view().to_json()
    }
}

#[wasm_bindgen]
impl LiveClient {
    /// The batch on its way was refused whole (400): its commands go. Answers the `EditorOp`
    /// (a rebase) that takes them out of the view, or `undefined`.
    pub fn refused(&mut self) -> Result<JsValue, JsError> {
        match self.inner.refused() {
            Some(op) => to_js(&op),
            None => Ok(JsValue::UNDEFINED),
        }
    }
}
