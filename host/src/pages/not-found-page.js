"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.NotFoundPage = NotFoundPage;
var react_router_dom_1 = require("react-router-dom");
var valtio_1 = require("valtio");
var ui_1 = require("@atrium/ui");
var remotes_1 = require("../federation/remotes");
/**
 * Inside the shell, a path no loaded remote serves. If some remote failed to load, the page probably
 * belongs to it: show the error panel with a retry instead of "not found".
 */
function NotFoundPage() {
    var snap = (0, valtio_1.useSnapshot)(remotes_1.remotesState);
    var failed = Object.keys(snap.failed);
    if (snap.status !== 'ready')
        return null;
    if (failed.length > 0 || snap.manifestError) {
        return (<ui_1.Center mih={320} p="xl">
        <ui_1.Alert color="red" variant="light" title="Part of Atrium could not be loaded" maw={560} role="alert" data-testid="remote-error-panel">
          <ui_1.Stack gap="sm">
            <ui_1.Text size="sm">
              {snap.manifestError
                ? 'The list of apps could not be loaded.'
                : "This page belongs to an app that is not responding right now (".concat(failed.join(', '), "). The rest of your workspace keeps working.")}
            </ui_1.Text>
            <ui_1.Group>
              <ui_1.Button size="xs" onClick={function () { return (snap.manifestError ? void (0, remotes_1.startRemotes)() : failed.forEach(function (n) { return void (0, remotes_1.retryRemote)(n); })); }}>
                Try again
              </ui_1.Button>
            </ui_1.Group>
          </ui_1.Stack>
        </ui_1.Alert>
      </ui_1.Center>);
    }
    return (<ui_1.Center mih={320}>
      <ui_1.Stack align="center">
        <ui_1.Title order={2}>Page not found</ui_1.Title>
        <ui_1.Text c="dimmed">There is nothing at this address.</ui_1.Text>
        <ui_1.Button component={react_router_dom_1.Link} to="/" variant="light">
          Go home
        </ui_1.Button>
      </ui_1.Stack>
    </ui_1.Center>);
}
