//! Live co-editing: several editors of one theme work on one shared working draft, whose commands
//! the server puts in one order (a sequence number each). The server takes a client's commands
//! only when the client has seen every command before them (its base is the head); a client that
//! is behind first receives what it missed and rebases its own unacknowledged commands on it,
//! here, with the same rules in every browser. Everyone then applies the same commands in the
//! same order with the same reducer, so every copy ends on the server's document.
//!
//! Rebasing keeps what each person meant where the document moved under them. Fields are named
//! by path, and homepage sections by key, so most commands need nothing. What needs care are
//! positions in lists (blocks, slides, tabs, steps, the homepage's order): an edit of the block
//! at index 2 must follow that block when someone else removed block 0 meanwhile. Each command's
//! effect on positions is an index map ([`Shift`]); a pending command is mapped through the
//! remote commands' maps, and those maps through the pending command's, pairwise, as operational
//! transformation does for lists. An edit whose item someone else removed is dropped (it has
//! nothing left to edit), and the client is told which.
//!
//! Two edits of the same field: both apply in the server's order, so the later one wins,
//! everywhere. Two additions to one list: both items stay, in the server's order.

use shared_types::live::LiveCommand;
use shared_types::theme::{ListRef, Place, ThemeCommand};

use super::commands::{apply, home_keys, list_place};
use super::doc::{ThemeDoc, parse_pointer};
use super::error::ThemeError;

/// Which ordered list a shift moves positions in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListId {
    /// The homepage's sections, in order.
    Sections,
    /// A list of items, by its path in the document.
    Items(Vec<String>),
}

/// What a command does to the positions of a list's items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShiftKind {
    /// An item is inserted at this position; the ones from there move one on.
    Insert(usize),
    /// The item at this position is removed; the ones after it move one back.
    Remove(usize),
    /// The item at `.0` is moved to `.1`.
    Move(usize, usize),
}

/// One index map: a kind of shift in one list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shift {
    pub list: ListId,
    pub kind: ShiftKind,
}

/// The path of the list a command names, resolved on `doc` (where the command was made).
fn list_path(doc: &ThemeDoc, list: &ListRef) -> Option<Vec<String>> {
    list_place(doc.value(), doc.family(), list).map(|(path, _)| path)
}

/// What `command` does to positions, on `doc` (the document it applies to, before it).
pub fn shifts_of(doc: &ThemeDoc, command: &ThemeCommand) -> Vec<Shift> {
    let items = |list: &ListRef| list_path(doc, list).map(ListId::Items);
    let section_at = |key: &str| home_keys(doc.value()).iter().position(|k| k == key);
    let shift = match command {
        ThemeCommand::AddSection {
            position, place, ..
        } => {
            let at = match place {
                Place::Above => *position as usize,
                Place::Below => *position as usize + 1,
            };
            Some((ListId::Sections, ShiftKind::Insert(at)))
        }
        ThemeCommand::RemoveSection { key } => {
            section_at(key).map(|at| (ListId::Sections, ShiftKind::Remove(at)))
        }
        ThemeCommand::MoveSection { key, to } => {
            section_at(key).map(|from| (ListId::Sections, ShiftKind::Move(from, *to as usize)))
        }
        ThemeCommand::AddItem { list, .. } => list_place(doc.value(), doc.family(), list)
            .map(|(path, at)| (ListId::Items(path), ShiftKind::Insert(at))),
        ThemeCommand::RemoveItem { list, index } => {
            items(list).map(|id| (id, ShiftKind::Remove(*index as usize)))
        }
        ThemeCommand::MoveItem { list, from, to } => {
            items(list).map(|id| (id, ShiftKind::Move(*from as usize, *to as usize)))
        }
        _ => None,
    };
    shift
        .map(|(list, kind)| vec![Shift { list, kind }])
        .unwrap_or_default()
}

/// Where the item at `index` is after `shift`; `None` when the shift removed it.
fn map_index(index: usize, shift: ShiftKind) -> Option<usize> {
    Some(match shift {
        ShiftKind::Insert(at) if index >= at => index + 1,
        ShiftKind::Insert(_) => index,
        ShiftKind::Remove(at) if index == at => return None,
        ShiftKind::Remove(at) if index > at => index - 1,
        ShiftKind::Remove(_) => index,
        ShiftKind::Move(from, to) if index == from => to,
        ShiftKind::Move(from, to) if from < index && index <= to => index - 1,
        ShiftKind::Move(from, to) if to <= index && index < from => index + 1,
        ShiftKind::Move(..) => index,
    })
}

/// Where a position to insert or move to is after `shift`; `first` when an insertion at the same
/// place by `shift` comes after this one (this one is earlier in the server's order).
fn map_target(target: usize, shift: ShiftKind, first: bool) -> usize {
    match shift {
        ShiftKind::Insert(at) if at < target || (at == target && !first) => target + 1,
        ShiftKind::Insert(_) => target,
        ShiftKind::Remove(at) if at < target => target - 1,
        ShiftKind::Remove(_) => target,
        ShiftKind::Move(from, to) => {
            let gone = if from < target { target - 1 } else { target };
            if to < gone || (to == gone && from < target) {
                gone + 1
            } else {
                gone
            }
        }
    }
}

/// `shift` as it reads after `over` was applied first (both made on the same document); `None`
/// when `over` removed what `shift` removes or moves. `first`: `shift` is earlier in the server's
/// order than `over` (it wins ties of two insertions at one place).
fn transform_shift(shift: &Shift, over: &Shift, first: bool) -> Option<Shift> {
    if shift.list != over.list {
        return Some(shift.clone());
    }
    let kind = match shift.kind {
        ShiftKind::Insert(at) => ShiftKind::Insert(map_target(at, over.kind, first)),
        ShiftKind::Remove(at) => ShiftKind::Remove(map_index(at, over.kind)?),
        ShiftKind::Move(from, to) => {
            let from = map_index(from, over.kind)?;
            ShiftKind::Move(from, map_index(to, over.kind).unwrap_or(to))
        }
    };
    Some(Shift {
        list: shift.list.clone(),
        kind,
    })
}

/// A path with the list position after `list` mapped through `shift`; `None` when the item it
/// names was removed.
fn map_path(path: &str, list: &[String], shift: ShiftKind) -> Option<String> {
    let Ok(mut segments) = parse_pointer(path) else {
        return Some(path.to_owned());
    };
    if segments.len() <= list.len() || segments[..list.len()] != *list {
        return Some(path.to_owned());
    }
    let Ok(index) = segments[list.len()].parse::<usize>() else {
        return Some(path.to_owned());
    };
    segments[list.len()] = map_index(index, shift)?.to_string();
    Some(super::doc::to_pointer(&segments))
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// `command` (made on the document before `over`, whose lists it names resolve to `own_list`)
/// as it reads after `over`: the positions it names follow their items; `None` when its item is
/// gone. `first`: `command` is earlier in the server's order than `over`.
fn map_command(
    command: ThemeCommand,
    own_list: Option<&[String]>,
    over: &Shift,
    first: bool,
) -> Option<ThemeCommand> {
    let same_list = |list: &ListId| match (list, own_list) {
        (ListId::Items(a), Some(b)) => a.as_slice() == b,
        _ => false,
    };
    Some(match command {
        ThemeCommand::SetField { path, value } => match &over.list {
            ListId::Items(list) => ThemeCommand::SetField {
                path: map_path(&path, list, over.kind)?,
                value,
            },
            ListId::Sections => ThemeCommand::SetField { path, value },
        },
        ThemeCommand::RemoveItem { list, index } if same_list(&over.list) => {
            ThemeCommand::RemoveItem {
                list,
                index: to_u32(map_index(index as usize, over.kind)?),
            }
        }
        ThemeCommand::MoveItem { list, from, to } if same_list(&over.list) => {
            ThemeCommand::MoveItem {
                list,
                from: to_u32(map_index(from as usize, over.kind)?),
                to: to_u32(map_index(to as usize, over.kind).unwrap_or(to as usize)),
            }
        }
        ThemeCommand::AddSection {
            key,
            section_type,
            position,
            place,
        } if over.list == ListId::Sections => {
            // The new section goes next to the same neighbour; a removed neighbour leaves its
            // place.
            let position = match place {
                Place::Above => map_target(position as usize, over.kind, first),
                Place::Below => map_index(position as usize, over.kind)
                    .unwrap_or_else(|| map_target(position as usize, over.kind, first)),
            };
            ThemeCommand::AddSection {
                key,
                section_type,
                position: to_u32(position),
                place,
            }
        }
        ThemeCommand::MoveSection { key, to } if over.list == ListId::Sections => {
            ThemeCommand::MoveSection {
                key,
                to: to_u32(map_index(to as usize, over.kind).unwrap_or(to as usize)),
            }
        }
        other => other,
    })
}

/// The list a command names, resolved on the document it was made on.
fn own_list(doc: &ThemeDoc, command: &ThemeCommand) -> Option<Vec<String>> {
    match command {
        ThemeCommand::RemoveItem { list, .. } | ThemeCommand::MoveItem { list, .. } => {
            list_path(doc, list)
        }
        _ => None,
    }
}

/// What a rebase produced.
#[derive(Debug, Clone)]
pub struct Rebased {
    /// The server's document: the confirmed one with the remote commands.
    pub confirmed: ThemeDoc,
    /// The client's view: `confirmed` with the rebased pending commands.
    pub doc: ThemeDoc,
    /// The pending commands as they now read, in order, each with its index in the pending list
    /// given (the others were dropped: what they edited is gone, or the document refuses them).
    pub pending: Vec<(usize, ThemeCommand)>,
    /// The indexes of the pending commands dropped.
    pub dropped: Vec<usize>,
}

/// Rebases a client's unacknowledged commands on commands the server ordered before them.
/// `confirmed` is the server's document the client last had, `pending` the client's commands
/// made on it in order (not yet acknowledged), `remote` the commands the server put after
/// `confirmed`, in its order. Fails with the index and error of a remote command that does not
/// apply: the client's copy is not the server's and must start again from the whole document.
pub fn rebase(
    confirmed: &ThemeDoc,
    pending: &[ThemeCommand],
    remote: &[ThemeCommand],
) -> Result<Rebased, (usize, ThemeError)> {
    let mut next = confirmed.clone();
    let mut shifts: Vec<Shift> = Vec::new();
    for (i, command) in remote.iter().enumerate() {
        shifts.extend(shifts_of(&next, command));
        apply(&mut next, command).map_err(|e| (i, e))?;
    }
    let mut mine = confirmed.clone();
    let mut view = next.clone();
    let mut out = Vec::new();
    let mut dropped = Vec::new();
    for (i, command) in pending.iter().enumerate() {
        let made = shifts_of(&mine, command);
        let list = own_list(&mine, command);
        if apply(&mut mine, command).is_err() {
            dropped.push(i);
            continue;
        }
        // The command over every remote shift, and the remote shifts over the command's own, so
        // that the next pending command (made after this one) meets them as they now read.
        let mut mapped = Some(command.clone());
        let mut own = made;
        let mut moved: Vec<Shift> = Vec::with_capacity(shifts.len());
        for remote in &shifts {
            mapped = mapped.and_then(|c| map_command(c, list.as_deref(), remote, false));
            let after = own
                .iter()
                .try_fold(remote.clone(), |r, m| transform_shift(&r, m, true));
            own = own
                .iter()
                .filter_map(|m| transform_shift(m, remote, false))
                .collect();
            moved.extend(after);
        }
        shifts = moved;
        match mapped {
            Some(command) if apply(&mut view, &command).is_ok() => out.push((i, command)),
            _ => dropped.push(i),
        }
    }
    Ok(Rebased {
        confirmed: next,
        doc: view,
        pending: out,
        dropped,
    })
}

/// What the server made of a client's commands, taken at the head of the session: the document
/// after the ones it applied, and for each command its refusal, if any. A refused command changes
/// nothing and the ones after it still apply (each was made on the client's document, which the
/// server's now equals, save the refused ones; the client drops those when it hears).
#[derive(Debug, Clone)]
pub struct Accepted {
    pub doc: ThemeDoc,
    pub refused: Vec<(usize, ThemeError)>,
}

/// Applies a client's commands at the session's head, in order.
pub fn accept(head: &ThemeDoc, commands: &[ThemeCommand]) -> Accepted {
    let mut doc = head.clone();
    let refused = accept_in_place(&mut doc, commands);
    Accepted { doc, refused }
}

/// [`accept`] on the document itself (no copy): answers the refused commands.
pub fn accept_in_place(doc: &mut ThemeDoc, commands: &[ThemeCommand]) -> Vec<(usize, ThemeError)> {
    let mut refused = Vec::new();
    for (i, command) in commands.iter().enumerate() {
        if let Err(error) = apply(doc, command) {
            refused.push((i, error));
        }
    }
    refused
}

/// Whether `id` may name an editor in a live session: 8 to 64 ASCII letters, digits or dashes.
pub fn valid_client_id(id: &str) -> bool {
    crate::limits::LIVE_CLIENT_ID_LENGTH.contains(&id.len())
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// The largest number an editor may give a command: what a JavaScript number holds exactly.
pub const CLIENT_SEQ_MAX: i64 = 9_007_199_254_740_991;

/// Whether a batch of `count` commands may be numbered from `first` (1 and on, each within
/// [`CLIENT_SEQ_MAX`]).
pub fn valid_client_seqs(first: i64, count: usize) -> bool {
    let count = i64::try_from(count).unwrap_or(i64::MAX);
    first >= 1
        && first
            .checked_add(count)
            .is_some_and(|end| end <= CLIENT_SEQ_MAX)
}

/// A command of an editor's own, not acknowledged yet, with its number once sent.
#[derive(Debug, Clone, PartialEq)]
struct Unacked {
    command: ThemeCommand,
    client_seq: Option<i64>,
}

/// A batch to send: at the head `base`, numbered from `first_client_seq`.
#[derive(Debug, Clone, PartialEq)]
pub struct OutBatch {
    pub base: i64,
    pub first_client_seq: i64,
    pub commands: Vec<ThemeCommand>,
}

/// What taking the server's commands did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Received {
    /// How many were the editor's own (acknowledging its sent commands).
    pub own: usize,
    /// How many were others', rebased on.
    pub remote: usize,
    /// The editor's commands dropped because what they edited is gone.
    pub dropped: Vec<ThemeCommand>,
}

/// Why the server's commands could not be taken: the editor's copy is not the server's, and it
/// must join the session again (load the working draft whole).
#[derive(Debug, Clone, PartialEq)]
pub enum Resync {
    /// A command numbered past the next one (`head` + 1).
    Gap { head: i64, seq: i64 },
    /// The editor's own command after others' past its head: never, as the server takes a
    /// batch only at the head the editor had.
    OwnAfterOthers { seq: i64 },
    /// A command that does not apply, or cannot be read.
    Refused { seq: i64, error: ThemeError },
}

/// An editor's side of a live session: the server's document it last had (at `head`), and its
/// own commands not acknowledged yet, in order. Its view is the one with the other. The admin
/// and the convergence soak both run it; the server only checks and numbers.
#[derive(Debug, Clone)]
pub struct LiveState {
    client_id: String,
    confirmed: ThemeDoc,
    head: i64,
    pending: Vec<Unacked>,
    next_seq: i64,
}

impl LiveState {
    /// Starts from the working draft as joined: its document and head.
    pub fn new(client_id: &str, confirmed: ThemeDoc, head: i64) -> Self {
        LiveState {
            client_id: client_id.to_owned(),
            confirmed,
            head,
            pending: Vec::new(),
            next_seq: 1,
        }
    }

    pub fn head(&self) -> i64 {
        self.head
    }

    pub fn client_id(&self) -> &str {
        &self.client_id
    }

    /// The server's document as the editor last had it.
    pub fn confirmed(&self) -> &ThemeDoc {
        &self.confirmed
    }

    /// The editor's commands not acknowledged yet, in order.
    pub fn pending(&self) -> Vec<ThemeCommand> {
        self.pending.iter().map(|p| p.command.clone()).collect()
    }

    /// The editor's view: the server's document with its own commands.
    pub fn view(&self) -> ThemeDoc {
        accept(&self.confirmed, &self.pending()).doc
    }

    /// Keeps a command the editor applied to its view. Typing in one field is one command: a
    /// `SetField` of the path of the last command, which was not sent yet, replaces it.
    pub fn edit(&mut self, command: ThemeCommand) {
        if let (
            ThemeCommand::SetField { path, .. },
            Some(Unacked {
                command: ThemeCommand::SetField { path: last, .. },
                client_seq: None,
            }),
        ) = (&command, self.pending.last())
            && path == last
        {
            self.pending.pop();
        }
        self.pending.push(Unacked {
            command,
            client_seq: None,
        });
    }

    /// The next batch to send (at most `max` commands), numbered; `None` when there is nothing.
    /// A batch whose answer was lost keeps its numbers until its fate is known (its commands in
    /// the log, or others' after the head), so that sent again it is taken once at most.
    pub fn next_batch(&mut self, max: usize) -> Option<OutBatch> {
        let count = self.pending.len().min(max);
        let first = self.pending.first()?.client_seq.unwrap_or(self.next_seq);
        let mut commands = Vec::with_capacity(count);
        for (n, p) in (first..).zip(self.pending.iter_mut().take(count)) {
            p.client_seq = Some(n);
            commands.push(p.command.clone());
        }
        let end = first.saturating_add(i64::try_from(count).unwrap_or(i64::MAX));
        self.next_seq = self.next_seq.max(end);
        Some(OutBatch {
            base: self.head,
            first_client_seq: first,
            commands,
        })
    }

    /// After the server took `batch` (its taken commands given to [`LiveState::receive`]
    /// first): the ones it refused go too.
    pub fn settle(&mut self, batch: &OutBatch) {
        let end = batch
            .first_client_seq
            .saturating_add(i64::try_from(batch.commands.len()).unwrap_or(i64::MAX));
        self.pending
            .retain(|p| p.client_seq.is_none_or(|s| s >= end));
    }

    /// Takes commands the server ordered after the editor's head (from the stream, a 409 or a
    /// batch's answer; ones at or before the head are skipped). Its own acknowledge its sent
    /// commands; the others are rebased on ([`rebase`]).
    pub fn receive(&mut self, stored: &[LiveCommand]) -> Result<Received, Resync> {
        let mut received = Received::default();
        let mut remote: Vec<ThemeCommand> = Vec::new();
        let from = self.head;
        for entry in stored.iter().filter(|c| c.seq > from) {
            let next = self.head + 1 + i64::try_from(remote.len()).unwrap_or(i64::MAX);
            if entry.seq != next {
                return Err(Resync::Gap {
                    head: self.head,
                    seq: entry.seq,
                });
            }
            let command =
                super::parse_command(entry.command.clone()).map_err(|error| Resync::Refused {
                    seq: entry.seq,
                    error,
                })?;
            if entry.client_id != self.client_id {
                remote.push(command);
                continue;
            }
            if !remote.is_empty() {
                return Err(Resync::OwnAfterOthers { seq: entry.seq });
            }
            if let Err(error) = apply(&mut self.confirmed, &command) {
                return Err(Resync::Refused {
                    seq: entry.seq,
                    error,
                });
            }
            self.pending
                .retain(|p| p.client_seq.is_none_or(|s| s > entry.client_seq));
            self.head = entry.seq;
            received.own += 1;
        }
        if remote.is_empty() {
            return Ok(received);
        }
        let pending = self.pending();
        let rebased =
            rebase(&self.confirmed, &pending, &remote).map_err(|(i, error)| Resync::Refused {
                seq: self.head + 1 + i64::try_from(i).unwrap_or(0),
                error,
            })?;
        self.head += i64::try_from(remote.len()).unwrap_or(i64::MAX);
        self.confirmed = rebased.confirmed;
        received.remote = remote.len();
        received.dropped = rebased
            .dropped
            .iter()
            .map(|&i| pending[i].clone())
            .collect();
        // Others' commands after the head prove that no sent batch of this editor was taken:
        // the rebased commands are new ones, numbered when next sent.
        self.pending = rebased
            .pending
            .into_iter()
            .map(|(_, command)| Unacked {
                command,
                client_seq: None,
            })
            .collect();
        Ok(received)
    }
}
