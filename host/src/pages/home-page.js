"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HomePage = HomePage;
var react_router_dom_1 = require("react-router-dom");
var valtio_1 = require("valtio");
var api_client_1 = require("@atrium/api-client");
var ui_1 = require("@atrium/ui");
var remotes_1 = require("../federation/remotes");
var use_nav_entries_1 = require("../shell/use-nav-entries");
var user_menu_1 = require("../shell/user-menu");
/** Home '/': signed-in only, outside the shell (spec section 2). Dashboard widgets join as remotes ship them. */
function HomePage() {
    var user = (0, valtio_1.useSnapshot)(api_client_1.session).user;
    var status = (0, valtio_1.useSnapshot)(remotes_1.remotesState).status;
    var entries = (0, use_nav_entries_1.useNavEntries)('desktop').filter(function (e) { return e.key !== 'home'; });
    return (<ui_1.Container size="lg" py="xl">
      <ui_1.Group justify="space-between" mb="xl">
        <ui_1.Stack gap={0}>
          <ui_1.Text fw={800} c="atrium" fz={22}>
            Atrium
          </ui_1.Text>
          <ui_1.Title order={1} fz={28}>
            Welcome back{user ? ", ".concat(user.firstName) : ''}
          </ui_1.Title>
          <ui_1.Text c="dimmed">{user === null || user === void 0 ? void 0 : user.businessName}</ui_1.Text>
        </ui_1.Stack>
        <user_menu_1.UserMenu />
      </ui_1.Group>
      {status !== 'ready' ? (<ui_1.HomeSkeleton />) : (<ui_1.SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {entries.map(function (e) { return (<ui_1.Card key={e.key} component={react_router_dom_1.Link} to={e.path} withBorder padding="lg" aria-label={e.label}>
              <ui_1.Group>
                <ui_1.NavIcon name={e.icon} size={28}/>
                <ui_1.Text fw={600}>{e.label}</ui_1.Text>
              </ui_1.Group>
            </ui_1.Card>); })}
        </ui_1.SimpleGrid>)}
    </ui_1.Container>);
}
