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
use shared_types::theme::{EditorOp, ListRef, LiveStep, Place, RestoredValue, ThemeCommand};

use super::commands::{apply, home_keys, list_place};
use super::doc::{ThemeDoc, get_at, parse_pointer};
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
        ThemeCommand::Restore { values } => match &over.list {
            ListId::Items(list) => ThemeCommand::Restore {
                values: values
                    .into_iter()
                    .map(|v| {
                        Some(RestoredValue {
                            path: map_path(&v.path, list, over.kind)?,
                            value: v.value,
                        })
                    })
                    .collect::<Option<Vec<_>>>()?,
            },
            ListId::Sections => ThemeCommand::Restore { values },
        },
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

/// The commands that take back `command` in a live session, made on `doc` (the document before
/// it): undo there is a command like any other, ordered by the server and rebased like the rest,
/// so that it takes back one's own step without taking back what others did since. A step no
/// other command reverses (a removal, a copy of slides, the countdown) is taken back by a
/// `Restore` of what it replaced. `None` when `command` does not apply to `doc`.
pub fn inverse(doc: &ThemeDoc, command: &ThemeCommand) -> Option<Vec<ThemeCommand>> {
    let value = doc.value();
    let font = |slot: &shared_types::theme::FontSlot, field: &str| -> String {
        get_at(value, &["settings", "typography", slot.wire_name(), field])
            .and_then(serde_json::Value::as_str)
            .unwrap_or("")
            .to_owned()
    };
    Some(match command {
        ThemeCommand::SetField { path, .. } => {
            let segments = parse_pointer(path).ok()?;
            match get_at(value, &segments) {
                Some(before) => vec![ThemeCommand::SetField {
                    path: path.clone(),
                    value: before.clone(),
                }],
                // A field set for the first time: what it created goes again.
                None => restore_of(doc, command)?,
            }
        }
        ThemeCommand::AddSection { key, .. } => {
            vec![ThemeCommand::RemoveSection { key: key.clone() }]
        }
        ThemeCommand::MoveSection { key, .. } => {
            let from = home_keys(value).iter().position(|k| k == key)?;
            vec![ThemeCommand::MoveSection {
                key: key.clone(),
                to: to_u32(from),
            }]
        }
        ThemeCommand::AddItem { list, .. } => {
            let (_, at) = list_place(value, doc.family(), list)?;
            vec![ThemeCommand::RemoveItem {
                list: list.clone(),
                index: to_u32(at),
            }]
        }
        ThemeCommand::MoveItem { list, from, to } => vec![ThemeCommand::MoveItem {
            list: list.clone(),
            from: *to,
            to: *from,
        }],
        ThemeCommand::ChooseFontFamily { slot, .. }
        | ThemeCommand::ChooseFontWeight { slot, .. } => {
            let family = font(slot, "font");
            if family.is_empty() {
                return None;
            }
            let style = font(slot, "style");
            let mut back = vec![ThemeCommand::ChooseFontFamily {
                slot: *slot,
                family,
            }];
            if !style.is_empty() {
                back.push(ThemeCommand::ChooseFontWeight {
                    slot: *slot,
                    style,
                    url: font(slot, "url"),
                    key: font(slot, "key"),
                });
            }
            back
        }
        ThemeCommand::RemoveSection { .. }
        | ThemeCommand::RemoveItem { .. }
        | ThemeCommand::CopySlidesToMobile { .. }
        | ThemeCommand::SetCountdown { .. }
        | ThemeCommand::Restore { .. } => restore_of(doc, command)?,
    })
}

/// The `Restore` that takes back `command` on `doc`: what its writes replaced, put back in
/// reverse order (as undo restores a step).
fn restore_of(doc: &ThemeDoc, command: &ThemeCommand) -> Option<Vec<ThemeCommand>> {
    let mut after = doc.clone();
    let change = apply(&mut after, command).ok()?;
    let values = change
        .patches
        .into_iter()
        .rev()
        .map(|patch| RestoredValue {
            path: super::doc::to_pointer(&patch.path),
            value: patch.before,
        })
        .collect();
    Some(vec![ThemeCommand::Restore { values }])
}

/// Whether a step's commands put back a value at `path` or around it (a `Restore` there): then
/// someone else's edit of `path` would be undone with it.
fn restores_around(step: &[ThemeCommand], path: &str) -> bool {
    step.iter().any(|command| match command {
        ThemeCommand::Restore { values } => values.iter().any(|v| {
            v.path == path
                || path.starts_with(&format!("{}/", v.path))
                || v.path.starts_with(&format!("{path}/"))
        }),
        _ => false,
    })
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
    /// The editor's field edits set aside because someone else set the same field meanwhile
    /// (only when asked, on coming back from offline): the editor chooses which value stays.
    pub held: Vec<ThemeCommand>,
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

    /// Keeps a command the editor applied to its view, as one step with the one before it when
    /// the editor `merged` them (typing in one field, not sent yet); answers whether it could
    /// (a merge into a sent command cannot: the editor must not merge then).
    pub fn record(&mut self, command: ThemeCommand, merged: bool) -> bool {
        let mergeable = matches!(
            (&command, self.pending.last()),
            (
                ThemeCommand::SetField { path, .. },
                Some(Unacked {
                    command: ThemeCommand::SetField { path: last, .. },
                    client_seq: None,
                }),
            ) if path == last
        );
        if merged && mergeable {
            self.pending.pop();
        }
        self.pending.push(Unacked {
            command,
            client_seq: None,
        });
        mergeable || !merged
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
        self.receive_holding(stored, false)
    }

    /// [`LiveState::receive`], setting aside (when `hold`) the editor's field edits whose field
    /// someone else set in the commands received ([`Received::held`]).
    pub fn receive_holding(
        &mut self,
        stored: &[LiveCommand],
        hold: bool,
    ) -> Result<Received, Resync> {
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
        let theirs: Vec<&str> = remote
            .iter()
            .filter_map(|c| match c {
                ThemeCommand::SetField { path, .. } => Some(path.as_str()),
                _ => None,
            })
            .collect();
        let mut kept = Vec::with_capacity(rebased.pending.len());
        for (_, command) in rebased.pending {
            match &command {
                ThemeCommand::SetField { path, .. } if hold && theirs.contains(&path.as_str()) => {
                    received.held.push(command);
                }
                _ => kept.push(Unacked {
                    command,
                    client_seq: None,
                }),
            }
        }
        self.pending = kept;
        Ok(received)
    }
}

/// A step being taken back or made again: the commands that reverse it, as recorded.
#[derive(Debug, Clone)]
struct Replay {
    /// An undo (its reverse goes to redo), or a redo (to undo).
    undoing: bool,
    reverse: Vec<ThemeCommand>,
    /// Every command of the step had a reverse.
    whole: bool,
}

/// An editor's side of a live session as the admin runs it: its [`LiveState`], the batch on its
/// way, and its undo and redo steps as commands (each step the commands that reverse it,
/// [`inverse`]). Others' commands that move positions in lists end the steps (their positions
/// would name other items); others' field edits keep them, and an undo then sets back what the
/// editor replaced.
#[derive(Debug, Clone)]
pub struct LiveClient {
    state: LiveState,
    sent: Option<OutBatch>,
    undo: Vec<Vec<ThemeCommand>>,
    redo: Vec<Vec<ThemeCommand>>,
    replay: Option<Replay>,
}

impl LiveClient {
    pub fn new(client_id: &str, confirmed: ThemeDoc, head: i64) -> Self {
        LiveClient {
            state: LiveState::new(client_id, confirmed, head),
            sent: None,
            undo: Vec::new(),
            redo: Vec::new(),
            replay: None,
        }
    }

    pub fn state(&self) -> &LiveState {
        &self.state
    }

    pub fn sending(&self) -> bool {
        self.sent.is_some()
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Keeps a command the editor applied (`merged` into its last one, unsent), with its reverse
    /// (`None`: it has none). A command of an undo or redo under way joins that step; any other
    /// starts a step, or `continues` the one typed before it in the same field (sent or not:
    /// one step to undo), and ends what there was to redo.
    pub fn record(
        &mut self,
        command: ThemeCommand,
        merged: bool,
        continues: bool,
        reverse: Option<Vec<ThemeCommand>>,
    ) -> bool {
        let kept = self.state.record(command, merged);
        if let Some(replay) = self.replay.as_mut() {
            match reverse {
                Some(mut commands) => {
                    commands.append(&mut replay.reverse);
                    replay.reverse = commands;
                }
                None => replay.whole = false,
            }
            return kept;
        }
        self.redo.clear();
        if continues && !self.undo.is_empty() {
            // Typing on: the step's reverse is what the field held before the first keystroke.
            return kept;
        }
        match reverse {
            Some(commands) => {
                self.undo.push(commands);
                if self.undo.len() > crate::limits::THEME_UNDO_DEPTH {
                    self.undo.remove(0);
                }
            }
            None => self.undo.clear(),
        }
        kept
    }

    /// The commands that take back the last step: the editor applies and records each, then
    /// ends the step.
    pub fn take_undo(&mut self) -> Option<Vec<ThemeCommand>> {
        let step = self.undo.pop()?;
        self.replay = Some(Replay {
            undoing: true,
            reverse: Vec::new(),
            whole: true,
        });
        Some(step)
    }

    /// The commands that make again the last step taken back.
    pub fn take_redo(&mut self) -> Option<Vec<ThemeCommand>> {
        let step = self.redo.pop()?;
        self.replay = Some(Replay {
            undoing: false,
            reverse: Vec::new(),
            whole: true,
        });
        Some(step)
    }

    /// Ends an undo or redo: its reverse becomes a step to redo or undo again.
    pub fn end_step(&mut self) {
        let Some(replay) = self.replay.take() else {
            return;
        };
        let stack = if replay.undoing {
            &mut self.redo
        } else {
            &mut self.undo
        };
        if replay.whole && !replay.reverse.is_empty() {
            stack.push(replay.reverse);
        } else if !replay.whole {
            stack.clear();
        }
    }

    /// The next batch to send, unless one is on its way.
    pub fn next_batch(&mut self, max: usize) -> Option<OutBatch> {
        if self.sent.is_some() {
            return None;
        }
        let batch = self.state.next_batch(max)?;
        self.sent = Some(batch.clone());
        Some(batch)
    }

    /// The batch on its way got no answer, or a 409: it goes again (with the same numbers until
    /// its fate is known).
    pub fn unsent(&mut self) {
        self.sent = None;
    }

    /// The batch on its way was refused whole (400: the server took its numbers before, or
    /// cannot read it): its commands go. Answers the `Rebase` of the view without them.
    pub fn refused(&mut self) -> Option<EditorOp> {
        let batch = self.sent.take()?;
        let before = self.state.pending();
        self.state.settle(&batch);
        let after = self.state.pending();
        self.undo.clear();
        self.redo.clear();
        Some(EditorOp::Rebase {
            back: u32::try_from(before.len()).unwrap_or(u32::MAX),
            commands: after,
        })
    }

    /// Takes the server's commands (with `answered`, the answer to the batch on its way, which
    /// settles it) and answers how the editor's view moves: the `Rebase` from the view as it was
    /// (the editor's commands not acknowledged, on top) to the new one, unless its own commands
    /// came back exactly as sent and nothing else changed.
    pub fn receive(&mut self, stored: &[LiveCommand], hold: bool, answered: bool) -> LiveStep {
        let before = self.state.pending();
        let head = self.state.head();
        let mut fresh = Vec::new();
        let mut structural = false;
        let mut fields: Vec<String> = Vec::new();
        for entry in stored.iter().filter(|c| c.seq > head) {
            match super::parse_command(entry.command.clone()) {
                Ok(command) => {
                    if entry.client_id != self.state.client_id
                        && !matches!(
                            command,
                            ThemeCommand::SetField { .. }
                                | ThemeCommand::ChooseFontFamily { .. }
                                | ThemeCommand::ChooseFontWeight { .. }
                                | ThemeCommand::SetCountdown { .. }
                        )
                    {
                        structural = true;
                    }
                    if entry.client_id != self.state.client_id
                        && let ThemeCommand::SetField { path, .. } = &command
                    {
                        fields.push(path.clone());
                    }
                    fresh.push(command);
                }
                Err(_) => break,
            }
        }
        let received = match self.state.receive_holding(stored, hold) {
            Ok(received) => received,
            Err(resync) => {
                return LiveStep {
                    resync: Some(format!("{resync:?}")),
                    ..LiveStep::default()
                };
            }
        };
        if answered && let Some(batch) = self.sent.take() {
            self.state.settle(&batch);
        }
        if structural {
            self.undo.clear();
            self.redo.clear();
        }
        // A step that would put back a whole value someone else just edited inside goes.
        for path in &fields {
            self.undo.retain(|step| !restores_around(step, path));
            self.redo.retain(|step| !restores_around(step, path));
        }
        let after = self.state.pending();
        let own = received.own;
        let unchanged = received.remote == 0
            && fresh.len() == own
            && before.len() >= own
            && before[..own] == fresh[..]
            && before[own..] == after[..];
        let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        LiveStep {
            rebase: (!unchanged).then(|| {
                fresh.extend(after);
                EditorOp::Rebase {
                    back: to_u32(before.len()),
                    commands: fresh,
                }
            }),
            own: to_u32(own),
            remote: to_u32(received.remote),
            dropped: received.dropped,
            held: received.held,
            resync: None,
        }
    }

    /// Starts again from the working draft joined again, at `head`: the editor's commands that
    /// still apply there stay (as new ones), the others go; the undo steps go. Answers the view.
    pub fn restart(&mut self, confirmed: ThemeDoc, head: i64) -> ThemeDoc {
        let pending = self.state.pending();
        let accepted = accept(&confirmed, &pending);
        let mut state = LiveState::new(&self.state.client_id, confirmed, head);
        state.next_seq = self.state.next_seq;
        // A sent command keeps its number: if the server took it before, sending it again is
        // refused (400), and the editor drops it then, never applying it twice.
        for (i, unacked) in std::mem::take(&mut self.state.pending)
            .into_iter()
            .enumerate()
        {
            if !accepted.refused.iter().any(|(r, _)| *r == i) {
                state.pending.push(unacked);
            }
        }
        self.state = state;
        self.sent = None;
        self.undo.clear();
        self.redo.clear();
        self.replay = None;
        accepted.doc
    }
}
