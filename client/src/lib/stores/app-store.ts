/**
 * Shell state (platform spec §4): sidebar open/closed (cookie sidebarStatus 1/0), hidden
 * sidebar, device (mobile below 992 px) and the component size (cookie size, default medium).
 */
import Cookies from 'js-cookie';
import { DEFAULT_SIZE, SIZE_LEVELS, type SizeLevel } from '../layout-settings';
import { createStore, useStore } from '../store';

export type Device = 'desktop' | 'mobile';
export const MOBILE_WIDTH = 992;

export interface AppState {
  sidebarOpened: boolean;
  withoutAnimation: boolean;
  sidebarHide: boolean;
  device: Device;
  size: SizeLevel;
  /** Top-nav mode: path of the chosen top menu whose children the sidebar shows. */
  topMenu: string | null;
}

const storedSize = Cookies.get('size') as SizeLevel | undefined;

export const appStore = createStore<AppState>({
  sidebarOpened: Cookies.get('sidebarStatus') ? Cookies.get('sidebarStatus') === '1' : true,
  withoutAnimation: false,
  sidebarHide: false,
  device: typeof window !== 'undefined' && window.innerWidth < MOBILE_WIDTH ? 'mobile' : 'desktop',
  size: storedSize && SIZE_LEVELS.includes(storedSize) ? storedSize : DEFAULT_SIZE,
  topMenu: null,
});

/** Reads the shell state in a component. */
export const useApp = () => useStore(appStore);

/** Opens or closes the sidebar; the choice is kept in cookie sidebarStatus. */
export function toggleSidebar() {
  if (appStore.get().sidebarHide) return;
  const opened = !appStore.get().sidebarOpened;
  appStore.set({ sidebarOpened: opened, withoutAnimation: false });
  Cookies.set('sidebarStatus', opened ? '1' : '0', { path: '/' });
}

/** Closes the sidebar (mobile drawer, route change on mobile). */
export function closeSidebar(withoutAnimation = false) {
  appStore.set({ sidebarOpened: false, withoutAnimation });
  Cookies.set('sidebarStatus', '0', { path: '/' });
}

/** Hides or shows the whole sidebar (top-nav entries without children). */
export function setSidebarHide(hide: boolean) {
  appStore.set({ sidebarHide: hide });
}

/** Sets the device mode. */
export function setDevice(device: Device) {
  if (appStore.get().device !== device) appStore.set({ device });
}

/** Sets the component size and remembers it in cookie size. */
export function setSize(size: SizeLevel) {
  appStore.set({ size });
  Cookies.set('size', size, { path: '/' });
}

/** Chooses the top menu (top-nav mode). */
export function setTopMenu(path: string | null) {
  appStore.set({ topMenu: path });
}
