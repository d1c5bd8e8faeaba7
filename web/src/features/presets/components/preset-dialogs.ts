/** The presets menu's dialogs, one lazy chunk: they open only on the user's action. */
export { ConfirmDialog } from './confirm-dialog';
export { PresetEditDialog } from './preset-edit-dialog';
export { SavePresetDialog } from './save-preset-dialog';
