//! The editing session: the resident document, undo and redo of every command, a version counter,
//! the log of applied commands that replays on another copy with identical results, and the
//! document's fingerprint, which two copies fed the same commands share.
//!
//! A document's fingerprint is a hash of its JSON text as the core writes it; each applied command
//! chains it (the hash of the previous fingerprint and the command), and an undo goes back to the
//! one before. Two copies that started from the same fingerprint and applied the same commands in
//! the same order hold the same document (the reducer is deterministic), so comparing the 16
//! characters of two fingerprints checks the copies without comparing the documents.
//!
//! Typing in one field is one step: a `SetField` applied as a continuation of the one before it
//! (same path, nothing undone since) replaces it in the log and in the undo stack, keeping what
//! the first one replaced.

use std::hash::Hasher;

use shared_types::theme::{EditorOp, ThemeChange, ThemeCommand};
use siphasher::sip::SipHasher13;

use super::commands::{Change, apply};
use super::doc::{Patch, ThemeDoc, restore};
use super::error::ThemeError;
use crate::limits::THEME_UNDO_DEPTH;

#[derive(Debug, Clone)]
struct Done {
    command: ThemeCommand,
    patches: Vec<Patch>,
}

/// A theme document being edited.
#[derive(Debug, Clone)]
pub struct ThemeEditor {
    doc: ThemeDoc,
    done: Vec<Done>,
    undone: Vec<ThemeCommand>,
    log: Vec<ThemeCommand>,
    version: u32,
    /// The fingerprint of the document the log starts from.
    base: u64,
    /// The fingerprint after each command of the log.
    prints: Vec<u64>,
}

/// The fingerprint of a config's JSON text.
pub fn fingerprint_of_text(text: &str) -> u64 {
    let mut hasher = SipHasher13::new();
    hasher.write(text.as_bytes());
    hasher.finish()
}

/// The fingerprint after `command`, from the one before it.
fn chain(before: u64, command: &ThemeCommand) -> u64 {
    let mut hasher = SipHasher13::new();
    hasher.write_u64(before);
    // A command serialises the same way wherever it was read (its fields in declaration order,
    // its values as `parse_command` reads them).
    hasher.write(
        serde_json::to_string(command)
            .unwrap_or_default()
            .as_bytes(),
    );
    hasher.finish()
}

/// A fingerprint as the browser carries it: 16 hexadecimal digits (a JavaScript number holds
/// only 53 bits).
pub fn fingerprint_text(print: u64) -> String {
    format!("{print:016x}")
}

/// A fingerprint read back from [`fingerprint_text`].
pub fn parse_fingerprint(text: &str) -> Option<u64> {
    (text.len() == 16)
        .then(|| u64::from_str_radix(text, 16).ok())
        .flatten()
}

impl ThemeEditor {
    /// Starts a session on a document, at version 0; its fingerprint is its JSON text's.
    pub fn new(doc: ThemeDoc) -> Self {
        let base = fingerprint_of_text(&doc.to_json());
        Self::with_fingerprint(doc, base)
    }

    /// Starts a session on a document whose fingerprint is known: the text it was parsed from
    /// (see [`fingerprint_of_text`]), or the copy it was sent from.
    pub fn with_fingerprint(doc: ThemeDoc, base: u64) -> Self {
        ThemeEditor {
            doc,
            done: Vec::new(),
            undone: Vec::new(),
            log: Vec::new(),
            version: 0,
            base,
            prints: Vec::new(),
        }
    }

    /// The document's fingerprint: two copies with the same one hold the same document.
    pub fn fingerprint(&self) -> u64 {
        self.prints.last().copied().unwrap_or(self.base)
    }

    /// Replays a log on a document. Fails with the position and error of the first command that
    /// does not apply.
    pub fn replay(doc: ThemeDoc, log: &[ThemeCommand]) -> Result<Self, (usize, ThemeError)> {
        let mut editor = ThemeEditor::new(doc);
        for (i, command) in log.iter().enumerate() {
            editor.apply(command.clone()).map_err(|e| (i, e))?;
        }
        Ok(editor)
    }

    /// The document as it stands.
    pub fn doc(&self) -> &ThemeDoc {
        &self.doc
    }

    /// The version: every applied command, undo and redo adds one.
    pub fn version(&self) -> u32 {
        self.version
    }

    /// The commands that make the current document from the first one, in order.
    pub fn log(&self) -> &[ThemeCommand] {
        &self.log
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    fn change(&mut self, change: &Change, merged: bool) -> ThemeChange {
        self.version = self.version.saturating_add(1);
        ThemeChange {
            version: self.version,
            paths: change.paths(),
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
            fingerprint: fingerprint_text(self.fingerprint()),
            merged,
        }
    }

    /// Applies a command; a refused one changes nothing, not even the version.
    pub fn apply(&mut self, command: ThemeCommand) -> Result<ThemeChange, ThemeError> {
        let change = apply(&mut self.doc, &command)?;
        self.undone.clear();
        self.record(command, &change);
        Ok(self.change(&change, false))
    }

    /// Whether `command` continues the last one: both set the same field, and nothing was
    /// undone since.
    pub fn continues(&self, command: &ThemeCommand) -> bool {
        let ThemeCommand::SetField { path, .. } = command else {
            return false;
        };
        self.undone.is_empty()
            && matches!(
                self.done.last(),
                Some(Done { command: ThemeCommand::SetField { path: last, .. }, .. }) if last == path
            )
            && matches!(self.log.last(), Some(ThemeCommand::SetField { path: last, .. }) if last == path)
    }

    /// Applies a command as the continuation of the last one when it [`continues`] it (typing
    /// in one field: one step to undo, one command in the log), else as a command of its own.
    /// `ThemeChange::merged` says which.
    ///
    /// [`continues`]: ThemeEditor::continues
    pub fn apply_typing(&mut self, command: ThemeCommand) -> Result<ThemeChange, ThemeError> {
        if !self.continues(&command) {
            return self.apply(command);
        }
        let change = apply(&mut self.doc, &command)?;
        self.log.pop();
        self.prints.pop();
        let before = self.fingerprint();
        let Some(last) = self.done.last_mut() else {
            return Err(ThemeError::NothingToUndo);
        };
        // Undo restores in reverse order: the first command's patches, kept last, bring back
        // what was there before the typing; this one's on paths the first did not touch go first.
        let extra: Vec<Patch> = change
            .patches
            .iter()
            .filter(|patch| !last.patches.iter().any(|kept| kept.path == patch.path))
            .cloned()
            .collect();
        let mut patches = extra;
        patches.append(&mut last.patches);
        last.patches = patches;
        last.command = command.clone();
        self.log.push(command.clone());
        self.prints.push(chain(before, &command));
        Ok(self.change(&change, true))
    }

    fn record(&mut self, command: ThemeCommand, change: &Change) {
        let before = self.fingerprint();
        self.prints.push(chain(before, &command));
        self.log.push(command.clone());
        self.done.push(Done {
            command,
            patches: change.patches.clone(),
        });
        if self.done.len() > THEME_UNDO_DEPTH {
            self.done.remove(0);
        }
    }

    /// Undoes the last applied command, restoring exactly what it replaced.
    pub fn undo(&mut self) -> Result<ThemeChange, ThemeError> {
        let done = self.done.pop().ok_or(ThemeError::NothingToUndo)?;
        let change = Change {
            patches: done.patches,
        };
        restore(self.doc.root_mut(), change.patches.clone());
        self.log.pop();
        self.prints.pop();
        self.undone.push(done.command);
        Ok(self.change(&change, false))
    }

    /// Runs one step of the command stream another copy sent. A command the sender merged
    /// must merge here too (else the copies differ: an error, and the sender sends the document).
    pub fn run(&mut self, op: EditorOp) -> Result<ThemeChange, ThemeError> {
        match op {
            EditorOp::Apply {
                command,
                merged: true,
            } => {
                if !self.continues(&command) {
                    return Err(ThemeError::BadCommand {
                        detail: "the command continues one this copy does not have".to_owned(),
                    });
                }
                self.apply_typing(command)
            }
            EditorOp::Apply { command, .. } => self.apply(command),
            EditorOp::Undo => self.undo(),
            EditorOp::Redo => self.redo(),
            EditorOp::Rebase { back, commands } => self.rebase(back, commands),
        }
    }

    /// Takes back the last `back` commands and applies `commands` after the ones before them:
    /// how a live session's copy moves when the server's order put others' commands under the
    /// editor's own (see [`EditorOp::Rebase`]). Nothing is left to redo. Fails when fewer than
    /// `back` commands can be taken back, or a command does not apply: then this copy is not the
    /// sender's, which sends the document whole.
    pub fn rebase(
        &mut self,
        back: u32,
        commands: Vec<ThemeCommand>,
    ) -> Result<ThemeChange, ThemeError> {
        if back as usize > self.done.len() {
            return Err(ThemeError::BadCommand {
                detail: "the rebase takes back commands this copy does not keep".to_owned(),
            });
        }
        let mut patches = Vec::new();
        for _ in 0..back {
            if let Some(done) = self.done.pop() {
                restore(self.doc.root_mut(), done.patches.clone());
                patches.extend(done.patches);
                self.log.pop();
                self.prints.pop();
            }
        }
        self.undone.clear();
        for command in commands {
            let change = apply(&mut self.doc, &command)?;
            self.record(command, &change);
            patches.extend(change.patches);
        }
        Ok(self.change(&Change { patches }, false))
    }

    /// How many commands can be taken back (undone, or by a [`ThemeEditor::rebase`]).
    pub fn kept(&self) -> usize {
        self.done.len()
    }

    /// Applies again the last undone command.
    pub fn redo(&mut self) -> Result<ThemeChange, ThemeError> {
        let command = self.undone.pop().ok_or(ThemeError::NothingToRedo)?;
        match apply(&mut self.doc, &command) {
            Ok(change) => {
                self.record(command, &change);
                Ok(self.change(&change, false))
            }
            Err(error) => {
                self.undone.push(command);
                Err(error)
            }
        }
    }
}
