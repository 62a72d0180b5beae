"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RequireAuth = RequireAuth;
var react_router_dom_1 = require("react-router-dom");
var ui_1 = require("@atrium/ui");
var use_session_1 = require("./use-session");
/** Every signed-in route: wait for the session check, then render or send the user to /signin. */
function RequireAuth(_a) {
    var children = _a.children;
    var status = (0, use_session_1.useSession)().status;
    var location = (0, react_router_dom_1.useLocation)();
    if (status === 'unknown') {
        return (<ui_1.Center h="100vh" aria-label="Checking your session">
        <ui_1.Loader />
      </ui_1.Center>);
    }
    if (status === 'anonymous') {
        return <react_router_dom_1.Navigate to="/signin" replace state={{ from: location.pathname + location.search }}/>;
    }
    return <>{children}</>;
}
