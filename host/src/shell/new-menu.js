"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.NewMenu = NewMenu;
var react_router_dom_1 = require("react-router-dom");
var valtio_1 = require("valtio");
var event_bus_1 = require("@atrium/event-bus");
var ui_1 = require("@atrium/ui");
var remotes_1 = require("../federation/remotes");
/** '+ New': entries contributed by the loaded remotes, in their order. */
function NewMenu() {
    var snap = (0, valtio_1.useSnapshot)(remotes_1.remotesState);
    var navigate = (0, react_router_dom_1.useNavigate)();
    var entries = Object.values(snap.modules)
        .flatMap(function (m) { return m.newMenu; })
        .sort(function (a, b) { return a.order - b.order; });
    return (<ui_1.Menu position="bottom-end" width={200}>
      <ui_1.Menu.Target>
        <ui_1.Button size="sm" leftSection={<ui_1.IconPlus size={16}/>}>
          New
        </ui_1.Button>
      </ui_1.Menu.Target>
      <ui_1.Menu.Dropdown>
        {entries.length === 0 && <ui_1.Menu.Item disabled>Nothing to create yet</ui_1.Menu.Item>}
        {entries.map(function (e) { return (<ui_1.Menu.Item key={e.key} onClick={function () { return (e.action.type === 'navigate' ? navigate(e.action.to) : event_bus_1.bus.emit('modal:open', { id: e.action.id })); }}>
            {e.label}
          </ui_1.Menu.Item>); })}
      </ui_1.Menu.Dropdown>
    </ui_1.Menu>);
}
