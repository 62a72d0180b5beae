"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AppRoutes = AppRoutes;
exports.App = App;
var react_1 = require("react");
var react_router_dom_1 = require("react-router-dom");
var valtio_1 = require("valtio");
var react_query_1 = require("@tanstack/react-query");
var contracts_1 = require("@atrium/contracts");
var event_bus_1 = require("@atrium/event-bus");
var ui_1 = require("@atrium/ui");
var require_auth_1 = require("./auth/require-auth");
var sign_in_page_1 = require("./auth/sign-in-page");
var sign_up_page_1 = require("./auth/sign-up-page");
var remotes_1 = require("./federation/remotes");
var home_page_1 = require("./pages/home-page");
var not_found_page_1 = require("./pages/not-found-page");
var public_pages_1 = require("./pages/public-pages");
var remote_page_1 = require("./shell/remote-page");
var shell_layout_1 = require("./shell/shell-layout");
/** Public routes of spec section 2 that later issues fill in; they exist now and say so plainly. */
var PENDING_PUBLIC = [
    ['/verify-email', 'Verify your email'],
    ['/forgot-password', 'Reset your password'],
    ['/reset-password', 'Choose a new password'],
    ['/unlink-google', 'Unlink Google'],
    ['/auth/google/callback', 'Signing in with Google'],
    ['/invoices/pay', 'Invoice'],
    ['/invoice-payment-success', 'Payment received'],
];
/** Cross-app navigation and session expiry arrive on the bus. */
function BusNavigation() {
    var navigate = (0, react_router_dom_1.useNavigate)();
    (0, react_1.useEffect)(function () {
        var a = event_bus_1.bus.on('auth:session-expired').subscribe(function (_a) {
            var message = _a.message;
            return navigate('/signin', { replace: true, state: { message: message } });
        });
        var b = event_bus_1.bus.on('navigate').subscribe(function (_a) {
            var to = _a.to, state = _a.state, replace = _a.replace;
            return navigate(to, { state: state, replace: replace });
        });
        return function () {
            a.unsubscribe();
            b.unsubscribe();
        };
    }, [navigate]);
    return null;
}
/** Signed-in area: remotes are fetched only once a user is in, so /signin stays light. */
function SignedIn() {
    (0, react_1.useEffect)(function () {
        void (0, remotes_1.startRemotes)();
    }, []);
    return (<require_auth_1.RequireAuth>
      <react_router_dom_1.Outlet />
    </require_auth_1.RequireAuth>);
}
function AppRoutes() {
    var snap = (0, valtio_1.useSnapshot)(remotes_1.remotesState);
    var remoteRoutes = Object.values(snap.modules).flatMap(function (m) { return m.routes.map(function (r) { return (__assign(__assign({}, r), { remote: m.name })); }); });
    return (<react_router_dom_1.Routes>
      <react_router_dom_1.Route path="/signin" element={<sign_in_page_1.SignInPage />}/>
      <react_router_dom_1.Route path="/signup" element={<sign_up_page_1.SignUpPage />}/>
      <react_router_dom_1.Route path="/document-expired" element={<public_pages_1.DocumentExpiredPage />}/>
      <react_router_dom_1.Route path="/document-not-found" element={<public_pages_1.DocumentNotFoundPage />}/>
      <react_router_dom_1.Route path="/document-error" element={<public_pages_1.DocumentNotFoundPage />}/>
      <react_router_dom_1.Route path="/legal/esign-disclosure" element={<public_pages_1.EsignDisclosurePage />}/>
      {PENDING_PUBLIC.map(function (_a) {
            var path = _a[0], title = _a[1];
            return (<react_router_dom_1.Route key={path} path={path} element={<public_pages_1.UnavailableFlowPage title={title}/>}/>);
        })}
      {remoteRoutes
            .filter(function (r) { return r.public; })
            .map(function (r) { return (<react_router_dom_1.Route key={"".concat(r.remote, ":").concat(r.path)} path={r.path} element={<remote_page_1.RemotePage load={r.load}/>}/>); })}
      <react_router_dom_1.Route element={<SignedIn />}>
        <react_router_dom_1.Route path="/" element={<home_page_1.HomePage />}/>
        <react_router_dom_1.Route path="/profile" element={<react_router_dom_1.Navigate to="/settings/profile" replace/>}/>
        <react_router_dom_1.Route element={<shell_layout_1.ShellLayout />}>
          {remoteRoutes
            .filter(function (r) { return !r.public; })
            .map(function (r) { return (<react_router_dom_1.Route key={"".concat(r.remote, ":").concat(r.path)} path={r.path} element={<remote_page_1.RemotePage load={r.load}/>}/>); })}
          <react_router_dom_1.Route path="*" element={<not_found_page_1.NotFoundPage />}/>
        </react_router_dom_1.Route>
      </react_router_dom_1.Route>
    </react_router_dom_1.Routes>);
}
function App() {
    var queryClient = (0, react_1.useState)(function () { return new react_query_1.QueryClient({ defaultOptions: { queries: { retry: contracts_1.QUERY_RETRY, refetchOnWindowFocus: false } } }); })[0];
    return (<ui_1.UiProvider>
      <react_query_1.QueryClientProvider client={queryClient}>
        <react_router_dom_1.BrowserRouter>
          <BusNavigation />
          <AppRoutes />
        </react_router_dom_1.BrowserRouter>
      </react_query_1.QueryClientProvider>
    </ui_1.UiProvider>);
}
