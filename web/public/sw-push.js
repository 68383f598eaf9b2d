// Web Push in the service worker (ADR 048), loaded by the generated sw.js (importScripts). A
// push carries {title, body, url, tag}; it is shown with the app's icon and badge, one
// notification per tag. A click focuses an open Fete window at the payload's route, or opens one.
/* eslint-env serviceworker */
'use strict';

var ONE_LEADING_SLASH = /^\/(?![/\\])/;
// oxlint-disable-next-line no-control-regex -- control characters are exactly what is refused
var CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\s]/;

/**
 * Only a route of this app: a push is never a way to send a member elsewhere. A path with one
 * leading slash, no control character or whitespace anywhere (a URL parser drops TAB, LF and CR
 * inside a URL, so "/\t/evil.example" would become "//evil.example"), and, resolved against this
 * origin, still this origin. Anything else opens the home page.
 */
function appRoute(url) {
  if (typeof url !== 'string' || !ONE_LEADING_SLASH.test(url) || CONTROL_OR_SPACE.test(url)) return '/';
  try {
    return new URL(url, self.location.origin).origin === self.location.origin ? url : '/';
  } catch (_e) {
    return '/';
  }
}

self.addEventListener('push', function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (_e) {
    data = { body: event.data ? event.data.text() : '' };
  }
  var title = typeof data.title === 'string' && data.title ? data.title : 'Fete';
  var options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: { url: appRoute(data.url) },
  };
  if (typeof data.tag === 'string' && data.tag) {
    options.tag = data.tag;
    // A new message in the same conversation replaces the old one and still says so.
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var target = new URL(appRoute(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        var w = windows[i];
        if (new URL(w.url).origin === self.location.origin) {
          // Focus can be refused (no user gesture reached the worker); the window still goes to the route.
          var client = w;
          return Promise.resolve(typeof w.focus === 'function' ? w.focus() : w)
            .catch(function () {
              return client;
            })
            .then(function (focused) {
              var to = focused || client;
              return typeof to.navigate === 'function' ? to.navigate(target) : undefined;
            });
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
