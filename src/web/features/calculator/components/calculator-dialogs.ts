// The calculator's dialogs (Radix Dialog and what they show), one chunk loaded on first use
// (dialogs-on-demand.tsx, issue 12). The service worker precaches it by name
// (scripts/build-service-worker.ts): the offline calculator opens them too.
export { DocumentsButton } from "./documents-dialog";
export { ConflictDialog, SaveButton } from "./save-dialog";
export { SessionManager } from "./session-manager";
export { SettingsDialog } from "./settings-dialog";
export { ResultsPromptPanel } from "./results-prompt-panel";
