/** Light / dark / follow-the-system, remembered in localStorage. */
export type Theme = 'auto' | 'light' | 'dark';
const KEY = 'svc.dashboard.theme';

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'auto';
  } catch {
    return 'auto';
  }
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  document.documentElement.dataset.theme = theme;
}

export function applyStoredTheme(): void {
  document.documentElement.dataset.theme = storedTheme();
}
