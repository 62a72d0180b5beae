import {
  IconAddressBook,
  IconBell,
  IconCalendar,
  IconChecklist,
  IconCreditCard,
  IconFileText,
  IconForms,
  IconHome,
  IconLayoutKanban,
  IconMail,
  IconReportMoney,
  IconRobot,
  IconShieldLock,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

/** Icons remotes may name in their nav entries (RemoteNavEntry.icon). */
const ICONS: Record<string, Icon> = {
  home: IconHome,
  projects: IconLayoutKanban,
  tasks: IconChecklist,
  contacts: IconAddressBook,
  calendar: IconCalendar,
  finance: IconReportMoney,
  documents: IconFileText,
  'contact-forms': IconForms,
  emails: IconMail,
  communities: IconUsersGroup,
  automation: IconRobot,
  subscription: IconCreditCard,
  bell: IconBell,
  'admin-users': IconShieldLock,
};

export function NavIcon({ name, size = 20 }: { name: string; size?: number }) {
  const I = ICONS[name] ?? IconFileText;
  return <I size={size} stroke={1.6} aria-hidden />;
}
