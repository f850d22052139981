// The theme editor of the WASM core, typed. The document stays resident inside WebAssembly: the
// UI sends small commands and reads back what it renders; the whole config crosses only when
// asked (save, preview). Every rule (limits, defaults, section order, families) lives in Rust.
import * as wasm from "../wasm-editor/core_wasm";
import type { ApplyOutcome } from "../types/generated/ApplyOutcome";
import type { EditorConstants } from "../types/generated/EditorConstants";
import type { EditorOp } from "../types/generated/EditorOp";
import type { EditorPage } from "../types/generated/EditorPage";
import type { FamilyView } from "../types/generated/FamilyView";
import type { FontChoices } from "../types/generated/FontChoices";
import type { FontFamilyChoice } from "../types/generated/FontFamilyChoice";
import type { FontSlot } from "../types/generated/FontSlot";
import type { FontWeightChoice } from "../types/generated/FontWeightChoice";
import type { LinkTarget } from "../types/generated/LinkTarget";
import type { FontWeightOption } from "../types/generated/FontWeightOption";
import type { ListRef } from "../types/generated/ListRef";
import type { LiveBatch } from "../types/generated/LiveBatch";
import type { LiveCommand } from "../types/generated/LiveCommand";
import type { LiveStep } from "../types/generated/LiveStep";
import type { PanelRef } from "../types/generated/PanelRef";
import type { PanelView } from "../types/generated/PanelView";
import type { PreviewChange } from "../types/generated/PreviewChange";
import type { PreviewPage } from "../types/generated/PreviewPage";
import type { RebaseOutcome } from "../types/generated/RebaseOutcome";
import type { SectionListItem } from "../types/generated/SectionListItem";
import type { SectionType } from "../types/generated/SectionType";
import type { SettingsGroupView } from "../types/generated/SettingsGroupView";
import type { ThemeCommand } from "../types/generated/ThemeCommand";
import type { ThemeConfig } from "../types/generated/ThemeConfig";
import type { ThemeErrorBody } from "../types/generated/ThemeErrorBody";
import type { ThemeFamily } from "../types/generated/ThemeFamily";

export type { ThemeChange } from "../types/generated/ThemeChange";
export type { AddOption } from "../types/generated/AddOption";
export type { CopyOffer } from "../types/generated/CopyOffer";
export type { ChoiceOption } from "../types/generated/ChoiceOption";
export type { FieldInput } from "../types/generated/FieldInput";
export type { FieldView } from "../types/generated/FieldView";
export type { ListItemView } from "../types/generated/ListItemView";
export type { PanelLink } from "../types/generated/PanelLink";
export type {
  ApplyOutcome,
  EditorConstants,
  EditorOp,
  EditorPage,
  FamilyView,
  FontChoices,
  FontFamilyChoice,
  FontSlot,
  FontWeightChoice,
  LinkTarget,
  FontWeightOption,
  ListRef,
  LiveBatch,
  LiveCommand,
  LiveStep,
  PanelRef,
  PanelView,
  PreviewChange,
  PreviewPage,
  SectionListItem,
  SectionType,
  SettingsGroupView,
  ThemeCommand,
  ThemeConfig,
  ThemeErrorBody,
  ThemeFamily,
};

/** Thrown when a config cannot be loaded; `body.code` says why (for translation). */
export class ThemeLoadError extends Error {
  readonly body: ThemeErrorBody;

  constructor(body: ThemeErrorBody) {
    super(body.message);
    this.name = "ThemeLoadError";
    this.body = body;
  }
}

/** Runs a call of the core that may throw its `ThemeErrorBody`, as a `ThemeLoadError`. */
function coreCall<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error && typeof error === "object" && "code" in error) {
      throw new ThemeLoadError(error as ThemeErrorBody);
    }
    throw error;
  }
}

/** A theme config being edited, resident in the WASM core. Call `free()` when done. */
export class ThemeEditor {
  readonly #inner: wasm.ThemeEditor;

  private constructor(inner: wasm.ThemeEditor) {
    this.#inner = inner;
  }

  /** Loads a config from its JSON text; throws a `ThemeLoadError` when it is not a config. Its
   * fingerprint is `fingerprint` when given (the same document, saved), else the text's. */
  static load(configJson: string, fingerprint?: string): ThemeEditor {
    return coreCall(() => new ThemeEditor(new wasm.ThemeEditor(configJson, fingerprint)));
  }

  /** Applies a command; a rejected one changes nothing and says why. */
  apply(command: ThemeCommand): ApplyOutcome {
    return this.#inner.apply(command) as ApplyOutcome;
  }

  /** Applies a command typed into a field: it replaces the last command when that one set the
   * same field (`change.merged`), so typing is one step to undo. */
  applyTyping(command: ThemeCommand): ApplyOutcome {
    return this.#inner.applyTyping(command) as ApplyOutcome;
  }

  /** The document's fingerprint (16 hexadecimal digits): a copy fed the same steps has it too. */
  get fingerprint(): string {
    return this.#inner.fingerprint;
  }

  /** The last command of the log (the one a redo applied again), or `null`. */
  lastCommand(): ThemeCommand | null {
    return (this.#inner.lastCommand() ?? null) as ThemeCommand | null;
  }

  /** Undoes the last applied command. */
  undo(): ApplyOutcome {
    return this.#inner.undo() as ApplyOutcome;
  }

  /** Applies again the last undone command. */
  redo(): ApplyOutcome {
    return this.#inner.redo() as ApplyOutcome;
  }

  /** The document version: every applied command, undo and redo adds one. */
  get version(): number {
    return this.#inner.version;
  }

  /** The whole config as JSON text, for saving and for the preview message. */
  configJson(): string {
    return this.#inner.configJson();
  }

  /** The value at a JSON-pointer path (`/settings/colors`), or `undefined`. */
  read(pointer: string): unknown {
    return this.#inner.read(pointer);
  }

  /** The Sections tab: header, homepage sections in order (slider-product hidden), footer. */
  sections(): SectionListItem[] {
    return this.#inner.sections() as SectionListItem[];
  }

  /** The theme family and its label (DEFAULT or FASHION). */
  family(): FamilyView {
    return this.#inner.family() as FamilyView;
  }

  /** The Setting tab's groups for the selected page; the test panel too with full settings. */
  settingsGroups(page: EditorPage, fullSettings = false): SettingsGroupView[] {
    return this.#inner.settingsGroups(page, fullSettings) as SettingsGroupView[];
  }

  /** The section types the Add Section picker offers for this theme's family. */
  addableSectionTypes(): SectionType[] {
    return this.#inner.addableSectionTypes() as SectionType[];
  }

  /** Every problem of the whole config (empty when valid). */
  validate(): ThemeErrorBody[] {
    return this.#inner.validate() as ThemeErrorBody[];
  }

  /** The applied commands that make the current document, for the offline queue and replay. */
  log(): ThemeCommand[] {
    return this.#inner.log() as ThemeCommand[];
  }

  /** Whether there is a command to undo. */
  canUndo(): boolean {
    return this.#inner.canUndo();
  }

  /** Whether there is a command to redo. */
  canRedo(): boolean {
    return this.#inner.canRedo();
  }

  /** The panel of a section or settings group as the core's schema draws it: every field with
   * its input, value (stored, or the core's default) and pointer; lists with their items and
   * limits; the admin links it shows. Throws a `ThemeLoadError` for an unknown section. */
  panel(ref: PanelRef): PanelView {
    return coreCall(() => this.#inner.panel(ref) as PanelView);
  }

  /** Live co-editing: the commands that take back `command` on the document as it stands
   * (before `command` applies), or `null` when it has none (removals, copies, the countdown). */
  inverse(command: ThemeCommand): ThemeCommand[] | null {
    return this.#inner.inverse(command) as ThemeCommand[] | null;
  }

  /** Runs a step of the stream another copy made (a live session's rebase). */
  run(op: EditorOp): ApplyOutcome {
    return this.#inner.run(op) as ApplyOutcome;
  }

  /** The fingerprint of the document's content, however it was made (reads the whole
   * document: not for every keystroke). */
  contentPrint(): string {
    return this.#inner.contentPrint();
  }

  /** How many commands a rebase can take back. */
  get kept(): number {
    return this.#inner.kept;
  }

  /** Releases the WASM memory of the document. */
  free(): void {
    this.#inner.free();
  }
}

/** One editor's side of a theme's live session, in the core (`theme::collab::LiveClient`): the
 * server's document at its head, the editor's commands not acknowledged yet, the batch on its
 * way, and the editor's undo and redo steps as commands. Call `free()` when done. */
export class LiveClient {
  readonly #inner: wasm.LiveClient;

  constructor(clientId: string, configJson: string, head: number) {
    this.#inner = new wasm.LiveClient(clientId, configJson, head);
  }

  get head(): number {
    return this.#inner.head;
  }

  /** How many of the editor's commands are not acknowledged yet. */
  get pending(): number {
    return this.#inner.pending;
  }

  pendingCommands(): ThemeCommand[] {
    return this.#inner.pendingCommands() as ThemeCommand[];
  }

  get sending(): boolean {
    return this.#inner.sending;
  }

  canUndo(): boolean {
    return this.#inner.canUndo();
  }

  canRedo(): boolean {
    return this.#inner.canRedo();
  }

  /** Keeps a command the editor applied: `merged` into its last one (the core's `ThemeChange`
   * says), `continues` the same typing (one step to undo), `inverse` what takes it back. */
  record(command: ThemeCommand, merged: boolean, continues: boolean, inverse: ThemeCommand[] | null): boolean {
    return this.#inner.record(command, merged, continues, inverse);
  }

  takeUndo(): ThemeCommand[] | undefined {
    return this.#inner.takeUndo() as ThemeCommand[] | undefined;
  }

  takeRedo(): ThemeCommand[] | undefined {
    return this.#inner.takeRedo() as ThemeCommand[] | undefined;
  }

  endStep(): void {
    this.#inner.endStep();
  }

  nextBatch(max: number): LiveBatch | undefined {
    return this.#inner.nextBatch(max) as LiveBatch | undefined;
  }

  unsent(): void {
    this.#inner.unsent();
  }

  /** The batch on its way was refused whole: the rebase that takes its commands out. */
  refused(): EditorOp | undefined {
    return this.#inner.refused() as EditorOp | undefined;
  }

  /** Takes the server's commands (`answered`: the answer to the batch on its way); `hold` sets
   * aside this editor's field edits that someone else's commands also set. */
  receive(commands: LiveCommand[], hold: boolean, answered: boolean): LiveStep {
    return this.#inner.receive(commands, hold, answered) as LiveStep;
  }

  /** Starts again from the working draft joined again; answers the view as JSON text. */
  restart(configJson: string, head: number): string {
    return this.#inner.restart(configJson, head);
  }

  viewJson(): string {
    return this.#inner.viewJson();
  }

  free(): void {
    this.#inner.free();
  }
}

/** The preview page a settings panel switches to, if any. */
export function previewPageForPanel(panel: string): PreviewPage | null {
  return wasm.themePreviewPageForPanel(panel) as PreviewPage | null;
}

/**
 * The preview address for a store's address (a host name, or the embedded storefront's path such
 * as `/s/demo`), a no-cache stamp, a family and the editor's signed preview token, or null.
 */
export function previewUrl(storeAddress: string, stamp: number, family: ThemeFamily, token: string): string | null {
  return wasm.themePreviewUrl(storeAddress, stamp, family, token) as string | null;
}

/** The typography picker's font families, each with the weights (and italics) it comes in. */
export function fontChoices(): FontChoices {
  return wasm.themeFontChoices() as FontChoices;
}

/** What choosing a weight of a family writes (style, url, key), or null when not a choice of
 * that family. */
export function fontWeightChoice(family: string, style: string): FontWeightChoice | null {
  return wasm.themeFontWeightChoice(family, style) as FontWeightChoice | null;
}

let constants: EditorConstants | null = null;

/** The editor's timings and sizes (search debounce, mobile frame, preview refresh and loaded
 * flag), from the core: no part of the UI states them. */
export function editorConstants(): EditorConstants {
  constants ??= wasm.themeEditorConstants() as EditorConstants;
  return constants;
}

/** The link object a link picker's choice writes (home, all collections, a collection). */
export function linkTo(target: LinkTarget): Record<string, unknown> {
  return wasm.themeLinkTo(target) as Record<string, unknown>;
}

/** Live co-editing: the editor's commands not yet acknowledged (`pending`, made in order on the
 * server's document `configJson`) rebased on the commands the server ordered after it
 * (`remote`), by the core's rules; or `resyncAt` when a remote command does not apply there. */
export function rebaseCommands(configJson: string, pending: ThemeCommand[], remote: ThemeCommand[]): RebaseOutcome {
  return wasm.themeRebaseCommands(configJson, pending, remote) as RebaseOutcome;
}
