"use strict";
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.navEntriesFrom = navEntriesFrom;
exports.useNavEntries = useNavEntries;
var valtio_1 = require("valtio");
var contracts_1 = require("@atrium/contracts");
var remotes_1 = require("../federation/remotes");
var HOME = { key: 'home', label: 'Home', path: '/', icon: 'home' };
/** Sidebar entries: Home plus every loaded remote's entries, in the spec's order. */
function navEntriesFrom(modules, view) {
    var all = __spreadArray([HOME], modules.flatMap(function (m) { return m.nav; }), true).filter(function (e) { return !e.only || e.only === view; });
    return all.sort(function (a, b) { return contracts_1.SIDEBAR_ORDER.indexOf(a.key) - contracts_1.SIDEBAR_ORDER.indexOf(b.key); });
}
function useNavEntries(view) {
    var snap = (0, valtio_1.useSnapshot)(remotes_1.remotesState);
    return navEntriesFrom(Object.values(snap.modules), view);
}
