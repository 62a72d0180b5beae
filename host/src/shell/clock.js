"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Clock = Clock;
var react_1 = require("react");
var contracts_1 = require("@atrium/contracts");
var ui_1 = require("@atrium/ui");
var fmt = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
/** Header date and time, refreshed every minute. */
function Clock() {
    var _a = (0, react_1.useState)(function () { return new Date(); }), now = _a[0], setNow = _a[1];
    (0, react_1.useEffect)(function () {
        var id = setInterval(function () { return setNow(new Date()); }, contracts_1.CLOCK_TICK_MS);
        return function () { return clearInterval(id); };
    }, []);
    return (<ui_1.Text size="sm" c="dimmed" visibleFrom="md" data-testid="header-clock">
      {fmt.format(now)}
    </ui_1.Text>);
}
