"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Header = Header;
var react_router_dom_1 = require("react-router-dom");
var ui_1 = require("@atrium/ui");
var clock_1 = require("./clock");
var new_menu_1 = require("./new-menu");
var search_box_1 = require("./search-box");
var user_menu_1 = require("./user-menu");
function Header(_a) {
    var mobileOpened = _a.mobileOpened, onMobileToggle = _a.onMobileToggle;
    return (<ui_1.Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <ui_1.Group wrap="nowrap" gap="sm">
        <ui_1.Burger opened={mobileOpened} onClick={onMobileToggle} hiddenFrom="lg" size="sm" aria-label="Toggle navigation"/>
        <ui_1.Text component={react_router_dom_1.Link} to="/" fw={800} fz={20} c="atrium" style={{ textDecoration: 'none' }}>
          Atrium
        </ui_1.Text>
      </ui_1.Group>
      <ui_1.Box style={{ flex: 1, maxWidth: 420 }} visibleFrom="sm">
        <search_box_1.SearchBox />
      </ui_1.Box>
      <ui_1.Group wrap="nowrap" gap="md">
        <new_menu_1.NewMenu />
        <clock_1.Clock />
        {/* The notification bell and its dropdown land with the notifications work; its place is kept. */}
        <ui_1.Box w={28} h={28} data-testid="notification-bell-area" aria-hidden/>
        <user_menu_1.UserMenu />
      </ui_1.Group>
    </ui_1.Group>);
}
