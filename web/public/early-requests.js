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
  var refresh = function () {
    return window.fetch('/api/auth/refresh', { method: 'POST', headers: json, credentials: 'include' });
  };
  // Tabs refresh one at a time, as the app does (the refresh cookie rotates on every use).
  var locks = window.navigator && window.navigator.locks;
  var session = locks ? locks.request('parley-session-refresh', refresh) : refresh();
  early['POST /api/auth/refresh'] = session;
  var match = /^\/c\/([^/?#]+)\/?$/.exec(window.location.pathname);
  var id = match && match[1];
  if (!id || id === 'new' || id === 'search') return;
  var token = session.then(function (response) {
    return response.ok
      ? response
          .clone()
          .json()
          .then(function (body) {
            return body && typeof body.token === 'string' ? body.token : null;
          })
      : null;
  });
  var get = function (path) {
    early['GET ' + path] = token.then(function (value) {
      if (!value) throw new Error('not signed in');
      return window.fetch(path, {
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + value },
      });
    });
  };
  get('/api/messages/' + id + '?limit=100');
  get('/api/convos/' + id);
})();
