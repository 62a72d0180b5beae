"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ShellLayout = ShellLayout;
var react_1 = require("react");
var react_router_dom_1 = require("react-router-dom");
var contracts_1 = require("@atrium/contracts");
var ui_1 = require("@atrium/ui");
var header_1 = require("./header");
var sidebar_1 = require("./sidebar");
/** Sidebar widths are in spacing units of 4 px: 64 → 256 px expanded, 16 → 64 px collapsed. */
var UNIT = 4;
function ShellLayout() {
    var _a = (0, ui_1.useDisclosure)(false), mobileOpened = _a[0], _b = _a[1], toggleMobile = _b.toggle, closeMobile = _b.close;
    var _c = (0, react_1.useState)(false), collapsed = _c[0], setCollapsed = _c[1];
    var isDesktop = (0, ui_1.useMediaQuery)('(min-width: 75em)', true);
    var pathname = (0, react_router_dom_1.useLocation)().pathname;
    (0, react_1.useEffect)(closeMobile, [pathname, closeMobile]);
    var view = isDesktop ? 'desktop' : 'mobile';
    return (<ui_1.AppShell header={{ height: 60 }} navbar={{
            width: (collapsed && isDesktop ? contracts_1.SIDEBAR_WIDTH_COLLAPSED : contracts_1.SIDEBAR_WIDTH_EXPANDED) * UNIT,
            breakpoint: 'lg',
            collapsed: { mobile: !mobileOpened },
        }} padding="md">
      <ui_1.AppShell.Header>
        <header_1.Header mobileOpened={mobileOpened} onMobileToggle={toggleMobile}/>
      </ui_1.AppShell.Header>
      <ui_1.AppShell.Navbar data-testid="sidebar" data-collapsed={collapsed && isDesktop}>
        <sidebar_1.Sidebar collapsed={collapsed && isDesktop} onToggle={function () { return setCollapsed(function (c) { return !c; }); }} view={view} onNavigate={closeMobile}/>
      </ui_1.AppShell.Navbar>
      <ui_1.AppShell.Main>
        <react_router_dom_1.Outlet />
      </ui_1.AppShell.Main>
    </ui_1.AppShell>);
}
