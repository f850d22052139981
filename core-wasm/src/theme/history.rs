//! The editing session: the resident document, undo and redo of every command, a version counter,
//! and the log of applied commands that replays on another copy with identical results.

use shared_types::theme::{ThemeChange, ThemeCommand};

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
}

impl ThemeEditor {
    /// Starts a session on a document, at version 0.
    pub fn new(doc: ThemeDoc) -> Self {
        ThemeEditor {
            doc,
            done: Vec::new(),
            undone: Vec::new(),
            log: Vec::new(),
            version: 0,
        }
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

    fn change(&mut self, change: &Change) -> ThemeChange {
        self.version = self.version.saturating_add(1);
        ThemeChange {
            version: self.version,
            paths: change.paths(),
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
        }
    }

    /// Applies a command; a refused one changes nothing, not even the version.
    pub fn apply(&mut self, command: ThemeCommand) -> Result<ThemeChange, ThemeError> {
        let change = apply(&mut self.doc, &command)?;
        self.undone.clear();
        self.record(command, &change);
        Ok(self.change(&change))
    }

    fn record(&mut self, command: ThemeCommand, change: &Change) {
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
        self.undone.push(done.command);
        Ok(self.change(&change))
    }

    /// Applies again the last undone command.
    pub fn redo(&mut self) -> Result<ThemeChange, ThemeError> {
        let command = self.undone.pop().ok_or(ThemeError::NothingToRedo)?;
        match apply(&mut self.doc, &command) {
            Ok(change) => {
                self.record(command, &change);
                Ok(self.change(&change))
            }
            Err(error) => {
                self.undone.push(command);
                Err(error)
            }
        }
    }
}
