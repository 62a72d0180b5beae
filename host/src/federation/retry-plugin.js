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
exports.backoffRetryPlugin = backoffRetryPlugin;
var contracts_1 = require("@atrium/contracts");
var sleep = function (ms) { return new Promise(function (r) { return setTimeout(r, ms); }); };
/**
 * Runtime plugin: a remote entry that fails to load is retried 3 times, 1 s doubling (spec section 9),
 * clearing the runtime's cached failure before each try. After that the load rejects and the host shows
 * the remote's error panel.
 */
function backoffRetryPlugin(retries, baseDelay) {
    if (retries === void 0) { retries = contracts_1.CHUNK_LOAD_RETRIES; }
    if (baseDelay === void 0) { baseDelay = contracts_1.CHUNK_LOAD_BASE_DELAY_MS; }
    return {
        name: 'atrium-backoff-retry',
        loadEntryError: function (args) {
            return __awaiter(this, void 0, void 0, function () {
                var attempt, entry, _a;
                return __generator(this, function (_b) {
                    switch (_b.label) {
                        case 0:
                            attempt = 0;
                            _b.label = 1;
                        case 1:
                            if (!(attempt < retries)) return [3 /*break*/, 7];
                            return [4 /*yield*/, sleep(baseDelay * Math.pow(2, attempt))];
                        case 2:
                            _b.sent();
                            delete args.globalLoading[args.uniqueKey];
                            _b.label = 3;
                        case 3:
                            _b.trys.push([3, 5, , 6]);
                            return [4 /*yield*/, args.getRemoteEntry({
                                    origin: args.origin,
                                    remoteInfo: args.remoteInfo,
                                    remoteEntryExports: args.remoteEntryExports,
                                })];
                        case 4:
                            entry = _b.sent();
                            if (entry)
                                return [2 /*return*/, entry];
                            return [3 /*break*/, 6];
                        case 5:
                            _a = _b.sent();
                            return [3 /*break*/, 6];
                        case 6:
                            attempt += 1;
                            return [3 /*break*/, 1];
                        case 7: return [2 /*return*/, undefined];
                    }
                });
            });
        },
    };
}
