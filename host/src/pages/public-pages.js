"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DocumentNotFoundPage = exports.DocumentExpiredPage = void 0;
exports.EsignDisclosurePage = EsignDisclosurePage;
exports.UnavailableFlowPage = UnavailableFlowPage;
var react_router_dom_1 = require("react-router-dom");
var ui_1 = require("@atrium/ui");
var auth_layout_1 = require("../auth/auth-layout");
function Message(_a) {
    var title = _a.title, body = _a.body;
    return (<auth_layout_1.AuthLayout title={title}>
      <ui_1.Stack>
        <ui_1.Text>{body}</ui_1.Text>
        <ui_1.Button component={react_router_dom_1.Link} to="/signin" variant="light">
          Go to sign in
        </ui_1.Button>
      </ui_1.Stack>
    </auth_layout_1.AuthLayout>);
}
var DocumentExpiredPage = function () { return (<Message title="This document has expired" body="The link you followed is no longer valid. Ask the sender for a new link."/>); };
exports.DocumentExpiredPage = DocumentExpiredPage;
var DocumentNotFoundPage = function () { return (<Message title="Document not found" body="We couldn't find this document. It may have been deleted, or the link may be incomplete."/>); };
exports.DocumentNotFoundPage = DocumentNotFoundPage;
function EsignDisclosurePage() {
    return (<auth_layout_1.AuthLayout title="Electronic signature disclosure">
      <ui_1.Stack gap="sm">
        <ui_1.Text size="sm">
          By signing a document electronically through Atrium you agree that your electronic signature is the legal
          equivalent of your handwritten signature, and that you consent to receive documents and notices
          electronically.
        </ui_1.Text>
        <ui_1.Text size="sm">
          You may ask the sender for a paper copy of any document at no charge, and you may withdraw your consent to
          sign electronically at any time by telling the sender before you sign. To sign electronically you need a
          current web browser and an email address.
        </ui_1.Text>
        <ui_1.Anchor component={react_router_dom_1.Link} to="/signin" size="sm">
          Back to Atrium
        </ui_1.Anchor>
      </ui_1.Stack>
    </auth_layout_1.AuthLayout>);
}
/**
 * Public routes whose flows arrive with later issues (email verification, password reset, Google sign-in,
 * invoice payment). They exist in the router, stay public, and say plainly that the flow is not available
 * in this deployment yet instead of sending the visitor to sign in or faking a result.
 */
function UnavailableFlowPage(_a) {
    var title = _a.title;
    return (<Message title={title} body="This part of Atrium is not available on this deployment yet. Nothing was changed. Please contact the person who sent you here, or sign in to continue."/>);
}
