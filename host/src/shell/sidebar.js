"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Sidebar = Sidebar;
var react_router_dom_1 = require("react-router-dom");
var ui_1 = require("@atrium/ui");
var use_nav_entries_1 = require("./use-nav-entries");
function Sidebar(_a) {
    var collapsed = _a.collapsed, onToggle = _a.onToggle, view = _a.view, onNavigate = _a.onNavigate;
    var entries = (0, use_nav_entries_1.useNavEntries)(view);
    var pathname = (0, react_router_dom_1.useLocation)().pathname;
    var isActive = function (path) { return (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith("".concat(path, "/"))); };
    return (<ui_1.Stack h="100%" justify="space-between" gap={0}>
      <ui_1.ScrollArea>
        <nav aria-label="Main">
          <ui_1.Stack gap={4} p="xs">
            {entries.map(function (e) {
            var link = (<ui_1.NavLink key={e.key} component={react_router_dom_1.NavLink} to={e.path} label={collapsed ? undefined : e.label} aria-label={e.label} leftSection={<ui_1.NavIcon name={e.icon}/>} active={isActive(e.path)} onClick={onNavigate} styles={{ root: { borderRadius: 8 } }}/>);
            return collapsed ? (<ui_1.Tooltip key={e.key} label={e.label} position="right">
                  {link}
                </ui_1.Tooltip>) : (link);
        })}
          </ui_1.Stack>
        </nav>
      </ui_1.ScrollArea>
      {view === 'desktop' && (<ui_1.Stack p="xs" align={collapsed ? 'center' : 'flex-end'}>
          <ui_1.ActionIcon variant="subtle" onClick={onToggle} aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}>
            {collapsed ? <ui_1.IconChevronRight size={18}/> : <ui_1.IconChevronLeft size={18}/>}
          </ui_1.ActionIcon>
        </ui_1.Stack>)}
    </ui_1.Stack>);
}
