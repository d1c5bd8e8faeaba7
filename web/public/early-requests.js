/*
 * Starts the requests a page load always waits for before the bundle has loaded and evaluated (hundreds of
 * milliseconds): the session refresh and, on a conversation's address (/c/{id}), its first page and its
 * details once the refresh answered. Plain script (the Content-Security-Policy forbids inline ones); the app
 * claims each response by method and path (src/lib/early-requests.ts), so keep the paths in step with
 * features/auth/api/refresh-session.ts, features/chat/api/message-path.ts (PATH_PAGE_DEFAULT) and
 * lib/conversation-query.ts (early-requests.test.ts runs this file).
 */
(function () {
  if (typeof window.fetch !== 'function' || typeof Promise === 'undefined') return;
  var early = {};
  window.__parleyEarly = early;
  var json = { Accept: 'application/json' };
  // No Web Lock here, unlike the app's later refreshes: its grant waits for a free main thread, which the
  // bundle's evaluation holds for hundreds of milliseconds; tabs opened together are covered by the server's
  // rotation grace (a token rotated away in the last 30 s, up to 8 rotations behind, still answers).
  var session = window.fetch('/api/auth/refresh', { method: 'POST', headers: json, credentials: 'include' });
  var match = /^\/c\/([^/?#]+)\/?$/.exec(window.location.pathname);
  var id = match && match[1];
  if (!id || id === 'new' || id === 'search') {
    early['POST /api/auth/refresh'] = session;
    return;
  }
  var paths = ['/api/messages/' + id + '?limit=100', '/api/convos/' + id];
  // The app gets the refresh's answer once the conversation's requests are out: answered first, it would
  // render the shell, whose requests would go ahead of them.
  early['POST /api/auth/refresh'] = session
    .then(function (response) {
      return response.ok ? response.clone().json() : null;
    })
    .then(
      function (body) {
        var token = body && typeof body.token === 'string' ? body.token : null;
        if (!token) return;
        paths.forEach(function (path) {
          early['GET ' + path] = window.fetch(path, {
            headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
          });
        });
      },
      function () {},
    )
    .then(function () {
      return session;
    });
})();
