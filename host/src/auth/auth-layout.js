"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AuthLayout = AuthLayout;
var ui_1 = require("@atrium/ui");
var react_router_dom_1 = require("react-router-dom");
function AuthLayout(_a) {
    var title = _a.title, subtitle = _a.subtitle, children = _a.children, footer = _a.footer;
    return (<ui_1.Center mih="100vh" p="md" bg="var(--mantine-color-default-hover)">
      <ui_1.Stack w="100%" maw={420} gap="lg">
        <ui_1.Anchor component={react_router_dom_1.Link} to="/" underline="never" ta="center">
          <ui_1.Text fw={800} fz={28} c="atrium">
            Atrium
          </ui_1.Text>
        </ui_1.Anchor>
        <ui_1.Paper withBorder shadow="sm" p="xl" radius="lg">
          <ui_1.Stack gap="xs" mb="lg">
            <ui_1.Title order={2} fz={22}>
              {title}
            </ui_1.Title>
            {subtitle && (<ui_1.Text c="dimmed" size="sm">
                {subtitle}
              </ui_1.Text>)}
          </ui_1.Stack>
          {children}
        </ui_1.Paper>
        {footer && (<ui_1.Text ta="center" size="sm">
            {footer}
          </ui_1.Text>)}
      </ui_1.Stack>
    </ui_1.Center>);
}
