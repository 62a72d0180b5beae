"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
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
exports.SignUpPage = SignUpPage;
var react_1 = require("react");
var react_router_dom_1 = require("react-router-dom");
var api_client_1 = require("@atrium/api-client");
var contracts_1 = require("@atrium/contracts");
var ui_1 = require("@atrium/ui");
var auth_layout_1 = require("./auth-layout");
function SignUpPage() {
    var _this = this;
    var navigate = (0, react_router_dom_1.useNavigate)();
    var _a = (0, react_1.useState)(null), error = _a[0], setError = _a[1];
    var _b = (0, react_1.useState)(false), submitting = _b[0], setSubmitting = _b[1];
    var form = (0, ui_1.useForm)({
        mode: 'uncontrolled',
        initialValues: { firstName: '', lastName: '', email: '', password: '', businessName: '' },
        validate: (0, ui_1.schemaResolver)(contracts_1.registerSchema, { sync: true }),
    });
    var submit = form.onSubmit(function (values) { return __awaiter(_this, void 0, void 0, function () {
        var e_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    setSubmitting(true);
                    setError(null);
                    _a.label = 1;
                case 1:
                    _a.trys.push([1, 3, , 4]);
                    return [4 /*yield*/, api_client_1.api.auth.register(__assign(__assign({}, values), { businessName: values.businessName || undefined }))];
                case 2:
                    _a.sent();
                    navigate('/', { replace: true });
                    return [3 /*break*/, 4];
                case 3:
                    e_1 = _a.sent();
                    setSubmitting(false);
                    if ((0, api_client_1.isApiError)(e_1) && e_1.code === 'VALIDATION_ERROR' && Array.isArray(e_1.data)) {
                        // The server speaks the same schema: put its field messages on the fields.
                        form.setErrors(Object.fromEntries(e_1.data.map(function (d) { return [d.field, d.message]; })));
                        return [2 /*return*/];
                    }
                    setError((0, api_client_1.isApiError)(e_1) ? e_1.message : contracts_1.MESSAGES.signupFailed);
                    return [3 /*break*/, 4];
                case 4: return [2 /*return*/];
            }
        });
    }); });
    return (<auth_layout_1.AuthLayout title="Create your account" subtitle="Your workspace for clients, projects and paperwork." footer={<>
          Already have an account?{' '}
          <ui_1.Anchor component={react_router_dom_1.Link} to="/signin">
            Sign in
          </ui_1.Anchor>
        </>}>
      <form onSubmit={submit} noValidate>
        <ui_1.Stack>
          {error && (<ui_1.Alert color="red" variant="light" role="alert">
              {error}
            </ui_1.Alert>)}
          <ui_1.Group grow align="flex-start">
            <ui_1.TextInput label="First name" autoComplete="given-name" required key={form.key('firstName')} {...form.getInputProps('firstName')}/>
            <ui_1.TextInput label="Last name" autoComplete="family-name" required key={form.key('lastName')} {...form.getInputProps('lastName')}/>
          </ui_1.Group>
          <ui_1.TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')}/>
          <ui_1.PasswordInput label="Password" description="At least 8 characters, with a letter and a number" autoComplete="new-password" required key={form.key('password')} {...form.getInputProps('password')}/>
          <ui_1.TextInput label="Business name" placeholder="Optional" key={form.key('businessName')} {...form.getInputProps('businessName')}/>
          <ui_1.Button type="submit" loading={submitting} fullWidth>
            Create account
          </ui_1.Button>
        </ui_1.Stack>
      </form>
    </auth_layout_1.AuthLayout>);
}
