"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SearchBox = SearchBox;
var react_1 = require("react");
var react_router_dom_1 = require("react-router-dom");
var contracts_1 = require("@atrium/contracts");
var ui_1 = require("@atrium/ui");
/**
 * Header search: mod+k focuses, Esc clears and leaves. Until grouped global search lands (CRM issue),
 * Enter searches contacts — the one searchable list the product has today.
 */
function SearchBox() {
    var ref = (0, react_1.useRef)(null);
    var _a = (0, react_1.useState)(''), value = _a[0], setValue = _a[1];
    var navigate = (0, react_router_dom_1.useNavigate)();
    (0, ui_1.useHotkeys)([['mod+k', function () { var _a; return (_a = ref.current) === null || _a === void 0 ? void 0 : _a.focus(); }]]);
    return (<ui_1.TextInput ref={ref} value={value} onChange={function (e) { return setValue(e.currentTarget.value); }} onKeyDown={function (e) {
            var _a;
            if (e.key === 'Escape') {
                setValue('');
                (_a = ref.current) === null || _a === void 0 ? void 0 : _a.blur();
            }
            if (e.key === 'Enter' && value.trim())
                navigate("/contacts?search=".concat(encodeURIComponent(value.trim())));
        }} placeholder={contracts_1.MESSAGES.searchPlaceholder} aria-label="Search" leftSection={<ui_1.IconSearch size={16}/>} rightSection={<ui_1.Kbd size="xs">⌘K</ui_1.Kbd>} rightSectionWidth={48} w={{ base: '100%', sm: 360 }}/>);
}
