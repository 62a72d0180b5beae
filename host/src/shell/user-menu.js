"use strict";
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.UserMenu = UserMenu;
var react_1 = require("react");
var react_router_dom_1 = require("react-router-dom");
var valtio_1 = require("valtio");
var api_client_1 = require("@atrium/api-client");
var contracts_1 = require("@atrium/contracts");
var ui_1 = require("@atrium/ui");
function UserMenu() {
    var _this = this;
    var _a, _b, _c, _d;
    var user = (0, valtio_1.useSnapshot)(api_client_1.session).user;
    var navigate = (0, react_router_dom_1.useNavigate)();
    var _e = (0, react_1.useState)(false), confirming = _e[0], setConfirming = _e[1];
    var _f = (0, react_1.useState)(false), leaving = _f[0], setLeaving = _f[1];
    var setColorScheme = (0, ui_1.useMantineColorScheme)().setColorScheme;
    var scheme = (0, ui_1.useComputedColorScheme)('light');
    var initials = "".concat((_b = (_a = user === null || user === void 0 ? void 0 : user.firstName) === null || _a === void 0 ? void 0 : _a[0]) !== null && _b !== void 0 ? _b : '').concat((_d = (_c = user === null || user === void 0 ? void 0 : user.lastName) === null || _c === void 0 ? void 0 : _c[0]) !== null && _d !== void 0 ? _d : '').toUpperCase() || '?';
    var signOut = function () { return __awaiter(_this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    setLeaving(true);
                    return [4 /*yield*/, api_client_1.api.auth.logout().catch(function () { return undefined; })];
                case 1:
                    _a.sent();
                    setLeaving(false);
                    setConfirming(false);
                    navigate('/signin', { replace: true });
                    return [2 /*return*/];
            }
        });
    }); };
    return (<>
      <ui_1.Menu position="bottom-end" width={240} shadow="md">
        <ui_1.Menu.Target>
          <ui_1.UnstyledButton aria-label="User menu">
            <ui_1.Avatar color="atrium" radius="xl">
              {initials}
            </ui_1.Avatar>
          </ui_1.UnstyledButton>
        </ui_1.Menu.Target>
        <ui_1.Menu.Dropdown>
          <ui_1.Menu.Label>
            <ui_1.Text size="sm" fw={600} c="var(--mantine-color-text)">
              {user === null || user === void 0 ? void 0 : user.firstName} {user === null || user === void 0 ? void 0 : user.lastName}
            </ui_1.Text>
            <ui_1.Text size="xs" c="dimmed">
              {user === null || user === void 0 ? void 0 : user.email}
            </ui_1.Text>
          </ui_1.Menu.Label>
          <ui_1.Menu.Item component={react_router_dom_1.Link} to="/settings/profile" leftSection={<ui_1.IconUser size={16}/>}>
            Manage your Profile
          </ui_1.Menu.Item>
          <ui_1.Menu.Label>Businesses</ui_1.Menu.Label>
          <ui_1.Menu.Item disabled>{user === null || user === void 0 ? void 0 : user.businessName}</ui_1.Menu.Item>
          <ui_1.Menu.Divider />
          <ui_1.Menu.Item leftSection={scheme === 'dark' ? <ui_1.IconSun size={16}/> : <ui_1.IconMoon size={16}/>} onClick={function () { return setColorScheme(scheme === 'dark' ? 'light' : 'dark'); }}>
            {scheme === 'dark' ? 'Light mode' : 'Dark mode'}
          </ui_1.Menu.Item>
          <ui_1.Menu.Item color="red" leftSection={<ui_1.IconLogout size={16}/>} onClick={function () { return setConfirming(true); }}>
            Sign Out
          </ui_1.Menu.Item>
        </ui_1.Menu.Dropdown>
      </ui_1.Menu>
      <ui_1.ConfirmDialog opened={confirming} title="Sign Out" message={contracts_1.MESSAGES.signOutConfirm} confirmLabel="Sign Out" loading={leaving} onCancel={function () { return setConfirming(false); }} onConfirm={function () { return void signOut(); }}/>
    </>);
}
