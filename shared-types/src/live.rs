//! Live co-editing of a theme: the session everyone in a theme's editor shares, the commands the
//! server puts in one order, and who is there. Times are milliseconds since the epoch.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

dto! {
    /// A command of a theme's live session, as the server ordered and stored it.
    pub struct LiveCommand {
        /// Its place in the session's order: one more than the command before it.
        #[ts(type = "number")]
        pub seq: i64,
        /// Who made it (the signed-in user whose session sent it).
        pub author_id: String,
        pub author_name: String,
        /// The editor that sent it, and its own count of the commands it sent.
        pub client_id: String,
        #[ts(type = "number")]
        pub client_seq: i64,
        /// The command as the server took it (its HTML cleaned).
        #[ts(type = "unknown")]
        #[cfg_attr(feature = "openapi", schema(value_type = Object))]
        pub command: Value,
    }

    /// Someone in a theme's editor: what they are editing, and when they last did something.
    pub struct LivePresence {
        pub client_id: String,
        pub user_id: String,
        pub name: String,
        /// The section they have open (its key), if any.
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub section: Option<String>,
        /// The field they are typing in (its path), if any.
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub field: Option<String>,
        #[ts(type = "number")]
        pub updated_at: i64,
    }

    /// `GET .../themes/{themeId}/live`: the shared working draft, at the session's head.
    pub struct LiveSession {
        pub theme_id: String,
        /// The saved version the working draft continues.
        #[ts(type = "number")]
        pub base_version: i64,
        /// The sequence number of the last command in `config`.
        #[ts(type = "number")]
        pub head: i64,
        /// The working draft's config, its HTML cleaned.
        #[ts(type = "unknown")]
        #[cfg_attr(feature = "openapi", schema(value_type = Object))]
        pub config: Value,
        /// The sequence number of the working draft's last save: commands after it are unsaved.
        #[ts(type = "number")]
        pub saved_head: i64,
        /// Whether the working draft differs from the saved version (edits undone since the last
        /// save leave it equal).
        pub unsaved: bool,
        /// Who is in the editor now.
        pub presence: Vec<LivePresence>,
        /// How long someone is shown after their last activity.
        #[ts(type = "number")]
        pub presence_ttl_ms: i64,
    }

    /// `POST .../live/commands`: an editor's commands, made on the working draft at `base`.
    pub struct LiveCommandsInput {
        /// The editor's id (chosen once per open editor, 8 to 64 letters, digits or dashes).
        pub client_id: String,
        /// The head the editor had: the commands are taken only when it is still the head.
        #[ts(type = "number")]
        pub base: i64,
        /// The editor's own number of the first command; the next ones follow it.
        #[ts(type = "number")]
        pub first_client_seq: i64,
        #[ts(type = "unknown[]")]
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
        pub commands: Vec<Value>,
    }

    /// A command of a batch the working draft refused (the batch's others were taken).
    pub struct LiveRefusal {
        /// Its index in the batch.
        pub index: u32,
        pub code: String,
        pub message: String,
    }

    /// The answer to a batch taken: the commands as stored, in order, and the refused ones.
    pub struct LiveCommandsAck {
        #[ts(type = "number")]
        pub head: i64,
        pub accepted: Vec<LiveCommand>,
        pub refused: Vec<LiveRefusal>,
    }

    /// 409 to a batch made on an older head: the commands the editor has not seen, to rebase
    /// its own on before sending them again.
    pub struct LiveBehind {
        pub messages: Vec<String>,
        #[ts(type = "number")]
        pub head: i64,
        pub commands: Vec<LiveCommand>,
    }

    /// `PUT .../live/presence`: where the editor is.
    pub struct LivePresenceInput {
        pub client_id: String,
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub section: Option<String>,
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub field: Option<String>,
    }

    /// `POST .../live/save`: the version the working draft was saved as, and the sequence
    /// number it was saved at (the session's `saved` event tells the others).
    pub struct LiveSaved {
        #[ts(type = "number")]
        pub version: i64,
        #[ts(type = "number")]
        pub saved_head: i64,
    }
}
