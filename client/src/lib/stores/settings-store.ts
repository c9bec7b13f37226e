/**
 * Layout settings (platform spec §2 "Settings panel", §3), stored under layout-setting.
 * Changes apply at once; 保存配置 persists them, 重置配置 clears them.
 */
import {
  clearLayoutSettings,
  loadLayoutSettings,
  saveLayoutSettings,
  type LayoutSettings,
} from '../layout-settings';
import { createStore, useStore } from '../store';

export interface SettingsState extends LayoutSettings {
  /** Settings drawer open. */
  panelOpen: boolean;
  /** Title of the current route, for the dynamic page title. */
  title: string;
}

export const settingsStore = createStore<SettingsState>({ ...loadLayoutSettings(), panelOpen: false, title: '' });

/** Reads the settings in a component. */
export const useSettings = () => useStore(settingsStore);

/** Changes one setting (not yet saved). */
export function changeSetting<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) {
  settingsStore.set({ [key]: value } as Partial<SettingsState>);
}

/** Opens or closes the settings drawer. */
export function setSettingsPanel(open: boolean) {
  settingsStore.set({ panelOpen: open });
}

/** Saves the current settings to local storage. */
export function persistSettings() {
  const { panelOpen: _p, title: _t, ...settings } = settingsStore.get();
  saveLayoutSettings(settings);
}

/** Clears the saved settings. */
export function resetSettings() {
  clearLayoutSettings();
}

export const APP_TITLE = '财税管理系统';

/** Sets the route title and the document title (`<title> - 财税管理系统` when dynamicTitle is on). */
export function setPageTitle(title: string) {
  settingsStore.set({ title });
  applyDocumentTitle();
}

/** Applies the document title from the current settings. */
export function applyDocumentTitle() {
  const { dynamicTitle, title } = settingsStore.get();
  document.title = dynamicTitle && title ? `${title} - ${APP_TITLE}` : APP_TITLE;
}
