/*
 * Applies the stored colour theme before first paint. Loaded as a plain, render-blocking <script src> because
 * the Content-Security-Policy forbids inline scripts. Keep in step with src/features/settings/resolve-theme.ts
 * (resolve-theme.test.ts runs this file against it).
 * Key 'color-theme': 'dark' | 'light' | 'system' (anything else means 'system').
 */
(function () {
  var preference = null;
  try {
    preference = window.localStorage.getItem('color-theme');
  } catch {
    // Storage can be unavailable (privacy settings); fall back to the system preference.
  }
  var systemDark = false;
  try {
    systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    // Very old browsers lack matchMedia; light it is.
  }
  var dark = preference === 'dark' || (preference !== 'light' && systemDark);
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
