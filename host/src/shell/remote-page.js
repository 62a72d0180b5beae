"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RemotePage = RemotePage;
var react_1 = require("react");
var react_router_dom_1 = require("react-router-dom");
var ui_1 = require("@atrium/ui");
var cache = new WeakMap();
function lazyPage(load) {
    var page = cache.get(load);
    if (!page) {
        page = (0, react_1.lazy)(function () { return (0, ui_1.retryImport)(load); });
        cache.set(load, page);
    }
    return page;
}
/** A remote's page: lazy, with retries, inside an error boundary that resets on route change. */
function RemotePage(_a) {
    var load = _a.load;
    var pathname = (0, react_router_dom_1.useLocation)().pathname;
    var Page = (0, react_1.useMemo)(function () { return lazyPage(load); }, [load]);
    return (<ui_1.ErrorBoundary resetKey={pathname}>
      <react_1.Suspense fallback={<ui_1.PageSkeleton />}>
        <Page />
      </react_1.Suspense>
    </ui_1.ErrorBoundary>);
}
