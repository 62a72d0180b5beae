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
exports.SignInPage = SignInPage;
var react_1 = require("react");
var react_router_dom_1 = require("react-router-dom");
var valtio_1 = require("valtio");
var api_client_1 = require("@atrium/api-client");
var contracts_1 = require("@atrium/contracts");
var ui_1 = require("@atrium/ui");
var auth_layout_1 = require("./auth-layout");
function SignInPage() {
    var _this = this;
    var _a, _b;
    var navigate = (0, react_router_dom_1.useNavigate)();
    var location = (0, react_router_dom_1.useLocation)();
    var state = ((_a = location.state) !== null && _a !== void 0 ? _a : {});
    var status = (0, valtio_1.useSnapshot)(api_client_1.session).status;
    var _c = (0, react_1.useState)(null), error = _c[0], setError = _c[1];
    var _d = (0, react_1.useState)(false), submitting = _d[0], setSubmitting = _d[1];
    var form = (0, ui_1.useForm)({
        mode: 'uncontrolled',
        initialValues: { email: '', password: '', rememberMe: true },
        validate: (0, ui_1.schemaResolver)(contracts_1.loginSchema, { sync: true }),
    });
    if (status === 'authenticated' && !submitting)
        return <react_router_dom_1.Navigate to={(_b = state.from) !== null && _b !== void 0 ? _b : '/'} replace/>;
    var submit = form.onSubmit(function (values) { return __awaiter(_this, void 0, void 0, function () {
        var result;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    setSubmitting(true);
                    setError(null);
                    return [4 /*yield*/, api_client_1.api.auth.login(values)];
                case 1:
                    result = _b.sent();
                    if (result.success) {
                        navigate((_a = state.from) !== null && _a !== void 0 ? _a : '/', { replace: true });
                    }
                    else {
                        setError(result.error);
                        setSubmitting(false);
                    }
                    return [2 /*return*/];
            }
        });
    }); });
    return (<auth_layout_1.AuthLayout title="Sign in" subtitle="Welcome back. Sign in to your workspace." footer={<>
          New to Atrium?{' '}
          <ui_1.Anchor component={react_router_dom_1.Link} to="/signup">
            Create an account
          </ui_1.Anchor>
        </>}>
      <form onSubmit={submit} noValidate>
        <ui_1.Stack>
          {state.message && !error && (<ui_1.Alert color="yellow" variant="light">
              {state.message}
            </ui_1.Alert>)}
          {error && (<ui_1.Alert color="red" variant="light" role="alert">
              {error}
            </ui_1.Alert>)}
          <ui_1.TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')}/>
          <ui_1.PasswordInput label="Password" autoComplete="current-password" required key={form.key('password')} {...form.getInputProps('password')}/>
          <ui_1.Checkbox label="Keep me signed in" key={form.key('rememberMe')} {...form.getInputProps('rememberMe', { type: 'checkbox' })}/>
          <ui_1.Button type="submit" loading={submitting} fullWidth>
            Sign in
          </ui_1.Button>
        </ui_1.Stack>
      </form>
    </auth_layout_1.AuthLayout>);
}
