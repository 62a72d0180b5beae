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
exports.remotesState = void 0;
exports.startRemotes = startRemotes;
exports.retryRemote = retryRemote;
var valtio_1 = require("valtio");
var runtime_1 = require("@module-federation/enhanced/runtime");
var contracts_1 = require("@atrium/contracts");
var retry_plugin_1 = require("./retry-plugin");
exports.remotesState = (0, valtio_1.proxy)({ status: 'idle', modules: {}, failed: {}, manifestError: null });
var started = null;
function fetchManifest() {
    return __awaiter(this, void 0, void 0, function () {
        var res, manifest;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, fetch('/remotes.json', { cache: 'no-store' })];
                case 1:
                    res = _a.sent();
                    if (!res.ok)
                        throw new Error("remotes.json answered ".concat(res.status));
                    return [4 /*yield*/, res.json()];
                case 2:
                    manifest = (_a.sent());
                    if (!Array.isArray(manifest.remotes))
                        throw new Error('remotes.json has no remotes list');
                    return [2 /*return*/, manifest];
            }
        });
    });
}
function loadOne(name) {
    return __awaiter(this, void 0, void 0, function () {
        var mod, value, e_1;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _b.trys.push([0, 2, , 3]);
                    return [4 /*yield*/, (0, runtime_1.loadRemote)("".concat(name, "/module"))];
                case 1:
                    mod = _b.sent();
                    value = mod === null || mod === void 0 ? void 0 : mod.default;
                    if (!(0, contracts_1.isRemoteModule)(value) || value.name !== name)
                        throw new Error("".concat(name, " does not expose a valid module"));
                    exports.remotesState.modules[name] = value;
                    delete exports.remotesState.failed[name];
                    return [3 /*break*/, 3];
                case 2:
                    e_1 = _b.sent();
                    exports.remotesState.failed[name] = (_a = e_1 === null || e_1 === void 0 ? void 0 : e_1.message) !== null && _a !== void 0 ? _a : 'failed to load';
                    return [3 /*break*/, 3];
                case 3: return [2 /*return*/];
            }
        });
    });
}
/** Registers every remote of the manifest and loads their modules side by side; failures stay isolated. */
function startRemotes() {
    var _this = this;
    if (started)
        return started;
    exports.remotesState.status = 'loading';
    started = (function () { return __awaiter(_this, void 0, void 0, function () {
        var manifest, e_2;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    _a.trys.push([0, 3, 4, 5]);
                    return [4 /*yield*/, fetchManifest()];
                case 1:
                    manifest = _a.sent();
                    (0, runtime_1.registerPlugins)([(0, retry_plugin_1.backoffRetryPlugin)()]);
                    (0, runtime_1.registerRemotes)(manifest.remotes.map(function (r) { return ({ name: r.name, entry: r.entry }); }));
                    return [4 /*yield*/, Promise.all(manifest.remotes.map(function (r) { return loadOne(r.name); }))];
                case 2:
                    _a.sent();
                    return [3 /*break*/, 5];
                case 3:
                    e_2 = _a.sent();
                    exports.remotesState.manifestError = e_2.message;
                    started = null;
                    return [3 /*break*/, 5];
                case 4:
                    exports.remotesState.status = 'ready';
                    return [7 /*endfinally*/];
                case 5: return [2 /*return*/];
            }
        });
    }); })();
    return started;
}
/** Try a failed remote again (the error panel's button). */
function retryRemote(name) {
    return loadOne(name);
}
