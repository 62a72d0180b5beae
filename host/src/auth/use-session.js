"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.useSession = useSession;
var react_1 = require("react");
var react_router_dom_1 = require("react-router-dom");
var valtio_1 = require("valtio");
var api_client_1 = require("@atrium/api-client");
/** Auto-login on page load and on route change while not signed in; only one attempt runs at a time. */
function useSession() {
    var snap = (0, valtio_1.useSnapshot)(api_client_1.session);
    var location = (0, react_router_dom_1.useLocation)();
    (0, react_1.useEffect)(function () {
        if (api_client_1.session.status !== 'authenticated')
            void api_client_1.api.auth.autoLogin();
    }, [location.pathname]);
    return snap;
}
